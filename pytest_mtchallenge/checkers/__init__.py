"""Checker families: the registry, and the interface every family implements."""
from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict


class Checker:
    """A checker family judges one phenomenon from an item's fields and linguistic knowledge.

    Subclasses set ``name`` and ``description``, may override :meth:`validate` to reject bad
    parameters when the suite loads, and implement :meth:`check`. A checker never raises on an
    output: when it cannot decide safely it returns ``Verdict.undecided`` with its reason.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        """Raise ``ValueError`` naming the parameter when ``params`` are unusable."""

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        raise NotImplementedError


def builtin_checkers() -> dict[str, type[Checker]]:
    """The checker families shipped with the plugin, by name."""
    from pytest_mtchallenge.checkers.agreement import AgreementChecker
    from pytest_mtchallenge.checkers.human import HumanChecker
    from pytest_mtchallenge.checkers.regex import RegexChecker

    families: list[type[Checker]] = [HumanChecker, RegexChecker, AgreementChecker]
    return {family.name: family for family in families}


__all__ = ["Checker", "builtin_checkers"]
