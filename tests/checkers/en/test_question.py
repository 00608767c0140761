"""The ``en_question`` family on hand-written English variants of its items (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.question import EnglishQuestionChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.checkers.suite_items import family_items

CHECKER = EnglishQuestionChecker()
#: The family's items, as the suite defines them.
ITEMS = family_items("en_question")


def item(item_id: str) -> ChallengeItem:
    return ITEMS[item_id]


def outcome(item_id: str, output: str) -> Outcome:
    return CHECKER.check(item=item(item_id), output=output).outcome


#: Variants written by hand (correct ones pass, wrong ones fail); UNDECIDED lists those the family defers.
VARIANTS: list[tuple[str, Outcome, list[str]]] = [
    ("YN1", Outcome.PASS, ["Have you read this book?", "Did you read this book?", "Have you read that book?",
                            "Have you already read this book?", "Did you read that book ?",
                            "Have you ever read this book?", "HAVE YOU READ THIS BOOK?",
                            "Have you read this book yet?", "Have you finished reading this book?",
                            "Have you read this book ?", "have you read this book?", "Did you ever read this book?",
                            "Have you actually read this book?", "Did you finish this book?",
                            "Have You Read This Book?", "Haven't you read this book?"]),
    ("YN1", Outcome.FAIL, ["You have read this book?", "You read this book?", "Read you this book?",
                            "Has you read this book?", "You've read this book?", "Do you have read this book?",
                            "Have read you this book?", "Is it that you have read this book?", "You read this book ?",
                            "You have read this book ?", "Read you that book?", "Is it that you've read this book?",
                            "You did read this book?"]),
    ("YN2", Outcome.PASS, ["Will Max leave on time?", "Will Max leave in time?", "Is Max going to leave on time?",
                            "Will Max be leaving on time?", "Will Max depart on time?", "Is Max leaving on time?",
                            "Will Max get away in time?", "Would Max leave on time?", "Will Max leave on time ?",
                            "Is Max going to be leaving on time?", "Will Max make it on time?",
                            "Will Max be able to leave on time?", "Will max leave on time?",
                            "Will Max get out on time?", "Shall Max leave on time?"]),
    ("YN2", Outcome.FAIL, ["Max will leave on time?", "Max will he leave on time?", "Will Max he leave on time?",
                            "Leaves Max on time?", "Will leave Max on time?", "Max leave on time?",
                            "Does Max will leave on time?", "Max is going to leave on time?",
                            "Max will leave in time?", "Max is leaving on time?", "Max, he will leave on time?",
                            "Will leave Max in time?", "Max will he depart on time?", "Max leaves on time?"]),
]


@pytest.mark.parametrize(("item_id", "output", "expected"),
                         [(i, o, e) for i, e, outputs in VARIANTS for o in outputs])
def test_hand_written_variants(item_id: str, output: str, expected: Outcome) -> None:
    assert outcome(item_id, output) is expected


def test_reasons_name_the_auxiliary_and_the_subject() -> None:
    passed = CHECKER.check(item=item("YN2"), output="Will Max leave on time?")
    assert "auxiliary 'Will'" in passed.reason and "subject 'Max'" in passed.reason
    statement = CHECKER.check(item=item("YN2"), output="Max will leave on time?")
    assert statement.outcome is Outcome.FAIL and "statement order 'Max will'" in statement.reason
    calque = CHECKER.check(item=item("YN2"), output="Max will he leave on time?")
    assert "complex inversion" in calque.reason
    agreement = CHECKER.check(item=item("YN1"), output="Has you read this book?")
    assert "'has' does not agree with the subject 'you'" in agreement.reason
    lexical = CHECKER.check(item=item("YN1"), output="Read you this book?")
    assert "lexical verb 'read'" in lexical.reason


def test_a_left_dislocated_subject_or_a_tag_is_left_to_a_human() -> None:
    assert outcome("YN2", "Max, will he leave on time?") is Outcome.UNDECIDED
    assert outcome("YN2", "Max will leave on time, won't he?") is Outcome.UNDECIDED
    assert outcome("YN1", "Has she read this book?") is Outcome.UNDECIDED  # the subject changed
    assert outcome("YN1", "") is Outcome.NA


@pytest.mark.parametrize(("params", "message"), [
    ({}, "subject"),
    ({"subject": "you"}, "subject"),
    ({"subject": ["you", "the man"]}, "subject"),
    ({"subject": ["you"], "verbs": "read"}, "verbs"),
    ({"subject": ["you"], "plural": "yes"}, "plural"),
    ({"subject": ["you"], "verb": ["read"]}, "'verb'"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EnglishQuestionChecker.parse_params(params)


@pytest.mark.parametrize(("item_id", "output", "content"), [
    ("YN1", "Have you ever borrowed this book?", ("borrowed",)),   # the participle after the fronted auxiliary
    ("YN2", "Will Max arrive on time?", ("arrive",)),              # the infinitive after the fronted modal
    ("YN1", "Have you read this book?", ()),                       # one of the item's verbs renders the source's
])
def test_a_pass_rests_on_the_questions_lexical_verb(item_id: str, output: str, content: tuple[str, ...]) -> None:
    # not the fronted auxiliary: the judge asks whether the verb translates the source's
    found = CHECKER.check(item=item(item_id), output=output)
    assert found.outcome is Outcome.PASS and found.content == content
