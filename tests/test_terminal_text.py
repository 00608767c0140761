"""Users' texts on a terminal (pytest_mtchallenge.text.terminal_text): every printer shows escape sequences,
control characters, bidirectional overrides and lone surrogates, and none reaches the terminal raw."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.judge import crosstab
from pytest_mtchallenge.cli import main
from pytest_mtchallenge.model import RecordedVerdict
from pytest_mtchallenge.reporting import build_runs
from pytest_mtchallenge.reporting.table import error_lines, render_table
from pytest_mtchallenge.review.verdict_file import VerdictFile
from pytest_mtchallenge.text.terminal_text import printable, printable_json

TITLE = "\x1b]0;owned\x07"       # sets the window title
CLEAR = "\x1b[2J\x1b[H"          # clears the screen
CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4=\x07"  # writes the clipboard
HOSTILE = f"Il pleut{TITLE}{CLEAR}{CLIPBOARD} \x9b31m \u202eesrever\u202c \ud800 fin"
#: What a terminal may receive of them: no ESC, no C1 control, no override, no surrogate.
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\ud800")


def assert_shown_not_obeyed(printed: str) -> None:
    for char in RAW:
        assert char not in printed, f"{char!r} reached the terminal"


@pytest.mark.parametrize(("text", "shown"), [
    (HOSTILE, "Il pleut\\x1b]0;owned\\x07\\x1b[2J\\x1b[H\\x1b]52;c;cm0gLXJmIH4=\\x07 \\x9b31m \\u202eesrever\\u202c "
              "\\ud800 fin"),
    ("ligne\nretour\rtab\tfin\x00\x7f", "ligne\\nretour\\rtab\tfin\\x00\\x7f"),
    ("a\u2028b\u2066c", "a\\u2028b\\u2066c"),
    ("Ça coûte « un bras » — 手 🙂", "Ça coûte « un bras » — 手 🙂"),
])
def test_printable_escapes_what_a_terminal_obeys_and_keeps_the_rest(text: str, shown: str) -> None:
    assert printable(text) == shown


@given(document=st.recursive(st.text() | st.integers(), lambda inner: st.lists(inner, max_size=3)
                             | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8))
def test_printable_json_is_the_same_document_with_nothing_to_obey(document: object) -> None:
    for indent in (None, 2):
        text = printable_json(json.dumps(document, ensure_ascii=False, indent=indent))
        assert json.loads(text) == document
        assert_shown_not_obeyed(text)
        text.encode("utf-8")  # no lone surrogate left to fail the terminal's encoding


def test_agreement_shows_annotator_names_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for annotator, name in ((f"Eve{TITLE}", "eve.yaml"), (f"Ben{CLEAR}\x9b", "ben.yaml")):
        VerdictFile(tmp_path / name, suite="any", item_ids={"I1", "I2"}).append(
            [RecordedVerdict(item=f"I{n}", output=HOSTILE.replace("\ud800", ""), verdict="yes", annotator=annotator)
             for n in (1, 2)])
    for extra in ([], ["--json"]):
        assert main(["agreement", str(tmp_path / "eve.yaml"), str(tmp_path / "ben.yaml"), *extra]) == 0
        captured = capsys.readouterr()
        assert_shown_not_obeyed(captured.out + captured.err)
    assert main(["agreement", str(tmp_path / "eve.yaml"), str(tmp_path / "ben.yaml")]) == 0
    assert "Eve\\x1b]0;owned\\x07" in capsys.readouterr().out


def test_cross_judge_shows_sources_outputs_and_reasons_escaped() -> None:
    record = crosstab.DoublyJudged(system=f"mt{TITLE}", item="S1", subcategory="pronouns", source=f"Hi{CLEAR}",
                                   output=HOSTILE, first="pass", first_reason=f"found {CLIPBOARD}", second="fail",
                                   second_reason="\x9b2J")
    printed = crosstab.render([record], first_name="a", second_name="b", effects=[], disagreements=[record])
    assert_shown_not_obeyed(printed)
    assert f"    output: {printable(HOSTILE)}" in printed.splitlines()


HOSTILE_SUITE = """\
format: mtchallenge-suite/1
name: "hostile\\e]0;owned\\a"
title: "Hostile\\e[2J"
citation: nobody
source_language: en
target_language: fr
categories:
- id: syntax
  title: Syntax
  subcategories:
  - id: T1
    title: Tag questions
    question: Is the tag question rendered?
    checker: regex
    params: {positive: "n'est-ce pas", negative: hein}
    items:
    - id: T1a
      source: "She was perfect\\e]52;c;cm0gLXJmIH4=\\a, wasn't she?\\x9b"
      reference: "Elle était parfaite\\e[2J, hein ?"
