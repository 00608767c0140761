"""Single keys from a terminal (pytest_mtchallenge.review.keys), read on a pseudo-terminal, and
``mtchallenge review --tty`` driven key by key."""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_mtchallenge.formats.yaml import load_verdicts
from pytest_mtchallenge.review.keys import END_OF_INPUT, cbreak, key_name, read_key
from review_suite import OUTPUTS, run_document, write_suite

termios = pytest.importorskip("termios")
pty = pytest.importorskip("pty")


@pytest.mark.parametrize(("pressed", "name"), [
    (b"y", "y"), (b"N", "n"), (b"\x1b[D", "left"), (b"\x1b[C", "right"), (b"\x1bOD", "left"), (b"\x1b[A", "up"),
    (b"\x04", END_OF_INPUT), (b"", END_OF_INPUT), (b"\r", "enter"), ("é".encode(), "é"),
    (b"\x1b", ""), (b"\x1b[15~", ""), (b"\xff", ""), (b"\x07", ""),
])
def test_key_names(pressed: bytes, name: str) -> None:
    assert key_name(pressed) == name


@pytest.fixture
def terminal() -> Iterator[tuple[int, int]]:
    """A pseudo-terminal: (the keyboard's end, the program's end)."""
    keyboard, program = pty.openpty()
    yield keyboard, program
    os.close(keyboard)
    os.close(program)


def _press(keyboard: int, program: int, pressed: bytes) -> str:
    """Press a key once ``read_key`` waits for it in cbreak mode (not before: a canonical terminal
    would take Ctrl-D as its own end of line)."""
    found: list[str] = []
    reader = threading.Thread(target=lambda: found.append(read_key(program)), daemon=True)
    reader.start()
    deadline = time.monotonic() + 10
    while termios.tcgetattr(program)[3] & termios.ICANON:
        assert time.monotonic() < deadline, "read_key never left canonical mode"
        time.sleep(0.005)
    os.write(keyboard, pressed)
    reader.join(timeout=10)
    assert found, f"read_key is still waiting after {pressed!r} (without Enter)"
    return found[0]


@pytest.mark.parametrize(("pressed", "name"), [
    (b"y", "y"), (b"A", "a"), (b"\x1b[D", "left"), (b"\x1bOC", "right"), (b"\x04", END_OF_INPUT),
    ("é".encode(), "é"),
])
def test_a_key_is_read_without_enter_and_the_terminal_is_put_back(terminal: tuple[int, int], pressed: bytes,
                                                                   name: str) -> None:
    keyboard, program = terminal
    before = termios.tcgetattr(program)
    assert _press(keyboard, program, pressed) == name
    assert termios.tcgetattr(program) == before


def test_keys_typed_ahead_wait_for_the_next_read(terminal: tuple[int, int]) -> None:
    keyboard, program = terminal
    assert _press(keyboard, program, b"yn\x1b[D") == "y"
    assert read_key(program) == "n"
    assert read_key(program) == "left"


def test_within_cbreak_a_ctrl_d_typed_ahead_stays_a_key(terminal: tuple[int, int]) -> None:
    keyboard, program = terminal
    before = termios.tcgetattr(program)
    with cbreak(program):
        os.write(keyboard, b"y\x04")
        assert read_key(program) == "y"
        assert read_key(program) == END_OF_INPUT
        assert not termios.tcgetattr(program)[3] & termios.ICANON  # still single keys between reads
    assert termios.tcgetattr(program) == before


# -- mtchallenge review --tty on a terminal ---------------------------------------------------------

def _read_until(keyboard: int, marker: bytes, seen: bytearray, *, count: int) -> None:
    """Read the program's screen until ``marker`` has appeared ``count`` times."""
    deadline = time.monotonic() + 60
    while seen.count(marker) < count:
        assert time.monotonic() < deadline, f"waited for {marker!r} #{count}; screen: {bytes(seen)[-2000:]!r}"
        if select.select([keyboard], [], [], 0.1)[0]:
            try:
                seen += os.read(keyboard, 4096)
            except OSError:  # the program closed the terminal
                break


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals (POSIX)")
def test_the_terminal_review_takes_single_keys_and_ends_at_ctrl_d(tmp_path: Path) -> None:
    suite = write_suite(tmp_path)
    (tmp_path / "run.json").write_text(json.dumps(run_document()))
    keyboard, program = pty.openpty()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "NO_COLOR": "1", "COLUMNS": "120",
           "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-m", "pytest_mtchallenge", "review", "run.json", "--suite", str(suite),
         "--verdicts", "mine.yaml", "--tty", "--annotator", "Ana"],
        cwd=tmp_path, stdin=program, stdout=program, stderr=program, env=env, start_new_session=True)
    os.close(program)
    seen = bytearray()
    try:
        # y on the first output, → skips the second, n on the third, then Ctrl-D, all typed ahead.
        _read_until(keyboard, b"q(uit)? ", seen, count=1)
        os.write(keyboard, b"y\x1b[Cn\x04")
        _read_until(keyboard, b"end of input", seen, count=1)  # reading on: a full terminal would block it
        assert process.wait(timeout=60) == 1
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        os.close(keyboard)
    screen = bytes(seen).decode("utf-8", "replace")
    assert "end of input: 2 verdicts saved to mine.yaml; 3 of 5 outputs still need one" in screen
    assert "Traceback" not in screen
    # The outputs in review order: H1a (alpha and beta), H1b of alpha, H1b of beta, H1c, H1d.
    assert [(v.item, v.output, v.verdict) for v in load_verdicts(tmp_path / "mine.yaml", {"H1a", "H1b", "H1c", "H1d"})] == [
        ("H1a", OUTPUTS["alpha"]["H1a"], "yes"), ("H1b", OUTPUTS["beta"]["H1b"], "no")]
