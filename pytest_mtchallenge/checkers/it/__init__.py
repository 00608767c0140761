"""Checker families that judge Italian outputs, built on the Italian language pack."""
from __future__ import annotations

from typing import ClassVar

from pytest_mtchallenge.checkers import Checker


class ItalianChecker(Checker):
    """A family that judges Italian outputs with the Italian pack's reader (simplemma, loaded at first use)."""

    languages: ClassVar[tuple[str, ...]] = ("it",)
    packs: ClassVar[tuple[str, ...]] = ("it",)


__all__ = ["ItalianChecker"]
