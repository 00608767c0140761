"""The recipient family (English double-object verbs) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.recipient import RecipientChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = RecipientChecker()


def french(**params: object) -> ChallengeItem:
    return item(checker="recipient", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(**params), output=output).outcome


WIFE = {"recipient": ["épouse", "femme", "conjointe"]}
KIDS = {"recipient": ["enfant", "gosse", "gamin", "petit"]}
MOTHER = {"recipient": ["mère", "maman"]}


@pytest.mark.parametrize(("params", "output", "expected"), [
    (WIFE, "John a offert un joli cadeau à sa merveilleuse épouse.", Outcome.PASS),
    (WIFE, "John a offert à sa femme adorée un beau cadeau.", Outcome.PASS),
    (WIFE, "John a fait un beau cadeau à sa merveilleuse femme.", Outcome.PASS),
    (WIFE, "John lui a offert un beau cadeau.", Outcome.PASS),
    (WIFE, "John a offert sa merveilleuse épouse un beau cadeau.", Outcome.FAIL),
    (WIFE, "John a donné son épouse un joli présent.", Outcome.FAIL),
    (KIDS, "John a raconté une jolie histoire aux enfants.", Outcome.PASS),
    (KIDS, "John a conté aux gamins une belle histoire.", Outcome.PASS),
    (KIDS, "John leur a raconté une belle histoire.", Outcome.PASS),
    (KIDS, "John raconta une belle histoire à ses enfants.", Outcome.PASS),
    (KIDS, "John a raconté les enfants une belle histoire.", Outcome.FAIL),
    (KIDS, "John a raconté une belle histoire des enfants.", Outcome.FAIL),
    (KIDS, "John a raconté une petite histoire aux enfants.", Outcome.PASS),  # petite: an adjective here
    (KIDS, "John a raconté une histoire d'enfants aux gamins.", Outcome.PASS),
    (MOTHER, "John a envoyé une jolie carte postale à sa maman.", Outcome.PASS),
    (MOTHER, "John a expédié à sa mère une belle carte postale.", Outcome.PASS),
    (MOTHER, "Jean a envoyé une belle carte à sa mère.", Outcome.PASS),
    (MOTHER, "John envoya sa mère une belle carte.", Outcome.FAIL),
    (MOTHER, "John a posté sa chère maman une jolie carte postale.", Outcome.FAIL),
])
def test_recipient_marking(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output"), [
    (WIFE, "John a offert un beau cadeau pour sa femme."),  # another preposition
    (WIFE, "Sa merveilleuse femme a reçu un beau cadeau de John."),  # recipient as subject
    (MOTHER, "John a écrit une belle carte postale."),  # no recipient at all
    (MOTHER, "John a gâté sa mère d'une belle carte postale."),  # not a verb of transfer
])
def test_other_constructions_are_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert outcome(WIFE, "  ") is Outcome.NA


def test_reasons_name_the_recipient_and_its_marking() -> None:
    failed = CHECKER.check(item=french(**MOTHER), output="John envoya sa mère une belle carte.")
    assert "'sa mère'" in failed.reason and "à" in failed.reason and "'envoya'" in failed.reason
    passed = CHECKER.check(item=french(**KIDS), output="John a raconté une jolie histoire aux enfants.")
    assert "'aux enfants'" in passed.reason


@pytest.mark.parametrize("params", [
    {},
    {"recipient": []},
    {"recipient": "mère"},
    {"recipient": ["mère", 2]},
    {"recipient": ["mère"], "gift": ["carte"]},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        RecipientChecker.parse_params(params)
