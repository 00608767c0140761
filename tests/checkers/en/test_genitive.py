"""The en_genitive family on hand-written English variants of genitives (GE1), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.genitive import GenitiveChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = GenitiveChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_genitive", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Il a pris le livre de mon frère aîné. → He took my elder brother’s book.
GE1: dict[str, object] = {'possessor': ['brother', 'sibling'], 'possessed': ['book', 'novel']}

VARIANTS = [
    (GE1, "He took my elder brother's book.", Outcome.PASS),
    (GE1, "He took my older brother's book.", Outcome.PASS),
    (GE1, "He took my big brother's book.", Outcome.PASS),
    (GE1, 'He has taken my elder brother’s book.', Outcome.PASS),
    (GE1, "He took my eldest brother's book.", Outcome.PASS),
    (GE1, "He grabbed my older brother's book.", Outcome.PASS),
    (GE1, 'He took my older brother’s novel.', Outcome.PASS),
    (GE1, 'He took the book of my elder brother.', Outcome.FAIL),
    (GE1, 'He took the book of my older brother.', Outcome.FAIL),
    (GE1, 'He has taken the book of my big brother.', Outcome.FAIL),
    (GE1, 'He took my elder brother book.', Outcome.FAIL),
    (GE1, 'He took the book from my elder brother.', Outcome.FAIL),
    (GE1, 'He took the book of my eldest brother.', Outcome.FAIL),
    (GE1, "He took my elder brother's book.", Outcome.PASS),
    (GE1, "He's taken my older brother's book.", Outcome.PASS),
    (GE1, 'He took the book of my older brother.', Outcome.FAIL),
    (GE1, 'He has taken the book from my elder brother.', Outcome.FAIL),
    (GE1, 'He took my big brother’s book away.', Outcome.PASS),
    (GE1, 'He took the book of my big brother.', Outcome.FAIL),
    (GE1, "He took my older brother's book yesterday.", Outcome.PASS),
    (GE1, 'He took the book of my brother.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_genitive() -> None:
    verdict = CHECKER.check(item=english(**GE1), output="He took the book of my elder brother.")
    assert verdict.outcome is Outcome.FAIL and "'of'" in verdict.reason and "'book of my elder brother'" in verdict.reason
    verdict = CHECKER.check(item=english(**GE1), output="He took my elder brother\u2019s book.")
    assert verdict.outcome is Outcome.PASS and "\"brother's book\"" in verdict.reason


def test_a_double_genitive_or_no_genitive_is_deferred() -> None:
    assert outcome(GE1, "He took a book of my elder brother's.") is Outcome.UNDECIDED
    assert outcome(GE1, "He took it.") is Outcome.UNDECIDED
    assert outcome(GE1, "") is Outcome.NA


def test_a_plural_possessor_with_an_apostrophe() -> None:
    assert outcome(GE1, "He took my brothers' book.") is Outcome.PASS


@pytest.mark.parametrize("params", [
    {},
    {"possessor": ["brother"]},
    {"possessor": "brother", "possessed": ["book"]},
    {"possessor": ["brother"], "possessed": ["book"], "prepositions": "of"},
    {"possessor": ["brother"], "possessed": ["book"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        GenitiveChecker.parse_params(params)
