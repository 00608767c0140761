"""The ``mtchallenge`` command itself: its version, usage errors in one line, counts in words, and a
reader that goes away early (``mtchallenge list | head -1``)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_mtchallenge import __version__
from pytest_mtchallenge.cli import CLOSED_PIPE, main
from pytest_mtchallenge.text.plurals import agreeing, counted
from review_suite import IDIOMS, idioms_suite, run_document, write_suite


def test_the_version_is_the_packages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"mtchallenge {__version__}\n"


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_port_out_of_range_is_a_usage_error_in_one_line(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "--port", port, "--no-browser"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("mtchallenge review: error: argument --port: ")
    assert ("a port is 0–65535" in captured.err) if port != "http" else ("expected a port number" in captured.err)


def test_an_unknown_command_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lsit"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'lsit'" in err and "see mtchallenge --help" in err


# -- counts in words ------------------------------------------------------------------------------

def test_counts_agree_with_their_number() -> None:
    assert counted(1, "output") == "1 output"
    assert counted(0, "output") == "0 outputs"
    assert counted(2, "subcategory", "subcategories") == "2 subcategories"
    assert counted(1, "subcategory", "subcategories") == "1 subcategory"
    assert agreeing(1, "needs", "need") == "needs" and agreeing(3, "needs", "need") == "need"


def test_converting_a_one_item_suite_counts_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "one.yaml"
    source.write_text(idioms_suite(IDIOMS[:1]), encoding="utf-8")
    assert main(["convert", str(source), str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out.endswith(": 1 item, 1 subcategory, 0 recorded verdicts\n")


def test_a_bundled_suite_is_converted_by_its_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "isabelle2017-en-fr", str(tmp_path / "copy")]) == 0
    assert capsys.readouterr().out == (f"wrote {tmp_path / 'copy' / 'suite.yaml'}: 108 items, 26 subcategories, "
                                       "324 recorded verdicts\n")
    assert sorted(p.name for p in (tmp_path / "copy" / "systems").iterdir()) == ["google-2016.yaml", "nmt.yaml",
                                                                                 "pbmt-1.yaml"]


def test_a_directory_that_cannot_be_written_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("")
    assert main(["convert", "isabelle2017-en-fr", str(tmp_path / "a-file" / "copy")]) == 2
    assert capsys.readouterr().err == (f"mtchallenge: {tmp_path / 'a-file' / 'copy' / 'suite.yaml'}: cannot create "
                                       f"its folder: {tmp_path / 'a-file'} is not a folder\n")


def test_one_output_to_review_is_said_in_the_singular(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import io

    document = run_document()
    document["runs"] = [document["runs"][1]]  # type: ignore[index]
    document["runs"][0]["items"] = document["runs"][0]["items"][:1]  # type: ignore[index]
    (tmp_path / "run.json").write_text(json.dumps(document))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(["review", "run.json", "--suite", str(write_suite(tmp_path)), "--verdicts", "mine.yaml", "--tty",
                 "--annotator", "Ana"]) == 0
    out = capsys.readouterr().out
    assert "1 output of 1 item of demo-review needs a verdict" in out
    assert "mine.yaml holds 1 verdict;" in out


# -- a closed pipe ---------------------------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="a pipe without a reader (POSIX)")
@pytest.mark.parametrize("arguments", [["list"], ["sources", "isabelle2017-en-fr"], ["check", "isabelle2017-en-fr"],
                                       ["--version"], ["--help"]])
def test_a_reader_that_went_away_ends_the_command_quietly(arguments: list[str]) -> None:
    """The pipe has no reader from the start: the first write fails, as in ``mtchallenge list | head -1``
    when ``head`` has already left."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "pytest_mtchallenge", *arguments], stdout=writer,
                              stderr=subprocess.PIPE, text=True, timeout=120,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    finally:
        os.close(writer)
    assert done.stderr == ""
    assert done.returncode == CLOSED_PIPE == 141


@pytest.mark.parametrize("name", ["../../victim", "/tmp/absolute", "..", ".hidden", "a/b", "nul\x00x", "x" * 101])
def test_a_recorded_system_name_that_is_no_safe_file_name_is_refused_and_never_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    """Issue 39, 2: a recorded system's name became its file name under systems/: `../../victim` or an
    absolute path wrote outside the target, overwriting an existing file."""
    suite = tmp_path / "suite"
    (suite / "systems").mkdir(parents=True)
    (suite / "suite.yaml").write_text(idioms_suite(IDIOMS[:1]), encoding="utf-8")
    (suite / "systems" / "x.yaml").write_text(json.dumps({"name": name, "outputs": {"H1a": "Il pleut."}}),
                                              encoding="utf-8")
    victim = tmp_path / "victim.yaml"
    victim.write_text("precious\n", encoding="utf-8")
    code = main(["convert", str(suite), str(tmp_path / "out" / "deep")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "field 'name'" in err
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.yaml"))


@pytest.mark.parametrize("name", ["google-2016", "DeepL v2", "gpt-4.1", "my_mt@2026+beam=4"])
def test_ordinary_system_names_are_kept(name: str) -> None:
    from pytest_mtchallenge.formats.yaml import unsafe_system_name

    assert unsafe_system_name(name) == ""


def test_a_text_holding_a_next_line_character_converts_and_reads_back_as_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 39, 11: convert turned U+0085 into a space, and its read-back check did not compare."""
    source = tmp_path / "one.yaml"
    text = idioms_suite(IDIOMS[:1]).replace("source: It is raining cats and dogs.",
                                            'source: "It is raining cats and dogs.\\Nreally"')
    text = text.replace("reference: Il pleut des cordes.", 'reference: "Il pleut des cordes,\\Lvraiment."')
    source.write_text(text, encoding="utf-8")
    assert main(["convert", str(source), str(tmp_path / "out")]) == 0, capsys.readouterr().err
    from pytest_mtchallenge.formats.yaml import load_suite

    (item,) = load_suite(tmp_path / "out" / "suite.yaml").items
    assert item.source == "It is raining cats and dogs.\x85really"
    assert item.references == ("Il pleut des cordes,\u2028vraiment.",)


def test_a_conversion_that_would_not_read_back_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from pytest_mtchallenge import cli
    from pytest_mtchallenge.formats import yaml as suite_yaml

    real = suite_yaml.load_suite

    def altered(path, **kwargs):  # type: ignore[no-untyped-def]
        from dataclasses import replace

        suite = real(path, **kwargs)
        return replace(suite, items=tuple(replace(i, source=i.source + " ") for i in suite.items))

    monkeypatch.setattr(cli, "load_suite", altered)
    source = tmp_path / "one.yaml"
    source.write_text(idioms_suite(IDIOMS[:1]), encoding="utf-8")
    assert main(["convert", str(source), str(tmp_path / "out")]) == 2
    assert "item H1a: field 'source': does not read back as it was written" in capsys.readouterr().err
