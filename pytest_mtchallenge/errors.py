"""Errors about user input, each rendered as one line naming the file, item and field."""
from __future__ import annotations

from pathlib import Path


#: The most characters of a value an error message quotes (:func:`quoted`).
QUOTED_CHARS = 60


def quoted(value: object, limit: int = QUOTED_CHARS) -> str:
    """``value`` as an error message quotes it: its ``repr``, and for text longer than ``limit``
    characters its first ones and how many there are (``'aaaa…' (100000 characters)``): a one-line
    error never holds a whole file's worth of a field."""
    if isinstance(value, str) and len(value) > limit:
        start = repr(value[:limit])
        return f"{start[:-1]}…{start[-1]} ({len(value)} characters)"
    shown = repr(value)
    return shown if len(shown) <= limit + 2 else f"{shown[:limit]}… ({len(shown)} characters)"


class MTChallengeError(Exception):
    """Base class: a problem the user can fix, shown as one line without a traceback."""

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        item: str | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        self.item = item
        self.field = field
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = []
        if self.file:
            where.append(self.file)
        if self.item:
            where.append(f"item {self.item}")
        if self.field:
            where.append(f"field {self.field!r}")
        prefix = ": ".join(where)
        text = " ".join(self.message.split())
        return f"{prefix}: {text}" if prefix else text


class SuiteError(MTChallengeError):
    """A suite, recorded-system or verdict file that cannot be loaded."""


class OutputError(MTChallengeError):
    """An output file or a system reply that does not match the suite."""


class SystemFailure(MTChallengeError):
    """An MT system that could not translate (crash, non-zero exit, bad reply)."""


class JudgingError(MTChallengeError):
    """An output that cannot be judged: a suite's regular expression ran past its time bound."""
