"""The ``en_possession`` family on hand-written English variants of its items (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.possession import EnglishPossessionChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.checkers.suite_items import family_items

CHECKER = EnglishPossessionChecker()
#: The family's items, as the suite defines them.
ITEMS = family_items("en_possession")


def item(item_id: str) -> ChallengeItem:
    return ITEMS[item_id]


def outcome(item_id: str, output: str) -> Outcome:
    return CHECKER.check(item=item(item_id), output=output).outcome


#: Variants written by hand (correct ones pass, wrong ones fail); UNDECIDED lists those the family defers.
VARIANTS: list[tuple[str, Outcome, list[str]]] = [
    ("IP1", Outcome.PASS, ["He broke his leg.", "He has broken his leg.", "He's broken his leg.",
                            "He broke his own leg.", "He fractured his leg.", "He had broken his leg.",
                            "His leg was broken.", "He broke one of his legs.", "He broke his leg!",
                            "he broke his leg", "He broke his right leg.", "He has fractured his leg.",
                            "He ended up breaking his leg.", "He had broken his leg ."]),
    ("IP1", Outcome.FAIL, ["He broke the leg.", "He broke himself the leg.", "He has broken the leg.",
                            "He broke himself his leg.", "He broke her leg.", "He was broken the leg.",
                            "He has broken himself the leg.", "He broke the legs.", "He broke the leg!",
                            "He's broken the leg.", "He broke himself a leg.", "He did break the leg.",
                            "He has broken their leg."]),
    # judged by hand: correct
    ("IP1", Outcome.UNDECIDED, ["He broke a leg."]),
    ("IP2", Outcome.PASS, ["She raised her hand.", "She put up her hand.", "She put her hand up.",
                            "She lifted her hand.", "She has raised her hand.", "She held up her hand.",
                            "She's raised her hand.", "She stuck up her hand.", "She raised her hand!",
                            "She lifted up her hand.", "She had raised her hand.", "She raised her right hand.",
                            "She put her hand in the air.", "She has put up her hand."]),
    ("IP2", Outcome.FAIL, ["She raised the hand.", "She lifted the hand.", "She raised his hand.",
                            "She has raised the hand.", "She put up the hand.", "She raised herself the hand.",
                            "She held the hand up.", "She raised their hand.", "She raised the hand!",
                            "She lifted up the hand.", "She has lifted the hand.", "She raised up the hand.",
                            "She raised its hand."]),
    # judged by hand: correct
    ("IP2", Outcome.UNDECIDED, ["She raised a hand."]),
]


@pytest.mark.parametrize(("item_id", "output", "expected"),
                         [(i, o, e) for i, e, outputs in VARIANTS for o in outputs])
def test_hand_written_variants(item_id: str, output: str, expected: Outcome) -> None:
    assert outcome(item_id, output) is expected


def test_reasons_quote_the_noun_phrase() -> None:
    passed = CHECKER.check(item=item("IP1"), output="He broke his left leg.")
    assert passed.outcome is Outcome.PASS and "'his left leg'" in passed.reason
    article = CHECKER.check(item=item("IP2"), output="She raised the hand.")
    assert "expected a possessive (her)" in article.reason and "'the hand'" in article.reason
    reflexive = CHECKER.check(item=item("IP1"), output="He broke himself the leg.")
    assert "reflexive" in reflexive.reason
    other = CHECKER.check(item=item("IP2"), output="She raised his hand.")
    assert "another possessor" in other.reason


def test_indefinites_and_other_body_parts_are_left_to_a_human() -> None:
    assert outcome("IP2", "She raised a hand.") is Outcome.UNDECIDED
    assert outcome("IP2", "She raised her arm.") is Outcome.UNDECIDED
    assert outcome("IP1", "") is Outcome.NA


@pytest.mark.parametrize(("params", "message"), [
    ({"possessives": ["his"]}, "body_parts"),
    ({"body_parts": ["leg"]}, "possessives"),
    ({"body_parts": ["leg"], "possessives": ["the"]}, "possessives"),
    ({"body_parts": "leg", "possessives": ["his"]}, "body_parts"),
    ({"body_parts": ["leg"], "possessives": ["his"], "reflexive": True}, "'reflexive'"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EnglishPossessionChecker.parse_params(params)
