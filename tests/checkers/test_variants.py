"""The checkers on the team's hand-written variants: decided share and agreement per kind of output."""
from __future__ import annotations

import pytest
from variants import SUITES, variant_evaluation, variant_files, variant_kind


@pytest.mark.parametrize("suite_name", SUITES)
def test_checkers_decide_and_agree_on_the_teams_variants(suite_name: str) -> None:
    evaluation = variant_evaluation(suite_name)
    overall = evaluation.overall
    assert overall.coverage is not None and overall.coverage >= 0.90
    assert overall.accuracy is not None and overall.accuracy >= 0.95, [
        (c.item, c.output, c.human, c.auto) for c in evaluation.disagreements()]
    for (_, subcategory), agreement in evaluation.by_subcategory().items():
        assert agreement.accuracy is None or agreement.accuracy >= 0.85, subcategory


@pytest.mark.parametrize("suite_name", SUITES)
def test_the_fluent_variants_are_four_per_item(suite_name: str) -> None:
    evaluation = variant_evaluation(suite_name)
    fluent = [c for c in evaluation.cases if variant_kind(c) != "garbled"]
    items = {c.item for c in evaluation.cases}
    assert len(fluent) == 4 * len(items)
    assert variant_files(suite_name)[0].name == f"{suite_name}-variants.yaml"
