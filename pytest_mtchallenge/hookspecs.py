"""Hook specifications: how other installed plugins extend pytest-mtchallenge."""
from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_mtchallenge.checkers import Checker
    from pytest_mtchallenge.reporting import Run
    from pytest_mtchallenge.systems import System


def pytest_mtchallenge_checkers() -> Mapping[str, type[Checker]]:
    """Return checker families to add, by name (``{"my-family": MyChecker}``).

    Called once per run. A family is a :class:`pytest_mtchallenge.checkers.Checker` subclass;
    suites name it in a subcategory's or item's ``checker`` field. A name that is already
    registered is a usage error, so a plugin cannot silently replace a built-in family.
    """


def pytest_mtchallenge_system_kinds() -> Mapping[str, type[System]]:
    """Return MT system kinds to add, by kind (``{"mykind": MySystem}``).

    ``--mt-system=[NAME=]mykind:ARGUMENT`` then builds ``MySystem(argument=..., name=..., options=...,
    mode=..., version=..., params=...)``, a :class:`pytest_mtchallenge.systems.System` subclass; a kind
    that takes ``NAME=VALUE`` parameters declares them as its ``Params`` (a
    :class:`pytest_mtchallenge.systems.spec.SystemParams` dataclass, parsed from the spec once), and its
    ``translate(*, suite, items, on_batch=None)`` tells ``on_batch`` each finished batch.
    """


def pytest_mtchallenge_suite_formats() -> Mapping[str, str | ModuleType]:
    """Return suite formats to add, by name (``{"my-format": "my_package.my_format"}``): modules, or
    their dotted names (imported at first use), each with ``looks_like(path) -> bool`` and
    ``load(path, *, checkers, validate_params) -> Suite``.

    ``--mt-suite=my-format:PATH`` states the format; otherwise the plugins' formats are asked first
    whether they take a path (``looks_like``), then the built-in ones. The ``mtchallenge`` commands see
    them too (they load the installed plugins and the ``conftest.py`` files as pytest does).
    """


def pytest_mtchallenge_report_formats() -> Mapping[str, str | ModuleType]:
    """Return report formats to add, by name, which is also the file extension that picks them
    (``{"csv": "my_package.csv_report"}``): modules, or their dotted names, each with
    ``write(runs, path, *, meta_evaluation, comparisons, gate)``.

    ``--mt-report=report.csv`` (or ``--mt-report=csv:PATH``) then writes with it.
    """


def pytest_mtchallenge_language_packs() -> Mapping[str, str | ModuleType]:
    """Return language packs to add, by ISO 639-1 code (``{"pt": "my_package.pt"}``): modules, or
    their dotted names, each with a ``PACK`` (:class:`pytest_mtchallenge.languages.base.LanguagePack`).

    Families that name the language in ``languages`` then read its outputs with it. A code the
    plugin shares with a built-in pack is a usage error.
    """


def pytest_mtchallenge_report(runs: list[Run]) -> None:
    """Called once at the end of a run (on the controller under xdist) with every judged run.

    Use it to export the results elsewhere; ``runs`` must not be modified.
    """
