"""The en_clause_tense family on hand-written English variants of verb tense (VT1) and tense concord (TC1), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.clause_tense import ClauseTenseChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = ClauseTenseChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_clause_tense", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Il est essentiel qu’il arrive à temps. → It is essential that he arrive on time.
VT1: dict[str, object] = {'triggers': ['essential', 'vital', 'crucial', 'imperative', 'important', 'necessary', 'indispensable',
                                      'critical', 'paramount', 'key', 'fundamental'],
                         'accept': ['base', 'should'],
                         'reject': ['present', 'past', 'future', 'going_to', 'conditional', 'present_perfect', 'past_perfect']}
# Max partira dès que tu te lèveras. → Max will leave as soon as you get up.
TC1: dict[str, object] = {'triggers': ['as soon as', 'once', 'when', 'the moment', 'the minute', 'the instant', 'immediately',
                                      'directly', 'right after', 'just after', 'after', 'whenever'],
                         'accept': ['present', 'plain', 'present_perfect', 'base'],
                         'reject': ['future', 'going_to', 'conditional', 'past', 'past_perfect']}

VARIANTS = [
    (VT1, 'It is essential that he arrive on time.', Outcome.PASS),
    (VT1, "It's essential that he arrive in time.", Outcome.PASS),
    (VT1, 'It is essential that he should arrive on time.', Outcome.PASS),
    (VT1, 'It is essential that he be on time.', Outcome.PASS),
    (VT1, 'It is vital that he arrive on time.', Outcome.PASS),
    (VT1, 'It is crucial that he get there on time.', Outcome.PASS),
    (VT1, 'It is essential he arrive on time.', Outcome.PASS),
    (VT1, 'It is essential that he arrives on time.', Outcome.FAIL),
    (VT1, "It's essential that he arrives in time.", Outcome.FAIL),
    (VT1, 'It is essential that he will arrive on time.', Outcome.FAIL),
    (VT1, 'It is essential that he comes on time.', Outcome.FAIL),
    (VT1, 'It is essential that he gets there on time.', Outcome.FAIL),
    (VT1, 'It is essential that he is on time.', Outcome.FAIL),
    (VT1, 'It is vital that he arrives on time.', Outcome.FAIL),
    (VT1, 'It is essential he arrives on time.', Outcome.FAIL),
    (VT1, 'It is essential for him to arrive on time.', Outcome.PASS),
    (VT1, 'It is essential that he arrives not late.', Outcome.FAIL),
    (VT1, 'It is imperative that he arrive on time.', Outcome.PASS),
    (VT1, 'It is essential that he will be on time.', Outcome.FAIL),
    (VT1, "It's crucial that he gets there in time.", Outcome.FAIL),
    (VT1, 'It’s essential that he be there on time.', Outcome.PASS),
    (VT1, 'It is important that he would arrive on time.', Outcome.FAIL),
    (VT1, 'It is essential that he arrives on time.', Outcome.FAIL),
    (VT1, 'It is crucial that he arrives on time.', Outcome.FAIL),
    (VT1, 'It is essential that he get here on time.', Outcome.PASS),
    (TC1, 'Max will leave as soon as you get up.', Outcome.PASS),
    (TC1, 'Max will leave as soon as you wake up.', Outcome.PASS),
    (TC1, 'Max will go as soon as you get up.', Outcome.PASS),
    (TC1, 'Max will leave once you get up.', Outcome.PASS),
    (TC1, 'Max will leave when you get up.', Outcome.PASS),
    (TC1, 'Max is leaving as soon as you get up.', Outcome.PASS),
    (TC1, 'Max will leave as soon as you’ve got up.', Outcome.PASS),
    (TC1, 'Max will leave as soon as you stand up.', Outcome.PASS),
    (TC1, 'Max will depart as soon as you rise.', Outcome.PASS),
    (TC1, 'Max will leave as soon as you will get up.', Outcome.FAIL),
    (TC1, 'Max will leave as soon as you’ll get up.', Outcome.FAIL),
    (TC1, 'Max will leave as soon as you got up.', Outcome.FAIL),
    (TC1, 'Max left as soon as you got up.', Outcome.FAIL),
    (TC1, 'Max will leave as soon as you would get up.', Outcome.FAIL),
    (TC1, 'Max will leave as soon as you will wake up.', Outcome.FAIL),
    (TC1, 'Max will leave as soon as you shall rise.', Outcome.FAIL),
    (TC1, 'Max will leave as soon as you are going to get up.', Outcome.FAIL),
    (TC1, 'Max will leave as soon as you are up.', Outcome.PASS),
    (TC1, 'Max will leave as soon as you have got up.', Outcome.PASS),
    (TC1, "Max is going to leave as soon as you'll get up.", Outcome.FAIL),
    (TC1, 'Max will leave as soon as you will be up.', Outcome.FAIL),
    (TC1, 'Max leaves as soon as you get up.', Outcome.PASS),
    (TC1, 'Max will go away as soon as you get out of bed.', Outcome.PASS),
    (TC1, "Max will leave as soon as you've woken up.", Outcome.PASS),
    (TC1, 'Max will go away as soon as you will have got up.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reason_names_the_clause_and_its_tense() -> None:
    verdict = CHECKER.check(item=english(**VT1), output="It is essential that he arrives on time.")
    assert verdict.outcome is Outcome.FAIL
    assert "'he arrives'" in verdict.reason and "simple present" in verdict.reason
    assert "bare (subjunctive) form or should + infinitive" in verdict.reason
    verdict = CHECKER.check(item=english(**TC1), output="Max will leave as soon as you'll get up.")
    assert verdict.outcome is Outcome.FAIL and "future with will/shall" in verdict.reason


def test_a_bare_form_that_may_be_a_present_is_deferred() -> None:
    assert outcome(VT1, "It is essential that they arrive on time.") is Outcome.UNDECIDED
    assert outcome(VT1, "It is essential that they arrive on time and that he arrives too.") is Outcome.UNDECIDED


@pytest.mark.parametrize(("params", "output", "expected"), [
    (VT1, "It is vital what she be there on time.", Outcome.PASS),
    (VT1, "It is crucial what he come in time.", Outcome.PASS),
    (VT1, "It is essential what he comes at time.", Outcome.FAIL),
    (VT1, "It is important what he will arrive on time.", Outcome.FAIL),
])
def test_what_for_que_after_a_trigger_opens_the_clause(params: Mapping[str, object], output: str,
                                                        expected: Outcome) -> None:
    """*que* rendered word for word as *what*: the clause after it is still the trigger's."""
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output", "expected"), [
    (TC1, "Max will go as soon as you you get up.", Outcome.PASS),
    (TC1, "Max will go as soon as you you will get up.", Outcome.FAIL),
    (TC1, "Max will leave once it it will rise.", Outcome.FAIL),
    (TC1, "Max goes from that you you will rise.", Outcome.FAIL),
])
def test_a_subject_pronoun_repeated_for_the_clitic_is_skipped(params: Mapping[str, object], output: str,
                                                              expected: Outcome) -> None:
    """*tu te lèveras* → *you you will raise*: the clitic *te* rendered as the subject's own form."""
    assert outcome(params, output) is expected


