"""The Spanish language pack: function words, sentence splitting, a reader on simplemma's Spanish dictionary
(imported at first use, never with the pack) and the profession table of WinoMT's person nouns."""
from __future__ import annotations

from pytest_mtchallenge.languages.es.stop_words import STOP_WORDS
from pytest_mtchallenge.languages.romance import romance_pack

PACK = romance_pack(
    "es", "Spanish", stop_words=STOP_WORDS,
    abbreviations=frozenset({"Sr.", "Sra.", "Srta.", "Dr.", "Dra.", "Ud.", "Uds.", "etc.", "pág.", "núm.", "EE.UU.",
                             "aprox.", "Avda.", "p.ej.", "a.C.", "d.C.", "S.A.", "Lic.", "Ing.", "Prof."}),
)
