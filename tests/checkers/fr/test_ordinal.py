"""The ordinal family (numeral before premier/dernier/autre) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.ordinal import OrdinalChecker, is_cardinal
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = OrdinalChecker()


def french(params: Mapping[str, object]) -> ChallengeItem:
    return item(checker="ordinal", params=params)


def outcome(ordinal: str, output: str) -> Outcome:
    return CHECKER.check(item=french({"ordinal": [ordinal]}), output=output).outcome


@pytest.mark.parametrize(("ordinal", "output", "expected"), [
    ("premier", "Les 4 premiers hommes étaient épuisés.", Outcome.PASS),
    ("premier", "Les quatre premières personnes étaient épuisées.", Outcome.PASS),
    ("premier", "Les dix-sept premiers coureurs étaient épuisés.", Outcome.PASS),
    ("premier", "Les premiers quatre hommes étaient épuisés.", Outcome.FAIL),
    ("premier", "Les premiers 4 hommes étaient épuisés.", Outcome.FAIL),
    ("premier", "Les premiers hommes étaient épuisés.", Outcome.UNDECIDED),  # the numeral is lost
    ("premier", "Les quatre hommes arrivés premiers étaient épuisés.", Outcome.UNDECIDED),
    ("dernier", "Les 3 derniers candidats furent éliminés.", Outcome.PASS),
    ("dernier", "Les derniers trois candidats ont été éliminés.", Outcome.FAIL),
    ("dernier", "Les dernières trois candidates ont été éliminées.", Outcome.FAIL),
    ("autre", "Les deux autres types sont partis sans payer.", Outcome.PASS),
    ("autre", "Les 2 autres gars sont partis sans payer.", Outcome.PASS),
    ("autre", "Les autres deux gars sont partis sans payer.", Outcome.FAIL),
    ("autre", "Les autres 2 mecs sont partis sans payer.", Outcome.FAIL),
    ("autre", "Un autre gars est parti sans payer.", Outcome.UNDECIDED),  # un is the article
    ("autre", "", Outcome.NA),
])
def test_numeral_before_ordinal(ordinal: str, output: str, expected: Outcome) -> None:
    assert outcome(ordinal, output) is expected


def test_cardinals() -> None:
    assert all(map(is_cardinal, ["4", "quatre", "dix-sept", "vingt-et-un", "quatre-vingts", "cent"]))
    assert not any(map(is_cardinal, ["un", "une", "et", "premier", "quatrième"]))


def test_reasons_quote_the_words() -> None:
    failed = CHECKER.check(item=french({"ordinal": "dernier"}), output="Les derniers trois candidats sont éliminés.")
    assert failed.reason == "expected the numeral before dernier; found 'derniers trois', the English order"
    passed = CHECKER.check(item=french({"ordinal": "autre"}), output="Les deux autres gars sont partis.")
    assert passed.reason == "the numeral precedes autre: 'deux autres'"


@pytest.mark.parametrize(("params", "message"), [
    ({}, "ordinal"),
    ({"ordinal": []}, "ordinal"),
    ({"ordinal": [4]}, "ordinal"),
    ({"ordinal": ["premier"], "numeral": 4}, "numeral"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        OrdinalChecker.parse_params(params)


@pytest.mark.parametrize(("output", "content"), [
    ("Les deux autres types sont partis sans payer.", ("types",)),
    ("Les quatre premiers hommes étaient épuisés.", ("hommes",)),
    ("Les deux autres sont partis.", ()),  # no noun after the ordinal: nothing to rest on
])
def test_a_pass_rests_on_the_counted_noun(output: str, content: tuple[str, ...]) -> None:
    verdict = CHECKER.check(item=french({"ordinal": ["autre", "premier"]}), output=output)
    assert verdict.outcome is Outcome.PASS and verdict.content == content
