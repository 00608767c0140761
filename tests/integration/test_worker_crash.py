"""A test that ends without a judgement (a pytest-xdist worker that crashes while judging, a
``SystemExit`` out of a family) is an error item in every report and counted by the gate (issue 39, point 5)."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("xdist")

# A plugin family that kills the process judging an output reading CRASH: in an xdist worker the
# worker dies (os._exit, as a segfault or the OOM killer would); in one process, where nothing
# outlives os._exit, it raises SystemExit, which the judge does not catch either.
CONFTEST = '''
import os

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.verdict import Verdict


class CrashChecker(Checker):
    name = "crash"
    needs_related_output = False

    def check(self, *, item, output, context=()):
        if "CRASH" in output:
            if os.environ.get("PYTEST_XDIST_WORKER"):
                os._exit(1)
            raise SystemExit(1)
        return Verdict.passed("no crash")


def pytest_mtchallenge_checkers():
    return {"crash": CrashChecker}
'''

SUITE = """\
format: mtchallenge-suite/1
name: fragile
title: Fragile suite
citation: The pytest-mtchallenge developers (2026)
source_language: en
target_language: fr
categories:
- id: c
  title: C
  subcategories:
  - id: S1
    title: Anything
    question: Does the judging survive?
    checker: crash
    items:
    - {id: S1a, source: One., reference: Un.}
    - {id: S1b, source: Two., reference: Deux.}
    - {id: S1c, source: Three., reference: Trois.}
    - {id: S1d, source: Four., reference: Quatre.}
"""

SYSTEM = """\
name: new
outputs: {S1a: Un., S1b: CRASH, S1c: Trois., S1d: Quatre.}
"""

ARGS = ["fragile/suite.yaml", "-p", "no:randomly", "-p", "no:cacheprovider"]


@pytest.fixture
def fragile(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)  # this test's own worker's: not the runs'
    pytester.makeconftest(CONFTEST)
    root = pytester.path / "fragile"
    (root / "systems").mkdir(parents=True)
    (root / "suite.yaml").write_text(textwrap.dedent(SUITE), encoding="utf-8")
    (root / "systems" / "new.yaml").write_text(SYSTEM, encoding="utf-8")
    return root / "suite.yaml"


def _items(path: Path) -> dict[str, str]:
    (run,) = json.loads(path.read_text(encoding="utf-8"))["runs"]
    return {item["id"]: item["outcome"] for item in run["items"]}


def test_a_crashed_worker_s_item_is_an_error_in_every_report(pytester: pytest.Pytester, fragile: Path) -> None:
    result = pytester.runpytest_subprocess(*ARGS, "--mt-system=recorded:new", "-n", "2", "--mt-report=r.json",
                                           "--mt-report=r.html", "--mt-save=run.json")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["FAILED fragile/suite.yaml::S1b[[]new[]] - worker 'gw*' crashed while running*"])
    assert _items(pytester.path / "r.json") == {"S1a": "pass", "S1b": "error", "S1c": "pass", "S1d": "pass"}
    (run,) = json.loads((pytester.path / "run.json").read_text(encoding="utf-8"))["runs"]
    assert {item["id"]: item["outcome"] for item in run["items"]}["S1b"] == "error"
    assert "selected by" not in result.stdout.str()  # every item of the suite is in the run
    assert "S1b" in (pytester.path / "r.html").read_text(encoding="utf-8")


def test_the_serial_and_parallel_reports_of_a_crash_are_identical(pytester: pytest.Pytester, fragile: Path) -> None:
    serial = pytester.runpytest_subprocess(*ARGS, "--mt-system=recorded:new", "--mt-report=serial.json")
    parallel = pytester.runpytest_subprocess(*ARGS, "--mt-system=recorded:new", "-n", "2",
                                             "--mt-report=parallel.json")
    assert serial.ret == parallel.ret == pytest.ExitCode.TESTS_FAILED
    serial_report = json.loads((pytester.path / "serial.json").read_text(encoding="utf-8"))
    assert _items(pytester.path / "serial.json")["S1b"] == "error"
    assert serial_report == json.loads((pytester.path / "parallel.json").read_text(encoding="utf-8"))
    table = [line for line in serial.outlines if line.startswith("Overall")]
    assert table and table == [line for line in parallel.outlines if line.startswith("Overall")]


def test_the_gate_counts_a_crashed_item_that_passed_in_the_baseline(pytester: pytest.Pytester,
                                                                    fragile: Path) -> None:
    base = pytester.runpytest_subprocess(*ARGS, "--mt-system=new=reference", "--mt-save=base.json")
    assert base.ret == pytest.ExitCode.OK
    result = pytester.runpytest_subprocess(*ARGS, "--mt-system=recorded:new", "-n", "2", "--mt-compare=base.json",
                                           "--mt-compare-fail=items:0", "--mt-report=r.json")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["  newly failing (1): S1b", "gate FAILED (rules *"])
    (comparison,) = json.loads((pytester.path / "r.json").read_text(encoding="utf-8"))["comparisons"]
    assert [item["id"] for item in comparison["regressions"]] == ["S1b"]
