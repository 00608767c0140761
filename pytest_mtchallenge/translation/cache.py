"""The translation cache: one SQLite file shared by every system and every xdist worker."""
from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS translation (
    key TEXT PRIMARY KEY,
    system TEXT NOT NULL,
    output TEXT NOT NULL,
    created REAL NOT NULL
)
"""


def cache_key(signature: str, source_language: str, target_language: str, source: str) -> str:
    """What identifies one translation: the system's signature (kind, argument and every option that
    changes outputs), the language pair and the source text."""
    payload = json.dumps([signature, source_language, target_language, source], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class TranslationCache:
    """Outputs by (system signature, language pair, source). Only successful outputs are stored.

    SQLite in WAL mode with a busy timeout, so several pytest-xdist workers can read and write
    the same file; :meth:`exclusive` serialises the translation of one suite by one system across
    processes, so a second worker waits and then finds every output cached.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._connection = sqlite3.connect(path, timeout=60, isolation_level=None, check_same_thread=False)
        # Switching to WAL and creating the table take locks SQLite does not wait for under its busy
        # timeout ("database is locked" when two xdist workers open the cache at once): do it under
        # the inter-process lock.
        with self.exclusive("schema"):
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.execute(SCHEMA)

    def close(self) -> None:
        self._connection.close()

    def get_many(self, signature: str, source_language: str, target_language: str,
                 sources: Sequence[str]) -> dict[str, str]:
        """Cached outputs of ``sources`` (source → output); sources not cached are absent."""
        keys = {cache_key(signature, source_language, target_language, s): s for s in sources}
        found: dict[str, str] = {}
        names = list(keys)
        for start in range(0, len(names), 500):
            chunk = names[start:start + 500]
            rows = self._connection.execute(
                f"SELECT key, output FROM translation WHERE key IN ({','.join('?' * len(chunk))})", chunk)
            for key, output in rows:
                found[keys[key]] = output
        return found

    def put_many(self, signature: str, source_language: str, target_language: str,
                 outputs: Mapping[str, str]) -> None:
        """Store successful outputs (source → output)."""
        now = time.time()
        rows = [(cache_key(signature, source_language, target_language, source), signature, output, now)
                for source, output in outputs.items()]
        with self._connection:
            self._connection.executemany("INSERT OR REPLACE INTO translation VALUES (?, ?, ?, ?)", rows)

    def __len__(self) -> int:
        return int(self._connection.execute("SELECT COUNT(*) FROM translation").fetchone()[0])

    @contextlib.contextmanager
    def exclusive(self, name: str) -> Iterator[None]:
        """Hold an inter-process lock named ``name`` (a no-op where ``fcntl`` is missing)."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            yield
            return
        lock_path = self.path.with_name(f"{self.path.name}.{hashlib.sha1(name.encode()).hexdigest()[:16]}.lock")
        with open(lock_path, "w") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


def clear(path: Path) -> None:
    """Remove the cache file and its lock and journal files."""
    for candidate in path.parent.glob(f"{path.name}*"):
        candidate.unlink(missing_ok=True)
