"""The French profession table (English profession → French renderings and their gender), loaded lazily."""
from __future__ import annotations

from collections.abc import Iterable

from pytest_mtchallenge.languages import professions
from pytest_mtchallenge.languages.fr.reader import tokenize
from pytest_mtchallenge.languages.professions import KINDS, Mention, PluralRuleTable, ProfessionTable, Rendering, TableError


def plurals(word: str) -> tuple[str, ...]:
    """A French word's plural forms as the table reads them: the word plus *s* or *x*."""
    return (word + "s", word + "x")


def parse_table(lines: Iterable[str]) -> PluralRuleTable:
    """The table from its text (``professions-en-fr.tsv``): a ``TableError`` naming the line when
    a line is malformed or a form is given twice for one English noun."""
    return professions.parse_table(lines, tokenize=tokenize, plurals=plurals, language="French")


#: The shipped table (``data/professions-en-fr.tsv``), read once per process on first use.
profession_table = professions.pack_table("fr", "French", tokenize=tokenize, plurals=plurals)

__all__ = ["KINDS", "Mention", "PluralRuleTable", "ProfessionTable", "Rendering", "TableError", "parse_table", "plurals",
           "profession_table"]
