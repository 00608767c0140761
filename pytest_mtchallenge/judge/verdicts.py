"""Recorded human verdicts, the judge's last gate: looked up by item and normalised output text."""
from __future__ import annotations

from collections.abc import Iterable

from pytest_mtchallenge.model import RecordedVerdict
from pytest_mtchallenge.text.normalise import normalise_text


class VerdictStore:
    """Recorded human verdicts, looked up by item and normalised output text."""

    def __init__(self, verdicts: Iterable[RecordedVerdict] = ()) -> None:
        self._by_output: dict[tuple[str, str], list[RecordedVerdict]] = {}
        for verdict in verdicts:
            self.add(verdict)

    def add(self, verdict: RecordedVerdict) -> None:
        """Add a verdict; one with an annotator replaces that annotator's earlier verdict on the output."""
        records = self._by_output.setdefault((verdict.item, normalise_text(verdict.output)), [])
        if verdict.annotator:
            records[:] = [r for r in records if r.annotator != verdict.annotator]
        records.append(verdict)

    def __len__(self) -> int:
        return sum(len(v) for v in self._by_output.values())

    def lookup(self, item_id: str, output: str) -> tuple[str, str] | None:
        """The recorded verdict ('yes', 'no' or 'na') for this exact output and why, or None.

        When several recorded verdicts disagree on the same output, the majority decides;
        a tie is no decision.
        """
        records = self._by_output.get((item_id, normalise_text(output)))
        if not records:
            return None
        counts: dict[str, int] = {}
        for record in records:
            counts[record.verdict] = counts.get(record.verdict, 0) + 1
        ranked = sorted(counts.items(), key=lambda kv: -kv[1])
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return None
        verdict = ranked[0][0]
        first = next(r for r in records if r.verdict == verdict)
        tally = ", ".join(f"{n} {v}" for v, n in sorted(first.annotators.items())) if first.annotators else ""
        systems = sorted({r.system for r in records if r.system and r.verdict == verdict})
        origin = f" on the output of {', '.join(systems)}" if systems else ""
        names = [r.annotator for r in records if r.annotator and r.verdict == verdict]
        by = f" by {', '.join(names)}" if names else ""
        return verdict, f"recorded human verdict '{verdict}'" + (f" ({tally})" if tally else "") + by + origin
