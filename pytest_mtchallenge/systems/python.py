"""``python:module:function`` — a Python callable taking a list of sources."""
from __future__ import annotations

import ast
import contextlib
import dataclasses
import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import logging
import math
import os
import queue
import signal
import subprocess
import sys
import threading
import weakref
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge import systems as system_kinds
from pytest_mtchallenge.contrastive.model import CandidateScore
from pytest_mtchallenge.contrastive.scoring import ScoreRequest, Scores
from pytest_mtchallenge.errors import SystemFailure, quoted
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.text.suggest import did_you_mean
from pytest_mtchallenge.systems import OnBatch, System, Translations, too_large
from pytest_mtchallenge.systems.batching import translate_in_batches
from pytest_mtchallenge.systems.python_worker import FRAME_SLACK, SCORER, decode, encode, read_frame
from pytest_mtchallenge.systems.python_worker import describe as _describe


class PythonSystem(System):
    """Calls ``function(sources)`` once per batch of ``--mt-batch-size`` sources, one batch at a time;
    it returns the outputs as a list in order.

    When the function accepts ``source_language`` and ``target_language`` keyword arguments
    (or ``**kwargs``), it is given the suite's language pair too.

    **The function runs in a process of its own** (:mod:`pytest_mtchallenge.systems.python_worker`),
    started at the first call with the run's ``sys.path`` (the rootdir first) and kept for the run:
    the module is imported once. Whatever the function does there, the run's own process, its
    finished results and its reports are safe: a call that raises fails its batch in one line
    (``raised RuntimeError: model not loaded``); one that exits — ``sys.exit()``, a
    ``KeyboardInterrupt`` it raises, ``os._exit()``, a crash of the interpreter — fails its batch
    in one line and the function is not called again in the run (the remaining batches error at
    once, saying why). Each call has ``--mt-timeout`` seconds: past them its process is stopped,
    its batch errors, and so do the suite's remaining batches, at once (a hung function costs one
    timeout per suite, not one per batch); the next suite starts a new process. What a call
    returns is read no further than :data:`~pytest_mtchallenge.systems.MAX_REPLY_BYTES`. Outputs
    cross as text: a ``str`` subclass arrives as its characters (its own methods never run here).
    Only Ctrl-C stops the run (the function's process ignores it and is stopped with the run).

    **It scores given translations** (contrastive suites, ``--mt-contrastive``) when the module
    defines ``score(requests)`` beside the function (:meth:`score`), called in the same process
    under the same rules; a module without one says so in one line (:meth:`cannot_score`).
    """

    kind = "python"

    _worker: _Worker | None = None  # the process the function runs in, once started
    _exited: str | None = None  # why the function may not be called again (it exited)

    def default_name(self) -> str:
        return self.argument

    def _names(self) -> tuple[str, str]:
        module_name, sep, function_name = self.argument.rpartition(":")
        if not sep or not module_name or not function_name:
            raise ValueError(f"expected python:module:function, got python:{self.argument}")
        return module_name, function_name

    def _find(self, module_name: str) -> importlib.machinery.ModuleSpec | None:
        """The module's spec, looked up as pytest's ``pythonpath`` would: the rootdir first."""
        with _on_path(self.options.rootdir):
            try:
                return importlib.util.find_spec(module_name)
            except (ImportError, ValueError):
                return None

    def check_usable(self) -> None:
        module_name, function_name = self._names()
        spec = self._find(module_name)
        if spec is None:
            raise ValueError(f"--mt-system=python:{self.argument}: no module {module_name!r} in the rootdir "
                             f"({self.options.rootdir}) or on sys.path (set pythonpath in the ini file, "
                             "or PYTHONPATH, to where it is)")
        names = _top_level_names(spec)
        if names is not None and function_name not in names:
            functions = sorted(name for name in names if not name.startswith("_"))
            hint = did_you_mean(function_name, functions)
            raise ValueError(f"--mt-system=python:{self.argument}: module {module_name!r} ({spec.origin}) has no "
                             f"function {function_name!r}{': ' + hint if hint else ''} "
                             f"(defined there: {', '.join(functions) or 'nothing'})")

    @property
    def signature(self) -> str:
        """The function and a digest of its module's source: editing the module never serves the
        previous outputs from the cache (other modules it imports are not followed: state a
        ``,version=`` when those change)."""
        spec = self._find(self._names()[0])
        origin = Path(spec.origin) if spec is not None and spec.origin and spec.has_location else None
        if origin is None or not origin.is_file():
            return f"python:{self.argument}"
        return f"python:{self.argument};source={hashlib.sha256(origin.read_bytes()).hexdigest()[:12]}"

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        origin = f"python:{self.argument}"
        if self._exited is None:
            try:
                self._start()
            except SystemFailure as exc:
                return Translations.failed(items, f"{origin}: cannot load: {exc.message}")
        by_id = {item.id: item for item in items}
        languages = {"source_language": suite.source_language, "target_language": suite.target_language}
        stopped: list[str] = []  # why the suite's remaining batches are not sent (a call timed out)

        def translate_batch(item_ids: list[str]) -> list[str]:
            outputs = self._call([by_id[item_id].source for item_id in item_ids], languages, stopped, origin=origin)
            if len(outputs) != len(item_ids):
                raise SystemFailure(f"returned {len(outputs)} outputs for {len(item_ids)} sources", file=origin)
            for item_id, output in zip(item_ids, outputs):
                if not isinstance(output, str):
                    kind = output.get("type") if isinstance(output, dict) else type(output).__name__
                    raise SystemFailure(f"output for item {item_id} is {kind}, not text", file=origin)
            return outputs

        # The batch function receives item ids (unique in a suite), so that a message names the item.
        stand_ins = [dataclasses.replace(item, source=item.id) for item in items]
        return translate_in_batches(stand_ins, translate_batch, options=self.options, origin=origin, concurrency=1,
                                    on_batch=on_batch)

    def _start(self) -> None:
        """Start the function's process and load the function, unless that is done; a module or
        function that cannot be loaded is a :class:`SystemFailure` (the process is stopped)."""
        if self._worker is not None and self._worker.running():
            return
        try:
            module_name, function_name = self._names()
        except ValueError as exc:
            raise SystemFailure(_describe(exc)) from None
        try:
            worker = _Worker()
        except OSError as exc:
            raise SystemFailure(f"its process could not start: {exc}") from None
        try:
            reply = worker.ask({"load": {"module": module_name, "function": function_name,
                                         "rootdir": str(self.options.rootdir), "limit": system_kinds.MAX_REPLY_BYTES}},
                               timeout=None)
        except BaseException:
            worker.stop()
            raise
        if reply is None or "loaded" not in reply:
            worker.stop()
            raise SystemFailure(reply["failed"] if reply else worker.end())
        self._worker = worker

    def _ask(self, message: dict[str, object], stopped: list[str], *, origin: str, what: str) -> dict[str, object]:
        """``message`` to the function's process, answered within ``--mt-timeout`` seconds: its reply,
        past the faults every call shares (it raised, exited, timed out, replied too much)."""
        if self._exited is not None:
            raise SystemFailure(f"not called: an earlier call {self._exited}", file=origin)
        if stopped:
            raise SystemFailure(f"not called: {stopped[0]}", file=origin)
        self._start()
        worker = self._worker
        assert worker is not None
        try:
            reply = worker.ask(message, timeout=self.options.timeout)
        except TimeoutError:
            self._stop()
            stopped.append(f"an earlier call timed out after {self.options.timeout:g}s (--mt-timeout)")
            raise SystemFailure(f"did not return within {self.options.timeout:g}s (--mt-timeout); its process "
                                "was stopped", file=origin) from None
        except BaseException:  # Ctrl-C: the run stops, and the function's process with it
            self._stop()
            raise
        if reply is None or "exited" in reply:
            self._exited = reply["exited"] if reply else worker.end()  # type: ignore[assignment]
            self._stop()
            raise SystemFailure(str(self._exited), file=origin)
        if "raised" in reply:
            raise SystemFailure(f"raised {reply['raised']}", file=origin)
        if "failed" in reply:
            raise SystemFailure(str(reply["failed"]), file=origin)
        if "too_large" in reply:
            if reply.get("unread"):
                self._stop()  # the rest of the frame was never read: a new process for the next call
            raise SystemFailure(too_large(what), file=origin)
        return reply

    def _call(self, sources: list[str], languages: dict[str, str], stopped: list[str], *, origin: str) -> list[object]:
        """``function(sources, …)`` in its process, within ``--mt-timeout`` seconds: what it returned
        (each output a text, or ``{"type": NAME}`` for another type)."""
        reply = self._ask({"call": {"sources": sources, "languages": languages}}, stopped, origin=origin,
                          what="what it returned for the batch")
        if "returned" in reply:
            raise SystemFailure(f"expected a list of outputs, got {reply['returned']}", file=origin)
        outputs = reply.get("outputs")
        if not isinstance(outputs, list):
            self._stop()
            raise SystemFailure("its process answered out of turn", file=origin)
        return outputs

    def cannot_score(self) -> str | None:
        """Why this system cannot score given translations, in one line: its module defines no
        :data:`~pytest_mtchallenge.systems.python_worker.SCORER` function (read without importing
        it); None when it does, or when that cannot be told before the module is imported."""
        try:
            module_name, function_name = self._names()
        except ValueError as exc:
            return f"{self.name} cannot score given translations: {exc}"
        spec = self._find(module_name)
        names = _top_level_names(spec) if spec is not None else None
        if names is not None and SCORER not in names:
            return (f"{self.name} cannot score given translations: module {module_name!r} defines no function "
                    f"{SCORER!r} (define {SCORER}(requests) beside {function_name} to score)")
        return None

    def score(self, *, suite: Suite, requests: Sequence[ScoreRequest]) -> Scores:
        """The module's ``score(requests)`` in the function's process, once per batch of
        ``--mt-batch-size`` requests: each request a dict (``source``, ``candidate``, ``context``,
        ``target_context``), the reply one score per request, in order — a number (the candidate's
        log-probability, higher is better) or a list of its tokens' log-probabilities (summed).
        A batch that fails errors its own requests; a malformed score (not a number, NaN, +inf) errors
        its request; a reply of the wrong length errors its batch."""
        origin = f"python:{self.argument.rpartition(':')[0] or self.argument}:{SCORER}"
        if self._exited is None:
            try:
                self._start()
            except SystemFailure as exc:
                return Scores.failed(requests, f"{origin}: cannot load: {exc.message}")
        languages = {"source_language": suite.source_language, "target_language": suite.target_language}
        stopped: list[str] = []
        scores: dict[str, CandidateScore] = {}
        errors: dict[str, str] = {}
        problems: list[str] = []
        size = self.options.sources_per_batch()
        for start in range(0, len(requests), size):
            batch = requests[start:start + size]
            message = {"score": {"requests": [{"source": r.source, "candidate": r.candidate, "context": list(r.context),
                                               "target_context": list(r.target_context)} for r in batch],
                                 "languages": languages}}
            try:
                reply = self._ask(message, stopped, origin=origin, what="the scores it returned for the batch")
                returned = reply.get("scores")
                if "returned" in reply:
                    raise SystemFailure(f"expected a list of scores, got {reply['returned']}", file=origin)
                if not isinstance(returned, list):
                    self._stop()
                    raise SystemFailure("its process answered out of turn", file=origin)
                if len(returned) != len(batch):
                    raise SystemFailure(f"returned {len(returned)} scores for {len(batch)} candidates", file=origin)
            except SystemFailure as exc:
                reason = exc.one_line()
                errors.update((request.key, reason) for request in batch)
                if reason not in problems:
                    problems.append(reason)
                continue
            for request, entry in zip(batch, returned):
                value = _candidate_score(entry)
                if isinstance(value, CandidateScore):
                    scores[request.key] = value
                else:
                    errors[request.key] = (f"{origin}: the score of {quoted(request.candidate)} (item "
                                           f"{request.key.split(chr(31))[0]}) is {value}")
        return Scores(scores=MappingProxyType(scores), errors=MappingProxyType(errors), problems=tuple(problems))

    def _stop(self) -> None:
        if self._worker is not None:
            self._worker.stop()
            self._worker = None


