"""The en_anaphora family on hand-written English variants (none an MT output) of DiP's pronoun
errors: gender copy, named entity, language-specific ambiguity, dropped and restructured pronouns."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers.en.anaphora import AnaphoraChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = AnaphoraChecker()


def english(reference: str, **params: object) -> ChallengeItem:
    return item(references=(reference,), checker="en_anaphora", params=params, target_language="en")


# Table 17, "Gender Copy": Mir wurde diese Wohnung in Earls Court gezeigt, und sie hatte …
APARTMENT = english("I was shown this flat in Earls Court, and it had a garden.", antecedent="apartment",
                    pronouns=["it", "its"])
# Table 3: Der französische Busfahrer … Er werde im Laufe des Tages entlassen.
DRIVER = english("He will be released over the day.", antecedent="bus driver", pronouns=["he", "him", "his"])
# Table 17, "Named Entity": Lady Liberty … She is meant to be carrying the torch of Liberty.
LIBERTY = english("She is meant to be carrying the torch of Liberty.", antecedent="Lady Liberty",
                  pronouns=["she", "her", "hers", "herself"])
# Table 17, "Language Specific": Ihr Auftraggeber: Napoleon. (ihr → Karten, maps)
MAPS = english("Their commissioner: Napoleon.", antecedent="maps", pronouns=["their", "them", "they"])

SUITED = [
    (APARTMENT, "I was shown this apartment in Earls Court, and it had a balcony."),
    (APARTMENT, "They showed me this apartment in Earls Court and its kitchen was new."),
    (DRIVER, "He will be discharged in the course of the day."),
    (DRIVER, "The hospital will release him later today."),
    (LIBERTY, "She is supposed to carry the torch of freedom."),
    (LIBERTY, "Lady Liberty steps forward; her torch is meant to stand for freedom."),
    (MAPS, "Their client: Napoleon."),
    (MAPS, "They were commissioned by Napoleon."),
    (APARTMENT, "It seems that I was shown this apartment in Earls Court, and it had a garden."),
]

UNSUITED = [
    (APARTMENT, "I was shown this apartment in Earls Court, and she had a garden."),  # gender copy
    (APARTMENT, "I was shown this apartment in Earls Court and her rooms were large."),
    (DRIVER, "It will be released over the day."),  # Table 3's output
    (DRIVER, "She will be discharged during the day."),
    (LIBERTY, "It is meant to be carrying the torch of liberty."),  # Table 17's output
    (LIBERTY, "Its torch is meant to stand for freedom."),
    (MAPS, "Your contractor: Napoleon."),  # Table 17's output
    (MAPS, "Her client: Napoleon."),
    (DRIVER, "They will release it during the day."),
]


@pytest.mark.parametrize(("probe", "output"), SUITED)
def test_a_pronoun_that_suits_the_antecedent_passes(probe: ChallengeItem, output: str) -> None:
    verdict = CHECKER.check(item=probe, output=output)
    assert verdict.outcome is Outcome.PASS, verdict.reason


@pytest.mark.parametrize(("probe", "output"), UNSUITED)
def test_a_pronoun_that_does_not_suit_the_antecedent_fails(probe: ChallengeItem, output: str) -> None:
    verdict = CHECKER.check(item=probe, output=output)
    assert verdict.outcome is Outcome.FAIL, verdict.reason
    assert "does not suit" in verdict.reason


@pytest.mark.parametrize(("probe", "output"), [
    (DRIVER, "The driver will be released over the day."),  # the antecedent repeated
    (LIBERTY, "Lady Liberty steps forward, meant to carry the torch."),  # dropped
    (MAPS, "Commissioned by Napoleon."),
    (DRIVER, "Doctors say they will release the bus driver today."),  # restructured: they is someone else
])
def test_a_dropped_or_restructured_pronoun_is_na(probe: ChallengeItem, output: str) -> None:
    assert CHECKER.check(item=probe, output=output).outcome is Outcome.NA


def test_the_failure_names_the_features() -> None:
    verdict = CHECKER.check(item=APARTMENT, output="I was shown this apartment, and she had a garden.")
    assert verdict.reason == "'she' (3rd person feminine singular) does not suit 'apartment': expected 'it' / 'its'"


def test_expletive_it_is_not_the_rendering() -> None:
    verdict = CHECKER.check(item=DRIVER, output="It is likely that he will be released today.")
    assert verdict.outcome is Outcome.PASS


@pytest.mark.parametrize("params", [
    {"antecedent": "apartment"}, {"pronouns": ["it"]}, {"antecedent": "", "pronouns": ["it"]},
    {"antecedent": "apartment", "pronouns": ["I"]}, {"antecedent": "x", "pronouns": "it"},
    {"antecedent": "x", "pronouns": ["it"], "gender": "n"},
])
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        AnaphoraChecker.parse_params(params)
