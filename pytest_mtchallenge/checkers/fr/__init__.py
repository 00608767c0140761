"""Checker families that judge French outputs, built on the French language pack, and the parameter helpers they share."""
from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pytest_mtchallenge.checkers import Checker
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


def lemma_list(value: object, name: str, *, required: bool = True) -> tuple[str, ...]:
    """A parameter holding one lemma or a list of lemmas."""
    if value is None and not required:
        return ()
    if isinstance(value, str) and value.strip():
        return (value,)
    if (isinstance(value, Sequence) and not isinstance(value, str) and value
            and all(isinstance(v, str) and v.strip() for v in value)):
        return tuple(value)
    raise ValueError(f"{name} must be a lemma or a non-empty list of lemmas")


__all__ = ["FrenchChecker", "lemma_list"]
