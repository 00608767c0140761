"""The verb_ellipsis family on hand-written French answers (none of them an MT output)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.checkers.fr.verb_ellipsis import VerbEllipsisChecker, synonyms_of
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict

CHECKER = VerbEllipsisChecker()


def item(lemma: str, **more: object) -> ChallengeItem:
    params = {"lemma": lemma, **more}
    VerbEllipsisChecker.validate(params)
    return ChallengeItem(id="E1", suite="test", category="auxiliary", subcategory="DO.ELL", source="(source)",
                         references=(), question="Is the elided verb repeated?", checker="verb_ellipsis",
                         params=params)


def verdict(lemma: str, output: str, **more: object) -> Verdict:
    return CHECKER.check(item=item(lemma, **more), output=output)


# (antecedent's verb, an answer that repeats it in some tense and person)
REPEATED = [
    ("connaître", "Mais Gibbons le connaissait."),
    ("connaître", "Lui, il les connaîtra bientôt."),
    ("savoir", "Moi, je le sais."),
    ("savoir", "Elle ne le savait pas non plus."),
    ("savoir", "Nous le saurons demain."),
    ("vouloir", "Oui, je le veux."),
    ("vouloir", "Il ne voudrait jamais."),
    ("aimer", "Bien sûr que je l'aime."),
    ("aimer", "Mon père aussi l'aimait."),
    ("venir", "Elle viendra, j'en suis sûr."),
    ("venir", "Ils sont venus hier."),
    ("dire", "Si, tu l'as dit !"),
    ("dire", "Je le lui dirai."),
    ("croire", "Moi, je te crois."),
    ("penser", "Je le pense vraiment."),
    ("voir", "Non, je ne l'ai pas vu."),
    ("comprendre", "Tu comprendras un jour."),
    ("avoir", "Oui, j'en ai une."),
    ("avoir", "Non, elle n'en avait pas."),
    ("être", "Je serai là, c'est promis."),
    ("mourir", "Ils vont tous mourir."),
    ("oublier", "Moi, je n'oublierai jamais."),
    ("faire", "Oui, je l'ai fait moi-même."),  # faire is the antecedent's own verb
    ("connaître", "Gibbons savait, lui."),  # savoir and connaître both render "know"
    ("penser", "Je crois, oui."),  # croire for penser
    ("réparer", "Il le répare demain.", ),
]
FAIRE_FOR_ANOTHER_VERB = [
    ("connaître", "Mais Gibbons l'a fait."),
    ("savoir", "Je le fais."),
    ("savoir", "Non, je ne le fais pas."),
    ("vouloir", "Oui, je le ferai."),
    ("aimer", "Elle le faisait autrefois."),
    ("venir", "Il l'a fait quand même."),
    ("dire", "Mais elle ne l'a jamais fait."),
    ("croire", "Tout le monde le fait."),
    ("avoir", "Nous l'avons tous les deux fait."),
    ("être", "Il le fera, crois-moi."),
    ("comprendre", "Un jour, tu le feras."),
    ("oublier", "Il en fera autant."),
    ("voir", "Elle ferait de même."),
    ("payer", "C'est ce qu'ils feront."),
]
ANOTHER_VERB = [
    ("connaître", "Mais Gibbons a menti."),
    ("savoir", "Je ne peux pas."),
    ("vouloir", "Elle partira demain."),
    ("aimer", "Non, je le déteste."),
    ("venir", "Il restera ici."),
    ("dire", "Elle a crié."),
    ("croire", "Je doute."),
    ("avoir", "Non, j'ai perdu."),
    ("être", "Il le deviendra."),
]
IDIOMATIC_WITHOUT_VERB = [
    ("savoir", "Bien sûr que oui."),
    ("savoir", "Moi aussi."),
    ("vouloir", "Si."),
    ("aimer", "Moi non plus."),
    ("dire", "Pas moi."),
    ("venir", "Je crois que oui."),
    ("croire", "Je pense que non."),
    ("connaître", "C'est le cas."),
    ("avoir", "Ce n'est pas le cas."),
    ("voir", "Oui, c'est vrai."),
    ("être", "Bien sûr que si !"),
    ("savoir", "Non, pas du tout."),
    ("aimer", "Toi aussi, tu sais."),
    ("parler", "Oui, c'est probablement le cas."),
]


@pytest.mark.parametrize(("lemma", "output"), REPEATED)
def test_the_antecedents_verb_in_any_form_passes(lemma: str, output: str) -> None:
    result = verdict(lemma, output)
    assert result.outcome is Outcome.PASS, result.reason


@pytest.mark.parametrize(("lemma", "output"), FAIRE_FOR_ANOTHER_VERB)
def test_the_pro_verb_faire_for_another_verb_fails(lemma: str, output: str) -> None:
    result = verdict(lemma, output)
    assert result.outcome is Outcome.FAIL, result.reason
    assert "pro-verb faire" in result.reason


@pytest.mark.parametrize(("lemma", "output"), ANOTHER_VERB)
def test_another_verb_fails(lemma: str, output: str) -> None:
    result = verdict(lemma, output)
    assert result.outcome is Outcome.FAIL, result.reason
    assert "another verb" in result.reason


@pytest.mark.parametrize(("lemma", "output"), IDIOMATIC_WITHOUT_VERB)
def test_an_idiomatic_answer_without_the_verb_is_not_applicable(lemma: str, output: str) -> None:
    result = verdict(lemma, output)
    assert result.outcome is Outcome.NA, result.reason


def test_avoir_as_the_auxiliary_of_another_verb_is_not_the_antecedents_avoir() -> None:
    assert verdict("avoir", "Elle l'a fait.").outcome is Outcome.FAIL
    assert verdict("avoir", "Il a menti.").outcome is Outcome.FAIL
    assert verdict("avoir", "Il en a eu.").outcome is Outcome.PASS  # eu: avoir itself, in the compound past
    assert verdict("avoir", "Elle en a une.").outcome is Outcome.PASS


def test_nouns_that_look_like_verbs_are_not_verbs() -> None:
    assert verdict("savoir", "Bonne nuit.").outcome is Outcome.NA  # nuit is no form of nuire here
    assert verdict("savoir", "En fait, non.").outcome is Outcome.NA
    assert verdict("faire", "Le fait est là.").outcome is Outcome.FAIL  # est, not the noun fait


def test_the_reason_names_the_form_and_its_reading() -> None:
    result = verdict("connaître", "Gibbons le connaissait.")
    assert "connaissait (connaître, indicative imperfect, 3rd person singular)" in result.reason
    result = verdict("connaître", "Gibbons savait.")
    assert "a synonym: savoir" in result.reason
    result = verdict("connaître", "Gibbons l'a fait.")
    assert result.reason.startswith("the pro-verb faire (fait) stands for connaître")


def test_a_form_given_as_the_lemma_stands_for_its_verb_and_synonyms_extend() -> None:
    assert verdict("mérite", "Personne ne le mérite.").outcome is Outcome.PASS
    assert verdict("cuisiner", "Je fais la cuisine.").outcome is Outcome.FAIL
    assert verdict("cuisiner", "Je mitonne.", synonyms=["mitonner"]).outcome is Outcome.PASS
    assert {"savoir", "connaître"} <= synonyms_of("connaître")


def test_validation() -> None:
    with pytest.raises(ValueError, match="lemma is required"):
        VerbEllipsisChecker.validate({})
    with pytest.raises(ValueError, match="synonyms must be"):
        VerbEllipsisChecker.validate({"lemma": "voir", "synonyms": [3]})
    with pytest.raises(ValueError, match="unknown parameter"):
        VerbEllipsisChecker.validate({"lemma": "voir", "expected": "vois"})


@given(st.text(alphabet=st.sampled_from(list("lefaitsvuo'’- ,.!?LJ")), max_size=40))
def test_never_crashes_and_decides(output: str) -> None:
    assert verdict("savoir", output).outcome in (Outcome.PASS, Outcome.FAIL, Outcome.NA)


def test_a_closing_discourse_marker_is_not_the_answer() -> None:
    assert verdict("savoir", "Si, tu sais.").outcome is Outcome.PASS  # the answer itself
    assert verdict("aimer", "Moi aussi, tu sais.").outcome is Outcome.NA  # a tag after a verbless answer
