"""The checkers on the team's hand-written variants: decided share and agreement per kind of output."""
from __future__ import annotations

import pytest

from tests.checkers.variants import SUITES, variant_evaluation, variant_files, variant_kind


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


@pytest.mark.parametrize("suite_name", SUITES)
@pytest.mark.parametrize("kind", ["fluent-correct", "fluent-wrong", "garbled"])
def test_each_kind_of_output_is_decided_and_agreed(suite_name: str, kind: str) -> None:
    """Issue 16's bar: ≥ 95 % decided and ≥ 98 % agreed for fluent-correct, fluent-wrong and garbled outputs."""
    evaluation = variant_evaluation(suite_name)
    agreement = evaluation.by(variant_kind)[kind]
    assert agreement.total >= len({c.item for c in evaluation.cases})
    undecided = [(c.item, c.output, c.reason) for c in evaluation.cases if variant_kind(c) == kind and not c.decided]
    assert agreement.coverage is not None and agreement.coverage >= 0.95, undecided
    wrong = [(c.item, c.output, c.human, c.auto, c.reason) for c in evaluation.disagreements() if variant_kind(c) == kind]
    assert agreement.accuracy is not None and agreement.accuracy >= 0.98, wrong


#: A second held-out set per challenge set (tests/data/SUITE-heldout2.yaml: a fluent correct, a fluent
#: wrong and a rule-based-style broken output per item), written after the families were changed
#: and measured before anything was tuned on it. Not a target: a guard against regressions, at
#: the floor of its first measurements (docs/judging.md gives them).
HELDOUT_FLOOR = {"isabelle2017-en-fr": (0.90, 0.96), "isabelle-kuhn2018-fr-en": (0.80, 0.95)}


@pytest.mark.parametrize("suite_name", SUITES)
def test_the_second_held_out_set_does_not_regress(suite_name: str) -> None:
    evaluation = variant_evaluation(suite_name, ("heldout2",))
    decided, agreed = HELDOUT_FLOOR[suite_name]
    for kind, agreement in evaluation.by(variant_kind).items():
        assert agreement.total == len({c.item for c in evaluation.cases}), kind
        assert agreement.coverage is not None and agreement.coverage >= decided, kind
        assert agreement.accuracy is not None and agreement.accuracy >= agreed, (
            kind, [(c.item, c.output, c.human, c.auto) for c in evaluation.disagreements() if variant_kind(c) == kind])


#: The third held-out set of the French→English challenge set (tests/data/isabelle-kuhn2018-fr-en-heldout3.yaml,
#: written blind), held with heldout2 at issue 23's bar: ≥ 95 % decided and ≥ 98 % agreed for each kind.
@pytest.mark.parametrize("held_out", ["heldout2", "heldout3"])
def test_the_french_english_held_out_sets_meet_issue_23s_bar(held_out: str) -> None:
    evaluation = variant_evaluation("isabelle-kuhn2018-fr-en", (held_out,))
    for kind, agreement in evaluation.by(variant_kind).items():
        undecided = [(c.item, c.output) for c in evaluation.cases if variant_kind(c) == kind and not c.decided]
        assert agreement.coverage is not None and agreement.coverage >= 0.95, (kind, undecided)
        assert agreement.accuracy is not None and agreement.accuracy >= 0.98, (
            kind, [(c.item, c.output, c.human, c.auto) for c in evaluation.disagreements() if variant_kind(c) == kind])


#: Unrelated and constant outputs (tests/data/unrelated-outputs*.yaml, all "no"): the first set is what
#: issue 23's rules for them were designed on, and none of its outputs passes; the held-out sets, written
#: before the rules ran on them, are held at their measurement after them: the first has no pass left
#: since the conditional and en_wh_preposition compare their clause's subject with the source's (S22a,
#: WQ1), the second has none since the eight families it passed compare their participants with the
#: source's (13 before the subject rules, 8 after them), the third keeps 2 of its 30 (25 before the
#: participant rules, 4 after them; S10b and S25f left since a noun phrase for the reference's pronoun
#: is left to a human and movement compares its mover; FA1 'Max melted the chocolate' since the
#: factitives compare their object: VA1 remains), the fourth 14 of its 30 (19 before any rule ran on
#: it), the fifth 12 of its 30 (13 before any rule ran on it; S13a left since the factitives compare
#: their object; docs/judging.md), the sixth 15 of its 20 (written before any rule ran on it: the
#: predicate of `agreement` and the verb of `clitic` are not compared, as comparing them cost legitimate
#: synonyms; docs/judging.md). The legitimate outputs of the third to sixth sets are not counted.
UNRELATED_PASSES = {"unrelated": 0, "unrelated-heldout": 0, "unrelated-heldout2": 0, "unrelated-heldout3": 1,
                    "unrelated-heldout4": 14, "unrelated-heldout5": 12, "unrelated-heldout6": 15}
#: How many legitimate (human "yes") outputs each unrelated set holds.
LEGITIMATE = {"unrelated-heldout3": 10, "unrelated-heldout4": 10, "unrelated-heldout5": 10, "unrelated-heldout6": 6}


@pytest.mark.parametrize("unrelated", sorted(UNRELATED_PASSES))
def test_unrelated_outputs_do_not_pass(unrelated: str) -> None:
    passes = [(suite_name, c.item, c.output, c.reason) for suite_name in SUITES
              for c in variant_evaluation(suite_name, (unrelated,)).cases if c.auto == "pass" and c.human == "no"]
    assert len(passes) <= UNRELATED_PASSES[unrelated], passes


@pytest.mark.parametrize("unrelated", sorted(LEGITIMATE))
def test_the_legitimate_outputs_of_the_unrelated_sets_pass(unrelated: str) -> None:
    """Their correct renderings (human "yes": 10 each, 6 in the sixth) guard the participant rules against
    being too strict."""
    legitimate = [(c.item, c.output, c.auto, c.reason) for suite_name in SUITES
                  for c in variant_evaluation(suite_name, (unrelated,)).cases if c.human == "yes"]
    assert len(legitimate) == LEGITIMATE[unrelated] and all(auto == "pass" for _, _, auto, _ in legitimate), legitimate
