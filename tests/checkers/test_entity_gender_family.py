"""The one entity_gender family: registered once, a judge per target language (French, Spanish, Italian), the
same parameters, the version and packs of the language judged, and the shared rules for conflicting cues."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.checkers.entity_gender import JUDGES, Conflicts, Cue, EntityGenderFamily, Person, decide
from pytest_mtchallenge.checkers.fr.entity_gender import EntityGenderChecker
from pytest_mtchallenge.languages.professions import Mention, Rendering
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome

SOURCE = "The developer argued with the designer because she did not like the design."
PARAMS = {"entity": "developer", "gender": "female", "position": 1}


def item(language: str) -> ChallengeItem:
    return ChallengeItem(id="W1", suite="winomt", category="gender", subcategory="entity_gender", source=SOURCE,
                         references=(), question="", checker="entity_gender", params=PARAMS,
                         target_language=language)


def test_the_family_is_registered_once_for_every_language_with_a_judge() -> None:
    family = builtin_checkers()["entity_gender"]
    assert family is EntityGenderFamily
    assert family.languages == ("es", "fr", "it") == tuple(sorted(JUDGES))
    assert family.judges("es-MX") and not family.judges("de")


def test_a_french_output_is_judged_by_the_french_judge() -> None:
    output = "La développeuse s'est disputée avec le designer parce qu'elle n'aimait pas le design."
    assert EntityGenderFamily().check(item=item("fr"), output=output) == EntityGenderChecker().check(
        item=item("fr"), output=output)


@pytest.mark.parametrize(("language", "output"), [
    ("es", "La desarrolladora discutió con el diseñador porque no le gustaba el diseño."),
    ("it", "La sviluppatrice ha litigato con il progettista perché non le piaceva il design."),
])
def test_each_language_is_read_by_its_own_judge(language: str, output: str) -> None:
    verdict = EntityGenderFamily().check(item=item(language), output=output)
    assert verdict.outcome is Outcome.PASS and verdict.evidence[0] == "predicted-gender:female"


def test_a_language_without_a_judge_is_undecided() -> None:
    verdict = EntityGenderFamily().check(item=item("de"), output="Die Entwicklerin stritt mit dem Designer.")
    assert verdict.outcome is Outcome.UNDECIDED and "German" in verdict.reason


def test_the_version_and_packs_are_the_judged_languages() -> None:
    assert EntityGenderFamily.packs_for("fr") == ("fr",) and EntityGenderFamily.packs_for("it") == ("it",)
    assert EntityGenderFamily.version_for("fr") == EntityGenderChecker.version
    assert EntityGenderFamily.version_for("de") == EntityGenderFamily.version  # no judge: the family's own


@pytest.mark.parametrize(("params", "message"), [
    ({"entity": "developer", "gender": "female"}, "missing parameter 'position'"),
    ({"entity": "astronaut", "gender": "female", "position": 1}, "not in WinoMT's English nouns"),
    ({"entity": "developer", "gender": "f", "position": 1}, "gender must be one of male, female, neutral"),
])
def test_bad_parameters_are_rejected_when_the_suite_loads(params: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EntityGenderFamily.validate(params)


# -- the rules for conflicting cues ----------------------------------------------------------------


def person(kind: str, gender: str | None, phrase: list[Cue], coreferents: list[Cue]) -> Person:
    rendering = Rendering("doctor", "medico", ("medico",), kind, gender)
    return Person(Mention(0, 1, ("medico",), False, (rendering,)), rendering, phrase, coreferents, "il")


@pytest.mark.parametrize(("conflicts", "expected"), [(Conflicts(), "f"), (Conflicts(pronoun_overrides=False), "m")])
def test_a_pronoun_overrides_a_noun_masculine_for_both_sexes_only_where_the_language_reads_so(
        conflicts: Conflicts, expected: str) -> None:
    generic = person("generic", "m", [Cue("m", "medico", "noun"), Cue("m", "il", "determiner")],
                     [Cue("f", "lei", "subject pronoun")])
    gender, _ = decide(generic, "the doctor", language="Italian", feminine_forms=lambda p: "", conflicts=conflicts)
    assert gender == expected


@pytest.mark.parametrize(("conflicts", "expected"), [(Conflicts(), "f"), (Conflicts(pronoun_overrides=False), None)])
def test_a_fixed_noun_takes_the_pronouns_gender_only_where_the_language_reads_so(
        conflicts: Conflicts, expected: str | None) -> None:
    fixed = person("fixed", "m", [], [Cue("f", "ella", "subject pronoun")])
    gender, _ = decide(fixed, "the someone", language="Spanish", feminine_forms=lambda p: "", conflicts=conflicts)
    assert gender == expected
