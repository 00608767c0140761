"""The en_finite_clause family on hand-written English variants of non-finite to finite clauses (NF1-NF3), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.finite_clause import FiniteClauseChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = FiniteClauseChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_finite_clause", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Max croit connaître la vérité. → Max thinks he knows the truth.
NF1: dict[str, object] = {'governors': ['think', 'believe', 'feel', 'reckon', 'suppose', 'consider', 'imagine', 'assume', 'be convinced',
                                       'be sure', 'be certain', 'be persuaded'],
                         'subjects': ['he'],
                         'verbs': ['know', 'understand'],
                         'accept': ['present'],
                         'reject': ['past', 'past_perfect', 'future', 'going_to', 'conditional', 'nonfinite']}
# Mary croyait connaître la vérité. → Mary thought she knew the truth.
NF2: dict[str, object] = {'governors': ['think', 'believe', 'feel', 'reckon', 'suppose', 'consider', 'imagine', 'assume', 'be convinced',
                                       'be sure', 'be certain', 'be persuaded'],
                         'subjects': ['she'],
                         'verbs': ['know', 'understand'],
                         'accept': ['past'],
                         'reject': ['present', 'present_perfect', 'future', 'going_to', 'conditional', 'nonfinite']}
# Aussitôt son travail terminé, Mary partit. → As soon as her work was over, Mary left.
NF3: dict[str, object] = {'conjunctions': ['as soon as', 'once', 'immediately after', 'right after', 'just after', 'directly after',
                                          'after', 'when', 'the moment', 'the minute'],
                         'subjects': ['her work', 'her job', 'her task', 'her labour', 'her labor', 'her assignment', 'her chores',
                                      'her duties', 'she'],
                         'accept': ['past', 'past_perfect'],
                         'reject': ['present', 'present_perfect', 'future', 'going_to', 'conditional', 'nonfinite', 'none']}

VARIANTS = [
    (NF1, 'Max thinks he knows the truth.', Outcome.PASS),
    (NF1, 'Max believes he knows the truth.', Outcome.PASS),
    (NF1, 'Max thinks that he knows the truth.', Outcome.PASS),
    (NF1, 'Max believes that he knows the truth.', Outcome.PASS),
    (NF1, 'Max feels he knows the truth.', Outcome.PASS),
    (NF1, 'Max is convinced he knows the truth.', Outcome.PASS),
    (NF1, 'Max thinks he knows the real truth.', Outcome.PASS),
    (NF1, 'Max thinks to know the truth.', Outcome.FAIL),
    (NF1, 'Max believes to know the truth.', Outcome.FAIL),
    (NF1, 'Max thinks she knows the truth.', Outcome.FAIL),
    (NF1, 'Max thinks he knew the truth.', Outcome.FAIL),
    (NF1, 'Max believes knowing the truth.', Outcome.FAIL),
    (NF1, 'Max thinks they know the truth.', Outcome.FAIL),
    (NF1, 'Max thinks he will know the truth.', Outcome.FAIL),
    (NF1, 'Max reckons he knows the truth.', Outcome.PASS),
    (NF1, 'Max thinks knowing the truth.', Outcome.FAIL),
    (NF1, 'Max believes that she knows the truth.', Outcome.FAIL),
    (NF1, 'Max thinks he really knows the truth.', Outcome.PASS),
    (NF1, 'Max believed he knew the truth.', Outcome.FAIL),
    (NF1, 'Max thinks he would know the truth.', Outcome.FAIL),
    (NF1, 'Max thinks he knows the whole truth.', Outcome.PASS),
    (NF1, 'Max thinks knowing the truth.', Outcome.FAIL),
    (NF2, 'Mary thought she knew the truth.', Outcome.PASS),
    (NF2, 'Mary believed she knew the truth.', Outcome.PASS),
    (NF2, 'Mary thought that she knew the truth.', Outcome.PASS),
    (NF2, 'Mary was convinced she knew the truth.', Outcome.PASS),
    (NF2, 'Mary believed that she knew the truth.', Outcome.PASS),
    (NF2, 'Mary felt she knew the truth.', Outcome.PASS),
    (NF2, 'Mary thought to know the truth.', Outcome.FAIL),
    (NF2, 'Mary believed to know the truth.', Outcome.FAIL),
    (NF2, 'Mary thought he knew the truth.', Outcome.FAIL),
    (NF2, 'Mary thought she knows the truth.', Outcome.FAIL),
    (NF2, 'Mary believed she knows the truth.', Outcome.FAIL),
    (NF2, 'Mary thought she would know the truth.', Outcome.FAIL),
    (NF2, 'Mary believed knowing the truth.', Outcome.FAIL),
    (NF2, 'Mary thought that she knew the truth.', Outcome.PASS),
    (NF2, 'Mary thought she had the truth to know.', Outcome.UNDECIDED),
    (NF2, 'Mary thought to be knowing the truth.', Outcome.FAIL),
    (NF2, 'Mary was sure she knew the truth.', Outcome.PASS),
    (NF2, 'Mary believed she will know the truth.', Outcome.FAIL),
    (NF2, 'Mary thought they knew the truth.', Outcome.FAIL),
    (NF2, 'Mary believed she knows the truth.', Outcome.FAIL),
    (NF2, 'Mary believed that she knew the truth.', Outcome.PASS),
    (NF3, 'As soon as her work was over, Mary left.', Outcome.PASS),
    (NF3, 'As soon as her work was finished, Mary left.', Outcome.PASS),
    (NF3, 'As soon as her work was done, Mary left.', Outcome.PASS),
    (NF3, 'Once her work was finished, Mary left.', Outcome.PASS),
    (NF3, 'As soon as she had finished her work, Mary left.', Outcome.PASS),
    (NF3, 'As soon as she finished her work, Mary left.', Outcome.PASS),
    (NF3, 'As soon as her work was completed, Mary went away.', Outcome.PASS),
    (NF3, 'Immediately after her work was done, Mary left.', Outcome.PASS),
    (NF3, 'As soon as her work finished, Mary left.', Outcome.UNDECIDED),
    (NF3, 'As soon as his work was finished, Mary left.', Outcome.FAIL),
    (NF3, 'As soon as her work is finished, Mary left.', Outcome.FAIL),
    (NF3, 'As soon as her work done, Mary left.', Outcome.FAIL),
    (NF3, 'As soon as her work completed, Mary left.', Outcome.FAIL),  # "complete" has no intransitive use
    (NF3, 'As soon as his work finished, Mary left.', Outcome.FAIL),
    (NF3, 'As soon as he finished his work, Mary left.', Outcome.FAIL),
    (NF3, 'As soon as her work will be finished, Mary left.', Outcome.FAIL),
    (NF3, 'As soon as she was done with her work, Mary left.', Outcome.PASS),
    (NF3, 'Once her job was done, Mary went away.', Outcome.PASS),
    (NF3, 'As soon as her work is done, Mary left.', Outcome.FAIL),
    (NF3, 'As soon as his job was done, Mary left.', Outcome.FAIL),
    (NF3, 'As soon as her work had been completed, Mary left.', Outcome.PASS),
    (NF3, 'Once his work finished, Mary left.', Outcome.FAIL),
    (NF3, 'As soon as her work was done, Mary went off.', Outcome.PASS),
    (NF3, 'As soon as her work done, Mary left.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_clause_subject_and_tense() -> None:
    verdict = CHECKER.check(item=english(**NF1), output="Max thinks to know the truth.")
    assert verdict.outcome is Outcome.FAIL and "'to know'" in verdict.reason and "finite clause" in verdict.reason
    verdict = CHECKER.check(item=english(**NF2), output="Mary thought he knew the truth.")
    assert verdict.outcome is Outcome.FAIL and "'he'" in verdict.reason and "masculine" in verdict.reason
    verdict = CHECKER.check(item=english(**NF3), output="As soon as his work was finished, Mary left.")
    assert verdict.outcome is Outcome.FAIL and "'his'" in verdict.reason
    verdict = CHECKER.check(item=english(**NF2), output="Mary thought she knows the truth.")
    assert verdict.outcome is Outcome.FAIL and "simple present" in verdict.reason and "simple past" in verdict.reason


def test_a_past_that_may_be_finite_is_deferred() -> None:
    """*finish* has an intransitive use with the undergoer as subject (*the work finished at five*)."""
    assert outcome(NF3, "As soon as her work finished, Mary left.") is Outcome.UNDECIDED
    assert outcome(NF3, "Once her job ended, Mary went away.") is Outcome.UNDECIDED
    assert outcome(NF3, "As soon as she finished her work, Mary left.") is Outcome.PASS


@pytest.mark.parametrize("output", [
    "Her work finished, Mary left.", "Her job done, Mary went away.", "Her task accomplished, Mary left.",
    "Instantly her work ended, Mary went off.", "Her work quickly completed, Mary left.",
    "Her chores finished, Mary set off.",
])
def test_an_absolute_construction_without_conjunction_fails(output: str) -> None:
    """A noun phrase + participle + comma before the main clause, no conjunction: the French participle
    clause kept non-finite, and *aussitôt* lost."""
    assert outcome(NF3, output) is Outcome.FAIL


def test_a_clause_without_participle_or_comma_is_not_an_absolute_construction() -> None:
    assert outcome(NF3, "Her work was over, and Mary left.") is Outcome.UNDECIDED
    assert outcome(NF3, "Mary left, her work finished.") is Outcome.UNDECIDED


@pytest.mark.parametrize("output", ["Once her task accomplished, Mary left.", "As soon as her job done, Mary left.",
                                    "Once her work completed, Mary went off."])
def test_a_participle_of_a_verb_without_intransitive_use_fails(output: str) -> None:
    assert outcome(NF3, output) is Outcome.FAIL


def test_another_verb_or_subject_is_deferred() -> None:
    assert outcome(NF1, "Max thinks he is aware of the truth.") is Outcome.UNDECIDED
    assert outcome(NF1, "Max believes himself to know the truth.") is Outcome.UNDECIDED
    assert outcome(NF3, "As soon as the work was finished, Mary left.") is Outcome.UNDECIDED
    assert outcome(NF1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"subjects": ["he"], "accept": ["present"], "reject": ["past"]},
    {"governors": ["think"], "subjects": "he", "accept": ["present"], "reject": ["past"]},
    {"governors": ["think"], "subjects": ["he"], "accept": ["presentish"], "reject": ["past"]},
    {"governors": ["think"], "subjects": ["he"], "accept": ["past"], "reject": ["past"]},
    {"governors": ["think"], "subjects": ["he"], "accept": ["present"], "reject": ["past"], "verbs": "know"},
    {"governors": ["think"], "subjects": ["he"], "accept": ["present"], "reject": ["past"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        FiniteClauseChecker.parse_params(params)


@pytest.mark.parametrize(("output", "expected"), [
    ("As soon as its finished work, Mary left.", Outcome.FAIL),
    ("Once her completed task, Mary went away.", Outcome.FAIL),
    ("After her work, Mary left.", Outcome.UNDECIDED),  # no participle: a prepositional phrase, rephrased
])
def test_a_participle_turned_into_an_adjective_leaves_no_clause(output: str, expected: Outcome) -> None:
    assert outcome(NF3, output) is expected


@pytest.mark.parametrize(("params", "output", "content"), [
    (NF3, "As soon as her work was finished, Mary left.", ("finished",)),  # no verbs: the participle after be
    (NF3, "As soon as her work was over, Mary left.", ()),              # a closed-class predicate: none
    (NF3, "As soon as she had painted the door, Mary left.", ("painted",)),  # the participle after had
    (NF1, "Max thinks he knows the truth.", ()),                        # with verbs: one of the item's renderings
])
def test_a_pass_rests_on_the_clauses_lexical_verb(params: Mapping[str, object], output: str,
                                                  content: tuple[str, ...]) -> None:
    # the judge asks whether this verb translates the source's (*sold* for *terminé* is another sentence)
    found = CHECKER.check(item=english(**params), output=output)
    assert found.outcome is Outcome.PASS and found.content == content
