"""``mtchallenge score``: outputs judged outside pytest, with the same rates as the pytest run on them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.cli import main
from pytest_mtchallenge.runs.plan import RunPlan
from pytest_mtchallenge.registry import Registry
from pytest_mtchallenge.runs.scoring import score, terminal_translator
from pytest_mtchallenge.systems import SystemOptions, builtin_system_kinds
from pytest_mtchallenge.verdict import JudgeMode

SUITE = "isabelle2017-en-fr"


def recorded_outputs(system: str) -> dict[str, str]:
    """A bundled system's recorded outputs, by item id (what a user's outputs.jsonl would hold)."""
    plan = RunPlan(suites=[SUITE], systems=[f"recorded:{system}"], mode=JudgeMode.AUTO_HUMAN,
                   checkers=builtin_checkers(), system_kinds=builtin_system_kinds(), system_options=SystemOptions(),
                   invocation_dir=Path.cwd())
    runs = score(plan, terminal_translator(write_line=lambda line: None)).runs
    return {result.id: result.judgement.output or "" for result in runs[0].items}


def write_outputs(path: Path, outputs: dict[str, str]) -> Path:
    path.write_text("".join(json.dumps({"id": i, "output": o}, ensure_ascii=False) + "\n" for i, o in outputs.items()),
                    encoding="utf-8")
    return path


def test_the_plan_is_judged_as_the_tests_judge_it() -> None:
    plan = RunPlan(suites=[SUITE], systems=["recorded:google-2016", "recorded:pbmt-1"], mode=JudgeMode.AUTO_HUMAN,
                   checkers=builtin_checkers(), system_kinds=builtin_system_kinds(), system_options=SystemOptions(),
                   invocation_dir=Path.cwd())
    scored = score(plan, terminal_translator(write_line=lambda line: None))
    assert [(run.system, len(run.items)) for run in scored.runs] == [("google-2016", 108), ("pbmt-1", 108)]
    google = scored.runs[0]
    assert google.overall.counts["pass"] == 72  # the rate the pytest run prints (67% [57–75] 72/108)
    assert google.signature == plan.plans()[0].signature("google-2016")
    assert scored.errors == 0 and scored.problems == ()


def test_the_table_is_the_pytest_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", SUITE, "--system=recorded:google-2016"]) == 0
    out = capsys.readouterr().out
    assert "Overall" in out and "72/108" in out and "system:recorded:google-2016" in out


def test_json_is_the_report_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", SUITE, "--system=recorded:google-2016", "--format=json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["tool"] == "pytest-mtchallenge"
    (run,) = document["runs"]
    assert run["system"] == "google-2016" and run["summary"]["overall"]["pass"] == 72


def test_missing_outputs_are_errors_and_exit_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    outputs = recorded_outputs("google-2016")
    write_outputs(tmp_path / "outputs.jsonl", dict(list(outputs.items())[:100]))
    assert main(["score", SUITE, "--system=file:outputs.jsonl", "--report=r.json", "--report=html:r.html"]) == 1
    out = capsys.readouterr().out
    assert "ERROR outputs:" in out and "no line has this item's id" in out
    assert "report written to r.json" in out and "report written to r.html" in out
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["runs"][0]["summary"]["overall"]["error"] == 8


def test_a_gate_decides_the_exit_status(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["score", SUITE, "--system=recorded:google-2016", "--report=a.json"]) == 0
    capsys.readouterr()
    assert main(["score", SUITE, "--system=recorded:pbmt-1", "--compare=a.json", "--gate=overall:2%"]) == 1
    out = capsys.readouterr().out
    assert "comparison with a.json" in out and "gate FAILED (rules overall:2% against a.json)" in out
    assert main(["score", SUITE, "--system=recorded:google-2016", "--compare=a.json", "--gate=overall:2%",
                 "--format=json"]) == 0
    assert json.loads(capsys.readouterr().out)["gate"]["passed"] is True


@pytest.mark.parametrize(("arguments", "message"), [
    (["nosuch", "--system=recorded:x"], "nosuch: no bundled suite of that name"),
    ([SUITE, "--system=file:nosuch.jsonl"], "--system=file:nosuch.jsonl: output file not found"),
    ([SUITE, "--system=recorded:nobody"], "no suite of this run has a recorded system 'nobody'"),
    ([SUITE, "--system=recorded:google-2016", "--gate=x"], "field '--gate': cannot read gate rule 'x'"),
    ([SUITE, "--system=recorded:google-2016", "--gate=overall:2%"], "a gate needs a baseline: add --compare=RUN"),
    ([SUITE, "--system=recorded:google-2016", "--compare=7"], "field '--compare': no saved run number 0007"),
    ([SUITE, "--system=recorded:google-2016", "--compare=none.json"], "none.json: field '--compare': saved run "
                                                                       "not found"),
    ([SUITE, "--system=recorded:google-2016", "--report=r.txt"], "--report=r.txt: cannot tell the report format"),
])
def test_errors_are_one_line_and_exit_2(arguments: list[str], message: str, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["score", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("mtchallenge: ") and "Traceback" not in captured.err
    assert message in captured.err


def test_plugin_checker_families_are_seen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A family an installed plugin contributes (its pytest11 entry point) is in the command's registry."""
    import importlib.metadata

    plugin = ModuleType("some_plugin")
    family = type("Mine", (builtin_checkers()["regex"],), {})
    plugin.pytest_mtchallenge_checkers = lambda: {"mine": family}  # type: ignore[attr-defined]

    class Entry:
        name, value = "some", "some_plugin"

        def load(self) -> ModuleType:
            return plugin

    class Broken(Entry):
        name, value = "broken", "broken_plugin"

        def load(self) -> ModuleType:
            raise ImportError("no module named broken_plugin")

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [Entry(), Broken()])
    registry = Registry.outside_pytest(directory=tmp_path)
    checkers, kinds = registry.checkers, registry.system_kinds
    assert checkers["mine"] is family and "regex" in checkers and "file" in kinds


