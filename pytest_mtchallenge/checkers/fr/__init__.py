"""Checker families that judge French outputs, built on the French language pack, and the parameter types they share (:mod:`.params`)."""
from __future__ import annotations

from typing import ClassVar

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.checkers.fr.params import (
    Lemmas,
    Phrases,
    TokenizedPhrases,
    VerbLemmas,
    features,
    lemma_list,
    phrase_list,
    phrase_tokens,
    tokenized_phrases,
    verb_lemmas,
)
from pytest_mtchallenge.languages.fr.lexicon import Lexicon, default_lexicon


class FrenchChecker(Checker):
    """A family that judges French outputs with the French pack's lexicon: the shipped one (Lefff),
    loaded at first use, unless a test hands it another."""

    languages: ClassVar[tuple[str, ...]] = ("fr",)
    packs: ClassVar[tuple[str, ...]] = ("fr",)

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        self._lexicon = lexicon

    @property
    def lexicon(self) -> Lexicon:
        if self._lexicon is None:
            self._lexicon = default_lexicon()
        return self._lexicon


__all__ = ["FrenchChecker", "Lemmas", "Phrases", "TokenizedPhrases", "VerbLemmas", "features", "lemma_list",
           "phrase_list", "phrase_tokens", "tokenized_phrases", "verb_lemmas"]
