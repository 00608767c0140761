"""The en_how_insertion family on hand-written English variants of 'how to' insertion (HI1), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.how_insertion import HowInsertionChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = HowInsertionChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_how_insertion", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Max sait réparer une cafetière. → Max knows how to repair a coffee maker.
HI1: dict[str, object] = {'governors': ['know'],
                         'abilities': ['can', 'could', 'be able to', 'be capable of', 'manage to'],
                         'verbs': ['repair', 'fix', 'mend', 'service', 'restore']}

VARIANTS = [
    (HI1, 'Max knows how to repair a coffee maker.', Outcome.PASS),
    (HI1, 'Max knows how to fix a coffee machine.', Outcome.PASS),
    (HI1, 'Max can repair a coffee maker.', Outcome.PASS),
    (HI1, 'Max is able to repair a coffee maker.', Outcome.PASS),
    (HI1, 'Max knows how to repair a coffeemaker.', Outcome.PASS),
    (HI1, 'Max knows how to mend a coffee pot.', Outcome.PASS),
    (HI1, 'Max can fix a coffee machine.', Outcome.PASS),
    (HI1, 'Max knows to repair a coffee maker.', Outcome.FAIL),
    (HI1, 'Max knows repairing a coffee maker.', Outcome.FAIL),
    (HI1, 'Max knows repair a coffee maker.', Outcome.FAIL),
    (HI1, 'Max knows to fix a coffee machine.', Outcome.FAIL),
    (HI1, 'Max knows how repair a coffee maker.', Outcome.PASS),  # 'how' inserted; 'to' is outside the divergence
    (HI1, 'Max knows fixing a coffee pot.', Outcome.FAIL),
    (HI1, 'Max knows how to fix a coffee maker.', Outcome.PASS),
    (HI1, 'Max knows to mend a coffee pot.', Outcome.FAIL),
    (HI1, 'Max is capable of repairing a coffee maker.', Outcome.PASS),
    (HI1, 'Max knows how fix a coffee machine.', Outcome.PASS),  # 'how' inserted; 'to' is outside the divergence
    (HI1, 'Max knew how to repair a coffee maker.', Outcome.PASS),
    (HI1, 'Max knew to repair a coffee maker.', Outcome.FAIL),
    (HI1, 'Max knows how to fix coffee makers.', Outcome.PASS),
    (HI1, 'Max knows fix a coffee maker.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_construction() -> None:
    verdict = CHECKER.check(item=english(**HI1), output="Max knows to repair a coffee maker.")
    assert verdict.outcome is Outcome.FAIL and "'knows to repair'" in verdict.reason and "how to" in verdict.reason
    verdict = CHECKER.check(item=english(**HI1), output="Max can repair a coffee maker.")
    assert verdict.outcome is Outcome.PASS and "'can repair'" in verdict.reason


def test_other_complements_are_deferred() -> None:
    assert outcome(HI1, "Max knows the repair of coffee makers.") is Outcome.UNDECIDED
    assert outcome(HI1, "Max knows how he repairs a coffee maker.") is Outcome.UNDECIDED
    assert outcome(HI1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"governors": ["know"]},
    {"governors": "know", "verbs": ["repair"]},
    {"governors": ["know"], "verbs": ["repair"], "abilities": "can"},
    {"governors": ["know"], "verbs": ["repair"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        HowInsertionChecker.parse_params(params)


@pytest.mark.parametrize(("output", "expected"), [
    ("Max know how mend a coffee pot.", Outcome.PASS),
    ("He knows how repair the coffee maker.", Outcome.PASS),
    ("Max knew how fix a coffeepot.", Outcome.PASS),
    ("Max know repair a coffee pot.", Outcome.FAIL),
    ("Max knows to mend a coffeepot.", Outcome.FAIL),
])
def test_the_inserted_how_is_what_counts(output: str, expected: Outcome) -> None:
    assert outcome(HI1, output) is expected


# -- 'how to' must introduce the source's verb (issue 23, 5) ---------------------------------------

SWIM: dict[str, object] = {"governors": ["know"], "abilities": ["can"], "verbs": ["swim"]}


@pytest.mark.parametrize(("output", "expected"), [
    ("The old sailor knows how to tie knots.", Outcome.UNDECIDED),   # the construction, another action
    ("My cousin knows how to drive a truck.", Outcome.UNDECIDED),
    ("Lea knows how to swim.", Outcome.PASS),
    ("Lea knows how to really swim well.", Outcome.PASS),             # an adverb before the verb
    ("Lea knows how to swim, and so does her brother.", Outcome.PASS),
])
def test_how_to_with_another_verb_is_left_to_a_human(output: str, expected: Outcome) -> None:
    assert outcome(SWIM, output) is expected