def test_modal_and_missing_trigger_are_deferred() -> None:
    assert outcome(VT1, "It is essential that he must arrive on time.") is Outcome.UNDECIDED
    assert outcome(VT1, "He has to arrive on time.") is Outcome.UNDECIDED
    assert outcome(TC1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"triggers": ["once"], "accept": ["present"]},
    {"triggers": "once", "accept": ["present"], "reject": ["future"]},
    {"triggers": ["once"], "accept": ["presentish"], "reject": ["future"]},
    {"triggers": ["once"], "accept": ["present"], "reject": ["present"]},
    {"triggers": ["once"], "accept": "present", "reject": ["future"]},
    {"triggers": ["once"], "accept": ["present"], "reject": ["future"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        ClauseTenseChecker.parse_params(params)


# -- the clause must be the source's: its subject keeps the reference's person, he stays he (issue 23, 5) --

def judged(params: Mapping[str, object], reference: str, output: str) -> tuple[Outcome, str]:
    found = item(references=(reference,), checker="en_clause_tense", params=params)
    verdict = CHECKER.check(item=found, output=output)
    return verdict.outcome, verdict.reason


@pytest.mark.parametrize(("params", "reference", "output"), [
    (VT1, "It is vital that she leave early.", "It is vital that he be given a chance."),         # she / he
    (VT1, "It is vital that she leave early.", "It is important that we should leave early."),    # 3rd / 1st
    (TC1, "I will call you as soon as you arrive.", "The shop will open as soon as the owner has arrived."),
])
def test_a_clause_in_the_right_form_about_someone_else_fails(params: Mapping[str, object], reference: str,
                                                              output: str) -> None:
    found, reason = judged(params, reference, output)
    assert found is Outcome.FAIL and "is not the reference's" in reason  # the shared participant check (issue 36)


@pytest.mark.parametrize(("params", "reference", "output"), [
    (VT1, "It is vital that she leave early.", "It is crucial that she leave early."),
    (VT1, "It is vital that he leave early.", "It is vital that it leave early."),              # il: he or it
    (VT1, "It is vital that my sister leave early.", "It is vital that she should leave early."),  # 3rd both
    (TC1, "I will call you as soon as you arrive.", "I'll phone you once you get here."),
])
def test_a_clause_about_the_same_subject_in_other_words_passes(params: Mapping[str, object], reference: str,
                                                               output: str) -> None:
    assert judged(params, reference, output)[0] is Outcome.PASS


def test_a_pronoun_of_another_number_fails_and_an_unlinked_noun_phrase_is_left_to_a_human() -> None:
    """The shared participant check (issue 36): *they* is not *she*, though both are 3rd person; *the owner* renders
    no word of the source nor of the reference."""
    assert judged(VT1, "It is vital that she leave early.", "It is vital that they should leave early.")[0] is Outcome.FAIL
    assert judged(VT1, "It is vital that my sister leave early.",
                  "It is vital that the owner leave early.")[0] is Outcome.UNDECIDED


@pytest.mark.parametrize(("params", "output", "content"), [
    (VT1, "It is vital that he should not leave early.", ("leave",)),        # past the modal and the negation
    (VT1, "It is crucial for him to come back on time.", ("come",)),        # for + subject + to-infinitive
    (VT1, "It is crucial that he be there.", ()),                            # no open-class word: rests on none
    (TC1, "Max will go as soon as you have eaten.", ("eaten",)),             # the participle after have
])
def test_a_pass_rests_on_the_clauses_lexical_verb(params: Mapping[str, object], output: str,
                                                  content: tuple[str, ...]) -> None:
    # the judge asks whether this verb translates the source's (*leave* for *arrive* is another sentence)
    found = CHECKER.check(item=english(**params), output=output)
    assert found.outcome is Outcome.PASS and found.content == content
