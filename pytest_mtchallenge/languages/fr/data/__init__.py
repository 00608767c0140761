"""Data files shipped with pytest-mtchallenge (the Lefff lexicon)."""
