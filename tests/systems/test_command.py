"""Tests of the ``cmd:COMMAND`` system: a shell command reading sources on stdin."""
from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path


from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, Translations, builtin_system_kinds, parse_system_spec


def python_command(code: str) -> str:
    """A shell command running ``code`` with this interpreter."""
    return f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}"


def translate(suite: Suite, code: str, *, rootdir: Path, timeout: float = 60.0) -> Translations:
    options = SystemOptions(rootdir=rootdir, timeout=timeout)
    system = parse_system_spec(f"cmd:{python_command(code)}", builtin_system_kinds(), options)
    return system.translate(suite=suite, items=suite.items)


def assert_all_failed(suite: Suite, translations: Translations, *fragments: str) -> None:
    assert not translations.outputs
    assert set(translations.errors) == {item.id for item in suite.items}
    for message in translations.errors.values():
        for fragment in fragments:
            assert fragment in message


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
    started = time.monotonic()
    translations = translate(suite, "import time; time.sleep(3)", rootdir=tmp_path, timeout=0.5)
    assert time.monotonic() - started < 2.5
    assert_all_failed(suite, translations, "timed out after 0.5s")
