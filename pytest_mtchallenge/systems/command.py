"""``cmd:COMMAND`` — a shell command reading sources on stdin and writing outputs on stdout."""
from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Sequence

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import System, Translations


class CommandSystem(System):
    """Runs COMMAND once per suite with every source on stdin, one per line (UTF-8).

    Newlines inside a source become spaces. The command must print exactly one output line
    per source, in order, and exit with status 0. The environment variables
    ``MT_SOURCE_LANGUAGE`` and ``MT_TARGET_LANGUAGE`` tell it the language pair.
    """

    kind = "cmd"

    def default_name(self) -> str:
        words = self.argument.split()
        return f"cmd:{words[0]}" if words else "cmd"

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem]) -> Translations:
        stdin = "".join(" ".join(item.source.splitlines()) + "\n" for item in items)
        env = dict(os.environ, MT_SOURCE_LANGUAGE=suite.source_language, MT_TARGET_LANGUAGE=suite.target_language)
        origin = f"cmd {self.argument!r}"
        try:
            process = subprocess.Popen(
                self.argument, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", env=env, cwd=self.options.rootdir,
                start_new_session=True,
            )
        except OSError as exc:
            return Translations.failed(items, f"{origin} could not start: {exc}")
        try:
            stdout, stderr = process.communicate(stdin, timeout=self.options.timeout)
        except subprocess.TimeoutExpired:
            _kill_group(process)
            return Translations.failed(items, f"{origin} timed out after {self.options.timeout:g}s")
        if process.returncode != 0:
            last = next((line for line in reversed(stderr.splitlines()) if line.strip()), "no message")
            return Translations.failed(items, f"{origin} exited with status {process.returncode}: {last.strip()}")
        lines = [line.removesuffix("\r") for line in stdout.split("\n")]
        if lines and lines[-1] == "":
            lines.pop()
        return Translations.aligned(items, lines, origin=origin)


def _kill_group(process: subprocess.Popen[str]) -> None:
    """Kill the shell and every process it started (the command runs in its own session)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        process.kill()
    process.communicate()
