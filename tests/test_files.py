"""Users' files: the size and nesting limits hold whatever the installed PyYAML version; one atomic writer."""
from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.files import MAX_DEPTH, check_yaml_flow_depth, load_json, load_yaml, read_text

DEEP = MAX_DEPTH + 1


@pytest.mark.parametrize(("text", "line"), [
    ("[" * 50_000 + "]" * 50_000, 1),                      # PyYAML >= 6.0.4 stops flow collections at 1,000 itself
    ("[" * 1_001 + "]" * 1_001, 1),
    ("{a: " * DEEP + "1" + "}" * DEEP, 1),
    ("old: " + "[" * 5_000 + "]" * 5_000 + "\n", 1),
    ("a: 1\n- [" + "[" * DEEP + "]" * (DEEP + 1), 2),
    ("- " * 1_500 + "x", 1),                                 # compact block sequences: the event walk
    ("".join("  " * depth + "-\n" for depth in range(1_500)), DEEP),
], ids=["flow-50000", "flow-1001", "flow-mappings", "flow-value", "flow-in-block-sequence", "compact-block",
        "indented-block"])
def test_yaml_nested_deeper_than_the_limit_is_refused_with_the_plugins_message(text: str, line: int) -> None:
    with pytest.raises(MTChallengeError) as raised:
        load_yaml(text, origin="suite.yaml")
    assert raised.value.one_line() == f"suite.yaml:{line}: nested deeper than {MAX_DEPTH} levels"


def test_the_flow_depth_is_checked_on_the_text_before_any_parser() -> None:
    with pytest.raises(MTChallengeError, match="nested deeper than 100 levels"):
        check_yaml_flow_depth("[" * 101 + "]" * 101, origin="x.yaml")


@pytest.mark.parametrize("text", [
    "a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1),                       # at the limit (the mapping is one)
    "a: '" + "[" * 500 + "'\nb: \"" + "{" * 500 + "\"\n",                       # inside quoted scalars
    "# " + "[" * 500 + "\nc: 1\n",                                               # inside a comment
    "c: see [1 and " + "[" * 500 + "\n",                                         # inside plain text
    "d: |\n  " + "{" * 500 + "\n",                                                # inside a block scalar
    "e: [" + ", ".join("'[x'" for _ in range(300)) + "]",                       # quoted brackets in a flow list
    'f: ["a \\" [[", ' + ", ".join('"]"' for _ in range(200)) + "]",            # escaped quotes
], ids=["at-limit", "quoted", "comment", "plain-text", "block-scalar", "quoted-in-flow", "escaped-quote"])
def test_brackets_that_are_text_do_not_count(text: str) -> None:
    assert load_yaml(text, origin="ok.yaml") is not None


def test_json_nested_deeper_than_the_limit_is_refused() -> None:
    with pytest.raises(MTChallengeError, match=r"^runs.json: nested deeper than 100 levels$"):
        load_json('{"runs": ' + "[" * 10_000 + "]" * 10_000 + "}", origin="runs.json")


def test_a_gzip_file_is_read_decompressed(tmp_path: Path) -> None:
    path = tmp_path / "en.txt.gz"
    path.write_bytes(gzip.compress("\ufeffmale\t1\tThe developer argued.\tdeveloper\n".encode()))
    assert read_text(path) == "male\t1\tThe developer argued.\tdeveloper\n"


def test_a_gzip_file_is_known_by_its_first_bytes_whatever_its_name(tmp_path: Path) -> None:
    """A compressed saved run renamed ``baseline.json`` still reads (issue 25, finding 10)."""
    path = tmp_path / "baseline.json"
    path.write_bytes(gzip.compress(b'{"runs": []}'))
    assert files.read_json(path) == {"runs": []}
    plain = tmp_path / "plain.json"
    plain.write_bytes(b"\x1f not gzip")  # one magic byte is not gzip
    assert read_text(plain) == "\x1f not gzip"


