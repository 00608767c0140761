"""The conditional family on hand-written French variants (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.conditional import ConditionalChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = ConditionalChecker()
LEAVE = {"verbs": ["partir", "aller", "quitter"]}
BECOME = {"verbs": ["devenir"]}
FALL = {"verbs": ["tomber"]}


def french(params: Mapping[str, object], reference: str = "(reference)") -> ChallengeItem:
    return item(references=(reference,), checker="conditional", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(params), output=output).outcome


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
    verdict = CHECKER.check(item=french(LEAVE), output="Si Paul part, je serais triste.")
    assert "'part'" in verdict.reason and "indicative present" in verdict.reason and "imperfect" in verdict.reason
    verdict = CHECKER.check(item=french(BECOME), output="Devrait-il devenir président, elle serait promue.")
    assert "calqued" in verdict.reason and "devoir, conditional" in verdict.reason
    verdict = CHECKER.check(item=french(FALL), output="S'il venait à tomber, il se relèverait.")
    assert "'venait'" in verdict.reason and "indicative imperfect" in verdict.reason


@pytest.mark.parametrize("params", [
    {"verbs": []},
    {"verbs": "partir"},
    {"verbs": ["s'en aller"]},
    {"verbs": ["partir"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        ConditionalChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    (FALL, "Si elle tomber, elle se relèverait aussitôt.", Outcome.PASS),
    (LEAVE, "Si Marie partir demain, je pleurerais.", Outcome.PASS),
    (LEAVE, "Si Marie part demain, je pleurerais.", Outcome.FAIL),  # a finite present still fails
    (BECOME, "Devrait elle devenir maire, il serait content.", Outcome.FAIL),
])
def test_a_si_clause_with_an_unconjugated_verb_has_the_subordinator(params: Mapping[str, object], output: str,
                                                                     expected: Outcome) -> None:
    assert outcome(params, output) is expected


PAUL = "Si Paul devait s'en aller, je serais triste."
HE_FALLS = "S'il venait à tomber, il se relèverait immédiatement."
THE_BOSS = "Si le patron devait partir, je serais triste."


@pytest.mark.parametrize(("params", "reference", "output", "expected"), [
    # the source's subject, as a name or a pronoun of its person: still a pass
    (LEAVE, PAUL, "Si Paul partait, je serais triste.", Outcome.PASS),
    (LEAVE, PAUL, "S'il devait partir, je serais triste.", Outcome.PASS),
    (LEAVE, PAUL, "Je serais triste si Paul s'en allait.", Outcome.PASS),
    (FALL, HE_FALLS, "Si jamais il tombait, il se relèverait aussitôt.", Outcome.PASS),
    # a name where the source says *he*: someone else, or the pronoun made explicit? (the shared participant
    # check, issue 36; the family passed it while it compared persons alone)
    (FALL, HE_FALLS, "Si Marc venait à tomber, il se relèverait tout de suite.", Outcome.UNDECIDED),
    (FALL, HE_FALLS, "S'il venait à chuter, il se relèverait aussitôt.", Outcome.PASS),
    (FALL, HE_FALLS, "Si elle venait à tomber, elle se relèverait aussitôt.", Outcome.FAIL),  # she for he
    (LEAVE, THE_BOSS, "Si le patron partait, je serais triste.", Outcome.PASS),
    (LEAVE, THE_BOSS, "Si on devait partir, je serais triste.", Outcome.PASS),  # on: not compared
    # another person than the reference clause's subject
    (FALL, HE_FALLS, "Si tu venais à tomber, je t'aiderais à te relever.", Outcome.FAIL),
    (LEAVE, PAUL, "Si nous devions partir, je serais triste.", Outcome.FAIL),
    # a noun phrase for a name that is nowhere in the output
    (LEAVE, PAUL, "Si le train devait partir en retard, nous manquerions la correspondance.", Outcome.FAIL),
    (LEAVE, PAUL, "Au cas où le train partirait, je serais triste.", Outcome.FAIL),
    # a noun phrase for a common noun: a synonym, or someone else
    (LEAVE, THE_BOSS, "Si le directeur partait, je serais triste.", Outcome.UNDECIDED),
])
def test_the_conditional_clause_has_the_reference_clauses_subject(params: Mapping[str, object], reference: str,
                                                                 output: str, expected: Outcome) -> None:
    verdict = CHECKER.check(item=french(params, reference), output=output)
    assert verdict.outcome is expected, verdict.reason


@pytest.mark.parametrize(("output", "content"), [
    ("Si Paul devait s'en aller, je serais triste.", ("triste",)),        # after the comma: the main clause
    ("Je serais triste si Paul s'en allait.", ("triste",)),               # the main clause first
    ("Si Paul devait partir, nous le regretterions.", ("regretterions",)),
])
def test_a_pass_rests_on_the_main_clauses_meaning(output: str, content: tuple[str, ...]) -> None:
    # the judge asks whether these words render the source's (*soulagé* for *sad* is another sentence)
    verdict = CHECKER.check(item=french(LEAVE), output=output)
    assert verdict.outcome is Outcome.PASS and verdict.content == content, verdict.reason
