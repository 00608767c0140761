"""Recorded systems may give their translation of a document-level item's context (context_outputs)."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats.yaml import dump_suite, load_suite
from tests.suites import write_suite

TRACTOR = {"id": "d1", "context": ["Unser Nachbar hat einen Traktor gekauft."],
           "context_references": ["Our neighbour bought a tractor."], "source": "Er läuft noch.",
           "reference": "It still runs."}


def write(tmp_path: Path, system: str) -> Path:
    write_suite(tmp_path, [TRACTOR], name="documents", source_language="de", target_language="en")
    (tmp_path / "systems").mkdir()
    (tmp_path / "systems" / "mt.yaml").write_text(textwrap.dedent(system), encoding="utf-8")
    return tmp_path


def test_context_outputs_are_read_and_make_a_document_mode_system(tmp_path: Path) -> None:
    suite = load_suite(write(tmp_path, """\
        name: mt
        outputs: {d1: He still runs.}
        context_outputs: {d1: [Our neighbour bought a tractor.]}
        """))
    system = suite.systems["mt"]
    assert system.context_outputs["d1"] == ("Our neighbour bought a tractor.",)
    assert system.mode == "document"
    assert suite.item("d1").target_language == "en"
    again = load_suite(dump_suite(suite, tmp_path / "copy"))
    assert again.systems["mt"].context_outputs == system.context_outputs


def test_a_system_without_context_outputs_is_in_sentence_mode(tmp_path: Path) -> None:
    system = load_suite(write(tmp_path, "name: mt\noutputs: {d1: He still runs.}\n")).systems["mt"]
    assert system.mode == "sentence"
    assert not system.context_outputs


@pytest.mark.parametrize(("system", "message"), [
    ("name: mt\noutputs: {d1: x}\ncontext_outputs: {d2: [y]}\n", "item d2: field 'context_outputs': a context "
                                                                  "translation for an item without an output"),
    ("name: mt\noutputs: {d1: x}\ncontext_outputs: {d1: y}\n", "item d1: field 'context_outputs': expected a list "
                                                               "of translated context sentences, found text"),
    ("name: mt\noutputs: {d1: x}\nmode: paragraph\n", "field 'mode': expected one of sentence, document, found "
                                                      "'paragraph'"),
])
def test_bad_context_outputs_give_one_line(tmp_path: Path, system: str, message: str) -> None:
    with pytest.raises(SuiteError) as raised:
        load_suite(write(tmp_path, system))
    assert message in raised.value.one_line()
    assert "mt.yaml" in raised.value.one_line()
