"""The Czech language pack: simplemma's lemmatizer, Czech word-form knowledge and one reader for
every Czech-target checker family (simplemma is imported at first use, never with the pack)."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.languages.cs.stop_words import STOP_WORDS


def _signature() -> str:
    from pytest_mtchallenge.languages.cs.lemmatizer import lemmatizer_signature

    return lemmatizer_signature()


def _is_word(word: str) -> bool:
    import simplemma

    return word in STOP_WORDS or simplemma.is_known(word, lang="cs")


PACK = LanguagePack(
    code="cs", name="Czech", signature=_signature, stop_words=STOP_WORDS, is_word=_is_word,
    abbreviations=frozenset({"např.", "tzv.", "tj.", "atd.", "apod.", "resp.", "mj.", "popř.", "příp.", "tzn.",
                             "srov.", "viz.", "č.", "čj.", "str.", "s.", "r.", "st.", "stol.", "odst.", "písm.",
                             "Sb.", "sv.", "ul.", "nám.", "tel.", "mil.", "mld.", "tis.", "min.", "max.", "hod.",
                             "Kč.", "p.", "pí.", "sl.", "ing.", "Ing.", "Mgr.", "Bc.", "Dr.", "MUDr.", "JUDr.",
                             "PhDr.", "RNDr.", "Ph.D.", "prof.", "Prof.", "doc.", "Doc."}),
)