# -- the same rates as the pytest run ------------------------------------------------------------------

def _environment() -> dict[str, str]:
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "100"}
    env.pop("PYTEST_ADDOPTS", None)
    return env


def _outcomes(report: dict[str, object]) -> dict[tuple[str, str, str], tuple[str, str, str]]:
    return {(item["suite"], item["system"], item["id"]): (item["outcome"], item["decided_by"], item["reason"])
            for run in report["runs"] for item in run["items"]}  # type: ignore[attr-defined,index]


@pytest.mark.slow
def test_score_gives_the_pytest_runs_outcome_for_every_item(tmp_path: Path) -> None:
    """The issue's promise: ``mtchallenge score SUITE --system=file:outputs.jsonl`` prints the rates
    of ``pytest --mt-suite=SUITE --mt-system=file:outputs.jsonl``, item for item: outputs of one
    system with some missing and some without a word (errors), judged both ways."""
    outputs = recorded_outputs("pbmt-1")
    outputs = dict(list(outputs.items())[:-3])  # the last three have no line: errors
    outputs["S1a"] = "???"  # no word: an error
    write_outputs(tmp_path / "outputs.jsonl", outputs)
    env = _environment()
    pytest_run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--mt-suite={SUITE}",
         "--mt-system=file:outputs.jsonl", "--mt-report=pytest.json"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert pytest_run.returncode == 1, pytest_run.stdout + pytest_run.stderr
    scored = subprocess.run(["mtchallenge", "score", SUITE, "--system=file:outputs.jsonl", "--report=score.json"],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert scored.returncode == 1, scored.stdout + scored.stderr  # errors, as the pytest run's
    by_pytest = json.loads((tmp_path / "pytest.json").read_text(encoding="utf-8"))
    by_score = json.loads((tmp_path / "score.json").read_text(encoding="utf-8"))
    assert _outcomes(by_score) == _outcomes(by_pytest)
    assert len(_outcomes(by_score)) == 108
    assert [run["summary"] for run in by_score["runs"]] == [run["summary"] for run in by_pytest["runs"]]
    assert [run["signature"] for run in by_score["runs"]] == [run["signature"] for run in by_pytest["runs"]]
    assert by_score["runs"][0]["summary"]["overall"]["error"] == 4
    # The table printed is the pytest run's, line for line.
    table = pytest_run.stdout.split("mtchallenge: category success report", 1)[1].split("\n", 1)[1]
    table = table.split("report written to", 1)[0]
    assert scored.stdout.startswith(table)


# -- docs/ci.md's block, as a user copies it ---------------------------------------------------------

DOC = Path(__file__).resolve().parents[1] / "docs" / "ci.md"


def documented_block() -> str:
    import re

    section = DOC.read_text(encoding="utf-8").split("## Scoring and comparing outside pytest", 1)[1]
    section = section.split("\n## ", 1)[0]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]


def _rates(text: str) -> list[str]:
    """The table's rate cells (``67% [57–75] 72/108``), in order."""
    import re

    return re.findall(r"│\s+(.*?\d+/\d+)\s*$", text, re.M)


@pytest.mark.slow
def test_the_documented_commands_do_what_the_text_says(tmp_path: Path) -> None:
    done = subprocess.run(["bash", "-c", documented_block()], cwd=tmp_path, env=_environment(), capture_output=True,
                          text=True, timeout=600)
    lines = done.stdout.splitlines()
    assert lines[-3:] == ["runs compare: exit 1", "score: exit 0", "score gate: exit 1"], done.stdout + done.stderr
    listing = lines[1:-3]
    assert listing[0].split()[:2] == ["0001", "accepted"] and listing[0].endswith("google-2016 66.7%")
    assert listing[1].split()[:2] == ["0002", "rejected"] and listing[1].endswith("pbmt-1 29.6%")
    assert (tmp_path / "last.log").read_text().startswith("run: .mtchallenge/runs/0001_google-2016.json.gz\n")
    for log in ("compare.log", "gate.log"):
        assert "gate FAILED (rules overall:2% against " in (tmp_path / log).read_text(), log
    score_log = (tmp_path / "score.log").read_text()
    assert _rates(score_log) == _rates((tmp_path / "run2.log").read_text()) and _rates(score_log)
    assert "system:file:outputs.jsonl" in score_log and (tmp_path / "outputs.html").is_file()


def test_ctrl_c_while_translating_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import pytest_mtchallenge.runs.scoring

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(pytest_mtchallenge.runs.scoring, "score", interrupted)
    assert main(["score", SUITE, "--system=recorded:google-2016"]) == 130
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == "mtchallenge: interrupted; nothing was judged or written\n"
