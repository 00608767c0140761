"""The argument_switch family (miss → manquer à) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.argument_switch import ArgumentSwitchChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = ArgumentSwitchChecker()
MISS = {"verb": ["manquer", "manquant"], "alternatives": ["regretter", "s'ennuyer"],
        "misreadings": ["rater", "louper", "absent", "absenter", "échapper"]}


def french(**params: object) -> ChallengeItem:
    return item(checker="argument_switch", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(**params), output=output).outcome


MARY = {**MISS, "experiencer": ["Mary", "Marie"], "theme": ["Jim"]}
SISTER = {**MISS, "experiencer": ["sœur", "frangine"], "theme": ["New York"]}
HE = {**MISS, "experiencer": ["il", "lui"], "theme": ["chien"]}


@pytest.mark.parametrize(("output", "expected"), [
    ("Jim manque beaucoup à Marie.", Outcome.PASS),
    ("Jim manque terriblement à Mary !", Outcome.PASS),
    ("Jim a beaucoup manqué à Mary.", Outcome.PASS),
    ("Mary, Jim lui manque cruellement.", Outcome.PASS),
    ("Marie manque cruellement à Jim.", Outcome.FAIL),
    ("Mary manque de Jim.", Outcome.FAIL),
    ("Mary rate cruellement Jim.", Outcome.FAIL),
    ("Mary regrette cruellement Jim.", Outcome.PASS),
    ("Mary s'ennuie beaucoup de Jim.", Outcome.PASS),
    ("Jim s'ennuie beaucoup de Mary.", Outcome.FAIL),
    ("Jim manque cruellement.", Outcome.FAIL),  # the experiencer is lost
    ("Jim commence à manquer beaucoup à Marie.", Outcome.PASS),
    ("Jim est en train de lui manquer.", Outcome.PASS),
])
def test_named_experiencer(output: str, expected: Outcome) -> None:
    assert outcome(MARY, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("New York manque vraiment à ma sœur.", Outcome.PASS),
    ("New York manque énormément à ma soeur.", Outcome.PASS),
    ("New York lui manque vraiment, à ma sœur.", Outcome.PASS),
    ("New York manquera beaucoup à ma frangine.", Outcome.PASS),
    ("Ma sœur manque vraiment de New York.", Outcome.FAIL),
    ("Ma sœur est vraiment absente de New York.", Outcome.FAIL),
    ("Ma sœur a vraiment manqué New York.", Outcome.FAIL),
    ("Ma sœur s'absente vraiment de New York.", Outcome.FAIL),
])
def test_noun_phrase_experiencer(output: str, expected: Outcome) -> None:
    assert outcome(SISTER, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("Ce qui lui manque le plus est son chien.", Outcome.PASS),
    ("C'est son chien qui lui manque le plus.", Outcome.PASS),
    ("Son chien lui manque plus que tout.", Outcome.PASS),
    ("Ce qu’il regrette le plus, c’est son chien.", Outcome.PASS),
    ("Ce qui manque le plus à son chien, c'est lui.", Outcome.FAIL),
    ("Ce qu'il rate le plus, c'est son chien.", Outcome.FAIL),
    ("Ce dont il manque le plus, c'est son chien.", Outcome.FAIL),
    ("Il manque surtout son chien.", Outcome.FAIL),
    ("Ce qui manque le plus, c'est son chien.", Outcome.FAIL),  # the experiencer is lost
    ("Ce qu'il lui manque le plus, c'est son chien.", Outcome.PASS),  # impersonal il, dative lui
    ("Il lui manque surtout son chien.", Outcome.PASS),
])
def test_pronoun_experiencer(output: str, expected: Outcome) -> None:
    assert outcome(HE, output) is expected


@pytest.mark.parametrize(("params", "output"), [
    (MARY, "Mary pense beaucoup à Jim."),  # another verb
    (SISTER, "Le manque de New York pèse à ma sœur."),  # manque as a noun
    (MARY, "Jim manque cruellement, dit Mary."),  # no dative, but the experiencer is there
])
def test_other_constructions_are_left_to_a_human(params: Mapping[str, object], output: str) -> None:
    assert outcome(params, output) is Outcome.UNDECIDED


def test_empty_output_is_not_applicable() -> None:
    assert outcome(MARY, "") is Outcome.NA


def test_reasons_name_the_roles() -> None:
    failed = CHECKER.check(item=french(**MARY), output="Marie manque cruellement à Jim.")
    assert "'marie'" in failed.reason and "subject" in failed.reason and "experiencer" in failed.reason
    passed = CHECKER.check(item=french(**SISTER), output="New York manque vraiment à ma sœur.")
    assert "à ma sœur" in passed.reason and "'new york'" in passed.reason


@pytest.mark.parametrize("params", [
    {"experiencer": ["Mary"]},
    {"theme": ["Jim"]},
    {"experiencer": [], "theme": ["Jim"]},
    {"experiencer": "Mary", "theme": ["Jim"]},
    {"experiencer": ["Mary"], "theme": ["Jim"], "verb": []},
    {"experiencer": ["Mary"], "theme": ["Jim"], "misreadings": "rater"},
    {"experiencer": ["Mary"], "theme": ["Jim"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object]) -> None:
    with pytest.raises(ValueError):
        ArgumentSwitchChecker.parse_params(params)


COUSIN = {**MISS, "experiencer": ["cousin"], "theme": ["Lyon"]}
PAUL = {**MISS, "experiencer": ["Paul"], "theme": ["Léa"]}


@pytest.mark.parametrize(("params", "output", "expected"), [
    (COUSIN, "Mon cousin a la nostalgie de Lyon.", Outcome.PASS),
    (PAUL, "Paul ressent cruellement l'absence de Léa.", Outcome.PASS),
    (PAUL, "Paul souffre du manque de Léa.", Outcome.PASS),
    (PAUL, "Léa souffre de l'absence de Paul.", Outcome.FAIL),  # the roles swapped
    (PAUL, "Paul parle de l'absence de son frère.", Outcome.UNDECIDED),  # the theme is not the complement
])
def test_a_noun_of_lack_or_longing_with_the_theme_as_complement(params: Mapping[str, object], output: str,
                                                               expected: Outcome) -> None:
    assert outcome(params, output) is expected


# -- the arguments must be the source's (issue 23, 5) -------------------------------------------------

@pytest.mark.parametrize(("params", "output"), [
    (MARY, "Le soleil me manque beaucoup en hiver."),       # both arguments another's
    (MARY, "La mer manque beaucoup à Mary."),               # a noun phrase for the name Jim
    (MARY, "Jim te manque cruellement."),                   # a 2nd person dative for Mary
    (HE, "Son chien me manque le plus."),                   # a 1st person dative for 'he'
    (SISTER, "Je manque vraiment à ma sœur."),              # a 1st person subject for New York
])
def test_the_construction_with_other_arguments_fails(params: Mapping[str, object], output: str) -> None:
    verdict = CHECKER.check(item=french(**params), output=output)
    assert verdict.outcome is Outcome.FAIL and "other arguments than the source's" in verdict.reason


@pytest.mark.parametrize(("params", "output", "expected"), [
    (MARY, "Il lui manque cruellement.", Outcome.PASS),                 # pronouns of the right person
    (SISTER, "Elle lui manque vraiment.", Outcome.PASS),
    (HE, "Tout lui manque, surtout son chien.", Outcome.PASS),          # an indefinite
    (HE, "Son fidèle chien lui manque le plus.", Outcome.PASS),
    (HE, "Son compagnon à quatre pattes lui manque le plus.", Outcome.UNDECIDED),  # a synonym of chien?
])
def test_pronouns_of_the_right_person_pass_and_synonyms_of_a_noun_are_left_to_a_human(
        params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


# -- version 5 (issue 36): the arguments go through the shared participant check -------------------------------

@pytest.mark.parametrize(("params", "source", "output", "expected"), [
    # a pronoun of another gender for a role the item names by a gendered pronoun
    ({**MISS, "experiencer": ["Mary", "elle", "lui"], "theme": ["il", "Jim"]}, "Mary misses him.",
     "Elle lui manque beaucoup.", Outcome.FAIL),
    ({**MISS, "experiencer": ["Mary", "elle", "lui"], "theme": ["il", "Jim"]}, "Mary misses him.",
     "Il lui manque beaucoup.", Outcome.PASS),
    # a noun phrase the core lexicon links to the source (*dog*: *chien*, *toutou*) may hold the role
    ({**MISS, "experiencer": ["il", "lui"], "theme": ["chien"]}, "He misses his dog the most.",
     "Son toutou lui manque le plus.", Outcome.PASS),
    # a noun phrase linked to nothing of the item: a synonym, or another thing? Left to a human
    ({**MISS, "experiencer": ["je", "me", "moi"], "theme": ["mer"]}, "I miss the sea.",
     "Le soleil me manque beaucoup.", Outcome.UNDECIDED),
])
def test_the_arguments_go_through_the_shared_participant_check(params: Mapping[str, object], source: str,
                                                                output: str, expected: Outcome) -> None:
    verdict = CHECKER.check(item=item(source, ("(reference)",), checker="argument_switch", params=params),
                            output=output)
    assert verdict.outcome is expected, verdict.reason
