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
    return load_suite(path, checkers=checkers, validate_params=lambda name, params: checkers[name].parse_params(params))


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


def test_a_key_given_twice_is_an_error_naming_file_line_and_key(tmp_path: Path) -> None:
    message = error_of(tmp_path, MINIMAL.replace("      reference: Pleut-il ?\n",
                                                 "      reference: Pleut-il ?\n      reference: Il pleut ?\n"))
    assert "suite.yaml:19" in message and "'reference'" in message and "twice" in message


def test_a_top_level_key_given_twice_is_an_error_too(tmp_path: Path) -> None:
    message = error_of(tmp_path, MINIMAL.replace("name: mini\n", "name: mini\nname: other\n"))
    assert "suite.yaml:3" in message and "'name'" in message


@pytest.mark.parametrize(("written", "read"), [("1.10", "1.10"), ("010", "010"), ("1e3", "1e3"), ("yes", "yes"),
                                              ("2026-01-31", "2026-01-31"), ("0x1F", "0x1F")])
def test_ids_are_read_as_written(tmp_path: Path, written: str, read: str) -> None:
    suite = load(write_suite(tmp_path, MINIMAL.replace("id: Q1a", f"id: {written}").replace("id: Q1\n", f"id: {written}x\n")))
    assert suite.items[0].id == read
    assert suite.subcategories[f"{read}x"].item_ids[0] == read


def test_ids_as_written_tell_apart_items_that_numbers_would_merge(tmp_path: Path) -> None:
    suite = load(write_suite(tmp_path, MINIMAL.replace("id: Q1a", "id: 1.1").replace("id: Q1b", "id: 1.10")))
    assert [item.id for item in suite.items] == ["1.1", "1.10"]


def test_recorded_outputs_and_verdicts_use_ids_as_written(tmp_path: Path) -> None:
    write_suite(tmp_path, MINIMAL.replace("id: Q1a", "id: 010"))
    (tmp_path / "systems").mkdir()
    (tmp_path / "systems" / "sys.yaml").write_text("name: sys\noutputs:\n  010: Pleut-il ?\n")
    (tmp_path / "verdicts.yaml").write_text(
        "verdicts:\n- {item: 010, output: Pleut-il ?, verdict: yes, annotators: {yes: 3, no: 0, na: 1}}\n")
    suite = load(tmp_path / "suite.yaml")
    assert dict(suite.systems["sys"].outputs) == {"010": "Pleut-il ?"}
    assert suite.verdicts[0].item == "010" and suite.verdicts[0].verdict == "yes"
    assert dict(suite.verdicts[0].annotators) == {"yes": 3, "no": 0, "na": 1}


def test_checker_parameters_keep_their_yaml_types(tmp_path: Path) -> None:
    text = MINIMAL.replace("checker: human", "checker: regex\n    params: {positive: '1.10', ignore_case: no, x: 1.10}")
    with pytest.raises(SuiteError, match="unknown parameter 'x'"):
        load(write_suite(tmp_path, text))
    suite = load(write_suite(tmp_path, text.replace(", x: 1.10", "")))
    assert dict(suite.item("Q1a").params) == {"positive": "1.10", "ignore_case": False}


def test_the_human_family_takes_no_parameters(tmp_path: Path) -> None:
    message = error_of(tmp_path, MINIMAL.replace("      reference: Pleut-il ?",
                                                 "      reference: Pleut-il ?\n      params: {positive: oui}"))
    assert "item Q1a" in message and "field 'params'" in message and "takes no parameters" in message


def test_deep_nesting_is_refused_before_parsing(tmp_path: Path) -> None:
    message = error_of(tmp_path, "[" * 50_000 + "]" * 50_000)
    assert "suite.yaml:1" in message and "nested deeper than 100 levels" in message
    message = error_of(tmp_path, MINIMAL + "    - " * 3 + "- " * 200 + "x\n")
    assert "nested deeper" in message


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mtchallenge import files

    monkeypatch.setattr(files, "MAX_FILE_BYTES", 100)
    message = error_of(tmp_path, MINIMAL)
    assert "suite.yaml" in message and "larger than" in message


def test_a_huge_number_in_parameters_is_a_one_line_error(tmp_path: Path) -> None:
    text = MINIMAL.replace("      reference: Pleut-il ?", "      reference: Pleut-il ?\n      params: {n: " + "9" * 5000 + "}")
    message = error_of(tmp_path, text)
    assert "suite.yaml" in message and "invalid YAML" in message
