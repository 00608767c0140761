"""The regex family: TQ-AutoTest semantics over normalised outputs."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers.generic.regex import RegexChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item


def regex(**params: object) -> ChallengeItem:
    return item(checker="regex", params=params)


TAG = regex(positive=r"n'est-ce pas\s*\?", negative=[r"n'était-elle pas", r"ne l'a pas fait"])


@pytest.mark.parametrize(("output", "expected"), [
    ("Elle était parfaite ce soir, n'est-ce pas ?", Outcome.PASS),
    ("Elle était parfaite ce soir, n’est-ce pas ?", Outcome.PASS),  # typographic apostrophe
    ("Elle était parfaite ce soir, N'EST-CE PAS\u00a0?", Outcome.PASS),  # case, non-breaking space
    ("Elle était parfaite ce soir, n'était-elle pas ?", Outcome.FAIL),
    ("Elle était parfaite ce soir.", Outcome.UNDECIDED),
    ("Elle ne l'a pas fait, n'est-ce pas ?", Outcome.UNDECIDED),  # both
])
def test_positive_negative_semantics(output: str, expected: Outcome) -> None:
    assert RegexChecker().check(item=TAG, output=output).outcome is expected


def test_case_and_normalisation_can_be_turned_off() -> None:
    strict = regex(positive="Paris", ignore_case=False, normalise=False)
    assert RegexChecker().check(item=strict, output="paris").outcome is Outcome.UNDECIDED
    assert RegexChecker().check(item=strict, output="à Paris").outcome is Outcome.PASS


@pytest.mark.parametrize("params", [{}, {"positive": "("}, {"positive": 3}, {"positive": "a", "colour": 1}])
def test_invalid_parameters(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        RegexChecker.parse_params(params)


def test_a_pattern_past_its_time_bound_makes_the_item_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mtchallenge.text import regexes
    from pytest_mtchallenge.judge import Judge, JudgeMode

    monkeypatch.setattr(regexes, "MATCH_TIMEOUT", 0.05)
    slow = item(checker="regex", params={"positive": r"^(a|aa)+$", "negative": "jamais"}, id="R1", suite="test")
    judge = Judge(mode=JudgeMode.AUTO_HUMAN, languages=("en", "fr"), checkers={"regex": RegexChecker()})
    judgement = judge(slow, system="sys", output="a" * 40 + "!")
    assert judgement.outcome is Outcome.ERROR
    assert judgement.reason.startswith("suite test: item R1: field 'params.positive': the regular expression "
                                       "'^(a|aa)+$' ran longer than 0.05 s")


def test_nested_repeats_are_judged_without_hanging() -> None:
    words = regex(positive=r"^(\w+\s?)*$")  # backtracks exponentially in re on a long output ending in "!"
    output = "une sortie assez longue pour faire exploser la recherche avec beaucoup de mots ici et là !"
    assert RegexChecker().check(item=words, output=output).outcome is Outcome.UNDECIDED
    assert RegexChecker().check(item=words, output="une sortie sans ponctuation").outcome is Outcome.PASS


@pytest.mark.filterwarnings("ignore:Possible nested set:FutureWarning")
def test_patterns_keep_pythons_meaning() -> None:
    posix = regex(positive="[[:alpha:]]", normalise=False)  # for re: one of '[', ':', 'a', 'l', 'p', 'h', then ']'
    assert RegexChecker().check(item=posix, output="a").outcome is Outcome.UNDECIDED
    assert RegexChecker().check(item=posix, output="a]").outcome is Outcome.PASS
