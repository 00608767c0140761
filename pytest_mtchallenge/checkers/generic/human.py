"""The ``human`` family: no automatic decision, the recorded human verdict decides."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import Checker, FamilyParams
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict


@dataclass(frozen=True, slots=True)
class HumanParams(FamilyParams):
    """None: the family takes no parameters."""

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> HumanParams:
        if mapping:
            raise ValueError(f"the human family takes no parameters (found {sorted(mapping)[0]!r})")
        return cls()


class HumanChecker(Checker):
    name = "human"
    description = "No automatic checker: defers every output to a recorded human verdict"
    Params = HumanParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        return Verdict.undecided("this subcategory has no automatic checker")
