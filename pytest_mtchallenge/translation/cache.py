"""The translation cache: one SQLite file shared by every system and every xdist worker."""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS translation (
    key TEXT PRIMARY KEY,
    system TEXT NOT NULL,
    output TEXT NOT NULL,
    created REAL NOT NULL
)
"""
#: The columns this plugin reads and writes; a ``translation`` table without them is not ours.
COLUMNS = ("key", "system", "output", "created")
#: How keys are made, kept in the file as SQLite's ``user_version``. Version 2 keys encode the
#: structure of what was translated (:class:`Segment`); version 1 keys hashed a flat text, so a
#: sentence whose text was the JSON of a list had the key of a document. Rows of an older version
#: are deleted when the file is opened (a key cannot be rebuilt from its hash); a newer version's
#: rows are left alone, and never match a key of this one.
KEY_VERSION = 2


@dataclass(frozen=True, slots=True)
class Segment:
    """What a system was given for one item: its sentence alone, or (in document mode) its sentence
    after the document context it belongs to."""

    sentence: str
    context: tuple[str, ...] | None = None  # None: the sentence alone

    def parts(self) -> list[object]:
        """Tagged parts, so no sentence ever has a document's key: ``["sentence", S]`` or
        ``["document", [C1, C2, …], S]``."""
        if self.context is None:
            return ["sentence", self.sentence]
        return ["document", list(self.context), self.sentence]


def cache_key(scope: Sequence[str], segment: Segment) -> str:
    """What identifies one stored text: the key version, the ``scope`` (the system's signature and
    every setting that changes its outputs, the language pair, what the row holds) and the
    segment, serialised as one JSON array, which no two different structures share."""
    payload = json.dumps([KEY_VERSION, list(scope), segment.parts()], ensure_ascii=False)
    # surrogatepass: a source may hold a lone surrogate (a "\ud800" escape in a suite file); its key
    # is still well defined.
    return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()


def _identity(path: Path) -> tuple[int, int] | None:
    """The file's device and inode (None when it does not exist)."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class TranslationCache:
    """Stored texts by scope (system signature, settings, language pair, what is stored) and
    :class:`Segment`. Only successful outputs are stored.

    SQLite in WAL mode with a busy timeout, so several pytest-xdist workers can read and write
    the same file; :meth:`exclusive` serialises the translation of one suite by one system across
    processes, so a second worker waits and then finds every output cached.

    A file that is not a cache of this plugin (corrupt, truncated, another program's database)
    is set aside under a new name, with a line through ``warn``, and a fresh cache is made in its
    place. A row whose output is not text counts as a miss. When the file is deleted or replaced
    while the cache is open (``--mt-cache-clear`` or ``pytest --cache-clear`` in another run), the
    next read or write opens the file now at ``path``, so no output is written into a deleted file.
    A file whose keys are of an older :data:`KEY_VERSION` has its rows deleted, with a line through
    ``warn``.
    """

    def __init__(self, path: Path, *, warn: Callable[[str], None] | None = None) -> None:
        self.path = path
        self.warn = warn or (lambda line: None)
        self._connection: sqlite3.Connection | None = None
        self._identity: tuple[int, int] | None = None
        self._open()

    def _open(self) -> None:
        """Open (or create) the file; set aside a file that is not a usable cache."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Switching to WAL and creating the table take locks SQLite does not wait for under its busy
        # timeout ("database is locked" when two xdist workers open the cache at once): do it under
        # the inter-process lock. Under it, a second process finds the file the first one rebuilt.
        with self.exclusive("schema"):
            try:
                self._connection = self._connect()
            except sqlite3.OperationalError:
                raise  # locked, read-only, no disk space: the file may be fine, leave it be
            except sqlite3.DatabaseError as exc:  # not a database, malformed, or not our table
                aside = self._set_aside()
                self.warn(f"mtchallenge: the translation cache {self.path} is not usable ({exc}); "
                          f"moved it to {aside.name} and started a new one")
                self._connection = self._connect()
            self._identity = _identity(self.path)

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=60, isolation_level=None, check_same_thread=False)
        try:
            # Read before writing anything: another program's database is set aside untouched.
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables - {"translation"}:
                raise sqlite3.DatabaseError(f"it holds other tables ({', '.join(sorted(tables - {'translation'}))})")
            columns = {row[1] for row in connection.execute("PRAGMA table_info(translation)")}
            missing = [column for column in COLUMNS if column not in columns]
            if columns and missing:
                raise sqlite3.DatabaseError(f"its translation table has no column {missing[0]!r}")
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(SCHEMA)
            connection.execute("SELECT key, output FROM translation LIMIT 1").fetchall()
            self._migrate(connection)
        except BaseException:
            connection.close()
            raise
        return connection

    def _migrate(self, connection: sqlite3.Connection) -> None:
        """Delete the rows of an older key version and mark the file with this one (called under
        the inter-process schema lock). Rows first: a run killed in between deletes them again.
        Their bytes are overwritten, not left in free pages: outputs stored before they were
        redacted may hold a key."""
        version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        if version >= KEY_VERSION:
            return
        connection.execute("PRAGMA secure_delete = ON")
        try:
            dropped = connection.execute("DELETE FROM translation").rowcount
        finally:
            connection.execute("PRAGMA secure_delete = OFF")
        connection.execute(f"PRAGMA user_version = {KEY_VERSION}")
        with contextlib.suppress(sqlite3.OperationalError):  # another process is reading: it checkpoints later
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        if dropped > 0:
            self.warn(f"mtchallenge: the translation cache {self.path} holds {dropped} entries of an older "
                      "version, whose keys could mistake one source for another; they were dropped and "
                      "will be translated again")

    def _set_aside(self) -> Path:
        """Rename the file (and its journal files) to ``NAME.unusable-TIMESTAMP``; return the new path."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.unusable-{stamp}-{os.getpid()}")
        for suffix in ("", "-wal", "-shm", "-journal"):
            candidate = self.path.with_name(self.path.name + suffix)
            with contextlib.suppress(FileNotFoundError):
                candidate.replace(aside.with_name(aside.name + suffix))
        return aside

    @property
    def connection(self) -> sqlite3.Connection:
        """The open connection, reopened first if the file was deleted or replaced since."""
        if self._connection is None or _identity(self.path) != self._identity:
            if self._connection is not None:
                self._connection.close()
            self._open()
        assert self._connection is not None
        return self._connection

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def get_many(self, scope: Sequence[str], segments: Sequence[Segment]) -> dict[Segment, str]:
        """Stored texts of ``segments`` in ``scope`` (segment → text); segments not stored are absent."""
        keys = {cache_key(scope, segment): segment for segment in segments}
        found: dict[Segment, str] = {}
        names = list(keys)
        connection = self.connection
        for start in range(0, len(names), 500):
            chunk = names[start:start + 500]
            # Outputs are decoded here, not by sqlite3: a value that is not UTF-8 text is then a miss
            # (translated again and overwritten), not an error failing the whole lookup.
            rows = connection.execute(
                f"SELECT key, typeof(output), CAST(output AS BLOB) FROM translation "
                f"WHERE key IN ({','.join('?' * len(chunk))})", chunk)
            for key, kind, output in rows:
                if kind != "text" or key not in keys:
                    continue
                try:
                    found[keys[key]] = output.decode("utf-8")
                except UnicodeDecodeError:
                    continue
        return found

    def put_many(self, scope: Sequence[str], outputs: Mapping[Segment, str]) -> None:
        """Store texts in ``scope`` (segment → text); a text that is not valid Unicode is skipped."""
        now = time.time()
        system = scope[0] if scope else ""  # for whoever reads the file; the key holds the whole scope
        rows = [(cache_key(scope, segment), system, output, now)
                for segment, output in outputs.items() if isinstance(output, str) and _encodable(output)]
        if not rows:
            return
        connection = self.connection
        with connection:
            connection.executemany("INSERT OR REPLACE INTO translation VALUES (?, ?, ?, ?)", rows)

    def clear(self) -> None:
        """Delete every row (other processes with the file open keep writing into it)."""
        connection = self.connection
        with connection:
            connection.execute("DELETE FROM translation")
        with contextlib.suppress(sqlite3.OperationalError):  # another process is reading: keep the pages
            connection.execute("VACUUM")

    def __len__(self) -> int:
        return int(self.connection.execute("SELECT COUNT(*) FROM translation").fetchone()[0])

    @contextlib.contextmanager
    def exclusive(self, name: str) -> Iterator[None]:
        """Hold an inter-process lock named ``name`` (a no-op where ``fcntl`` is missing)."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            yield
            return
        lock_path = self.path.with_name(f"{self.path.name}.{hashlib.sha1(name.encode()).hexdigest()[:16]}.lock")
        lock_path.parent.mkdir(parents=True, exist_ok=True)  # the folder may have been removed meanwhile
        with open(lock_path, "w") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


def clear(path: Path, *, warn: Callable[[str], None] | None = None) -> None:
    """Empty the cache at ``path``.

    Rows are deleted rather than the file removed: a run that has the file open at the same time
    goes on writing into the file every later run reads. A file that is not a cache of this
    plugin is set aside (see :class:`TranslationCache`); one that cannot be opened at all (a
    read-only disk, say) is removed with its journal files.
    """
    if not path.exists():
        return
    try:
        cache = TranslationCache(path, warn=warn)
        try:
            cache.clear()
        finally:
            cache.close()
    except (sqlite3.Error, OSError):
        try:
            for suffix in ("", "-wal", "-shm", "-journal"):
                path.with_name(path.name + suffix).unlink(missing_ok=True)
        except OSError as exc:  # a directory in its place, a read-only folder: said, and the run goes on
            if warn is not None:
                warn(f"mtchallenge: --mt-cache-clear: the translation cache {path} could not be emptied "
                     f"({type(exc).__name__}: {exc.strerror or exc}); the run goes on without it")
