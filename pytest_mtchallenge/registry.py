"""Registries of extension classes by name (checker families, system kinds): the built-in ones and plugins' contributions."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

_T = TypeVar("_T")


class RegistryError(ValueError):
    """Two different classes contributed under one name."""


def combine(builtin: Mapping[str, type[_T]], contributions: Iterable[Mapping[str, type[_T]] | None],
            what: str) -> dict[str, type[_T]]:
    """The built-in classes and what plugins contribute (a hook's results), by name; a name two
    different classes claim raises :class:`RegistryError` naming it (``what``: "checker families")."""
    registry = dict(builtin)
    for contribution in contributions:
        for name, cls in (contribution or {}).items():
            if name in registry and registry[name] is not cls:
                raise RegistryError(f"two {what} are registered under the name {name!r}")
            registry[name] = cls
    return registry


__all__ = ["RegistryError", "combine"]
