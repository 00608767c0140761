"""Checker families that judge French outputs, built on the French language pack, and their parameter helpers."""
from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.languages.fr.lexicon import Lexicon, default_lexicon
from pytest_mtchallenge.languages.fr.reader import tokenize


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


def lemma_list(value: object, name: str, *, required: bool = True) -> tuple[str, ...]:
    """A parameter holding one lemma or a list of lemmas, stripped and lowercased."""
    if value is None and not required:
        return ()
    if isinstance(value, str):
        value = [value]
    if (isinstance(value, Sequence) and value
            and all(isinstance(v, str) and v.strip() for v in value)):
        return tuple(v.strip().lower() for v in value)
    raise ValueError(f"{name} must be a lemma or a non-empty list of lemmas")


def tokenized_phrases(value: object, name: str, *, required: bool = False) -> tuple[tuple[str, ...], ...]:
    """A parameter holding one French phrase or a list of them, each tokenised as outputs are."""
    if value is None and not required:
        return ()
    if isinstance(value, str):
        value = [value]
    if (not isinstance(value, Sequence) or not value
            or not all(isinstance(phrase, str) and tokenize(phrase) for phrase in value)):
        raise ValueError(f"{name} must be a phrase or a non-empty list of phrases")
    return tuple(tuple(tokenize(phrase)) for phrase in value)


def phrase_list(value: object, name: str, *, single_words: bool = False) -> tuple[str, ...]:
    """A parameter holding a non-empty list of French words or phrases (as written); with
    ``single_words``, each one word (a lemma: an infinitive)."""
    if isinstance(value, str) or not isinstance(value, Sequence) or not value:
        raise ValueError(f"{name} must be a non-empty list of French words or phrases")
    if not all(isinstance(v, str) and tokenize(v) for v in value):
        raise ValueError(f"{name} must contain only non-empty French words or phrases")
    if single_words and any(len(tokenize(v)) != 1 for v in value):
        raise ValueError(f"{name} must be single-word lemmas (infinitives)")
    return tuple(value)


__all__ = ["FrenchChecker", "lemma_list", "phrase_list", "tokenized_phrases"]
