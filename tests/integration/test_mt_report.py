"""--mt-report: the JSON category success report, identical under pytest-xdist."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

FIELDS = {"id", "category", "subcategory", "source", "reference", "output", "outcome", "decided_by", "reason"}


def test_json_report_has_runs_items_and_summary(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-report=out/report.json")
    result.stdout.fnmatch_lines(["*report written to out/report.json*"])
    report = json.loads((pytester.path / "out" / "report.json").read_text())
    (run,) = report["runs"]
    assert (run["suite"], run["system"], run["judge"]) == ("mini", "old", "auto+human")
    assert [i["id"] for i in run["items"]] == ["M1a", "M1b", "T1a", "T1b"]
    assert all(FIELDS <= set(item) for item in run["items"])
    assert {i["id"]: (i["outcome"], i["decided_by"]) for i in run["items"]} == {
        "M1a": ("fail", "checker"), "M1b": ("pass", "checker"), "T1a": ("fail", "checker"), "T1b": ("pass", "human")}
    summary = run["summary"]
    assert summary["overall"]["pass"] == 2 and summary["overall"]["total"] == 4 and summary["overall"]["rate"] == 0.5
    assert [c["id"] for c in summary["categories"]] == ["morpho", "syntax"]
    assert summary["categories"][0]["subcategories"][0]["id"] == "M1"


def test_bundled_suite_report_shows_26_subcategories_in_3_categories(pytester: pytest.Pytester) -> None:
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:google-2016", "--mt-judge=human",
                       "--mt-report=r.json")
    (run,) = json.loads((pytester.path / "r.json").read_text())["runs"]
    assert len(run["summary"]["categories"]) == 3
    assert sum(len(c["subcategories"]) for c in run["summary"]["categories"]) == 26
    assert run["summary"]["overall"]["pass"] == 72


def test_xdist_report_equals_the_serial_one(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    args = ["--mt-suite=isabelle2017-en-fr", "--mt-judge=auto+human", "-p", "no:randomly"]
    serial = pytester.runpytest_subprocess(*args, "--mt-report=serial.json")
    parallel = pytester.runpytest_subprocess(*args, "-n", "2", "--mt-report=parallel.json")
    assert serial.ret == parallel.ret == pytest.ExitCode.TESTS_FAILED
    serial_report = json.loads((pytester.path / "serial.json").read_text())
    parallel_report = json.loads((pytester.path / "parallel.json").read_text())
    assert serial_report == parallel_report
    assert len(serial_report["runs"]) == 3
    table = [line for line in serial.outlines if line.startswith("Overall")]
    assert table == [line for line in parallel.outlines if line.startswith("Overall")]


def test_report_only_exits_0_despite_wrong_outputs(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-report-only")
    result.assert_outcomes(passed=2, failed=2)
    assert result.ret == pytest.ExitCode.OK


def test_report_only_still_fails_on_errors(pytester: pytest.Pytester, mini_suite: Path) -> None:
    (pytester.path / "some.jsonl").write_text('{"id": "M1a", "output": "Les lettres auraient dû nous prévenir."}\n')
    result = pytester.runpytest(str(mini_suite.parent), "--mt-report-only", "--mt-system=file:some.jsonl")
    result.assert_outcomes(passed=1, errors=3)  # three items without an output
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    pytester.makepyfile(test_other="def test_other():\n    assert False\n")
    result = pytester.runpytest(str(mini_suite.parent), "test_other.py", "--mt-report-only")
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_a_report_path_that_cannot_be_written_is_a_usage_error_before_any_test(pytester: pytest.Pytester,
                                                                               mini_suite: Path) -> None:
    (pytester.path / "taken").write_text("a file, not a folder")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-report=taken/report.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*taken/report.json: field '--mt-report': cannot create its folder: *taken is not a folder"])
    assert "passed" not in result.stdout.str() and "failed" not in result.stdout.str()


@pytest.mark.parametrize(("args", "line"), [
    (["-m", "S1"], "3 of 108 items selected by -m S1: the figures are for these items only"),
    (["-k", "S1a or S1b"], "2 of 108 items selected by -k S1a or S1b: the figures are for these items only"),
    (["isabelle2017-en-fr::S2a"], "1 of 108 items selected by test ids: the figures are for these items only"),
])
def test_a_partial_run_says_how_many_items_were_selected(pytester: pytest.Pytester, args: list[str],
                                                         line: str) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:nmt", "--mt-judge=human",
                                "--mt-report=r.json", "-q", *args)
    result.stdout.fnmatch_lines([line])
    run = json.loads(pytester.path.joinpath("r.json").read_text(encoding="utf-8"))["runs"][0]
    assert run["selection"]["text"] == line.split(":")[0]


def test_a_run_stopped_by_x_says_so(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:pbmt-1", "--mt-judge=human",
                                "-x", "-q")
    result.stdout.fnmatch_lines(["1 of 108 items run before the run stopped (-x/--maxfail)*"])


def test_a_whole_run_says_nothing_of_selection(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:nmt", "--mt-judge=human", "-q")
    assert "items selected" not in result.stdout.str()
