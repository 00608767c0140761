"""The participle family on hand-written French variants (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.participle import ParticipleChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = ParticipleChecker()
SEE = ["voir", "apercevoir", "remarquer", "croiser", "rencontrer"]


def french(**params: object) -> ChallengeItem:
    return item(checker="participle", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(**params), output=output).outcome


FOLLOWS = {"verb": SEE, "object": "follows"}
WOMAN = {"verb": SEE, "object": {"gender": "f", "number": "s"}}
HOUSE = {"verb": ["visiter", "explorer"], "object": {"gender": "f", "number": "s"}}
CAR = {"verb": ["gagner", "remporter", "obtenir"], "object": {"gender": "f", "number": "s"}}


@pytest.mark.parametrize(("output", "expected"), [
    ("La dame qui a aperçu une souris dans le couloir est charmante.", Outcome.PASS),
    ("La dame qui a aperçue une souris dans le couloir est charmante.", Outcome.FAIL),
    ("La femme qui avait vu un rat dans le corridor est ravissante.", Outcome.PASS),
    ("La femme qui avait vue une souris dans le corridor est charmante.", Outcome.FAIL),
    ("La femme ayant vu une souris dans le couloir est charmante.", Outcome.PASS),
    ("La femme qui n'a jamais vu de souris est charmante.", Outcome.PASS),
    ("La femme qui a vus des souris dans le couloir est charmante.", Outcome.FAIL),
    ("LA FEMME QUI A REMARQUÉ UNE SOURIS DANS LE COULOIR EST CHARMANTE.", Outcome.PASS),
])
def test_object_after_the_participle_means_masculine_singular(output: str, expected: Outcome) -> None:
    assert outcome(FOLLOWS, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("La femme que ton frère a vue dans le couloir est charmante.", Outcome.PASS),
    ("La femme que ton frère a vu dans le couloir est charmante.", Outcome.FAIL),
    ("La femme que tu as vue dans le couloir est charmante.", Outcome.PASS),
    ("La femme que vous avez vus dans le couloir est charmante.", Outcome.FAIL),
    ("La femme que votre frère a vues dans le couloir est charmante.", Outcome.FAIL),
    ("La femme qu’a vue votre frère dans le couloir est charmante.", Outcome.PASS),
    ("La femme que votre frère a croisée dans le couloir est charmante.", Outcome.PASS),
    ("La femme que votre frère a croisé dans le couloir est charmante.", Outcome.FAIL),
    ("La jeune femme que votre frère a aperçue hier dans le corridor est charmante.", Outcome.PASS),
    ("La femme que votre frère n'a pas vue dans le couloir est charmante.", Outcome.PASS),
    ("Votre frère l'a vue dans le couloir, elle est charmante.", Outcome.PASS),
    ("Votre frère l'a vu dans le couloir, elle est charmante.", Outcome.FAIL),
])
def test_preceding_relative_or_clitic_object_controls_agreement(output: str, expected: Outcome) -> None:
    assert outcome(WOMAN, output) is expected


@pytest.mark.parametrize(("params", "output", "expected"), [
    (HOUSE, "La maison que John a visitée s'écroule.", Outcome.PASS),
    (HOUSE, "La demeure que Jean a visité tombe en ruine.", Outcome.FAIL),
    (HOUSE, "La maison qu'a visitée John tombe en ruines.", Outcome.PASS),
    (HOUSE, "La maison que John a visitées tombe en ruines.", Outcome.FAIL),
    (CAR, "John a vendu la voiture qu'il avait remportée à une loterie.", Outcome.PASS),
    (CAR, "John a vendu la voiture qu'il avait remporté à une loterie.", Outcome.FAIL),
    (CAR, "Jean a revendu l'auto qu'il avait gagnée au loto.", Outcome.PASS),
    (CAR, "John a vendu la voiture qu'il avait gagnés à la loterie.", Outcome.FAIL),
    (CAR, "La voiture qu'il avait gagnée à la loterie, John l'a vendue.", Outcome.PASS),
    # The translation changed the antecedent: the participle agrees with the output's own.
    (WOMAN, "Le mannequin que votre frère a vu dans le couloir est charmant.", Outcome.PASS),
    (WOMAN, "Le mannequin que votre frère a vue dans le couloir est charmant.", Outcome.FAIL),
    (HOUSE, "Les maisons que John a visitées tombent en ruines.", Outcome.PASS),
    (HOUSE, "Les maisons que John a visitée tombent en ruines.", Outcome.FAIL),
])
def test_relative_clause_participles(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output"), [
    (WOMAN, "La femme vue par votre frère dans le couloir est charmante."),  # no avoir: an adjectival participle
    (CAR, "John a vendu la voiture gagnée à la loterie."),
    (CAR, "John a vendu le véhicule de sa sœur qu'il avait gagné."),  # which noun is the antecedent?
    (WOMAN, "Votre frère a vu une femme charmante dans le couloir."),  # the object now follows
])
def test_changed_structures_are_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert outcome(WOMAN, " ") is Outcome.NA


def test_reasons_name_the_participle_its_reading_and_the_object() -> None:
    failed = CHECKER.check(item=french(**WOMAN), output="La femme que ton frère a vu dans le couloir est charmante.")
    assert "'vu'" in failed.reason and "masculine singular" in failed.reason
    assert "feminine singular" in failed.reason and "femme" in failed.reason
    passed = CHECKER.check(item=french(**FOLLOWS), output="La dame qui a aperçu une souris dans le couloir.")
    assert "'aperçu'" in passed.reason and "follows" in passed.reason


@pytest.mark.parametrize("params", [
    {},
    {"object": "follows"},
    {"verb": [], "object": "follows"},
    {"verb": ["voir"]},
    {"verb": ["voir"], "object": "before"},
    {"verb": ["voir"], "object": {"gender": "x", "number": "s"}},
    {"verb": ["voir"], "object": {"gender": "f"}},
    {"verb": [3], "object": "follows"},
    {"verb": ["voir"], "object": "follows", "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        ParticipleChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "content"), [
    (WOMAN, "La femme que votre frère a croisée dans le couloir est charmante.", ()),  # one of the item's verbs
    (WOMAN, "La femme que votre frère a invitée dans le couloir est charmante.", ("invitée",)),
])
def test_a_pass_rests_on_a_participle_of_another_verb_than_the_items(params: Mapping[str, object], output: str,
                                                                     content: tuple[str, ...]) -> None:
    # the judge asks whether such a participle translates the source's verb
    verdict = CHECKER.check(item=french(**params), output=output)
    assert verdict.outcome is Outcome.PASS and verdict.content == content
