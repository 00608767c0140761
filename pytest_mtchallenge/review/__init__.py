"""Human review: the outputs a run left for a verdict, the page and prompts that ask for it, and the verdict file."""
