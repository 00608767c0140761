"""--mt-system: every system kind end to end, several systems in one report, faults as errors."""
from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

OUTPUTS = {
    "M1a": "Les lettres de mon frère auraient dû nous prévenir.",
    "M1b": "Le chien des voisins aboient.",
    "T1a": "Elle était parfaite, n'est-ce pas ?",
    "T1b": "Il était en retard, n'est-ce pas ?",
}


def test_file_system_jsonl(pytester: pytest.Pytester, mini_suite: Path) -> None:
    out = pytester.path / "out.jsonl"
    out.write_text("".join(json.dumps({"id": k, "output": v}) + "\n" for k, v in OUTPUTS.items()))
    result = pytester.runpytest(str(mini_suite.parent), f"--mt-system=file:{out}")
    result.assert_outcomes(passed=3, failed=1)


def test_file_system_plain_text_in_suite_order(pytester: pytest.Pytester, mini_suite: Path) -> None:
    out = pytester.path / "out.txt"
    out.write_text("\n".join(OUTPUTS.values()) + "\n")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=file:out.txt", "-v")
    result.stdout.fnmatch_lines(["*M1b[[]out[]] FAILED*"])
    result.assert_outcomes(passed=3, failed=1)


def test_cmd_system_translates_once_per_suite(pytester: pytest.Pytester, mini_suite: Path) -> None:
    script = pytester.path / "mt.py"
    script.write_text(textwrap.dedent(f"""\
        import sys, json
        outputs = {json.dumps(list(OUTPUTS.values()))}
        sources = sys.stdin.read().splitlines()
        with open("calls.log", "a") as log:
            log.write(str(len(sources)) + "\\n")
        print("\\n".join(outputs))
    """))
    result = pytester.runpytest(str(mini_suite.parent), f"--mt-system=mine=cmd:{sys.executable} mt.py")
    result.assert_outcomes(passed=3, failed=1)
    assert (pytester.path / "calls.log").read_text().split() == ["4"]
    result.stdout.fnmatch_lines(["*mine translated 4 of 4 sources of mini*"])


def test_python_system(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.makepyfile(mymt=f"""
        OUTPUTS = {OUTPUTS!r}
        def translate(sources, source_language, target_language):
            assert (source_language, target_language) == ("en", "fr")
            return list(OUTPUTS.values())[:len(sources)]
    """)
    pytester.syspathinsert()
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=python:mymt:translate")
    result.assert_outcomes(passed=3, failed=1)


def test_a_missing_python_function_is_a_usage_error_like_a_missing_module(pytester: pytest.Pytester,
                                                                            mini_suite: Path) -> None:
    pytester.makepyfile(mymt="def translate(sources):\n    return sources\n")
    pytester.syspathinsert()
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=python:mymt:nope")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--mt-system=python:mymt:nope: module 'mymt' (*mymt.py) has no function 'nope' "
                                 "(defined there: translate)"])
    assert "python:python:" not in result.stderr.str() + result.stdout.str()


def test_several_systems_give_one_report_with_a_column_each(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", "--mt-system=recorded:old",
                                "--mt-report=r.json")
    result.assert_outcomes(passed=6, failed=2)
    result.stdout.fnmatch_lines(["*category / subcategory*reference*old*", "Overall*100%*4/4*50%*2/4*"])
    report = json.loads((pytester.path / "r.json").read_text())
    assert sorted(run["system"] for run in report["runs"]) == ["old", "reference"]


def test_a_crashing_command_errors_its_items_and_the_run_goes_on(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference",
                                f"--mt-system=bad=cmd:{sys.executable} -c \"import sys; sys.exit('model not found')\"")
    result.assert_outcomes(passed=4, errors=4)
    result.stdout.fnmatch_lines(["*exited with status 1: model not found*"])
    assert "Traceback" not in result.stdout.str()


def test_a_line_count_mismatch_is_refused_in_one_line_before_any_test(pytester: pytest.Pytester,
                                                                       mini_suite: Path) -> None:
    """As a missing file is: one usage error naming the file, the lines found and the items expected."""
    (pytester.path / "short.txt").write_text("only one line\n")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=file:short.txt")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.stderr.lines if line.startswith("ERROR:")]
    assert len(errors) == 1, result.stderr.lines
    assert errors[0].startswith("ERROR: --mt-system=file:short.txt: ")
    assert errors[0].endswith("short.txt: has 1 output lines, suite mini has 4 items "
                              "(plain-text outputs follow suite order, one line per item)")
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_missing_ids_in_jsonl_are_one_line_counting_and_naming_them(pytester: pytest.Pytester,
                                                                   mini_suite: Path) -> None:
    lines = [{"id": k, "output": v} for k, v in OUTPUTS.items() if k not in ("M1b", "T1b")]
    lines.append({"id": "Z9", "output": "?"})
    (pytester.path / "out.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=file:out.jsonl")
    result.assert_outcomes(passed=2, errors=2)
    report = result.stdout.lines[result.stdout.lines.index(next(
        line for line in result.stdout.lines if "category success report" in line)):]
    missing = [line for line in report if "no line has this item's id" in line]
    assert len(missing) == 1 and missing[0].startswith("ERROR out:") and missing[0].endswith("(2 items: M1b, T1b)")
    result.stdout.fnmatch_lines(["ERROR *out.jsonl:3: item Z9: field 'id': not an item of suite mini"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_malformed_output_file_names_file_line_item_and_field(pytester: pytest.Pytester, mini_suite: Path) -> None:
    (pytester.path / "out.jsonl").write_text('{"id": "M1a", "output": "x"}\n{"id": "M1b", "outptu": "y"}\n')
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=file:out.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --mt-system=file:out.jsonl: *out.jsonl:2: item M1b: field 'output': "
                                 "missing, or not text"])


