"""``cmd:COMMAND`` — a shell command reading sources on stdin and writing outputs on stdout."""
from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from pytest_mtchallenge import systems as system_kinds
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import OnBatch, System, Translations, too_large


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
        """Files the command line names (its script, a model file…), relative to the rootdir, and the
        scripts each named script names in turn (``translate.sh`` running ``python model.py``): one
        level, so that editing what the README's ``./translate.sh`` runs is a new signature too. Only
        scripts are followed (a ``#!`` line or a script's suffix), not the data or log files a script
        names: a log it writes would change the signature at every run."""
        try:
            words = shlex.split(self.argument)
        except ValueError:
            words = self.argument.split()
        named = self._named(words, self.options.rootdir)
        found = list(named)
        for script in named:
            text = _script_text(script)
            words = list(dict.fromkeys(w for w in _PATH_LIKE.findall(text) if "." in w or "/" in w))
            for path in self._named(words, self.options.rootdir, script.parent):
                if path not in found and _script_text(path):  # the code it runs, not the files it writes
                    found.append(path)
        return found

    @staticmethod
    def _named(words: Sequence[str], *bases: Path) -> list[Path]:
        """The existing files that words of a command line or script name, relative to ``bases``."""
        found: list[Path] = []
        for word in words:
            if "=" in word or not word or len(word) > 4096:
                continue
            candidates = [Path(word)] if Path(word).is_absolute() else [base / word for base in bases]
            for path in candidates:
                try:
                    if path.is_file() and path not in found:
                        found.append(path)
                        break
                except OSError:  # a word too long or odd to be a path
                    break
        return found

    @property
    def signature(self) -> str:
        """The command line and a digest of the files it names and of those its scripts name:
        editing ``translate.sh``, the model file it reads or the script it runs never serves the
        previous outputs from the cache. Files larger than :data:`_DIGESTED_WHOLE` count by their
        size and modification time (a model of gigabytes is not read at every run)."""
        files = self._files()
        if not files:
            return f"cmd:{self.argument}"
        digest = hashlib.sha256()
        for path in files:
            stat = path.stat()
            if stat.st_size > _DIGESTED_WHOLE:
                digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
            else:
                digest.update(path.read_bytes())
        return f"cmd:{self.argument};files={digest.hexdigest()[:12]}".replace("|", "%7C")

    @property
    def digested(self) -> tuple[str, ...]:
        """The names of the files the signature digests, for the cache's line."""
        return tuple(path.name for path in self._files())

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

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
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
        try:
            text = _text(ran.stdout, strict=True)
        except UnicodeDecodeError as exc:  # as file: refuses it: never judged with U+FFFD in it
            return Translations.failed(items, f"{origin}: its standard output is not UTF-8 text "
                                              f"(byte {exc.start}: {exc.reason})")
        lines = [line.removesuffix("\r") for line in text.split("\n")]
        if lines and lines[-1] == "":
            lines.pop()
        return Translations.aligned(items, lines, origin=origin)


#: How much of the end of a command's standard error is kept (its last line names a failure).
STDERR_TAIL_BYTES = 64 * 1024
#: How long the output is still read once the command has exited: a process it left in the
#: background holding its standard output open is then killed, instead of the batch timing out.
EXIT_GRACE_SECONDS = 1.0
_READ_SIZE = 64 * 1024


@dataclass(frozen=True, slots=True)
class _Ran:
    """What a command printed: ``stdout`` is None when it printed more than the limit."""

    stdout: bytes | None
    stderr: bytes
    timed_out: bool


#: A word of a script that may name a file (``model.py``, ``./models/fr.bin``, ``../data/x.yaml``).
_PATH_LIKE = re.compile(r"[A-Za-z0-9_./+~-]+")

#: Files up to this size are digested whole; larger ones by size and modification time.
_DIGESTED_WHOLE = 64 * 1024 * 1024

#: The suffixes of scripts whose words are read for the files they name (and files starting with ``#!``).
_SCRIPT_SUFFIXES = frozenset({".sh", ".bash", ".zsh", ".py", ".pl", ".rb", ".r", ".lua"})


def _script_text(path: Path) -> str:
    """A script's text without its ``#!`` line, or "" for a file that is no script (a model, data)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(1024 * 1024 + 1)
    except OSError:
        return ""
    if len(head) > 1024 * 1024 or (not head.startswith(b"#!") and path.suffix.lower() not in _SCRIPT_SUFFIXES):
        return ""
    text = head.decode("utf-8", "replace")
    return text.split("\n", 1)[1] if text.startswith("#!") and "\n" in text else ("" if text.startswith("#!") else text)


def _communicate(process: subprocess.Popen[bytes], stdin: bytes, *, timeout: float, limit: int) -> _Ran:
    """Feed ``stdin`` to ``process`` and read its output a block at a time, within ``timeout``
    seconds from now and ``limit`` bytes of standard output; the end of its standard error is kept
    (:data:`STDERR_TAIL_BYTES`). Past either bound the command and everything it started are killed
    at once, and nothing more is read: a command printing gigabytes costs ``limit`` bytes. Once the
    command has exited, its output is read for :data:`EXIT_GRACE_SECONDS` more; then whatever it
    left running (a background child holding the output open) is killed."""
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

    stdout = bytearray()

    def collect(pipe: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while block := pipe.read1(_READ_SIZE):  # type: ignore[attr-defined]
                stdout.extend(block)
                if len(stdout) > limit:
                    _kill_group(process)
                    return

    watchdog = threading.Timer(timeout, expire)
    readers = [threading.Thread(target=collect, args=(process.stdout,), daemon=True),
               threading.Thread(target=drain, args=(process.stderr,), daemon=True)]
    workers = [threading.Thread(target=feed, args=(process.stdin,), daemon=True), *readers]
    watchdog.start()
    for worker in workers:
        worker.start()
    try:
        process.wait()  # past the timeout the watchdog kills it
        grace_ends = time.monotonic() + EXIT_GRACE_SECONDS
        for reader in readers:
            reader.join(max(0.0, grace_ends - time.monotonic()))
        if any(reader.is_alive() for reader in readers):  # something it started holds an output open
            _kill_group(process)
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


def _text(output: bytes, *, strict: bool = False) -> str:
    """A command's output as text: UTF-8 without a leading BOM, with universal newlines. An invalid
    byte is shown as U+FFFD (a message), or raises ``UnicodeDecodeError`` when ``strict`` (outputs)."""
    text = output.decode("utf-8-sig", "strict" if strict else "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the shell and every process it started (the command runs in its own session)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        with contextlib.suppress(OSError):
            process.kill()
