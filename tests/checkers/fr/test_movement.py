"""The movement family (manner-of-movement verbs with a path) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.movement import MovementChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = MovementChecker()


def french(**params: object) -> ChallengeItem:
    return item(checker="movement", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(**params), output=output).outcome


SWIM = {"path": ["traverser", "franchir"], "manner": ["à la nage"], "manner_verbs": ["nager"],
        "manner_words": ["nage", "nageur"]}
RUN_IN = {"path": ["entrer", "rentrer", "pénétrer"], "manner": ["à la course", "au pas de course"],
          "manner_verbs": ["courir"], "manner_words": ["course"]}
RUN_OUT = {"path": ["sortir", "quitter", "s'enfuir"], "manner": ["à la course", "au pas de course"],
           "manner_verbs": ["courir"], "manner_words": ["course"], "literal": ["manquer", "épuiser"]}
GUITAR = {"path": ["se rendre", "aller", "voyager", "chemin", "route"], "manner_words": ["guitare"],
          "nonce": ["guit"]}


@pytest.mark.parametrize(("output", "expected"), [
    ("John voudrait traverser la rivière à la nage.", Outcome.PASS),
    ("John aimerait traverser le fleuve en nageant.", Outcome.PASS),
    ("John aimerait franchir la rivière à la nage.", Outcome.PASS),
    ("John aimerait nager à travers le fleuve.", Outcome.FAIL),
    ("John voudrait nager dans la rivière.", Outcome.FAIL),
    ("John aimerait traverser la rivière.", Outcome.FAIL),
    ("John aimerait traverser la rivière en bateau.", Outcome.FAIL),
    ("John aimerait nager jusqu'à l'autre rive.", Outcome.UNDECIDED),
    ("John aimerait nager pour traverser la rivière.", Outcome.UNDECIDED),
])
def test_swim_across(output: str, expected: Outcome) -> None:
    assert outcome(SWIM, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("Ils sont entrés en courant dans la pièce.", Outcome.PASS),
    ("Elles sont entrées dans la salle en courant.", Outcome.PASS),
    ("Ils entrèrent dans la chambre au pas de course.", Outcome.PASS),
    ("Ils ont couru dans la salle.", Outcome.FAIL),
    ("Ils couraient dans la chambre.", Outcome.FAIL),
    ("Ils sont entrés dans la pièce.", Outcome.FAIL),
    ("Ils se sont précipités dans la pièce.", Outcome.UNDECIDED),
    ("Ils sont entrés dans la pièce à toute vitesse.", Outcome.UNDECIDED),
    ("Ils sont entrés dans la pièce en se précipitant.", Outcome.UNDECIDED),  # another manner gerund
])
def test_run_into(output: str, expected: Outcome) -> None:
    assert outcome(RUN_IN, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("L'homme a quitté le parc en courant.", Outcome.PASS),
    ("L’homme est sorti du jardin public au pas de course.", Outcome.PASS),
    ("L'homme s'est enfui du parc en courant.", Outcome.PASS),
    ("L'homme a couru hors du parc.", Outcome.FAIL),
    ("L'homme courut hors du parc.", Outcome.FAIL),
    ("L'homme est sorti du parc.", Outcome.FAIL),
    ("L'homme quitta le parc.", Outcome.FAIL),
    ("L'homme a épuisé le parc.", Outcome.FAIL),
    ("L'homme est sorti précipitamment du parc.", Outcome.UNDECIDED),
])
def test_run_out_of(output: str, expected: Outcome) -> None:
    assert outcome(RUN_OUT, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("John est allé jusqu'à San Francisco en jouant de la guitare.", Outcome.PASS),
    ("John a voyagé jusqu'à San Francisco en grattant sa guitare.", Outcome.PASS),
    ("John s'est rendu à San Francisco en jouant de sa guitare.", Outcome.PASS),
    ("John a fait son chemin jusqu'à San Francisco en jouant de la guitare.", Outcome.PASS),
    ("John a guitaré son chemin jusqu'à San Francisco.", Outcome.FAIL),
    ("John a guitarisé sa route vers San Francisco.", Outcome.FAIL),
    ("John s'est rendu à San Francisco.", Outcome.FAIL),
    ("John est allé à San Francisco avec sa guitare.", Outcome.UNDECIDED),
])
def test_nonce_manner_verb(output: str, expected: Outcome) -> None:
    assert outcome(GUITAR, output) is expected


def test_empty_output_is_not_applicable() -> None:
    assert outcome(SWIM, "") is Outcome.NA


def test_reasons_name_path_and_manner() -> None:
    failed = CHECKER.check(item=french(**SWIM), output="John aimerait nager à travers le fleuve.")
    assert "'nager'" in failed.reason and "'à travers'" in failed.reason and "path" in failed.reason
    passed = CHECKER.check(item=french(**SWIM), output="John aimerait traverser le fleuve en nageant.")
    assert "'traverser'" in passed.reason and "'en nageant'" in passed.reason
    nonce = CHECKER.check(item=french(**GUITAR), output="John a guitaré son chemin jusqu'à San Francisco.")
    assert "'guitaré'" in nonce.reason


@pytest.mark.parametrize("params", [
    {},
    {"path": []},
    {"path": ["traverser"], "manner": "à la nage"},
    {"path": ["traverser"], "nonce": [""]},
    {"path": ["traverser"], "manner_verbs": [None]},
    {"path": ["traverser"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        MovementChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    (SWIM, "Marie aimerait regarder la rivière en nageant.", Outcome.UNDECIDED),  # nager: a verb of movement
    (SWIM, "Marie aimerait une nage dans la rivière.", Outcome.UNDECIDED),  # the noun nage
    (SWIM, "Marie aimerait photographier la rivière.", Outcome.FAIL),  # nothing moves
    (SWIM, "Marie est à court de rivière.", Outcome.FAIL),  # court after à is no form of courir
    (SWIM, "Marie aimerait se précipiter vers la rivière.", Outcome.UNDECIDED),  # another verb of movement
])
def test_an_output_without_any_movement_fails(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected
