"""Loading suites: the bundled English–French suite and one-line errors for malformed files."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats import bundled_suites, resolve_suite
from pytest_mtchallenge.formats.yaml import load_suite

MINIMAL = """\
format: mtchallenge-suite/1
name: mini
title: A minimal suite
citation: Nobody (2026)
source_language: en
target_language: fr
categories:
- id: syntax
  title: Syntax
  subcategories:
  - id: Q1
    title: Questions
    question: Is the question a question?
    checker: human
    items:
    - id: Q1a
      source: Is it raining?
      reference: Pleut-il ?
    - id: Q1b
      source: Have you eaten?
      references: [As-tu mangé ?, Avez-vous mangé ?]
      locus: [As-tu]
"""


def write_suite(tmp_path: Path, text: str = MINIMAL) -> Path:
    path = tmp_path / "suite.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def load(path: Path):  # type: ignore[no-untyped-def]
    checkers = builtin_checkers()
    return load_suite(path, checkers=checkers, validate_params=lambda name, params: checkers[name].validate(params))


def test_bundled_suite_is_found_by_name() -> None:
    assert "isabelle2017-en-fr" in bundled_suites()
    assert resolve_suite("isabelle2017-en-fr").name == "suite.yaml"


def test_bundled_suite_has_108_items_in_26_subcategories_and_3_categories() -> None:
    suite = load(bundled_suites()["isabelle2017-en-fr"])
    assert len(suite.items) == 108
    assert len(suite.subcategories) == 26
    assert [c.id for c in suite.categories] == ["morpho_syntactic", "lexico_syntactic", "syntactic"]
    assert set(suite.systems) == {"pbmt-1", "nmt", "google-2016"}
    assert all(len(s.outputs) == 108 for s in suite.systems.values())
    assert len(suite.verdicts) == 324
    assert all(item.locus for item in suite.items)
    assert suite.item("S25a").reference == "Il s'est lavé les mains."
    assert "corrected" in suite.item("S25a").notes


@pytest.mark.parametrize(("system", "passes"), [("google-2016", 72), ("nmt", 54), ("pbmt-1", 32)])
def test_recorded_majority_verdicts_match_the_paper(system: str, passes: int) -> None:
    suite = load(bundled_suites()["isabelle2017-en-fr"])
    yes = [v for v in suite.verdicts if v.system == system and v.verdict == "yes"]
    assert len(yes) == passes


def test_minimal_suite_loads_with_several_references(tmp_path: Path) -> None:
    suite = load(write_suite(tmp_path))
    assert suite.item("Q1b").references == ("As-tu mangé ?", "Avez-vous mangé ?")
    assert suite.item("Q1a").question == "Is the question a question?"
    assert suite.systems == {} and suite.verdicts == ()


def error_of(tmp_path: Path, text: str) -> str:
    with pytest.raises(SuiteError) as info:
        load(write_suite(tmp_path, text))
    message = str(info.value)
    assert "\n" not in message
    return message


def test_invalid_yaml_names_file_and_line(tmp_path: Path) -> None:
    message = error_of(tmp_path, MINIMAL + "  - id: [unclosed\n")
    assert "suite.yaml:" in message and "invalid YAML" in message


def test_missing_field_names_item_and_field(tmp_path: Path) -> None:
    message = error_of(tmp_path, MINIMAL.replace("      source: Is it raining?\n", ""))
    assert "item Q1a" in message and "field 'source'" in message and "missing" in message


def test_unknown_checker_lists_known_ones(tmp_path: Path) -> None:
    message = error_of(tmp_path, MINIMAL.replace("checker: human", "checker: telepathy"))
    assert "unknown checker 'telepathy'" in message and "agreement" in message and "regex" in message


def test_duplicate_item_id(tmp_path: Path) -> None:
    message = error_of(tmp_path, MINIMAL.replace("id: Q1b", "id: Q1a"))
    assert "item Q1a" in message and "duplicate item id" in message


def test_unknown_field_is_a_typo_not_ignored(tmp_path: Path) -> None:
    message = error_of(tmp_path, MINIMAL.replace("      reference: Pleut-il ?", "      refrence: Pleut-il ?"))
    assert "field 'refrence'" in message and "unknown field" in message


def test_locus_must_occur_in_a_reference(tmp_path: Path) -> None:
    message = error_of(tmp_path, MINIMAL.replace("locus: [As-tu]", "locus: [Es-tu]"))
    assert "item Q1b" in message and "field 'locus'" in message


def test_invalid_checker_parameters_name_the_item(tmp_path: Path) -> None:
    text = MINIMAL.replace("checker: human", "checker: regex").replace(
        "      reference: Pleut-il ?", "      reference: Pleut-il ?\n      params: {positive: '(unclosed'}")
    message = error_of(tmp_path, text)
    assert "item Q1a" in message and "field 'params'" in message and "does not compile" in message


def test_verdict_file_errors_name_item_and_field(tmp_path: Path) -> None:
    write_suite(tmp_path)
    (tmp_path / "verdicts.yaml").write_text("verdicts:\n- item: Q1a\n  output: Pleut-il ?\n  verdict: maybe\n")
    message = error_of(tmp_path, MINIMAL)
    assert "verdicts.yaml" in message and "item Q1a" in message and "verdict" in message and "maybe" in message


def test_unquoted_yaml_yes_no_are_read_as_verdicts(tmp_path: Path) -> None:
    write_suite(tmp_path)
    (tmp_path / "verdicts.yaml").write_text(
        "verdicts:\n- {item: Q1a, output: Pleut-il ?, verdict: yes}\n- {item: Q1a, output: Il pleut ?, verdict: no}\n")
    suite = load(tmp_path / "suite.yaml")
    assert [v.verdict for v in suite.verdicts] == ["yes", "no"]


def test_recorded_system_with_unknown_item(tmp_path: Path) -> None:
    write_suite(tmp_path)
    (tmp_path / "systems").mkdir()
    (tmp_path / "systems" / "sys.yaml").write_text("name: sys\noutputs:\n  Q9: Bonjour\n")
    message = error_of(tmp_path, MINIMAL)
    assert "sys.yaml" in message and "item Q9" in message and "outputs" in message


def test_unknown_suite_name_lists_bundled_suites() -> None:
    with pytest.raises(SuiteError, match="isabelle2017-en-fr"):
        resolve_suite("no-such-suite")
