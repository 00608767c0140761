"""'Did you mean …?' for mistyped names."""
from __future__ import annotations

from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats import load_any_suite, resolve_suite
from pytest_mtchallenge.text.suggest import close_names, did_you_mean
from pytest_mtchallenge.systems import SystemOptions, builtin_system_kinds, parse_system_spec
from tests.suites import write_suite


@pytest.mark.parametrize(("typed", "known", "expected"), [
    ("agrement", ["agreement", "regex", "human"], ["agreement"]),
    ("s1", ["S1", "S10", "S2"], ["S1"]),                       # only the case differs
    ("opneai", ["openai", "deepl", "http"], ["openai"]),
    ("google", ["google-2016", "nmt", "pbmt-1"], ["google-2016"]),
    ("zzz", ["S1", "agreement"], []),
])
def test_close_names(typed: str, known: list[str], expected: list[str]) -> None:
    assert close_names(typed, known) == expected


def test_nothing_close_says_nothing() -> None:
    assert did_you_mean("xyz", ["agreement"]) == ""
    assert did_you_mean("agreemnt", ["agreement"]) == "did you mean 'agreement'?"


def test_a_misspelt_suite_name(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match=r"no such file: did you mean 'isabelle2017-en-fr'"):
        resolve_suite("isabelle2017-en-f", rootdir=tmp_path)


def test_a_misspelt_system_kind() -> None:
    with pytest.raises(ValueError, match=r"unknown system kind 'opneai' in --mt-system='opneai:m': "
                                         r"did you mean 'openai'\? \(known kinds: "):
        parse_system_spec("opneai:m", builtin_system_kinds(), SystemOptions(rootdir=Path(".")))


CAT = [{"id": "S1a", "source": "The cat sleeps.", "reference": "Le chat dort."}]


def test_a_misspelt_checker_is_named_with_the_closest_family(tmp_path: Path) -> None:
    path = write_suite(tmp_path, CAT, checker="agrement", params={})
    with pytest.raises(SuiteError, match=r"unknown checker 'agrement': did you mean 'agreement'\? \(known: "):
        load_any_suite(path, checkers=builtin_checkers())


def test_a_checker_for_another_language_names_the_language_neutral_families(tmp_path: Path) -> None:
    path = write_suite(tmp_path, CAT, target_language="de", checker="mood", params={})
    with pytest.raises(SuiteError) as raised:
        load_any_suite(path, checkers=builtin_checkers())
    message = raised.value.one_line()
    assert "checker 'mood' judges outputs in fr, but the suite's target language is 'de'" in message
    assert "families for any language: " in message and "regex" in message and "human" in message
