"""The en_verb_adverb family on hand-written English variants of verb-adverb transposition (VA1), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.verb_adverb import VerbAdverbChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = VerbAdverbChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_verb_adverb", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Max a fini par comprendre la difficulté. → Max finally understood the difficulty.
VA1: dict[str, object] = {'adverbs': ['finally', 'eventually', 'ultimately', 'at last', 'in the end', 'at length', 'in the long run',
                                     'at the end'],
                         'periphrases': ['end up', 'wind up', 'come to'],
                         'literal': ['finish', 'end', 'complete'],
                         'verbs': ['understand', 'grasp', 'realize', 'realise', 'comprehend', 'see', 'get', 'figure out', 'work out',
                                   'apprehend']}

VARIANTS = [
    (VA1, 'Max finally understood the difficulty.', Outcome.PASS),
    (VA1, 'Max eventually understood the difficulty.', Outcome.PASS),
    (VA1, 'Max ended up understanding the difficulty.', Outcome.PASS),
    (VA1, 'In the end, Max understood the difficulty.', Outcome.PASS),
    (VA1, 'Max ultimately understood the problem.', Outcome.PASS),
    (VA1, 'Max came to understand the difficulty.', Outcome.PASS),
    (VA1, 'Max has finally understood the difficulty.', Outcome.PASS),
    (VA1, 'Max finally grasped the difficulty.', Outcome.PASS),
    (VA1, 'Eventually Max realized the difficulty.', Outcome.PASS),
    (VA1, 'Max finished by understanding the difficulty.', Outcome.FAIL),
    (VA1, 'Max has finished understanding the difficulty.', Outcome.FAIL),
    (VA1, 'Max finished understanding the difficulty.', Outcome.FAIL),
    (VA1, 'Max ended by understanding the difficulty.', Outcome.FAIL),
    (VA1, 'Max understood the difficulty.', Outcome.FAIL),
    (VA1, 'Max has ended understanding the difficulty.', Outcome.FAIL),
    (VA1, 'Max did finally understand the difficulty.', Outcome.PASS),
    (VA1, 'At last Max understood the difficulty.', Outcome.PASS),
    (VA1, 'Max finished to understand the difficulty.', Outcome.FAIL),
    (VA1, 'Max ended understanding the difficulty.', Outcome.FAIL),
    (VA1, 'Max eventually got the difficulty.', Outcome.PASS),
    (VA1, 'Max has understood the difficulty.', Outcome.FAIL),
    (VA1, 'Max finally came to understand the difficulty.', Outcome.PASS),
    (VA1, 'Max finished by understanding the problem.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_adverb_or_the_literal_verb() -> None:
    verdict = CHECKER.check(item=english(**VA1), output="Max eventually understood the difficulty.")
    assert verdict.outcome is Outcome.PASS and "'eventually'" in verdict.reason
    verdict = CHECKER.check(item=english(**VA1), output="Max finished by understanding the difficulty.")
    assert verdict.outcome is Outcome.FAIL and "'finished by'" in verdict.reason
    verdict = CHECKER.check(item=english(**VA1), output="Max understood the difficulty.")
    assert verdict.outcome is Outcome.FAIL and "'understood'" in verdict.reason


def test_the_noun_end_is_not_the_verb() -> None:
    assert outcome(VA1, "At the end of the day, Max understood the difficulty.") is Outcome.PASS
    assert outcome(VA1, "Max ended up understanding the difficulty.") is Outcome.PASS


def test_nothing_recognisable_is_deferred() -> None:
    assert outcome(VA1, "The difficulty became clear to Max.") is Outcome.UNDECIDED
    assert outcome(VA1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"adverbs": ["finally"], "literal": ["finish"]},
    {"adverbs": "finally", "literal": ["finish"], "verbs": ["understand"]},
    {"adverbs": ["finally"], "literal": ["finish"], "verbs": ["understand"], "periphrases": [""]},
    {"adverbs": ["finally"], "literal": ["finish"], "verbs": ["understand"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        VerbAdverbChecker.parse_params(params)


@pytest.mark.parametrize(("output", "content"), [
    ("Max finally sold his old car.", ("sold",)),                    # none of the item's verbs: the governed verb
    ("Max repaired the bike in the end.", ("repaired",)),            # the verb before the adverb
    ("Max ended up learning to swim.", ("learning",)),               # after the periphrasis
    ("Max finally understood the difficulty.", ()),                  # one of the item's verbs renders the source's
])
def test_a_pass_rests_on_the_governed_verb(output: str, content: tuple[str, ...]) -> None:
    # the judge asks whether the governed verb translates the source's (*sold* for *comprendre* is another sentence)
    found = CHECKER.check(item=english(**VA1), output=output)
    assert found.outcome is Outcome.PASS and found.content == content
