"""Single key presses read from a terminal without Enter (cbreak mode, restored after each key)."""
from __future__ import annotations

import os
import select
from collections.abc import Iterator
from contextlib import contextmanager

#: The escape sequences of the arrow keys (normal and application cursor mode) and their names.
ARROWS = {b"\x1b[A": "up", b"\x1b[B": "down", b"\x1b[C": "right", b"\x1b[D": "left",
          b"\x1bOA": "up", b"\x1bOB": "down", b"\x1bOC": "right", b"\x1bOD": "left"}
#: The name of Ctrl-D, and of a terminal that hung up: no more answers will come.
END_OF_INPUT = "end of input"
CONTROL_D = b"\x04"
#: How long the rest of an escape sequence or of a multi-byte character may take to arrive.
SETTLE_SECONDS = 0.05


def key_name(pressed: bytes) -> str:
    """What the bytes of one key press mean: an arrow's name, :data:`END_OF_INPUT`, ``enter``, a
    printable character (lower case), or ``""`` for anything else (a lone Escape, a function key)."""
    if pressed in ARROWS:
        return ARROWS[pressed]
    if pressed in (b"", CONTROL_D):
        return END_OF_INPUT
    if pressed in (b"\r", b"\n"):
        return "enter"
    try:
        text = pressed.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    return text.lower() if len(text) == 1 and text.isprintable() else ""


@contextmanager
def cbreak(fd: int) -> Iterator[None]:
    """The terminal ``fd`` in cbreak mode (keys arrive one by one, without echo or line editing;
    Ctrl-C still interrupts), put back as it was on leaving, whatever happens.

    Hold it across several :func:`read_key` calls so that keys typed between two reads stay keys:
    a terminal in its usual (canonical) mode takes Ctrl-D as its own end of line.
    """
    import termios
    import tty

    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)  # TCSANOW: the default (TCSAFLUSH) drops keys typed ahead
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def read_key(fd: int) -> str:
    """Wait for one key press on the terminal ``fd`` and return its :func:`key_name`; the terminal
    is in :func:`cbreak` mode while it waits (also after a job-control stop reset it), and as it
    was afterwards. Keys typed ahead stay in the terminal's buffer for the next call."""
    with cbreak(fd):
        pressed = os.read(fd, 1)
        if pressed:
            pressed += _rest_of_key(fd, pressed[0])
    return key_name(pressed)


def _rest_of_key(fd: int, first: int) -> bytes:
    """The bytes that follow ``first`` in the same key press: an escape sequence's (``ESC [ … final``
    or ``ESC O final``) or a UTF-8 character's continuation bytes."""
    rest = b""
    if first == 0x1B:
        introducer = _next_byte(fd)
        rest += introducer
        if introducer in (b"[", b"O"):
            while len(rest) < 16 and (byte := _next_byte(fd)):
                rest += byte
                if 0x40 <= byte[0] <= 0x7E:  # the sequence's final byte
                    break
    elif first >= 0xC0:
        length = 1 if first < 0xE0 else 2 if first < 0xF0 else 3
        while len(rest) < length and (byte := _next_byte(fd)):
            rest += byte
    return rest


def _next_byte(fd: int) -> bytes:
    return os.read(fd, 1) if select.select([fd], [], [], SETTLE_SECONDS)[0] else b""
