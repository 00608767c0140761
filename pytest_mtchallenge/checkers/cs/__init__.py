"""Checker families that judge Czech outputs, built on the Czech language pack."""
from __future__ import annotations

from typing import ClassVar

from pytest_mtchallenge.checkers import Checker


class CzechChecker(Checker):
    """A family that judges Czech outputs with the Czech pack's reader and lemmatizer (simplemma,
    loaded at first use)."""

    languages: ClassVar[tuple[str, ...]] = ("cs",)
    packs: ClassVar[tuple[str, ...]] = ("cs",)


__all__ = ["CzechChecker"]
