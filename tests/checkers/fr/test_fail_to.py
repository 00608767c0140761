"""The fail_to family (fail to V → plain negation) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.fail_to import FailToChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = FailToChecker()
LITERAL = {"literal": ["omettre", "échouer", "manquer"]}


def french(**params: object) -> ChallengeItem:
    return item(checker="fail_to", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(**params), output=output).outcome


SEE = {**LITERAL, "verb": ["voir", "saisir", "comprendre", "percevoir"]}
RESPOND = {**LITERAL, "verb": ["répondre", "réagir"]}
COMPLY = {**LITERAL, "verb": ["conformer", "respecter", "satisfaire", "observer"],
          "accept": ["enfreindre", "contrevenir"]}


@pytest.mark.parametrize(("params", "output", "expected"), [
    (SEE, "John n'a pas saisi la pertinence de ce point.", Outcome.PASS),
    (SEE, "Jean n’a pas compris la pertinence de ce point.", Outcome.PASS),
    (SEE, "John n'est pas parvenu à voir la pertinence de ce point.", Outcome.PASS),
    (SEE, "John n'a pas su voir l'intérêt de ce point.", Outcome.PASS),
    (SEE, "John ne voyait pas la pertinence de ce point.", Outcome.PASS),
    (SEE, "John a échoué à voir la pertinence de ce point.", Outcome.FAIL),
    (SEE, "John a manqué de voir la pertinence de ce point.", Outcome.FAIL),
    (SEE, "John a omis de saisir la pertinence de ce point.", Outcome.FAIL),
    (SEE, "John a vu la pertinence de ce point.", Outcome.FAIL),
    (RESPOND, "Il n'a pas réagi.", Outcome.PASS),
    (RESPOND, "Il ne répondit pas.", Outcome.PASS),
    (RESPOND, "Il n'a jamais répondu.", Outcome.PASS),
    (RESPOND, "Il n'est pas arrivé à répondre.", Outcome.PASS),
    (RESPOND, "Il n'a pas pu répondre.", Outcome.PASS),
    (COMPLY, "Ceux qui ne manquent pas de se conformer à cette exigence seront pénalisés.", Outcome.FAIL),
    (RESPOND, "Il a omis de répondre.", Outcome.FAIL),
    (RESPOND, "Il a échoué à répondre.", Outcome.FAIL),
    (RESPOND, "Il a répondu.", Outcome.FAIL),
    (COMPLY, "Ceux qui ne respectent pas cette règle seront sanctionnés.", Outcome.PASS),
    (COMPLY, "Celles qui ne se conforment pas à cette exigence seront punies.", Outcome.PASS),
    (COMPLY, "Quiconque ne satisfait pas à cette exigence sera pénalisé.", Outcome.PASS),
    (COMPLY, "Ceux qui enfreignent cette exigence seront pénalisés.", Outcome.PASS),
    (COMPLY, "Ceux qui omettent de se conformer à cette exigence seront pénalisés.", Outcome.FAIL),
    (COMPLY, "Ceux qui échouent à respecter cette exigence seront pénalisés.", Outcome.FAIL),
    (COMPLY, "Ceux qui manquent de se conformer à cette exigence seront pénalisés.", Outcome.FAIL),
    (COMPLY, "Ceux qui se conforment à cette exigence seront pénalisés.", Outcome.FAIL),
])
def test_fail_to(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output"), [
    (SEE, "John a été incapable de voir la pertinence de ce point."),
    (SEE, "La pertinence de ce point a échappé à John."),
    (RESPOND, "Il est resté muet."),
    (COMPLY, "Ceux qui manquent à cette exigence seront pénalisés."),
    (RESPOND, "Il n'a pas voulu répondre."),  # did not want to: another meaning
    (RESPOND, "Il n'a pas eu à répondre."),  # did not have to
    (SEE, "John n'a pas réussi à ne pas voir la pertinence de ce point."),  # double negation
])
def test_other_renderings_are_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert outcome(SEE, "") is Outcome.NA


def test_reasons_name_the_words() -> None:
    failed = CHECKER.check(item=french(**SEE), output="John a omis de saisir la pertinence de ce point.")
    assert "'omis'" in failed.reason and "omettre" in failed.reason and "negation" in failed.reason
    passed = CHECKER.check(item=french(**SEE), output="John n'a pas saisi la pertinence de ce point.")
    assert "'saisi'" in passed.reason and "negat" in passed.reason


@pytest.mark.parametrize("params", [
    {},
    {"verb": []},
    {"verb": ["voir"], "literal": "omettre"},
    {"verb": ["voir"], "accept": [None]},
    {"verb": ["voir"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        FailToChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    # ne … rien
    (RESPOND, "Elle n'a rien répondu à la lettre.", Outcome.PASS),
    # ne dropped, as spoken French drops it (and a broken output's bare infinitive)
    (RESPOND, "Elle a pas répondu à la lettre.", Outcome.PASS),
    (RESPOND, "Elle répond jamais aux lettres.", Outcome.PASS),
    (RESPOND, "Elle pas répondre à la lettre.", Outcome.PASS),
    # a negated support verb with the action noun of the verb
    (RESPOND, "Elle n'a pas apporté de réponse à la lettre.", Outcome.PASS),
    (RESPOND, "Elle n'a fourni aucune réponse.", Outcome.PASS),
    (RESPOND, "Elle n'a pas donné de nouvelles.", Outcome.UNDECIDED),  # not the verb's action noun
    # the English "to" rendered by pour after a calque of fail
    (RESPOND, "Elle a échoué pour répondre à la lettre.", Outcome.FAIL),
])
def test_issue_23_negations_and_calques(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("Elle est repartie sans répondre.", Outcome.PASS),
    ("Elle a lu la lettre sans y répondre.", Outcome.PASS),
    ("Elle est repartie sans un mot.", Outcome.UNDECIDED),  # no infinitive of the verb
])
def test_sans_with_the_infinitive_of_the_verb(output: str, expected: Outcome) -> None:
    assert outcome(RESPOND, output) is expected
