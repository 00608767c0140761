"""The ``en_subject_order`` family on hand-written English variants of its items (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.subject_order import EnglishSubjectOrderChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.checkers.suite_items import family_items

CHECKER = EnglishSubjectOrderChecker()
#: The family's items, as the suite defines them.
ITEMS = family_items("en_subject_order")


def item(item_id: str) -> ChallengeItem:
    return ITEMS[item_id]


def outcome(item_id: str, output: str) -> Outcome:
    return CHECKER.check(item=item(item_id), output=output).outcome


#: Variants written by hand (correct ones pass, wrong ones fail); UNDECIDED lists those the family defers.
VARIANTS: list[tuple[str, Outcome, list[str]]] = [
    ("SI1", Outcome.PASS, ["The book that my brother wrote is excellent.", "The book my brother wrote is excellent.",
                            "The book which my brother wrote is excellent.",
                            "The book written by my brother is excellent.",
                            "The book that my brother has written is excellent.",
                            "The book my brother has written is great.",
                            "The book that was written by my brother is excellent.",
                            "The book authored by my brother is excellent.",
                            "The book that my brother wrote is great.",
                            "The book written by my brother is excellent!",
                            "The book my older brother wrote is excellent.",
                            "The book that my brother had written is excellent.",
                            "The book my brother penned is excellent."]),
    ("SI1", Outcome.FAIL, ["The book that wrote my brother is excellent.",
                            "The book which wrote my brother is excellent.",
                            "The book that has written my brother is excellent.",
                            "The book who wrote my brother is excellent.", "The book wrote my brother is excellent.",
                            "The book which has written my brother is excellent.",
                            "The book that wrote my older brother is excellent.",
                            "The book that writes my brother is excellent.",
                            "The book that wrote my brother is great.",
                            "The book which has written my brother is great.",
                            "The book written my brother is excellent.",
                            "The book that was written my brother is excellent.",
                            "The book that penned my brother is excellent."]),
    ("SI2", Outcome.PASS, ["I know the town where my father was born.", "I know the city where my father was born.",
                            "I know the town in which my father was born.", "I know the town my father was born in.",
                            "I know the city my father was born in.", "I know the village where my father was born.",
                            "I know the town where my dad was born.", "I know the town where my father is born.",
                            "I know the town in which my father was born .",
                            "I know the city where my father had been born.", "I know the town my dad was born in.",
                            "I know the town where my own father was born.",
                            "I know the place where my father was born."]),
    ("SI2", Outcome.FAIL, ["I know the town where was born my father.", "I know the city where is born my father.",
                            "I know the town where born my father.", "I know the city in which was born my father.",
                            "I know the town where has been born my father.",
                            "I know the city where was born my dad.", "I know the town where were born my father.",
                            "I know the city where was born my father .",
                            "I know the town in which is born my father.",
                            "I know the city where has been born my father.",
                            "I know the town which was born my father."]),
]


@pytest.mark.parametrize(("item_id", "output", "expected"),
                         [(i, o, e) for i, e, outputs in VARIANTS for o in outputs])
def test_hand_written_variants(item_id: str, output: str, expected: Outcome) -> None:
    assert outcome(item_id, output) is expected


def test_reasons_quote_the_subject_and_the_verb() -> None:
    before = CHECKER.check(item=item("SI1"), output="The book that my older brother wrote is excellent.")
    assert "'my older brother' comes before 'wrote'" in before.reason
    agent = CHECKER.check(item=item("SI1"), output="The book written by my brother is excellent.")
    assert "agent of the passive 'written by my brother'" in agent.reason
    inverted = CHECKER.check(item=item("SI2"), output="I know the town where was born my father.")
    assert inverted.outcome is Outcome.FAIL and "found 'born my father'" in inverted.reason


@pytest.mark.parametrize(("item_id", "output", "expected"), [
    # the source's verb rendered otherwise: where the subject stands still shows the order
    ("SI2", "I know the town where my father came into the world.", Outcome.PASS),
    ("SI2", "I know the city where my dad is birth.", Outcome.PASS),
    ("SI1", "The book that my brother has composed is excellent.", Outcome.PASS),
    ("SI2", "I know the city that brought my father into the world.", Outcome.FAIL),  # roles swapped
    ("SI1", "The book which made my brother famous is excellent.", Outcome.FAIL),
    ("SI2", "I know the town that saw my father's birth.", Outcome.UNDECIDED),  # a genitive: rephrased
])
def test_the_subjects_place_without_the_sources_verb(item_id: str, output: str, expected: Outcome) -> None:
    assert outcome(item_id, output) is expected


def test_rephrased_clauses_are_left_to_a_human() -> None:
    assert outcome("SI2", "I know my father's birthplace.") is Outcome.UNDECIDED
    assert outcome("SI1", "My brother's book is excellent.") is Outcome.UNDECIDED
    assert outcome("SI1", "") is Outcome.NA


@pytest.mark.parametrize(("params", "message"), [
    ({"verbs": ["write"]}, "subject"),
    ({"subject": ["brother"]}, "verbs"),
    ({"subject": "brother", "verbs": ["write"]}, "subject"),
    ({"subject": ["brother"], "verbs": ["write it"]}, "verbs"),
    ({"subject": ["brother"], "verbs": ["write"], "object": ["book"]}, "'object'"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EnglishSubjectOrderChecker.parse_params(params)


@pytest.mark.parametrize(("item_id", "output", "content"), [
    ("SI2", "I know the town where my father was buried.", ("buried",)),   # another verb: its participle
    ("SI1", "The book my brother had read is excellent.", ("read",)),      # past the auxiliary
    ("SI2", "I know the town where my father was born.", ()),              # the item's verb renders the source's
])
def test_a_pass_against_another_verb_rests_on_it(item_id: str, output: str, content: tuple[str, ...]) -> None:
    # the judge asks whether that verb translates the source's (*buried* for *né* is another sentence)
    found = CHECKER.check(item=item(item_id), output=output)
    assert found.outcome is Outcome.PASS and found.content == content
