"""A suite's references judged by their own checkers (``mtchallenge check``): a lint for patterns and parameters."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.checkers.generic.human import HumanChecker
from pytest_mtchallenge.errors import JudgingError
from pytest_mtchallenge.judge import Judge
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.text.plurals import agreeing, counted
from pytest_mtchallenge.verdict import Outcome

_JUDGED = {
    Outcome.FAIL: "is judged wrong by",
    Outcome.NA: "is judged n/a by",
    Outcome.UNDECIDED: "is left undecided by",
    Outcome.ERROR: "cannot be judged by",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """A reference that its item's checker does not pass, with the checker's reason; ``reference``
    is its position (1 for the first) among the item's ``references``, 0 for an item that cannot
    be judged at all (a pattern that does not compile)."""

    item: str
    checker: str
    outcome: Outcome
    reason: str
    reference: int = 1
    references: int = 1

    def describe(self) -> str:
        """What is wrong, in one line: ``the reference is judged n/a by regex: …``."""
        reason = " ".join(self.reason.split())
        if self.reference == 0:
            return f"the item cannot be judged: {reason}"
        which = "the reference" if self.references == 1 else f"reference {self.reference} of {self.references}"
        return f"{which} {_JUDGED[self.outcome]} {self.checker}: {reason}"


@dataclass(frozen=True, slots=True)
class SuiteCheck:
    """What :func:`check_references` found in one suite."""

    suite: str
    path: Path
    findings: tuple[Finding, ...]
    judged: int  # references judged
    human: int = 0  # items of the human family: no checker to test
    without_reference: int = 0

    @property
    def passed(self) -> int:
        return self.judged - sum(1 for finding in self.findings if finding.reference)

    @property
    def ok(self) -> bool:
        return not self.findings

    def summary(self) -> str:
        """One line: how many references pass, and what was not checked."""
        line = f"{self.suite}: {self.passed} of {counted(self.judged, 'reference')} {agreeing(self.passed, 'passes', 'pass')}"
        unjudged = sum(1 for finding in self.findings if not finding.reference)
        skipped = [f"{counted(count, 'item')} {what}" for count, what in (
            (unjudged, "that cannot be judged"), (self.human, "left to human verdicts (human family)"),
            (self.without_reference, "without a reference")) if count]
        return line + (f"; not checked: {', '.join(skipped)}" if skipped else "")


def check_references(suite: Suite, checkers: Mapping[str, Checker]) -> SuiteCheck:
    """Judge every reference of ``suite`` as ``--mt-judge=auto`` judges an output (the untranslated
    and broken-output rules included, with the context references as a document's context
    translation), and name each one that does not pass: an over-escaped pattern, a parameter that
    names the wrong form, a reference the checker cannot read. ``checkers`` maps each family the
    suite uses to an instance."""
    judge = Judge(languages=(suite.source_language, suite.target_language), checkers=checkers)
    findings: list[Finding] = []
    judged = human = without_reference = 0
    for item in suite.items:
        checker = checkers[item.checker]
        if item.problem:
            findings.append(Finding(item=item.id, checker=item.checker, outcome=Outcome.ERROR, reason=item.problem,
                                    reference=0))
            continue
        if isinstance(checker, HumanChecker):
            human += 1
            continue
        if not item.references:
            without_reference += 1
            continue
        for position, reference in enumerate(item.references, start=1):
            judged += 1
            try:
                verdict = judge.verdict(item, reference, context=item.context_references, errors=True)
            except JudgingError as exc:
                outcome, reason = Outcome.ERROR, exc.one_line()
            else:
                outcome, reason = verdict.outcome, verdict.reason
            if outcome is not Outcome.PASS:
                findings.append(Finding(item=item.id, checker=item.checker, outcome=outcome, reason=reason,
                                        reference=position, references=len(item.references)))
    return SuiteCheck(suite=suite.name, path=suite.path, findings=tuple(findings), judged=judged, human=human,
                      without_reference=without_reference)
