"""The report as JSON: every run with its items and summary (``--mt-report=report.json``)."""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_mtchallenge import __version__
from pytest_mtchallenge.reporting import Run

if TYPE_CHECKING:
    from pytest_mtchallenge.baseline import Comparison


def report_document(runs: Sequence[Run], *, meta_evaluation: Mapping[str, object] | None = None) -> dict[str, object]:
    document: dict[str, object] = {"tool": "pytest-mtchallenge", "version": __version__,
                                   "runs": [run.to_dict() for run in runs]}
    if meta_evaluation is not None:
        document["meta_evaluation"] = dict(meta_evaluation)
    return document


def write(runs: Sequence[Run], path: Path, *, meta_evaluation: Mapping[str, object] | None = None,
          comparisons: Sequence[Comparison] = ()) -> None:
    """Write the report as JSON (atomically: a crash never leaves half a file). The comparisons with
    a baseline are not part of it (the saved runs they come from are)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    document = report_document(runs, meta_evaluation=meta_evaluation)
    tmp.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)




write_json = write
