"""The checkers on hand-written variants (4 per item) judged by the team: coverage and agreement."""
from __future__ import annotations

from pathlib import Path

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.metaeval import meta_evaluate
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite, load_verdicts

import dataclasses

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize("suite_name", ["isabelle2017-en-fr", "isabelle-kuhn2018-fr-en"])
def test_checkers_decide_and_agree_on_the_teams_variants(suite_name: str) -> None:
    suite = load_suite(bundled_suites()[suite_name])
    variants = load_verdicts(DATA / f"{suite_name}-variants.yaml", {item.id for item in suite.items})
    assert len(variants) == 4 * len(suite.items)
    evaluation = meta_evaluate([dataclasses.replace(suite, verdicts=tuple(variants))],
                               {name: family() for name, family in builtin_checkers().items()})
    overall = evaluation.overall
    assert overall.coverage is not None and overall.coverage >= 0.90
    assert overall.accuracy is not None and overall.accuracy >= 0.95, [
        (c.item, c.output, c.human, c.auto) for c in evaluation.disagreements()]
    for (_, subcategory), agreement in evaluation.by_subcategory().items():
        assert agreement.accuracy is None or agreement.accuracy >= 0.85, subcategory
