"""The ``mtchallenge`` command itself: its version, usage errors in one line, and a reader that goes
away early (``mtchallenge list | head -1``)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pytest_mtchallenge import __version__
from pytest_mtchallenge.cli import CLOSED_PIPE, main


def test_the_version_is_the_packages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"mtchallenge {__version__}\n"


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_port_out_of_range_is_a_usage_error_in_one_line(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "--port", port, "--no-browser"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("mtchallenge review: error: argument --port: ")
    assert ("a port is 0–65535" in captured.err) if port != "http" else ("expected a port number" in captured.err)


def test_an_unknown_command_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lsit"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'lsit'" in err and "see mtchallenge --help" in err


# -- a closed pipe ---------------------------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="a pipe without a reader (POSIX)")
@pytest.mark.parametrize("arguments", [["list"], ["--version"], ["--help"]])
def test_a_reader_that_went_away_ends_the_command_quietly(arguments: list[str]) -> None:
    """The pipe has no reader from the start: the first write fails, as in ``mtchallenge list | head -1``
    when ``head`` has already left."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "pytest_mtchallenge", *arguments], stdout=writer,
                              stderr=subprocess.PIPE, text=True, timeout=120,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    finally:
        os.close(writer)
    assert done.stderr == ""
    assert done.returncode == CLOSED_PIPE == 141
