"""The German language pack: sentence splitting and function words (no German checker families yet)."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.languages.de.stop_words import STOP_WORDS

PACK = LanguagePack(
    code="de", name="German", stop_words=STOP_WORDS,
    abbreviations=frozenset({"z.B.", "d.h.", "u.a.", "usw.", "bzw.", "ca.", "Dr.", "Nr.", "Str.", "vgl.", "Hr.", "Fr."}),
)
