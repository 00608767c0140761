"""The HTML report's contrastive view: each contrastive test's candidates with their scores, the margin and the near-tie mark."""
from __future__ import annotations

import html
import json
import re

import pytest

from pytest_mtchallenge.contrastive.judging import judge_scores, request_key
from pytest_mtchallenge.contrastive.model import CandidateScore, ContrastiveParams
from pytest_mtchallenge.contrastive.rules import CANDIDATE
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.reporting import ItemResult
from pytest_mtchallenge.reporting.peers import ScoredCandidate, decided
from tests.integration.test_contrastive_option import SCORING_KIND
from tests.suites import write_suite

ITEMS = [{"id": "p1", "source": "The table is old. It is broken.", "reference": "Der Tisch ist alt. Er ist kaputt.",
          "params": {"candidates": [{"text": "Der Tisch ist alt. Er ist kaputt.", "correct": True},
                                    {"text": "Der Tisch ist alt. Sie ist kaputt.", "error": "pronoun"},
                                    {"text": "Der Tisch ist alt. Es ist kaputt.", "error": "pronoun"}]}},
         {"id": "p2", "source": "It is <red>.", "reference": "Sie ist rot.",
          "params": {"candidates": [{"text": "Sie ist rot.", "correct": True},
                                    {"text": "Ihr ist <rot>.", "error": "pronoun & case"}]}}]


def candidates_of(page: str, system: str) -> dict[str, list[tuple[str, str, str, bool, str]]]:
    """Item id → (row class, candidate, correct / error, marked best, score) of each row of its
    contrastive table, for ``system``'s details."""
    found = {}
    for item, body in re.findall(r'<details class="item" id="[^"]+" data-outcome="[^"]+" data-system="'
                                 + re.escape(system) + r'"[^>]*><summary><span class="id visually-hidden">([^<]+)'
                                 r'</span>(.*?)</details>', page, re.S):
        found[item] = [(kind, html.unescape(text), html.unescape(what), bool(mark), score) for kind, text, mark, what, score
                       in re.findall(r'<tr class="(correct|variant)"><td class="candidate">(.*?)'
                                     r'( <span class="best">best score</span>)?</td><td class="kind">(.*?)</td>'
                                     r'<td class="score">(.*?)</td></tr>', body)]
    return found


def test_the_html_report_shows_each_contrastive_tests_candidates_scores_margin_and_near_tie(pytester):
    pytester.makeconftest(SCORING_KIND)
    write_suite(pytester.path / "mine", ITEMS, checker="contrastive", params={"rule": "all-variants", "tolerance": 0.5},
                target_language="de")
    result = pytester.runpytest("--mt-suite=mine", "--mt-system=lengthy", "--mt-report=report.html",
                                "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    page = (pytester.path / "report.html").read_text(encoding="utf-8")
    candidates = candidates_of(page, "lengthy")
    # shorter is better (the scores are minus the lengths): p1's correct candidate is as long as a variant, a
    # tie (wrong, marked as a near tie, both marked best); p2's is the shorter (right); texts escaped
    assert candidates["p1"] == [("correct", "Der Tisch ist alt. Er ist kaputt.", "correct", True, "-33.0000"),
                                ("variant", "Der Tisch ist alt. Sie ist kaputt.", "pronoun", False, "-34.0000"),
                                ("variant", "Der Tisch ist alt. Es ist kaputt.", "pronoun", True, "-33.0000")]
    assert candidates["p2"] == [("correct", "Sie ist rot.", "correct", True, "-12.0000"),
                                ("variant", "Ihr ist <rot>.", "pronoun & case", False, "-14.0000")]
    assert "Ihr ist &lt;rot&gt;." in page and "<rot>" not in page
    margins = re.findall(r'<p class="margin">margin <b>([^<]+)</b>[^<]*(<span class="near-tie">[^<]*</span>)?</p>', page)
    assert margins == [("+0.0000", '<span class="near-tie">≈ near tie (within 0.5)</span>'), ("+2.0000", "")]

def test_a_judgements_evidence_holds_each_candidate_with_its_score_and_the_tolerance():
    """What the page reads, also from a saved run: the candidates, their scores, the tie and its tolerance."""
    item = ChallengeItem(id="p1", suite="s", category="c", subcategory="S1", source="x", references=("a",),
                         question="?", checker="contrastive")
    params = ContrastiveParams.parse({"candidates": [{"text": "a", "correct": True}, {"text": "b", "error": "e"}],
                                      "tolerance": 0.25})
    scores = {request_key(item, 0): CandidateScore(total=-1.0), request_key(item, 1): CandidateScore(total=-1.2)}
    judgement, _ = judge_scores(item, params, system="m", scores=scores, errors={})
    entries = [e for e in judgement.evidence if e.startswith(CANDIDATE)]
    assert [json.loads(e[len(CANDIDATE):]) for e in entries] == [
        {"text": "a", "correct": True, "error": "", "score": -1.0},
        {"text": "b", "correct": False, "error": "e", "score": -1.2}]
    found = decided(ItemResult(judgement=judgement))
    assert found is not None and found.tie and found.tolerance == 0.25 and found.margin == pytest.approx(0.2)
    assert found.candidates == (ScoredCandidate("a", True, "", -1.0), ScoredCandidate("b", False, "e", -1.2))


def test_an_item_that_errored_has_no_contrastive_view(pytester):
    pytester.makepyfile(plain="def translate(sources):\n    return sources\n")
    write_suite(pytester.path / "mine", ITEMS, checker="contrastive", target_language="de")
    pytester.runpytest("--mt-suite=mine", "--mt-system=python:plain:translate", "--mt-report=report.html",
                       "-p", "no:cacheprovider")
    page = (pytester.path / "report.html").read_text(encoding="utf-8")
    assert page.count('<details class="item"') == 2 and 'class="contrastive"' not in page
    assert "cannot score given translations" in page
