"""``mtchallenge runs list|show|compare``: the saved runs read back, and --mt-compare's decision over two of them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_mtchallenge.cli import main
from pytest_mtchallenge.runs.store import AUTOSAVE_FOLDER, RunStatus
from pytest_mtchallenge.runs.saved import read_saved, run_rows

SUITE = "isabelle2017-en-fr"


def save(folder: Path, name: str, system: str, *, status: RunStatus = RunStatus()) -> Path:
    """A saved run of a bundled recorded system, as pytest --mt-save writes it (scored without pytest)."""
    from pytest_mtchallenge.checkers import builtin_checkers
    from pytest_mtchallenge.runs.plan import RunPlan
    from pytest_mtchallenge.reporting.json import write_json
    from pytest_mtchallenge.runs.scoring import score, terminal_translator
    from pytest_mtchallenge.systems import SystemOptions, builtin_system_kinds
    from pytest_mtchallenge.verdict import JudgeMode

    plan = RunPlan(suites=[SUITE], systems=[f"recorded:{system}"], mode=JudgeMode.AUTO_HUMAN,
                   checkers=builtin_checkers(), system_kinds=builtin_system_kinds(), system_options=SystemOptions(),
                   invocation_dir=folder)
    runs = score(plan, terminal_translator(write_line=lambda line: None)).runs
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json(runs, path, environment={"date": "2026-05-01T10:00:00+00:00", "command_line": "pytest --mt-save"},
               status=status.to_dict())
    return path


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with three numbered runs: google-2016 (accepted), pbmt-1 (rejected), google-2016 again."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / AUTOSAVE_FOLDER
    save(folder, "0001_google-2016.json.gz", "google-2016")
    save(folder, "0002_pbmt-1.rejected.json.gz", "pbmt-1", status=RunStatus(gate="failed"))
    save(folder, "0003_google-2016.json.gz", "google-2016")
    return tmp_path


def test_the_list_has_each_numbered_run(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["runs", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["run", "state", "date", "suites", "systems", "overall", "success", "rate"]
    assert lines[1].split() == ["0001", "accepted", "2026-05-01T10:00:00+00:00", SUITE, "google-2016",
                                "google-2016", "66.7%"]
    assert lines[2].split()[:2] == ["0002", "rejected"] and lines[2].endswith("pbmt-1 29.6%")
    assert len(lines) == 4


def test_an_unreadable_run_is_listed_with_why(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (store / AUTOSAVE_FOLDER / "0004_x.json").write_text("{", encoding="utf-8")
    assert main(["runs", "list"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("0004") and "unreadable:" in last


def test_no_runs_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["runs", "list"]) == 0
    assert capsys.readouterr().out == "no saved runs in .mtchallenge/runs (save one with pytest --mt-autosave)\n"


def test_another_folder(store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "elsewhere"
    (store / AUTOSAVE_FOLDER).rename(other)
    assert [row.number for row in run_rows(other)] == [1, 2, 3]
    assert main(["runs", "show", "2", "--dir", str(other)]) == 0
    assert "status: rejected: it failed its gate" in capsys.readouterr().out


@pytest.mark.parametrize(("spec", "number", "status"), [("last", "0003", "accepted"), ("latest", "0003", "accepted"),
                                                         ("2", "0002", "rejected: it failed its gate")])
def test_show_names_a_run_as_compare_does(spec: str, number: str, status: str, store: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["runs", "show", spec]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith(f"run: .mtchallenge/runs/{number}_")
    assert f"status: {status}\n" in out and "date: 2026-05-01T10:00:00+00:00" in out
    assert f"signature [{SUITE} " in out and "|suite-hash:" in out
    assert "Overall" in out and "category / subcategory" in out


def test_show_rebuilds_the_typed_runs(store: Path) -> None:
    saved = read_saved(store / AUTOSAVE_FOLDER / "0001_google-2016.json.gz")
    (run,) = saved.runs
    assert run.overall.counts["pass"] == 72 and len(run.items) == 108
    assert [group.id for group in run.categories] == ["morpho_syntactic", "lexico_syntactic", "syntactic"]
    assert saved.state == "accepted"


@pytest.mark.parametrize(("arguments", "message"), [
    (["show", "9"], "no saved run number 0009"),
    (["show", "nothing.json"], "nothing.json: field 'RUN': saved run not found"),
    (["compare", "1", "3", "--gate", "nonsense"], "field '--gate': cannot read gate rule 'nonsense'"),
    (["compare", "1", "12"], "field 'CURRENT': no saved run number 0012"),
    (["compare", "broken.json", "1"], "broken.json: "),
])
def test_errors_are_one_line_and_exit_2(arguments: list[str], message: str, store: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    (store / "broken.json").write_text('{"runs": [{"items": [{"id": "x"}]}]}', encoding="utf-8")
    assert main(["runs", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.err.startswith("mtchallenge: ") and message in captured.err


def test_compare_without_a_gate_exits_0(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["runs", "compare", "1", "2"]) == 0
    out = capsys.readouterr().out
    assert "against [google-2016], 108 paired items: 66.7% → 29.6%" in out and "gate" not in out


def test_compare_json(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["runs", "compare", "1", "2", "--gate", "overall:2%", "--format", "json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert document["gate"]["passed"] is False and document["gate"]["rules"] == "overall:2%"
    assert [c["system"] for c in document["comparisons"]] == ["pbmt-1"]
    assert main(["runs", "compare", "1", "3", "--gate", "overall:2%", "--format", "json"]) == 0


# -- the decision of the pytest run -------------------------------------------------------------------

@pytest.mark.slow
def test_compare_takes_the_decision_of_the_pytest_run(tmp_path: Path) -> None:
    """Two runs saved by pytest, the second gated against the first: ``runs compare`` gives the same
    violations, the same exit status and the same comparison lines as the pytest run did."""
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "100"}
    env.pop("PYTEST_ADDOPTS", None)

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)

    pytest_command = (sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--mt-suite={SUITE}")
    first = run(*pytest_command, "--mt-system=recorded:google-2016", "--mt-save=a.json", "--mt-report-only")
    assert first.returncode == 0, first.stdout + first.stderr
    second = run(*pytest_command, "--mt-system=recorded:pbmt-1", "--mt-compare=a.json",
                 "--mt-compare-fail=overall:2%", "--mt-save=b.json", "--mt-report=b-report.json")
    assert second.returncode == 1, second.stdout + second.stderr
    assert json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))["status"]["state"] == "rejected"
    compared = run("mtchallenge", "runs", "compare", "a.json", "b.json", "--gate", "overall:2%")
    assert compared.returncode == 1, compared.stdout + compared.stderr
    section = second.stdout.split("mtchallenge: comparison with", 1)[1].split("\n", 1)[1]
    section = section.rsplit("\n", 2)[0] + "\n"  # up to pytest's own last line (N failed, M passed)
    assert compared.stdout == "comparison with a.json\n" + section
    report = json.loads((tmp_path / "b-report.json").read_text(encoding="utf-8"))
    as_json = run("mtchallenge", "runs", "compare", "a.json", "b.json", "--gate", "overall:2%", "--format", "json")
    assert as_json.returncode == 1
    document = json.loads(as_json.stdout)
    assert document["gate"] == report["gate"]
    assert document["comparisons"] == report["comparisons"]
    assert document["gate"]["violations"] and not document["gate"]["passed"]
