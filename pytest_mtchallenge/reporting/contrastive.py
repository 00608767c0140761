"""The contrastive runs broken down as their peers' ``evaluate.py`` print them (``--mt-report=contrastive:PATH``).

For each run with contrastive decisions (a ContraPro, Lingeval97 or DiscEvalMT set, any contrastive
suite, or a ``NAME+contrastive`` column), a header naming the suite and system, then the peer's own
text (:func:`pytest_mtchallenge.reporting.peers.peer_text`): the same lines its script prints for
the same scores.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_mtchallenge.reporting.peers import decided_items, peer_text
from pytest_mtchallenge.files import write_atomically
from pytest_mtchallenge.reporting import Run

if TYPE_CHECKING:
    from pytest_mtchallenge.reporting.comparison import Comparison, GateVerdict


def render(runs: Sequence[Run]) -> str:
    """The breakdown of every contrastive run, one block each ("" when no run is contrastive)."""
    blocks = []
    for run in runs:
        decided = decided_items(run.items)
        if decided:
            blocks.append(f"== {run.suite} [{run.system}] ==\n{peer_text(decided)}")
    return "\n".join(blocks)


def write(runs: Sequence[Run], path: Path, *, meta_evaluation: Mapping[str, object] | None = None,
          comparisons: Sequence[Comparison] = (), gate: GateVerdict | None = None) -> None:
    text = render(runs) or "no contrastive run\n"
    write_atomically(path, text.encode("utf-8"))
