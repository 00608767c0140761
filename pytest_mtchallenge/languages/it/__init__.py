"""The Italian language pack: function words, sentence splitting, a reader on simplemma's Italian dictionary
(imported at first use, never with the pack) and the profession table of WinoMT's person nouns."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.languages.it.stop_words import STOP_WORDS


def _signature() -> str:
    from pytest_mtchallenge.languages.romance import simplemma_signature

    return simplemma_signature()


def _is_word(word: str) -> bool:
    from pytest_mtchallenge.languages.it.reader import WORDS
    from pytest_mtchallenge.languages.romance import is_known

    return word in STOP_WORDS or is_known(word, WORDS)


PACK = LanguagePack(
    code="it", name="Italian", signature=_signature, stop_words=STOP_WORDS, is_word=_is_word,
    abbreviations=frozenset({"Sig.", "Sigg.", "Sig.ra", "Dott.", "Dott.ssa", "Prof.", "Prof.ssa", "Ing.", "Avv.",
                             "ecc.", "pag.", "n.", "es.", "cfr.", "ca.", "S.p.A.", "dott.", "sig.", "p.es."}),
)
