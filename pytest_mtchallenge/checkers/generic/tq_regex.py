"""The ``tq-regex`` family: TQ-AutoTest's positive and negative regular expressions, upstream semantics."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.text import regexes
from pytest_mtchallenge.checkers import Checker, FamilyParams
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"positive", "negative"}


@dataclass(frozen=True, slots=True)
class TqRegexParams(FamilyParams):
    positive: str = ""  # "": no pattern
    negative: str = ""

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> TqRegexParams:
        unknown = set(mapping) - _PARAMS
        if unknown:
            raise ValueError(f"unknown parameter {sorted(unknown)[0]!r} (allowed: positive, negative)")
        for key in _PARAMS:
            if not isinstance(mapping.get(key, ""), str):
                raise ValueError(f"{key} must be a regular expression (text)")
        return cls(str(mapping.get("positive", "")), str(mapping.get("negative", "")))


class TqRegexChecker(Checker):
    """As TQ-AutoTest judged: each regex is searched anywhere in the raw output, case-sensitively.

    A positive match alone passes, a negative match alone fails, both or neither is undecided
    (upstream's "warning": a manual check). An empty output is n/a (upstream skips it). Upstream
    then tried its stored human verdicts ("tokens") as substrings of the output; here tokens are
    recorded human verdicts that apply to the *whole* output (after normalisation), so that
    ``--mt-judge=human`` and the meta-evaluation keep checker and human evidence apart.
    A pattern Python cannot compile is not a parameter error: the suite loader marks the item
    with a problem, and that item errors while the rest of the run goes on. Patterns keep Python's
    ``re`` meaning and are searched within a time bound (:mod:`pytest_mtchallenge.text.regexes`): a
    pattern that runs past it makes the item an error.
    """

    name = "tq-regex"
    needs_related_output = False  # the peer's own rule, reproduced exactly
    description = "TQ-AutoTest positive/negative regular expressions (case-sensitive, raw output)"
    Params = TqRegexParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        if not output.strip():
            return Verdict.not_applicable("the output is empty")
        params = TqRegexParams.of(item)
        positive = _search(params.positive, output, "positive_regex")
        negative = _search(params.negative, output, "negative_regex")
        if positive is not None and negative is not None:
            return Verdict.undecided(f"both the positive pattern ({positive!r}) and the negative pattern "
                                     f"({negative!r}) match", positive, negative)
        if positive is not None:
            return Verdict.passed(f"the positive pattern matches {positive!r}", positive)
        if negative is not None:
            return Verdict.failed(f"the negative pattern matches {negative!r}", negative)
        return Verdict.undecided("neither the positive nor the negative pattern matches")


def _search(pattern: str, output: str, field: str) -> str | None:
    if not pattern:
        return None
    compiled = compile_pattern(pattern)
    if compiled is None:
        return None  # reported by the loader as the item's problem
    return compiled.search(output, field=field)


def compile_pattern(pattern: str) -> regexes.SuiteRegex | None:
    """Compiled once per pattern (a suite has thousands, more than ``re``'s own cache holds); None
    when Python's ``re`` cannot compile it."""
    try:
        return regexes.compile_pattern(pattern)
    except re.error:
        return None
