"""Tests of the ``cmd:COMMAND`` system: a shell command reading sources on stdin."""
from __future__ import annotations

import shlex
import sys

import pytest
from pathlib import Path


from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, Translations, builtin_system_kinds, parse_system_spec
from tests.systems.translations import assert_all_failed


def python_command(code: str) -> str:
    """A shell command running ``code`` with this interpreter."""
    return f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}"


def translate(suite: Suite, code: str, *, rootdir: Path, timeout: float = 60.0) -> Translations:
    options = SystemOptions(rootdir=rootdir, timeout=timeout)
    system = parse_system_spec(f"cmd:{python_command(code)}", builtin_system_kinds(), options)
    return system.translate(suite=suite, items=suite.items)


UPPERCASE = "import sys\nfor line in sys.stdin:\n    print(line.rstrip('\\n').upper())"


def test_each_stdin_line_gets_its_output_line(suite: Suite, tmp_path: Path) -> None:
    translations = translate(suite, UPPERCASE, rootdir=tmp_path)
    assert dict(translations.outputs) == {item.id: item.source.upper() for item in suite.items}
    assert not translations.errors and not translations.problems


def test_the_system_is_named_after_the_program(tmp_path: Path) -> None:
    options = SystemOptions(rootdir=tmp_path)
    system = parse_system_spec("cmd:marian-decoder -c model.yml", builtin_system_kinds(), options)
    assert system.name == "cmd:marian-decoder"
    assert system.argument == "marian-decoder -c model.yml"


def test_non_zero_exit_fails_every_item_with_status_and_last_stderr_line(suite: Suite, tmp_path: Path) -> None:
    code = "import sys; print('partial'); sys.stderr.write('loading model\\nCUDA out of memory\\n\\n'); sys.exit(3)"
    translations = translate(suite, code, rootdir=tmp_path)
    assert_all_failed(suite, translations, "exited with status 3", "CUDA out of memory")
    assert translations.errors["s1"].endswith("exited with status 3: CUDA out of memory")
    assert translations.problems


def test_wrong_number_of_output_lines_fails_every_item(suite: Suite, tmp_path: Path) -> None:
    translations = translate(suite, "import sys; sys.stdin.read(); print('une seule ligne')", rootdir=tmp_path)
    assert_all_failed(suite, translations, "returned 1 outputs for 3 sources")


def test_the_command_is_told_the_language_pair(suite: Suite, tmp_path: Path) -> None:
    code = ("import os, sys\nfor line in sys.stdin:\n"
            "    print(os.environ['MT_SOURCE_LANGUAGE'] + '->' + os.environ['MT_TARGET_LANGUAGE'])")
    translations = translate(suite, code, rootdir=tmp_path)
    assert set(translations.outputs.values()) == {"en->fr"}
    assert len(translations.outputs) == 3


def test_the_command_runs_in_the_rootdir(suite: Suite, tmp_path: Path) -> None:
    (tmp_path / "model.txt").write_text("modèle\n", encoding="utf-8")
    code = ("import sys\nname = open('model.txt', encoding='utf-8').read().strip()\n"
            "for line in sys.stdin:\n    print(name)")
    translations = translate(suite, code, rootdir=tmp_path)
    assert set(translations.outputs.values()) == {"modèle"}


def test_a_command_running_too_long_times_out(suite: Suite, tmp_path: Path) -> None:
    translations = translate(suite, "import time; time.sleep(3)", rootdir=tmp_path, timeout=0.5)
    assert_all_failed(suite, translations, "timed out after 0.5s")


