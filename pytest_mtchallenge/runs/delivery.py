"""The run's files at its end: the --mt-report files and the saved run, each written on its own, a failure one line."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from pytest_mtchallenge.runs.baseline import BaselineOptions, Decision
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.reporting import Run, write_report
from pytest_mtchallenge.runs.store import RunStatus
from pytest_mtchallenge.text.terminal_text import printable


class Delivery:
    """Writes the reports (``reports``: format and absolute path) and the saved run, and keeps
    what was written and what could not be: one report that cannot be written never keeps the
    others, or the saved run, from being written."""

    def __init__(self, reports: Sequence[tuple[str, Path]], baseline: BaselineOptions, *,
                 shown: Callable[[Path], Path] = lambda path: path,
                 formats: Mapping[str, object] | None = None) -> None:
        self.reports = list(reports)
        self.formats = formats  # the registry's report formats (None: the built-in ones)
        self.baseline = baseline
        self.shown = shown  # a path as the user would write it
        self.written_reports: list[Path] = []
        self.write_errors: list[str] = []  # one line per report or saved run that could not be written
        self.saved_path: Path | None = None
        self.unsaved = ""  # why --mt-save / --mt-autosave wrote nothing
        self.save_note = ""  # why the run was saved elsewhere than --mt-save named, or as not accepted

    def write_reports(self, runs: Sequence[Run], *, meta_evaluation: Mapping[str, object] | None,
                      decision: Decision = Decision()) -> None:
        for fmt, path in self.reports:
            if self._written(f"the {fmt} report {self.shown(path)}", lambda: write_report(
                    fmt, runs, path, meta_evaluation=meta_evaluation, comparisons=decision.comparisons,
                    gate=decision.verdict, formats=self.formats)):
                self.written_reports.append(path)

    def save(self, runs: Sequence[Run], *, environment: Callable[[], Mapping[str, object]],
             status: RunStatus = RunStatus()) -> None:
        """Save the run where --mt-save / --mt-autosave say (nothing without them), recording how it
        ended; a run that was not accepted is written where it cannot replace a baseline."""
        def save() -> None:
            try:
                self.saved_path = self.baseline.save(runs, environment=environment(), status=status)
                if self.saved_path is not None and not status.complete:
                    asked = self.baseline.save_path
                    kept = (f"; {self.shown(asked)} was left as it was" if asked is not None
                            and self.saved_path != asked else "")
                    why = {"interrupted": "Ctrl-C", "stopped": "-x or --maxfail stopped it",
                           "rejected": "its gate failed"}.get(status.state, status.partial)
                    last = "" if status.accepted else "; --mt-compare=last never picks it"
                    self.save_note = f"the run is {status.state} ({why}){kept}{last}"
            except MTChallengeError as exc:  # a run too large to be read back: nothing written, and said
                self.unsaved = exc.one_line()

        self._written("the saved run", save)

    @property
    def failed(self) -> bool:
        """A report or the saved run asked for is missing: a release job must not go on without it."""
        return bool(self.unsaved or self.write_errors)

    def _written(self, what: str, write: Callable[[], object]) -> bool:
        try:
            write()
        except Exception as exc:  # noqa: BLE001 - a writer's fault of any kind is one line, not a lost run
            self.write_errors.append(printable(f"ERROR mtchallenge: {what} could not be written: "
                                               f"{type(exc).__name__}: {' '.join(str(exc).split())}"))
            return False
        return True


__all__ = ["Delivery"]
