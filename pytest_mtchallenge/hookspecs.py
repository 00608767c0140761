"""Hook specifications: how other installed plugins extend pytest-mtchallenge."""
from __future__ import annotations

from collections.abc import Mapping
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

    ``--mt-system=mykind:ARGUMENT`` then builds ``MySystem(argument=..., name=..., options=...)``,
    a :class:`pytest_mtchallenge.systems.System` subclass.
    """


def pytest_mtchallenge_report(runs: list[Run]) -> None:
    """Called once at the end of a run (on the controller under xdist) with every judged run.

    Use it to export the results elsewhere; ``runs`` must not be modified.
    """
