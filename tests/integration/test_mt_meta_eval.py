"""--mt-meta-eval: the checkers against every recorded human verdict of the selected suites."""
from __future__ import annotations

import json
from pathlib import Path

import pytest


def test_meta_eval_prints_coverage_agreement_and_confusion(pytester: pytest.Pytester, mini_suite: Path) -> None:
    verdicts = mini_suite.parent / "verdicts.yaml"
    verdicts.write_text(verdicts.read_text()
                        + '- {item: M1a, output: "Les lettres de mon frère aurait dû nous prévenir.", verdict: "no"}\n'
                        + '- {item: M1b, output: "Le chien des voisins aboie.", verdict: "no"}\n')
    result = pytester.runpytest(str(mini_suite.parent), "--mt-meta-eval", "--mt-report=r.json")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines([
        "*meta-evaluation of the checkers*",
        "checkers against recorded human verdicts of mini, per subcategory*",
        "*M1*2*2*100%*1*50%*",
        "*T1*1*0*0%*0*—*",
        "*disagreement mini::M1b: human no, checker pass: 'Le chien des voisins aboie.'*",
    ])
    result.assert_outcomes(deselected=4)
    overall = json.loads((pytester.path / "r.json").read_text())["meta_evaluation"]["overall"]
    assert (overall["total"], overall["decided"], overall["agreed"]) == (3, 2, 1)


def test_meta_eval_on_the_bundled_suite(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-meta-eval", "--mt-report=r.json")
    assert result.ret == pytest.ExitCode.OK
    evaluation = json.loads((pytester.path / "r.json").read_text())["meta_evaluation"]
    assert evaluation["overall"]["total"] == 324
    assert len(evaluation["subcategories"]) == 26
    assert evaluation["overall"]["agreement"] >= 0.95
    assert evaluation["overall"]["coverage"] >= 0.90
