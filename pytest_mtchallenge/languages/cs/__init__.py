"""The Czech language pack: simplemma's lemmatizer, Czech word-form knowledge and one reader for
every Czech-target checker family (simplemma is imported at first use, never with the pack)."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack


def _signature() -> str:
    from pytest_mtchallenge.languages.cs.lemmatizer import lemmatizer_signature

    return lemmatizer_signature()


PACK = LanguagePack(
    code="cs", name="Czech", signature=_signature,
    abbreviations=frozenset({"např.", "tzv.", "tj.", "atd.", "apod.", "resp.", "mj.", "popř.", "příp.", "tzn.",
                             "srov.", "viz.", "č.", "čj.", "str.", "s.", "r.", "st.", "stol.", "odst.", "písm.",
                             "Sb.", "sv.", "ul.", "nám.", "tel.", "mil.", "mld.", "tis.", "min.", "max.", "hod.",
                             "Kč.", "p.", "pí.", "sl.", "ing.", "Ing.", "Mgr.", "Bc.", "Dr.", "MUDr.", "JUDr.",
                             "PhDr.", "RNDr.", "Ph.D.", "prof.", "Prof.", "doc.", "Doc."}),
)
