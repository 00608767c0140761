"""The English language pack: one reader for every English-target checker family."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack

PACK = LanguagePack(
    code="en", name="English",
    abbreviations=frozenset({"Mr.", "Mrs.", "Ms.", "Dr.", "Prof.", "St.", "Jr.", "Sr.", "vs.", "etc.", "e.g.", "i.e.",
                             "Inc.", "Ltd.", "Co.", "No.", "Mt.", "Ave.", "approx.", "Ph.D.", "U.S.", "a.m.", "p.m."}),
)
