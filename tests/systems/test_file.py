"""Tests of the ``file:PATH`` system: outputs read from a JSONL, WinoMT (``english ||| translation``) or plain-text file."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, Translations, builtin_system_kinds, parse_system_spec
from tests.systems.translations import assert_all_failed

OUTPUTS = {"s1": "Je veux qu\u2019il vienne.", "s2": "Il faut qu'elle part.", "p1": "Les chevals courent."}


def translate(suite: Suite, path: Path, lines: list[str]) -> Translations:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    system = parse_system_spec(f"file:{path.name}", builtin_system_kinds(), SystemOptions(rootdir=path.parent))
    return system.translate(suite=suite, items=suite.items)


def jsonl(**outputs: str) -> list[str]:
    return [json.dumps({"id": item_id, "output": output}, ensure_ascii=False) for item_id, output in outputs.items()]


# -- JSONL ----------------------------------------------------------------------------------

def test_jsonl_outputs_are_read_by_id(suite: Suite, tmp_path: Path) -> None:
    lines = jsonl(p1=OUTPUTS["p1"], s1=OUTPUTS["s1"], s2=OUTPUTS["s2"])
    translations = translate(suite, tmp_path / "deepl.jsonl", ["", *lines])
    assert dict(translations.outputs) == OUTPUTS
    assert not translations.errors and not translations.problems


def test_the_file_stem_names_the_system(tmp_path: Path) -> None:
    system = parse_system_spec("file:runs/deepl.jsonl", builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    assert system.name == "deepl"


def test_jsonl_missing_item_errors_alone(suite: Suite, tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    translations = translate(suite, path, jsonl(s1=OUTPUTS["s1"], s2=OUTPUTS["s2"]))
    assert dict(translations.outputs) == {"s1": OUTPUTS["s1"], "s2": OUTPUTS["s2"]}
    assert list(translations.errors) == ["p1"]
    assert translations.errors["p1"] == f"{path}: no line has this item's id"  # one reason for all missing ids


def test_jsonl_unknown_item_is_a_problem_naming_line_item_and_field(suite: Suite, tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    translations = translate(suite, path, [*jsonl(**OUTPUTS), *jsonl(zz="Une phrase en trop.")])
    assert dict(translations.outputs) == OUTPUTS
    assert not translations.errors
    (problem,) = translations.problems
    assert f"{path}:4" in problem
    assert "item zz" in problem and "field 'id'" in problem and "tiny" in problem


def test_jsonl_lines_of_another_suite_are_skipped(suite: Suite, tmp_path: Path) -> None:
    other = json.dumps({"suite": "other", "id": "x9", "output": "Autre."})
    translations = translate(suite, tmp_path / "out.jsonl", [other, *jsonl(**OUTPUTS)])
    assert dict(translations.outputs) == OUTPUTS
    assert not translations.problems


def test_jsonl_invalid_line_fails_every_item_naming_file_and_line(suite: Suite, tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    lines = jsonl(**OUTPUTS)
    lines[1] = lines[1][:-1]  # unterminated object
    translations = translate(suite, path, lines)
    assert_all_failed(suite, translations, f"{path}:2", "invalid JSON")
    assert translations.problems


def test_jsonl_missing_output_field_names_item_and_field(suite: Suite, tmp_path: Path) -> None:
    lines = [*jsonl(s1=OUTPUTS["s1"]), json.dumps({"id": "s2", "translation": OUTPUTS["s2"]}), *jsonl(p1=OUTPUTS["p1"])]
    translations = translate(suite, tmp_path / "out.jsonl", lines)
    assert_all_failed(suite, translations, "out.jsonl:2", "item s2", "field 'output'")


def test_jsonl_output_may_contain_unicode_line_separators(suite: Suite, tmp_path: Path) -> None:
    outputs = {**OUTPUTS, "s2": "Il faut\u2028qu'elle parte\u0085."}
    translations = translate(suite, tmp_path / "out.jsonl", jsonl(**outputs))
    assert dict(translations.outputs) == outputs


# -- plain text -----------------------------------------------------------------------------

def test_jsonl_output_with_a_lone_surrogate_errors_that_item_naming_its_line(suite: Suite, tmp_path: Path) -> None:
    """JSON may escape half a surrogate pair ("\\ud800"), which decodes to no valid text: that item
    errors, naming the file, line, item and field; the others are read."""
    path = tmp_path / "out.jsonl"
    lines = [*jsonl(s1=OUTPUTS["s1"]), '{"id": "s2", "output": "Il faut \\ud800 qu\'elle parte."}',
             '{"id": "p1", "output": "Les chevaux courent.", "context_output": ["ok", "\\udfff"]}']
    translations = translate(suite, path, lines)
    assert dict(translations.outputs) == {"s1": OUTPUTS["s1"]}
    assert translations.errors == {
        "s2": f"{path}:2: item s2: field 'output': holds a lone surrogate U+D800 at character 9, which is not "
              "valid Unicode text",
        "p1": f"{path}:3: item p1: field 'context_output': holds a lone surrogate U+DFFF at character 1, which "
              "is not valid Unicode text"}


def test_plain_text_outputs_follow_suite_order(suite: Suite, tmp_path: Path) -> None:
    translations = translate(suite, tmp_path / "google.txt", [OUTPUTS["s1"], OUTPUTS["s2"], OUTPUTS["p1"], "", ""])
    assert dict(translations.outputs) == OUTPUTS
    assert not translations.errors and not translations.problems


def test_plain_text_with_the_wrong_line_count_fails_every_item(suite: Suite, tmp_path: Path) -> None:
    path = tmp_path / "google.txt"
    translations = translate(suite, path, [OUTPUTS["s1"], OUTPUTS["s2"]])
    assert_all_failed(suite, translations, str(path), "2 output lines", "3 items")


def test_a_file_none_of_whose_outputs_can_be_used_is_refused_before_any_test(suite: Suite, tmp_path: Path) -> None:
    """check_suite: the wrong line count is one ValueError naming the file, the lines and the items."""
    system = parse_system_spec("file:google.txt", builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    (tmp_path / "google.txt").write_text(f"{OUTPUTS['s1']}\n{OUTPUTS['s2']}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^--mt-system=file:google.txt: .*google.txt: has 2 output lines, "
                                         r"suite \S+ has 3 items"):
        system.check_suite(suite)
    (tmp_path / "google.txt").write_text("".join(f"{OUTPUTS[i]}\n" for i in ("s1", "s2", "p1")), encoding="utf-8")
    system.check_suite(suite)  # the right count
    (tmp_path / "google.txt").write_text("\n".join(jsonl(s1=OUTPUTS["s1"])), encoding="utf-8")
    system.check_suite(suite)  # some outputs: those items are judged, the others error


def test_missing_file_fails_every_item(suite: Suite, tmp_path: Path) -> None:
    system = parse_system_spec("file:nowhere.jsonl", builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    translations = system.translate(suite=suite, items=suite.items)
    assert_all_failed(suite, translations, str(tmp_path / "nowhere.jsonl"), "not found")


def test_jsonl_with_a_byte_order_mark_is_read_as_jsonl(suite: Suite, tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + "".join(line + "\n" for line in jsonl(**OUTPUTS)).encode("utf-8"))
    system = parse_system_spec(f"file:{path.name}", builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    translations = system.translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == OUTPUTS and not translations.errors


def test_a_deeply_nested_jsonl_line_fails_every_item_naming_file_and_line(suite: Suite, tmp_path: Path) -> None:
    deep = '{"id": "s2", "output": ' + "[" * 100_000 + "]" * 100_000 + "}"
    path = tmp_path / "deep.jsonl"
    translations = translate(suite, path, [jsonl(**OUTPUTS)[0], deep])
    assert_all_failed(suite, translations, f"{path}:2", "nested deeper than 100 levels")


def test_a_number_of_thousands_of_digits_fails_every_item_in_one_line(suite: Suite, tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    translations = translate(suite, path, ['{"id": ' + "7" * 5000 + ', "output": "x"}'])
    assert_all_failed(suite, translations, f"{path}:1", "invalid JSON")
    assert all("\n" not in message for message in translations.errors.values())


# -- WinoMT's translation files: english ||| translation ------------------------------------

def numbered(make_suite: Callable[..., Suite], count: int = 4) -> Suite:
    """A suite whose item ids are line numbers from 0, as WinoMT's (en.txt's lines)."""
    suite = make_suite(count)
    return replace(suite, items=tuple(replace(item, id=str(n)) for n, item in enumerate(suite.items)))


def test_parallel_lines_are_read_by_line_number_as_item_id(make_suite: Callable[..., Suite], tmp_path: Path) -> None:
    suite = numbered(make_suite)
    lines = [f"source {n} ||| sortie {n}" for n in range(4)]
    selected = [suite.items[3], suite.items[1]]  # a selection (-m anti) still finds its lines by id
    path = tmp_path / "en-fr.txt"
    path.write_text("\n".join(lines), encoding="utf-8")  # no final newline, as two of WinoMT's files
    system = parse_system_spec(f"file:{path.name}", builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    translations = system.translate(suite=suite, items=selected)
    assert dict(translations.outputs) == {"3": "sortie 3", "1": "sortie 1"}
    assert not translations.errors and not translations.problems


def test_a_parallel_line_whose_english_is_another_sentence_errors_that_item_naming_file_and_line(
        make_suite: Callable[..., Suite], tmp_path: Path) -> None:
    suite = numbered(make_suite)
    path = tmp_path / "en-fr.txt"
    lines = ["source 0 ||| sortie 0", "source 1 ||| sortie 1", "source two ||| sortie 2", "source 3 ||| sortie 3"]
    translations = translate(suite, path, lines)
    assert set(translations.outputs) == {"0", "1", "3"}
    assert dict(translations.errors) == {"2": f"{path}:3: the English “source two” is not the source of item 2 "
                                              "“source 2”: this line translates another sentence"}


def test_a_parallel_file_for_a_suite_without_line_number_ids_fails_in_one_line(
        make_suite: Callable[..., Suite], tmp_path: Path) -> None:
    suite = make_suite(2)
    translations = translate(suite, tmp_path / "en-fr.txt", ["source 0 ||| sortie 0", "source 1 ||| sortie 1"])
    assert_all_failed(suite, translations, "item ids are not line numbers (e.g. 'g0')")
    assert len(translations.problems) == 1
