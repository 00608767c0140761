"""Hooks: another plugin adds a checker family and a system kind."""
from __future__ import annotations

import textwrap

import pytest

CONFTEST = '''
from dataclasses import dataclass

from pytest_mtchallenge.checkers import Checker, FamilyParams
from pytest_mtchallenge.systems import System, Translations
from pytest_mtchallenge.verdict import Verdict


@dataclass(frozen=True, slots=True)
class LengthParams(FamilyParams):
    max_words: int

    @classmethod
    def parse(cls, params):
        if not isinstance(params.get("max_words"), int):
            raise ValueError("max_words must be a whole number")
        return cls(params["max_words"])


class LengthChecker(Checker):
    name = "length"
    Params = LengthParams

    def check(self, *, item, output, context=()):
        n = len(output.split())
        most = LengthParams.of(item).max_words
        if n <= most:
            return Verdict.passed(f"{n} words")
        return Verdict.failed(f"{n} words, more than {most}")


class ShoutSystem(System):
    kind = "shout"
    needs_argument = False

    def translate(self, *, suite, items, on_batch=None):
        return Translations.aligned(items, [i.source.upper() for i in items], origin="shout")


def pytest_mtchallenge_checkers():
    return {"length": LengthChecker}


def pytest_mtchallenge_system_kinds():
    return {"shout": ShoutSystem}


REPORTED = []


def pytest_mtchallenge_report(runs):
    REPORTED.extend(runs)
    print("REPORTED", [(r.system, r.overall.counts["pass"]) for r in runs])
'''

SUITE = """\
name: plugged
title: Plugged
citation: us
source_language: en
target_language: en
categories:
- id: c
  title: C
  subcategories:
  - id: L
    title: Length
    question: Is it short?
    checker: length
    items:
    - {id: L1, source: one two, reference: one two, params: {max_words: 2}}
    - {id: L2, source: one two three, reference: one two three, params: {max_words: 2}}
"""


def test_a_plugin_adds_a_checker_family_and_a_system_kind(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    (pytester.path / "plugged").mkdir()
    (pytester.path / "plugged" / "suite.yaml").write_text(textwrap.dedent(SUITE))
    result = pytester.runpytest("plugged", "--mt-system=shout", "-s", "--tb=short")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*3 words, more than 2*"])
    result.stdout.fnmatch_lines(["*REPORTED [[]('shout', 1)[]]"])


def test_a_plugin_cannot_replace_a_builtin_family(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST.replace('{"length": LengthChecker}', '{"regex": LengthChecker}'))
    (pytester.path / "plugged").mkdir()
    (pytester.path / "plugged" / "suite.yaml").write_text(textwrap.dedent(SUITE))
    result = pytester.runpytest("plugged", "--mt-system=shout")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*two checker families are registered under the name 'regex'*"])
