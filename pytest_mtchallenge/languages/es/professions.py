"""The Spanish profession table (English profession → Spanish renderings and their gender), loaded lazily."""
from __future__ import annotations

from pytest_mtchallenge.languages.es.reader import plurals, tokenize
from pytest_mtchallenge.languages.professions import pack_table

#: The shipped table (``data/professions-en-es.tsv``), read once per process on first use.
profession_table = pack_table("es", "Spanish", tokenize=tokenize, plurals=plurals)

__all__ = ["profession_table"]
