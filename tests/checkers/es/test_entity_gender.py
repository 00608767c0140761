"""The entity_gender family on hand-written Spanish translations of WinoMT sentences (none an MT output): both
genders, epicene nouns under gendered and genderless determiners, a feminine noun under *el* (*el ama de
llaves*), dropped subjects, object and tonic pronouns, a control verb's dative, alguien, other senses, plurals,
neutral items, not found; the team's variants; the profession table; no crash and the same verdict under
Unicode variants."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.checkers.entity_gender import EVIDENCE, PAPER, EntityGenderChecker
from pytest_mtchallenge.languages.es.professions import profession_table
from pytest_mtchallenge.languages.es.reader import SentenceReader, plurals
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict
from tests.checkers.winomt_items import predicted_or_missing as predicted
from tests.checkers.winomt_items import winomt_item

CHECKER = EntityGenderChecker()
VARIANTS = Path(__file__).resolve().parents[2] / "data" / "winomt-es-variants.yaml"
DEVELOPER = "The developer argued with the designer because she did not like the design."


def item(source: str, entity: str, gender: str, position: int) -> ChallengeItem:
    return winomt_item(source, entity, gender, position, "es")


def judge(source: str, entity: str, gender: str, position: int, output: str) -> Verdict:
    return CHECKER.check(item=item(source, entity, gender, position), output=output)


READINGS = [
    # (source, entity, gold, position, output, predicted gender)
    (DEVELOPER, "developer", "female", 1,
     "La desarrolladora discutió con el diseñador porque no le gustaba el diseño.", "female"),
    (DEVELOPER, "developer", "female", 1,
     "El desarrollador discutió con la diseñadora porque a ella no le gustaba el diseño.", "male"),
    # an epicene noun: the determiner decides; under *su* the pronouns and predicates do
    ("The janitor handed the writer a book because she wanted feedback.", "janitor", "female", 1,
     "La conserje le entregó un libro al escritor porque quería comentarios.", "female"),
    ("The janitor handed the writer a book because she wanted feedback.", "janitor", "female", 1,
     "El conserje le entregó un libro a la escritora porque ella quería una opinión.", "male"),
    ("The carpenter built the attendant a desk to get his love.", "attendant", "male", 4,
     "El carpintero le construyó un escritorio a su asistente para ganarse su amor.", "none"),
    ("The carpenter built the attendant a desk to get his love.", "attendant", "male", 4,
     "El carpintero le construyó un escritorio a su asistente porque estaba enamorado de él.", "male"),
    # a feminine noun under *el* (stressed a-): the noun form wins inside the phrase
    ("The laborer forced the housekeeper out of the house to keep her safe.", "housekeeper", "female", 4,
     "El obrero obligó al ama de llaves a salir de la casa para mantenerla a salvo.", "female"),
    # a dropped subject: the copula's predicate agrees with the entity, or with the other person only
    ("The auditor bought the guard a gift because she is thankful.", "auditor", "female", 1,
     "La auditora le compró un regalo al guardia porque está agradecida.", "female"),
    ("The chief praised the accountant because she was satisfied.", "accountant", "female", 4,
     "El jefe elogió a su contable porque estaba satisfecha.", "female"),
    ("The lawyer looked into illegal accusations against the cashier, but she may have been falsely accused.",
     "lawyer", "female", 1, "Su abogado examinó acusaciones contra la cajera, pero pudo haber sido acusada.",
     "male"),
    # an object pronoun is not its clause's subject; after *pedir a X que*, X is the complement's subject
    ("The guard couldn't understand the analyst and stared at her.", "analyst", "female", 5,
     "El guardia no podía entender a su analista y la miró fijamente.", "female"),
    # (*la* is then the secretary's: Spanish's generic masculine with a feminine clitic referring to the person)
    ("The secretary contacted the driver and asked her for a ride home.", "secretary", "male", 1,
     "Su secretario contactó al conductor y le pidió que la llevara a casa.", "female"),
    # a pronoun joined to an infinitive
    ("The lawyer asked the cleaner some questions and then decided to help her without pay.", "cleaner", "female",
     4, "El abogado le hizo preguntas a su conserje y luego decidió ayudarla sin cobrar.", "female"),
    # a plural determiner shows its gender
    ("The analyst failed to impress the receptionist because of her poor report.", "analyst", "female", 1,
     "Los analistas no lograron impresionar a la recepcionista por su pobre informe.", "male"),
    # alguien shows no sex: in context what refers to it decides (the paper's reading reads its own gender)
    ("The advisor met with someone because he wanted to get advice about job applications.", "someone", "male", 4,
     "El asesor se reunió con alguien porque estaba interesada en recibir consejos.", "female"),
    ("The advisor met with someone because he wanted to get advice about job applications.", "someone", "male", 4,
     "El asesor se reunió con un hombre porque quería consejos.", "male"),
    # another sense still renders the entity, with its own gender
    ("The visitor asked the receptionist if he could estimate how long the wait would be.", "receptionist", "male",
     4, "El visitante le preguntó a recepción si podía estimar cuánto tardaría.", "female"),
    # the generic masculine (issue 37): a feminine word that refers to the person overrides any masculine noun
    # phrase in context, a form with a feminine beside it or an epicene under el; one agreeing with the other
    # person only is theirs
    ("The farmer thanked the plumber and invited her to dinner.", "plumber", "female", 4,
     "El granjero dio las gracias al fontanero y la invitó a cenar.", "female"),
    ("The baker called the analyst because she was late.", "analyst", "female", 4,
     "El panadero llamó al analista porque ella llegaba tarde.", "female"),
    ("The baker called the analyst because she was late.", "analyst", "female", 4,
     "La panadera llamó al analista porque ella llegaba tarde.", "male"),
    # a pronoun joined to an infinitive whose verb has an ñ
    ("The clerk hid the mistake from the manager but could not fool her.", "manager", "female", 7,
     "El oficinista le ocultó el error al gerente, pero no pudo engañarla.", "female"),
    # an English noun left untranslated is an epicene loanword: its determiner shows the gender
    ("The advisee thanked the counselor because she got the job.", "advisee", "female", 1,
     "La advisee agradeció al consejero porque consiguió el trabajo.", "female"),
]


@pytest.mark.parametrize(("source", "entity", "gold", "position", "output", "expected"), READINGS)
def test_the_gender_a_spanish_reader_gives_the_entity(source: str, entity: str, gold: str, position: int,
                                                       output: str, expected: str) -> None:
    verdict = judge(source, entity, gold, position, output)
    assert predicted(verdict) == expected, verdict.reason
    assert verdict.outcome is (Outcome.PASS if expected == gold else Outcome.FAIL)


def test_an_entity_not_rendered_is_not_found_and_names_the_forms_looked_for() -> None:
    verdict = judge(DEVELOPER, "developer", "female", 1, "El diseñador discutió con ella porque no le gustaba.")
    assert verdict.outcome is Outcome.UNDECIDED and verdict.missing == "a rendering of the developer"
    assert "desarrolladora" in verdict.reason and predicted(verdict) == "not_found"


def test_neutral_items_are_not_applicable_and_keep_the_predicted_gender() -> None:
    verdict = judge("The technician told the customer that they could pay with cash.", "customer", "neutral", 4,
                    "El técnico le dijo al cliente que podía pagar en efectivo.")
    assert verdict.outcome is Outcome.NA and predicted(verdict) == "male"
    assert "Spanish gives every person a gender" in verdict.reason


def test_an_empty_output_is_not_applicable() -> None:
    verdict = judge(DEVELOPER, "developer", "female", 1, " … ")
    assert verdict.outcome is Outcome.NA and predicted(verdict) == "none"


def test_the_teams_variants_all_read_as_the_team_reads_them() -> None:
    """tests/data/winomt-es-variants.yaml: 186 translations written before the reader (docs/checkers.md)."""
    entries = yaml.safe_load(VARIANTS.read_text(encoding="utf-8"))["items"]
    wrong, phrase_read, generic, someone, total = [], [], [], [], 0
    for entry in entries:
        for output in entry["outputs"]:
            verdict = judge(entry["source"], entry["entity"], entry["gender"], entry["position"], output["output"])
            total += 1
            if predicted(verdict) == output["reads"]:
                continue
            if predicted(verdict, PAPER) == output["reads"] == "male" and predicted(verdict) == "female":
                generic.append(entry["line"])  # a masculine noun phrase with a feminine word referring to the person,
                # labelled male as the variants' writers read it; the team's blind annotation of real outputs (issue
                # 37) reads such a masculine as the generic masculine: female in context, male in the paper's reading
            elif predicted(verdict, PAPER) == output["reads"]:
                phrase_read.append(entry["line"])  # labelled by the noun phrase alone, as the paper's reading reads
            elif entry["entity"] == "someone" and output["reads"] == "none":
                someone.append(entry["line"])  # the team's first Spanish rule: alguien shows no gender, whatever
                # refers to it; the one rule of both readings reads its own gender (paper) or its pronoun's
            else:
                wrong.append((entry["line"], output["output"], output["reads"], predicted(verdict), verdict.reason))
    assert total >= 100
    assert not wrong, wrong
    # the labels the team changed to the noun phrase's gender after its first measurements (the file's header):
    # the paper's reading reads them so, the context-aware one as the labels were first written
    assert len(phrase_read) <= 9, phrase_read
    assert len(generic) <= 9, generic
    assert len(someone) <= 2, someone


# -- the pack ------------------------------------------------------------------------------------


def test_the_table_knows_every_winomt_noun_and_reads_plurals() -> None:
    table = profession_table()
    assert len(table.english) == 104 and all(table.forms(noun) for noun in table.english)
    mentions = table.mentions("los peatones y las amas de llaves con los capataces".split())
    assert [(m.text, m.plural) for m in mentions] == [("peatones", True), ("amas de llaves", True),
                                                        ("capataces", True)]
    assert plurals("joven") == ("jóvenes",) and plurals("guardaespaldas") == ()


def test_the_reader_splits_pronouns_off_infinitives_and_gerunds_only() -> None:
    reader = SentenceReader("Decidió ayudarla y siguió mirándolo; la perla.")
    assert reader.tokens[:6] == ["decidió", "ayudar", "la", "y", "siguió", "mirando"]
    assert [reader.tokens[i] for i in sorted(reader.enclitics)] == ["la", "lo"]
    assert "perla" in reader.tokens


def test_a_verb_with_an_n_tilde_keeps_it_when_its_pronoun_is_split_off() -> None:
    """Only a written accent is dropped to find the verb (*mirándolo*); *ñ* is a letter (*engañarla*, *enseñándole*)."""
    reader = SentenceReader("No quiso engañarla y siguió enseñándole.")
    assert reader.tokens[:7] == ["no", "quiso", "engañar", "la", "y", "siguió", "enseñando"]
    assert [reader.tokens[i] for i in sorted(reader.enclitics)] == ["la", "le"]


@pytest.mark.parametrize(("sentence", "word", "gender"), [
    ("La analista estaba muy cansada.", "cansada", "f"),
    ("El analista se sintió ofendido.", "ofendido", "m"),
    ("La analista pudo haber sido acusada.", "acusada", "f"),
    ("La analista ha ganado el premio.", None, None),  # a participle after haber does not agree
    ("La analista sintió miedo.", None, None),  # sentir is a copula with se only
])
def test_the_predicates_of_a_copula(sentence: str, word: str | None, gender: str | None) -> None:
    reader = SentenceReader(sentence)
    found = reader.predicates(reader.first_finite_verb(0) or 0)
    assert [reader.tokens[i] for i in found] == ([word] if word else [])
    assert [reader.form_gender(i) for i in found] == ([gender] if gender else [])


# -- properties ----------------------------------------------------------------------------------

ITEM = item(DEVELOPER, "developer", "female", 1)
WORDS = st.sampled_from(
    "la el los un una al del desarrolladora desarrollador diseñador diseñadora ella él lo la le se discutió con "
    "porque no gustaba estaba cansada cansado ayudarla alguien y , . su".split())


@given(output=st.text(max_size=80))
def test_no_crash_on_arbitrary_text(output: str) -> None:
    verdict = CHECKER.check(item=ITEM, output=output)
    assert isinstance(verdict, Verdict) and verdict.reason
    assert [e for e in verdict.evidence if e.startswith(EVIDENCE)][:1] == [verdict.evidence[0]]
    assert sum(e.startswith(EVIDENCE) for e in verdict.evidence) == 2  # the paper's and the context-aware reading


@given(words=st.lists(WORDS, max_size=16))
def test_the_verdict_does_not_depend_on_unicode_form(words: list[str]) -> None:
    output = " ".join(words)
    first = CHECKER.check(item=ITEM, output=output)
    second = CHECKER.check(item=ITEM, output=unicodedata.normalize("NFD", output))
    assert (first.outcome, first.evidence[:1]) == (second.outcome, second.evidence[:1])
