"""The compound family (N1 N2 → N2 + preposition + N1) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.compound import CompoundChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = CompoundChecker()
MEAT_KNIFE: Mapping[str, object] = {"head": ["couteau"], "modifier": ["viande"], "prepositions": ["à"]}
STEAK_KNIFE: Mapping[str, object] = {"head": ["couteau"], "modifier": ["steak", "bifteck"], "prepositions": ["à"]}
WATER_FILTER: Mapping[str, object] = {"head": ["filtre"], "modifier": ["eau"], "prepositions": ["à"]}
METAL_FILTER: Mapping[str, object] = {"head": ["filtre"], "modifier": ["métal"], "prepositions": ["en", "de"],
                                      "adjectives": ["métallique"], "juxtaposition": "undecided"}
PAPER_FILTER: Mapping[str, object] = {"head": ["filtre"], "modifier": ["papier"], "prepositions": ["en", "de"],
                                      "juxtaposition": "undecided"}


def french(params: Mapping[str, object]) -> ChallengeItem:
    return item(checker="compound", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(params), output=output).outcome


@pytest.mark.parametrize(("params", "output", "expected"), [
    (MEAT_KNIFE, "Utilise le couteau à viande.", Outcome.PASS),
    (MEAT_KNIFE, "Servez-vous des couteaux à viande.", Outcome.PASS),
    (MEAT_KNIFE, "Utilisez le couteau pour la viande.", Outcome.FAIL),
    (MEAT_KNIFE, "Utilisez le couteau de la viande.", Outcome.FAIL),
    (MEAT_KNIFE, "Utilisez le couteau à la viande.", Outcome.FAIL),
    (MEAT_KNIFE, "Utilisez le viande couteau.", Outcome.FAIL),
    (MEAT_KNIFE, "Utilisez le couteau de boucher.", Outcome.UNDECIDED),
    (MEAT_KNIFE, "Utilisez la lame.", Outcome.UNDECIDED),
    (STEAK_KNIFE, "Utilisez un couteau à bifteck.", Outcome.PASS),
    (STEAK_KNIFE, "Utilisez le couteau à steaks.", Outcome.PASS),
    (STEAK_KNIFE, "Utilisez le couteau pour steak.", Outcome.FAIL),
    (STEAK_KNIFE, "Utilisez le couteau steak.", Outcome.FAIL),
    (WATER_FILTER, "Nettoie le filtre à eau !", Outcome.PASS),
    (WATER_FILTER, "Nettoyez le filtre d'eau.", Outcome.FAIL),
    (WATER_FILTER, "Nettoyez le filtre de l’eau.", Outcome.FAIL),
    (WATER_FILTER, "Nettoyez le filtre à l'eau.", Outcome.FAIL),
])
def test_purpose_compounds_take_a_and_the_bare_noun(params: Mapping[str, object], output: str,
                                                     expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output", "expected"), [
    (METAL_FILTER, "Nettoie le filtre en métal.", Outcome.PASS),
    (METAL_FILTER, "Nettoyez les filtres métalliques.", Outcome.PASS),
    (METAL_FILTER, "Nettoyez le filtre à métal.", Outcome.FAIL),
    (METAL_FILTER, "Nettoyez le filtre au métal.", Outcome.FAIL),
    (METAL_FILTER, "Nettoyez le métal filtre.", Outcome.FAIL),
    (METAL_FILTER, "Nettoyez le filtre de métal.", Outcome.PASS),  # a material takes en or de
    (PAPER_FILTER, "Nettoyez les filtres en papier.", Outcome.PASS),
    (PAPER_FILTER, "Nettoyez le filtre pour papier.", Outcome.FAIL),
    (PAPER_FILTER, "Nettoyez le filtre du papier.", Outcome.FAIL),
    (PAPER_FILTER, "Nettoyez le papier filtre.", Outcome.FAIL),
    (PAPER_FILTER, "Nettoyez le filtre papier.", Outcome.UNDECIDED),
    (PAPER_FILTER, "", Outcome.NA),
])
def test_material_compounds_take_en_or_de(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_juxtaposition_fails_by_default() -> None:
    assert outcome(MEAT_KNIFE, "Utilisez le couteau viande.") is Outcome.FAIL
    assert outcome(PAPER_FILTER, "Nettoyez le filtre papier.") is Outcome.UNDECIDED


def test_reasons_name_the_preposition() -> None:
    failed = CHECKER.check(item=french({**MEAT_KNIFE, "modifier": ["beurre"]}), output="Utilisez le couteau au beurre.")
    assert failed.reason == ("expected the preposition 'à' + the bare noun; found 'couteau au beurre' ('à' with the "
                             "article 'au', where the compound takes the bare noun)")
    passed = CHECKER.check(item=french(PAPER_FILTER), output="Nettoyez le filtre en papier.")
    assert passed.reason == "found 'filtre en papier' (the preposition 'en' + the bare noun)"


@pytest.mark.parametrize(("params", "message"), [
    ({"modifier": ["viande"], "prepositions": ["à"]}, "head"),
    ({"head": ["couteau"], "prepositions": ["à"]}, "modifier"),
    ({"head": ["couteau"], "modifier": ["viande"]}, "prepositions"),
    ({"head": ["couteau"], "modifier": ["viande"], "prepositions": ["a"]}, "prepositions"),
    ({"head": ["couteau"], "modifier": ["viande"], "prepositions": ["à"], "doubtful": ["à"]}, "doubtful"),
    ({"head": ["couteau"], "modifier": ["viande"], "prepositions": ["à"], "juxtaposition": "pass"}, "juxtaposition"),
    ({"head": ["couteau"], "modifier": ["viande"], "prepositions": ["à"], "adjective": ["x"]}, "adjective"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CompoundChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    (MEAT_KNIFE, "Prenez la viande au couteau.", Outcome.FAIL),  # the relation reversed
    (WATER_FILTER, "Videz l'eau du filtre.", Outcome.FAIL),
    (WATER_FILTER, "Changez le réservoir filtre.", Outcome.FAIL),  # the English order, another modifier
    (WATER_FILTER, "Changez le vieux filtre.", Outcome.UNDECIDED),  # an adjective, not a noun
    (WATER_FILTER, "Changez le réservoir filtre à eau.", Outcome.PASS),
])
def test_a_reversed_relation_or_the_english_order_fails(params: Mapping[str, object], output: str,
                                                         expected: Outcome) -> None:
    assert outcome(params, output) is expected
