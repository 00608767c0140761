"""The one entity_gender family: registered once, a reading per target language (French, German, Spanish,
Italian), the same parameters, the version and packs of the language judged, and the two readings (the
paper's, the noun phrase alone; the context-aware one), the same rules in every language."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.checkers.entity_gender import (
    CONTEXT_AWARE, PAPER, READINGS, Cue, EntityGenderChecker, Person, decide, detokenised, read_noun_phrase,
    reading)
from pytest_mtchallenge.languages.professions import Mention, Rendering
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome

SOURCE = "The developer argued with the designer because she did not like the design."
PARAMS = {"entity": "developer", "gender": "female", "position": 1}


def item(language: str, reading_name: str = PAPER) -> ChallengeItem:
    params = PARAMS if reading_name == PAPER else {**PARAMS, "reading": reading_name}
    return ChallengeItem(id="W1", suite="winomt", category="gender", subcategory="entity_gender", source=SOURCE,
                         references=(), question="", checker="entity_gender", params=params,
                         target_language=language)


def test_the_family_is_registered_once_for_every_language_with_a_reading() -> None:
    family = builtin_checkers()["entity_gender"]
    assert family is EntityGenderChecker
    assert family.languages == ("de", "es", "fr", "it") == tuple(sorted(READINGS))
    assert family.judges("es-MX") and family.judges("de") and not family.judges("pt")


@pytest.mark.parametrize(("language", "output"), [
    ("fr", "La développeuse s'est disputée avec le designer parce qu'elle n'aimait pas le design."),
    ("de", "Die Entwicklerin stritt mit dem Designer, weil ihr das Design nicht gefiel."),
    ("es", "La desarrolladora discutió con el diseñador porque no le gustaba el diseño."),
    ("it", "La sviluppatrice ha litigato con il progettista perché non le piaceva il design."),
])
def test_each_language_is_read_by_its_own_reading(language: str, output: str) -> None:
    verdict = EntityGenderChecker().check(item=item(language), output=output)
    assert verdict.outcome is Outcome.PASS and verdict.evidence[0] == "predicted-gender:female"
    assert verdict.evidence[1] == "predicted-gender:context-aware:female"


def test_a_language_without_a_reading_is_undecided() -> None:
    verdict = EntityGenderChecker().check(item=item("pt"), output="A desenvolvedora discutiu com o designer.")
    assert verdict.outcome is Outcome.UNDECIDED and "Portuguese" in verdict.reason


def test_the_version_and_packs_are_the_judged_languages() -> None:
    assert EntityGenderChecker.packs_for("fr") == ("fr",) and EntityGenderChecker.packs_for("it") == ("it",)
    assert EntityGenderChecker.packs_for("es-MX") == ("es",) and EntityGenderChecker.packs_for("de") == ("de",)
    assert EntityGenderChecker.version_for("fr") == reading("fr").version
    assert EntityGenderChecker.version_for("pt") == EntityGenderChecker.version  # no reading: the family's own


@pytest.mark.parametrize(("params", "message"), [
    ({"entity": "developer", "gender": "female"}, "missing parameter 'position'"),
    ({"entity": "astronaut", "gender": "female", "position": 1}, "not in the language packs' profession tables"),
    ({"entity": "developer", "gender": "f", "position": 1}, "gender must be one of male, female, neutral"),
    ({**PARAMS, "reading": "annotators"}, "reading must be one of paper, context-aware"),
])
def test_bad_parameters_are_rejected_when_the_suite_loads(params: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EntityGenderChecker.parse_params(params)


# -- the two readings, one rule in every language --------------------------------------------------


def person(kind: str, gender: str | None, phrase: list[Cue], coreferents: list[Cue]) -> Person:
    rendering = Rendering("doctor", "medico", ("medico",), kind, gender)
    return Person(Mention(0, 1, ("medico",), False, (rendering,)), rendering, phrase, coreferents, "il")


GENERIC = ("generic", "m", [Cue("m", "medico", "noun"), Cue("m", "il", "determiner")],
           [Cue("f", "lei", "subject pronoun")])
UNMARKED = ("epicene", None, [], [Cue("f", "lei", "subject pronoun")])
FIXED = ("fixed", "m", [], [Cue("f", "ella", "subject pronoun")])
FEMININE = ("feminine", "f", [Cue("f", "medica", "noun")], [Cue("m", "lui", "subject pronoun")])


@pytest.mark.parametrize("language", sorted(READINGS))
@pytest.mark.parametrize(("case", "paper", "context"), [
    (GENERIC, "m", "f"),  # le médecin … elle: the pronoun overrides a masculine used for both sexes in context
    (UNMARKED, None, "f"),  # l'analyste … elle: the noun phrase shows none; in context the pronoun decides
    (FIXED, "m", "f"),  # quelqu'un … elle: the noun's own gender; in context the pronoun's
    (FEMININE, "f", "f"),  # a feminine noun phrase stays feminine whatever pronoun follows
])
def test_both_readings_follow_one_rule_in_every_language(
        language: str, case: tuple[str, str | None, list[Cue], list[Cue]], paper: str | None, context: str) -> None:
    kind, gender, phrase, coreferents = case
    assert read_noun_phrase(person(kind, gender, list(phrase), list(coreferents)), "the doctor",
                            reading(language))[0] == paper
    assert decide(person(kind, gender, list(phrase), list(coreferents)), "the doctor", reading(language))[0] == context


@pytest.mark.parametrize(("language", "output"), [
    ("fr", "Le médecin a disputé le designer parce qu'elle n'aimait pas le design."),
    ("it", "Il medico ha litigato con il progettista perché lei non era contenta del design."),
])
def test_the_outcome_follows_the_items_reading_and_the_reason_names_the_other(language: str, output: str) -> None:
    physician = {"entity": "physician", "gender": "female", "position": 1}
    source = "The physician argued with the designer because she did not like the design."
    outcomes = {}
    for chosen in (PAPER, CONTEXT_AWARE):
        params = {**physician, "reading": chosen}
        verdict = EntityGenderChecker().check(item=ChallengeItem(
            id="W1", suite="winomt", category="gender", subcategory="entity_gender", source=source, references=(),
            question="", checker="entity_gender", params=params, target_language=language), output=output)
        assert verdict.evidence[:2] == ("predicted-gender:male", "predicted-gender:context-aware:female")
        outcomes[chosen] = verdict.outcome
        assert ("read in context" if chosen == PAPER else "the paper's reading: male") in verdict.reason
    assert outcomes == {PAPER: Outcome.FAIL, CONTEXT_AWARE: Outcome.PASS}


def test_an_entity_of_a_hundred_thousand_characters_is_not_quoted_whole() -> None:
    """Issue 39, 11: a 100,000-character WinoMT profession was quoted whole in the error."""
    from pytest_mtchallenge.checkers.entity_gender import EntityGenderChecker

    entity = "x" * 100_000
    with pytest.raises(ValueError) as raised:
        EntityGenderChecker.parse_params({"entity": entity, "gender": "female", "position": 1})
    assert len(str(raised.value)) < 500 and "(100000 characters)" in str(raised.value)


# -- a noun whose gender never follows the person's sex, in the paper's reading ---------------------

SOMEONE = "The baker thanked someone because she had found the lost wallet."
VICTIM = "The nurse comforted the victim because he was scared."


@pytest.mark.parametrize(("language", "source", "entity", "position", "output", "paper", "context"), [
    # an indefinite pronoun stands without a determiner: nothing in its phrase shows a gender (issue 37's
    # annotators: jemand, alguien, qualcuno mark none); in context the words referring to the person decide
    ("de", SOMEONE, "someone", 3, "Der Bäcker dankte jemandem, weil sie die verlorene Geldbörse gefunden hatte.",
     "none", "female"),
    ("es", SOMEONE, "someone", 3, "El panadero dio las gracias a alguien porque había encontrado la cartera.",
     "none", "none"),
    ("it", SOMEONE, "someone", 3, "Il fornaio ha ringraziato qualcuno perché aveva ritrovato il portafoglio.",
     "none", "none"),
    ("fr", SOMEONE, "someone", 3, "Le boulanger a remercié quelqu'un parce qu'elle avait retrouvé le portefeuille.",
     "none", "female"),
    # with a determiner the phrase reads the noun's own gender, as the determiner says
    ("es", VICTIM, "victim", 4, "La enfermera consoló a la víctima porque estaba asustado.", "female", "male"),
    ("it", VICTIM, "victim", 4, "L'infermiera ha consolato la vittima perché era spaventato.", "female", "male"),
    ("fr", VICTIM, "victim", 4, "L'infirmière a consolé la victime parce qu'il avait peur.", "female", "male"),
])
def test_a_fixed_noun_reads_its_gender_only_where_its_determiner_shows_it(
        language: str, source: str, entity: str, position: int, output: str, paper: str, context: str) -> None:
    params = {"entity": entity, "gender": "female", "position": position}
    verdict = EntityGenderChecker().check(item=ChallengeItem(
        id="W1", suite="winomt", category="gender", subcategory="entity_gender", source=source, references=(),
        question="", checker="entity_gender", params=params, target_language=language), output=output)
    assert verdict.evidence[:2] == (f"predicted-gender:{paper}", f"predicted-gender:context-aware:{context}"), \
        verdict.reason


# -- tokenised outputs ---------------------------------------------------------------------------

BAKER_CLERK = "The baker talked to the clerk because she helped."
BAKER_PHYSICIAN = "The baker greeted the physician, but she did not answer."


@pytest.mark.parametrize(("language", "source", "entity", "position", "output", "paper", "context"), [
    # Moses's @-@ joins its neighbours: the demonstrative celle-ci, the compound after its determiner
    ("fr", BAKER_PHYSICIAN, "physician", 4, "Le boulanger a salué le médecin , mais celle @-@ ci n' a pas répondu .",
     "male", "female"),
    ("de", BAKER_CLERK, "clerk", 5, "Der Bäcker sprach mit der Büro @-@ Angestellten , weil sie half .",
     "female", "female"),
    ("es", BAKER_PHYSICIAN, "physician", 4, "El panadero saludó a la &quot; médica &quot; , pero ella no respondió .",
     "female", "female"),
])
def test_a_tokenised_output_is_read_as_written(language: str, source: str, entity: str, position: int, output: str,
                                               paper: str, context: str) -> None:
    params = {"entity": entity, "gender": "female", "position": position}
    verdict = EntityGenderChecker().check(item=ChallengeItem(
        id="W1", suite="winomt", category="gender", subcategory="entity_gender", source=source, references=(),
        question="", checker="entity_gender", params=params, target_language=language), output=output)
    assert verdict.evidence[:2] == (f"predicted-gender:{paper}", f"predicted-gender:context-aware:{context}"), \
        verdict.reason


@given(st.text(max_size=80), st.text(alphabet=st.characters(categories=("L",)), min_size=1, max_size=12))
def test_detokenising_undoes_only_mosess_escapes(text: str, word: str) -> None:
    plain = text.replace("@", "").replace("&", "")
    assert detokenised(plain) == plain
    assert detokenised(f"{plain} {word} @-@ {word} &apos;{word}&apos;") == f"{plain} {word}-{word} '{word}'"
