"""Contrastive suites as pytest tests: one test per item and system, pass or fail by the suite's rule; ``--mt-contrastive``."""
from __future__ import annotations

import json

from tests.contrastive.peer_files import write_contrapro, write_lingeval97


def test_a_contrapro_file_runs_as_one_test_per_item_with_a_scores_file(pytester):
    reference, scores = write_contrapro(pytester.path / "set", items=40)
    result = pytester.runpytest("--mt-suite", str(reference), f"--mt-system=mine=scores:{scores}",
                                "--mt-report=report.json", "-p", "no:cacheprovider")
    report = json.loads((pytester.path / "report.json").read_text())
    (run,) = report["runs"]
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) + outcomes.get("failed", 0) == 40
    assert run["system"] == "mine" and run["summary"]["overall"]["total"] == 40 and "selection" not in run
    failed = [item for item in run["items"] if item["outcome"] == "fail"]
    assert failed and all("prefers the" in item["reason"] for item in failed)
    assert any(e.startswith("contrastive-margin:") for e in run["items"][0]["evidence"])
    result.stdout.fnmatch_lines(["*prefers the pronoun*variant*"])


def test_a_system_that_cannot_score_says_so_in_one_line(pytester):
    reference, _ = write_lingeval97(pytester.path / "set", entries=5)
    result = pytester.runpytest("--mt-suite", str(reference), "--mt-system=reference", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*reference cannot score given translations: the reference system is no model*"])
    assert "Traceback" not in result.stdout.str()


#: A conftest with a system kind that translates with the reference and scores by length (shorter better).
SCORING_KIND = '''
from types import MappingProxyType
from pytest_mtchallenge.contrastive.model import CandidateScore
from pytest_mtchallenge.contrastive.scoring import Scores
from pytest_mtchallenge.systems import System, Translations

class Lengthy(System):
    kind = "lengthy"
    needs_argument = False
    cacheable = False

    def translate(self, *, suite, items, on_batch=None):
        return Translations(outputs=MappingProxyType({item.id: item.reference for item in items}))

    def score(self, *, suite, requests):
        return Scores(scores=MappingProxyType({r.key: CandidateScore(total=-float(len(r.candidate)))
                                               for r in requests}))

def pytest_mtchallenge_system_kinds():
    return {"lengthy": Lengthy}
'''


def test_mt_contrastive_puts_a_contrastive_column_beside_each_scoring_system(pytester, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")
    pytester.makeconftest(SCORING_KIND)
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=lengthy", "--mt-system=reference",
                                "--mt-contrastive", "--mt-report=report.json", "--mt-report-only",
                                "-p", "no:cacheprovider")
    runs = {run["system"]: run for run in json.loads((pytester.path / "report.json").read_text())["runs"]}
    assert list(runs) == ["lengthy", "lengthy+contrastive", "reference"]  # the reference cannot score: no column
    contrastive = runs["lengthy+contrastive"]
    assert len(contrastive["items"]) == 87 and "selection" not in contrastive  # the items with a rejected output
    assert len(runs["lengthy"]["items"]) == 108
    assert all(item["outcome"] in ("pass", "fail") for item in contrastive["items"])
    # side by side, per subcategory: translated right, and preferring the right translation
    result.stdout.fnmatch_lines(["*lengthy*┃*lengthy+contrastive*┃*reference*", "*S1 S-V agreement*3/3*2/3*3/3*"])
    assert result.ret == 0


def test_mt_contrastive_is_an_ini_setting_too(pytester):
    pytester.makeconftest(SCORING_KIND)
    pytester.makeini("[pytest]\nmt_contrastive = true\n")
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=lengthy", "-k", "S1a",
                                "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*lengthy+contrastive*"])


def test_the_contrastive_report_is_contrapros_evaluate_py_text(pytester):
    from pytest_mtchallenge.reporting.peers import contrapro_text, decided_items
    from tests.contrastive.test_peers import judged

    reference, scores = write_contrapro(pytester.path / "set", items=60)
    pytester.runpytest("--mt-suite", str(reference), f"--mt-system=mine=scores:{scores}",
                       "--mt-report=contrastive:breakdown.txt", "-p", "no:cacheprovider")
    text = (pytester.path / "breakdown.txt").read_text()
    assert text == f"== contrapro [mine] ==\n{contrapro_text(decided_items(judged(reference, scores)))}"
    assert "statistics by ante distance\n0 : " in text


def test_a_yaml_suite_of_contrastive_items_is_scored_by_its_rule_or_judged_by_its_candidates(pytester):
    from tests.suites import write_suite

    pytester.makeconftest(SCORING_KIND)
    items = [{"id": "p1", "source": "The table is old. It is broken.", "reference": "Der Tisch ist alt. Er ist kaputt.",
              "params": {"candidates": [{"text": "Der Tisch ist alt. Er ist kaputt.", "correct": True},
                                        {"text": "Der Tisch ist alt. Sie ist kaputt.", "error": "pronoun"}]}},
             {"id": "p2", "source": "It is red.", "reference": "Sie ist rot.",
              "params": {"candidates": [{"text": "Sie ist rot.", "correct": True},
                                        {"text": "Ihr ist rot.", "error": "pronoun"}]}}]
    write_suite(pytester.path / "mine", items, checker="contrastive", params={"rule": "all-variants", "tolerance": 0.5},
                target_language="de")
    result = pytester.runpytest("--mt-suite=mine", "--mt-system=lengthy", "--mt-report=r.json", "-p", "no:cacheprovider")
    # shorter is better here: p1's correct is shorter (passes); p2's are as long (a tie, wrong, reported)
    result.assert_outcomes(passed=1, failed=1)
    (run,) = json.loads((pytester.path / "r.json").read_text())["runs"]
    assert "near tie" in run["items"][1]["reason"] and "contrastive-tie:yes" in run["items"][1]["evidence"]
    translated = pytester.runpytest("--mt-suite=mine", "--mt-system=reference", "-p", "no:cacheprovider")
    translated.stdout.fnmatch_lines(["*reference cannot score*"])  # a contrastive suite is scored, always
