"""The Spanish language pack: function words, sentence splitting, a reader on simplemma's Spanish dictionary
(imported at first use, never with the pack) and the profession table of WinoMT's person nouns."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.languages.es.stop_words import STOP_WORDS


def _signature() -> str:
    from pytest_mtchallenge.languages.romance import simplemma_signature

    return simplemma_signature()


def _is_word(word: str) -> bool:
    from pytest_mtchallenge.languages.es.reader import WORDS
    from pytest_mtchallenge.languages.romance import is_known

    return word in STOP_WORDS or is_known(word, WORDS)


PACK = LanguagePack(
    code="es", name="Spanish", signature=_signature, stop_words=STOP_WORDS, is_word=_is_word,
    abbreviations=frozenset({"Sr.", "Sra.", "Srta.", "Dr.", "Dra.", "Ud.", "Uds.", "etc.", "pág.", "núm.", "EE.UU.",
                             "aprox.", "Avda.", "p.ej.", "a.C.", "d.C.", "S.A.", "Lic.", "Ing.", "Prof."}),
)
