"""The English language pack: one reader for every English-target checker family."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.languages.en.stop_words import STOP_WORDS

PACK = LanguagePack(
    code="en", stop_words=STOP_WORDS, name="English",
    abbreviations=frozenset({"Mr.", "Mrs.", "Ms.", "Dr.", "Prof.", "St.", "Jr.", "Sr.", "vs.", "etc.", "e.g.", "i.e.",
                             "Inc.", "Ltd.", "Co.", "No.", "Mt.", "Ave.", "approx.", "Ph.D.", "U.S.", "a.m.", "p.m."}),
)
