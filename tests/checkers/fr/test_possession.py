"""The inalienable_possession family on hand-written French variants (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.possession import InalienablePossessionChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict
from tests.items import item

CHECKER = InalienablePossessionChecker()
HANDS_WASHED = {"body_parts": ["main"], "reflexive": True}
TEETH = {"body_parts": ["dent"], "reflexive": True}
HAND_RAISED = {"body_parts": ["main"], "reflexive": False}
HEAD = {"body_parts": ["tête"], "reflexive": False}
EYES = {"body_parts": ["oeil", "yeux"], "reflexive": False}


def french(params: Mapping[str, object]) -> ChallengeItem:
    return item(checker="inalienable_possession", params=params)


def verdict(params: Mapping[str, object], output: str) -> Verdict:
    return CHECKER.check(item=french(params), output=output)


@pytest.mark.parametrize(("params", "output"), [
    (HANDS_WASHED, "Il se lava les mains."),
    (HANDS_WASHED, "Il s’est lavé les mains."),
    (HANDS_WASHED, "Elle s'était soigneusement lavé les deux mains."),
    (HANDS_WASHED, "Il se lave les mains."),
    (TEETH, "Je me suis brossé les dents."),
    (TEETH, "Je me brossais les dents."),
    (TEETH, "Tu t'es brossé les dents."),
    (TEETH, "Vous vous êtes brossé les dents."),
    (TEETH, "Nous nous sommes brossé les dents."),
    (TEETH, "Tu ne t'es pas brossé les dents ?"),
    (HAND_RAISED, "J'ai levé la main."),
    (HAND_RAISED, "Je levai la main."),
    (HAND_RAISED, "Je lève la main."),
    (HEAD, "Il tourna la tête."),
    (HEAD, "Il a lentement tourné la tête."),
    (EYES, "Il leva les yeux au ciel."),
    (EYES, "Il a levé les yeux vers le ciel."),
])
def test_definite_article_and_right_reflexive_pass(params: Mapping[str, object], output: str) -> None:
    assert verdict(params, output).outcome is Outcome.PASS


@pytest.mark.parametrize(("params", "output"), [
    (HANDS_WASHED, "Il a lavé ses mains."),
    (HANDS_WASHED, "Il lava ses mains."),
    (HANDS_WASHED, "Il a lavé les mains."),
    (HANDS_WASHED, "Il s'est lavé ses mains."),
    (TEETH, "J'ai brossé mes dents."),
    (TEETH, "Tu as brossé tes dents."),
    (TEETH, "Tu as brossé les dents."),
    (TEETH, "Vous avez brossé les dents."),
    (TEETH, "Vous avez brossé vos dents."),
    (HAND_RAISED, "J'ai levé ma main."),
    (HAND_RAISED, "Je me suis levé la main."),
    (HEAD, "Il tourna sa tête."),
    (HEAD, "Il s'est tourné la tête."),
    (EYES, "Il leva ses yeux au ciel."),
])
def test_possessive_or_wrong_reflexive_fails(params: Mapping[str, object], output: str) -> None:
    assert verdict(params, output).outcome is Outcome.FAIL


@pytest.mark.parametrize(("params", "output"), [
    (HANDS_WASHED, "Il s'est lavé."),
    (HAND_RAISED, "J'ai levé une main."),
    (HEAD, "Il lui a tourné la tête."),
    (HANDS_WASHED, "Il me lave les mains."),
    (EYES, "Il regarda le ciel."),
])
def test_other_constructions_are_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert verdict(params, output).outcome is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert verdict(HEAD, "").outcome is Outcome.NA


def test_reasons_name_the_determiner_and_the_reflexive() -> None:
    both = verdict(TEETH, "Tu as brossé tes dents.")
    assert "'tes'" in both.reason and "possessive" in both.reason
    assert "no reflexive" in both.reason and "'as brossé'" in both.reason and "te" in both.reason
    extra = verdict(HEAD, "Il s'est tourné la tête.")
    assert "reflexive" in extra.reason and "s'" in extra.reason
    passed = verdict(TEETH, "Je me suis brossé les dents.")
    assert "'me suis brossé'" in passed.reason and "'les dents'" in passed.reason


@pytest.mark.parametrize("params", [
    {},
    {"reflexive": True},
    {"body_parts": ["main"]},
    {"body_parts": [], "reflexive": False},
    {"body_parts": ["main"], "reflexive": "yes"},
    {"body_parts": ["main"], "reflexive": False, "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        InalienablePossessionChecker.parse_params(params)
