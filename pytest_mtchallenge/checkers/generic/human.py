"""The ``human`` family: no automatic decision, the recorded human verdict decides."""
from __future__ import annotations

from collections.abc import Mapping

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict


class HumanChecker(Checker):
    name = "human"
    description = "No automatic checker: defers every output to a recorded human verdict"

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        if params:
            raise ValueError(f"the human family takes no parameters (found {sorted(params)[0]!r})")

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        return Verdict.undecided("this subcategory has no automatic checker")