"""


@pytest.fixture
def hostile_suite(tmp_path: Path) -> Path:
    path = tmp_path / "hostile" / "suite.yaml"
    path.parent.mkdir()
    path.write_text(textwrap.dedent(HOSTILE_SUITE), encoding="utf-8")
    return path


def test_check_and_sources_show_the_suites_texts_escaped(hostile_suite: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(hostile_suite)]) == 1
    printed = capsys.readouterr().out
    assert_shown_not_obeyed(printed)
    assert "hostile\\x1b]0;owned\\x07: 0 of 1 reference pass" in printed
    assert main(["sources", str(hostile_suite)]) == 0
    printed = capsys.readouterr().out
    assert_shown_not_obeyed(printed)
    assert printed == "She was perfect\\x1b]52;c;cm0gLXJmIH4=\\x07, wasn't she?\\x9b\n"  # the text kept, one line
    assert main(["sources", str(hostile_suite), "--jsonl"]) == 0
    printed = capsys.readouterr().out
    assert_shown_not_obeyed(printed)
    assert json.loads(printed)["source"] == "She was perfect\x1b]52;c;cm0gLXJmIH4=\x07, wasn't she?\x9b"  # exact


def test_the_run_summary_shows_reasons_and_titles_escaped() -> None:
    records = [{"suite": "tiny", "suite_title": f"Tiny{TITLE}", "system": f"mt{CLEAR}", "id": "s1",
                "category": "syntax", "category_title": f"Syntax{CLEAR}", "subcategory": "subjunctive",
                "subcategory_title": f"Mood\u202e", "outcome": "error", "decided_by": "none",
                "reason": f"the system answered {CLIPBOARD}\ud800", "output": None}]
    lines = error_lines(build_runs(records), problems=[f"reply {TITLE}"])
    assert_shown_not_obeyed("\n".join(lines))
    assert lines[0].startswith("ERROR mt\\x1b[2J\\x1b[H: the system answered \\x1b]52;c;")
    assert_shown_not_obeyed(render_table(build_runs(records), color=False))


def test_the_comparison_with_a_baseline_shows_its_ids_escaped() -> None:
    from pytest_mtchallenge.runs.baseline import Comparison, RateChange, render_comparisons

    comparison = Comparison(suite="tiny", system=f"mt{TITLE}", baseline_system="old", regressions=(f"S1{CLEAR}",),
                            improvements=("S2\u202e",), changes=(RateChange("overall", "overall", 0.5, 0.6),),
                            p_value=0.5, signature_differences=(), paired=2, items=2)
    printed = render_comparisons([comparison], [f"overall fell {CLIPBOARD}"], None)
    assert_shown_not_obeyed(printed)
    assert "newly failing (1): S1\\x1b[2J\\x1b[H" in printed


def test_the_meta_evaluation_shows_outputs_and_reasons_escaped() -> None:
    from pytest_mtchallenge.judge.metaeval import Case, MetaEvaluation, render_meta_evaluation

    case = Case(suite="s", item="A1", subcategory=f"A{TITLE}", category="c", system=f"x{CLEAR}", output=HOSTILE,
                human="no", auto="pass", reason=f"found {CLIPBOARD}")
    printed = render_meta_evaluation(MetaEvaluation((case,)), width=200)
    assert_shown_not_obeyed(printed)
    assert "disagreement s::A1[x\\x1b[2J\\x1b[H]: human no, checker pass: " in printed
