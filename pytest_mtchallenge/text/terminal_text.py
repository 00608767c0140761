"""Text from suites, runs, systems and verdict files made safe to print: a terminal shows it, never obeys it."""
from __future__ import annotations

import re

#: What a terminal would act on rather than show: C0 controls but the tab (ESC starts the sequences
#: that set the window title, clear the screen or write the clipboard; CR and backspace overwrite
#: what was printed), DEL, the C1 controls (U+009B is a one-character CSI), the line and paragraph
#: separators, the bidirectional embeddings, overrides and isolates (they reorder the text that
#: follows, on the same line), and lone surrogates (no terminal encoding can carry them).
_BEYOND_C0 = "\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_OBEYED = re.compile(f"[\x00-\x08\x0a-\x1f{_BEYOND_C0}]")
#: JSON escapes every C0 control inside its strings itself, and the line breaks between its tokens are its own.
_OBEYED_IN_JSON = re.compile(f"[{_BEYOND_C0}]")


_NAMED = {"\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


def printable(text: str) -> str:
    """``text`` with each character a terminal would act on written as an escape (``\\x1b``,
    ``\\n``, ``\\u202e``, ``\\ud800``); everything else, tabs included, is kept as it is. Every
    command and report line that prints a user's text (outputs, reasons, sources, names) goes through here."""
    return _OBEYED.sub(_escape, text)


def printable_json(text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) with the same characters as
    :func:`printable` written as JSON escapes (``\\u001b``): the same document for a JSON reader,
    nothing a terminal obeys. They can only stand inside JSON strings, where an escape means the same."""
    return _OBEYED_IN_JSON.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
