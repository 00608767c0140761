"""Checker families that judge English outputs, built on the English language pack."""
from __future__ import annotations

from typing import ClassVar

from pytest_mtchallenge.checkers import Checker


class EnglishChecker(Checker):
    """A family that judges English outputs with the English pack's reader."""

    languages: ClassVar[tuple[str, ...]] = ("en",)


__all__ = ["EnglishChecker"]
