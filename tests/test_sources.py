"""A suite's sources for a system run outside pytest: pytest_mtchallenge.runs.sources and ``mtchallenge sources``."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from pytest_mtchallenge.cli import main
from pytest_mtchallenge.formats import bundled_suites, load_any_suite
from pytest_mtchallenge.runs.sources import source_lines, source_records
from pytest_mtchallenge.systems import document_text
from review_suite import SUITE


def test_one_line_per_item_in_suite_order(capsys: pytest.CaptureFixture[str]) -> None:
    suite = load_any_suite(bundled_suites()["isabelle2017-en-fr"])
    assert main(["sources", "isabelle2017-en-fr"]) == 0
    assert capsys.readouterr().out.splitlines() == [item.source for item in suite.items]


def test_jsonl_records_carry_the_id_and_the_context_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    suite = load_any_suite(bundled_suites()["dip-discourse"])
    documents = [item for item in suite.items if item.context]
    assert documents and len(documents) < len(suite.items)
    assert main(["sources", "dip-discourse", "--jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records == [{"id": item.id, "source": item.source} for item in suite.items]
    assert main(["sources", "dip-discourse", "--jsonl", "--with-context"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["id"] for r in records] == [item.id for item in suite.items]
    assert all(("context" in r) == bool(item.context) for r, item in zip(records, suite.items))
    assert records[suite.items.index(documents[0])]["context"] == list(documents[0].context)


def test_plain_lines_with_context_are_the_documents_mode_document_sends() -> None:
    suite = load_any_suite(bundled_suites()["dip-discourse"])
    lines = list(source_lines(suite, with_context=True))
    assert lines == [document_text(item) for item in suite.items]
    assert lines != [item.source for item in suite.items]


def test_a_source_with_a_line_break_stays_on_its_line(tmp_path: Path) -> None:
    path = tmp_path / "suite.yaml"
    path.write_text(textwrap.dedent(SUITE).replace("source: He kicked the bucket.",
                                                   'source: "He kicked\\nthe bucket."'), encoding="utf-8")
    suite = load_any_suite(path)
    assert list(source_lines(suite))[1] == "He kicked the bucket."
    assert list(source_records(suite))[1] == {"id": "H1b", "source": "He kicked\nthe bucket."}


def test_a_suite_by_path_and_an_unknown_suite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "suite.yaml").write_text(textwrap.dedent(SUITE), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["sources", "mine"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "It is raining cats and dogs."
    assert main(["sources", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("mtchallenge: nosuch: no bundled suite of that name")
