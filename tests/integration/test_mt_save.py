"""--mt-save and --mt-autosave: the run with outcomes, outputs, summary and signature."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers.fr.agreement import AgreementChecker
from pytest_mtchallenge.checkers.generic.regex import RegexChecker


def test_save_writes_outcomes_outputs_summary_and_signature(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-save=runs/old.json")
    result.stdout.fnmatch_lines(["signature: suite:mini|suite-hash:*", "*run saved to *runs/old.json*"])
    (run,) = json.loads((pytester.path / "runs" / "old.json").read_text())["runs"]
    assert run["signature"].startswith("suite:mini|suite-hash:")
    checkers = f"|checkers:agreement@{AgreementChecker.version},regex@{RegexChecker.version}|"
    for part in (checkers, "|lexicon:lefff-3.4@", "|verdicts-hash:", "|judge:auto+human|",
                 "|system:recorded:old|", "|version:"):
        assert part in run["signature"]
    assert {i["id"]: i["output"] for i in run["items"]}["M1b"] == "Le chien des voisins aboie."
    assert run["summary"]["overall"]["ci95"][0] < 0.5 < run["summary"]["overall"]["ci95"][1]


def test_autosave_numbers_runs(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.runpytest(str(mini_suite.parent), "--mt-autosave")
    pytester.runpytest(str(mini_suite.parent), "--mt-autosave", "--mt-system=reference")
    names = sorted(p.name for p in (pytester.path / ".mtchallenge" / "runs").iterdir())
    assert names == ["0001_old.json.gz", "0002_reference.json.gz"]
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", "--mt-compare=last")
    result.stdout.fnmatch_lines(["*comparison with *0002_reference.json.gz*", "*100.0% → 100.0%*"])


def test_an_output_that_is_not_text_errors_its_item_and_every_report_is_written(
        pytester: pytest.Pytester, mini_suite: Path) -> None:
    """A JSONL output escaping half a surrogate pair: that item errors naming the file and line; the
    report and the saved run are still written, whole, with no temporary file left."""
    (pytester.path / "out.jsonl").write_text(
        '{"id": "M1a", "output": "Les lettres de mon fr\\u00e8re auraient d\\u00fb nous pr\\u00e9venir."}\n'
        '{"id": "M1b", "output": "Le chien \\ud800 aboie."}\n'
        '{"id": "T1a", "output": "Elle \\u00e9tait parfaite, n\'est-ce pas ?"}\n'
        '{"id": "T1b", "output": "Il \\u00e9tait en retard, n\'est-ce pas ?"}\n', encoding="utf-8")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=out=file:out.jsonl", "--mt-judge=auto",
                                "--mt-report=reports/report.json", "--mt-save=runs/out.json")
    result.assert_outcomes(passed=3, errors=1)
    result.stdout.fnmatch_lines(["*out.jsonl:2: item M1b: field 'output': holds a lone surrogate U+D800 at "
                                 "character 10, which is not valid Unicode text*"])
    for written in (pytester.path / "reports" / "report.json", pytester.path / "runs" / "out.json"):
        (run,) = json.loads(written.read_text(encoding="utf-8"))["runs"]
        assert {i["id"]: i["outcome"] for i in run["items"]} == {"M1a": "pass", "M1b": "error", "T1a": "pass",
                                                                 "T1b": "pass"}
        assert sorted(p.name for p in written.parent.iterdir()) == [written.name]


def test_a_saved_run_says_when_where_and_how_it_was_made(pytester: pytest.Pytester, mini_suite: Path) -> None:
    import subprocess

    subprocess.run(["git", "init", "-q"], cwd=pytester.path, check=True)
    subprocess.run(["git", "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-q", "--allow-empty",
                    "-m", "start"], cwd=pytester.path, check=True)
    pytester.runpytest(str(mini_suite.parent), "--mt-save=runs/old.json", "--mt-report-only")
    document = json.loads((pytester.path / "runs" / "old.json").read_text())
    made = document["environment"]
    assert made["date"].endswith("+00:00") and made["python"].count(".") == 2
    assert made["pytest"] == pytest.__version__ and made["pytest_mtchallenge"]
    assert len(made["commit"]["id"]) == 40 and made["machine"]["cpus"] >= 1
    assert "--mt-save=runs/old.json" in made["command_line"]


def test_a_save_path_that_cannot_be_written_is_a_usage_error_before_any_test(pytester: pytest.Pytester,
                                                                             mini_suite: Path) -> None:
    (pytester.path / "runs").mkdir()
    result = pytester.runpytest(str(mini_suite.parent), "--mt-save=runs")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*runs: field '--mt-save': is a folder, not a file"])
    assert "passed" not in result.stdout.str() and "failed" not in result.stdout.str()


def test_the_saved_command_line_hides_url_credentials_and_every_secret(pytester: pytest.Pytester, mini_suite: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25, finding 3: the command line was stored as typed, password and tokens included."""
    monkeypatch.setenv("MT_TOKEN", "env_t0ken_123456")
    pytester.makeini('[pytest]\nmt_http_request = {"texts": "{sources}"}\nmt_http_response = translations\n'
                     "mt_secret_env = MT_TOKEN\n")
    url = "http://mt-user:PASSW0RD@127.0.0.1:9/t?api_key=k3y-0123456789&token=t0k-0123456789&lang=fr"
    pytester.runpytest(str(mini_suite.parent), f"--mt-system=remote={url}", "--mt-retries=0", "--mt-report-only",
                       "--mt-save=runs/r.json", "-k", "M1a or env_t0ken_123456")
    document = (pytester.path / "runs" / "r.json").read_text()
    made = json.loads(document)["environment"]["command_line"]
    assert "--mt-system=remote=http://mt-user:***@127.0.0.1:9/t?api_key=***&token=***&lang=fr" in made
    assert "-k M1a or *** " in made  # a known secret of the run, wherever it is typed
    for secret in ("PASSW0RD", "k3y-0123456789", "t0k-0123456789", "env_t0ken_123456"):
        assert secret not in document


