"""The category report stays readable: last in the output, one line per wrong output by default,
short signatures, and the full failure block on request."""
from __future__ import annotations

from pathlib import Path

import pytest


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-judge=human", *args)


def test_the_table_is_the_last_thing_before_the_final_line(pytester: pytest.Pytester) -> None:
    lines = _run(pytester).outlines
    table = max(i for i, line in enumerate(lines) if line.startswith("Overall"))
    failed = max(i for i, line in enumerate(lines) if line.startswith("FAILED "))
    assert failed < table
    assert lines[-1].startswith("=") and "166 failed, 158 passed" in lines[-1]


def test_wrong_outputs_take_one_line_each_by_default(pytester: pytest.Pytester) -> None:
    result = _run(pytester)
    text = result.stdout.str()
    assert "question:" not in text and "_ isabelle2017-en-fr::S1a[pbmt-1] _" not in text
    result.stdout.fnmatch_lines(["FAILED isabelle2017-en-fr::S1a[[]pbmt-1[]] - fail (decided by human)*"])


@pytest.mark.parametrize("flags", [["-rN"], ["-rN", "--tb=no"], ["-rNs", "-q"]])
def test_minus_r_n_leaves_the_failed_lines_out(pytester: pytest.Pytester, flags: list[str]) -> None:
    """The compact mode of a CI log: pytest's own -rN, no line per wrong output, the report kept."""
    result = _run(pytester, *flags)
    text = result.stdout.str()
    assert "FAILED " not in text and "question:" not in text
    result.stdout.fnmatch_lines(["Overall *", "*166 failed, 158 passed*"])


@pytest.mark.parametrize("flag", ["-v", "--tb=long"])
def test_the_full_block_on_request(pytester: pytest.Pytester, flag: str) -> None:
    result = _run(pytester, flag)
    result.stdout.fnmatch_lines(["*isabelle2017-en-fr::S1a[[]pbmt-1[]]*", "verdict:   fail (decided by human)*",
                                 "S1a [[]pbmt-1[]] — *", "question:  *", "source:    *"])


def test_signatures_are_short_and_shared_parts_printed_once(pytester: pytest.Pytester) -> None:
    lines = _run(pytester).outlines
    start = next(i for i, line in enumerate(lines) if line.startswith("signature: "))
    block = " ".join(lines[start:start + 6])
    assert block.count("suite-hash:") == 1 and "checkers:22#" in block
    assert "agreement@" not in block
    assert any(line.strip() == "pbmt-1: system:recorded:pbmt-1" for line in lines)


def test_the_full_signature_stays_in_the_json_report(pytester: pytest.Pytester) -> None:
    import json

    _run(pytester, "--mt-report=r.json")
    run = json.loads(pytester.path.joinpath("r.json").read_text(encoding="utf-8"))["runs"][0]
    assert "agreement@" in run["signature"] and "clitic@" in run["signature"]


EVIL = """\
name: evil
outputs:
  M1a: "Les lettres de mon frère\\e]0;owned\\a aurait dû nous prévenir.\\e[2J"
  M1b: "Le chien des voisins\\x9b31m aboie.\\e]52;c;cm0gLXJmIH4=\\a"
  T1a: "Elle était parfaite, n'était-elle pas ?\\u202e"
  T1b: "Il était en retard\\e[H, hein ?"
"""


@pytest.mark.parametrize("flags", [["-rA"], ["-v", "-rA"]], ids=["short", "full"])
def test_outputs_are_shown_on_the_terminal_never_obeyed(pytester: pytest.Pytester, mini_suite: Path,
                                                        flags: list[str]) -> None:
    (mini_suite.parent / "systems" / "old.yaml").write_text(EVIL, encoding="utf-8")
    result = pytester.runpytest(str(mini_suite), "--mt-judge=auto+human", *flags)
    text = result.stdout.str()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    for char in ("\x1b", "\x07", "\x9b", "\u202e"):
        assert char not in text, f"{char!r} reached the terminal"
    assert "needs human verdict: checker 'agreement': no finite verb found after the subject 'lettres'" in text
    if "-v" in flags:
        assert "output:    Elle était parfaite, n'était-elle pas ?\\u202e" in text


def test_minus_r_s_lists_each_skipped_output_under_its_test_id(pytester: pytest.Pytester) -> None:
    """n/a and review are skips located at the test, not at the plugin line that raised them."""
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-judge=auto", "-rNs")
    text = result.stdout.str()
    assert "nodes.py" not in text
    result.stdout.fnmatch_lines(["SKIPPED [[]1[]] isabelle2017-en-fr::S1c[[]google-2016[]]: needs human verdict: *"])