def test_unknown_system_kind_is_a_usage_error(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=telepathy:x")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*unknown system kind 'telepathy'*known kinds: cmd, ct2, deepl, file, hf, http, https, libretranslate, openai, python, recorded, reference*"])


def test_ini_default_system(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.makeini("[pytest]\nmt_system = reference\n")
    result = pytester.runpytest(str(mini_suite.parent))
    result.assert_outcomes(passed=4)


def test_timeout_option_and_bad_numbers(pytester: pytest.Pytester, mini_suite: Path) -> None:
    slow = f"--mt-system=slow=cmd:{sys.executable} -c \"import time; time.sleep(10)\""
    result = pytester.runpytest(str(mini_suite.parent), slow, "--mt-timeout=0.5")
    result.assert_outcomes(errors=4)
    result.stdout.fnmatch_lines(["*timed out after 0.5s*"])
    result = pytester.runpytest(str(mini_suite.parent), "--mt-retries=-1")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--mt-retries=-1: must be 0 or more*"])
    for option, message in (("--mt-timeout=1e10", "*--mt-timeout=1e+10: must be at most 86,400*"),
                            ("--mt-concurrency=100000", "*--mt-concurrency=100000: must be at most 1,024*")):
        result = pytester.runpytest(str(mini_suite.parent), option)  # issue 39, 10: broke every deepl/openai item
        assert result.ret == pytest.ExitCode.USAGE_ERROR
        result.stderr.fnmatch_lines([message])
    pytester.makeini("[pytest]\nmt_batch_size = lots\n")
    result = pytester.runpytest(str(mini_suite.parent))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*ini mt_batch_size = 'lots': expected a number*"])


def test_an_unknown_recorded_system_is_a_usage_error_listing_the_known_ones(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:gogle")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*recorded:gogle*no suite of this run has a recorded system 'gogle' "
                                 "(recorded systems: google-2016, nmt, pbmt-1)*"])


def test_a_system_without_a_suite_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-system=recorded:google-2016")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--mt-system needs a suite to translate*--mt-suite=NAME|PATH*isabelle2017-en-fr*"])


# -- a broken spec is one line; python: modules resolve from the rootdir --------------------

@pytest.mark.parametrize("spec", ["file:nowhere.jsonl", "cmd:./no-such-translate.sh", "cmd:no-such-program-xyz --fast",
                                  "python:no_such_module_xyz:translate"])
