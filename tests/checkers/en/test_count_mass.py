"""The en_count_mass family on hand-written English variants of count vs mass nouns (CM1), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.count_mass import CountMassChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = CountMassChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_count_mass", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Max lui a donné un conseil. → Max gave him a piece of advice.
CM1: dict[str, object] = {'nouns': ['advice', 'counsel'],
                         'partitives': ['piece', 'word', 'bit', 'item'],
                         'count_nouns': ['tip', 'hint', 'suggestion', 'recommendation', 'pointer']}

VARIANTS = [
    (CM1, 'Max gave him a piece of advice.', Outcome.PASS),
    (CM1, 'Max gave him some advice.', Outcome.PASS),
    (CM1, 'Max gave him advice.', Outcome.PASS),
    (CM1, 'Max gave her a piece of advice.', Outcome.PASS),
    (CM1, 'Max gave him a word of advice.', Outcome.PASS),
    (CM1, 'Max gave him a tip.', Outcome.PASS),
    (CM1, 'Max has given him some advice.', Outcome.PASS),
    (CM1, 'Max gave him a bit of advice.', Outcome.PASS),
    (CM1, 'Max gave him a suggestion.', Outcome.PASS),
    (CM1, 'Max gave him an advice.', Outcome.FAIL),
    (CM1, 'Max gave him one advice.', Outcome.FAIL),
    (CM1, 'Max has given him an advice.', Outcome.FAIL),
    (CM1, 'Max gave her an advice.', Outcome.FAIL),
    (CM1, 'Max gave him a advice.', Outcome.FAIL),
    (CM1, 'Max gave him advices.', Outcome.FAIL),
    (CM1, 'Max advised him.', Outcome.UNDECIDED),
    (CM1, 'Max gave him some good advice.', Outcome.PASS),
    (CM1, 'Max gave him a good advice.', Outcome.FAIL),
    (CM1, 'Max gave him one piece of advice.', Outcome.PASS),
    (CM1, 'Max has given him a useful advice.', Outcome.FAIL),
    (CM1, 'Max gave him a useful piece of advice.', Outcome.PASS),
    (CM1, 'Max gave her a tip.', Outcome.PASS),
    (CM1, 'Max gave him a good piece of advice.', Outcome.PASS),
    (CM1, 'Max gave him a piece of advices.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_determiner_and_the_noun() -> None:
    verdict = CHECKER.check(item=english(**CM1), output="Max gave him an advice.")
    assert verdict.outcome is Outcome.FAIL and "'an advice'" in verdict.reason and "mass noun" in verdict.reason
    verdict = CHECKER.check(item=english(**CM1), output="Max gave him advices.")
    assert verdict.outcome is Outcome.FAIL and "plural" in verdict.reason
    verdict = CHECKER.check(item=english(**CM1), output="Max gave him a piece of advice.")
    assert verdict.outcome is Outcome.PASS and "partitive" in verdict.reason


def test_adjectives_and_adverbs_between_determiner_and_noun() -> None:
    assert outcome(CM1, "Max gave him a really useful advice.") is Outcome.FAIL
    assert outcome(CM1, "Max gave him some really useful advice.") is Outcome.PASS
    assert outcome(CM1, "Max gave him a really useful piece of advice.") is Outcome.PASS


def test_an_avoided_noun_is_deferred() -> None:
    assert outcome(CM1, "Max advised him.") is Outcome.UNDECIDED
    assert outcome(CM1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"nouns": "advice"},
    {"nouns": ["advice"], "partitives": "piece"},
    {"nouns": ["advice"], "count_nouns": [""]},
    {"nouns": ["advice"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        CountMassChecker.parse_params(params)
