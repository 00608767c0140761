"""The en_chez_soi family on hand-written English variants of chez soi (CS1-CS2), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.chez_soi import ChezSoiChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = ChezSoiChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_chez_soi", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Mon fils est demeuré chez lui. → My son stayed at his place.
CS1: dict[str, object] = {'reflexive': True, 'possessor': ['his'], 'pronoun': ['him']}
# Ma fille est demeurée chez lui. → My daughter stayed at his place.
CS2: dict[str, object] = {'reflexive': False, 'possessor': ['his'], 'pronoun': ['him']}

VARIANTS = [
    (CS1, 'My son stayed at home.', Outcome.PASS),
    (CS1, 'My son stayed at his place.', Outcome.PASS),
    (CS1, 'My son remained at home.', Outcome.PASS),
    (CS1, 'My son stayed home.', Outcome.PASS),
    (CS1, 'My son has stayed at home.', Outcome.PASS),
    (CS1, 'My son stayed at his house.', Outcome.PASS),
    (CS1, 'My son remained in his home.', Outcome.PASS),
    (CS1, 'My son stayed with him.', Outcome.FAIL),  # 'him' cannot be the son: only someone else's home
    (CS1, 'My son has remained at his home.', Outcome.PASS),
    (CS1, 'My son stayed at her place.', Outcome.FAIL),
    (CS1, 'My son stayed at their place.', Outcome.FAIL),
    (CS1, 'My son stayed at him.', Outcome.FAIL),
    (CS1, 'My son stayed at my place.', Outcome.FAIL),
    (CS1, 'My son remained at hers.', Outcome.FAIL),
    (CS1, 'My son remained at his own place.', Outcome.PASS),
    (CS1, 'My son stayed in his house.', Outcome.PASS),
    (CS1, 'My son stayed at her house.', Outcome.FAIL),
    (CS1, 'My boy stayed at home.', Outcome.PASS),
    (CS1, 'My son stayed at them.', Outcome.FAIL),
    (CS1, 'My son stayed at his home.', Outcome.PASS),
    (CS1, 'My son has stayed home.', Outcome.PASS),
    (CS2, 'My daughter stayed at his place.', Outcome.PASS),
    (CS2, 'My daughter stayed at his house.', Outcome.PASS),
    (CS2, 'My daughter remained at his home.', Outcome.PASS),
    (CS2, 'My daughter stayed with him.', Outcome.PASS),
    (CS2, 'My daughter has stayed at his place.', Outcome.PASS),
    (CS2, 'My daughter stayed at his apartment.', Outcome.PASS),
    (CS2, 'My daughter stayed at home.', Outcome.FAIL),
    (CS2, 'My daughter stayed home.', Outcome.FAIL),
    (CS2, 'My daughter remained at home.', Outcome.FAIL),
    (CS2, 'My daughter stayed at her place.', Outcome.FAIL),
    (CS2, 'My daughter stayed at her home.', Outcome.FAIL),
    (CS2, 'My daughter has stayed at her house.', Outcome.FAIL),
    (CS2, 'My daughter stayed at him.', Outcome.FAIL),
    (CS2, 'My daughter stayed with her.', Outcome.FAIL),
    (CS2, 'My daughter stayed at his home.', Outcome.PASS),
    (CS2, 'My daughter remained with him.', Outcome.PASS),
    (CS2, 'My daughter stayed at home with him.', Outcome.FAIL),
    (CS2, 'My daughter remained at her own place.', Outcome.FAIL),
    (CS2, 'My daughter stayed at his flat.', Outcome.PASS),
    (CS2, 'My daughter has remained at home.', Outcome.FAIL),
    (CS2, 'My daughter has stayed over at his place.', Outcome.PASS),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_at_home_depends_on_reflexivity() -> None:
    assert outcome(CS1, "My son stayed at home.") is Outcome.PASS
    verdict = CHECKER.check(item=english(**CS2), output="My daughter stayed at home.")
    assert verdict.outcome is Outcome.FAIL
    assert "'at home'" in verdict.reason and "at his place" in verdict.reason


def test_reason_names_the_wrong_possessor() -> None:
    verdict = CHECKER.check(item=english(**CS2), output="My daughter stayed at her place.")
    assert verdict.outcome is Outcome.FAIL and "'her place'" in verdict.reason


def test_a_home_that_is_someone_elses_is_not_at_home() -> None:
    assert outcome(CS2, "My daughter stayed at his own home.") is Outcome.PASS
    assert outcome(CS2, "My daughter stayed in the home of a friend.") is Outcome.UNDECIDED


def test_nothing_to_judge() -> None:
    assert outcome(CS1, "My son stayed.") is Outcome.UNDECIDED
    assert outcome(CS1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"reflexive": "yes", "possessor": ["his"], "pronoun": ["him"]},
    {"reflexive": True, "possessor": ["him"], "pronoun": ["him"]},
    {"reflexive": True, "possessor": ["his"], "pronoun": ["his"]},
    {"reflexive": True, "possessor": ["his"]},
    {"reflexive": True, "possessor": ["his"], "pronoun": ["him"], "dwellings": "house"},
    {"reflexive": True, "possessor": ["his"], "pronoun": ["him"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        ChezSoiChecker.parse_params(params)
