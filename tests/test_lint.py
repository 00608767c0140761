"""References judged by their own checkers: pytest_mtchallenge.judge.lint and ``mtchallenge check``."""
from __future__ import annotations

from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import Checker, builtin_checkers
from pytest_mtchallenge.cli import main
from pytest_mtchallenge.formats import bundled_suites, load_any_suite
from pytest_mtchallenge.judge.lint import check_references
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.verdict import Outcome
from test_suite import write_suite

#: T1b's pattern is escaped once too often: ``chat\\s`` looks for a backslash, and never matches.
LINTED = r"""
format: mtchallenge-suite/1
name: lint-demo
title: A suite to lint
citation: Nobody (2026)
source_language: en
target_language: fr
categories:
- id: syntax
  title: Syntax
  subcategories:
  - id: T1
    title: Tag questions
    question: Is the tag question rendered?
    checker: regex
    params: {positive: "n'est-ce pas"}
    items:
    - id: T1a
      source: She was perfect, wasn't she?
      reference: Elle était parfaite, n'est-ce pas ?
    - id: T1b
      source: The cat is on the chair.
      reference: Le chat est sur la chaise.
      params: {positive: 'chat\\s'}
    - id: T1c
      source: He was late, wasn't he?
      references:
      - Il était en retard, n'est-ce pas ?
      - Il était en retard, non ?
  - id: H1
    title: Idioms
    question: Is the idiom translated by its meaning?
    checker: human
    items:
    - id: H1a
      source: It is raining cats and dogs.
      reference: Il pleut des cordes.
"""


def load(path: Path) -> Suite:
    families = builtin_checkers()
    return load_any_suite(path, checkers=families, validate_params=lambda name, params: families[name].parse_params(params))


def checkers_of(suite: Suite) -> dict[str, Checker]:
    families = builtin_checkers()
    return {name: families[name]() for name in {item.checker for item in suite.items}}


def test_a_reference_its_checker_does_not_pass_is_named(tmp_path: Path) -> None:
    suite = load(write_suite(tmp_path, LINTED))
    checked = check_references(suite, checkers_of(suite))
    assert [(f.item, f.reference, f.outcome) for f in checked.findings] == [
        ("T1b", 1, Outcome.UNDECIDED), ("T1c", 2, Outcome.UNDECIDED)]
    assert checked.findings[0].describe() == (
        "the reference is left undecided by regex: neither an expected nor a known wrong rendering was found")
    assert checked.findings[1].describe().startswith("reference 2 of 2 is left undecided by regex: ")
    assert (checked.judged, checked.passed, checked.human, checked.ok) == (4, 2, 1, False)
    assert checked.summary() == ("lint-demo: 2 of 4 references pass; not checked: 1 item left to human verdicts "
                                 "(human family)")


def test_the_command_names_each_finding_in_one_line_and_exits_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    write_suite(tmp_path, LINTED)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "suite.yaml"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "suite.yaml: item T1b: the reference is left undecided by regex: neither an expected nor a known wrong "
        "rendering was found",
        "suite.yaml: item T1c: reference 2 of 2 is left undecided by regex: neither an expected nor a known wrong "
        "rendering was found",
        "lint-demo: 2 of 4 references pass; not checked: 1 item left to human verdicts (human family)",
    ]
    fixed = LINTED.replace(r"params: {positive: 'chat\\s'}", r"params: {positive: 'chat\s'}")
    fixed = fixed.replace("- Il était en retard, non ?", "- Il était en retard, n'est-ce pas ?")
    write_suite(tmp_path, fixed)
    assert main(["check", str(tmp_path)]) == 0
    assert capsys.readouterr().out == ("lint-demo: 4 of 4 references pass; not checked: 1 item left to human "
                                       "verdicts (human family)\n")


@pytest.mark.parametrize(("params", "message"), [
    ("{positiv: 'chat'}", "unknown parameter 'positiv'"),
    ("{positive: '(chat'}", "pattern '(chat' does not compile"),
])
def test_a_suite_with_wrong_parameters_is_one_line_and_exit_2(tmp_path: Path, params: str, message: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = write_suite(tmp_path, LINTED.replace(r"{positive: 'chat\\s'}", params))
    assert main(["check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"mtchallenge: {path}: item T1b: field 'params': invalid parameters for checker "
                                   "'regex': ")
    assert message in captured.err


#: What the bundled suites' own checkers say of their references. Cinková & Bojar's CN2 keeps the
#: paper's example (12), a finite clause, as its second reference: its note says the family judges
#: it Bad by design ("not the most straightforward rendering"), so the check names it.
BUNDLED_FINDINGS = {
    "isabelle2017-en-fr": [],
    "isabelle-kuhn2018-fr-en": [],
    "cinkova-bojar2018-en-cs": [("CN2", 2, Outcome.FAIL)],
}


@pytest.mark.parametrize("name", sorted(BUNDLED_FINDINGS))
def test_the_bundled_suites_references_pass_their_checkers(name: str) -> None:
    suite = load(bundled_suites()[name])
    checked = check_references(suite, checkers_of(suite))
    assert [(f.item, f.reference, f.outcome) for f in checked.findings] == BUNDLED_FINDINGS[name], [
        f.describe() for f in checked.findings]
    assert checked.judged == sum(len(item.references) for item in suite.items)


def test_a_bundled_suite_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "isabelle2017-en-fr"]) == 0
    assert capsys.readouterr().out == "isabelle2017-en-fr: 108 of 108 references pass\n"
