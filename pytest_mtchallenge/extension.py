"""Extensions registered as modules (suite formats, report formats, language packs): the one lookup that imports a module registered by its dotted name at first use."""
from __future__ import annotations

import importlib
from types import ModuleType


def resolve(extension: str | ModuleType) -> ModuleType:
    """A registered module (a suite format, report format or language pack), imported at first use
    when it was registered by its dotted name: the one lookup every registry table goes through."""
    return importlib.import_module(extension) if isinstance(extension, str) else extension


__all__ = ["resolve"]
