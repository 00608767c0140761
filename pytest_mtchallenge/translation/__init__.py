"""Obtaining outputs: the translator, the translation cache and progress."""
