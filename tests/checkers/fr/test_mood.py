"""The mood family (subjunctive after its trigger) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.mood import MoodChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = MoodChecker()


def french(**params: object) -> ChallengeItem:
    return item(checker="mood", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(**params), output=output).outcome


COME = {"verb": ["venir"]}
SEPARATE = {"verb": ["séparer", "diviser"]}


@pytest.mark.parametrize(("output", "expected"), [
    ("Il viendra pourvu que vous veniez aussi.", Outcome.PASS),
    ("Il viendra pourvu que tu viennes aussi.", Outcome.PASS),
    ("Il viendra à condition que tu viens aussi.", Outcome.FAIL),
    ("Il viendra à condition que vous viendrez aussi.", Outcome.FAIL),
    ("Il viendra à la condition que vous veniez également.", Outcome.PASS),
    ("Il viendra à condition que vous puissiez venir aussi.", Outcome.PASS),
    ("Il viendra à condition qu’elle vienne aussi !", Outcome.PASS),
    ("Il viendra à condition que vous le faites aussi.", Outcome.FAIL),
    ("Il viendra, sous réserve que vous veniez vous aussi.", Outcome.PASS),
])
def test_conjunction_triggers(output: str, expected: Outcome) -> None:
    assert outcome(COME, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("Il est regrettable qu'il ne vienne pas non plus.", Outcome.PASS),
    ("C'est dommage qu'il ne vienne pas non plus.", Outcome.PASS),
    ("Il est dommage qu'il ne vient pas non plus.", Outcome.FAIL),
    ("Je regrette qu'il ne vienne pas non plus.", Outcome.PASS),
    ("Il est malheureux qu'il ne viendra pas non plus.", Outcome.FAIL),
    ("Il est triste qu'il ne soit pas venu non plus.", Outcome.PASS),
    ("Il est vraiment malheureux qu'il n'est pas venu non plus.", Outcome.FAIL),
    ("Dommage qu'elle ne vienne pas non plus.", Outcome.PASS),
    ("Il est bien dommage qu'il ne vienne pas non plus.", Outcome.PASS),
])
def test_adjective_noun_and_emotion_verb_triggers(output: str, expected: Outcome) -> None:
    assert outcome(COME, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("J'ai exigé que les familles ne soient pas séparées.", Outcome.PASS),
    ("J'ai demandé que les familles ne sont pas séparées.", Outcome.FAIL),
    ("J'ai demandé à ce que les familles ne soient pas séparées.", Outcome.PASS),
    ("J'ai demandé qu'on ne sépare pas les familles.", Outcome.PASS),
    ("Je demandais que les familles ne seraient pas séparées.", Outcome.FAIL),
    ("J'ai demandé que l'on ne séparât pas les familles.", Outcome.PASS),
    ("Nous avons souhaité que les familles ne soient pas divisées.", Outcome.PASS),
    ("J'ai demandé que les familles ne seront pas séparées.", Outcome.FAIL),
    ("J'ai demandé que les familles n'étaient pas séparées.", Outcome.FAIL),  # être, not the rare étayer
])
def test_verbs_of_will_and_request(output: str, expected: Outcome) -> None:
    assert outcome(SEPARATE, output) is expected


@pytest.mark.parametrize(("params", "output"), [
    (COME, "Il viendra à condition de venir aussi."),  # no subordinate clause
    (COME, "Il viendra si vous venez aussi."),  # si takes the indicative: another construction
    (COME, "Il viendra à condition que vous le fassiez aussi."),  # the flagged verb was replaced
    (COME, "Malheureusement, il ne vient pas non plus."),
    (COME, "Il sait bien que vous venez aussi."),  # "bien que" after a verb is not the concessive conjunction
    (SEPARATE, "J'ai demandé de ne pas séparer les familles."),
    (COME, "Il est regrettable qu'il ne soit pas là non plus."),  # subjunctive, but not of venir
    (COME, "Il était si malheureux qu'il ne venait pas non plus."),  # consequence: indicative
    (COME, "Il est plus malheureux que son frère qui ne vient pas."),  # comparison
    (COME, "Il pleut, si bien qu'il ne vient pas non plus."),  # result: indicative
])
def test_no_trigger_or_a_replaced_verb_is_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert outcome(COME, "") is Outcome.NA


def test_reasons_name_trigger_verb_and_reading() -> None:
    failed = CHECKER.check(item=french(**COME), output="Il viendra à condition que vous venez aussi.")
    assert "à condition que" in failed.reason and "'venez'" in failed.reason
    assert "indicative present" in failed.reason and "subjunctive" in failed.reason
    passed = CHECKER.check(item=french(**COME), output="Il viendra pourvu que vous veniez aussi.")
    assert "pourvu que" in passed.reason and "subjunctive present" in passed.reason


@pytest.mark.parametrize("params", [
    {"verb": []},
    {"verb": [1]},
    {"verb": "venir", "trigger": "si"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        MoodChecker.parse_params(params)


def test_a_single_lemma_string_and_no_parameters_are_accepted() -> None:
    MoodChecker.parse_params({"verb": "venir"})
    MoodChecker.parse_params({})
    assert outcome({}, "Il faut que tu partes.") is Outcome.PASS
    assert outcome({}, "Il faut que tu pars.") is Outcome.FAIL


@pytest.mark.parametrize(("params", "output", "expected"), [
    (COME, "Il viendra fourni que tu viennes aussi.", Outcome.PASS),
    (COME, "Il viendra fourni que tu viens aussi.", Outcome.FAIL),
    (COME, "Il viendra, stipulé que vous veniez aussi.", Outcome.PASS),
    (COME, "Il est infortuné qu'il ne vient pas non plus.", Outcome.FAIL),
    (COME, "Il est malchanceux qu'il ne viendra pas.", Outcome.FAIL),
    (SEPARATE, "C'est malchanceux que les familles ne soient pas séparées.", Outcome.PASS),
])
def test_a_calqued_trigger_or_false_friend_is_judged_by_the_verb_form(params: Mapping[str, object], output: str,
                                                                      expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize("output", [
    "Il est certain qu'il ne vient pas non plus.",  # certain governs the indicative: another construction
    "Il viendra, étant donné que vous venez aussi.",
    "La voisine heureuse que vous connaissez viendra.",  # an adjective after a noun: a relative clause
    "Il est si content qu'il vient aussi.",  # a consequence
])
def test_indicative_governors_and_relatives_are_not_calqued_triggers(output: str) -> None:
    assert outcome(COME, output) is Outcome.UNDECIDED
