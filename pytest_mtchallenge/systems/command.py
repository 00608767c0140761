"""``cmd:COMMAND`` — a shell command reading sources on stdin and writing outputs on stdout."""
from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import signal
import subprocess
from collections.abc import Sequence
from pathlib import Path

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import System, Translations


_SHELL_WORDS = frozenset({"(", "{", "!", "exec", "env", "time", "nice", "nohup", "cd", "source", ".", "if", "for"})


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

    def _files(self) -> list[Path]:
        """Files the command line names (its script, a model file…), relative to the rootdir."""
        try:
            words = shlex.split(self.argument)
        except ValueError:
            words = self.argument.split()
        found = []
        for word in words:
            path = Path(word) if Path(word).is_absolute() else self.options.rootdir / word
            if "=" not in word and path.is_file():
                found.append(path)
        return found

    @property
    def signature(self) -> str:
        """The command line and a digest of the files it names: editing ``translate.sh`` (or the
        model file it reads) never serves the previous outputs from the cache."""
        files = self._files()
        if not files:
            return f"cmd:{self.argument}"
        digest = hashlib.sha256()
        for path in files:
            digest.update(path.read_bytes())
        return f"cmd:{self.argument};files={digest.hexdigest()[:12]}".replace("|", "%7C")

    def check_usable(self) -> None:
        """The command's program must exist: on PATH, or as a file under the rootdir."""
        try:
            words = shlex.split(self.argument)
        except ValueError as exc:
            raise ValueError(f"--mt-system=cmd:{self.argument}: cannot read the command line: {exc}") from None
        if not words or "=" in words[0] or words[0] in _SHELL_WORDS:
            return  # an environment assignment or shell syntax first: the shell will tell
        program = words[0]
        local = Path(program) if Path(program).is_absolute() else self.options.rootdir / program
        if shutil.which(program) is None and not local.exists():
            raise ValueError(f"--mt-system=cmd:{self.argument}: command {program!r} not found "
                             f"(not on PATH, nor under {self.options.rootdir})")

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
