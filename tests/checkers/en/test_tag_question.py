"""The ``en_tag_question`` family on hand-written English variants of its items (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.tag_question import EnglishTagQuestionChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.checkers.suite_items import family_items

CHECKER = EnglishTagQuestionChecker()
#: The family's items, as the suite defines them.
ITEMS = family_items("en_tag_question")


def item(item_id: str) -> ChallengeItem:
    return ITEMS[item_id]


def outcome(item_id: str, output: str) -> Outcome:
    return CHECKER.check(item=item(item_id), output=output).outcome


#: Variants written by hand (correct ones pass, wrong ones fail); UNDECIDED lists those the family defers.
VARIANTS: list[tuple[str, Outcome, list[str]]] = [
    ("TQ1", Outcome.PASS, ["He saw the picture yesterday, didn't he?", "He saw the photo yesterday, didn’t he?",
                            "He saw the photograph yesterday, did he not?",
                            "He saw the picture yesterday, didn’t he ?",
                            "He did see the picture yesterday, didn't he?",
                            "He has seen the photo yesterday, hasn't he?", "Yesterday he saw the photo, didn't he?",
                            "He saw the photo yesterday, didn't he ?", "He saw the pic yesterday, didn’t he?",
                            "He looked at the photo yesterday, didn't he?",
                            "He viewed the photograph yesterday, didn't he?",
                            "He had seen the photo yesterday, hadn't he?", "He saw the photo yesterday – didn't he?",
                            "He saw the photo yesterday didn't he?"]),
    ("TQ1", Outcome.FAIL, ["He saw the picture yesterday, isn't it?", "He saw the picture yesterday, is it not?",
                            "He saw the photo yesterday, hasn't he?", "He saw the photo yesterday, didn't she?",
                            "He saw the photo yesterday, did he?", "He saw the picture yesterday, wasn't it?",
                            "He saw the picture yesterday.", "He saw the picture yesterday, didn't it?",
                            "He saw the picture yesterday, n'est-ce pas?", "He saw the photo yesterday, doesn't he?",
                            "He saw the photo yesterday, hasn't it?", "He saw the picture yesterday, didn't him?",
                            "He saw the picture yesterday, isn't he?"]),
    # invariant tags select no auxiliary: not the English tag question (issue 23; "right?" was once judged
    # correct by hand, the rule overrides it)
    ("TQ1", Outcome.FAIL, ["He saw the picture yesterday, right?", "He saw the picture yesterday, not?",
                           "He saw the photo yesterday, is it not so?", "He saw the photo yesterday, no?",
                           "He saw the picture yesterday, not true?", "He saw the picture yesterday, isn't that so?",
                           "He saw the photo yesterday – yes?", "He saw the picture yesterday, eh?"]),
    ("TQ2", Outcome.PASS, ["We should check the oil level, shouldn't we?",
                            "We should check the oil level, should we not?",
                            "We ought to check the oil level, shouldn't we?",
                            "We should check the oil level, shouldn’t we ?",
                            "We'd better check the oil level, hadn't we?",
                            "We need to check the oil level, don't we?", "We must check the oil level, mustn't we?",
                            "We should probably check the oil level, shouldn't we?",
                            "We should check the oil level, shouldn't we ?",
                            "We ought to check the oil level, oughtn't we?",
                            "We should verify the oil level, shouldn't we?",
                            "We should be checking the oil level, shouldn't we?",
                            "We should check the level of oil, shouldn't we?",
                            "We should check the oil level - shouldn't we?"]),
    ("TQ2", Outcome.FAIL, ["We should check the oil level, isn't it?",
                            "We should check the oil level, shouldn't it?",
                            "We should check the oil level, don't we?", "We should check the oil level, should we?",
                            "We should check the oil level, shouldn't they?",
                            "We should check the oil level, is it not?",
                            "We should check the oil level, n'est-ce pas?", "We should check the oil level.",
                            "We should check the oil level, wouldn't we?", "We should check the oil level, won't we?",
                            "We should check the oil level, aren't we?", "We should check the oil level, shan't we?"]),
    # judged by hand: wrong (archaic order)
    ("TQ2", Outcome.UNDECIDED, ["We should check the oil level, should not we?"]),
    # invariant tags (issue 23; the first two were once judged correct by hand)
    ("TQ2", Outcome.FAIL, ["We should check the oil level, isn't that right?", "We should check the oil level, right?",
                           "We should check the oil level, not?", "We should check the oil level, no?",
                           "We should check the oil level, is it not so?", "We should check the oil level, okay?"]),
]


@pytest.mark.parametrize(("item_id", "output", "expected"),
                         [(i, o, e) for i, e, outputs in VARIANTS for o in outputs])
def test_hand_written_variants(item_id: str, output: str, expected: Outcome) -> None:
    assert outcome(item_id, output) is expected


def test_the_auxiliary_is_read_from_the_outputs_own_clause() -> None:
    tense = CHECKER.check(item=item("TQ1"), output="He has seen the photo yesterday, hasn't he?")
    assert tense.outcome is Outcome.PASS and "'He has'" in tense.reason
    wrong = CHECKER.check(item=item("TQ1"), output="He saw the photo yesterday, hasn't he?")
    assert wrong.outcome is Outcome.FAIL and "'has' does not repeat the verb of 'He saw'" in wrong.reason
    assert outcome("TQ2", "We'd better check the oil level, hadn't we?") is Outcome.PASS
    assert outcome("TQ2", "We'd better check the oil level, wouldn't we?") is Outcome.FAIL


def test_reasons_name_the_tag_and_what_is_wrong() -> None:
    calque = CHECKER.check(item=item("TQ1"), output="He saw the picture yesterday, isn't it?")
    assert "calque of 'n'est-ce pas'" in calque.reason and "expected 'he'" in calque.reason
    polarity = CHECKER.check(item=item("TQ2"), output="We should check the oil level, should we?")
    assert "positive tag after a positive statement" in polarity.reason
    lost = CHECKER.check(item=item("TQ2"), output="We should check the oil level.")
    assert lost.outcome is Outcome.FAIL and "lost" in lost.reason


def test_a_final_clause_is_not_read_as_an_invariant_tag() -> None:
    assert outcome("TQ1", "Yesterday, he saw the picture?") is Outcome.UNDECIDED
    assert outcome("TQ1", "Yesterday, Max saw it?") is Outcome.UNDECIDED
    invariant = CHECKER.check(item=item("TQ1"), output="He saw the picture yesterday, not?")
    assert "invariant tag 'not'" in invariant.reason


def test_archaic_order_and_rephrased_questions_are_left_to_a_human() -> None:
    assert outcome("TQ1", "He saw the picture yesterday, did not he?") is Outcome.UNDECIDED
    assert outcome("TQ1", "Didn't he see the picture yesterday?") is Outcome.UNDECIDED
    assert outcome("TQ1", "") is Outcome.NA


def test_the_source_tense_is_used_only_when_the_clause_has_no_verb() -> None:
    assert outcome("TQ1", "Yesterday, the picture, didn't he?") is Outcome.PASS
    assert outcome("TQ1", "Yesterday, the picture, hasn't he?") is Outcome.FAIL


@pytest.mark.parametrize(("params", "message"), [
    ({}, "pronouns"),
    ({"pronouns": "he"}, "pronouns"),
    ({"pronouns": ["he"], "auxiliaries": ["went"]}, "auxiliaries"),
    ({"pronouns": ["he"], "subject": "max"}, "subject"),
    ({"pronouns": ["he"], "tags": ["didn't he"]}, "'tags'"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EnglishTagQuestionChecker.parse_params(params)


@pytest.mark.parametrize(("output", "content"), [
    ("He saw the picture yesterday, didn't he?", ("saw",)),
    ("He has already seen the photo, hasn't he?", ("seen",)),       # the participle after the auxiliary
    ("He did look at the photo yesterday, didn't he?", ("look",)),  # after emphatic do
])
def test_a_pass_rests_on_the_statements_lexical_verb(output: str, content: tuple[str, ...]) -> None:
    # not the tag: the judge asks whether the statement's verb translates the source's
    found = CHECKER.check(item=item("TQ1"), output=output)
    assert found.outcome is Outcome.PASS and found.content == content