def test_saved_runs_have_a_limit_of_their_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1000)
    monkeypatch.setattr(files, "MAX_RUN_BYTES", 5000)
    path = tmp_path / "run.json.gz"
    path.write_bytes(gzip.compress(b'{"runs": [], "padding": "' + b"a" * 3000 + b'"}'))
    with pytest.raises(MTChallengeError, match=r"run.json.gz: decompressed, larger than 0 MiB, the limit of a file read"):
        files.read_json(path)
    assert files.read_run_json(path)["runs"] == []
    path.write_bytes(gzip.compress(b"a" * 6000))
    with pytest.raises(MTChallengeError, match=r"run.json.gz: decompressed, larger than 0 MiB, the limit of a saved run"):
        files.read_run_json(path)


def test_a_truncated_gzip_file_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "en.txt.gz"
    path.write_bytes(gzip.compress(b"x" * 1000)[:20])
    with pytest.raises(MTChallengeError, match=r"en.txt.gz: not a complete gzip file"):
        read_text(path)


def test_the_size_limit_holds_for_the_decompressed_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A small gzip file that decompresses past the limit (a gzip bomb) is refused, not read whole."""
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "bomb.txt.gz"
    path.write_bytes(gzip.compress(b"a" * 100_000))
    assert path.stat().st_size < 1000
    with pytest.raises(MTChallengeError, match=r"bomb.txt.gz: decompressed, larger than"):
        read_text(path)


# -- writing: the old file or the new one, never half, and no temporary file left ------------------

def test_a_written_file_replaces_the_old_one_and_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    files.write_atomically(path, b"old")
    path.chmod(0o600)
    files.write_atomically(path, b"new")
    assert path.read_bytes() == b"new" and path.stat().st_mode & 0o777 == 0o600
    assert sorted(os.listdir(tmp_path)) == ["report.json"]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 failing: str) -> None:
    path = tmp_path / "report.html"
    path.write_bytes(b"old")

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, failing, fail)
    with pytest.raises(OSError, match="No space left"):
        files.write_atomically(path, b"new")
    assert path.read_bytes() == b"old"
    assert sorted(os.listdir(tmp_path)) == ["report.html"]


def test_the_temporaries_a_killed_writer_left_are_removed_and_only_those(tmp_path: Path) -> None:
    for name in (".v[1].yaml.123-0123456789ab.tmp", ".v[1].yaml.journal", ".other.yaml.9-ab.tmp", "v[1].yaml"):
        (tmp_path / name).write_bytes(b"")
    files.remove_left_temporaries(tmp_path / "v[1].yaml")
    assert sorted(os.listdir(tmp_path)) == [".other.yaml.9-ab.tmp", ".v[1].yaml.journal", "v[1].yaml"]


def test_every_writer_writes_through_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reports, saved runs, verdict files, converted suites and cross-judge's JSON: one atomic writer
    (issue 25 found three; issue 26, convert and cross-judge --json writing in place)."""
    from pytest_mtchallenge import cli
    from pytest_mtchallenge.formats.yaml import dump_suite, load_suite
    from pytest_mtchallenge.model import RecordedVerdict
    from pytest_mtchallenge.reporting import html, json
    from pytest_mtchallenge.review.verdict_file import VerdictFile
    from tests.suites import write_suite

    written: list[str] = []
    write = files.write_atomically
    monkeypatch.setattr(files, "write_atomically", lambda path, data: (written.append(path.name), write(path, data)))
    json.write([], tmp_path / "report.json")
    html.write([], tmp_path / "report.html")
    suite = load_suite(write_suite(tmp_path / "suite", [{"id": "a1", "source": "Hello.", "reference": "Bonjour."}]))
    dump_suite(suite, tmp_path / "converted")
    VerdictFile(tmp_path / "verdicts.yaml", suite=suite.name, item_ids={"a1"}).append(
        [RecordedVerdict(item="a1", output="Salut.", verdict="yes")])
    cli._write(tmp_path / "cross.json", "{}", field="--json")  # noqa: SLF001 - what cross-judge --json calls
    assert written == ["report.json", "report.html", "suite.yaml", "verdicts.yaml", "cross.json"]
