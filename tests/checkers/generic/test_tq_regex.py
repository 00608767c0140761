"""The tq-regex family's parameters."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers.generic.tq_regex import TqRegexChecker
from tests.items import item


@pytest.mark.parametrize("params", [{"positive": 3}, {"pattern": "x"}])
def test_invalid_parameters(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        TqRegexChecker.parse_params(params)


def test_empty_patterns_are_allowed_as_upstream_leaves_them_empty() -> None:
    TqRegexChecker.parse_params({"positive": "", "negative": ""})


def test_a_catastrophic_pattern_is_an_error_naming_suite_item_and_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mtchallenge.text import regexes
    from pytest_mtchallenge.judge import Judge, JudgeMode
    from pytest_mtchallenge.verdict import Outcome

    monkeypatch.setattr(regexes, "MATCH_TIMEOUT", 0.05)
    catastrophic = item("x", (), checker="tq-regex", params={"positive": "(a|aa)+$", "negative": ""}, id="0001",
                        suite="de-en")
    judge = Judge(mode=JudgeMode.AUTO, languages=("de", "en"), checkers={"tq-regex": TqRegexChecker()})
    judgement = judge(catastrophic, system="sys", output="a" * 40 + "!")
    assert judgement.outcome is Outcome.ERROR and judgement.output == "a" * 40 + "!"
    assert "suite de-en: item 0001: field 'positive_regex': the regular expression '(a|aa)+$'" in judgement.reason
    # the nested repeat of the issue answers at once, as re would after hours: no match
    nested = item("x", (), checker="tq-regex", params={"positive": "(a+)+$", "negative": "!"}, id="0002", suite="de-en")
    assert TqRegexChecker().check(item=nested, output="a" * 34 + "!").outcome is Outcome.FAIL
