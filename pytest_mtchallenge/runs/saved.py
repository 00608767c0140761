"""Saved runs read back for the command line: one row per numbered run, and the typed runs, status and environment of a saved document."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pytest_mtchallenge import files
from pytest_mtchallenge.runs.baseline import BaselineError, SavedRun, runs_from_document
from pytest_mtchallenge.reporting import ItemResult, Run, build_runs
from pytest_mtchallenge.runs.store import RunStatus, RunStore


@dataclass(frozen=True, slots=True)
class SavedDocument:
    """A saved run (or JSON report) as written: its runs typed again, how it ended, where it was made."""

    path: Path
    runs: tuple[Run, ...]
    saved: tuple[SavedRun, ...]  # the same runs as --mt-compare reads them
    status: RunStatus | None  # None: saved before runs recorded one
    environment: Mapping[str, object] = field(default_factory=dict)

    @property
    def date(self) -> str:
        return str(self.environment.get("date", "") or "")

    @property
    def command_line(self) -> str:
        return str(self.environment.get("command_line", "") or "")

    @property
    def state(self) -> str:
        return self.status.state if self.status is not None else "accepted"


def read_saved(path: Path) -> SavedDocument:
    """The saved run or report at ``path``; raises :class:`BaselineError` naming the file and, for
    a record that cannot be read, the run and field."""
    if not path.is_file():
        raise BaselineError("saved run not found", file=path)
    document = files.read_run_json(path, error=BaselineError)
    saved = runs_from_document(document, origin=str(path))
    results = []
    for index, run in enumerate(document["runs"]):  # runs_from_document checked their shape
        for position, item in enumerate(run["items"]):
            record = {"suite": str(run.get("suite", "")), "system": str(run.get("system", "")),
                      "position": position, **item}
            try:
                results.append(ItemResult.from_dict(record))
            except (KeyError, ValueError, TypeError) as exc:
                raise BaselineError(f"the item record cannot be read ({type(exc).__name__}: {exc})", file=path,
                                    item=str(item["id"]), field=f"runs[{index}].items") from None
    runs = build_runs(results)
    environment = document.get("environment")
    return SavedDocument(path=path, runs=tuple(runs), saved=tuple(saved), status=RunStatus.from_document(document),
                         environment=dict(environment) if isinstance(environment, Mapping) else {})


@dataclass(frozen=True, slots=True)
class RunRow:
    """One numbered run of the autosave folder, as ``mtchallenge runs list`` shows it."""

    number: int
    state: str  # from the file name: accepted, interrupted, partial, rejected
    path: Path
    date: str = ""
    suites: tuple[str, ...] = ()
    systems: tuple[str, ...] = ()
    rates: tuple[tuple[str, str, float | None], ...] = ()  # (suite, system, overall rate) per run
    problem: str = ""  # why the file could not be read

    def cells(self) -> list[str]:
        if self.problem:
            return [f"{self.number:04d}", self.state, "", "", "", f"unreadable: {self.problem}"]
        one_suite = len(self.suites) == 1
        rates = ", ".join(f"{system if one_suite else f'{suite} [{system}]'} {_percent(rate)}"
                          for suite, system, rate in self.rates)
        return [f"{self.number:04d}", self.state, self.date, ",".join(self.suites), ",".join(self.systems), rates]


def _percent(rate: float | None) -> str:
    return "n/a" if rate is None else f"{rate:.1%}"


def run_rows(folder: Path) -> list[RunRow]:
    """The numbered runs of ``folder``, each read for its date, suites, systems and overall rates; a
    file that cannot be read is a row saying why (the others are still listed)."""
    rows = []
    for number, state, path in RunStore(folder).numbered():
        try:
            saved = read_saved(path)
        except BaselineError as exc:
            rows.append(RunRow(number=number, state=state, path=path, problem=exc.message))
            continue
        rows.append(RunRow(
            number=number, state=state, path=path, date=saved.date,
            suites=tuple(dict.fromkeys(run.suite for run in saved.runs)),
            systems=tuple(dict.fromkeys(run.system for run in saved.runs)),
            rates=tuple((run.suite, run.system, run.overall.rate) for run in saved.runs)))
    return rows


def status_text(status: RunStatus | None) -> str:
    """``accepted``, ``partial: 3 of 108 items selected by -m S1``, ``rejected (its gate failed)``…"""
    if status is None:
        return "accepted (saved before runs recorded how they ended)"
    state = status.state
    if state == "partial":
        return f"partial: {status.partial}"
    if state == "rejected":
        return "rejected: it failed its gate"
    if state == "interrupted":
        return "interrupted (Ctrl-C)"
    return "accepted" + (f" (gate {status.gate})" if status.gate else "")


def table_lines(rows: Sequence[RunRow]) -> list[str]:
    """The rows as aligned columns under a header."""
    header = ["run", "state", "date", "suites", "systems", "overall success rate"]
    table = [header, *(row.cells() for row in rows)]
    widths = [max(len(line[column]) for line in table) for column in range(len(header) - 1)]
    return ["  ".join([*(cell.ljust(width) for cell, width in zip(line, widths)), line[-1]]).rstrip()
            for line in table]


__all__ = ["RunRow", "SavedDocument", "read_saved", "run_rows", "status_text", "table_lines"]
