"""Meta-evaluation: coverage, agreement and the confusion table over recorded verdicts."""
from __future__ import annotations

from types import MappingProxyType

import pytest

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.judge.metaeval import Agreement, Case, MetaEvaluation, meta_evaluate, render_meta_evaluation
from pytest_mtchallenge.model import Category, RecordedVerdict, Subcategory, Suite
from pytest_mtchallenge.verdict import Verdict
from tests.items import item


class ByLength(Checker):
    """Passes short outputs, fails long ones, is undecided in between (a stand-in family)."""

    name = "by-length"

    def check(self, *, item, output, context=()):  # type: ignore[no-untyped-def]
        if len(output) < 5:
            return Verdict.passed("short")
        if len(output) > 10:
            return Verdict.failed("long")
        return Verdict.undecided("middling")


def suite_with(verdicts: list[tuple[str, str]]) -> Suite:
    only = item("x", ("r",), checker="by-length", id="A1", suite="s", subcategory="A")
    from pathlib import Path

    return Suite(
        name="s", title="S", citation="c", source_language="en", target_language="fr", path=Path("s.yaml"),
        categories=(Category("c", "C", ("A",)),),
        subcategories=MappingProxyType({"A": Subcategory("A", "A", "c", "?", "by-length", {}, "", ("A1",))}),
        items=(only,), systems=MappingProxyType({}),
        verdicts=tuple(RecordedVerdict(item="A1", output=o, verdict=v, system=f"sys{i}") for i, (o, v) in enumerate(verdicts)),
    )


def test_coverage_agreement_and_confusion() -> None:
    suite = suite_with([("abc", "yes"), ("abcd", "no"), ("a very long one", "no"), ("a very long two", "yes"),
                        ("middling", "yes")])
    evaluation = meta_evaluate([suite], {"by-length": ByLength()})
    overall = evaluation.overall
    assert (overall.total, overall.decided, overall.agreed) == (5, 4, 2)
    assert overall.coverage == 0.8 and overall.accuracy == 0.5
    assert overall.confusion["yes"] == {"pass": 1, "fail": 1, "na": 0, "undecided": 1}
    assert overall.confusion["no"] == {"pass": 1, "fail": 1, "na": 0, "undecided": 0}
    assert [(c.output, c.human, c.auto) for c in evaluation.disagreements()] == [
        ("abcd", "no", "pass"), ("a very long two", "yes", "fail")]


def test_empty_groups_have_no_rates() -> None:
    empty = Agreement.of([])
    assert empty.coverage is None and empty.accuracy is None


def test_cases_round_trip_through_dicts_for_xdist() -> None:
    case = Case(suite="s", item="A1", subcategory="A", category="c", system="x", output="o", human="yes", auto="pass",
                reason="r")
    assert Case.from_dict(case.to_dict()) == case


def test_rendering_names_subcategories_totals_and_disagreements() -> None:
    evaluation = meta_evaluate([suite_with([("abcd", "no"), ("abc", "yes")])], {"by-length": ByLength()})
    text = render_meta_evaluation(evaluation, width=140)
    assert "overall" in text and "50%" in text and "100%" in text
    assert "disagreement s::A1[sys0]: human no, checker pass: 'abcd'" in text
    assert isinstance(MetaEvaluation(()).overall, Agreement)


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("suites", [["isabelle2017-en-fr"], ["isabelle2017-en-fr", "dip-discourse-en-fr"]])
def test_nothing_is_cut_to_fit_the_width(width: int, suites: list[str]) -> None:
    cases = tuple(Case(suite=suite, item=f"A{n}", subcategory=f"S{n}", category=category, system="sys",
                       output="o", human="yes", auto=auto, reason="r")
                  for suite in suites for n, (category, auto) in enumerate(
                      [("morpho_syntactic", "pass"), ("lexico_syntactic", "fail"), ("syntactic", "undecided")]))
    text = render_meta_evaluation(MetaEvaluation(cases), width=width)
    lines = text.splitlines()
    assert "…" not in text and max(len(line.rstrip()) for line in lines) <= width
    for suite in suites:
        assert any(suite in line for line in lines), suite
    for name in ("morpho_syntactic", "lexico_syntactic", "S2", "outputs", "decided", "agreed"):
        assert any(name in line.split() for line in lines), name