def _candidate_score(entry: object) -> CandidateScore | str:
    """A score as the function's process sent it (a number, a list of per-token numbers, or
    ``{"bad": WHAT}``), or what is wrong with it, in words."""
    if isinstance(entry, dict):
        return f"{entry.get('bad')}, not a number or a list of numbers"
    tokens: tuple[float, ...] = ()
    if isinstance(entry, list):
        tokens = tuple(float(token) for token in entry)
        total = float(sum(tokens))
    elif isinstance(entry, (int, float)) and not isinstance(entry, bool):
        total = float(entry)
    else:
        return f"{type(entry).__name__}, not a number or a list of numbers"
    if any(math.isnan(value) or value == math.inf for value in (*tokens, total)):
        return f"{total!r}, not a log-probability" if not tokens else (
            f"{total!r} (its tokens: {', '.join(repr(t) for t in tokens[:8])}{'…' if len(tokens) > 8 else ''}), "
            "not a log-probability")
    return CandidateScore(total=total, tokens=tokens)


class _Worker:
    """The process a ``python:`` system's function runs in, and the frames it answers with."""

    _BOOTSTRAP = ("import json, sys; sys.path[:] = json.loads(sys.argv[1]); "
                  "from pytest_mtchallenge.systems.python_worker import main; main()")

    def __init__(self) -> None:
        path = json.dumps([str(entry) for entry in sys.path])
        self.process = subprocess.Popen(
            [sys.executable, "-c", self._BOOTSTRAP, path], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, start_new_session=True,  # its own group: stopped with what it started
            env=dict(os.environ, MTCHALLENGE_PARENT_PID=str(os.getpid())))
        self._replies: queue.Queue[dict[str, object] | None] = queue.Queue()
        self._limit = system_kinds.MAX_REPLY_BYTES + FRAME_SLACK
        threading.Thread(target=self._read, name="mtchallenge python worker", daemon=True).start()
        self._finalizer = weakref.finalize(self, _kill, self.process)  # never outlives the run

    def _read(self) -> None:
        """Hand each reply to :meth:`ask`; None at the end of the process's output."""
        stream = self.process.stdout
        assert stream is not None
        try:
            while (frame := read_frame(stream, self._limit)) is not None:
                reply = decode(frame)
                if isinstance(reply, dict) and isinstance(reply.get("log"), dict):
                    _log_again(reply["log"])
                else:
                    self._replies.put(reply if isinstance(reply, dict) else {})
        except OverflowError as exc:  # not read: the process that wrote it is stopped
            self._replies.put({"too_large": exc.args[0], "unread": True})
        except (EOFError, OSError, ValueError):
            pass
        self._replies.put(None)

    def running(self) -> bool:
        return self.process.poll() is None

    def ask(self, message: dict[str, object], *, timeout: float | None) -> dict[str, object] | None:
        """Send ``message`` and wait for the reply (None: the process ended without one);
        ``TimeoutError`` when none came within ``timeout`` seconds."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(encode(message))
            stdin.flush()
        except OSError:
            pass  # the process has ended: its output says so
        try:
            return self._replies.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError from None

    def end(self) -> str:
        """How the process ended, in words (it sent no reply)."""
        try:
            status = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "ended its output without a reply"
        if status < 0:
            try:
                name = signal.Signals(-status).name
            except ValueError:
                name = f"signal {-status}"
            return f"ended the process it runs in ({name}) without returning"
        return f"ended the process it runs in (exit status {status}) without returning"

    def stop(self) -> None:
        self._finalizer()


def _log_again(sent: dict[str, object]) -> None:
    """A log record of the function's process, logged here: made by this process's record factory
    (which hides the run's secrets) and handled by its loggers (pytest's log capture)."""
    try:
        logger = logging.getLogger(str(sent["name"]))
        level, line = int(sent["level"]), int(sent["line"])  # type: ignore[call-overload]
        if logger.isEnabledFor(level):
            logger.handle(logger.makeRecord(logger.name, level, str(sent["path"]), line, "%s", (str(sent["message"]),),
                                            None, func=str(sent["function"])))
    except (KeyError, TypeError, ValueError):
        pass  # not a record: nothing to log


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Stop a function's process and everything it started."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            with contextlib.suppress(OSError):
                process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)
    for stream in (process.stdin, process.stdout):
        with contextlib.suppress(OSError):
            if stream is not None:
                stream.close()


def _top_level_names(spec: importlib.machinery.ModuleSpec) -> set[str] | None:
    """The names a module's source defines at its top level (functions, classes, assignments,
    imports), read without running it; None when that cannot be told (no source, a syntax error,
    ``import *`` or a module ``__getattr__``: the import at translation time decides)."""
    origin = Path(spec.origin) if spec.origin and spec.has_location else None
    if origin is None or origin.suffix != ".py" or not origin.is_file():
        return None
    try:
        tree = ast.parse(origin.read_bytes(), filename=str(origin))
    except (SyntaxError, ValueError, OSError):
        return None
    names: set[str] = set()
    for node in _top_level(tree.body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return None
                names.add(alias.asname or alias.name.split(".")[0])
    return None if "__getattr__" in names else names


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A module's statements, those inside top-level ``if``/``try``/``with`` blocks included."""
    for node in body:
        yield node
        for block in ("body", "orelse", "finalbody"):
            if isinstance(node, (ast.If, ast.Try, ast.With)) and hasattr(node, block):
                yield from _top_level(getattr(node, block))
        if isinstance(node, ast.Try):
            for handler in node.handlers:
                yield from _top_level(handler.body)


@contextlib.contextmanager
def _on_path(directory: Path) -> Iterator[None]:
    """``directory`` first on ``sys.path`` for the duration (when it is not there already)."""
    entry = str(directory)
    added = entry not in sys.path
    if added:
        sys.path.insert(0, entry)
    try:
        yield
    finally:
        if added and entry in sys.path:
            sys.path.remove(entry)
