"""Saved runs on disk: what state a run ended in, where it may be written, and the numbered runs of the autosave folder (``last`` is the last accepted one)."""
from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from pytest_mtchallenge.errors import MTChallengeError

#: The autosave folder, under the directory pytest was started in.
AUTOSAVE_FOLDER = Path(".mtchallenge") / "runs"

#: A numbered run of the autosave folder: ``0001_google-2016.json.gz``, ``0002_mine.rejected.json.gz``
#: (``….json`` from earlier versions). A label never holds a dot, so the state cannot be mistaken for one.
_NUMBERED_RUN = re.compile(r"([0-9]{4,9})_(.*?)(?:\.(interrupted|stopped|rejected|partial))?\.json(?:\.gz)?")


class RunStoreError(MTChallengeError):
    """A saved run that cannot be found."""


@dataclass(frozen=True, slots=True)
class RunStatus:
    """How a run ended: whether it finished, judged all its suites' items, and passed its gate.

    A run is *accepted* when it finished (not interrupted by Ctrl-C, not stopped early by ``-x`` or
    ``--maxfail``) and did not fail a gate: only an accepted run becomes ``last``. A run is *complete*
    when it is accepted and judged every item (no ``-m``, ``-k``, test ids or ``--lf``): only a
    complete run replaces a saved run. The others are written beside it, named for what they are.
    """

    interrupted: bool = False
    stopped: bool = False  # -x or --maxfail ended it early
    partial: str = ""  # why only some items were judged: "3 of 108 items selected by -m S1"
    gate: str | None = None  # "passed" | "failed" | None (no gate)

    @property
    def accepted(self) -> bool:
        return not self.interrupted and not self.stopped and self.gate != "failed"

    @property
    def complete(self) -> bool:
        return self.accepted and not self.partial

    @property
    def state(self) -> str:
        """``accepted`` (and whole), ``partial`` (accepted, a selection of the items), or why it was
        not accepted: ``interrupted``, ``stopped`` or ``rejected`` (failed its gate)."""
        if self.interrupted:
            return "interrupted"
        if self.stopped:
            return "stopped"
        if self.gate == "failed":
            return "rejected"
        return "partial" if self.partial else "accepted"

    def to_dict(self) -> dict[str, object]:
        return {"state": self.state, "accepted": self.accepted, "complete": self.complete,
                "interrupted": self.interrupted, "stopped": self.stopped, "partial": self.partial or None,
                "gate": self.gate}

    @classmethod
    def from_document(cls, document: object) -> RunStatus | None:
        """The status a saved run recorded (None for runs saved before runs had one)."""
        status = document.get("status") if isinstance(document, Mapping) else None
        if not isinstance(status, Mapping):
            return None
        gate = status.get("gate")
        return cls(interrupted=status.get("interrupted") is True, stopped=status.get("stopped") is True,
                   partial=str(status.get("partial") or ""), gate=gate if gate in ("passed", "failed") else None)


def sibling(path: Path, state: str) -> Path:
    """Where a run that was not accepted goes beside ``path``: ``base.json`` → ``base.interrupted.json``
    (``.json.gz`` and other suffixes kept)."""
    name = path.name
    for suffix in (".json.gz", ".json", ".gz"):
        if name.lower().endswith(suffix):
            return path.with_name(f"{name[: -len(suffix)]}.{state}{name[-len(suffix):]}")
    return path.with_name(f"{name}.{state}")


def save_target(path: Path, status: RunStatus, *, baseline: Path | None) -> Path:
    """Where ``--mt-save=PATH`` writes a run that ended as ``status``.

    A complete run goes to ``path``. Any other never replaces what ``path`` holds, nor the
    baseline it was compared with: an interrupted or stopped run always goes beside it
    (``base.interrupted.json``); a partial one (a selection of the items) goes to ``path`` only when
    nothing is there yet (a baseline of ``-m S6`` on purpose), else beside it; a run that failed its
    gate goes to ``path`` unless ``path`` is that baseline.
    """
    if status.complete:
        return path
    state = status.state
    if state in ("interrupted", "stopped"):
        return sibling(path, state)
    if state == "partial":
        return path if not path.exists() else sibling(path, state)
    same = baseline is not None and path.exists() and baseline.exists() and os.path.samefile(path, baseline)
    return sibling(path, state) if same else path


