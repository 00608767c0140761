"""Tests of the ``recorded:NAME`` and ``reference`` systems, and of system spec parsing."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.systems import System, SystemOptions, builtin_system_kinds, parse_system_spec
from tests.suites import TINY, write_suite

GOOGLE_YAML = """\
name: google
description: Google Translate, as published with the suite
date: "2017-05"
outputs:
  s1: Je veux qu'il vient.
  p1: Les chevaux courent.
"""


@pytest.fixture
def suite(tmp_path: Path) -> Suite:
    path = write_suite(tmp_path, subcategories=TINY)
    (tmp_path / "systems").mkdir()
    (tmp_path / "systems" / "google.yaml").write_text(GOOGLE_YAML, encoding="utf-8")
    return load_suite(path)


def system(spec: str, rootdir: Path) -> System:
    return parse_system_spec(spec, builtin_system_kinds(), SystemOptions(rootdir=rootdir))


# -- recorded:NAME --------------------------------------------------------------------------

def test_recorded_system_gives_the_suite_outputs(suite: Suite, tmp_path: Path) -> None:
    google = system("recorded:google", tmp_path)
    assert google.name == "google"
    translations = google.translate(suite=suite, items=[suite.item("s1"), suite.item("p1")])
    assert dict(translations.outputs) == {"s1": "Je veux qu'il vient.", "p1": "Les chevaux courent."}
    assert not translations.errors and not translations.problems


def test_an_item_without_recorded_output_errors_alone(suite: Suite, tmp_path: Path) -> None:
    translations = system("recorded:google", tmp_path).translate(suite=suite, items=suite.items)
    assert set(translations.outputs) == {"s1", "p1"}
    assert list(translations.errors) == ["s2"]
    assert "no recorded output for item s2" in translations.errors["s2"]
    assert str(tmp_path / "systems" / "google.yaml") in translations.errors["s2"]


def test_an_item_whose_recorded_output_cannot_be_judged_errors_with_its_reason(suite: Suite, tmp_path: Path) -> None:
    """A recording may say why one of its outputs cannot be used (WinoMT: the line translates another
    English sentence): the item still gets its test, which errors with that reason."""
    recorded = suite.systems["google"]
    stale = replace(recorded, errors=MappingProxyType({"s2": "en-fr.txt:3: the English is not item s2's source"}))
    suite = replace(suite, systems=MappingProxyType({"google": stale}))
    google = system("recorded:google", tmp_path)
    assert google.covers_item(suite, suite.item("s2"))
    translations = google.translate(suite=suite, items=suite.items)
    assert set(translations.outputs) == {"s1", "p1"}
    assert dict(translations.errors) == {"s2": "en-fr.txt:3: the English is not item s2's source"}


def test_covers_only_suites_recording_the_system(suite: Suite, tmp_path: Path) -> None:
    assert system("recorded:google", tmp_path).covers(suite)
    assert not system("recorded:deepl", tmp_path).covers(suite)


def test_an_unrecorded_system_fails_every_item_listing_the_recorded_ones(suite: Suite, tmp_path: Path) -> None:
    translations = system("recorded:deepl", tmp_path).translate(suite=suite, items=suite.items)
    assert not translations.outputs
    assert set(translations.errors) == {"s1", "s2", "p1"}
    assert "no recorded system 'deepl'" in translations.errors["s1"]
    assert "(recorded: google)" in translations.errors["s1"]


# -- reference ------------------------------------------------------------------------------

def test_reference_gives_the_first_reference_of_each_item(suite: Suite, tmp_path: Path) -> None:
    reference = system("reference", tmp_path)
    assert reference.name == "reference"
    assert reference.covers(suite)
    translations = reference.translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {
        "s1": "Je veux qu'il vienne.", "s2": "Il faut qu'elle parte.", "p1": "Les chevaux courent.",
    }
    assert not translations.errors


# -- parse_system_spec ----------------------------------------------------------------------

def test_name_equals_spec_names_the_system(tmp_path: Path) -> None:
    named = system("gt2017=recorded:google", tmp_path)
    assert (named.kind, named.argument, named.name) == ("recorded", "google", "gt2017")
    assert named.signature == "recorded:google"


def test_an_equals_sign_inside_the_argument_is_not_a_name(tmp_path: Path) -> None:
    command = system("cmd:translate --beam=5", tmp_path)
    assert (command.kind, command.argument, command.name) == ("cmd", "translate --beam=5", "cmd:translate")


def test_a_named_system_may_contain_an_equals_sign_in_its_argument(tmp_path: Path) -> None:
    command = system("marian=cmd:translate --beam=5", tmp_path)
    assert (command.kind, command.argument, command.name) == ("cmd", "translate --beam=5", "marian")


def test_an_unknown_kind_raises_listing_the_known_kinds(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown system kind 'gopher'") as excinfo:
        system("gopher://localhost:8080/translate", tmp_path)
    for kind in builtin_system_kinds():
        assert kind in str(excinfo.value)


@pytest.mark.parametrize("spec", ["file", "cmd:", "mine=python"])
def test_a_kind_needing_an_argument_raises_without_one(spec: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="needs an argument"):
        system(spec, tmp_path)
