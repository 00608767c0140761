"""The lexical_choice family (savoir vs connaître) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.lexical_choice import LexicalChoiceChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = LexicalChoiceChecker()
SAVOIR = {"expected": ["savoir"], "rejected": ["connaître"]}
CONNAITRE = {"expected": ["connaître"], "rejected": ["savoir"]}


def french(params: Mapping[str, object]) -> ChallengeItem:
    return item(checker="lexical_choice", params=params)


@pytest.mark.parametrize(("output", "expected"), [
    ("Paul sait bien que c'est un fait.", Outcome.PASS),
    ("PAUL SAVAIT QUE C’ÉTAIT UN FAIT.", Outcome.PASS),
    ("Paul saura que c'est un fait.", Outcome.PASS),
    ("Tu sais que cette histoire est dure à croire ?", Outcome.PASS),
    ("Vous saviez que votre fils était fiable.", Outcome.PASS),
    ("Sachant que c'est un fait, Paul se tait.", Outcome.PASS),
    ("Paul connaît que c'est un fait.", Outcome.FAIL),
    ("Paul connait que c'est un fait.", Outcome.FAIL),  # 1990 spelling, absent from the Lefff
    ("Paul connaissait cette histoire était difficile à croire.", Outcome.FAIL),
    ("Ma soeur connait ton fils est fiable.", Outcome.FAIL),
    ("Paul est conscient que c'est un fait.", Outcome.UNDECIDED),
    ("Paul sait qu'il connaît cette histoire.", Outcome.UNDECIDED),
    ("", Outcome.NA),
])
def test_savoir_before_a_sentential_complement(output: str, expected: Outcome) -> None:
    assert CHECKER.check(item=french(SAVOIR), output=output).outcome is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("Paul connaissait cette histoire.", Outcome.PASS),
    ("Paul connait cette histoire.", Outcome.PASS),
    ("Vous connaissez cette histoire ?", Outcome.PASS),
    ("Paul a toujours connu cette histoire.", Outcome.PASS),
    ("Paul sait cette histoire.", Outcome.FAIL),
    ("Paul savait cette histoire.", Outcome.FAIL),
    ("Paul a entendu cette histoire.", Outcome.UNDECIDED),
    ("Le savoir de Paul est immense.", Outcome.UNDECIDED),  # the noun, not the verb
])
def test_connaitre_before_a_noun_phrase(output: str, expected: Outcome) -> None:
    assert CHECKER.check(item=french(CONNAITRE), output=output).outcome is expected


def test_reasons_name_the_form_and_the_lemma() -> None:
    failed = CHECKER.check(item=french(SAVOIR), output="Ma sœur connaît votre fils est fiable.")
    assert failed.reason == "expected a form of savoir; found 'connaît' (connaître)"
    passed = CHECKER.check(item=french(SAVOIR), output="Il savait que ma sœur ne le prendrait pas.")
    assert passed.reason == "found 'savait' (savoir): a form of savoir, as expected"


@pytest.mark.parametrize(("params", "message"), [
    ({"rejected": ["connaître"]}, "expected"),
    ({"expected": [], "rejected": ["connaître"]}, "expected"),
    ({"expected": ["savoir"], "rejected": [3]}, "rejected"),
    ({"expected": ["savoir"], "rejected": ["savoir"]}, "rejected"),
    ({"expected": ["savoir"], "rejected": ["connaître"], "pos": "verbe"}, "pos"),
    ({"expected": ["savoir"], "rejected": ["connaître"], "lemma": "x"}, "lemma"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LexicalChoiceChecker.parse_params(params)
