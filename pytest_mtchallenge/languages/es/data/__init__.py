"""Data files of the Spanish pack (the profession table)."""
