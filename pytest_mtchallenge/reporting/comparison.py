"""A run against its baseline, for the reports: named item changes, rate changes, McNemar's p, and the gate's verdict."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.text.terminal_text import printable


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
class ItemChange:
    """One item whose outcome moved between the baseline and this run: both outputs side by side,
    each with its outcome and the checker's (or the verdict's) reason."""

    id: str
    source: str
    before_output: str
    before_outcome: str
    before_reason: str
    after_output: str
    after_outcome: str
    after_reason: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "source": self.source,
                "baseline": {"output": self.before_output, "outcome": self.before_outcome,
                             "reason": self.before_reason},
                "now": {"output": self.after_output, "outcome": self.after_outcome, "reason": self.after_reason}}


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
    details: tuple[ItemChange, ...] = ()  # the regressions and improvements, both outputs side by side

    @property
    def coverage(self) -> float:
        """The share of this run's items that the baseline has too."""
        return self.paired / self.items if self.items else 1.0

    def rate(self, level: str) -> list[RateChange]:
        return [c for c in self.changes if c.level == level]

    def detail(self, item: str) -> ItemChange | None:
        return next((d for d in self.details if d.id == item), None)

    def to_dict(self) -> dict[str, object]:
        overall = self.rate("overall")[0]
        return {"suite": self.suite, "system": self.system, "baseline_system": self.baseline_system,
                "paired": self.paired, "items": self.items, "before": overall.before, "after": overall.after,
                "p_value": self.p_value, "regressions": [self._item(i) for i in self.regressions],
                "improvements": [self._item(i) for i in self.improvements],
                "changes": [{"level": c.level, "group": c.group, "before": c.before, "after": c.after}
                            for c in self.changes if c.level != "overall" and abs(c.delta) > 1e-12],
                "signature_differences": list(self.signature_differences)}

    def _item(self, item: str) -> dict[str, object]:
        found = self.detail(item)
        return found.to_dict() if found is not None else {"id": item}


@dataclass(frozen=True, slots=True)
class RuleCheck:
    """One rule of the gate checked on one comparison: what was measured, whether the threshold was
    exceeded, and what excused it (McNemar's p not below the gate's level)."""

    where: str  # "isabelle2017-en-fr [mine]"
    rule: str  # "overall:2%"
    measured: str  # "overall rate fell by 3.7 points (67% → 63%)"
    exceeded: bool
    excused: str = ""  # "McNemar p = 0.125 is not below 0.05"
    significance: str = ""  # " (McNemar p = 0.001 < 0.05)" when the p rule confirmed a tripped rule

    @property
    def tripped(self) -> bool:
        return self.exceeded and not self.excused

    @property
    def verdict(self) -> str:
        return "tripped" if self.tripped else "excused" if self.exceeded else "held"

    @property
    def line(self) -> str:
        """The rule as a violation line: ``s [x]: overall:2% — overall rate fell by …``."""
        return f"{self.where}: {self.rule} — {self.measured}{self.significance}"

    @property
    def explained(self) -> str:
        """The rule, its measure and its verdict, for the list of every rule checked."""
        if self.tripped:
            return f"TRIPPED  {self.line}"
        if self.exceeded:
            return f"excused  {self.where}: {self.rule} — {self.measured}, exceeded but {self.excused}"
        return f"held     {self.where}: {self.rule} — {self.measured}"

    def to_dict(self) -> dict[str, object]:
        return {"where": self.where, "rule": self.rule, "measured": self.measured, "exceeded": self.exceeded,
                "verdict": self.verdict, "excused_by": self.excused or None}



@dataclass(frozen=True, slots=True)
class GateVerdict:
    """What the release gate decided, for the reports: its rules, the saved run it compared with,
    and the rules that tripped (none when it holds)."""

    rules: str  # as --mt-compare-fail writes them
    baseline: str  # the saved run's file name
    violations: tuple[str, ...] = ()
    checks: tuple[RuleCheck, ...] = ()  # every rule on every comparison, tripped or not
    notes: tuple[str, ...] = ()  # what the suite's size lets the p rule detect

    @property
    def passed(self) -> bool:
        return not self.violations

    def to_dict(self) -> dict[str, object]:
        document: dict[str, object] = {"rules": self.rules, "baseline": self.baseline, "passed": self.passed,
                                       "violations": list(self.violations)}
        if self.checks:
            document["checks"] = [check.to_dict() for check in self.checks]
        if self.notes:
            document["notes"] = list(self.notes)
        return document


#: How many regressions and improvements the terminal shows side by side (the HTML report shows them all).
SHOWN_CHANGES = 5


def _clip(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def _side_by_side(c: Comparison, ids: Sequence[str], *, width: int) -> list[str]:
    """The first :data:`SHOWN_CHANGES` items of a list of changes, each with both outputs and reasons."""
    lines: list[str] = []
    room = max(30, width - 16)
    for item in ids[:SHOWN_CHANGES]:
        found = c.detail(item)
        if found is None:
            continue
        lines.append(f"    {item}: {_clip(found.source, room)}")
        for label, output, outcome, reason in (
                ("baseline", found.before_output, found.before_outcome, found.before_reason),
                ("now", found.after_output, found.after_outcome, found.after_reason)):
            lines.append(f"      {label:<8} {outcome:<6} {_clip(output, room - 8)}")
            if reason:
                lines.append(f"      {'':<15} {_clip(reason, room - 8)}")
    if len(ids) > SHOWN_CHANGES and any(c.detail(i) for i in ids):
        lines.append(f"    … {len(ids) - SHOWN_CHANGES} more side by side in the HTML report (--mt-report=report.html)")
    return lines


def render_comparisons(comparisons: Sequence[Comparison], violations: Sequence[str], gate: object | None, *,
                       width: int = 100, verdict: GateVerdict | None = None) -> str:
    """The comparison section of the terminal summary (``gate``: the release gate when one is set;
    ``verdict``: its decision, every rule with its measure)."""
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
            lines.extend(_side_by_side(c, c.regressions, width=width))
        if c.improvements:
            lines.append(f"  newly passing ({len(c.improvements)}): {', '.join(c.improvements)}")
            lines.extend(_side_by_side(c, c.improvements, width=width))
        for level in ("category", "subcategory"):
            moved = [ch for ch in c.rate(level) if abs(ch.delta) > 1e-12]
            if moved:
                lines.append(f"  {level} changes: " + ", ".join(
                    f"{ch.group} {ch.before:.0%}→{ch.after:.0%}" for ch in moved))
    if gate is not None:
        rules = f" (rules {verdict.rules} against {verdict.baseline})" if verdict is not None else ""
        lines.append(f"gate FAILED{rules}:" if violations else f"gate holds{rules}")
        checked = verdict.checks if verdict is not None else ()
        tripped = {check.line for check in checked if check.tripped}
        lines.extend(f"  {v}" for v in violations if v not in tripped)  # not a rule: nothing compared, --strict
        lines.extend(f"  {check.explained}" for check in checked)
        if verdict is not None:
            lines.extend(f"  {note}" for note in verdict.notes)
    elif violations:
        lines.extend(violations)
    return "\n".join(printable(line) for line in lines) + "\n"  # names and ids from saved runs: shown, not obeyed


__all__ = ["Comparison", "GateVerdict", "ItemChange", "RateChange", "RuleCheck", "render_comparisons"]
