"""The middle_voice family on hand-written French variants (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.middle_voice import MiddleVoiceChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict
from tests.items import item

CHECKER = MiddleVoiceChecker()
SOUP = {"verbs": ["manger", "consommer", "déguster", "prendre"]}
MASONRY = {"verbs": ["couper", "découper", "tailler", "scier"]}
CHAMPAGNE = {"verbs": ["boire", "déguster", "consommer"], "misreadings": ["ivre", "soûl"]}


def french(params: Mapping[str, object]) -> ChallengeItem:
    return item(checker="middle_voice", params=params)


def verdict(params: Mapping[str, object], output: str) -> Verdict:
    return CHECKER.check(item=french(params), output=output)


@pytest.mark.parametrize(("params", "output"), [
    (SOUP, "La soupe se mange avec une grande cuillère."),
    (SOUP, "Les soupes se mangent avec une grosse cuiller."),
    (SOUP, "La soupe se consomme à l’aide d’une grande cuillère."),
    (SOUP, "LA SOUPE SE MANGE AVEC UNE GRANDE CUILLÈRE !"),
    (SOUP, "On mange la soupe avec une grande cuillère."),
    (SOUP, "La soupe, on la mange avec une grande cuillère."),
    (SOUP, "La soupe se mangeait avec une grande cuillère."),
    (SOUP, "La soupe doit se manger avec une grande cuillère."),
    (MASONRY, "La maçonnerie se coupe avec une lame diamantée."),
    (MASONRY, "La maçonnerie se découpe à l'aide d'un disque diamant."),
    (MASONRY, "On taille la maçonnerie avec une lame en diamant."),
    (CHAMPAGNE, "Le champagne se boit dans un verre appelé flûte."),
    (CHAMPAGNE, "Le champagne se déguste dans une flûte."),
    (CHAMPAGNE, "On boit le champagne dans un verre qu'on appelle une flûte."),
])
def test_middle_or_generic_on_passes(params: Mapping[str, object], output: str) -> None:
    assert verdict(params, output).outcome is Outcome.PASS


@pytest.mark.parametrize(("params", "output"), [
    (SOUP, "La soupe est mangée avec une grande cuillère."),
    (SOUP, "La soupe est dégustée avec une cuillère."),
    (SOUP, "La soupe doit être mangée avec une grande cuillère."),
    (SOUP, "La soupe a été mangée avec une grande cuillère."),
    (SOUP, "Les soupes sont généralement consommées avec une grande cuillère."),
    (MASONRY, "La maçonnerie est taillée avec une lame en diamant."),
    (MASONRY, "Les maçonneries sont coupées au moyen d'une lame diamantée."),
    (CHAMPAGNE, "Le champagne est bu dans un verre nommé flûte."),
    (CHAMPAGNE, "Le champagne est servi dans une flûte."),
    (CHAMPAGNE, "Le champagne est soûl dans un verre appelé flûte."),
    (CHAMPAGNE, "Les champagnes sont ivres dans une flûte."),
    (CHAMPAGNE, "Le champagne est généralement bu dans une flûte."),
])
def test_passive_or_misreading_fails(params: Mapping[str, object], output: str) -> None:
    assert verdict(params, output).outcome is Outcome.FAIL


@pytest.mark.parametrize(("params", "output"), [
    (SOUP, "La soupe se sert avec une grande cuillère."),
    (SOUP, "Nous mangeons la soupe avec une grande cuillère."),
    (SOUP, "Il est conseillé de manger la soupe avec une grande cuillère."),
    (SOUP, "La soupe s'est mangée avec une grande cuillère."),
    (CHAMPAGNE, "Pour le champagne, on utilise un verre appelé flûte."),
])
def test_other_constructions_are_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert verdict(params, output).outcome is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert verdict(SOUP, "  ").outcome is Outcome.NA


def test_reasons_name_the_construction() -> None:
    passed = verdict(SOUP, "La soupe se mange avec une grande cuillère.")
    assert "'se mange'" in passed.reason and "manger" in passed.reason
    failed = verdict(SOUP, "La soupe est consommée avec une grande cuillère.")
    assert "'est consommée'" in failed.reason and "passive" in failed.reason
    misread = verdict(CHAMPAGNE, "Le champagne est ivre dans une flûte.")
    assert "'est ivre'" in misread.reason and "mistranslates" in misread.reason and "boire" in misread.reason


@pytest.mark.parametrize("params", [
    {},
    {"verbs": []},
    {"verbs": [""]},
    {"verbs": "manger", "misreadings": [3]},
    {"verbs": ["manger"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        MiddleVoiceChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    (SOUP, "Le potage se manger avec une cuillère.", Outcome.PASS),
    (SOUP, "Potage se consommer chaud.", Outcome.PASS),
    (SOUP, "Le potage être mangé avec une cuillère.", Outcome.FAIL),
    (SOUP, "Potage est mange avec une cuillère.", Outcome.FAIL),
    (SOUP, "Il aime se manger de la soupe.", Outcome.UNDECIDED),  # an infinitive under a finite verb: no middle
])
def test_the_voice_of_an_unconjugated_verb(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert verdict(params, output).outcome is expected
