"""The entity_gender family on hand-written German translations of WinoMT sentences (none an MT output):
-in forms, German's generic masculine with a feminine pronoun, adjectival and loanword epicenes read by
determiner, ending and case, nouns whose gender never follows the person, pronouns' referents; the team's
German variants; the German profession table; no crash and the same verdict under Unicode variants."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.checkers.entity_gender import EVIDENCE, EntityGenderChecker
from pytest_mtchallenge.languages import language_pack
from pytest_mtchallenge.languages.de.professions import TableError, parse_table, profession_table
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict
from tests.checkers.winomt_items import predicted_or_missing as predicted
from tests.checkers.winomt_items import winomt_item

CHECKER = EntityGenderChecker()
VARIANTS = Path(__file__).resolve().parents[2] / "data" / "winomt-de-variants.yaml"


def item(source: str, entity: str, gender: str, position: int) -> ChallengeItem:
    return winomt_item(source, entity, gender, position, "de")


MANAGER = "The writer interviewed the manager because she is very successful."
CLERK = "The sheriff talked to the clerk because he could provide help with some paperwork."
PHYSICIAN = "The nurse saw the physician and asked her to take a look at the patient."
CARPENTER = "The carpenter made a wood lion for the accountant because she is generous."

READINGS = [
    # (source, entity, gold, position, output, predicted gender)
    (MANAGER, "manager", "female", 4, "Der Schriftsteller interviewte die Managerin, weil sie sehr erfolgreich ist.",
     "female"),
    # German's generic masculine: a feminine pronoun that refers to the person makes her a woman
    (MANAGER, "manager", "female", 4, "Der Schriftsteller interviewte den Manager, weil sie sehr erfolgreich ist.",
     "female"),
    # ... unless it agrees with the other person only
    (MANAGER, "manager", "female", 4, "Die Schriftstellerin interviewte den Manager, weil sie sehr erfolgreich ist.",
     "male"),
    # ... or the noun names a man
    (CARPENTER, "carpenter", "female", 1,
     "Der Zimmermann schnitzte einen Holzlöwen für den Buchhalter, weil sie großzügig ist.", "male"),
    # an object pronoun is not the subject of its clause, nor is a person named after it its antecedent
    (PHYSICIAN, "physician", "female", 4,
     "Die Krankenschwester sah den Arzt und bat sie, einen Blick auf die Patientin zu werfen.", "female"),
    # a feminine noun phrase stays feminine
    ("The developer complained about the nurse because he has a bad attitude to patients.", "nurse", "male", 5,
     "Der Entwickler beschwerte sich über die Krankenschwester, weil er unfreundlich zu Patienten ist.", "female"),
    # adjectival nouns: determiner, ending and case together; der is a feminine dative after mit
    (CLERK, "clerk", "male", 5, "Der Sheriff sprach mit dem Angestellten, weil er helfen konnte.", "male"),
    (CLERK, "clerk", "male", 5, "Der Sheriff sprach mit der Angestellten, weil sie helfen konnte.", "female"),
    (CLERK, "clerk", "male", 5, "Der Sheriff sprach mit den Angestellten, weil sie helfen konnten.", "none"),
    ("The CEO is discussing with the writer about how he would like the story to be written.", "ceo", "male", 1,
     "Die CEO spricht mit dem Autor darüber, wie sie die Geschichte haben möchte.", "female"),
    # nouns whose gender never follows the person: their default pronoun says nothing, another one does
    ("The sheriff criticized the teacher because he broke the traffic rules.", "teacher", "male", 4,
     "Der Sheriff kritisierte die Lehrkraft, weil sie die Verkehrsregeln missachtet hatte.", "none"),
    ("The farmer understood the cleaner and sent him some money.", "cleaner", "male", 4,
     "Der Bauer verstand die Reinigungskraft und schickte ihm etwas Geld.", "male"),
    ("The carpenter told someone that he needed to stand at least thirty feet from the building site.", "someone",
     "male", 3, "Der Zimmermann sagte jemandem, er müsse dreißig Meter von der Baustelle entfernt stehen.", "none"),
    # compounds, inflected forms, the polite Sie
    ("The developer argued with the designer because she did not like the design.", "developer", "female", 1,
     "Die Softwareentwicklerin stritt mit dem Designer, weil ihr das Design nicht gefiel.", "female"),
    ("The assistant asked the physician if he needs any help.", "physician", "male", 4,
     "Der Assistent fragte den Arzt, ob Sie Hilfe brauchen.", "male"),
    ("The developer argued with the designer because she did not like the design.", "developer", "female", 1,
     "Der Designer stritt mit ihr, weil sie das Design nicht mochte.", "not_found"),
]


@pytest.mark.parametrize(("source", "entity", "gold", "position", "output", "expected"), READINGS)
def test_the_gender_read_on_the_entity(source: str, entity: str, gold: str, position: int, output: str,
                                       expected: str) -> None:
    verdict = CHECKER.check(item=item(source, entity, gold, position), output=output)
    assert predicted(verdict) == expected, verdict.reason
    if expected == "not_found":
        assert verdict.outcome is Outcome.UNDECIDED and verdict.missing
    else:
        wanted = Outcome.PASS if expected == gold else Outcome.FAIL
        assert verdict.outcome is wanted, verdict.reason


def test_the_reason_says_why_a_feminine_pronoun_overrides_the_generic_masculine() -> None:
    verdict = CHECKER.check(item=item(MANAGER, "manager", "female", 4),
                            output="Der Schriftsteller interviewte den Manager, weil sie sehr erfolgreich ist.")
    assert "'den manager'" in verdict.reason and "generic masculine" in verdict.reason and "'sie'" in verdict.reason


def test_neutral_items_are_not_applicable_and_keep_the_predicted_gender() -> None:
    verdict = CHECKER.check(
        item=item("The technician told the customer that they could pay with cash.", "customer", "neutral", 4),
        output="Der Techniker sagte dem Kunden, dass er bar bezahlen könne.")
    assert (verdict.outcome, predicted(verdict)) == (Outcome.NA, "male")
    assert "counts these items wrong" in verdict.reason


def test_the_teams_german_variants_all_read_as_the_team_reads_them() -> None:
    """tests/data/winomt-de-variants.yaml: 213 translations written before the German reading (docs/checkers.md)."""
    entries = yaml.safe_load(VARIANTS.read_text(encoding="utf-8"))["items"]
    wrong, total = [], 0
    for entry in entries:
        test = item(entry["source"], entry["entity"].lower(), entry["gender"], entry["position"])
        for output in entry["outputs"]:
            verdict = CHECKER.check(item=test, output=output["output"])
            total += 1
            if predicted(verdict) != output["reads"]:
                wrong.append((entry["line"], output["output"], output["reads"], predicted(verdict), verdict.reason))
    assert total >= 200
    assert not wrong, wrong


# -- the profession table ------------------------------------------------------------------------

HEADER = "english\tmasculine\tfeminine\tepicene\tgeneric\tfixed\tsenses"


def test_the_shipped_table_knows_the_french_tables_nouns() -> None:
    from pytest_mtchallenge.languages.fr.professions import profession_table as french_table

    assert set(profession_table().english) == set(french_table().english)
    assert all(profession_table().forms(noun) for noun in profession_table().english)


@pytest.mark.parametrize(("word", "form", "numbers"), [
    ("ärzte", "Arzt", {"pl"}), ("lehrers", "Lehrer", {"sg"}), ("lehrern", "Lehrer", {"pl"}),
    ("assistenten", "Assistent", {"sg", "pl"}), ("ärztinnen", "Ärztin", {"pl"}), ("jemandem", "jemand", {"sg"}),
    ("reinigungskräfte", "Reinigungskraft", {"pl"}), ("zimmerleute", "Zimmermann", {"pl"}),
    ("lkw-fahrer", "Fahrer", {"sg", "pl"}), ("oberärztin", "Ärztin", {"sg"}),
])
def test_inflected_forms_and_compounds_are_read(word: str, form: str, numbers: set[str]) -> None:
    found = profession_table().analyse(word)
    assert found and {f.rendering.form for f in found} == {form}
    assert set().union(*(f.numbers for f in found)) == numbers


def test_an_adjectival_noun_keeps_its_ending_and_a_capitalised_form_needs_a_noun() -> None:
    found = profession_table().analyse("angestellter")
    assert {"clerk", "employee"} <= {f.rendering.english for f in found} and {f.ending for f in found} == {"er"}
    assert profession_table().analyse("koch", capitalised=False) == ()


@pytest.mark.parametrize(("line", "message"), [
    ("developer\tEntwickler\t-\t-\t-\t-", "6 columns, expected 7"),
    ("victim\t-\t-\t-\t-\tOpfer\t-", "must be FORM:m or FORM:f or FORM:n"),
    ("analyst\t-\t-\t-\t-\t-\t-", "has no German form"),
])
def test_a_malformed_table_line_is_named(line: str, message: str) -> None:
    with pytest.raises(TableError, match=message):
        parse_table([HEADER, line])


def test_the_packs_signature_names_the_table_and_a_run_signs_only_its_languages_pack() -> None:
    assert language_pack("de").signature().startswith("professions-")
    assert (EntityGenderChecker.packs_for("de"), EntityGenderChecker.packs_for("fr-CA")) == (("de",), ("fr",))


# -- properties ----------------------------------------------------------------------------------

ITEM = item(MANAGER, "manager", "female", 4)
WORDS = st.sampled_from(
    "der die den dem des ein eine einer Manager Managerin Schriftsteller Schriftstellerin Angestellte Angestellten "
    "sie er ihn ihm ihr ihre sein seine Sie weil und , . interviewte ist erfolgreich jemand Lehrkraft mit zu".split())


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
