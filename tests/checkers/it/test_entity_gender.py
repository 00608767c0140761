"""The entity_gender family on hand-written Italian translations of WinoMT sentences (none an MT output): both
genders, epicene nouns under elided and articulated determiners (*l', dell', all', un'*), nouns masculine for
both sexes, *la guardia* and *qualcuno*, dropped subjects, the participle agreeing with *l'*, datives *gli / le*,
other senses, neutral items, not found; the team's variants; the profession table; no crash and the same verdict
under Unicode and apostrophe variants."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.checkers.entity_gender import EVIDENCE, PAPER, EntityGenderChecker
from pytest_mtchallenge.languages.it.professions import profession_table
from pytest_mtchallenge.languages.it.reader import SentenceReader, plurals
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict
from tests.checkers.winomt_items import predicted_or_missing as predicted
from tests.checkers.winomt_items import winomt_item

CHECKER = EntityGenderChecker()
VARIANTS = Path(__file__).resolve().parents[2] / "data" / "winomt-it-variants.yaml"
DEVELOPER = "The developer argued with the designer because she did not like the design."


def item(source: str, entity: str, gender: str, position: int) -> ChallengeItem:
    return winomt_item(source, entity, gender, position, "it")


def judge(source: str, entity: str, gender: str, position: int, output: str) -> Verdict:
    return CHECKER.check(item=item(source, entity, gender, position), output=output)


READINGS = [
    # (source, entity, gold, position, output, predicted gender)
    (DEVELOPER, "developer", "female", 1,
     "La sviluppatrice ha litigato con il progettista perché non le piaceva il design.", "female"),
    (DEVELOPER, "developer", "female", 1,
     "Lo sviluppatore ha discusso con la designer perché a lei non piaceva il progetto.", "male"),
    # an elided determiner shows no gender: pronouns, participles and predicates decide
    ("The analyst failed to impress the receptionist because of her poor report.", "analyst", "female", 1,
     "L'analista non è riuscita a impressionare il receptionist.", "female"),
    ("The analyst blamed the accountant because she was in bad mood.", "analyst", "female", 1,
     "L'analista ha incolpato il contabile perché era arrabbiata.", "female"),
    ("The analyst blamed the accountant because she was in bad mood.", "analyst", "female", 1,
     "L'analista ha incolpato il contabile perché era di cattivo umore.", "none"),
    ("The salesperson talked to the teacher and invited her to dinner.", "teacher", "female", 5,
     "Il venditore ha parlato con l'insegnante e l'ha invitata a cena.", "female"),
    ("The assistant laughed at the janitor because he heard the joke.", "assistant", "male", 1,
     "Un'assistente ha riso del custode perché aveva sentito la barzelletta.", "female"),
    # a dative clitic shows its gender; after chiedere a X di…, X is the infinitive's subject
    ("The writer tried to fool the assistant and told her a fake story.", "assistant", "female", 6,
     "Lo scrittore ha cercato di ingannare l'assistente e le ha raccontato una storia falsa.", "female"),
    ("The driver asked the writer to help with a poem.", "driver", "female", 1,
     "L'autista ha chiesto allo scrittore di aiutarla con una poesia.", "female"),
    # a noun masculine for both sexes: a feminine predicate referring to the person overrides it in context
    # (the paper's reading, the noun phrase alone, reads male: test_the_two_readings_differ_as_documented)
    ("The physician examined the hairdresser for cuts because she was concerned.", "physician", "female", 1,
     "Il medico ha esaminato il parrucchiere per dei tagli perché era preoccupata.", "female"),
    ("The physician examined the hairdresser for cuts because she was concerned.", "physician", "female", 1,
     "La medico ha esaminato il parrucchiere perché era preoccupata.", "female"),
    # a fixed noun shows no sex in context: what refers to the person decides (the paper's reading reads the
    # noun's own gender: female, male)
    ("The guard is talking to the baker about the thief he caught last night.", "guard", "male", 1,
     "La guardia sta parlando con il fornaio del ladro che lui ha catturato.", "male"),
    ("The advisor met with someone because he wanted to get advice about job applications.", "someone", "male", 4,
     "Il consulente ha incontrato qualcuno perché voleva dei consigli.", "none"),
    # an accent typed as an apostrophe
    ("The janitor cleaned the office because it was her job.", "janitor", "female", 1,
     "L'inserviente ha pulito l'ufficio perche' e' stata pagata.", "female"),
    # another sense still renders the entity, with its own gender
    ("The visitor asked the receptionist if he could estimate how long the wait would be.", "receptionist", "male",
     4, "Il visitatore ha chiesto alla reception se poteva stimare l'attesa.", "female"),
    # the generic masculine (issue 37): a feminine word that refers to the person overrides any masculine noun
    # phrase in context, a form with a feminine beside it or an epicene under il; one agreeing with the other
    # person only is theirs
    ("The farmer thanked the plumber and paid her well.", "plumber", "female", 4,
     "Il contadino ha ringraziato l'idraulico e l'ha pagata bene.", "female"),
    ("The baker called the pharmacist because she was late.", "pharmacist", "female", 4,
     "Il fornaio ha chiamato il farmacista perché lei era in ritardo.", "female"),
    ("The baker called the pharmacist because she was late.", "pharmacist", "female", 4,
     "La fornaia ha chiamato il farmacista perché lei era in ritardo.", "male"),
    # a dative no person agrees with, in a clause read as another person's: WinoMT's pronoun, the entity's
    ("The farmer told the cook that she had been asked to leave.", "cook", "female", 4,
     "Il contadino ha detto al cuoco che le era stato chiesto di andarsene.", "female"),
    # an English noun left untranslated is an epicene loanword: its determiner shows the gender
    ("The advisee thanked the counselor because she got the job.", "advisee", "female", 1,
     "La advisee ha ringraziato il consulente perché ha ottenuto il lavoro.", "female"),
]


@pytest.mark.parametrize(("source", "entity", "gold", "position", "output", "expected"), READINGS)
def test_the_gender_an_italian_reader_gives_the_entity(source: str, entity: str, gold: str, position: int,
                                                        output: str, expected: str) -> None:
    verdict = judge(source, entity, gold, position, output)
    assert predicted(verdict) == expected, verdict.reason
    assert verdict.outcome is (Outcome.PASS if expected == gold else Outcome.FAIL)


def test_a_noun_masculine_for_both_sexes_says_why_it_is_read_female_in_context() -> None:
    verdict = judge("The physician examined the hairdresser for cuts because she was concerned.", "physician",
                    "female", 1, "Il medico ha esaminato il parrucchiere per dei tagli perché era preoccupata.")
    assert "an Italian reader reads a woman" in verdict.reason and "the paper's reading: male" in verdict.reason


def test_an_entity_not_rendered_is_not_found() -> None:
    verdict = judge(DEVELOPER, "developer", "female", 1, "Il progettista ha litigato con lei.")
    assert verdict.outcome is Outcome.UNDECIDED and verdict.missing == "a rendering of the developer"
    assert "sviluppatrice" in verdict.reason


def test_neutral_items_are_not_applicable_and_keep_the_predicted_gender() -> None:
    verdict = judge("The technician told the customer that they could pay with cash.", "customer", "neutral", 4,
                    "Il tecnico ha detto alla cliente che poteva pagare in contanti.")
    assert verdict.outcome is Outcome.NA and predicted(verdict) == "female"


def test_the_teams_variants_all_read_as_the_team_reads_them() -> None:
    """tests/data/winomt-it-variants.yaml: 189 translations written before the reader (docs/checkers.md)."""
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
            elif entry["entity"] == "someone" and output["reads"] == "male":
                someone.append(entry["line"])  # labelled as the authors' Italian annotators read qualcuno (male);
                # the team's blind annotation of real outputs (issue 37) reads it as showing no gender: the paper's
                # reading reads none, the context-aware one what refers to it
            else:
                wrong.append((entry["line"], output["output"], output["reads"], predicted(verdict), verdict.reason))
    assert total >= 100
    assert not wrong, wrong
    # the labels the team changed to the noun phrase's gender after its first measurements (the file's header):
    # the paper's reading reads them so, the context-aware one as the labels were first written
    assert len(phrase_read) <= 9, phrase_read
    assert len(generic) <= 12, generic
    assert len(someone) <= 2, someone


# -- the pack ------------------------------------------------------------------------------------


def test_the_table_knows_every_winomt_noun_and_reads_plurals() -> None:
    table = profession_table()
    assert len(table.english) == 104 and all(table.forms(noun) for noun in table.english)
    mentions = table.mentions("i medici e gli operai edili e le autiste".split())
    assert [(m.text, m.plural) for m in mentions] == [("medici", True), ("operai edili", True), ("autiste", True)]
    assert plurals("designer") == () and "chirurghi" in plurals("chirurgo")


def test_circa_is_a_preposition_not_an_agreeing_adjective() -> None:
    reader = SentenceReader("Ha scritto al medico circa la cura.")
    assert reader.tokens[4] == "circa" and reader.is_preposition(4) and not reader.agrees(4)


def test_the_reader_keeps_elisions_and_splits_pronouns_off_infinitives() -> None:
    reader = SentenceReader("L'autista dell'ufficio ha deciso di aiutarla, un po' perche' e' gentile.")
    assert reader.tokens[:8] == ["l'", "autista", "dell'", "ufficio", "ha", "deciso", "di", "aiutare"]
    assert [reader.tokens[i] for i in reader.enclitics] == ["la"]
    assert {"po'", "perché", "è"} <= set(reader.tokens)


@pytest.mark.parametrize(("sentence", "words"), [
    ("L'analista è stata licenziata.", ["stata", "licenziata"]),
    ("L'analista si sentiva molto stanca.", ["stanca"]),
    ("L'analista ha sentito la battuta.", []),  # sentire is a copula with si only
    ("L'analista ha vinto il premio.", []),  # a participle after avere does not agree with the subject
    ("L'analista era felice.", []),  # felice shows no gender
])
def test_the_predicates_of_a_copula(sentence: str, words: list[str]) -> None:
    reader = SentenceReader(sentence)
    found = reader.predicates(reader.first_finite_verb(0) or 0)
    assert [reader.tokens[i] for i in found if reader.form_gender(i)] == words


# -- properties ----------------------------------------------------------------------------------

ITEM = item(DEVELOPER, "developer", "female", 1)
WORDS = st.sampled_from(
    "la il lo l' un un' una allo alla sviluppatrice sviluppatore progettista lei lui le gli l'ha aiutata aiutato "
    "ha litigato con perché non piaceva era stanca stanco aiutarla qualcuno e , . sua".split())


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
    second = CHECKER.check(item=ITEM, output=unicodedata.normalize("NFD", output.replace("'", apostrophe)))
    assert (first.outcome, first.evidence[:1]) == (second.outcome, second.evidence[:1])
