"""A ``python:`` system's ``score`` function in a pytest run: contrastive tests, the cache, ``--mt-contrastive``."""
from __future__ import annotations

import json

from tests.suites import write_suite

#: Shorter candidates score better; each call is logged to calls.txt.
MODULE = '''
import json

def translate(sources):
    return sources

def score(requests):
    with open("calls.txt", "a") as handle:
        handle.write(json.dumps([r["candidate"] for r in requests]) + "\\n")
    return [-float(len(r["candidate"])) for r in requests]
'''

ITEMS = [{"id": "p1", "source": "The table is old. It is broken.", "reference": "Der Tisch ist alt. Er ist kaputt.",
          "params": {"candidates": [{"text": "Der Tisch ist alt. Er ist kaputt.", "correct": True},
                                    {"text": "Der Tisch ist alt. Sie ist kaputt.", "error": "pronoun"}]}},
         {"id": "p2", "source": "It is red.", "reference": "Sie ist rot.",
          "params": {"candidates": [{"text": "Sie ist rot.", "correct": True},
                                    {"text": "Es ist rot.", "error": "pronoun"}]}}]


def test_a_contrastive_suite_is_scored_by_the_modules_score_and_the_scores_are_cached(pytester):
    pytester.makepyfile(mymodel=MODULE)
    write_suite(pytester.path / "mine", ITEMS, checker="contrastive", target_language="de")
    arguments = ("--mt-suite=mine", "--mt-system=python:mymodel:translate", "--mt-report=r.json")
    result = pytester.runpytest(*arguments)
    result.assert_outcomes(passed=1, failed=1)  # p1's correct candidate is the shorter, p2's the longer
    (run,) = json.loads((pytester.path / "r.json").read_text())["runs"]
    assert [item["outcome"] for item in run["items"]] == ["pass", "fail"]
    assert "prefers the correct translation (margin 1 " in run["items"][0]["reason"]
    assert len((pytester.path / "calls.txt").read_text().splitlines()) == 1  # one batch
    again = pytester.runpytest(*arguments)
    again.assert_outcomes(passed=1, failed=1)
    again.stdout.fnmatch_lines(["*4 of 4 scores for tiny from the translation cache*"])
    assert len((pytester.path / "calls.txt").read_text().splitlines()) == 1  # not called again
    pytester.makepyfile(mymodel=MODULE.replace("-float(len", "float(len"))  # edited: longer is better now
    edited = pytester.runpytest(*arguments, "--mt-report=edited.json")
    (run,) = json.loads((pytester.path / "edited.json").read_text())["runs"]
    assert [item["outcome"] for item in run["items"]] == ["fail", "pass"]
    assert len((pytester.path / "calls.txt").read_text().splitlines()) == 2


def test_mt_contrastive_gives_a_python_system_with_score_its_column(pytester, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")
    pytester.makepyfile(mymodel=MODULE, plain="def translate(sources):\n    return sources\n")
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=mine=python:mymodel:translate",
                                "--mt-system=plain=python:plain:translate", "--mt-contrastive", "--mt-report-only",
                                "--mt-report=r.json", "-p", "no:cacheprovider")
    runs = {run["system"]: run for run in json.loads((pytester.path / "r.json").read_text())["runs"]}
    assert list(runs) == ["mine", "mine+contrastive", "plain"]  # plain defines no score: no column
    assert len(runs["mine+contrastive"]["items"]) == 87
    assert all(item["outcome"] in ("pass", "fail") for item in runs["mine+contrastive"]["items"])
    result.stdout.fnmatch_lines(["*mine*┃*mine+contrastive*┃*plain*"])
    assert result.ret == 0


def test_a_module_without_score_says_so_in_each_contrastive_test(pytester):
    pytester.makepyfile(plain="def translate(sources):\n    return sources\n")
    write_suite(pytester.path / "mine", ITEMS, checker="contrastive", target_language="de")
    result = pytester.runpytest("--mt-suite=mine", "--mt-system=python:plain:translate", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*plain:translate cannot score given translations: module 'plain' defines no "
                                 "function 'score' (define score(requests) beside translate to score)*"])
    assert "Traceback" not in result.stdout.str()
