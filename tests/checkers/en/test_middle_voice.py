"""The en_middle_voice family on hand-written English variants of the middle voice (MV1), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.middle_voice import MiddleVoiceChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = MiddleVoiceChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_middle_voice", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Ce type de moteur se répare facilement. → This type of engine can be repaired easily.
MV1: dict[str, object] = {'verbs': ['repair', 'fix', 'mend', 'service', 'restore', 'overhaul']}

VARIANTS = [
    (MV1, 'This type of engine can be repaired easily.', Outcome.PASS),
    (MV1, 'This type of engine is easily repaired.', Outcome.PASS),
    (MV1, 'This type of engine can easily be repaired.', Outcome.PASS),
    (MV1, 'This type of engine is easy to repair.', Outcome.PASS),
    (MV1, 'This kind of motor can be fixed easily.', Outcome.PASS),
    (MV1, 'This type of engine is repaired easily.', Outcome.PASS),
    (MV1, 'It is easy to repair this type of engine.', Outcome.PASS),
    (MV1, 'This type of engine is easily fixed.', Outcome.PASS),
    (MV1, 'This type of engine repairs itself easily.', Outcome.FAIL),
    (MV1, 'This type of engine fixes itself easily.', Outcome.FAIL),
    (MV1, 'This kind of engine easily repairs itself.', Outcome.FAIL),
    (MV1, 'This type of engine is repairing itself easily.', Outcome.FAIL),
    (MV1, 'This type of motor can repair itself easily.', Outcome.FAIL),
    (MV1, 'This type of engine is easy to fix.', Outcome.PASS),
    (MV1, 'This kind of engine can be easily repaired.', Outcome.PASS),
    (MV1, 'This type of engine repairs itself.', Outcome.FAIL),
    (MV1, 'Engines of this type are easily repaired.', Outcome.PASS),
    (MV1, 'This sort of engine is simple to repair.', Outcome.PASS),
    (MV1, 'This engine type easily fixes itself.', Outcome.FAIL),
    (MV1, 'This type of engine can be repaired very easily.', Outcome.PASS),
    (MV1, 'This type of engine repairs itself very easily.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_construction() -> None:
    verdict = CHECKER.check(item=english(**MV1), output="This type of engine repairs itself easily.")
    assert verdict.outcome is Outcome.FAIL and "'repairs itself'" in verdict.reason and "reflexive" in verdict.reason
    verdict = CHECKER.check(item=english(**MV1), output="This type of engine is easily repaired.")
    assert verdict.outcome is Outcome.PASS and "'is easily repaired'" in verdict.reason


def test_a_generic_subject_with_an_active_verb_passes() -> None:
    assert outcome(MV1, "You can easily repair this type of engine.") is Outcome.PASS
    assert outcome(MV1, "One can repair this type of engine easily.") is Outcome.PASS


@pytest.mark.parametrize("output", [
    "This type of engine repairs easily.", "This kind of motor fixes easily.", "These engines repair easily.",
    "This type of engine mends with ease.", "This kind of engine repairs without difficulty.",
    "This type of engine services quickly.", "Engines of this type repair readily.",
    "This type of engine can repair easily.", "This sort of engine repaired easily.",
])
def test_the_english_middle_passes(output: str) -> None:
    """The English middle: the patient as subject of the active verb, no object, a facility modifier
    (*This book reads easily*, *This car handles well*)."""
    assert outcome(MV1, output) is Outcome.PASS


def test_other_active_verbs_are_deferred() -> None:
    assert outcome(MV1, "This type of engine repairs automatically.") is Outcome.UNDECIDED  # no facility
    assert outcome(MV1, "He repairs easily.") is Outcome.UNDECIDED  # an agent subject
    assert outcome(MV1, "This type of engine repairs engines easily.") is Outcome.UNDECIDED  # an object
    assert outcome(MV1, "This type of engine is reliable.") is Outcome.UNDECIDED
    assert outcome(MV1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"verbs": "repair"},
    {"verbs": []},
    {"verbs": ["repair"], "easy": [""]},
    {"verbs": ["repair"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        MiddleVoiceChecker.parse_params(params)
