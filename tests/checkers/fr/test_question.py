"""The question family on hand-written French variants (none of them a recorded output)."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers.fr.question import QuestionChecker
from pytest_mtchallenge.languages.fr.syntax import read_french
from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = QuestionChecker()
ITEM = item(checker="question")


def outcome(output: str) -> Outcome:
    return CHECKER.check(item=ITEM, output=output).outcome


@pytest.mark.parametrize("output", [
    "Les enfants ont-ils déjà vu ce film ?",
    "Les gamins ont-ils jamais regardé ce film\u00a0?",
    "Les petits avaient-ils déjà vu ce film?",
    "Est-ce que les enfants ont déjà vu ce film ?",
    "Ont-ils déjà vu ce film, les enfants ?",
    "Votre chef ne vous a-t-il pas refusé une promotion ?",
    "Ton patron ne t'a-t-il pas refusé une promotion ?",
    "Ton patron ne t’a-t’il pas refusé une promotion ?",
    "Est-ce que ton patron ne t'a pas refusé une promotion ?",
    "Ne devrais-je pas assister à cette réunion ?",
    "Ne dois-je pas participer à cette réunion ?",
    "Est-ce que je ne devrais pas assister à cette réunion ?",
    "Ne faudrait-il pas que j'assiste à cette réunion ?",
    "NE DEVRAIS-JE PAS ASSISTER À CETTE RÉUNION ?",
    "Ne devrais je pas assister à cette réunion ?",
    "Avez-vous déjà vu ce film avec les enfants ?",
    "Les enfants ont-ils les mains propres ?",
])
def test_interrogative_syntax_passes(output: str) -> None:
    assert outcome(output) is Outcome.PASS


@pytest.mark.parametrize("output", [
    "Ont les enfants déjà vu ce film ?",
    "Avez les enfants jamais regardé ce film ?",
    "N'a pas votre patron vous refusé une promotion ?",
    "A votre patron pas refusé une promotion ?",
    "Ne devrais pas je assister à cette réunion ?",
    "Les enfants ont déjà vu ce film.",
    "Je ne devrais pas assister à cette réunion.",
    "Votre patron ne vous a pas refusé de promotion.",
    "Déjà vu ce film ?",
    "Les enfants jamais vu ce film ?",
])
def test_english_word_order_or_a_statement_fails(output: str) -> None:
    assert outcome(output) is Outcome.FAIL


@pytest.mark.parametrize("output", [
    "Les enfants ont déjà vu ce film, n'est-ce pas ?",
    "Les enfants ont déjà vu ce film, n'ont-ils pas ?",
    "Les zouzous déjà vu ce film ?",
    "Devrait je pas assister à cette réunion ?",
    "Avez-vous les enfants jamais regardé ce film ?",
])
def test_tagged_and_verbless_outputs_are_left_to_a_human(output: str) -> None:
    assert outcome(output) is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert outcome("  ") is Outcome.NA
    assert outcome("?") is Outcome.NA


def test_reasons_name_the_inversion_and_the_calque() -> None:
    verdict = CHECKER.check(item=ITEM, output="Les enfants ont-ils déjà vu ce film ?")
    assert "complex inversion" in verdict.reason and "'ont-ils'" in verdict.reason
    verdict = CHECKER.check(item=ITEM, output="Votre patron ne vous a-t-il pas refusé une promotion ?")
    assert "'a-t-il'" in verdict.reason
    verdict = CHECKER.check(item=ITEM, output="Ont les enfants déjà vu ce film ?")
    assert "'ont'" in verdict.reason and "no subject pronoun" in verdict.reason


def test_inversions_are_read_across_spelling_variants() -> None:
    for text in ("A-t-il refusé ?", "A-t'il refusé ?", "a t-il refusé ?", "A-t-il refusé\u00a0?"):
        reader, inversions = read_french(text, default_lexicon())
        assert [inv.text(reader) for inv in inversions] == ["a-t-il"], text


def test_parameters_are_rejected() -> None:
    QuestionChecker.parse_params({})
    with pytest.raises(ValueError, match="'subject'"):
        QuestionChecker.parse_params({"subject": "noun"})


@pytest.mark.parametrize("output", [
    "Les voisins ont déjà visité ce musée ?",
    "Tu ne devrais pas appeler ta sœur ?",
    "Votre médecin vous a prescrit ce sirop ?",
    "Nous ne devrions pas prévenir le gardien ?",
])
def test_a_well_formed_intonation_question_passes(output: str) -> None:
    verdict = CHECKER.check(item=ITEM, output=output)
    assert verdict.outcome is Outcome.PASS
    assert "intonation question" in verdict.reason


@pytest.mark.parametrize("output", [
    "Les voisins ils ont déjà visité ce musée ?",
    "Votre médecin, il vous a prescrit ce sirop ?",
    "Est-ce que les voisins ont-ils déjà visité ce musée ?",
    "Est-ce que a-t-il visité ce musée ?",
])
def test_a_doubled_subject_or_a_doubly_marked_question_fails(output: str) -> None:
    assert outcome(output) is Outcome.FAIL


# -- the question asked: yes or no, about the source's subject (issue 23, 5) ------------------------

def judged(output: str, reference: str) -> tuple[Outcome, str]:
    verdict = CHECKER.check(item=item(references=(reference,), checker="question"), output=output)
    return verdict.outcome, verdict.reason


@pytest.mark.parametrize("output, reference", [
    ("Bonsoir, comment vas-tu ?", "Tes parents sont-ils déjà partis ?"),      # a constant greeting
    ("Où tes parents sont-ils partis ?", "Tes parents sont-ils déjà partis ?"),
    ("À qui ton frère a-t-il prêté sa voiture ?", "Ton frère a-t-il vendu sa voiture ?"),
    ("Pourquoi ne viendrais-tu pas ?", "Ne viendrais-tu pas avec nous ?"),
])
def test_an_inversion_after_an_interrogative_word_asks_something_else(output: str, reference: str) -> None:
    found, reason = judged(output, reference)
    assert found is Outcome.FAIL and "wh-question" in reason


@pytest.mark.parametrize("output, reference", [
    ("Avez-vous déjà fini vos devoirs ?", "Les élèves ont-ils déjà fini leurs devoirs ?"),
    ("Ne pourrais-je pas venir demain ?", "Ne pourrais-tu pas venir demain ?"),
    ("Les élèves ont-ils déjà fini leurs devoirs ?", "As-tu déjà fini tes devoirs ?"),
    ("Est-ce que Paul viendra demain ?", "Viendras-tu demain ?"),  # after est-ce que too (version 7: it passed)
])
def test_an_inverted_subject_of_another_person_asks_about_someone_else(output: str, reference: str) -> None:
    found, reason = judged(output, reference)
    assert found is Outcome.FAIL and "someone else than the source's" in reason


@pytest.mark.parametrize("output, reference", [
    ("Les gamins sont-ils déjà partis ?", "Tes parents sont-ils déjà partis ?"),   # a noun phrase linked to nothing
    ("Les voisins sont déjà partis ?", "Sont-ils déjà partis ?"),                   # a noun phrase for a pronoun
])
def test_a_subject_that_may_be_someone_else_is_left_to_a_human(output: str, reference: str) -> None:
    found, reason = judged(output, reference)
    assert found is Outcome.UNDECIDED and "Left to a human" in reason, reason


@pytest.mark.parametrize("output, reference", [
    ("Tes parents sont-ils déjà partis ?", "Vos parents sont-ils déjà partis ?"),      # same noun, other possessive
    ("Les enfants sont-ils déjà partis ?", "Est-ce que les enfants sont déjà partis ?"),  # read in every form
    ("Ne pourriez-vous pas venir demain ?", "Ne pourrais-tu pas venir demain ?"),     # tu / vous: 2nd person both
    ("Ne faudrait-il pas que je vienne demain ?", "Ne devrais-je pas venir demain ?"),  # impersonal il
    ("Ne devrait-on pas partir tôt ?", "Ne devrions-nous pas partir tôt ?"),          # on for nous
    ("Quel film les enfants ont-ils vu ?", "Quel film les enfants ont-ils vu ?"),     # the reference asks wh too
    ("Est-ce que tu viendras demain ?", "Viendras-tu demain ?"),
])
def test_the_same_question_in_other_words_still_passes(output: str, reference: str) -> None:
    assert judged(output, reference)[0] is Outcome.PASS


@pytest.mark.parametrize(("output", "content"), [
    ("Les enfants ont-ils déjà vu ce film ?", ("vu",)),       # the participle after the inverted auxiliary
    ("Ne devrais-je pas assister à cette réunion ?", ("assister",)),  # the infinitive after a modal
    ("Est-ce que les enfants ont vu ce film ?", ()),          # est-ce que: the pass rests on no verb
])
def test_a_pass_rests_on_the_questions_verb(output: str, content: tuple[str, ...]) -> None:
    verdict = CHECKER.check(item=ITEM, output=output)
    assert verdict.outcome is Outcome.PASS and verdict.content == content
