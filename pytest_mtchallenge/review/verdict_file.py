"""Verdict files that only grow: atomic appends under a lock, and user files overlaid on a suite's own."""
from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats.yaml import load_verdicts, read_yaml
from pytest_mtchallenge.model import RecordedVerdict, Suite

HEADER = ("# Human verdicts recorded with `mtchallenge review` (pytest-mtchallenge).\n"
          "# Append-only: a later verdict of the same annotator on the same output replaces an earlier one.\n")


def verdict_file_suite(path: Path) -> str | None:
    """The suite a verdict file names (its ``suite:`` field), or None when it names none."""
    document = read_yaml(path)
    if isinstance(document, dict) and document.get("suite") is not None:
        return str(document["suite"])
    return None


def overlay_verdicts(suite: Suite, paths: Iterable[Path]) -> Suite:
    """``suite`` with the verdicts of user files (``--mt-verdicts``) added to its own.

    A file that names another suite (``suite: NAME``) is left out; a file that names none applies
    to every suite. A file that does not exist yet holds no verdicts (``mtchallenge review``
    creates it). The files join the suite's ``verdict_paths``, so a run's signature changes with them.
    """
    extra: list[RecordedVerdict] = []
    used: list[Path] = []
    item_ids = frozenset(item.id for item in suite.items)
    for path in paths:
        if not path.is_file():
            continue
        named = verdict_file_suite(path)
        if named is not None and named != suite.name:
            continue
        extra.extend(load_verdicts(path, item_ids))
        used.append(path)
    if not used:
        return suite
    return replace(suite, verdicts=(*suite.verdicts, *extra), verdict_paths=(*suite.verdict_paths, *used))


def render_entries(verdicts: Sequence[RecordedVerdict]) -> str:
    """Verdicts as entries of a block-style ``verdicts:`` list (``- item: …`` lines)."""
    import yaml

    entries = []
    for verdict in verdicts:
        entry: dict[str, object] = {"item": verdict.item, "output": verdict.output, "verdict": verdict.verdict}
        for key in ("system", "annotator", "source"):
            if getattr(verdict, key):
                entry[key] = getattr(verdict, key)
        if verdict.annotators:
            entry["annotators"] = dict(verdict.annotators)
        entries.append(entry)
    return yaml.dump(entries, Dumper=yaml.SafeDumper, sort_keys=False, allow_unicode=True, width=1_000_000,
                     default_flow_style=False)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock beside ``path`` (two annotators writing one file take turns)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: one writer at a time is the user's care
        yield
        return
    lock = path.with_name(f".{path.name}.lock")
    with open(lock, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` in one step: a crash leaves the old file or the new one, never half.

    The bytes go to a temporary file in the same folder, are flushed to disk, and the temporary file
    is renamed over ``path`` (``os.replace`` is atomic on POSIX and Windows).
    """
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError, AttributeError):  # make the rename itself durable (POSIX)
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


class VerdictFile:
    """A verdict file of the suite format that ``mtchallenge review`` appends to.

    Every :meth:`append` re-reads the file under a lock, adds the new entries after the earlier
    ones (their text is kept byte for byte) and replaces the file atomically, after checking that
    the result loads with every earlier verdict plus the new ones. Nothing is ever removed.
    """

    def __init__(self, path: Path, *, suite: str, item_ids: Iterable[str], source: str = "") -> None:
        self.path = path
        self.suite = suite
        self.item_ids = frozenset(item_ids)
        self.source = source

    def read(self) -> list[RecordedVerdict]:
        """The verdicts in the file (none when it does not exist yet)."""
        if not self.path.exists():
            return []
        self._check_suite()
        return load_verdicts(self.path, self.item_ids)

    def _check_suite(self) -> None:
        named = verdict_file_suite(self.path)
        if named is not None and named != self.suite:
            raise SuiteError(f"holds verdicts of suite {named!r}, not {self.suite!r}: choose another file",
                             file=self.path, field="suite")

    def append(self, verdicts: Sequence[RecordedVerdict]) -> int:
        """Add ``verdicts`` at the end of the file; return how many verdicts it holds now."""
        for verdict in verdicts:
            if verdict.item not in self.item_ids:
                raise SuiteError("verdict for an item the suite does not have", file=self.path, item=verdict.item)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with _locked(self.path):
            before = self.read()
            if before:
                old = self.path.read_bytes()
                text = old + (b"" if old.endswith(b"\n") else b"\n") + render_entries(verdicts).encode("utf-8")
                if not self._loads_as(text, [*before, *verdicts]):
                    text = self._document([*before, *verdicts])  # the list is not last in the file: rewrite it
            else:
                text = self._document(verdicts)
            atomic_write(self.path, text)
        return len(before) + len(verdicts)

    def _document(self, verdicts: Sequence[RecordedVerdict]) -> bytes:
        import yaml

        head: dict[str, str] = {"suite": self.suite}
        if self.source:
            head["source"] = self.source
        fields = yaml.dump(head, Dumper=yaml.SafeDumper, sort_keys=False, allow_unicode=True, width=1_000_000)
        return (HEADER + fields + "verdicts:\n" + render_entries(verdicts)).encode("utf-8")

    def _loads_as(self, text: bytes, expected: Sequence[RecordedVerdict]) -> bool:
        """Whether ``text`` reads back as exactly ``expected`` (the appended entries landed in the list)."""
        import yaml

        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        try:
            document = yaml.load(text.decode("utf-8"), Loader=loader)  # noqa: S506 - a safe loader
        except yaml.YAMLError:
            return False
        entries = document.get("verdicts") if isinstance(document, dict) else None
        if not isinstance(entries, list) or len(entries) != len(expected):
            return False
        tail = entries[len(entries) - 1]
        last = expected[-1]
        return isinstance(tail, dict) and tail.get("item") == last.item and tail.get("output") == last.output
