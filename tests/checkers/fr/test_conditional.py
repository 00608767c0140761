"""The conditional family on hand-written French variants (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.conditional import ConditionalChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome

CHECKER = ConditionalChecker()
LEAVE = {"verbs": ["partir", "aller", "quitter"]}
BECOME = {"verbs": ["devenir"]}
FALL = {"verbs": ["tomber"]}


def item(params: Mapping[str, object]) -> ChallengeItem:
    ConditionalChecker.validate(params)
    return ChallengeItem(id="T1", suite="test", category="syntax", subcategory="S", source="(source)",
                         references=("(reference)",), question="Is fronted should rendered as a conditional clause?",
                         checker="conditional", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=item(params), output=output).outcome


@pytest.mark.parametrize(("params", "output"), [
    (LEAVE, "Si Paul devait s'en aller, je serais triste."),
    (LEAVE, "Si Paul partait, je serais triste."),
    (LEAVE, "Si Paul s’en allait, je serais malheureux."),
    (LEAVE, "Si jamais Paul partait, je serais triste."),
    (LEAVE, "Je serais triste si Paul partait."),
    (LEAVE, "Si Paul venait à partir, je serais triste."),
    (LEAVE, "Au cas où Paul partirait, je serais triste."),
    (BECOME, "S'il devenait président, elle serait promue immédiatement."),
    (BECOME, "S’il devait devenir président, elle obtiendrait aussitôt une promotion."),
    (BECOME, "Si il devenait président, elle serait tout de suite promue."),
    (BECOME, "Dans le cas où il deviendrait président, elle serait promue."),
    (BECOME, "Dans l'éventualité où il deviendrait président, elle serait promue."),
    (FALL, "S'il venait à tomber, il se relèverait immédiatement."),
    (FALL, "S'il tombait, il se relèverait tout de suite."),
    (FALL, "S'ils tombaient, ils se relèveraient aussitôt."),
    (FALL, "Si par hasard il tombait, il se relèverait aussitôt."),
])
def test_si_with_the_imperfect_passes(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.PASS


@pytest.mark.parametrize(("params", "output"), [
    (LEAVE, "Si Paul part, je serais triste."),
    (LEAVE, "Si Paul doit partir, je serais triste."),
    (LEAVE, "Si Paul devrait partir, je serais triste."),
    (LEAVE, "Si Paul partira, je serais triste."),
    (LEAVE, "Devrait Paul partir, je serais triste."),
    (LEAVE, "Paul devrait partir, je serais triste."),
    (LEAVE, "Paul partir, je serais triste."),
    (BECOME, "Devrait-il devenir président, elle serait promue immédiatement."),
    (BECOME, "S'il devient président, elle serait promue."),
    (BECOME, "Il devrait devenir président, elle serait promue."),
    (FALL, "Doit-il tomber, il se relèverait immédiatement."),
    (FALL, "S'il tomberait, il se relèverait immédiatement."),
    (FALL, "Devrait-il tomber, il se relèverait immédiatement."),
])
def test_wrong_tense_calques_and_non_clauses_fail(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.FAIL


@pytest.mark.parametrize(("params", "output"), [
    (LEAVE, "En cas de départ de Paul, je serais triste."),
    (LEAVE, "Paul partirait, je serais triste."),
    (FALL, "Dût-il tomber, il se relèverait aussitôt."),
    (FALL, "Même s'il tombait, il se relèverait aussitôt."),
])
def test_other_constructions_are_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.UNDECIDED


def test_si_as_a_degree_adverb_is_not_a_conditional_clause() -> None:
    assert outcome(LEAVE, "Je serais si triste si Paul partait.") is Outcome.PASS
    assert outcome(LEAVE, "Je serais si triste.") is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert outcome(FALL, "") is Outcome.NA


def test_reasons_name_the_verb_and_its_tense() -> None:
    verdict = CHECKER.check(item=item(LEAVE), output="Si Paul part, je serais triste.")
    assert "'part'" in verdict.reason and "indicative present" in verdict.reason and "imperfect" in verdict.reason
    verdict = CHECKER.check(item=item(BECOME), output="Devrait-il devenir président, elle serait promue.")
    assert "calqued" in verdict.reason and "devoir, conditional" in verdict.reason
    verdict = CHECKER.check(item=item(FALL), output="S'il venait à tomber, il se relèverait.")
    assert "'venait'" in verdict.reason and "indicative imperfect" in verdict.reason


@pytest.mark.parametrize("params", [
    {"verbs": []},
    {"verbs": "partir"},
    {"verbs": ["s'en aller"]},
    {"verbs": ["partir"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        ConditionalChecker.validate(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    (FALL, "Si elle tomber, elle se relèverait aussitôt.", Outcome.PASS),
    (LEAVE, "Si Marie partir demain, je pleurerais.", Outcome.PASS),
    (LEAVE, "Si Marie part demain, je pleurerais.", Outcome.FAIL),  # a finite present still fails
    (BECOME, "Devrait elle devenir maire, il serait content.", Outcome.FAIL),
])
def test_a_si_clause_with_an_unconjugated_verb_has_the_subordinator(params: Mapping[str, object], output: str,
                                                                     expected: Outcome) -> None:
    assert outcome(params, output) is expected
