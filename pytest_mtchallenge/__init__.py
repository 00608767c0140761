"""pytest-mtchallenge: machine-translation challenge sets as pytest suites."""
from __future__ import annotations

__version__ = "0.1.0"

from pytest_mtchallenge.model import (  # noqa: E402
    Category,
    ChallengeItem,
    RecordedSystem,
    RecordedVerdict,
    Subcategory,
    Suite,
)
from pytest_mtchallenge.verdict import Judgement, Outcome, Verdict  # noqa: E402

__all__ = [
    "__version__",
    "Category",
    "ChallengeItem",
    "Judgement",
    "Outcome",
    "RecordedSystem",
    "RecordedVerdict",
    "Subcategory",
    "Suite",
    "Verdict",
]
