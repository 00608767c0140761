"""--mt-save and --mt-autosave: the run with outcomes, outputs, summary and signature."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers.fr.agreement import AgreementChecker
from pytest_mtchallenge.checkers.generic.regex import RegexChecker


def test_save_writes_outcomes_outputs_summary_and_signature(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-save=runs/old.json")
    result.stdout.fnmatch_lines(["signature old: suite:mini|suite-hash:*", "*run saved to *runs/old.json*"])
    (run,) = json.loads((pytester.path / "runs" / "old.json").read_text())["runs"]
    assert run["signature"].startswith("suite:mini|suite-hash:")
    checkers = f"|checkers:agreement@{AgreementChecker.version},regex@{RegexChecker.version}|"
    for part in (checkers, "|lexicon:lefff-3.4@", "|verdicts-hash:", "|judge:auto+human|",
                 "|system:recorded:old|", "|version:"):
        assert part in run["signature"]
    assert {i["id"]: i["output"] for i in run["items"]}["M1b"] == "Le chien des voisins aboie."
    assert run["summary"]["overall"]["ci95"][0] < 0.5 < run["summary"]["overall"]["ci95"][1]


def test_autosave_numbers_runs(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.runpytest(str(mini_suite.parent), "--mt-autosave")
    pytester.runpytest(str(mini_suite.parent), "--mt-autosave", "--mt-system=reference")
    names = sorted(p.name for p in (pytester.path / ".mtchallenge" / "runs").iterdir())
    assert names == ["0001_old.json", "0002_reference.json"]
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", "--mt-compare=last")
    result.stdout.fnmatch_lines(["*comparison with *0002_reference.json*", "*100.0% → 100.0%*"])
