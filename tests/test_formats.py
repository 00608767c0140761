"""Choosing a suite's format in one place, and refusing families that cannot judge its target language."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats import detect_format, load_any_suite, split_format
from tests.test_suite import MINIMAL, write_suite


def test_a_french_family_for_a_czech_target_is_a_one_line_error(tmp_path: Path) -> None:
    text = MINIMAL.replace("target_language: fr", "target_language: cs").replace("checker: human", "checker: agreement")
    path = write_suite(tmp_path, text.replace("      locus: [As-tu]\n", "")
                       .replace("checker: agreement", "checker: agreement\n    params: {controller: it, target: rain}"))
    with pytest.raises(SuiteError) as caught:
        load_any_suite(path, checkers=builtin_checkers(), validate_params=lambda *_: None)
    message = caught.value.one_line()
    assert "\n" not in message
    assert str(path) in message and "subcategories.Q1.checker" in message
    assert "'agreement'" in message and "fr" in message and "'cs'" in message


def test_an_item_level_english_family_in_a_french_suite_names_the_item(tmp_path: Path) -> None:
    text = MINIMAL.replace("      reference: Pleut-il ?\n", "      reference: Pleut-il ?\n      checker: en_pronoun\n")
    path = write_suite(tmp_path, text)
    with pytest.raises(SuiteError) as caught:
        load_any_suite(path, checkers=builtin_checkers())
    message = caught.value.one_line()
    assert "Q1a" in message and "'en_pronoun'" in message and "en" in message and "'fr'" in message


def test_generic_families_judge_any_language(tmp_path: Path) -> None:
    path = write_suite(tmp_path, MINIMAL.replace("target_language: fr", "target_language: cs"))
    suite = load_any_suite(path, checkers=builtin_checkers())
    assert suite.target_language == "cs" and len(suite.items) == 2


def test_format_is_detected_from_content_not_the_position_of_a_key(tmp_path: Path) -> None:
    yaml_suite = write_suite(tmp_path, MINIMAL)
    assert detect_format(yaml_suite) == "yaml"
    assert detect_format(yaml_suite.parent) == "yaml"
    tq = tmp_path / "x.items.json"
    tq.write_text(json.dumps({"items": [{"id": 1, "source_sentence": "a", "positive_regex": "a"}]}))
    assert detect_format(tq) == "tq-autotest"
    other = tmp_path / "notes.json"
    other.write_text("{}")
    assert detect_format(other) is None


def test_a_stated_format_is_split_from_its_path() -> None:
    assert split_format("tq-autotest:some/file.json") == ("tq-autotest", "some/file.json")
    assert split_format("yaml:suite.yaml") == ("yaml", "suite.yaml")
    assert split_format("isabelle2017-en-fr") == (None, "isabelle2017-en-fr")



LONG = "word " * 2_000 + "end"  # 10,003 characters


@pytest.mark.parametrize(("item", "field", "suite"), [
    ("Q1a", "source", MINIMAL.replace("Is it raining?", LONG)),
    ("Q1a", "references", MINIMAL.replace("Pleut-il ?", LONG)),
    ("Q1b", "references", MINIMAL.replace("Avez-vous mangé ?", LONG)),
    ("Q1a", "context", MINIMAL.replace("      reference: Pleut-il ?\n",
                                       f"      reference: Pleut-il ?\n      context: [Clouds., {LONG}]\n")),
    ("Q1a", "context_references", MINIMAL.replace(
        "      reference: Pleut-il ?\n",
        f"      reference: Pleut-il ?\n      context: [Clouds.]\n      context_references: [{LONG}]\n")),
])
def test_a_suite_sentence_longer_than_the_cap_is_a_one_line_error(tmp_path: Path, item: str, field: str,
                                                                   suite: str) -> None:
    """Issue 39, point 3: a 220 KB source took 148 s to judge under --mt-timeout=5. No sentence of a
    suite is longer than the judge reads of an output; a longer one is the suite's one-line error."""
    from pytest_mtchallenge.formats import MAX_SENTENCE_CHARS

    with pytest.raises(SuiteError) as caught:
        load_any_suite(write_suite(tmp_path, suite), checkers=builtin_checkers())
    message = caught.value.one_line()
    assert "\n" not in message and len(message) < 400 and "word word" not in message
    assert f"item {item}: field {field!r}" in message
    assert f"10,003 characters, more than the {MAX_SENTENCE_CHARS:,}" in message


def test_a_suite_sentence_at_the_cap_loads(tmp_path: Path) -> None:
    from pytest_mtchallenge.formats import MAX_SENTENCE_CHARS

    sentence = ("word " * MAX_SENTENCE_CHARS)[:MAX_SENTENCE_CHARS - 1] + "?"
    suite = load_any_suite(write_suite(tmp_path, MINIMAL.replace("Is it raining?", sentence)),
                           checkers=builtin_checkers())
    assert suite.items[0].source == sentence
