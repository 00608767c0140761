"""The formality family on hand-written French variants (none of them an MT output)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.checkers.fr.formality import FormalityChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict
from tests.items import item

CHECKER = FormalityChecker()


def french(register: str) -> ChallengeItem:
    return item(references=(), checker="formality", params={"register": register})


def verdict(register: str, output: str) -> Verdict:
    return CHECKER.check(item=french(register), output=output)


TU_CORRECT = [
    "Tu viens ce soir ?",
    "Je t'attendrai devant le cinéma.",
    "C'est pour toi, ce bouquet.",
    "Est-ce que ta sœur est rentrée ?",
    "J'ai retrouvé tes clés sous le canapé.",
    "Ton frère m'a tout raconté.",
    "Attends-moi, j'arrive !",
    "Regarde ce que j'ai trouvé.",
    "Ne bouge pas, je reviens.",
    "Dis-moi la vérité.",
    "Vas-y, je te suis.",
    "Où vas-tu si tard ?",
    "Le tien est plus beau que le mien.",
    "Je te l'avais bien dit.",
    "Arrête de te plaindre.",
    "Tais-toi et écoute.",
    "Va-t'en d'ici !",
    "Sois prudent sur la route.",
    "Mais, écoute, ce n'est pas grave.",
    "Ne t'inquiète pas pour moi.",
    "Prends ton manteau, il fait froid.",
    "T'as vu l'heure ?",
    "Baisse pas le ton avec moi.",  # a spoken negative imperative, without ne
    "Toi et Paul, vous partez demain ?",  # vous takes up "toi et Paul": a plural, not the register
]
TU_WRONG = [
    "Vous venez ce soir ?",
    "Je vous attendrai devant le cinéma.",
    "C'est pour vous, ce bouquet.",
    "Est-ce que votre sœur est rentrée ?",
    "J'ai retrouvé vos clés sous le canapé.",
    "Attendez-moi, j'arrive !",
    "Regardez ce que j'ai trouvé.",
    "Ne bougez pas, je reviens.",
    "Dites-moi la vérité.",
    "Allez-y, je vous suis.",
    "Où allez-vous si tard ?",
    "Le vôtre est plus beau que le mien.",
    "Arrêtez de vous plaindre.",
    "Taisez-vous et écoutez.",
    "Soyez prudent sur la route.",
    "Ne vous inquiétez pas pour moi.",
    "Prenez votre manteau, il fait froid.",
    "Tu sais, je vous aime bien.",  # mixed registers: the vous is wrong
    "Excusez-moi, je ne t'avais pas vu.",
    "Pourriez-vous fermer la porte ?",
    "Écoutez, ce n'est pas grave.",
]
VOUS_CORRECT = [
    "Vous venez ce soir ?", "Je vous attendrai devant le cinéma.", "Votre voiture est prête, monsieur.",
    "Asseyez-vous, je vous prie.", "Ne vous inquiétez pas.", "Regardez-moi bien.", "Vos papiers, s'il vous plaît.",
    "Que puis-je faire pour vous ?", "Faites attention en sortant.", "Les vôtres sont au vestiaire.",
    "Vous deux, suivez-moi.", "Madame, vous avez oublié votre sac.", "Soyez les bienvenus.",
    "Écoutez-moi attentivement.", "Entrez donc !", "Je vous l'avais promis.", "Voulez-vous du thé ?",
    "Prenez le temps qu'il faudra.", "Permettez-moi de vous présenter ma femme.", "Sortez d'ici, tous les trois.",
    "Chérie, tu veux savoir ce qui s'est passé entre vous ?",  # entre vous: the plural you; tu: one of them
]
VOUS_WRONG = [
    "Tu viens ce soir ?", "Je t'attendrai devant le cinéma.", "Ta voiture est prête.", "Assieds-toi, je te prie.",
    "Ne t'inquiète pas.", "Regarde-moi bien.", "Tes papiers, s'il te plaît.", "Que puis-je faire pour toi ?",
    "Fais attention en sortant.", "Les tiens sont au vestiaire.", "Écoute-moi attentivement.", "Entre donc !",
    "Je te l'avais promis.", "Veux-tu du thé ?", "Prends le temps qu'il faudra.", "Permets-moi de te présenter ma femme.",
    "Sors d'ici !", "Tu as oublié ton sac.", "Toi, tu restes ici.", "Viens, on y va.",
    "Vous êtes sûr ? Tu pourrais te tromper.",  # mixed registers: the tu is wrong
]
NO_ONE_ADDRESSED = [
    "Enchanté.", "Il faut être prudent.", "Bonne nuit.", "On y va ?", "Allons-y.", "Comment le savoir ?",
    "Merci beaucoup.", "Ils sont partis hier.", "Quel ton arrogant !", "Le ton monte entre eux.",
    "Elle s'est tu pendant une heure.", "J'ai un rendez-vous demain.", "Allez, on y va !", "Tiens !",
    "Merde, il pleut.", "Marche arrière toute.", "N'importe qui pourrait le faire.", "Il se lève, regarde la mer.",
    "Et elle... pense qu'il viendra.", "Ça va ?",
]


@pytest.mark.parametrize("output", TU_CORRECT)
def test_tu_everywhere_passes(output: str) -> None:
    result = verdict("tu", output)
    assert result.outcome is Outcome.PASS, result.reason


@pytest.mark.parametrize("output", TU_WRONG)
def test_vous_where_the_context_sets_tu_fails(output: str) -> None:
    result = verdict("tu", output)
    assert result.outcome is Outcome.FAIL, result.reason
    assert "uses vous" in result.reason


@pytest.mark.parametrize("output", VOUS_CORRECT)
def test_vous_everywhere_passes(output: str) -> None:
    result = verdict("vous", output)
    assert result.outcome is Outcome.PASS, result.reason


@pytest.mark.parametrize("output", VOUS_WRONG)
def test_tu_where_the_context_sets_vous_fails(output: str) -> None:
    result = verdict("vous", output)
    assert result.outcome is Outcome.FAIL, result.reason
    assert "uses tu" in result.reason


@pytest.mark.parametrize("output", NO_ONE_ADDRESSED)
def test_no_second_person_form_is_not_applicable(output: str) -> None:
    for register in ("tu", "vous"):
        result = verdict(register, output)
        assert result.outcome is Outcome.NA, (register, result.reason)


def test_a_group_addressed_in_a_tu_item_is_not_applicable() -> None:
    result = verdict("tu", "Vous deux, taisez-vous.")
    assert result.outcome is Outcome.FAIL  # taisez-vous addresses the group as vous as well
    result = verdict("tu", "Je vous vois tous les deux.")
    assert result.outcome is Outcome.NA and "group" in result.reason


def test_the_reason_names_the_forms_and_what_they_are() -> None:
    result = verdict("tu", "Attendez, je vous rappelle.")
    assert result.outcome is Outcome.FAIL
    assert "attendez (imperative, 2nd person plural)" in result.reason and "vous (pronoun)" in result.reason
    assert result.evidence == ("attendez", "vous")
    result = verdict("tu", "Laisse-moi t'aider.")
    assert "laisse-moi (imperative, 2nd person singular)" in result.reason


def test_apostrophes_and_case_do_not_matter() -> None:
    assert verdict("tu", "Je t’aime.").outcome is Outcome.PASS
    assert verdict("vous", "VOUS ÊTES LÀ ?").outcome is Outcome.PASS


def test_validation() -> None:
    with pytest.raises(ValueError, match="register must be tu"):
        FormalityChecker.parse_params({"register": "informal"})
    with pytest.raises(ValueError, match="unknown parameter"):
        FormalityChecker.parse_params({"register": "tu", "expected": "te"})


@given(st.text(alphabet=st.sampled_from(list("tuvosaeéèi'’- ,.!?-TV")), max_size=40))
def test_never_crashes_and_decides(output: str) -> None:
    assert verdict("tu", output).outcome in (Outcome.PASS, Outcome.FAIL, Outcome.NA)
