"""The Italian language pack: function words, sentence splitting, a reader on simplemma's Italian dictionary
(imported at first use, never with the pack) and the profession table of WinoMT's person nouns."""
from __future__ import annotations

from pytest_mtchallenge.languages.it.stop_words import STOP_WORDS
from pytest_mtchallenge.languages.romance import romance_pack

PACK = romance_pack(
    "it", "Italian", stop_words=STOP_WORDS,
    abbreviations=frozenset({"Sig.", "Sigg.", "Sig.ra", "Dott.", "Dott.ssa", "Prof.", "Prof.ssa", "Ing.", "Avv.",
                             "ecc.", "pag.", "n.", "es.", "cfr.", "ca.", "S.p.A.", "dott.", "sig.", "p.es."}),
)
