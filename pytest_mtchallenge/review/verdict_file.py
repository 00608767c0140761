"""Verdict files that only grow: atomic appends under a lock, and user files overlaid on a suite's own."""
from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats.yaml import named_suite as _named_suite, read_yaml, verdicts_of
from pytest_mtchallenge.model import RecordedVerdict
from pytest_mtchallenge import files
from pytest_mtchallenge.formats.verdict_entries import EntryProblem, check_verdict, render_entries, render_yaml, text_problem

HEADER = ("# Human verdicts recorded with `mtchallenge review` (pytest-mtchallenge).\n"
          "# Append-only: a later verdict of the same annotator on the same output replaces an earlier one.\n")


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock beside ``path`` (two annotators writing one file take turns), and on
    the file itself when hard links share it: writers through its other names take the lock beside
    their own name, and the inode is what they have in common (it is written in place, never replaced)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: one writer at a time is the user's care
        yield
        return
    lock = path.with_name(f".{path.name}.lock")
    with open(lock, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            try:
                shared = open(path, "rb") if path.stat().st_nlink > 1 else None
            except FileNotFoundError:
                shared = None
            with shared if shared is not None else contextlib.nullcontext():
                if shared is not None:
                    fcntl.flock(shared.fileno(), fcntl.LOCK_EX)
                yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _journal(path: Path) -> Path:
    return path.with_name(f".{path.name}.journal")


def rewrite_in_place(path: Path, data: bytes) -> None:
    """Write ``data`` into ``path``'s own inode, so that every hard link to it sees the new content.

    A rename would give ``path`` a new inode and leave the other links on the old one. The new
    content goes first to a journal beside the file (a temporary file, flushed, renamed to
    ``.NAME.journal``), then over the file, which is truncated and flushed; the journal is removed
    last. A crash in between leaves the whole new content in the journal, which
    :func:`replay_journal` writes back before the file is next read or written. The caller holds
    the file's lock.
    """
    journal = _journal(path)
    files.write_atomically(journal, data)
    _overwrite(path, data)
    journal.unlink()


def replay_journal(path: Path) -> None:
    """Finish a :func:`rewrite_in_place` that was interrupted (the caller holds the file's lock)."""
    journal = _journal(path)
    try:
        data = journal.read_bytes()
    except FileNotFoundError:
        return
    _overwrite(path, data)
    journal.unlink()


def _overwrite(path: Path, data: bytes) -> None:
    with open(path, "r+b") as handle:
        handle.write(data)
        handle.truncate()
        handle.flush()
        os.fsync(handle.fileno())


def _list_is_last(text: bytes) -> bool:
    """Whether entries added at the end of ``text`` land in its top-level ``verdicts:`` block list.

    In block YAML, a line at column 0 that is not blank, a comment or a ``- `` entry starts a
    top-level key (continuation lines of the entries are indented): the last such line must be
    ``verdicts:``, and the text must end with a line break.
    """
    if not text.endswith(b"\n"):
        return False
    for line in reversed(text.splitlines()):
        if not line or line[:1] in (b" ", b"\t", b"#") or line.startswith(b"- "):
            continue
        return line.rstrip() == b"verdicts:"
    return False


def _stamp(path: Path) -> tuple[int, int, int]:
    status = path.stat()
    return status.st_ino, status.st_size, status.st_mtime_ns


class VerdictFile:
    """A verdict file of the suite format that ``mtchallenge review`` appends to.

    Every :meth:`append` takes a lock beside the file, adds the new entries after the earlier ones
    (whose bytes are kept as they are) and replaces the file atomically
    (:func:`~pytest_mtchallenge.files.write_atomically`).
    The file is parsed again only when someone else changed it since this object last read or
    wrote it; a file whose ``verdicts:`` list is not last is rewritten whole, every verdict kept.
    Nothing is ever removed.

    A file shared through links stays shared: a symbolic link is followed to its target, which is
    locked and written (the link stays a link); a file with several hard links is written in place,
    keeping its inode (:func:`rewrite_in_place`), since a rename would detach this name from the others.
    """

    def __init__(self, path: Path, *, suite: str, item_ids: Iterable[str], source: str = "") -> None:
        self.path = path
        self.suite = suite
        self.item_ids = frozenset(item_ids)
        self.source = source
        self._known: tuple[int, int, int] | None = None  # the file as this object last read or wrote it
        self._count = 0

    def target(self) -> Path:
        """The file the verdicts are written to: the path, or the file its symbolic links lead to."""
        try:
            return self.path.resolve()
        except (OSError, RuntimeError) as exc:  # a loop of links (RuntimeError before Python 3.13)
            raise SuiteError(f"cannot follow its symbolic links: {getattr(exc, 'strerror', None) or exc}",
                             file=self.path) from None

    def read(self) -> list[RecordedVerdict]:
        """The verdicts in the file (none when it does not exist yet); a bad file is a SuiteError."""
        if _journal(target := self.target()).exists():  # an in-place write was interrupted: finish it
            with _locked(target):
                replay_journal(target)
        if not self.path.exists():
            self._known, self._count = None, 0
            return []
        stamp = _stamp(self.path)
        document = read_yaml(self.path)
        named = _named_suite(document)
        if named is not None and named != self.suite:
            raise SuiteError(f"holds verdicts of suite {named!r}, not {self.suite!r}: choose another file",
                             file=self.path, field="suite")
        verdicts = verdicts_of(document, self.path, self.item_ids)
        self._known, self._count = stamp, len(verdicts)
        return verdicts

    def append(self, verdicts: Sequence[RecordedVerdict]) -> int:
        """Add ``verdicts`` at the end of the file; return how many verdicts it holds now."""
        for verdict in verdicts:  # what the reader would refuse is never written
            try:
                check_verdict(verdict, item_ids=self.item_ids)
            except EntryProblem as problem:
                raise SuiteError(problem.message, file=self.path, item=verdict.item, field=problem.field) from None
        target = self.target()
        target.parent.mkdir(parents=True, exist_ok=True)
        with _locked(target):
            files.remove_left_temporaries(target)  # left by a writer that was killed
            replay_journal(target)  # before self.read(), which would otherwise take the lock again
            exists = target.exists()
            if exists and self._known != _stamp(target):
                self.read()  # new to this object, or changed by another writer: check it loads
            if exists:
                old = target.read_bytes()
                if _list_is_last(old):
                    text = old + render_entries(verdicts).encode("utf-8")
                else:  # e.g. a hand-written file with a field after its list: write it again, whole
                    text = self._document([*self.read(), *verdicts])
            else:
                self._count = 0
                text = self._document(verdicts)
            if len(text) > files.MAX_FILE_BYTES:  # the next reader would refuse the whole file
                limit = files.MAX_FILE_BYTES // (1024 * 1024)
                raise SuiteError(f"the verdict would make the file larger than {limit} MiB, the limit of a file "
                                 "read: start another verdict file", file=self.path)
            if exists and target.stat().st_nlink > 1:
                rewrite_in_place(target, text)  # keep the inode that the other hard links share
            else:
                files.write_atomically(target, text)
            self._known = _stamp(target)
            self._count += len(verdicts)
            return self._count

    def _document(self, verdicts: Sequence[RecordedVerdict]) -> bytes:
        head: dict[str, str] = {"suite": self.suite}
        if self.source:
            head["source"] = self.source
        for field, text in head.items():
            if (problem := text_problem(text)) is not None:
                raise SuiteError(problem, file=self.path, field=field)
        return (HEADER + render_yaml(head) + "verdicts:\n" + render_entries(verdicts)).encode("utf-8")