class RunStore:
    """The autosave folder (``.mtchallenge/runs``): numbered runs, pytest-benchmark's way.

    Each run gets the next number, claimed before it is written; its file name says whether it was
    accepted (``0003_mine.json.gz``, or ``0003_mine.partial.json.gz`` for a selection of the items)
    or not (``0004_mine.rejected.json.gz``). ``last`` is the last accepted run: a run that failed its
    gate, was interrupted or stopped early is never what a later ``--mt-compare=last`` compares with,
    so a rejected model cannot become the baseline by being run twice.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def numbered(self) -> list[tuple[int, str, Path]]:
        """The saved runs with their numbers and states (``accepted`` or why not), in order."""
        if not self.folder.is_dir():
            return []
        found = []
        for path in self.folder.iterdir():
            match = _NUMBERED_RUN.fullmatch(path.name)
            if match:
                found.append((int(match.group(1)), match.group(3) or "accepted", path))
        return sorted(found)

    def claim(self, systems: Iterable[str], status: RunStatus) -> Path:
        """Claim the next number and return the run's file: ``0001_google-2016.json.gz``, ``0002_…``
        (gzip-compressed JSON: runs of large suites stay small on disk).

        Each number is claimed by creating an empty file named after it in the sibling folder
        ``NAME.numbers`` with ``O_EXCL``, which only one process can do: runs saving at the same time
        (CI jobs sharing a folder) get different numbers whatever their systems, and a number is
        never given twice, even after its run file is deleted.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        claims = self.folder.with_name(self.folder.name + ".numbers")
        claims.mkdir(parents=True, exist_ok=True)
        taken = [number for number, _, _ in self.numbered()]
        taken += [int(p.name) for p in claims.iterdir() if re.fullmatch(r"[0-9]{1,9}", p.name)]
        label = re.sub(r"[^A-Za-z0-9_+-]+", "-", "+".join(sorted(set(systems))))[:80] or "run"
        state = "" if status.complete else f".{status.state}"
        number = max(taken, default=0) + 1
        while True:
            try:
                os.close(os.open(claims / f"{number:04d}", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            except FileExistsError:
                number += 1  # another run claimed it first
                continue
            return self.folder / f"{number:04d}_{label}{state}.json.gz"

    def find(self, spec: str) -> Path:
        """A run by number (``3``, ``0003``, whatever its state) or ``last`` (the last accepted run)."""
        saved = self.numbered()
        if spec == "last":
            accepted = [path for _, state, path in saved if state in ("accepted", "partial")]
            if accepted:
                return accepted[-1]
            if saved:
                raise RunStoreError(f"no accepted run yet: the {len(saved)} saved runs were interrupted, stopped or "
                                    "failed their gate (name one by number to use it anyway)", file=self.folder)
            raise RunStoreError("no saved runs yet (save one with --mt-autosave)", file=self.folder)
        if spec == "latest":
            if saved:
                return saved[-1][2]
            raise RunStoreError("no saved runs yet (save one with --mt-autosave)", file=self.folder)
        matches = [path for number, _, path in saved if number == int(spec)]
        if not matches:
            raise RunStoreError(f"no saved run number {int(spec):04d}", file=self.folder)
        return matches[0]


def resolve_saved(spec: str, folder: Path, *, base: Path) -> Path:
    """``--mt-compare`` value: a path, a run number in the autosave folder (``3``, ``0003``),
    ``last`` (the last accepted run) or ``latest`` (the last run saved, whatever its state)."""
    if spec in ("last", "latest") or re.fullmatch(r"[0-9]{1,9}", spec):
        return RunStore(folder).find(spec)
    path = Path(spec)
    return path if path.is_absolute() else base / path


__all__ = ["AUTOSAVE_FOLDER", "RunStatus", "RunStore", "RunStoreError", "resolve_saved", "save_target", "sibling"]
