"""A run against its baseline, for the reports: named item changes, rate changes, McNemar's p, and the gate's verdict."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.terminal_text import printable


@dataclass(frozen=True, slots=True)
class RateChange:
    group: str  # "overall", a category id or a subcategory id
    level: str  # "overall" | "category" | "subcategory"
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Comparison:
    """A current run against its baseline: named item changes, rate changes and McNemar's p."""

    suite: str
    system: str
    baseline_system: str
    regressions: tuple[str, ...]  # passed in the baseline, not now
    improvements: tuple[str, ...]  # not passed in the baseline, passed now
    changes: tuple[RateChange, ...]
    p_value: float
    signature_differences: tuple[str, ...]
    paired: int
    items: int = 0  # items of the current run: the baseline covers ``paired`` of them

    @property
    def coverage(self) -> float:
        """The share of this run's items that the baseline has too."""
        return self.paired / self.items if self.items else 1.0

    def rate(self, level: str) -> list[RateChange]:
        return [c for c in self.changes if c.level == level]



@dataclass(frozen=True, slots=True)
class GateVerdict:
    """What the release gate decided, for the reports: its rules, the saved run it compared with,
    and the rules that tripped (none when it holds)."""

    rules: str  # as --mt-compare-fail writes them
    baseline: str  # the saved run's file name
    violations: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.violations

    def to_dict(self) -> dict[str, object]:
        return {"rules": self.rules, "baseline": self.baseline, "passed": self.passed,
                "violations": list(self.violations)}


def render_comparisons(comparisons: Sequence[Comparison], violations: Sequence[str], gate: object | None, *,
                       width: int = 100) -> str:
    """The comparison section of the terminal summary (``gate``: the release gate when one is set)."""
    lines: list[str] = []
    for c in comparisons:
        overall = c.rate("overall")[0]
        lines.append(f"{c.suite} [{c.system}] against [{c.baseline_system}], {c.paired} paired items: "
                     f"{overall.before:.1%} → {overall.after:.1%} ({overall.delta * 100:+.1f} points), "
                     f"McNemar exact p = {c.p_value:.3g} ({len(c.improvements)} improved, {len(c.regressions)} regressed)")
        if c.paired < c.items:
            lines.append(f"  WARNING: the baseline covers {c.paired} of {c.items} items of this run "
                         f"({c.coverage:.0%}); the rates compare those items only (coverage:100% makes the gate "
                         "require them all)")
        if c.signature_differences:
            lines.append("  WARNING: the signatures differ, so the comparison may not be like for like: "
                         + "; ".join(c.signature_differences))
        if c.regressions:
            lines.append(f"  newly failing ({len(c.regressions)}): {', '.join(c.regressions)}")
        if c.improvements:
            lines.append(f"  newly passing ({len(c.improvements)}): {', '.join(c.improvements)}")
        for level in ("category", "subcategory"):
            moved = [ch for ch in c.rate(level) if abs(ch.delta) > 1e-12]
            if moved:
                lines.append(f"  {level} changes: " + ", ".join(
                    f"{ch.group} {ch.before:.0%}→{ch.after:.0%}" for ch in moved))
    if gate is not None:
        if violations:
            lines.append("gate FAILED:")
            lines.extend(f"  {v}" for v in violations)
        else:
            lines.append("gate holds")
    elif violations:
        lines.extend(violations)
    return "\n".join(printable(line) for line in lines) + "\n"  # names and ids from saved runs: shown, not obeyed


__all__ = ["Comparison", "GateVerdict", "RateChange", "render_comparisons"]
