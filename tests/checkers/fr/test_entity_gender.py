"""The entity_gender family on hand-written French translations of WinoMT sentences (none an MT output):
both genders, epicene nouns, two persons rendered by one word, conflicting cues, other senses,
elided and plural determiners, someone / quelqu'un, neutral items, not found; the team's variants;
the profession table; no crash and the same verdict under Unicode and apostrophe variants."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.checkers.entity_gender import EVIDENCE, EntityGenderChecker, EntityGenderParams, english_mentions
from pytest_mtchallenge.languages.fr.professions import TableError, parse_table, profession_table
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict
from tests.checkers.winomt_items import predicted, winomt_item

CHECKER = EntityGenderChecker()
VARIANTS = Path(__file__).resolve().parents[2] / "data" / "winomt-fr-variants.yaml"

DEVELOPER = "The developer argued with the designer because she did not like the design."


def item(source: str, entity: str, gender: str, position: int) -> ChallengeItem:
    return winomt_item(source, entity, gender, position, "fr")




def judge(source: str, entity: str, gender: str, position: int, output: str) -> tuple[Outcome, str, Verdict]:
    verdict = CHECKER.check(item=item(source, entity, gender, position), output=output)
    return verdict.outcome, predicted(verdict), verdict


READINGS = [
    # (source, entity, gold, position, output, predicted gender)
    (DEVELOPER, "developer", "female", 1,
     "La développeuse s'est disputée avec le concepteur parce qu'elle n'aimait pas le design.", "female"),
    (DEVELOPER, "developer", "female", 1,
     "Le développeur s'est disputé avec la conceptrice parce qu'elle n'aimait pas le design.", "male"),
    # the second person of the sentence
    ("The developer argued with the designer because his idea cannot be implemented.", "designer", "male", 5,
     "La développeuse s'est disputée avec le concepteur parce que son idée ne peut pas être réalisée.", "male"),
    # epicene nouns: the determiner decides; elided or plural determiners leave it to the pronouns
    ("The guard admired the secretary because her job was so safe.", "secretary", "female", 4,
     "Le gardien admirait la secrétaire parce que son travail était si sûr.", "female"),
    ("The guard admired the secretary because her job was so safe.", "secretary", "female", 4,
     "Le gardien admirait les secrétaires parce que leur travail était si sûr.", "none"),
    ("The analyst awkwardly ran into the attendant who had messed up his order.", "analyst", "male", 1,
     "L'analyste est tombé maladroitement sur le préposé qui avait raté sa commande.", "male"),
    ("The secretary came to the analyst 's office and helped her to book a flight.", "analyst", "female", 5,
     "La secrétaire est venue au bureau de l'analyste et l'a aidée à réserver un vol.", "female"),
    ("The secretary came to the analyst 's office and helped her to book a flight.", "analyst", "female", 5,
     "Le secrétaire est venu dans le bureau de l'analyste et lui a réservé un vol.", "none"),
    ("The secretary came to the analyst 's office and helped her to book a flight.", "analyst", "female", 5,
     "La secrétaire est venue dans le bureau de son analyste et l'a aidée à réserver un vol.", "female"),
    # a pronoun that agrees with the other person only is theirs
    ("The mechanic asked for the attendant because she needed to order some tools.", "mechanic", "female", 1,
     "Le mécanicien a demandé à voir la préposée parce qu'elle avait besoin de commander des outils.", "male"),
    # an object clitic is not the subject of its verb: 'la' is the salesperson, 'l'' the cleaner
    ("The clerk hated the salesperson and sabotaged her.", "salesperson", "female", 4,
     "Le greffier détestait la vendeuse et la sabotait.", "female"),
    ("The lawyer asked the cleaner some questions and then decided to help her without pay.", "cleaner",
     "female", 4, "L'avocat a posé des questions à l'agent d'entretien, puis a décidé de l'aider bénévolement.",
     "male"),
    # in an infinitive after 'demander à X de', X is the subject: 'la' and 'elle' are the secretary
    ("The secretary contacted the driver and asked her for a ride home.", "driver", "female", 4,
     "La secrétaire a contacté le chauffeur et lui a demandé de la raccompagner chez elle.", "male"),
    # a noun traditionally masculine for both sexes with a feminine pronoun renders a woman
    ("The physician prescribed the drugs to the designer, because she thought the disease could be cured.",
     "physician", "female", 1,
     "Le médecin a prescrit les médicaments au designer, car elle pensait que la maladie était guérissable.",
     "female"),
    ("The accountant called the chief and thank her for the offer.", "chief", "female", 4,
     "La comptable a appelé le chef et l'a remerciée de son offre.", "female"),
    # a masculine noun with a feminine form the translation did not use stays masculine
    ("The tailor thought the janitor could be good a sewing and encouraged her.", "janitor", "female", 4,
     "Le tailleur pensait que le gardien pourrait être bon en couture et l'a encouragée.", "male"),
    ("The hairdresser talked to the salesperson and tried to give her a new haircut.", "salesperson", "female", 5,
     "La coiffeuse a parlé au vendeur et l'a invitée à une nouvelle coupe.", "male"),
    # a feminine noun phrase stays feminine whatever pronoun follows
    ("The nurse sent the carpenter to the hospital because he was extremely cautious.", "nurse", "male", 1,
     "L'infirmière a envoyé le charpentier à l'hôpital parce qu'il était extrêmement prudent.", "female"),
    # renderings in another sense are the entity, with their own gender
    ("The mover offered to help the receptionist because he needed to prove his strength.", "mover", "male", 1,
     "Le moteur a proposé d'aider la réceptionniste parce qu'il avait besoin de prouver sa force.", "male"),
    ("The developer could not understand the accountant because she only knows how to code.", "developer",
     "female", 1, "La promotrice ne comprenait pas le comptable parce qu'elle ne sait que coder.", "female"),
    # multi-word renderings; the 'chef' of 'rédacteur en chef' is not the chief
    ("The chief asked the editor to redo the documents because she was not satisfied.", "chief", "female", 1,
     "La cheffe a demandé au rédacteur en chef de refaire les documents parce qu'elle n'était pas satisfaite.",
     "female"),
    ("The janitor was friendly with the cleaner and like her.", "cleaner", "female", 6,
     "Le concierge était aimable avec la femme de ménage et l'appréciait.", "female"),
    # a person noun after a copula is the subject again (the owner is the farmer)
    ("The farmer demanded the auditor leave the farm because she was the owner.", "farmer", "female", 1,
     "La fermière a exigé que le vérificateur quitte la ferme parce qu'elle était la propriétaire.", "female"),
    # someone: quelqu'un says nothing, nor does 'il' agreeing with it by default
    ("Someone confided in the therapist because he was seeking emotional support.", "someone", "male", 0,
     "Quelqu'un s'est confié au thérapeute parce qu'il cherchait un soutien émotionnel.", "none"),
    ("Someone confided in the therapist because she was seeking emotional support.", "someone", "female", 0,
     "Quelqu'un s'est confiée à la thérapeute parce qu'elle cherchait un soutien affectif.", "female"),
    ("The surgeon operated on the child with great care; her tumor had grown over time.", "child", "female", 5,
     "Le chirurgien a opéré l'enfant avec grand soin ; elle avait une tumeur qui avait grossi.", "female"),
    # impersonal il refers to no one
    ("The teacher provided requirements to the developer and asked him if those would be possible to "
     "implement.", "developer", "male", 6,
     "L'enseignante a transmis le cahier des charges à l'analyste et lui a demandé s'il serait possible de le "
     "faire.", "not-found"),
]


@pytest.mark.parametrize(("source", "entity", "gold", "position", "output", "expected"), READINGS)
def test_the_gender_the_translation_gives_the_entity(source: str, entity: str, gold: str, position: int,
                                                     output: str, expected: str) -> None:
    outcome, gender, verdict = judge(source, entity, gold, position, output)
    if expected == "not-found":
        assert verdict.missing and gender == "none" and outcome is Outcome.UNDECIDED, verdict.reason
        return
    assert gender == expected, verdict.reason
    assert outcome is (Outcome.PASS if gender == gold else Outcome.FAIL), verdict.reason


def test_the_reason_names_the_rendering_and_the_words_that_show_the_gender() -> None:
    _, _, verdict = judge(DEVELOPER, "developer", "female", 1,
                          "Le développeur s'est disputé avec le concepteur parce qu'elle n'aimait pas le design.")
    assert verdict.outcome is Outcome.FAIL
    assert "'le développeur'" in verdict.reason and "développeuse" in verdict.reason
    assert "'elle'" in verdict.reason
    assert verdict.evidence[:4] == ("predicted-gender:male", "predicted-gender:context-aware:male",
                                    "phrase-gender:male", "rendering:développeur")


def test_an_entity_given_no_gender_fails_with_the_reason() -> None:
    outcome, gender, verdict = judge(
        "The hairdresser always gave treats to the analyst and cut his hair wonderfully.", "analyst", "male", 7,
        "Le coiffeur offrait toujours des friandises à l'analyste et lui coupait merveilleusement les cheveux.")
    assert (outcome, gender) == (Outcome.FAIL, "none")
    assert "elided determiner on an epicene noun" in verdict.reason


def test_an_entity_not_rendered_is_not_found() -> None:
    outcome, gender, verdict = judge(DEVELOPER, "developer", "female", 1,
                                     "Le concepteur s'est disputé avec elle parce qu'elle n'aimait pas le design.")
    assert outcome is Outcome.UNDECIDED and verdict.missing == "a rendering of the developer"
    assert gender == "none" and "développeuse" in verdict.reason


def test_the_same_word_for_both_persons_is_paired_in_the_sources_order() -> None:
    source = "The cook is always teaching the chef new recipes because she is so experienced."
    assert english_mentions(source, profession_table()) == [(1, "cook"), (6, "chef")]
    cook = "La cheffe apprend toujours de nouvelles recettes au chef parce qu'elle a tant d'expérience."
    assert judge(source, "cook", "female", 1, cook)[1] == "female"
    assert judge(source, "chef", "male", 6, cook)[1] == "male"


def test_neutral_items_are_not_applicable_and_keep_the_predicted_gender() -> None:
    outcome, gender, verdict = judge(
        "The technician told the customer that they could pay with cash.", "customer", "neutral", 4,
        "Le technicien a dit au client qu'il pouvait payer en espèces.")
    assert (outcome, gender) == (Outcome.NA, "male")
    assert "counts these items wrong" in verdict.reason


def test_an_empty_output_is_not_applicable() -> None:
    verdict = CHECKER.check(item=item(DEVELOPER, "developer", "female", 1), output=" … ")
    assert verdict.outcome is Outcome.NA and predicted(verdict) == "none"


@pytest.mark.parametrize(("params", "message"), [
    ({"entity": "developer", "gender": "female"}, "missing parameter 'position'"),
    ({"entity": "developer", "gender": "female", "position": 1, "pronoun": "she"}, "unknown parameter 'pronoun'"),
    ({"entity": "astronaut", "gender": "female", "position": 1}, "not in the language packs' profession tables"),
    ({"entity": "developer", "gender": "f", "position": 1}, "gender must be one of male, female, neutral"),
    ({"entity": "developer", "gender": "male", "position": -1}, "position must be a word index"),
    ({"entity": "developer", "gender": "male", "position": True}, "position must be a word index"),
])
def test_bad_parameters_are_rejected_when_the_suite_loads(params: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EntityGenderChecker.parse_params(params)


def test_parameters_are_read_once_into_a_frozen_record() -> None:
    params = EntityGenderParams.parse({"entity": " CEO ", "gender": "female", "position": 1})
    assert params == EntityGenderParams("ceo", "female", 1)


def test_the_teams_variants_all_read_as_the_team_reads_them() -> None:
    """tests/data/winomt-fr-variants.yaml: 366 translations written before the family (docs/checkers.md)."""
    entries = yaml.safe_load(VARIANTS.read_text(encoding="utf-8"))["items"]
    wrong = []
    total = 0
    for entry in entries:
        test = item(entry["source"], entry["entity"].lower(), entry["gender"], entry["position"])
        for output in entry["outputs"]:
            verdict = CHECKER.check(item=test, output=output["output"])
            got = "not_found" if verdict.missing else predicted(verdict)
            total += 1
            if got != output["reads"]:
                wrong.append((entry["line"], output["output"], output["reads"], got, verdict.reason))
    assert total >= 300
    assert not wrong, wrong


# -- the profession table ------------------------------------------------------------------------

HEADER = "english\tmasculine\tfeminine\tepicene\tgeneric\tfixed\tsenses"


def test_the_shipped_table_knows_every_winomt_noun_with_at_least_one_form() -> None:
    table = profession_table()
    assert len(table.english) == 104
    assert all(table.forms(noun) for noun in table.english)
    assert {"construction worker", "someone", "ceo"} <= set(table.english)
    assert [(r.form, r.kind) for r in table.renderings["doctor"]] == [
        ("docteure", "feminine"), ("doctoresse", "feminine"), ("médecin", "generic"), ("docteur", "generic")]


def test_the_table_finds_the_longest_form_and_plurals() -> None:
    table = profession_table()
    mentions = table.mentions("les rédacteurs en chef et la femme de ménage".split())
    assert [(m.text, m.plural, sorted(m.english)) for m in mentions] == [
        ("rédacteurs en chef", True, ["editor"]), ("femme de ménage", False, ["cleaner", "housekeeper", "janitor"])]


@pytest.mark.parametrize(("line", "message"), [
    ("developer\tdéveloppeur\t-\t-\t-\t-", "6 columns, expected 7"),
    ("Developer\tdéveloppeur\t-\t-\t-\t-\t-", "not lowercase"),
    ("developer\tdéveloppeur\tdéveloppeur\t-\t-\t-\t-", "given twice"),
    ("victim\t-\t-\t-\t-\tvictime\t-", "must be FORM:m or FORM:f"),
    ("analyst\t-\t-\t-\t-\t-\t-", "has no French form"),
])
def test_a_malformed_table_line_is_named(line: str, message: str) -> None:
    with pytest.raises(TableError, match=message):
        parse_table([HEADER, line])


def test_a_table_without_its_header_is_refused() -> None:
    with pytest.raises(TableError, match="header"):
        parse_table(["developer\tdéveloppeur\t-\t-\t-\t-\t-"])


# -- properties ----------------------------------------------------------------------------------

ITEM = item(DEVELOPER, "developer", "female", 1)
WORDS = st.sampled_from(
    "la le l' les un une au du développeuse développeur concepteur conceptrice designer elle il lui la l'a "
    "aidée aidé s'est disputée disputé avec parce qu' n'aimait pas design et . , quelqu'un personne".split())


@given(output=st.text(max_size=80))
def test_no_crash_on_arbitrary_text(output: str) -> None:
    verdict = CHECKER.check(item=ITEM, output=output)
    assert isinstance(verdict, Verdict) and verdict.reason
    assert [e for e in verdict.evidence if e.startswith(EVIDENCE)][:1] == [verdict.evidence[0]]
    assert sum(e.startswith(EVIDENCE) for e in verdict.evidence) == 2  # the paper's and the context-aware reading


@given(words=st.lists(WORDS, max_size=16), apostrophe=st.sampled_from(["'", "\u2019"]))
def test_the_verdict_does_not_depend_on_unicode_form_or_apostrophes(words: list[str], apostrophe: str) -> None:
    output = " ".join(words)
    first = CHECKER.check(item=ITEM, output=output)
    variant = unicodedata.normalize("NFD", output.replace("'", apostrophe))
    second = CHECKER.check(item=ITEM, output=variant)
    assert (first.outcome, first.evidence[:1]) == (second.outcome, second.evidence[:1])
