"""Writing a file atomically: a temporary file of its own, flushed to disk, renamed over the target.

The one atomic writer of the plugin: reports (JSON, HTML), saved runs and verdict files all go
through :func:`write_atomically`.
"""
from __future__ import annotations

import contextlib
import os
import uuid
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, renamed over ``path``.

    Readers see the old file or the new one, never half of one, and a crash after the rename
    leaves the new one (the bytes and the rename are flushed to disk). Concurrent writers never
    share a temporary file (its name is unique, created with ``O_EXCL``); a failure of any kind
    (a full disk, a folder that cannot be written, an interruption) leaves no temporary file
    behind. A file that existed keeps its permissions; a new one gets the usual ones (0o666 less
    the umask).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{uuid.uuid4().hex[:12]}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
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
