"""Checker families for any target language (patterns, recorded verdicts only)."""
