"""The tag_question family on hand-written French variants (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.tag_question import TagQuestionChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = TagQuestionChecker()
TAGS = ["n'est-ce pas", "non", "hein", "pas vrai", "c'est ça", "d'accord", "vous ne trouvez pas",
        "tu ne trouves pas", "n'est-il pas vrai"]
DIDNT_SHE = {"tags": TAGS, "literal": ["n'avait-elle pas", "ne l'avait-elle pas", "ne l'a pas fait"]}
SHOULD_WE = {"tags": TAGS, "literal": ["devrions-nous", "si nous"]}
WAS_SHE_NOT = {"tags": TAGS, "literal": ["n'était-elle pas", "était-elle pas"]}


def french(params: Mapping[str, object]) -> ChallengeItem:
    return item(checker="tag_question", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(params), output=output).outcome


@pytest.mark.parametrize(("params", "output"), [
    (DIDNT_SHE, "Mary avait l'air vraiment heureuse ce soir, n'est-ce pas ?"),
    (DIDNT_SHE, "Marie semblait vraiment heureuse ce soir, non ?"),
    (DIDNT_SHE, "Mary avait l’air très heureuse ce soir, hein\u00a0?"),
    (DIDNT_SHE, "Mary paraissait vraiment contente ce soir, pas vrai ?"),
    (DIDNT_SHE, "N'est-ce pas que Mary avait l'air vraiment heureuse ce soir ?"),
    (DIDNT_SHE, "Mary avait l'air vraiment heureuse ce soir n'est-ce pas ?"),
    (SHOULD_WE, "Nous ne devrions pas recommencer, d'accord ?"),
    (SHOULD_WE, "On ne devrait pas refaire ça, n’est-ce pas ?"),
    (SHOULD_WE, "Nous ne devrions plus faire cela, hein ?"),
    (WAS_SHE_NOT, "Elle était parfaite ce soir, n'est-ce pas ?"),
    (WAS_SHE_NOT, "Elle a été parfaite ce soir, non ?"),
    (WAS_SHE_NOT, "Elle était parfaite ce soir, vous ne trouvez pas ?"),
    (WAS_SHE_NOT, "ELLE ÉTAIT PARFAITE CE SOIR, N'EST-CE PAS ?"),
    (WAS_SHE_NOT, "Ce soir, elle était parfaite, n'est-il pas vrai ?"),
])
def test_french_tags_pass(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.PASS


@pytest.mark.parametrize(("params", "output"), [
    (DIDNT_SHE, "Mary avait l'air vraiment heureuse ce soir, n'avait-elle pas ?"),
    (DIDNT_SHE, "Mary avait l'air vraiment heureuse ce soir, ne l'avait-elle pas ?"),
    (DIDNT_SHE, "Mary semblait vraiment heureuse ce soir, ne semblait-elle pas ?"),
    (DIDNT_SHE, "Mary avait l'air vraiment heureuse ce soir, elle n'avait pas ?"),
    (DIDNT_SHE, "Mary avait l'air vraiment heureuse ce soir, ne l'a pas fait ?"),
    (SHOULD_WE, "Nous ne devrions pas refaire cela, devrions-nous ?"),
    (SHOULD_WE, "Nous ne devrions pas refaire cela, si nous ?"),
    (SHOULD_WE, "Nous ne devrions pas refaire ça, ne devrions-nous pas ?"),
    (SHOULD_WE, "Nous ne devrions pas refaire ça, faut-il ?"),
    (WAS_SHE_NOT, "Elle était parfaite ce soir, n'était-elle pas ?"),
    (WAS_SHE_NOT, "Elle était parfaite ce soir, était-elle pas ?"),
    (WAS_SHE_NOT, "Elle était parfaite ce soir, elle n'était pas ?"),
    (WAS_SHE_NOT, "Elle était parfaite ce soir, n'est-elle pas ?"),
    (WAS_SHE_NOT, "Elle était parfaite ce soir."),
    (DIDNT_SHE, "Mary avait l'air vraiment heureuse ce soir, n'est-ce pas elle ?"),
    (WAS_SHE_NOT, "Elle était parfaite ce soir, est-ce elle ?"),
])
def test_calqued_or_missing_tags_fail(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.FAIL


@pytest.mark.parametrize(("params", "output"), [
    (DIDNT_SHE, "Mary avait l'air vraiment heureuse ce soir ?"),
    (DIDNT_SHE, "Mary n'avait-elle pas l'air vraiment heureuse ce soir ?"),
    (WAS_SHE_NOT, "Elle était parfaite, ce soir ?"),
    (WAS_SHE_NOT, "Ce soir, elle était parfaite ?"),
    (WAS_SHE_NOT, "Parfaite ce soir, n'était-elle ?"),
    (WAS_SHE_NOT, "Elle était parfaite ce soir, n'était-ce pas ?"),
])
def test_questions_without_a_tag_are_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert outcome(WAS_SHE_NOT, "") is Outcome.NA


def test_reasons_name_the_tag() -> None:
    verdict = CHECKER.check(item=french(WAS_SHE_NOT), output="Elle était parfaite ce soir, n'est-ce pas ?")
    assert "n'est-ce pas" in verdict.reason and "French tag" in verdict.reason
    verdict = CHECKER.check(item=french(SHOULD_WE), output="Nous ne devrions pas refaire cela, si nous ?")
    assert "'si nous'" in verdict.reason and "word-for-word" in verdict.reason
    verdict = CHECKER.check(item=french(WAS_SHE_NOT), output="Elle était parfaite ce soir, elle n’était pas ?")
    assert "found \"elle n'était pas\"" in verdict.reason
    verdict = CHECKER.check(item=french(SHOULD_WE), output="Nous ne devrions pas refaire ça, doit-on ?")
    assert verdict.outcome is Outcome.FAIL and "pronoun + verb tag" in verdict.reason


@pytest.mark.parametrize("params", [
    {},
    {"tags": []},
    {"tags": "n'est-ce pas"},
    {"tags": ["n'est-ce pas", 3]},
    {"tags": ["non"], "literal": "si nous"},
    {"tags": ["non"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        TagQuestionChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    (WAS_SHE_NOT, "Julie semblé très fatiguée hier, ne était pas elle ?", Outcome.FAIL),
    (WAS_SHE_NOT, "Julie paraître fatiguée, fait pas elle ?", Outcome.FAIL),
    (WAS_SHE_NOT, "Julie semblé très fatiguée hier, n'est-ce pas ?", Outcome.PASS),
    (WAS_SHE_NOT, "Très fatiguée, elle ?", Outcome.UNDECIDED),  # no verb before the segment: no statement
])
def test_a_calqued_tag_after_an_unconjugated_statement_fails(params: Mapping[str, object], output: str,
                                                              expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output", "content"), [
    (DIDNT_SHE, "Marie semblait vraiment heureuse ce soir, n'est-ce pas ?", ("heureuse",)),
    (SHOULD_WE, "Nous ne devrions pas refaire cela, hein ?", ("refaire",)),
    (WAS_SHE_NOT, "Elle était parfaite ce soir, non ?", ("parfaite",)),
])
def test_a_pass_rests_on_the_statements_meaning(params: Mapping[str, object], output: str,
                                               content: tuple[str, ...]) -> None:
    verdict = CHECKER.check(item=french(params), output=output)
    assert verdict.outcome is Outcome.PASS and verdict.content == content
