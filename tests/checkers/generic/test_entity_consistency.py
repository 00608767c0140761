"""The entity_consistency family on hand-written documents (none an MT output), after DiP's
"inconsistency" coherence error (Table 17: Essen-Mülheim rendered Essen-Mosquitos and Essen Mill)."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers.generic.entity_consistency import EntityConsistencyChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = EntityConsistencyChecker()


def document(source: str, context: tuple[str, ...], target_language: str = "en", **params: object) -> ChallengeItem:
    return item(source, checker="entity_consistency", params=params, context=context,
                context_references=tuple("(reference)" for _ in context), target_language=target_language)


AIRPORT = document(
    "Essen-Mülheim ist ein kleiner Flughafen, der viel von Piloten genutzt wird.",
    ("Am Sonntagnachmittag stürzte das Flugzeug auf einem Parkplatz nahe dem Flughafen Essen-Mülheim ab.",),
    name="Essen-Mülheim")
FARMER = document("Entsprechend groß war die Nachfrage nach dem Guten „made in Füchtorf“.",
                  ("Der Füchtorfer Landwirt hatte aber auch abgefüllte Spezialitäten dabei.",), name="Füchtorf")
MUNICH = document("München bleibt für viele Familien zu teuer.", ("Die Mieten in München steigen weiter.",),
                  target_language="fr", name="München", renderings=["Munich"])
PYATT = document("Vor seiner Ernennung war Geoffrey Pyatt Botschafter in Kiew.",
                 ("Geoffrey Pyatt ist der neue Botschafter.",), name="Geoffrey Pyatt")

CONSISTENT = [
    (AIRPORT, ("On Sunday afternoon the plane crashed in a car park near Essen-Mülheim airport.",),
     "Essen-Mülheim is a small airport often used by pilots."),
    (AIRPORT, ("The plane crashed near the airport Essen-Mülheim.",), "It is a small airport used by pilots."),
    (AIRPORT, ("The aircraft came down near Essen Mill.",), "Essen Mill is a small airfield."),  # consistent
    (FARMER, ("But the Füchtorf farmer also brought bottled specialities.",),
     'Demand for the good "made in Füchtorf" was high accordingly.'),
    (MUNICH, ("Les loyers continuent d'augmenter à Munich.",), "Munich reste trop chère pour beaucoup de familles."),
    (PYATT, ("Geoffrey Pyatt is the new ambassador.",), "Before his appointment, Geoffrey Pyatt was ambassador in Kiev."),
    (PYATT, ("Geoffrey Pyatt is the new ambassador.",), "Before his appointment, Pyatt was ambassador in Kiev."),
    (AIRPORT, ("The plane crashed near the Essen-Mülheim Airport.",), "Essen-Mülheim is a small airport."),
]

INCONSISTENT = [
    (AIRPORT, ("The one-seater crashed on Sunday afternoon at a car park near Essen-Mosquitos.",),
     "Essen Mill is a small airport that's used a lot by pilots."),
    (AIRPORT, ("The plane crashed near Essen-Mülheim.",), "Essen Mill is a small airport."),
    (AIRPORT, ("The plane crashed near Essen-Mülheim.",), "Essen-Mulheim is a small airport."),
    (FARMER, ("But the Füchtorf farmer also brought bottled specialities.",),
     'Demand for the good "made in Fuchtorf" was high.'),
    (FARMER, ("But the Füchtdorf farmer also brought bottled specialities.",),
     'Demand for the good "made in Füchtorf" was high.'),
    (MUNICH, ("Les loyers continuent d'augmenter à München.",), "Munich reste trop chère pour les familles."),
    (PYATT, ("Geoffrey Pyatt is the new ambassador.",), "Before his appointment, Jeffrey Pyett was ambassador in Kiev."),
    (PYATT, ("Geoffrey Pyatt is the new ambassador.",), "Before his appointment, Geoffrey Pyett was ambassador."),
]


@pytest.mark.parametrize(("probe", "context", "output"), CONSISTENT)
def test_one_rendering_passes(probe: ChallengeItem, context: tuple[str, ...], output: str) -> None:
    verdict = CHECKER.check(item=probe, output=output, context=context)
    assert verdict.outcome is Outcome.PASS, verdict.reason


@pytest.mark.parametrize(("probe", "context", "output"), INCONSISTENT)
def test_two_renderings_fail(probe: ChallengeItem, context: tuple[str, ...], output: str) -> None:
    verdict = CHECKER.check(item=probe, output=output, context=context)
    assert verdict.outcome is Outcome.FAIL, verdict.reason
    assert "2 ways" in verdict.reason


def test_the_failure_lists_the_renderings() -> None:
    verdict = CHECKER.check(item=AIRPORT, output="Essen Mill is a small airport.",
                            context=("The plane crashed near Essen-Mosquitos.",))
    assert verdict.reason == ("'Essen-Mülheim' is rendered in 2 ways in the document (2 sentences): "
                              "'Essen-Mosquitos' (1×), 'Essen Mill' (1×)")


def test_no_mention_is_na_and_a_name_missing_from_the_source_is_undecided() -> None:
    assert CHECKER.check(item=AIRPORT, output="It is small.", context=("The plane crashed.",)).outcome is Outcome.NA
    wrong = document("Ein Flughafen.", ("Ein Flugzeug.",), name="Essen-Mülheim")
    assert CHECKER.check(item=wrong, output="An airport.", context=("A plane.",)).outcome is Outcome.UNDECIDED


def test_without_the_context_translation_the_sentence_is_judged() -> None:
    assert CHECKER.check(item=AIRPORT, output="Essen-Mülheim is a small airport.").outcome is Outcome.PASS
    assert CHECKER.check(item=AIRPORT, output="Essen Mill is a small airport.").outcome is Outcome.NA


@pytest.mark.parametrize("params", [{}, {"name": ""}, {"name": "X", "similarity": 2}, {"name": "X", "renderings": []},
                                    {"name": "X", "spelling": "Y"}])
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        EntityConsistencyChecker.parse_params(params)


def test_a_common_word_opening_a_sentence_is_not_another_rendering() -> None:
    lohne = document("In Lohne bleibt das Bad zu.", ("Lohne hat ein Bad.",), name="Lohne")
    assert CHECKER.check(item=lohne, output="In Lohne, the pool stays closed.",
                         context=("Lohne has a pool.",)).outcome is Outcome.PASS
    assert CHECKER.check(item=lohne, output="Lone swimmers will miss it in Lohne.",
                         context=("Lohne has a pool.",)).outcome is Outcome.PASS
    assert CHECKER.check(item=lohne, output="The pool in Lohn stays closed.",
                         context=("Lohne has a pool.",)).outcome is Outcome.FAIL
