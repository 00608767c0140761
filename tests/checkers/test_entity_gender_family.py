"""The one entity_gender family: registered once, a reading per target language (French, German, Spanish,
Italian), the same parameters, the version and packs of the language judged, and the shared rules for
conflicting cues (each language's Conflicts)."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.checkers.entity_gender import (
    READINGS, Conflicts, Cue, EntityGenderChecker, Person, decide, reading)
from pytest_mtchallenge.languages.professions import Mention, Rendering
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome

SOURCE = "The developer argued with the designer because she did not like the design."
PARAMS = {"entity": "developer", "gender": "female", "position": 1}


def item(language: str) -> ChallengeItem:
    return ChallengeItem(id="W1", suite="winomt", category="gender", subcategory="entity_gender", source=SOURCE,
                         references=(), question="", checker="entity_gender", params=PARAMS,
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
])
def test_bad_parameters_are_rejected_when_the_suite_loads(params: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EntityGenderChecker.parse_params(params)


# -- the rules for conflicting cues ----------------------------------------------------------------


def person(kind: str, gender: str | None, phrase: list[Cue], coreferents: list[Cue]) -> Person:
    rendering = Rendering("doctor", "medico", ("medico",), kind, gender)
    return Person(Mention(0, 1, ("medico",), False, (rendering,)), rendering, phrase, coreferents, "il")


def test_each_language_has_its_conflict_rules() -> None:
    assert reading("fr").conflicts == reading("de").conflicts == Conflicts()
    assert reading("es").conflicts == Conflicts(pronoun_overrides=False)
    assert reading("it").conflicts == Conflicts(pronoun_overrides=False, fixed_shows=True)


@pytest.mark.parametrize(("language", "expected"), [("fr", "f"), ("it", "m")])
def test_a_pronoun_overrides_a_noun_masculine_for_both_sexes_only_where_the_language_reads_so(
        language: str, expected: str) -> None:
    generic = person("generic", "m", [Cue("m", "medico", "noun"), Cue("m", "il", "determiner")],
                     [Cue("f", "lei", "subject pronoun")])
    gender, _ = decide(generic, "the doctor", reading(language))
    assert gender == expected


@pytest.mark.parametrize(("language", "expected"), [("fr", "f"), ("es", None)])
def test_a_fixed_noun_takes_the_pronouns_gender_only_where_the_language_reads_so(
        language: str, expected: str | None) -> None:
    fixed = person("fixed", "m", [], [Cue("f", "ella", "subject pronoun")])
    gender, reason = decide(fixed, "the someone", reading(language))
    assert gender == expected
    assert expected or "a Spanish reader reads no gender in the noun" in reason
