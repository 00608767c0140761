"""Data files of the Italian pack (the profession table)."""
