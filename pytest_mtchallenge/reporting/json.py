"""The report as JSON: every run with its items and summary (``--mt-report=report.json``)."""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_mtchallenge import __version__
from pytest_mtchallenge.reporting import Run
from pytest_mtchallenge.reporting.atomic import write_atomically

if TYPE_CHECKING:
    from pytest_mtchallenge.baseline import Comparison, GateVerdict


def report_document(runs: Sequence[Run], *, meta_evaluation: Mapping[str, object] | None = None,
                    environment: Mapping[str, object] | None = None,
                    gate: GateVerdict | None = None) -> dict[str, object]:
    document: dict[str, object] = {"tool": "pytest-mtchallenge", "version": __version__}
    if environment:
        document["environment"] = dict(environment)
    if gate is not None:  # before the runs: what a reader of the file looks for first
        document["gate"] = gate.to_dict()
    document["runs"] = [run.to_dict() for run in runs]
    if meta_evaluation is not None:
        document["meta_evaluation"] = dict(meta_evaluation)
    return document


def write(runs: Sequence[Run], path: Path, *, meta_evaluation: Mapping[str, object] | None = None,
          comparisons: Sequence[Comparison] = (), environment: Mapping[str, object] | None = None,
          gate: GateVerdict | None = None) -> None:
    """Write the report as JSON, atomically (a crash or a failure never leaves half a file, nor a
    temporary one). The comparisons with a baseline are not part of it (the saved runs they come
    from are); the release gate's verdict is, as ``"gate"``: its rules, the baseline's file name,
    ``"passed"`` and the rules that tripped.

    A lone surrogate in a string (a suite's ``"\\ud800"`` escape) is written as that JSON escape:
    the file is valid UTF-8 and reads back as the same string.
    """
    document = report_document(runs, meta_evaluation=meta_evaluation, environment=environment, gate=gate)
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    # Only lone surrogates cannot be encoded, and dumps leaves them inside JSON strings, where
    # backslashreplace's \udXXX is the JSON escape of the same character.
    write_atomically(path, text.encode("utf-8", "backslashreplace"))


write_json = write