def test_a_command_printing_more_than_the_limit_fails_in_one_line_and_is_stopped(
        suite: Suite, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The output is read a block at a time and no further than MAX_REPLY_BYTES (issue 25, 9: a
    command printing 300 MB took the run to 3.5 GB): the command, which would then print for ten
    minutes more, is killed once the limit is passed."""
    from pytest_mtchallenge import systems

    monkeypatch.setattr(systems, "MAX_REPLY_BYTES", 1024 * 1024)
    flood = "import sys, time\nsys.stdout.write('x' * 8 * 1024 * 1024)\nsys.stdout.flush()\ntime.sleep(600)"
    translations = translate(suite, flood, rootdir=tmp_path)
    assert_all_failed(suite, translations, "its standard output is larger than 1 MiB (MAX_REPLY_BYTES): "
                                           "not read further")


def test_an_output_at_the_limit_is_read(suite: Suite, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mtchallenge import systems

    monkeypatch.setattr(systems, "MAX_REPLY_BYTES", 1024 * 1024)
    code = "import sys\nsys.stdin.read()\nprint('a' * (1024 * 1024 - 9))\nprint('b')\nprint('c')"
    translations = translate(suite, code, rootdir=tmp_path)
    assert sorted(map(len, translations.outputs.values())) == [1, 1, 1024 * 1024 - 9]


def test_crlf_and_a_long_stderr_keep_their_meaning(suite: Suite, tmp_path: Path) -> None:
    code = ("import sys\nsys.stdin.read()\nsys.stdout.write('un\\r\\ndeux\\r\\ntrois\\r\\n')\nsys.stdout.flush()\n"
            "sys.stderr.write('noise\\n' * 100000 + 'the model is missing\\n')\nsys.exit(2)")
    translations = translate(suite, code, rootdir=tmp_path)
    assert_all_failed(suite, translations, "exited with status 2: the model is missing")
    code = "import sys\nsys.stdin.read()\nsys.stdout.write('un\\r\\ndeux\\r\\ntrois\\r\\n')"
    assert sorted(translate(suite, code, rootdir=tmp_path).outputs.values()) == ["deux", "trois", "un"]


def test_editing_what_a_named_script_runs_changes_the_signature(tmp_path: Path) -> None:
    """Issue 34, 8: the README's cmd:"./translate.sh en fr" served the old outputs after the script it
    calls was edited: only files named on the command line were digested."""
    (tmp_path / "translate.sh").write_text("#!/bin/sh\nexec python3 model.py \"$@\"\n", encoding="utf-8")
    (tmp_path / "model.py").write_text("import sys\nfor line in sys.stdin: print(line.upper(), end='')\n")
    (tmp_path / "weights.bin").write_bytes(b"\0" * 10)
    system = parse_system_spec('cmd:./translate.sh en fr', builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    before = system.signature
    assert system.digested == ("translate.sh", "model.py")
    (tmp_path / "model.py").write_text("import sys\nfor line in sys.stdin: print(line.lower(), end='')\n")
    assert system.signature != before
    edited = system.signature
    (tmp_path / "weights.bin").write_bytes(b"\1" * 10)  # named by nothing: not digested
    assert system.signature == edited


def test_the_files_a_script_writes_or_reads_are_not_followed(tmp_path: Path) -> None:
    """Only the scripts a named script runs count: a log it appends to would make every run a new one."""
    (tmp_path / "translate.py").write_text("import json\nopen('calls.txt', 'a').write('1')\n", encoding="utf-8")
    (tmp_path / "calls.txt").write_text("", encoding="utf-8")
    system = parse_system_spec("cmd:python3 translate.py", builtin_system_kinds(), SystemOptions(rootdir=tmp_path))
    before = system.signature
    (tmp_path / "calls.txt").write_text("11", encoding="utf-8")
    assert system.signature == before and system.digested == ("translate.py",)


# -- what a command prints, read as file: reads a file (issue 39, point 11) -------------------------

def test_an_output_that_is_not_utf8_fails_the_batch_in_one_line(suite: Suite, tmp_path: Path) -> None:
    """A Latin-1 ``café`` was decoded with U+FFFD and judged, while file: refuses the same bytes."""
    code = "import sys\nsys.stdin.read()\nsys.stdout.buffer.write('café\\nun\\ndeux\\n'.encode('latin-1'))"
    translations = translate(suite, code, rootdir=tmp_path)
    assert_all_failed(suite, translations, "its standard output is not UTF-8 text (byte 3: invalid continuation byte)")


def test_a_leading_bom_is_not_part_of_the_first_output(suite: Suite, tmp_path: Path) -> None:
    code = "import sys\nsys.stdin.read()\nsys.stdout.buffer.write('\\ufeffun\\ndeux\\ntrois\\n'.encode('utf-8'))"
    assert list(translate(suite, code, rootdir=tmp_path).outputs.values()) == ["un", "deux", "trois"]


def test_a_background_child_holding_the_output_does_not_time_the_batch_out(suite: Suite, tmp_path: Path) -> None:
    """The command prints its outputs and exits, leaving a child that holds standard output open:
    reading until every writer closed it waited for the timeout, and failed the batch."""
    code = ("import subprocess, sys\nsys.stdin.read()\nprint('un'); print('deux'); print('trois')\nsys.stdout.flush()\n"
            "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)'])")
    translations = translate(suite, code, rootdir=tmp_path, timeout=20)
    assert list(translations.outputs.values()) == ["un", "deux", "trois"] and not translations.errors
