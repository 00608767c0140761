"""--mt-judge: checkers, recorded human verdicts, and both; what is left needs review."""
from __future__ import annotations

from pathlib import Path

import pytest


@pytest.mark.parametrize(("system", "passed"), [("google-2016", 72), ("nmt", 54), ("pbmt-1", 32)])
def test_human_judge_reproduces_the_papers_majority_verdicts(pytester: pytest.Pytester, system: str, passed: int) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", f"--mt-system=recorded:{system}", "--mt-judge=human")
    result.assert_outcomes(passed=passed, failed=108 - passed)


def test_auto_judge_leaves_undecided_outputs_for_review(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-judge=auto", "-rs")
    result.assert_outcomes(passed=1, failed=2, skipped=1)
    result.stdout.fnmatch_lines(["*needs human verdict: checker 'regex': neither an expected nor a known wrong*"])


def test_auto_human_falls_back_to_the_recorded_verdict(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-judge=auto+human", "-v")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(["*T1b[[]old[]] PASSED*"])


def test_human_judge_without_a_verdict_needs_review(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-judge=human")
    result.assert_outcomes(passed=1, skipped=3)


def test_a_failure_shows_question_source_reference_output_and_reason(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "-k", "M1a", "-v")  # the full block (one line without -v)
    result.stdout.fnmatch_lines([
        "verdict:   fail (decided by checker): expected agreement with the 3rd person feminine plural subject*",
        "M1a [[]old[]] — Subject-verb agreement (M1, morpho)",
        "question:  Is subject-verb agreement correct?",
        "source:    The letters from my brother should have warned us.",
        "reference: Les lettres de mon frère auraient dû nous prévenir.",
        "output:    Les lettres de mon frère aurait dû nous prévenir.",
    ])


def test_the_reference_passes_every_item_with_the_checkers_alone(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=reference", "--mt-judge=auto")
    result.assert_outcomes(passed=108)
