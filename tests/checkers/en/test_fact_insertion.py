"""The en_fact_insertion family on hand-written English variants of 'the fact that' insertion (FI1), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.fact_insertion import FactInsertionChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = FactInsertionChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_fact_insertion", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Cela provient de ce que Max a trop dormi. → That arises from the fact that Max has slept too much.
FI1: dict[str, object] = {'accepted': ['the fact that', 'the fact', 'because', 'owing to the fact', 'on account of the fact'],
                         'prepositions': ['from', 'of', 'to', 'in', 'on']}

VARIANTS = [
    (FI1, 'That arises from the fact that Max has slept too much.', Outcome.PASS),
    (FI1, 'This comes from the fact that Max slept too much.', Outcome.PASS),
    (FI1, 'This is due to the fact that Max slept too much.', Outcome.PASS),
    (FI1, 'That stems from the fact that Max overslept.', Outcome.PASS),
    (FI1, 'This results from the fact that Max has slept too much.', Outcome.PASS),
    (FI1, "That's because Max slept too much.", Outcome.PASS),
    (FI1, 'This comes from Max having slept too much.', Outcome.PASS),
    (FI1, 'That comes from the fact Max slept too much.', Outcome.PASS),
    (FI1, 'This comes from what Max slept too much.', Outcome.FAIL),
    (FI1, 'That comes from that Max has slept too much.', Outcome.FAIL),
    (FI1, 'This stems from what Max has slept too much.', Outcome.FAIL),
    (FI1, 'It comes from what Max slept too long.', Outcome.FAIL),
    (FI1, 'That is from what Max has slept too much.', Outcome.FAIL),
    (FI1, 'This arises from that Max slept too much.', Outcome.FAIL),
    (FI1, 'This stems from the fact that Max slept too much.', Outcome.PASS),
    (FI1, 'This is because Max slept too much.', Outcome.PASS),
    (FI1, 'That comes from what Max has slept too much.', Outcome.FAIL),
    (FI1, 'That arises from what Max had slept too much.', Outcome.FAIL),
    (FI1, 'This comes from Max sleeping too much.', Outcome.PASS),
    (FI1, 'It is due to the fact that Max overslept.', Outcome.PASS),
    (FI1, 'That comes from the fact that Max has overslept.', Outcome.PASS),
    (FI1, 'That results from what Max has slept too much.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_construction() -> None:
    verdict = CHECKER.check(item=english(**FI1), output="This comes from what Max slept too much.")
    assert verdict.outcome is Outcome.FAIL and "'from what Max'" in verdict.reason and "the fact that" in verdict.reason
    verdict = CHECKER.check(item=english(**FI1), output="This comes from Max having slept too much.")
    assert verdict.outcome is Outcome.PASS and "gerund" in verdict.reason


def test_an_ordinary_noun_phrase_is_deferred() -> None:
    assert outcome(FI1, "That comes from too much sleep.") is Outcome.UNDECIDED
    assert outcome(FI1, "This comes from that.") is Outcome.UNDECIDED
    assert outcome(FI1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"accepted": ["the fact that"]},
    {"accepted": "the fact that", "prepositions": ["from"]},
    {"accepted": ["the fact that"], "prepositions": ["from"], "literal": "what"},
    {"accepted": ["the fact that"], "prepositions": ["from"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        FactInsertionChecker.parse_params(params)


@pytest.mark.parametrize(("output", "expected"), [
    ("This proves that Max slept too much.", Outcome.FAIL),
    ("That suggests that Max had slept too long.", Outcome.FAIL),
    ("That comes that Max slept too much.", Outcome.FAIL),  # the verb's preposition dropped
    ("This can mean that Max overslept.", Outcome.FAIL),
    ("The reason is that Max slept too much.", Outcome.UNDECIDED),  # after "be": not read
])
def test_a_that_clause_as_a_verbs_object_loses_the_relation(output: str, expected: Outcome) -> None:
    assert outcome(FI1, output) is expected
