"""``cmd:COMMAND`` — a shell command reading sources on stdin and writing outputs on stdout."""
from __future__ import annotations

import contextlib
import hashlib
import os
import shlex
import shutil
import signal
import subprocess
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from pytest_mtchallenge import systems as system_kinds
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import System, Translations, too_large


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
                env=env, cwd=self.options.rootdir, start_new_session=True,
            )
        except OSError as exc:
            return Translations.failed(items, f"{origin} could not start: {exc}")
        ran = _communicate(process, stdin.encode("utf-8", "replace"), timeout=self.options.timeout,
                           limit=system_kinds.MAX_REPLY_BYTES)
        if ran.timed_out:
            return Translations.failed(items, f"{origin} timed out after {self.options.timeout:g}s")
        if ran.stdout is None:
            return Translations.failed(items, f"{origin}: {too_large('its standard output')}")
        if process.returncode != 0:
            stderr = _text(ran.stderr)
            last = next((line for line in reversed(stderr.splitlines()) if line.strip()), "no message")
            return Translations.failed(items, f"{origin} exited with status {process.returncode}: {last.strip()}")
        lines = [line.removesuffix("\r") for line in _text(ran.stdout).split("\n")]
        if lines and lines[-1] == "":
            lines.pop()
        return Translations.aligned(items, lines, origin=origin)


#: How much of the end of a command's standard error is kept (its last line names a failure).
STDERR_TAIL_BYTES = 64 * 1024
_READ_SIZE = 64 * 1024


@dataclass(frozen=True, slots=True)
class _Ran:
    """What a command printed: ``stdout`` is None when it printed more than the limit."""

    stdout: bytes | None
    stderr: bytes
    timed_out: bool


def _communicate(process: subprocess.Popen[bytes], stdin: bytes, *, timeout: float, limit: int) -> _Ran:
    """Feed ``stdin`` to ``process`` and read its output a block at a time, within ``timeout``
    seconds from now and ``limit`` bytes of standard output; the end of its standard error is kept
    (:data:`STDERR_TAIL_BYTES`). Past either bound the command and everything it started are killed
    at once, and nothing more is read: a command printing gigabytes costs ``limit`` bytes."""
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    expired = threading.Event()

    def expire() -> None:
        expired.set()
        _kill_group(process)

    def feed(pipe: IO[bytes]) -> None:
        with contextlib.suppress(OSError):  # a command that exits without reading it all
            pipe.write(stdin)
        with contextlib.suppress(OSError):
            pipe.close()

    tail = bytearray()

    def drain(pipe: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while block := pipe.read1(_READ_SIZE):  # type: ignore[attr-defined]
                tail.extend(block)
                del tail[:-STDERR_TAIL_BYTES]

    watchdog = threading.Timer(timeout, expire)
    workers = [threading.Thread(target=feed, args=(process.stdin,), daemon=True),
               threading.Thread(target=drain, args=(process.stderr,), daemon=True)]
    watchdog.start()
    for worker in workers:
        worker.start()
    stdout = bytearray()
    try:
        while block := process.stdout.read1(_READ_SIZE):  # type: ignore[attr-defined]
            stdout.extend(block)
            if len(stdout) > limit:
                _kill_group(process)
                break
        process.wait()  # its output is closed; past the timeout the watchdog kills it
    except BaseException:
        _kill_group(process)
        raise
    finally:
        watchdog.cancel()
        for worker in workers:
            worker.join(5)
        process.stdout.close()
        process.stderr.close()
    return _Ran(stdout=None if len(stdout) > limit else bytes(stdout), stderr=bytes(tail),
                timed_out=expired.is_set())


def _text(output: bytes) -> str:
    """A command's output as text: UTF-8 (an invalid byte shown as U+FFFD) with universal newlines."""
    return output.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the shell and every process it started (the command runs in its own session)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        with contextlib.suppress(OSError):
            process.kill()
