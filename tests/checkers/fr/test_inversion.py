"""The inversion family on hand-written French variants (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.inversion import InversionChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = InversionChecker()
RARELY = {"adverb": ["rarement", "peu souvent"], "negative": False, "verbs": ["courir"]}
NEVER = {"adverb": ["jamais"], "negative": True, "verbs": ["être"]}
NOWHERE = {"adverb": ["nulle part"], "negative": True, "verbs": ["être"]}


def french(params: Mapping[str, object]) -> ChallengeItem:
    return item(checker="inversion", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(params), output=output).outcome


@pytest.mark.parametrize(("params", "output"), [
    (RARELY, "Rarement le chien courait-il."),
    (RARELY, "Rarement le chien a-t-il couru."),
    (RARELY, "Rarement, le chien courait."),
    (RARELY, "Rarement le chien courut."),
    (RARELY, "Peu souvent le chien a couru."),
    (RARELY, "Le chien courait rarement."),
    (RARELY, "Le chien ne courait que rarement."),
    (RARELY, "Rarement les chiens couraient-ils."),
    (NEVER, "Jamais encore n'avait-elle été aussi malheureuse."),
    (NEVER, "Jamais auparavant elle n'avait été si malheureuse."),
    (NEVER, "Jamais elle n’a été aussi malheureuse."),
    (NEVER, "Elle n'avait jamais été aussi malheureuse."),
    (NEVER, "Jamais encore n’a-t-elle été aussi triste."),
    (NOWHERE, "Nulle part les oiseaux n'étaient si colorés."),
    (NOWHERE, "Nulle part ailleurs les oiseaux n'étaient aussi colorés."),
    (NOWHERE, "Nulle part, les oiseaux n'étaient-ils aussi colorés."),
    (NOWHERE, "Les oiseaux n'étaient nulle part aussi colorés."),
    (NOWHERE, "Nulle part au monde les oiseaux n'ont été aussi colorés."),
])
def test_correct_orders_pass(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.PASS


@pytest.mark.parametrize(("params", "output"), [
    (RARELY, "Rarement a fait le chien courir."),
    (RARELY, "Rarement a le chien couru."),
    (RARELY, "Rarement le chien couru."),
    (RARELY, "Rarement le chien courir."),
    (RARELY, "Rarement courait le chien."),
    (NEVER, "Jamais avant avait-elle été si malheureuse."),
    (NEVER, "Jamais encore elle avait été aussi malheureuse."),
    (NEVER, "Jamais avant avait elle été si malheureuse."),
    (NEVER, "Jamais avant elle été si malheureuse."),
    (NOWHERE, "Nulle part étaient les oiseaux si colorés."),
    (NOWHERE, "Nulle part les oiseaux étaient si colorés."),
    (NOWHERE, "Nulle part les oiseaux étaient-ils aussi colorés."),
    (NOWHERE, "Nulle part sont les oiseaux aussi colorés."),
    (NEVER, "Jamais auparavant, si elle avait été si malheureuse."),
    (NEVER, "Jamais encore n'avait été aussi malheureuse."),
    (NOWHERE, "Nulle part les oiseaux aussi colorés."),
    (NOWHERE, "Nulle part où les oiseaux étaient si colorés."),
    (NOWHERE, "Les oiseaux ne sont pas aussi colorés."),
    (NEVER, "Elle n'avait pas été aussi malheureuse."),
])
def test_english_order_missing_ne_or_verbless_clauses_fail(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.FAIL


@pytest.mark.parametrize(("params", "output"), [
    (RARELY, "Le chien se déplaçait rarement."),
    (NOWHERE, "Les oiseaux avaient partout des couleurs moins vives."),
    (NOWHERE, "Nulle part n'étaient les oiseaux aussi colorés."),
    (NEVER, "Elle avait jamais été aussi malheureuse."),
    (RARELY, "Rarement le chien ne courait."),
    (RARELY, "Rarement, quand il faisait beau, le chien courait."),
    (NOWHERE, "Il n'y avait pas d'endroit où les oiseaux étaient si colorés."),
])
def test_rephrased_or_marginal_clauses_are_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert outcome(NEVER, "") is Outcome.NA


def test_reasons_name_the_adverb_and_the_verb() -> None:
    verdict = CHECKER.check(item=french(NOWHERE), output="Nulle part les oiseaux étaient si colorés.")
    assert "'nulle part'" in verdict.reason and "without 'ne'" in verdict.reason and "'étaient'" in verdict.reason
    verdict = CHECKER.check(item=french(RARELY), output="Rarement a le chien couru.")
    assert "English order" in verdict.reason and "'le chien'" in verdict.reason
    verdict = CHECKER.check(item=french(NOWHERE), output="Les oiseaux ne sont pas aussi colorés.")
    assert "'sont' (être, indicative present, 3rd person plural)" in verdict.reason and "lost" in verdict.reason
    verdict = CHECKER.check(item=french(RARELY), output="Rarement le chien courait-il.")
    assert "complex inversion" in verdict.reason and "'il'" in verdict.reason


@pytest.mark.parametrize("params", [
    {},
    {**RARELY, "negative": "no"},
    {**RARELY, "adverb": "rarement"},
    {**RARELY, "verbs": []},
    {**RARELY, "verbs": ["faire courir"]},
    {k: v for k, v in RARELY.items() if k != "negative"},
    {**RARELY, "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        InversionChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    # the order after a fronted adverb, whatever verb renders the clause
    (NEVER, "Jamais encore elle n'avait eu l'air si malheureuse.", Outcome.PASS),
    (NOWHERE, "Nulle part on ne trouvait de fleurs aussi belles.", Outcome.PASS),
    (NOWHERE, "Nulle part trouvait-on des fleurs aussi belles.", Outcome.FAIL),  # ne is missing
    (RARELY, "Rarement le chat sortait-il.", Outcome.PASS),
    (RARELY, "Rarement sortait le chat.", Outcome.FAIL),
    # causative faire: a causer the source does not have
    (RARELY, "Rarement a-t-on fait courir le chien.", Outcome.FAIL),
    (RARELY, "Rarement le maître faisait-il courir le chien.", Outcome.FAIL),
    (RARELY, "Rarement voyait-on le chien courir.", Outcome.PASS),  # a perception verb: the dog still runs
    # a negative adverb lost, its companion kept, no negation left
    (NEVER, "Auparavant, elle avait été aussi malheureuse.", Outcome.FAIL),
    (NEVER, "Elle avait encore été aussi triste.", Outcome.FAIL),
    (NEVER, "C'était la première fois qu'elle était aussi malheureuse.", Outcome.UNDECIDED),  # a paraphrase
])
def test_issue_23_rules(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output", "content"), [
    (RARELY, "Rarement le chien courait-il.", ("courait",)),
    (RARELY, "Rarement courait-il.", ("courait",)),
    (RARELY, "Le chien courait rarement.", ("courait",)),
])
def test_a_pass_rests_on_the_clauses_verb(params: Mapping[str, object], output: str, content: tuple[str, ...]) -> None:
    verdict = CHECKER.check(item=french(params), output=output)
    assert verdict.outcome is Outcome.PASS and verdict.content == content
