"""The Italian profession table (English profession → Italian renderings and their gender), loaded lazily."""
from __future__ import annotations

from pytest_mtchallenge.languages.it.reader import plurals, tokenize
from pytest_mtchallenge.languages.professions import pack_table

#: The shipped table (``data/professions-en-it.tsv``), read once per process on first use.
profession_table = pack_table("it", "Italian", tokenize=tokenize, plurals=plurals)

__all__ = ["profession_table"]
