"""The verdict file's one rule: what a writer refuses is exactly what the reader refuses, and what it
writes reads back with the same texts."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats.yaml import dump_suite, load_suite, load_verdicts
from pytest_mtchallenge.model import RecordedVerdict
from pytest_mtchallenge.review.verdict_file import VerdictFile
from pytest_mtchallenge.formats.verdict_entries import EntryProblem, check_verdict, hidden_character, text_problem
from review_suite import write_suite

ITEMS = {"H1a", "H1b"}
CONTROLS = "".join(chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))) + "\u2028\u2029\ufeff\u202e\u2066\ufffe"
HOSTILE = {
    "controls": f"a{CONTROLS}b",
    "escape sequences": "\x1b]0;owned\x07\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07",
    "long, with double spaces": ("mot  " * 150_000).strip(),
    "long, one word": "x" * 1_200_000,
    "long, with line breaks": "ligne\n" * 100_000,
    "YAML-looking": "- item: H1b\n  verdict: 'no'",
    "quotes and keys": "'\"#: &a *a !tag |>",
}


def written(tmp_path: Path, *verdicts: RecordedVerdict) -> list[RecordedVerdict]:
    path = tmp_path / "v.yaml"
    path.unlink(missing_ok=True)
    file = VerdictFile(path, suite="demo-review", item_ids=ITEMS, source="tests")
    for verdict in verdicts:  # the first creates the file, the others append to it
        file.append([verdict])
    return load_verdicts(path, ITEMS)


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_texts_read_back_exactly(tmp_path: Path, text: str) -> None:
    # an annotator's name may not hold invisible or direction-changing characters (issue 39, 11): refused below
    annotator = text.strip() and "x" + text if not any(c in text for c in "\ufeff\u202e\u2066") else "x"
    verdicts = [RecordedVerdict(item="H1a", output="first", verdict="yes", annotator=annotator),
                RecordedVerdict(item="H1b", output=text, verdict="no", system=text, annotator="Eve", source=text)]
    loaded = written(tmp_path, *verdicts)
    assert [(v.output, v.system, v.annotator, v.source) for v in loaded] == [
        ("first", "", verdicts[0].annotator, "tests"), (text, text, "Eve", text or "tests")]


@pytest.mark.parametrize(("verdict", "field"), [
    (RecordedVerdict(item="H1a", output="x", verdict="yes", annotator="Eve\ud800"), "annotator"),
    (RecordedVerdict(item="H1a", output="Il pleut\udfff.", verdict="yes"), "output"),
    (RecordedVerdict(item="H1a", output="x", verdict="yes", system="\ud83d"), "system"),
    (RecordedVerdict(item="H1a", output="x", verdict="yes", source="\udc80"), "source"),
    (RecordedVerdict(item=" ", output="x", verdict="yes"), "item"),
    (RecordedVerdict(item="H1a", output="", verdict="yes"), "output"),
    (RecordedVerdict(item="H1a", output=" \t\u3000", verdict="yes"), "output"),
    (RecordedVerdict(item="H9z", output="x", verdict="yes"), "item"),
    (RecordedVerdict(item="H1a", output="x", verdict="maybe"), "verdict"),
    (RecordedVerdict(item="H1a", output="x", verdict="yes", annotators={"yes": -1}), "annotators.yes"),
], ids=["surrogate-annotator", "surrogate-output", "surrogate-system", "surrogate-source", "blank-item",
        "empty-output", "blank-output",
        "unknown-item", "verdict", "annotators"])
def test_the_writer_refuses_what_the_reader_refuses_and_the_file_stays_readable(
        tmp_path: Path, verdict: RecordedVerdict, field: str) -> None:
    path = tmp_path / "v.yaml"
    file = VerdictFile(path, suite="demo-review", item_ids=ITEMS)
    file.append([RecordedVerdict(item="H1a", output="before", verdict="yes")])
    before = path.read_bytes()
    with pytest.raises(SuiteError, match=rf"v.yaml: item {verdict.item}: field '{field}': "):
        file.append([verdict])
    assert path.read_bytes() == before and len(load_verdicts(path, ITEMS)) == 1
    # The reader refuses the same entry, in the same words, when it is written by other means.
    from pytest_mtchallenge.formats.verdict_entries import dumper  # the escaping writer, without the rule
    import yaml

    entry = {"item": verdict.item, "output": verdict.output, "verdict": verdict.verdict, "system": verdict.system,
             "annotator": verdict.annotator, "source": verdict.source or "s", "annotators": dict(verdict.annotators)}
    path.write_text(yaml.dump({"verdicts": [entry]}, Dumper=dumper(), allow_unicode=True), encoding="utf-8")
    with pytest.raises(SuiteError) as read:
        load_verdicts(path, ITEMS)
    with pytest.raises(EntryProblem) as refused:
        check_verdict(verdict, item_ids=ITEMS)
    if text_problem(getattr(verdict, field, "")) is None:  # YAML itself cannot even carry a surrogate
        assert read.value.field == f"verdicts[0].{field}" and read.value.message == refused.value.message


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=40))
@example(text="Eve\ud800")
@example(text="")
def test_any_text_is_refused_by_the_writer_or_reads_back_exactly(tmp_path: Path, text: str) -> None:
    verdict = RecordedVerdict(item="H1b", output=text, verdict="na", annotator=text, system=text)
    try:
        check_verdict(verdict, item_ids=ITEMS)
    except EntryProblem:
        assert text_problem(text) is not None or not text.strip() or hidden_character(text) is not None
        with pytest.raises(SuiteError):
            written(tmp_path, verdict)
        return
    assert [(v.output, v.annotator, v.system) for v in written(tmp_path, verdict)] == [(text, text, text)]


def test_a_verdict_that_would_make_the_file_unreadable_is_refused(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 4_000)
    path = tmp_path / "v.yaml"
    file = VerdictFile(path, suite="demo-review", item_ids=ITEMS)
    file.append([RecordedVerdict(item="H1a", output="x" * 3_000, verdict="yes")])
    with pytest.raises(SuiteError, match="would make the file larger than"):
        file.append([RecordedVerdict(item="H1b", output="y" * 3_000, verdict="no")])
    assert len(load_verdicts(path, ITEMS)) == 1


def test_convert_writes_verdicts_by_the_same_rule(tmp_path: Path) -> None:
    from dataclasses import replace

    suite = load_suite(write_suite(tmp_path))
    hostile = RecordedVerdict(item="H1a", output="a\x85b", verdict="no", annotator="\x1b[2J", source="a\u2028b")
    dumped = dump_suite(replace(suite, verdicts=(hostile,)), tmp_path / "copy")
    (loaded,) = load_suite(dumped).verdicts
    assert (loaded.output, loaded.annotator, loaded.source) == ("a\x85b", "\x1b[2J", "a\u2028b")
    with pytest.raises(SuiteError, match=r"verdicts.yaml: item H1a: field 'output': holds a lone surrogate"):
        dump_suite(replace(suite, verdicts=(replace(hostile, output="\ud800"),)), tmp_path / "other")


@pytest.mark.parametrize("name", ["ann\u200bе", "\u202eanna", "anna\ufeff", "an\u00adna"])
def test_an_annotator_name_with_an_invisible_or_direction_changing_character_is_refused(name: str) -> None:
    """Issue 39, 11: two annotators whose names look alike counted as two people."""
    from pytest_mtchallenge.formats.verdict_entries import EntryProblem, check_entry

    with pytest.raises(EntryProblem) as raised:
        check_entry(item="S1a", output="Il pleut.", verdict="yes", annotator=name)
    assert raised.value.field == "annotator"
