"""Writing a report or saved run atomically: a temporary file of its own, renamed over the target."""
from __future__ import annotations

import contextlib
import os
import uuid
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, renamed over ``path``.

    Readers see the old file or the new one, never half of one; concurrent writers never share a
    temporary file (its name is unique, created with ``O_EXCL``); a failure leaves no temporary
    file behind. The file gets the usual permissions (0o666 less the umask).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{uuid.uuid4().hex[:12]}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
