"""The ``human`` family: no automatic decision, the recorded human verdict decides."""
from __future__ import annotations

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict


class HumanChecker(Checker):
    name = "human"
    description = "No automatic checker: defers every output to a recorded human verdict"

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        return Verdict.undecided("this subcategory has no automatic checker")
