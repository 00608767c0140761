"""The en_manner_of_movement family on hand-written English variants of manner-of-movement verbs (MM1-MM2), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.manner_of_movement import MannerOfMovementChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = MannerOfMovementChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_manner_of_movement", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# John aimerait traverser l’océan à la nage. → John would like to swim across the ocean.
MM1: dict[str, object] = {'manner': ['swim'],
                         'path': ['across', 'over'],
                         'ground': ['ocean', 'sea', 'atlantic', 'pacific'],
                         'generic': ['cross', 'traverse', 'go', 'get', 'make', 'reach'],
                         'locative': ['in', 'on', 'at', 'into'],
                         'wrong_manner': ['walk', 'sail', 'row', 'fly', 'drive', 'paddle', 'float']}
# John entra dans la salle en courant. → John ran into the room.
MM2: dict[str, object] = {'manner': ['run', 'rush', 'dash', 'race', 'sprint', 'hurry', 'charge', 'bolt', 'hurtle', 'scurry', 'scamper',
                                    'hasten', 'jog', 'career'],
                         'path': ['into'],
                         'generic': ['enter', 'come', 'go', 'get', 'step', 'walk in'],
                         'locative': ['in', 'inside', 'within', 'at'],
                         'wrong_manner': ['walk', 'stroll', 'crawl', 'creep', 'tiptoe', 'wander', 'stride', 'march', 'saunter', 'limp',
                                          'hobble', 'stagger', 'slip']}

VARIANTS = [
    (MM1, 'John would like to swim across the ocean.', Outcome.PASS),
    (MM1, 'John would love to swim across the ocean.', Outcome.PASS),
    (MM1, 'John wants to swim across the ocean.', Outcome.PASS),
    (MM1, 'John would like to swim the ocean.', Outcome.PASS),
    (MM1, 'John would like to swim across the sea.', Outcome.PASS),
    (MM1, 'John would like to swim across the Ocean.', Outcome.PASS),
    (MM1, 'John would like to cross the ocean by swimming.', Outcome.FAIL),
    (MM1, 'John would like to cross the ocean swimming.', Outcome.FAIL),
    (MM1, 'John would like to cross the ocean.', Outcome.FAIL),
    (MM1, 'John would like to go across the ocean by swimming.', Outcome.FAIL),
    (MM1, 'John would like to traverse the ocean by swimming.', Outcome.FAIL),
    (MM1, 'John would like to swim in the ocean.', Outcome.FAIL),
    (MM1, 'John would like to cross the ocean with the swim.', Outcome.FAIL),
    (MM1, 'John would like to swim all the way across the ocean.', Outcome.PASS),
    (MM1, 'John would like to cross the ocean by swim.', Outcome.FAIL),
    (MM1, 'John would like to sail across the ocean.', Outcome.FAIL),
    (MM1, 'John would like to swim across the Atlantic Ocean.', Outcome.PASS),
    (MM1, 'John would like to cross the ocean while swimming.', Outcome.FAIL),
    (MM1, 'John wishes to cross the ocean swimming.', Outcome.FAIL),
    (MM1, 'John would like to swim across the ocean one day.', Outcome.PASS),
    (MM1, 'John would like to cross the ocean by swimming one day.', Outcome.FAIL),
    (MM2, 'John ran into the room.', Outcome.PASS),
    (MM2, 'John came running into the room.', Outcome.PASS),
    (MM2, 'John rushed into the room.', Outcome.PASS),
    (MM2, 'John ran into the hall.', Outcome.PASS),
    (MM2, 'John dashed into the room.', Outcome.PASS),
    (MM2, 'John raced into the room.', Outcome.PASS),
    (MM2, 'John has run into the room.', Outcome.PASS),
    (MM2, 'John entered the room running.', Outcome.FAIL),
    (MM2, 'John entered the room by running.', Outcome.FAIL),
    (MM2, 'John came into the room running.', Outcome.FAIL),
    (MM2, 'John went into the room running.', Outcome.FAIL),
    (MM2, 'John entered the room.', Outcome.FAIL),
    (MM2, 'John ran in the room.', Outcome.FAIL),
    (MM2, 'John walked into the room.', Outcome.FAIL),
    (MM2, 'John entered the hall at a run.', Outcome.FAIL),
    (MM2, 'John ran straight into the room.', Outcome.PASS),
    (MM2, 'John hurried into the room.', Outcome.PASS),
    (MM2, 'John entered running into the room.', Outcome.FAIL),
    (MM2, 'John entered into the room running.', Outcome.FAIL),
    (MM2, 'John entered the room while running.', Outcome.FAIL),
    (MM2, 'John came rushing into the room.', Outcome.PASS),
    (MM2, 'John ran into the living room.', Outcome.PASS),
    (MM2, 'John entered the room in a run.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_verb_and_the_path() -> None:
    verdict = CHECKER.check(item=english(**MM1), output="John would like to swim across the ocean.")
    assert verdict.outcome is Outcome.PASS and "'swim across'" in verdict.reason
    verdict = CHECKER.check(item=english(**MM1), output="John would like to cross the ocean by swimming.")
    assert verdict.outcome is Outcome.FAIL and "'cross'" in verdict.reason and "'swimming'" in verdict.reason
    verdict = CHECKER.check(item=english(**MM2), output="John entered the room.")
    assert verdict.outcome is Outcome.FAIL and "lost" in verdict.reason


def test_come_plus_manner_gerund_is_english_but_enter_plus_gerund_is_not() -> None:
    assert outcome(MM2, "John came running into the room.") is Outcome.PASS
    assert outcome(MM2, "John entered running into the room.") is Outcome.FAIL


def test_no_movement_verb_is_deferred() -> None:
    assert outcome(MM2, "John burst into the room.") is Outcome.UNDECIDED
    assert outcome(MM1, "John would like to swim through the ocean.") is Outcome.UNDECIDED
    assert outcome(MM1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"manner": ["swim"], "path": ["across"]},
    {"manner": "swim", "path": ["across"], "generic": ["cross"]},
    {"manner": ["swim"], "path": ["across"], "generic": ["cross"], "ground": "ocean"},
    {"manner": ["swim"], "path": [""], "generic": ["cross"]},
    {"manner": ["swim"], "path": ["across"], "generic": ["cross"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        MannerOfMovementChecker.parse_params(params)
