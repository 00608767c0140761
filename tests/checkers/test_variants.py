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
#: source's (13 before the subject rules, 8 after them), the third keeps 1 of its 30 (25 before the
#: participant rules, 4 after them; VA1 remains), the fourth 7 of its 30 (19 before any rule ran on it,
#: 14 before a pass had to rest on words of the source), the fifth 7 of its 30 (13 before any rule ran on
#: it, 12 before), the sixth 4 of its 20 (15 before), the seventh 4 of its 40 and the eighth 17 of its 45
#: (11 and 28 before: both measured blind, then with the rule that the words a pass rests on, agreement's
#: predicates, the meaning of a clitic's, question's, inversion's, tag's or finite clause's verb, a participle
#: of another verb than the item's, the noun an ordinal counts, must render words of the source;
#: docs/judging.md); the ninth, written blind after those rules, 12 of its 50 (17 before them). Then the
#: English families' passes rested on their clause's verb too (en_pronoun with any_verb, en_clause_tense,
#: en_tag_question, …): the sixth keeps 3, the seventh 2, the eighth 14, the ninth 11; with zero_relative's and
#: wh_preposition's clause verb, the fifth 6, the eighth 11. Issue 36's participant, sentence-subject and
#: predicate rules left the fourth 1, the eighth 5, the ninth 5.
UNRELATED_PASSES = {"unrelated": 0, "unrelated-heldout": 0, "unrelated-heldout2": 0, "unrelated-heldout3": 0,
                    "unrelated-heldout4": 1, "unrelated-heldout5": 2, "unrelated-heldout6": 0,
                    "unrelated-heldout7": 1, "unrelated-heldout8": 5, "unrelated-heldout9": 5,
                    "unrelated-heldout10": 8}
#: How many legitimate (human "yes") outputs each unrelated set holds, and those of them not passed: the
#: seventh's NF2 (*Mary was under the impression that she knew the truth.* for *Mary croyait connaître la
#: vérité*) is left to a human since en_finite_clause finds no finite clause of the source's verb, before
#: and after the rule. A rendering that names a participant with another noun than the lexicon's goes to
#: review by the participant rule (relatedness.other_participant): S2d *prudente au volant* for *careful on the
#: road*. HI1 *a coffee machine* for *une cafetière* did too, until a compound of a derived noun's stem
#: (*coffee* for *café*, the stem of *cafetière*) counted as rendering it (issue 36).
LEGITIMATE = {"unrelated-heldout3": (10, ()), "unrelated-heldout4": (10, ()),
              "unrelated-heldout5": (10, ("S2d",)), "unrelated-heldout6": (6, ()),
              "unrelated-heldout7": (15, ("NF2",)), "unrelated-heldout8": (20, ()),
              "unrelated-heldout9": (25, ()), "unrelated-heldout10": (25, ())}


@pytest.mark.parametrize("unrelated", sorted(UNRELATED_PASSES))
def test_unrelated_outputs_do_not_pass(unrelated: str) -> None:
    passes = [(suite_name, c.item, c.output, c.reason) for suite_name in SUITES
              for c in variant_evaluation(suite_name, (unrelated,)).cases if c.auto == "pass" and c.human == "no"]
    assert len(passes) <= UNRELATED_PASSES[unrelated], passes


@pytest.mark.parametrize("unrelated", sorted(LEGITIMATE))
def test_the_legitimate_outputs_of_the_unrelated_sets_pass(unrelated: str) -> None:
    """Their correct renderings (human "yes": 10 each, 6 in the sixth, 15 in the seventh, 20 in the eighth,
    25 in the ninth and tenth) guard the rules
    against being too strict."""
    legitimate = [(c.item, c.output, c.auto, c.reason) for suite_name in SUITES
                  for c in variant_evaluation(suite_name, (unrelated,)).cases if c.human == "yes"]
    count, left = LEGITIMATE[unrelated]
    assert len(legitimate) == count, legitimate
    assert sorted(item for item, _, auto, _ in legitimate if auto != "pass") == sorted(left), legitimate
