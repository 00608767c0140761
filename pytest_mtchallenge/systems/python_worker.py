"""The process a ``python:`` system's function runs in: it loads the module, calls the function for
each batch it is sent (and the module's :data:`SCORER` for each batch of candidates to score), and
sends back what it returned.

Started by :mod:`pytest_mtchallenge.systems.python` with the run's ``sys.path`` and run as
``main()``. Messages both ways are frames: eight bytes giving the length (big-endian), then that
many bytes of JSON in UTF-8 (lone surrogates kept, as ``surrogatepass`` writes them). The frames
go over the process's standard input and output; what the function prints goes to standard error.
What it logs is sent to the run as log records (``{"log": …}`` frames before the reply), so that
the run's log capture and its redaction of secrets see them as they would in the run's process.
Only the standard library is imported here, before the user's module.
"""
from __future__ import annotations

import importlib
import inspect
import json
import logging
import os
import signal
import struct
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import BinaryIO

HEADER = struct.Struct(">Q")
#: Room in a frame for the JSON around the outputs, beyond the limit on the outputs themselves.
FRAME_SLACK = 64 * 1024
#: The function a ``python:`` system's module defines beside its translate function to score given
#: translations: ``score(requests)``, one log-probability (or a list of per-token ones) per request.
SCORER = "score"


def encode(message: object) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return HEADER.pack(len(body)) + body


def decode(body: bytes) -> object:
    return json.loads(body.decode("utf-8", "surrogatepass"))


def read_frame(stream: BinaryIO, limit: int) -> bytes | None:
    """The next frame's body, or None at the end of the stream; a frame longer than ``limit`` raises
    ``OverflowError`` before its body is read."""
    header = _read_exactly(stream, HEADER.size)
    if header is None:
        return None
    (length,) = HEADER.unpack(header)
    if length > limit:
        raise OverflowError(length)
    body = _read_exactly(stream, length)
    if body is None:
        raise EOFError("the stream ended inside a frame")
    return body


def _read_exactly(stream: BinaryIO, count: int) -> bytes | None:
    parts: list[bytes] = []
    left = count
    while left:
        part = stream.read(left)
        if not part:
            if left == count:
                return None
            raise EOFError("the stream ended inside a frame")
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def describe(exc: BaseException) -> str:
    """``RuntimeError: model not loaded``; ``SystemExit: sys.exit(3)`` for an exit, in one line."""
    if isinstance(exc, SystemExit):
        return f"SystemExit: sys.exit({exc.code!r})"
    try:
        text = " ".join(str(exc).split())
    except Exception:  # noqa: BLE001 - an exception whose __str__ raises is still named
        text = ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def load(module_name: str, function_name: str, rootdir: str) -> tuple[Callable[..., object], Callable[..., object] | None]:
    """The module's translate function, and its scoring function (:data:`SCORER`) when it defines one."""
    if rootdir not in sys.path:
        sys.path.insert(0, rootdir)
    module = importlib.import_module(module_name)
    function = getattr(module, function_name, None)
    if not callable(function):
        raise ValueError(f"module {module_name!r} has no function {function_name!r}")
    scorer = getattr(module, SCORER, None)
    return function, scorer if callable(scorer) else None


def language_arguments(function: Callable[..., object], languages: dict[str, str]) -> dict[str, str]:
    """The language pair, for a function that takes ``source_language``/``target_language`` or ``**kwargs``."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return {}
    accepts_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    return {key: value for key, value in languages.items() if accepts_any or key in parameters}


def called(call: Callable[[], object]) -> tuple[object, dict[str, object] | None]:
    """What the user's function returned, or the reply that says what it raised or how it exited."""
    try:
        return call(), None
    except Exception as exc:  # noqa: BLE001 - user code: reported as one line
        return None, {"raised": describe(exc)}
    except BaseException as exc:  # noqa: BLE001 - sys.exit(), a KeyboardInterrupt raised by the function
        return None, {"exited": f"raised {describe(exc)}"}


def reply_to_call(function: Callable[..., object], sources: list[str], languages: dict[str, str],
                  limit: int) -> dict[str, object]:
    """Call the function and say what it did: its outputs (each a text, or the name of the type
    it was instead), the type it returned instead of a list, what it raised, or how it exited."""
    returned, fault = called(lambda: function(sources, **language_arguments(function, languages)))
    if fault is not None:
        return fault
    if not isinstance(returned, (list, tuple)):
        return {"returned": type(returned).__name__}
    size = sum(len(output) for output in returned if isinstance(output, str))
    if size > limit:  # every character is at least a byte: too large before any copy is made
        return {"too_large": size}
    # A str subclass is sent as its characters (json reads them, never its __str__).
    return {"outputs": [output if isinstance(output, str) else {"type": type(output).__name__} for output in returned]}


