"""``python:module:function`` — a Python callable taking a list of sources."""
from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Sequence

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import System, Translations


class PythonSystem(System):
    """Calls ``function(sources)`` once per suite; it returns the outputs as a list in order.

    When the function accepts ``source_language`` and ``target_language`` keyword arguments
    (or ``**kwargs``), it is given the suite's language pair too. Whatever the module or the
    function raises, ``sys.exit()`` included, fails the suite's items with one line (only Ctrl-C
    stops the run).
    """

    kind = "python"

    def default_name(self) -> str:
        return self.argument

    def _function(self) -> Callable[..., object]:
        module_name, sep, function_name = self.argument.rpartition(":")
        if not sep or not module_name or not function_name:
            raise ValueError(f"expected python:module:function, got python:{self.argument}")
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
        try:
            outputs = function([item.source for item in items], **kwargs)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - user code: sys.exit() must not end the run
            return Translations.failed(items, f"{origin} raised {_describe(exc)}")
        return Translations.aligned(items, list(outputs) if isinstance(outputs, tuple) else outputs, origin=origin)


def _describe(exc: BaseException) -> str:
    """``RuntimeError: model not loaded``; ``SystemExit: sys.exit(3)`` for an exit, in one line."""
    if isinstance(exc, SystemExit):
        return f"SystemExit: sys.exit({exc.code!r})"
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
