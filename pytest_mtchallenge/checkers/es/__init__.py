"""Checker families that judge Spanish outputs, built on the Spanish language pack."""
from __future__ import annotations

from typing import ClassVar

from pytest_mtchallenge.checkers import Checker


class SpanishChecker(Checker):
    """A family that judges Spanish outputs with the Spanish pack's reader (simplemma, loaded at first use)."""

    languages: ClassVar[tuple[str, ...]] = ("es",)
    packs: ClassVar[tuple[str, ...]] = ("es",)


__all__ = ["SpanishChecker"]
