"""``python:module:function`` — a Python callable taking a list of sources."""
from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib
import importlib.machinery
import importlib.util
import inspect
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from pytest_mtchallenge.errors import SystemFailure
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.suggest import did_you_mean
from pytest_mtchallenge.systems import System, SystemOptions, Translations
from pytest_mtchallenge.systems.batching import translate_in_batches


class PythonSystem(System):
    """Calls ``function(sources)`` once per batch of ``--mt-batch-size`` sources, one batch at a time;
    it returns the outputs as a list in order.

    When the function accepts ``source_language`` and ``target_language`` keyword arguments
    (or ``**kwargs``), it is given the suite's language pair too.

    Each call has ``--mt-timeout`` seconds. A call runs in a worker thread; when it has not
    returned in time, its batch errors, and since a thread cannot be stopped the call goes on in
    the background until it returns: until then, no further call is made (the remaining batches
    error at once, saying so), so a hung function costs one timeout, not one per batch.

    Whatever the module or the function raises fails the items with one line; ``sys.exit()`` (a
    ``SystemExit``) is reported too, as ``raised SystemExit: sys.exit(3)``, and the function is not
    called again in the run (the remaining batches error at once). Only Ctrl-C stops the run.
    """

    kind = "python"

    def __init__(self, *, argument: str, name: str | None, options: SystemOptions) -> None:
        super().__init__(argument=argument, name=name, options=options)
        self._overdue: threading.Thread | None = None  # a call that timed out and may still run
        self._exited: str | None = None  # why the function may not be called again (it called sys.exit())

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

    def _function(self) -> Callable[..., object]:
        module_name, function_name = self._names()
        with _on_path(self.options.rootdir):
            module = importlib.import_module(module_name)
        function = getattr(module, function_name, None)
        if not callable(function):
            raise ValueError(f"module {module_name!r} has no function {function_name!r}")
        return function

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem]) -> Translations:
        origin = f"python:{self.argument}"
        try:
            function = self._function()
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - user code: import errors, sys.exit() are reported
            return Translations.failed(items, f"{origin}: cannot load: {_describe(exc)}")
        kwargs: dict[str, str] = {}
        try:
            parameters = inspect.signature(function).parameters
        except (TypeError, ValueError):
            parameters = {}
        accepts_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
        for key, value in (("source_language", suite.source_language), ("target_language", suite.target_language)):
            if accepts_any or key in parameters:
                kwargs[key] = value

        def translate_batch(sources: list[str]) -> list[str]:
            outputs = self._call(function, sources, kwargs, origin=origin)
            return list(outputs) if isinstance(outputs, tuple) else outputs  # type: ignore[return-value]

        return translate_in_batches(items, translate_batch, options=self.options, origin=origin, concurrency=1)

    def _call(self, function: Callable[..., object], sources: list[str], kwargs: dict[str, str], *,
              origin: str) -> object:
        """``function(sources, **kwargs)`` within ``--mt-timeout`` seconds, in a worker thread."""
        if self._exited is not None:
            raise SystemFailure(f"not called: an earlier call {self._exited}", file=origin)
        overdue = self._overdue
        if overdue is not None:
            if overdue.is_alive():
                raise SystemFailure(f"not called: an earlier call timed out after {self.options.timeout:g}s "
                                    "(--mt-timeout) and has not returned yet", file=origin)
            self._overdue = None
        outcome: list[object] = []
        failure: list[BaseException] = []

        def call() -> None:
            try:
                outcome.append(function(sources, **kwargs))
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread as is
                failure.append(exc)

        # A daemon thread: a call that never returns does not keep pytest from exiting.
        worker = threading.Thread(target=call, name=f"mtchallenge {origin}", daemon=True)
        worker.start()
        worker.join(self.options.timeout)
        if worker.is_alive():
            self._overdue = worker
            raise SystemFailure(f"did not return within {self.options.timeout:g}s (--mt-timeout); the call goes "
                                "on in the background until it returns", file=origin)
        if failure:
            if isinstance(failure[0], (Exception, KeyboardInterrupt)):
                raise failure[0]
            # sys.exit() and other exits: one line for the batch, and no further call
            self._exited = f"raised {_describe(failure[0])}"
            raise SystemFailure(self._exited, file=origin)
        return outcome[0]


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


def _describe(exc: BaseException) -> str:
    """``RuntimeError: model not loaded``; ``SystemExit: sys.exit(3)`` for an exit, in one line."""
    if isinstance(exc, SystemExit):
        return f"SystemExit: sys.exit({exc.code!r})"
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


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
