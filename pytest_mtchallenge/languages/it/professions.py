"""The Italian profession table (English profession → Italian renderings and their gender), loaded lazily."""
from __future__ import annotations

import functools

from pytest_mtchallenge.languages import professions
from pytest_mtchallenge.languages.it.reader import plurals, tokenize
from pytest_mtchallenge.languages.professions import PluralRuleTable

TABLE_FILE = "professions-en-it.tsv"


@functools.lru_cache(maxsize=1)
def profession_table() -> PluralRuleTable:
    """The shipped table, read once per process on first use."""
    return professions.load_table("pytest_mtchallenge.languages.it.data", TABLE_FILE, tokenize=tokenize,
                                  plurals=plurals, language="Italian")


__all__ = ["TABLE_FILE", "profession_table"]
