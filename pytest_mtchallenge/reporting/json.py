"""The report as JSON: every run with its items and summary (``--mt-report=report.json``)."""
from __future__ import annotations

import gzip
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_mtchallenge import __version__, files
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.reporting import Run

if TYPE_CHECKING:
    from pytest_mtchallenge.reporting.comparison import Comparison, GateVerdict


def report_document(runs: Sequence[Run], *, meta_evaluation: Mapping[str, object] | None = None,
                    environment: Mapping[str, object] | None = None,
                    gate: GateVerdict | None = None, status: Mapping[str, object] | None = None,
                    comparisons: Sequence[Comparison] = ()) -> dict[str, object]:
    document: dict[str, object] = {"tool": "pytest-mtchallenge", "version": __version__}
    if status is not None:  # how the run ended: interrupted, partial, failed its gate, or accepted
        document["status"] = dict(status)
    if environment:
        document["environment"] = dict(environment)
    if gate is not None:  # before the runs: what a reader of the file looks for first
        document["gate"] = gate.to_dict()
    if comparisons:  # each regression and improvement with both outputs side by side
        document["comparisons"] = [comparison.to_dict() for comparison in comparisons]
    document["runs"] = [run.to_dict() for run in runs]
    if meta_evaluation is not None:
        document["meta_evaluation"] = dict(meta_evaluation)
    return document


def write(runs: Sequence[Run], path: Path, *, meta_evaluation: Mapping[str, object] | None = None,
          comparisons: Sequence[Comparison] = (), environment: Mapping[str, object] | None = None,
          gate: GateVerdict | None = None, status: Mapping[str, object] | None = None) -> None:
    """Write the report as JSON, atomically (a crash or a failure never leaves half a file, nor a
    temporary one). The comparisons with a baseline are, as ``"comparisons"`` (each regression and
    improvement with the baseline's output beside the new one); so is the release gate's verdict,
    as ``"gate"``: its rules, the baseline's file name, ``"passed"``, the rules that tripped and
    every rule checked (``"checks"``: measured, verdict, what excused it). A saved run also says how
    it ended (``"status"``).

    A lone surrogate in a string (a suite's ``"\\ud800"`` escape) is written as that JSON escape:
    the file is valid UTF-8 and reads back as the same string.

    A path ending in ``.gz`` is written gzip-compressed (readers know it by its first bytes). What
    is written can be read back: a document larger than :data:`files.MAX_RUN_BYTES` is refused
    with an :class:`MTChallengeError`, before anything is written.
    """
    document = report_document(runs, meta_evaluation=meta_evaluation, environment=environment, gate=gate,
                               status=status, comparisons=comparisons)
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    # Only lone surrogates cannot be encoded, and dumps leaves them inside JSON strings, where
    # backslashreplace's \udXXX is the JSON escape of the same character.
    data = text.encode("utf-8", "backslashreplace")
    if len(data) > files.MAX_RUN_BYTES:
        mib = 1024 * 1024
        raise MTChallengeError(f"the run is {len(data) // mib} MiB of JSON, more than the {files.MAX_RUN_BYTES // mib} "
                               "MiB a saved run or report may hold to be read back; judge fewer suites or "
                               "systems per run", file=path)
    if path.name.lower().endswith(".gz"):
        data = gzip.compress(data, compresslevel=6, mtime=0)
    files.write_atomically(path, data)


write_json = write
