"""The German pack's data files (the profession table), read at first use."""
