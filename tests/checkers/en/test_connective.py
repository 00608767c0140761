"""The connective family on hand-written English variants (none an MT output), the Figure 4 and
Table 17 examples of DiP (which have no source), and the position rules of ambiguous connectives."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers.en.connective import ANY_NO, ANY_YES, ConnectiveChecker
from pytest_mtchallenge.languages.en.connectives import CONNECTIVES, USES, find_connectives
from pytest_mtchallenge.languages.en.reader import tokenize
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = ConnectiveChecker()


def english(reference: str, **params: object) -> ChallengeItem:
    return item(references=(reference,), checker="connective", params=params, target_language="en")


# Table 17 ("Omission", "Synonym", "Mistranslation") and Figure 4 of DiP: references and the
# outputs or deleted-connective variants the paper prints.
AFTER = english("Two people died after driving their car into a tree.", connective="after")
ALSO = english("Naldo is also a great athlete on the bench", connective="also")
STEPS_DOWN = english("GfK managing director steps down after disappointing figures", connective="after")
SO = english("\"I keep repeating song lyrics so I won't forget them,\" Karel admitted.")
WHEN = english("\"It just can't be true,\" sighed an SPD campaigner, when the bad news reached party headquarters "
               "on Friday afternoon.")
BUT = english("It is fast to go alone but it is further to go in crowds.", connective="but")
SINCE = english("The museum has been closed since the roof collapsed.", connective="since")
WHILE = english("She read the report while her colleague drove.", connective="while")

KEPT = [
    (AFTER, "Two people were killed after driving their car into a tree."),
    (ALSO, "Naldo is also a great sportsman on the bench."),
    (STEPS_DOWN, "The head of GfK resigns after disappointing business figures."),
    (SO, "\"I keep repeating the lyrics so I won't forget them,\" Karel admitted."),
    (WHEN, "\"This can't all be true,\" sighed an SPD campaigner when the bad news reached headquarters."),
    (BUT, "Alone you go fast, but together you go further."),
    (SINCE, "Since the roof collapsed, the museum has been closed."),
    (WHILE, "While her colleague was driving, she read the report."),
    (AFTER, "After crashing their car into a tree, two people died."),
]

LOST = [
    (AFTER, "Two people died driving their car against a tree."),  # Table 17, omission
    (ALSO, "Naldo's \"great sport\" on the bank, too."),  # Table 17, synonym
    (STEPS_DOWN, "Gfk's leadership departs from disappointing business figures"),  # Table 17, mistranslation
    (SO, "\"I keep repeating song lyrics I won't forget them,\" Karel admitted."),  # Figure 4a, deleted
    (WHEN, "\"This can't be all true,\" sighs a SPD-campaigner, on Friday morning, the new bad news reached the "
           "party headquarters."),  # Figure 4b, the system translation
    (BUT, "Walk alone fast, the crowd goes far."),
    (SINCE, "The museum has been closed since the collapse of the roof and the storm."),
    (WHILE, "She read the report for a while and her colleague drove."),
    (AFTER, "Two people died, and their car hit a tree."),
]


@pytest.mark.parametrize(("probe", "output"), KEPT)
def test_kept_connective_passes(probe: ChallengeItem, output: str) -> None:
    verdict = CHECKER.check(item=probe, output=output)
    assert verdict.outcome is Outcome.PASS, verdict.reason
    assert verdict.evidence[0] == ANY_YES


@pytest.mark.parametrize(("probe", "output"), LOST)
def test_lost_connective_fails(probe: ChallengeItem, output: str) -> None:
    verdict = CHECKER.check(item=probe, output=output)
    assert verdict.outcome is Outcome.FAIL, verdict.reason


@pytest.mark.parametrize(("probe", "output", "any_connective"), [
    (ALSO, "Naldo's \"great sport\" on the bank, too.", ANY_YES),
    (AFTER, "Two people died driving their car against a tree.", ANY_NO),
    (WHEN, "\"It can't be true,\" an SPD campaigner sighed; the bad news had reached headquarters.", ANY_NO),
    (STEPS_DOWN, "The GfK director steps down because the figures are disappointing.", ANY_YES),
    (AFTER, "Two people died and their car was wrecked.", ANY_YES),
])
def test_any_connective_is_recorded_in_the_evidence(probe: ChallengeItem, output: str, any_connective: str) -> None:
    verdict = CHECKER.check(item=probe, output=output)
    assert verdict.outcome is Outcome.FAIL
    assert verdict.evidence[0] == any_connective
    assert f"(ANY: {any_connective.rsplit(':', 1)[1]})" in verdict.reason


def test_the_reference_connective_is_found_when_not_named() -> None:
    assert CHECKER.check(item=SO, output=SO.reference).outcome is Outcome.PASS
    assert CHECKER.check(item=english("The house is old."), output="The house is old.").outcome is Outcome.UNDECIDED


def test_a_list_of_acceptable_connectives() -> None:
    probe = english("He left because he was tired.", connective=["because", "since", "as"])
    assert CHECKER.check(item=probe, output="He left as he was tired.").outcome is Outcome.PASS
    assert CHECKER.check(item=probe, output="He left as a tired man.").outcome is Outcome.FAIL


@pytest.mark.parametrize(("sentence", "connectives"), [
    ("bread and butter", []),
    ("He left and she stayed.", ["and"]),
    ("She works as a nurse.", []),
    ("As he was late, we left.", ["as"]),
    ("She has lived here since 2010.", []),
    ("She has been happy since she moved.", ["since"]),
    ("He waited for a while.", []),
    ("They asked if he was coming.", []),
    ("When did he arrive?", []),
    ("He is so tired.", []),
    ("He is still here.", []),
    ("Still, he went.", ["still"]),
    ("Because of the rain, we stayed.", []),
    ("However hard he tried, he failed.", []),
    ("He succeeded by working hard.", ["by"]),
    ("She came on the day after.", []),
    ("As a result, prices rose.", ["as a result"]),
    ("the then president", []),
])
def test_ambiguous_words_count_only_where_they_link_clauses(sentence: str, connectives: list[str]) -> None:
    assert [hit.connective for hit in find_connectives(tokenize(sentence)[0])] == connectives


def test_every_listed_connective_has_a_known_use() -> None:
    assert set(CONNECTIVES.values()) <= set(USES)
    assert {"and", "but", "also", "after", "when", "because", "while", "as", "since", "however"} <= set(CONNECTIVES)


def test_empty_output_is_na() -> None:
    assert CHECKER.check(item=AFTER, output="  ").outcome is Outcome.NA


@pytest.mark.parametrize("params", [{"connective": ""}, {"connective": []}, {"connective": 4}, {"word": "and"}])
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        ConnectiveChecker.parse_params(params)
