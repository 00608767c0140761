"""The en_two_position_adjective family on hand-written English variants of two-position adjectives (TP1-TP2), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.two_position_adjective import (
    TwoPositionAdjectiveChecker,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = TwoPositionAdjectiveChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_two_position_adjective", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Une idée simple n’est pas forcément mauvaise. → A simple idea is not necessarily bad.
TP1: dict[str, object] = {'nouns': ['idea', 'notion', 'thought', 'concept'],
                         'accepted': ['simple', 'straightforward', 'uncomplicated', 'plain'],
                         'rejected': ['mere', 'very', 'single', 'sheer', 'just', 'merely', 'only', 'bare']}
# La simple idée de partir la terrorisait. → The mere idea of leaving terrorized her.
TP2: dict[str, object] = {'nouns': ['idea', 'notion', 'thought', 'prospect'],
                         'accepted': ['mere', 'very', 'sheer', 'bare', 'just', 'merely', 'only', 'even'],
                         'rejected': ['simple', 'single', 'plain', 'simplest', 'straightforward', 'basic', 'easy', 'uncomplicated']}

VARIANTS = [
    (TP1, 'A simple idea is not necessarily bad.', Outcome.PASS),
    (TP1, "A simple idea isn't necessarily a bad one.", Outcome.PASS),
    (TP1, 'A simple idea is not always bad.', Outcome.PASS),
    (TP1, 'A simple idea is not inevitably wrong.', Outcome.PASS),
    (TP1, 'Simple ideas are not necessarily bad.', Outcome.PASS),
    (TP1, 'An idea that is simple is not necessarily bad.', Outcome.PASS),
    (TP1, 'A straightforward idea is not necessarily bad.', Outcome.PASS),
    (TP1, 'A simple notion is not necessarily bad.', Outcome.PASS),
    (TP1, 'A mere idea is not necessarily bad.', Outcome.FAIL),
    (TP1, 'A single idea is not necessarily bad.', Outcome.FAIL),
    (TP1, "A mere idea isn't necessarily bad.", Outcome.FAIL),
    (TP1, 'Just an idea is not necessarily bad.', Outcome.FAIL),
    (TP1, 'Mere ideas are not necessarily bad.', Outcome.FAIL),
    (TP1, 'A simple idea is not always a bad idea.', Outcome.PASS),
    (TP1, 'A mere idea is not inevitably bad.', Outcome.FAIL),
    (TP1, "Simple ideas aren't necessarily bad.", Outcome.PASS),
    (TP1, "A simple notion isn't necessarily a bad one.", Outcome.PASS),
    (TP1, "A single idea isn't necessarily bad.", Outcome.FAIL),
    (TP1, 'A simple idea is not necessarily a poor one.', Outcome.PASS),
    (TP2, 'The mere idea of leaving terrorized her.', Outcome.PASS),
    (TP2, 'The very idea of leaving terrified her.', Outcome.PASS),
    (TP2, 'The mere thought of leaving terrified her.', Outcome.PASS),
    (TP2, 'The mere idea of leaving frightened her.', Outcome.PASS),
    (TP2, 'Just the idea of leaving terrified her.', Outcome.PASS),
    (TP2, 'The mere idea of going away terrorised her.', Outcome.PASS),
    (TP2, 'The very thought of leaving scared her.', Outcome.PASS),
    (TP2, 'The simple idea of leaving terrorized her.', Outcome.FAIL),
    (TP2, 'The simple idea to leave terrified her.', Outcome.FAIL),
    (TP2, 'The simple thought of leaving terrified her.', Outcome.FAIL),
    (TP2, 'The single idea of leaving terrified her.', Outcome.FAIL),
    (TP2, 'The simple idea of departing frightened her.', Outcome.FAIL),
    (TP2, 'The plain idea of leaving terrified her.', Outcome.FAIL),
    (TP2, 'The very idea of leaving terrified her.', Outcome.PASS),
    (TP2, 'The mere thought of leaving terrorised her.', Outcome.PASS),
    (TP2, 'The simple thought of leaving terrorized her.', Outcome.FAIL),
    (TP2, 'The simple idea of going terrified her.', Outcome.FAIL),
    (TP2, 'Just the thought of leaving terrified her.', Outcome.PASS),
    (TP2, 'The simple idea of leaving scared her.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_adjective_and_its_sense() -> None:
    verdict = CHECKER.check(item=english(**TP2), output="The simple idea of leaving terrorized her.")
    assert verdict.outcome is Outcome.FAIL and "'simple idea'" in verdict.reason and "other position" in verdict.reason
    verdict = CHECKER.check(item=english(**TP1), output="A mere idea is not necessarily bad.")
    assert verdict.outcome is Outcome.FAIL and "'mere idea'" in verdict.reason


def test_a_noun_without_the_adjective_is_deferred() -> None:
    assert outcome(TP1, "An idea is not necessarily bad.") is Outcome.UNDECIDED
    assert outcome(TP2, "The idea alone of leaving terrified her.") is Outcome.UNDECIDED
    assert outcome(TP2, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"nouns": ["idea"], "accepted": ["mere"]},
    {"nouns": "idea", "accepted": ["mere"], "rejected": ["simple"]},
    {"nouns": ["idea"], "accepted": ["mere"], "rejected": ["mere"]},
    {"nouns": ["idea"], "accepted": ["mere"], "rejected": ["simple"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        TwoPositionAdjectiveChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    (TP1, "A thought simple is not forcedly bad.", Outcome.PASS),
    (TP1, "One notion mere is not necessarily bad.", Outcome.FAIL),
    (TP2, "The idea mere to leave terrified her.", Outcome.PASS),
    (TP2, "The thought simple of leaving terrorised her.", Outcome.FAIL),
    (TP1, "An idea only is not necessarily bad.", Outcome.UNDECIDED),  # an adverb after the noun: not read
])
def test_an_adjective_left_after_its_noun_is_judged_by_its_sense(params: Mapping[str, object], output: str,
                                                                 expected: Outcome) -> None:
    assert outcome(params, output) is expected
