"""The German language pack: sentence splitting, function words, the German reader and profession table."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.languages.de.stop_words import STOP_WORDS


def _signature() -> str:
    from pytest_mtchallenge.languages.de.professions import table_signature

    return table_signature()


PACK = LanguagePack(
    code="de", name="German", stop_words=STOP_WORDS, signature=_signature,
    abbreviations=frozenset({"z.B.", "d.h.", "u.a.", "usw.", "bzw.", "ca.", "Dr.", "Nr.", "Str.", "vgl.", "Hr.",
                             "Fr."}),
)