def test_a_broken_system_spec_stops_the_run_in_one_line(pytester: pytest.Pytester, mini_suite: Path, spec: str) -> None:
    result = pytester.runpytest(str(mini_suite.parent), f"--mt-system={spec}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.stderr.lines if line.startswith("ERROR:")]
    assert len(errors) == 1 and spec in errors[0]
    assert "not found" in errors[0] or "no module" in errors[0]


@pytest.mark.parametrize(("kind", "files", "value"), [
    ("hf", ("config.json",), "0"), ("hf", ("config.json",), "-4"),
    ("ct2", ("model.bin", "source.spm", "target.spm"), "1.5"),
])
def test_a_bad_batch_of_a_local_model_stops_the_run_in_one_line(pytester: pytest.Pytester, mini_suite: Path, kind: str,
                                                               files: tuple[str, ...], value: str) -> None:
    (pytester.path / "model").mkdir()
    for name in files:
        (pytester.path / "model" / name).write_text("{}")
    result = pytester.runpytest(str(mini_suite.parent), f"--mt-system=local={kind}:model,batch={value}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.stderr.lines if line.startswith("ERROR:")]
    assert errors == [f"ERROR: --mt-system={kind}:model,batch={value}: batch={value}: expected a positive whole number"]


def test_a_python_module_beside_the_suite_is_found_without_pythonpath(pytester: pytest.Pytester,
                                                                      mini_suite: Path) -> None:
    pytester.makepyfile(my_mt="def translate(sources):\n    return ['Bonjour.' for _ in sources]\n")
    result = pytester.runpytest_subprocess(str(mini_suite.parent), "--mt-system=python:my_mt:translate",
                                           "--mt-report-only")
    assert result.ret == pytest.ExitCode.OK
    assert result.parseoutcomes().get("errors", 0) == 0


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_a_timeout_that_is_not_a_finite_number_is_a_usage_error(pytester: pytest.Pytester, mini_suite: Path,
                                                                 value: str) -> None:
    result = pytester.runpytest(str(mini_suite.parent), f"--mt-timeout={value}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*--mt-timeout={float(value)}: must be a finite number*"])
    pytester.makeini(f"[pytest]\nmt_timeout = {value}\n")
    result = pytester.runpytest(str(mini_suite.parent))
    assert result.ret == pytest.ExitCode.USAGE_ERROR


def test_a_python_system_calling_sys_exit_is_one_error_line_per_item(pytester: pytest.Pytester,
                                                                     mini_suite: Path) -> None:
    calls = pytester.path / "calls.txt"
    pytester.makepyfile(mt_exiting=f"import sys\ndef translate(sources):\n"
                                   f"    open({str(calls)!r}, 'a').write('called\\n')\n    sys.exit(3)\n")
    pytester.syspathinsert()
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=python:mt_exiting:translate")
    result.assert_outcomes(errors=4)
    result.stdout.fnmatch_lines(["*python:mt_exiting:translate: raised SystemExit: sys.exit(3)*"])
    assert "Traceback" not in result.stdout.str() and len(result.outlines) < 60
    assert calls.read_text() == "called\n"  # once for the suite, not once per item


_HOSTILE_FUNCTIONS = """\
import os, signal

def exits(sources):
    os._exit(3)

def interrupts(sources):
    raise KeyboardInterrupt

def killed(sources):
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize(("function", "message"), [
    ("exits", "ended the process it runs in (exit status 3) without returning"),
    ("interrupts", "raised KeyboardInterrupt"),
    ("killed", "ended the process it runs in (SIGKILL) without returning"),
])
def test_a_python_function_ending_its_process_loses_no_result_and_no_report(
        pytester: pytest.Pytester, mini_suite: Path, function: str, message: str) -> None:
    """Issue 25, 15: os._exit() or a KeyboardInterrupt inside a python: system ended the run with no
    reports. The function runs in a process of its own: its items error in one line, the recorded
    system's are judged, and the reports and the saved run are written (a real pytest process)."""
    pytester.makepyfile(hostile_mt=_HOSTILE_FUNCTIONS)
    result = pytester.runpytest_subprocess(
        str(mini_suite.parent), "--mt-system=recorded:old", f"--mt-system=python:hostile_mt:{function}",
        "--mt-report=r.json", "--mt-report=r.html", "--mt-save=saved.json", "--mt-batch-size=1", "-p",
        "no:cacheprovider", timeout=300)
    result.assert_outcomes(passed=2, failed=2, errors=4)
    result.stdout.fnmatch_lines([f"ERROR hostile_mt:{function}: python:hostile_mt:{function}: {message} (1 item: *",
                                 f"ERROR hostile_mt:{function}: python:hostile_mt:{function}: not called: an earlier "
                                 f"call {message} (3 items: *"])
    assert "Traceback" not in result.stdout.str() and "INTERNALERROR" not in result.stdout.str()
    runs = json.loads((pytester.path / "r.json").read_text())["runs"]
    errors = {run["system"]: run["summary"]["overall"]["error"] for run in runs}
    assert errors == {"old": 0, f"hostile_mt:{function}": 4}
    assert (pytester.path / "r.html").is_file() and (pytester.path / "saved.json").is_file()


def test_ctrl_c_stops_a_run_waiting_on_a_python_function_and_its_process(pytester: pytest.Pytester,
                                                                         mini_suite: Path) -> None:
    """The function's process ignores SIGINT: Ctrl-C stops the run (pytest's KeyboardInterrupt), and
    the run stops the function's process on its way out."""
    import os
    import signal
    import subprocess
    import time

    started = pytester.path / "started"
    pytester.makepyfile(slow_mt=f"import os, time\ndef translate(sources):\n"
                                f"    open({str(started)!r}, 'w').write(str(os.getpid()))\n    time.sleep(600)\n")
    # Ctrl-C as a terminal sends it: the run starts with SIGINT's default action, even when this test runs in the
    # background of a non-interactive shell (``.ci/run &``), which starts it ignored: a Python started with
    # SIGINT ignored installs no KeyboardInterrupt handler, and the run would never stop
    run = subprocess.Popen([sys.executable, "-m", "pytest", str(mini_suite.parent),
                            "--mt-system=python:slow_mt:translate", "-p", "no:cacheprovider"],
                           cwd=pytester.path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        for _ in range(600):  # up to a minute for the run to reach the function
            if started.exists() and started.read_text():
                break
            time.sleep(0.1)
        worker = int(started.read_text())
        run.send_signal(signal.SIGINT)
        output, _ = run.communicate(timeout=120)
    finally:
        run.kill()
    assert run.returncode == pytest.ExitCode.INTERRUPTED, output
    assert "KeyboardInterrupt" in output
    for _ in range(100):  # the function's process is stopped with the run (within ten seconds)
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the function's process {worker} outlived the run")