def test_a_run_too_large_to_be_read_back_is_not_saved_and_fails_the_run(
        pytester: pytest.Pytester, mini_suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What --mt-save writes, --mt-compare can read: a run past the limit of a saved run is refused
    with one line (never half a file), and a release job does not go on without it."""
    from pytest_mtchallenge import files

    monkeypatch.setattr(files, "MAX_RUN_BYTES", 2048)
    result = pytester.runpytest(str(mini_suite.parent), "--mt-report-only", "--mt-save=runs/r.json")
    result.stdout.fnmatch_lines(["run NOT saved: *r.json: the run is 0 MiB of JSON, more than the 0 MiB a saved run "
                                 "or report may hold to be read back; judge fewer suites or systems per run"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED and not (pytester.path / "runs" / "r.json").exists()


def test_ctrl_c_leaves_the_saved_run_byte_identical_and_records_the_interruption(
        pytester: pytest.Pytester, mini_suite: Path) -> None:
    """Issue 34, 4: with --mt-save=base.json holding a whole run, an interrupted run replaced it with a
    one-item run labelled "selected by a selection". It now goes beside it, saying it was interrupted."""
    import signal
    import subprocess
    import sys
    import time

    whole = pytester.runpytest(str(mini_suite.parent), "--mt-system=recorded:old", "--mt-system=reference",
                               "--mt-save=base.json", "-p", "no:cacheprovider")
    whole.assert_outcomes(passed=6, failed=2)
    before = (pytester.path / "base.json").read_bytes()
    started = pytester.path / "started"
    pytester.makepyfile(slow_mt=f"import time\ndef translate(sources):\n"
                                f"    open({str(started)!r}, 'w').write('1')\n    time.sleep(600)\n")
    # Ctrl-C as a terminal sends it: the run starts with SIGINT's default action (see test_mt_system.py)
    run = subprocess.Popen([sys.executable, "-m", "pytest", str(mini_suite.parent), "--mt-system=recorded:old",
                            "--mt-system=python:slow_mt:translate", "--mt-save=base.json", "-p", "no:cacheprovider"],
                           cwd=pytester.path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        for _ in range(2400):  # up to four minutes for the run to reach the function (a loaded machine)
            if started.exists() or run.poll() is not None:
                break
            time.sleep(0.1)
        assert started.exists(), "the run never reached the python: function"
        run.send_signal(signal.SIGINT)
        output, _ = run.communicate(timeout=120)
    finally:
        run.kill()
    assert run.returncode == pytest.ExitCode.INTERRUPTED, output
    assert (pytester.path / "base.json").read_bytes() == before, output
    interrupted = json.loads((pytester.path / "base.interrupted.json").read_text())
    assert interrupted["status"]["state"] == "interrupted" and interrupted["status"]["accepted"] is False
    assert "run saved to" in output and "base.interrupted.json" in output and "base.json was left as it was" in output


def test_a_worse_model_gated_twice_against_last_fails_both_times(pytester: pytest.Pytester, mini_suite: Path) -> None:
    """Issue 34, 5: --mt-autosave --mt-compare=last ratcheted down: the rejected run became "last", and
    the retried job held."""
    good = pytester.runpytest(str(mini_suite.parent), "--mt-system=mine=reference", "--mt-autosave")
    assert good.ret == pytest.ExitCode.OK
    gate = ["--mt-autosave", "--mt-compare=last", "--mt-compare-fail=items:0"]
    for attempt in (1, 2):
        worse = pytester.runpytest(str(mini_suite.parent), "--mt-system=mine=recorded:old", *gate)
        assert worse.ret == pytest.ExitCode.TESTS_FAILED, f"attempt {attempt}"
        worse.stdout.fnmatch_lines(["*comparison with *0001_mine.json.gz*", "gate FAILED*"])
    names = sorted(p.name for p in (pytester.path / ".mtchallenge" / "runs").iterdir())
    assert names == ["0001_mine.json.gz", "0002_mine.rejected.json.gz", "0003_mine.rejected.json.gz"]
    again = pytester.runpytest(str(mini_suite.parent), "--mt-system=mine=reference", *gate)
    assert again.ret == pytest.ExitCode.OK
    assert (pytester.path / ".mtchallenge" / "runs" / "0004_mine.json.gz").is_file()  # accepted: the new "last"
