"""The en_voila_time family on hand-written English variants of voilà [TIME] que (VO1-VO2), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.voila_time import VoilaTimeChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = VoilaTimeChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_voila_time", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Voilà deux heures que je t’attends. → I have been waiting for you for two hours.
VO1: dict[str, object] = {'reading': 'duration',
                         'time': ['two hours', '2 hours', 'a couple of hours'],
                         'verbs': ['wait', 'await', 'expect']}
# Voilà deux ans qu’il est parti. → He left two years ago.
VO2: dict[str, object] = {'reading': 'ago',
                         'time': ['two years', '2 years', 'a couple of years'],
                         'verbs': ['leave', 'go away', 'go', 'depart', 'set off', 'move away', 'move out', 'run away'],
                         'states': ['gone', 'away', 'absent']}

VARIANTS = [
    (VO1, 'I have been waiting for you for two hours.', Outcome.PASS),
    (VO1, "I've been waiting for you for two hours.", Outcome.PASS),
    (VO1, 'I have waited for you for two hours.', Outcome.PASS),
    (VO1, 'I’ve been waiting two hours for you.', Outcome.PASS),
    (VO1, 'For two hours I have been waiting for you.', Outcome.PASS),
    (VO1, "It's been two hours since I started waiting for you.", Outcome.PASS),
    (VO1, 'I have been waiting for two hours.', Outcome.PASS),
    (VO1, "It's been two hours that I'm waiting for you.", Outcome.FAIL),
    (VO1, "That's two hours I'm waiting for you.", Outcome.FAIL),
    (VO1, 'Here are two hours that I wait for you.', Outcome.FAIL),
    (VO1, 'I am waiting for you for two hours.', Outcome.FAIL),
    (VO1, 'I wait for you for two hours.', Outcome.FAIL),
    (VO1, 'There are two hours that I wait for you.', Outcome.FAIL),
    (VO1, 'Two hours that I am waiting for you.', Outcome.FAIL),
    (VO1, 'It has been two hours that I wait for you.', Outcome.FAIL),
    (VO1, 'I’ve waited for you for two hours.', Outcome.PASS),
    (VO1, 'It is two hours that I am waiting for you.', Outcome.FAIL),
    (VO1, "It's been two hours I'm waiting for you.", Outcome.FAIL),
    (VO1, 'I have been waiting 2 hours for you.', Outcome.PASS),
    (VO1, 'I waited for you for two hours.', Outcome.FAIL),
    (VO1, "Here's two hours I'm waiting for you.", Outcome.FAIL),
    (VO1, 'I have been waiting for you for the past two hours.', Outcome.PASS),
    (VO1, "I'm waiting for you for two hours now.", Outcome.FAIL),
    (VO2, 'He left two years ago.', Outcome.PASS),
    (VO2, 'He has been gone for two years.', Outcome.PASS),
    (VO2, "He's been gone for two years.", Outcome.PASS),
    (VO2, "It's been two years since he left.", Outcome.PASS),
    (VO2, 'It has been two years since he left.', Outcome.PASS),
    (VO2, 'Two years ago, he left.', Outcome.PASS),
    (VO2, 'He has been away for two years.', Outcome.PASS),
    (VO2, 'He went away two years ago.', Outcome.PASS),
    (VO2, "It's been two years that he left.", Outcome.FAIL),
    (VO2, 'Here are two years that he left.', Outcome.FAIL),
    (VO2, 'He has left two years ago.', Outcome.FAIL),
    (VO2, 'There are two years that he is gone.', Outcome.FAIL),
    (VO2, 'He has left for two years.', Outcome.FAIL),
    (VO2, 'It is two years that he has left.', Outcome.FAIL),
    (VO2, 'He left for two years.', Outcome.FAIL),
    (VO2, 'He left 2 years ago.', Outcome.PASS),
    (VO2, 'He went two years ago.', Outcome.PASS),
    (VO2, 'It has been two years that he left.', Outcome.FAIL),
    (VO2, 'He departed two years ago.', Outcome.PASS),
    (VO2, 'He has gone two years ago.', Outcome.FAIL),
    (VO2, 'Two years have passed since he left.', Outcome.PASS),
    (VO2, 'He left about two years ago.', Outcome.PASS),
    (VO2, 'It is two years that he left.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_construction_and_tense() -> None:
    verdict = CHECKER.check(item=english(**VO1), output="It's been two hours that I'm waiting for you.")
    assert verdict.outcome is Outcome.FAIL and "word for word" in verdict.reason and "simple present" in verdict.reason
    verdict = CHECKER.check(item=english(**VO2), output="He has left two years ago.")
    assert verdict.outcome is Outcome.FAIL and "'ago'" in verdict.reason and "present perfect" in verdict.reason
    verdict = CHECKER.check(item=english(**VO1), output="I have been waiting for you for two hours.")
    assert verdict.outcome is Outcome.PASS and "'I have been waiting'" in verdict.reason


def test_a_calque_with_a_perfect_is_deferred() -> None:
    assert outcome(VO1, "It's been two hours that I've been waiting for you.") is Outcome.UNDECIDED
    assert outcome(VO2, "He's gone for two years.") is Outcome.UNDECIDED


def test_no_time_span_is_deferred() -> None:
    assert outcome(VO1, "I have been waiting for you for ages.") is Outcome.UNDECIDED
    assert outcome(VO1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"reading": "since", "time": ["two hours"], "verbs": ["wait"]},
    {"reading": "duration", "time": "two hours", "verbs": ["wait"]},
    {"reading": "duration", "time": ["two hours"]},
    {"reading": "ago", "time": ["two years"], "verbs": ["leave"], "states": "gone"},
    {"reading": "ago", "time": ["two years"], "verbs": ["leave"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        VoilaTimeChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output"), [
    (VO2, "He is gone since two years."), (VO2, "He has departed since 2 years."),
    (VO1, "I am waiting for you since two hours."), (VO1, "I've been waiting for you since 2 hours."),
])
def test_since_with_a_duration_is_the_french_depuis(params: Mapping[str, object], output: str) -> None:
    verdict = CHECKER.check(item=english(**params), output=output)
    assert verdict.outcome is Outcome.FAIL and "point in time" in verdict.reason
