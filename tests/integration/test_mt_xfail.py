"""--mt-xfail and the suite's known_failure field: known weaknesses tracked, fixes noticed."""
from __future__ import annotations

from pathlib import Path

import pytest


def test_known_failures_xfail_and_a_fix_fails_strictly(pytester: pytest.Pytester, mini_suite: Path) -> None:
    (pytester.path / "known.yaml").write_text("old: [M1a, T1a, M1b]\n")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-xfail=known.yaml", "-rX", "--tb=short")
    result.assert_outcomes(passed=1, xfailed=2, failed=1)
    result.stdout.fnmatch_lines(["[[]XPASS(strict)[]] M1b [[]old[]] failed in *known.yaml: if it passes now, refresh*"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_a_saved_run_as_known_failures(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.runpytest(str(mini_suite.parent), "--mt-save=old.json")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-xfail=old.json")
    result.assert_outcomes(passed=2, xfailed=2)
    assert result.ret == pytest.ExitCode.OK


def test_suite_field_known_failure_is_a_non_strict_xfail(pytester: pytest.Pytester, mini_suite: Path) -> None:
    text = mini_suite.read_text().replace(
        "      reference: Elle était parfaite, n'est-ce pas ?\n",
        "      reference: Elle était parfaite, n'est-ce pas ?\n      known_failure: tag questions are calqued\n")
    mini_suite.write_text(text)
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=recorded:old", "--mt-system=reference", "-rxX")
    result.assert_outcomes(passed=5, failed=1, xfailed=1, xpassed=1)
    result.stdout.fnmatch_lines(["*known weakness: tag questions are calqued*"])


def test_bad_xfail_file_is_a_usage_error(pytester: pytest.Pytester, mini_suite: Path) -> None:
    (pytester.path / "known.yaml").write_text("old: M1a\n")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-xfail=known.yaml")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*known.yaml: field 'old': expected a list of item ids*"])


def test_a_baseline_saved_under_another_name_pairs_with_the_one_system(pytester: pytest.Pytester) -> None:
    """Saved as 'mine', run as 'candidate': one system on each side, so they pair (as --mt-compare does)."""
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=mine=recorded:google-2016", "--mt-judge=human",
                       "--mt-save=base.json", "--mt-report-only")
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=candidate=recorded:google-2016",
                                "--mt-judge=human", "--mt-xfail=base.json")
    result.assert_outcomes(passed=72, xfailed=36)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["*system 'mine' matches no system of this run by name: its known failures were "
                                 "applied to 'candidate', the run's only system*"])  # said, never silent


def test_what_applies_to_nothing_is_a_warning_naming_it(pytester: pytest.Pytester, mini_suite: Path) -> None:
    (pytester.path / "known.yaml").write_text("old: [M1a, Z99]\ngogle: [T1a]\n")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-xfail=known.yaml")
    result.stdout.fnmatch_lines(["*system 'gogle' matches no system of this run (systems: old)*",
                                 "*1 item(s) of 'old' are in no suite of this run: Z99*"])


def test_an_xfail_file_that_cannot_be_read_is_a_usage_error_before_any_test(pytester: pytest.Pytester,
                                                                            mini_suite: Path) -> None:
    (pytester.path / "known.yaml").write_bytes(b"old: [M1a, \xff]\n")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-xfail=known.yaml")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*known.yaml: field '--mt-xfail': not UTF-8 text*"])
    (pytester.path / "known.yaml").write_text("old:\n" + "- " * 50_000 + "M1a\n")
    result = pytester.runpytest_subprocess(str(mini_suite.parent), "--mt-xfail=known.yaml")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*known.yaml:2: field '--mt-xfail': nested deeper than 100 levels"])
