"""The ``en_negation`` family on hand-written English variants of its items (none of them a recorded output)."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.negation import EnglishNegationChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.checkers.suite_items import family_items
from tests.items import item

CHECKER = EnglishNegationChecker()
#: The family's items, as the suite defines them.
ITEMS = family_items("en_negation")


def loaded(item_id: str) -> ChallengeItem:
    return ITEMS[item_id]


def outcome(item_id: str, output: str) -> Outcome:
    return CHECKER.check(item=loaded(item_id), output=output).outcome


#: Variants written by hand (correct ones pass, wrong ones fail); UNDECIDED lists those the family defers.
VARIANTS: list[tuple[str, Outcome, list[str]]] = [
    ("NE1", Outcome.PASS, ["I'm afraid Max is coming to see us.", "I fear that Max will come to see us.",
                            "I am afraid that Max may come to see us.", "I fear Max might come and see us.",
                            "I'm worried that Max will come to visit us.", "I fear Max is coming to visit us.",
                            "I'm afraid Max will come see us.", "I fear that Max comes to see us.",
                            "I fear that Max may come and see us.", "I'm afraid that Max is coming to see us.",
                            "I fear Max will come to see us.", "I'm afraid Max will visit us.",
                            "I'm scared Max is going to come and see us.", "I fear that Max might visit us."]),
    ("NE1", Outcome.FAIL, ["I'm afraid Max won't come to see us.", "I fear that Max will not come to see us.",
                            "I fear Max does not come to see us.", "I'm afraid that Max isn't coming to see us.",
                            "I fear Max may not come to visit us.", "I am afraid Max will never come to see us.",
                            "I'm afraid Max doesn't come and see us.", "I fear that Max not come to see us.",
                            "I fear that Max won't come and see us.", "I'm afraid Max is not coming to see us.",
                            "I am afraid Max will not visit us.", "I fear Max isn't coming to visit us.",
                            "I fear that Max doesn't come to see us.",
                            "I'm afraid that Max might not come to see us."]),
    ("NE2", Outcome.PASS, ["Max does not understand this idea at all.", "Max doesn't understand this idea at all.",
                            "Max does not at all understand this idea.", "Max in no way understands this idea.",
                            "Max by no means understands this idea.",
                            "Max doesn't understand that idea in the slightest.",
                            "Max does not understand this idea whatsoever.", "Max understands this idea not at all.",
                            "Max doesn't grasp this idea at all.", "Max does not understand that idea at all.",
                            "Max does not comprehend this idea at all.",
                            "Max has no understanding of this idea at all.",
                            "Max doesn't understand this idea in the least.", "Max doesn't get this idea at all.",
                            "Max has not understood this idea at all."]),
    ("NE2", Outcome.FAIL, ["Max does not understand this idea.", "Max doesn't understand that idea.",
                            "Max understands this idea at all.", "Max does not understand this idea nullement.",
                            "Max understands this idea.", "Max doesn't really understand this idea.",
                            "Max does not understand this idea either.",
                            "Max doesn't completely understand this idea.", "Max doesn't understand this idea.",
                            "Max does not understand this idea in any case.",
                            "Max doesn't quite understand this idea."]),
    # judged by hand: wrong, correct
    ("NE2", Outcome.UNDECIDED, ["Max never understands this idea.", "Max understands nothing of this idea."]),
    ("DN1", Outcome.PASS, ["This politician is not able not to lie.", "This politician is unable not to lie.",
                            "This politician is not capable of not lying.",
                            "This politician is incapable of not lying.", "This politician cannot not lie.",
                            "This politician can't not lie.", "That politician is not able to not lie.",
                            "This politician isn't capable of not lying.", "This politician can't help lying.",
                            "This politician is not able to not lie.", "This politician cannot help but lie.",
                            "This politician is unable to not lie.", "This politician cannot refrain from lying.",
                            "This politician is not able to avoid lying.",
                            "This politician is not able to stop lying."]),
    ("DN1", Outcome.FAIL, ["This politician is not able to lie.", "This politician is not capable of lying.",
                            "This politician is able not to lie.", "This politician is unable to lie.",
                            "This politician cannot lie.", "This politician is capable of not lying.",
                            "This politician is incapable of lying.", "This politician is not unable not to lie.",
                            "This politician can not lie.", "This politician isn't able to lie.",
                            "This politician is unable to tell lies.", "This politician is able to not lie."]),
    ("DN2", Outcome.PASS, ["It is the doctor of whom it is impossible that you have not heard.",
                            "This is the doctor you can't not have heard of.",
                            "It's the doctor of whom it is impossible that you haven't heard.",
                            "It is the doctor whom it is impossible you have not heard of.",
                            "He is the doctor you cannot have not heard about.",
                            "It is the doctor it's impossible you haven't heard of.",
                            "This is the doctor that you cannot possibly not have heard of.",
                            "It's the doctor you must have heard of.",
                            "It is the doctor of whom it is impossible you haven't heard.",
                            "He's the doctor you can't not have heard of.",
                            "This is the doctor whom you cannot not have heard of.",
                            "It's the doctor that it's impossible you have not heard of.",
                            "It is the doctor about whom it is impossible that you have not heard.",
                            "It's the doctor you surely have heard of."]),
    ("DN2", Outcome.FAIL, ["It is the doctor of whom it is impossible that you have heard.",
                            "This is the doctor you can't have heard of.",
                            "It is the doctor whom it is possible that you have not heard of.",
                            "It's the doctor you couldn't have heard of.",
                            "This is the doctor that you can't have heard about.",
                            "It's the doctor it's impossible you've heard of.",
                            "It is the doctor of whom it is not impossible that you have not heard.",
                            "It is the doctor of whom it is impossible that you heard.",
                            "It's the doctor you can't have heard about.",
                            "It is the doctor whom it is impossible you have heard of.",
                            "It is the doctor of whom it is possible that you did not hear.",
                            "It is the doctor that you cannot have heard of.",
                            "It's the doctor whom it is impossible to have heard of."]),
    # judged by hand: wrong
    ("DN2", Outcome.UNDECIDED, ["It is the doctor whom you have not heard of."]),
]


@pytest.mark.parametrize(("item_id", "output", "expected"),
                         [(i, o, e) for i, e, outputs in VARIANTS for o in outputs])
def test_hand_written_variants(item_id: str, output: str, expected: Outcome) -> None:
    assert outcome(item_id, output) is expected


def test_reasons_name_the_negation_and_the_word_it_negates() -> None:
    expletive = CHECKER.check(item=loaded("NE1"), output="I'm afraid Max won't come to see us.")
    assert "'come' is negated by \"n't\"" in expletive.reason and "expletive" in expletive.reason
    weak = CHECKER.check(item=loaded("NE2"), output="Max does not understand this idea.")
    assert "without the intensifier" in weak.reason
    both = CHECKER.check(item=loaded("DN1"), output="This politician is not able not to lie.")
    assert both.outcome is Outcome.PASS and "'not' negates 'able'; 'not' negates 'lie'" in both.reason
    lost = CHECKER.check(item=loaded("DN1"), output="This politician is not able to lie.")
    assert "'lie' is not negated" in lost.reason
    extra = CHECKER.check(item=loaded("DN2"),
                          output="It is the doctor of whom it is not impossible that you have not heard.")
    assert "extra negation 'not'" in extra.reason


def test_a_single_english_negation_for_french_ne_personne() -> None:
    params = {"negations": [{"words": ["anybody", "anyone"], "negative": ["nobody", "no one", "none"]}]}
    nobody = item("Personne n'est venu.", ("Nobody came.",), checker="en_negation", params=params)
    EnglishNegationChecker.parse_params(params)
    assert CHECKER.check(item=nobody, output="Nobody came.").outcome is Outcome.PASS
    assert CHECKER.check(item=nobody, output="Nobody didn't come.").outcome is Outcome.FAIL
    assert CHECKER.check(item=nobody, output="Nobody ever came.").outcome is Outcome.PASS
    assert CHECKER.check(item=nobody, output="Anybody came.").outcome is Outcome.FAIL


@pytest.mark.parametrize(("item_id", "output"), [
    ("NE1", "I'm afraid that Max ne is coming to see us."),
    ("NE1", "I fear Max n'will come to visit us."),
    ("NE2", "Max understands jamais this idea."),
    ("NE2", "Max doesn't understand rien of this idea at all."),
    ("NE2", "Max does not understand plus this idea at all."),
    ("NE2", "Max has point understood this idea at all."),
    ("NE2", "Max ne understands nullement this idea."),
    ("DN1", "This politician is not able to not lie, jamais."),
    ("DN1", "This politician is not capable of ne pas lying."),
    ("DN2", "It is the doctor of whom it is impossible that you have never heard, personne."),
])
def test_a_french_negation_word_left_untranslated_fails(item_id: str, output: str) -> None:
    verdict = CHECKER.check(item=loaded(item_id), output=output)
    assert verdict.outcome is Outcome.FAIL and "left untranslated" in verdict.reason


@pytest.mark.parametrize(("item_id", "output"), [
    ("NE2", "Max does not understand this idea at all, plus it bores him."),  # English "plus": and also
    ("NE2", "Max doesn't see the point of this idea at all."),  # English "point": a noun
    ("DN1", "This politician, no faux pas aside, is not able not to lie."),
])
def test_english_plus_point_and_faux_pas_are_not_french_negation(item_id: str, output: str) -> None:
    assert "left untranslated" not in CHECKER.check(item=loaded(item_id), output=output).reason


def test_paraphrases_and_other_negations_are_left_to_a_human() -> None:
    assert outcome("NE2", "Max never understands this idea.") is Outcome.UNDECIDED
    assert outcome("NE2", "Max understands nothing of this idea.") is Outcome.UNDECIDED
    assert outcome("DN1", "This politician is incapable of telling the truth.") is Outcome.UNDECIDED
    assert outcome("NE1", "") is Outcome.NA


@pytest.mark.parametrize(("params", "message"), [
    ({}, "negations"),
    ({"negations": []}, "negations"),
    ({"negations": [{"negative": ["unable"]}]}, r"negations\[0\].words"),
    ({"negations": [{"words": ["able"], "negated": "no"}]}, r"negations\[0\].negated"),
    ({"negations": [{"words": ["=come"], "negated": False, "intensifiers": ["at all"]}]}, "negated: false"),
    ({"negations": [{"words": ["able"], "scope": "clause"}]}, "'scope'"),
    ({"negations": [{"words": ["(able"]}]}, "parenthesis"),
    ({"negations": [{"words": ["able"]}], "extra": "yes"}, "extra"),
    ({"negations": [{"words": ["able"]}], "equivalents": "can't help"}, "equivalents"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EnglishNegationChecker.parse_params(params)