def reply_to_score(scorer: Callable[..., object], requests: list[dict[str, object]], languages: dict[str, str],
                   limit: int) -> dict[str, object]:
    """Call the scoring function and say what it did: its scores (each a number, a list of
    per-token numbers, or ``{"bad": WHAT}`` for anything else), the type it returned instead of a
    list, what it raised, or how it exited. Arrays and tensors are read with their ``tolist()``."""
    returned, fault = called(lambda: _plain(scorer(requests, **language_arguments(scorer, languages))))
    if fault is not None:
        return fault
    if not isinstance(returned, (list, tuple)):
        return {"returned": type(returned).__name__}
    size = sum(len(entry) if isinstance(entry, (list, tuple)) else 1 for entry in returned)
    if size * 2 > limit:  # a number takes at least two bytes in JSON and its separator
        return {"too_large": size * 2}
    return {"scores": [_score_entry(entry) for entry in returned]}


def _plain(value: object) -> object:
    """``value``, or for an array or a tensor (not text) what its ``tolist()`` gives."""
    if isinstance(value, (str, bytes)) or not callable(getattr(value, "tolist", None)):
        return value
    return value.tolist()  # type: ignore[attr-defined]


def _number(value: object) -> float | str:
    """``value`` as a float, or the name of what it is instead."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return type(value).__name__
    try:
        return float(value)
    except OverflowError:
        return "an int too large for a float"


def _score_entry(entry: object) -> object:
    """One request's score as it crosses: a float, a list of floats, or ``{"bad": WHAT}``."""
    try:
        entry = _plain(entry)
    except Exception:  # noqa: BLE001 - a tolist() that fails: named by its type
        return {"bad": type(entry).__name__}
    if isinstance(entry, (list, tuple)):
        if not entry:
            return {"bad": "an empty list"}
        tokens = [_number(token) for token in entry]
        wrong = next((token for token in tokens if isinstance(token, str)), None)
        return {"bad": f"a list holding {wrong}"} if wrong is not None else tokens
    number = _number(entry)
    return {"bad": number} if isinstance(number, str) else number


class _Sender:
    """Writes frames to the run, one at a time (the function may log from threads of its own)."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._lock = threading.Lock()

    def send(self, data: bytes) -> None:
        with self._lock:
            self._stream.write(data)
            self._stream.flush()


class _ForwardRecords(logging.Handler):
    """Sends each log record to the run, which logs it again there."""

    def __init__(self, sender: _Sender) -> None:
        super().__init__()
        self._sender = sender

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = record.getMessage()
            if record.exc_info:
                message += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
            self._sender.send(encode({"log": {"name": record.name, "level": record.levelno, "message": message,
                                              "path": record.pathname, "line": record.lineno,
                                              "function": record.funcName}}))
        except Exception:  # noqa: BLE001 - logging's own way of reporting a handler's fault
            self.handleError(record)


def _watch_parent(parent: int) -> None:
    """End this process when the run that started it is gone (killed without stopping it)."""
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(1)


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the run, which stops this process
    parent = int(os.environ.get("MTCHALLENGE_PARENT_PID", os.getppid()))
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    sender = _Sender(os.fdopen(os.dup(sys.stdout.fileno()), "wb"))
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # what the function prints goes to standard error
    logging.getLogger().addHandler(_ForwardRecords(sender))
    requests = sys.stdin.buffer
    function: Callable[..., object] | None = None
    scorer: Callable[..., object] | None = None
    limit = 0
    module_name = ""
    while (frame := read_frame(requests, 1 << 30)) is not None:
        message = decode(frame)
        assert isinstance(message, dict)
        if "load" in message:
            settings = message["load"]
            limit, module_name = settings["limit"], settings["module"]
            try:
                function, scorer = load(module_name, settings["function"], settings["rootdir"])
                reply: dict[str, object] = {"loaded": True}
            except BaseException as exc:  # noqa: BLE001 - import errors, sys.exit() on import: one line
                reply = {"failed": describe(exc)}
        elif "score" in message:
            call = message["score"]
            if scorer is None:
                reply = {"failed": f"module {module_name!r} has no function {SCORER!r}"}
            else:
                reply = reply_to_score(scorer, call["requests"], call["languages"], limit)
        else:
            assert function is not None
            call = message["call"]
            reply = reply_to_call(function, call["sources"], call["languages"], limit)
        data = encode(reply)
        if len(data) > limit + FRAME_SLACK:  # escapes and multi-byte characters took it past the limit
            data = encode({"too_large": len(data)})
        sender.send(data)


if __name__ == "__main__":
    main()
