"""The judge: one per suite (:class:`Judge`), an ordered list of gates (:mod:`.gates`) over an item's
context prepared once (:mod:`.context`), then the recorded human verdicts (:mod:`.verdicts`)."""
from __future__ import annotations

from pytest_mtchallenge.judge.context import ItemContext, construction_words
from pytest_mtchallenge.judge.gates import AUTOMATIC, FAMILY, MAX_JUDGED_CHARS, Gate, too_long_to_judge
from pytest_mtchallenge.judge.judge import Judge, error_judgement, judgement
from pytest_mtchallenge.judge.verdicts import VerdictStore
from pytest_mtchallenge.verdict import JudgeMode

__all__ = ["AUTOMATIC", "FAMILY", "MAX_JUDGED_CHARS", "Gate", "ItemContext", "Judge", "JudgeMode", "VerdictStore",
           "construction_words", "error_judgement", "judgement", "too_long_to_judge"]
