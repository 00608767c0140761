"""The lexical_consistency family on hand-written documents (none of them an MT output): DiP's
reference-based count, the reference-free renderings mode, and the sentence-alone fallback."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers.generic.lexical_consistency import LexicalConsistencyChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

pytest.importorskip("simplemma", reason="the lemmatizer is not installed (pip install simplemma)")

CHECKER = LexicalConsistencyChecker()


def document(*, context_references: tuple[str, ...], reference: str, language: str = "en",
             **params: object) -> ChallengeItem:
    return item(references=(reference,), checker="lexical_consistency", params=params,
                context=tuple("(context)" for _ in context_references), context_references=context_references,
                target_language=language)


# Table 17 of DiP ("Synonym"), with the reference's first sentence as context; only T and R are printed.
CONFERENCE = document(context_references=("Under tight security - the Tory party conference.",),
                      reference="The party conference was to address foreign policy.", lemma="conference")
# Table 17 ("Related word"): one sentence each in the paper; a context sentence is added for the chain.
AMBULANCE = document(context_references=("An ambulance was on its way to the hospital.",),
                     reference="A 27-year old passenger was fatally injured when the ambulance collided with a taxi.",
                     lemma="ambulance")
# Table 17 ("Named entity"): "made in Füchtorf".
FUECHTORF = document(context_references=("But the Füchtorf farmer also had bottled specialties with him.",),
                     reference='There was a lot of demand for the good "made in Füchtorf" beverage.',
                     lemma="Füchtorf")
# A French-target document (houses), automatic focus: every content lemma repeated in the reference.
MAISONS = document(context_references=("La commune a vendu trois maisons anciennes.", "Les maisons datent de 1900."),
                   reference="Une des maisons sera rasée.", language="fr")
# A German-target document, plural and singular of one lemma.
WOHNUNG = document(context_references=("Die Wohnungen in Earls Court sind teuer.",),
                   reference="Mir wurde eine Wohnung gezeigt.", language="de", lemma="Wohnung")

CONSISTENT = [
    (CONFERENCE, ("Watch the Tory party conference.",), "The conference was supposed to be about foreign policy."),
    (CONFERENCE, ("Tight security at the Tory conference.",), "The conferences were meant to address foreign policy."),
    (AMBULANCE, ("An ambulance drove to the hospital.",),
     "In the collision of the ambulance with a taxi, a passenger aged 27 was fatally injured."),
    (AMBULANCE, ("The ambulances were on their way to the clinic.",),
     "A passenger, 27, died when the ambulance hit a taxi."),
    (FUECHTORF, ("The Füchtorf farmer, however, also had filled specialities.",),
     'The demand for the good "made in Füchtorf" was correspondingly high.'),
    (MAISONS, ("La commune a vendu trois vieilles maisons.", "Ces maisons ont été bâties en 1900."),
     "L'une des maisons sera démolie."),
    (WOHNUNG, ("Die Wohnungen in Earls Court kosten viel.",), "Man zeigte mir eine Wohnung."),
    # the focus word used more often than in the reference is still consistent
    (CONFERENCE, ("The party conference under tight security.",),
     "The conference, a conference on foreign policy, was to address it."),
]

INCONSISTENT = [
    (CONFERENCE, ("Watch the Tory party conference.",), "The convention is supposed to be about foreign policy."),
    (CONFERENCE, ("Tight security at the Tory party meeting.",), "The conference was to deal with foreign policy."),
    (AMBULANCE, ("An ambulance was heading for the hospital.",),
     "In the collision of the car with a taxi, a 27-year-old passer was fatally injured."),
    (AMBULANCE, ("The ambulance was driving to the hospital.",),
     "A passenger aged 27 died when the vehicle crashed into a taxi."),
    (FUECHTORF, ("The Feeding-Community farmer, however, also had the ready-filled specialities.",),
     'The demand for the good "made in Füchtorf" was correspondingly high.'),
    (MAISONS, ("La commune a vendu trois maisons anciennes.", "Les bâtisses datent de 1900."),
     "Une des maisons sera rasée."),
    (WOHNUNG, ("Die Wohnungen in Earls Court sind teuer.",), "Mir wurde ein Apartment gezeigt."),
    (FUECHTORF, ("The Füchtorf farmer also had bottled specialities.",),
     'There was much demand for the drink "made in Fuchtorf".'),
]


@pytest.mark.parametrize(("probe", "context", "output"), CONSISTENT)
def test_consistent_documents_pass(probe: ChallengeItem, context: tuple[str, ...], output: str) -> None:
    verdict = CHECKER.check(item=probe, output=output, context=context)
    assert verdict.outcome is Outcome.PASS, verdict.reason


@pytest.mark.parametrize(("probe", "context", "output"), INCONSISTENT)
def test_inconsistent_documents_fail(probe: ChallengeItem, context: tuple[str, ...], output: str) -> None:
    verdict = CHECKER.check(item=probe, output=output, context=context)
    assert verdict.outcome is Outcome.FAIL, verdict.reason
    assert "reference" in verdict.reason


def test_no_rendering_matching_the_reference_is_na_as_dip_leaves_it_out() -> None:
    verdict = CHECKER.check(item=CONFERENCE, output="The convention was to address foreign policy.",
                            context=("Tight security at the Tory convention.",))
    assert verdict.outcome is Outcome.NA
    assert "synonym" in verdict.reason


def test_the_omission_example_of_table_17_is_inconsistent() -> None:
    """Table 17 ("Omission"): the alarm system of the reference is lost in the translation."""
    probe = document(context_references=("It is thanks to the alarm system that the attempt in the "
                                         "Königswieser Straße at the single family home failed.",),
                     reference="On Friday just before 20.00 the alarm rang when the offenders took action.",
                     lemma="alarm")
    verdict = CHECKER.check(item=probe, output="They got off when the culprits turned hand on Friday just before "
                                               "20 a.m.",
                            context=("During the single-family home attempt, it stayed by the royal highlands "
                                     "thanks to the burglar alarm.",))
    assert verdict.outcome is Outcome.FAIL
    assert verdict.evidence == ("alarm: reference 2, output 1",)


def test_without_the_context_translation_the_sentence_is_compared() -> None:
    assert CHECKER.check(item=CONFERENCE, output="The conference was to address foreign policy.").outcome \
        is Outcome.PASS
    verdict = CHECKER.check(item=CONFERENCE, output="The convention was to address foreign policy.")
    assert verdict.outcome is Outcome.NA
    assert "no translation of the context" in verdict.reason


RENDERINGS = document(context_references=("(reference)",), reference="(reference)",
                      renderings=["conference", "party conference", "convention", "congress"])


@pytest.mark.parametrize(("context", "output", "expected"), [
    (("Watch the party conference.",), "The party conference is about foreign policy.", Outcome.PASS),
    (("Watch the convention.",), "The convention is about foreign policy.", Outcome.PASS),
    (("Watch the congress of the Tories.",), "The congresses will deal with foreign policy.", Outcome.PASS),
    (("Watch the party conference.",), "The convention is supposed to be about foreign policy.", Outcome.FAIL),
    (("Watch the congress.",), "This conference is about foreign policy.", Outcome.FAIL),
    (("Watch the convention.",), "The party conference will deal with foreign policy.", Outcome.FAIL),
    (("Watch the party meeting.",), "The conference is about foreign policy.", Outcome.NA),
    (("Watch the party meeting.",), "The gathering is about foreign policy.", Outcome.NA),
])
def test_renderings_mode_needs_no_reference(context: tuple[str, ...], output: str, expected: Outcome) -> None:
    assert CHECKER.check(item=RENDERINGS, output=output, context=context).outcome is expected


def test_automatic_focus_needs_a_function_word_list() -> None:
    probe = document(context_references=("Ett hus.",), reference="Ett hus.", language="sv")
    assert CHECKER.check(item=probe, output="Ett hus.", context=("Ett hus.",)).outcome is Outcome.UNDECIDED


def test_unknown_language_is_undecided_not_a_crash() -> None:
    probe = document(context_references=("x",), reference="x", language="xx", lemma="x")
    assert CHECKER.check(item=probe, output="x", context=("x",)).outcome is Outcome.UNDECIDED


@pytest.mark.parametrize("params", [{"lemma": []}, {"lemma": 3}, {"renderings": ""}, {"colour": "red"},
                                    {"lemma": "x", "language": "klingon"}])
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        LexicalConsistencyChecker.parse_params(params)


# --- every lemma reading of a word (issue 23, item 3) -----------------------------------------------------

@pytest.mark.parametrize(("renderings", "language", "context", "output"), [
    # a feminine form counts for the masculine rendering (the Lefff reads directrice as directeur)
    (["directeur", "patron"], "fr", ("La directrice a parlé aux employés.",), "La directrice est partie."),
    # a participle counts for its verb, whatever the lemmatizer's first reading (prise: priser)
    (["prendre", "saisir"], "fr", ("Les rebelles ont pris la ville.",), "La ville a été prise hier."),
    # a lemma's own lemma (geschlossene → geschlossen → schließen), for a language without a lexicon
    (["geschlossen", "zu"], "de", ("Der Laden ist geschlossen.",), "Wir standen vor der geschlossenen Tür."),
])
def test_renderings_match_every_lemma_reading(renderings: list[str], language: str, context: tuple[str, ...],
                                              output: str) -> None:
    probe = document(context_references=("(reference)",), reference="(reference)", language=language,
                     renderings=renderings)
    verdict = CHECKER.check(item=probe, output=output, context=context)
    assert verdict.outcome is Outcome.PASS, verdict.reason


def test_a_feminine_and_a_masculine_rendering_are_one_word_but_another_noun_is_not() -> None:
    probe = document(context_references=("(reference)",), reference="(reference)", language="fr",
                     renderings=["acteur", "comédien"])
    assert CHECKER.check(item=probe, output="L'actrice salue.", context=("L'acteur entre.",)).outcome \
        is Outcome.PASS
    verdict = CHECKER.check(item=probe, output="La comédienne salue.", context=("L'actrice entre.",))
    assert verdict.outcome is Outcome.FAIL, verdict.reason


def test_the_reference_count_reads_every_lemma_of_the_focus_word() -> None:
    # the word in focus given in the masculine, the reference and the output in the feminine
    probe = document(context_references=("L'actrice arrive à Cannes.",), reference="L'actrice sourit.", language="fr",
                     lemma="acteur")
    assert CHECKER.check(item=probe, output="L'actrice sourit.", context=("L'actrice arrive à Cannes.",)).outcome \
        is Outcome.PASS
    verdict = CHECKER.check(item=probe, output="La comédienne sourit.", context=("L'actrice arrive à Cannes.",))
    assert verdict.outcome is Outcome.FAIL
    assert verdict.evidence == ("acteur: reference 2, output 1",)


def test_readings_of_a_form() -> None:
    from pytest_mtchallenge.languages import lemmatizer

    assert {"prendre", "prise"} <= lemmatizer.readings("prise", "fr")
    assert "acteur" in lemmatizer.readings("actrice", "fr")
    assert lemmatizer.fold("schließen") in lemmatizer.readings("geschlossene", "de")  # casefolded: schliessen
