"""The en_argument_switch family on hand-written English variants of argument switch (AS1), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.argument_switch import ArgumentSwitchChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = ArgumentSwitchChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_argument_switch", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Mary manque beaucoup à John. → John misses Mary a lot.
AS1: dict[str, object] = {'experiencer': ['John'],
                         'theme': ['Mary'],
                         'verbs': ['miss', 'long for', 'yearn for', 'pine for'],
                         'misreadings': ['lack']}

VARIANTS = [
    (AS1, 'John misses Mary a lot.', Outcome.PASS),
    (AS1, 'John misses Mary very much.', Outcome.PASS),
    (AS1, 'John really misses Mary.', Outcome.PASS),
    (AS1, 'John misses Mary terribly.', Outcome.PASS),
    (AS1, 'John greatly misses Mary.', Outcome.PASS),
    (AS1, 'Mary is greatly missed by John.', Outcome.PASS),
    (AS1, 'Mary is missed a lot by John.', Outcome.PASS),
    (AS1, 'John missed Mary a lot.', Outcome.PASS),
    (AS1, 'John misses Mary so much.', Outcome.PASS),
    (AS1, 'Mary misses John a lot.', Outcome.FAIL),
    (AS1, 'Mary misses John very much.', Outcome.FAIL),
    (AS1, 'Mary is missing John a lot.', Outcome.FAIL),
    (AS1, 'Mary greatly misses John.', Outcome.FAIL),
    (AS1, 'Mary lacks John a lot.', Outcome.FAIL),
    (AS1, 'John is greatly missed by Mary.', Outcome.FAIL),
    (AS1, 'Mary misses a lot to John.', Outcome.FAIL),
    (AS1, 'Mary misses John terribly.', Outcome.FAIL),
    (AS1, 'John misses Mary enormously.', Outcome.PASS),
    (AS1, 'John misses Mary a great deal.', Outcome.PASS),
    (AS1, 'Mary misses John enormously.', Outcome.FAIL),
    (AS1, 'Mary is missing John very much.', Outcome.FAIL),
    (AS1, 'John is missing Mary a lot.', Outcome.PASS),
    (AS1, 'Mary is sorely missed by John.', Outcome.PASS),
    (AS1, 'John misses Mary a great deal.', Outcome.PASS),
    (AS1, 'Mary misses John a great deal.', Outcome.FAIL),
    (AS1, 'John is really missing Mary.', Outcome.PASS),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reason_names_the_subject_and_its_role() -> None:
    verdict = CHECKER.check(item=english(**AS1), output="Mary misses John a lot.")
    assert verdict.outcome is Outcome.FAIL and "'Mary'" in verdict.reason and "experiencer" in verdict.reason
    verdict = CHECKER.check(item=english(**AS1), output="John misses Mary a lot.")
    assert verdict.outcome is Outcome.PASS and "'John'" in verdict.reason


def test_a_misreading_fails() -> None:
    verdict = CHECKER.check(item=english(**AS1), output="Mary lacks John a lot.")
    assert verdict.outcome is Outcome.FAIL and "'lacks'" in verdict.reason


def test_other_arguments_are_deferred() -> None:
    assert outcome(AS1, "He misses her a lot.") is Outcome.UNDECIDED
    assert outcome(AS1, "John feels Mary's absence.") is Outcome.UNDECIDED
    assert outcome(AS1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"experiencer": ["John"], "theme": ["Mary"]},
    {"experiencer": "John", "theme": ["Mary"], "verbs": ["miss"]},
    {"experiencer": ["John"], "theme": [], "verbs": ["miss"]},
    {"experiencer": ["John"], "theme": ["Mary"], "verbs": ["miss"], "misreadings": "lack"},
    {"experiencer": ["John"], "theme": ["Mary"], "verbs": ["miss"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        ArgumentSwitchChecker.parse_params(params)


# -- the object must be the source's thing missed (issue 23, 5) -----------------------------------------

DOG: dict[str, object] = {"experiencer": ["he", "him"], "theme": ["dog"], "verbs": ["miss"]}


@pytest.mark.parametrize(("params", "output"), [
    (AS1, "John misses the last train every evening."),   # a noun phrase for the name Mary
    (AS1, "John misses you a lot."),                      # a 2nd person object for Mary
    (DOG, "He misses me terribly."),
])
def test_miss_with_another_object_fails(params: Mapping[str, object], output: str) -> None:
    verdict = CHECKER.check(item=english(**params), output=output)
    assert verdict.outcome is Outcome.FAIL and "thing missed" in verdict.reason


@pytest.mark.parametrize(("params", "output", "expected"), [
    (AS1, "John misses her a lot.", Outcome.PASS),
    (AS1, "John really misses his dear Mary.", Outcome.PASS),
    (DOG, "He misses his dog most of all.", Outcome.PASS),
    (DOG, "He misses his old pooch.", Outcome.UNDECIDED),   # a synonym of dog?
])
def test_a_pronoun_or_the_theme_passes_and_a_possible_synonym_is_left_to_a_human(
        params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_a_parameter_named_like_the_parsed_field_is_still_unknown() -> None:
    with pytest.raises(ValueError, match="named"):
        ArgumentSwitchChecker.parse_params({**AS1, "named": ["theme"]})


@pytest.mark.parametrize(("output", "expected"), [
    ("John misses her a lot.", Outcome.PASS),     # the theme by a pronoun of its person and gender
    ("John misses him a lot.", Outcome.FAIL),     # version 5 (issue 36): another gender, someone else
    ("John misses them a lot.", Outcome.FAIL),    # another number
])
def test_the_object_goes_through_the_shared_participant_check(output: str, expected: Outcome) -> None:
    mary = item("Mary manque beaucoup à John.", ("John misses Mary a lot.",), checker="en_argument_switch",
                params={"verbs": ["miss"], "experiencer": ["john", "he"], "theme": ["mary", "she", "her"]})
    verdict = CHECKER.check(item=mary, output=output)
    assert verdict.outcome is expected, verdict.reason
