"""The factitive family (faire + infinitive) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.factitive import FactitiveChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = FactitiveChecker()
COOK: Mapping[str, object] = {"verb": "cuire", "alternatives": ["cuisiner"]}
MELT: Mapping[str, object] = {"verb": "fondre"}
GROW: Mapping[str, object] = {"verb": "pousser", "alternatives": ["cultiver"],
                              "rejected": ["développer", "grandir", "croître", "élever"]}


def french(params: Mapping[str, object]) -> ChallengeItem:
    return item(checker="factitive", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(params), output=output).outcome


@pytest.mark.parametrize(("output", "expected"), [
    ("John fit cuire un gros poulet.", Outcome.PASS),
    ("John faisait cuire un gros poulet.", Outcome.PASS),
    ("Tu as fait cuire un gros poulet ?", Outcome.PASS),
    ("John l'a fait cuire au four.", Outcome.PASS),
    ("John a cuisiné un gros poulet.", Outcome.PASS),
    ("John a cuit un gros poulet.", Outcome.FAIL),
    ("John cuisait un gros poulet.", Outcome.FAIL),
    ("Le gros poulet a été cuit par John.", Outcome.FAIL),
    ("John a fait rôtir un gros poulet.", Outcome.UNDECIDED),
    ("John a préparé un gros poulet.", Outcome.UNDECIDED),
    ("", Outcome.NA),
])
def test_cook(output: str, expected: Outcome) -> None:
    assert outcome(COOK, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("John a fait fondre énormément de glace.", Outcome.PASS),
    ("John fera fondre beaucoup de glace.", Outcome.PASS),
    ("John avait fait lentement fondre beaucoup de glace.", Outcome.PASS),
    ("John fondit beaucoup de glace.", Outcome.FAIL),
    ("John a fondu une grande quantité de glace.", Outcome.FAIL),
    ("La glace a été fondue par John.", Outcome.FAIL),
    ("John a laissé fondre beaucoup de glace.", Outcome.UNDECIDED),
])
def test_melt(output: str, expected: Outcome) -> None:
    assert outcome(MELT, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("Elle adore faire pousser des fleurs.", Outcome.PASS),
    ("Elle aime à faire pousser des fleurs.", Outcome.PASS),
    ("Elle aime cultiver les fleurs.", Outcome.PASS),
    ("Vous aimez cultiver des fleurs ?", Outcome.PASS),
    ("Elle aime pousser des fleurs.", Outcome.FAIL),
    ("Elle aime grandir des fleurs.", Outcome.FAIL),
    ("Elle aime à se développer des fleurs.", Outcome.FAIL),
    ("Elle aime faire grandir des fleurs.", Outcome.UNDECIDED),
    ("Elle aime regarder pousser des fleurs.", Outcome.UNDECIDED),
    ("Elle aime planter des fleurs.", Outcome.UNDECIDED),
])
def test_grow(output: str, expected: Outcome) -> None:
    assert outcome(GROW, output) is expected


def test_reasons_name_the_verb_and_faire() -> None:
    failed = CHECKER.check(item=french(MELT), output="John a fondu beaucoup de glace.")
    assert failed.reason == ("expected faire fondre; found 'fondu' (fondre, adjective (past participle), masculine "
                             "singular; fondre, past participle, masculine singular), without the causative faire")
    passed = CHECKER.check(item=french(COOK), output="John a fait cuire un gros poulet.")
    assert passed.reason == "found 'fait cuire': the agentive verb is rendered as faire cuire (or cuisiner)"


@pytest.mark.parametrize(("params", "message"), [
    ({}, "verb"),
    ({"verb": "faire cuire"}, "verb"),
    ({"verb": "cuire", "alternatives": "  "}, "alternatives"),
    ({"verb": "cuire", "alternatives": []}, "alternatives"),
    ({"verb": "cuire", "rejected": ["cuire"]}, "rejected"),
    ({"verb": "cuire", "bare": True}, "bare"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        FactitiveChecker.parse_params(params)
