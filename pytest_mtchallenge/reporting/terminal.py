"""The terminal summary of a run, written from typed data: suites not collected, the meta-evaluation, the category success report, files written, the comparison."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from pytest_mtchallenge.judge.metaeval import MetaEvaluation, render_meta_evaluation
from pytest_mtchallenge.reporting import Run
from pytest_mtchallenge.reporting.comparison import Comparison, GateVerdict, render_comparisons
from pytest_mtchallenge.reporting.table import error_lines, render_table
from pytest_mtchallenge.text.terminal_text import printable


class TerminalWriter(Protocol):
    """What the summary needs of pytest's terminal reporter."""

    def section(self, title: str) -> None: ...

    def write(self, content: str) -> None: ...

    def write_line(self, line: str, **markup: bool) -> None: ...


@dataclass(frozen=True, slots=True)
class Summary:
    """What the end of a run shows (paths as the user would write them)."""

    runs: Sequence[Run] = ()
    meta_evaluation: MetaEvaluation | None = None
    collection_errors: Sequence[str] = ()  # one line per suite not collected, shown when tracebacks are off
    implicit_reference: Sequence[str] = ()  # suites judged on their references: no system was named
    problems: Sequence[str] = ()  # systems' reply-level faults
    written_reports: Sequence[Path] = ()
    saved_path: Path | None = None
    unsaved: str = ""  # why the run was not saved
    save_note: str = ""  # why the run was saved where it was (a run that was not accepted)
    write_errors: Sequence[str] = ()
    comparisons: Sequence[Comparison] = ()
    compare_path: Path | None = None
    gate_violations: Sequence[str] = ()
    gate: object | None = None  # the release gate, when one is set
    verdict: GateVerdict | None = None  # its decision: every rule checked, with its measure


def write_summary(writer: TerminalWriter, summary: Summary, *, width: int, color: bool) -> None:
    """Write the run's summary: what a reader sees last, after pytest's own."""
    if summary.collection_errors:
        writer.section("mtchallenge: suites that could not be collected")
        for line in summary.collection_errors:
            writer.write_line(printable(f"ERROR {line}"), red=True)
    evaluation = summary.meta_evaluation
    if evaluation is not None:
        writer.section("mtchallenge: meta-evaluation of the checkers")
        writer.write(render_meta_evaluation(evaluation, width=width, color=color))
    runs = summary.runs
    if not runs and not summary.problems:
        if evaluation is not None:
            for path in summary.written_reports:
                writer.write_line(f"report written to {path}")
        for line in summary.write_errors:
            writer.write_line(line, red=True)
        return
    writer.section("mtchallenge: category success report")
    for suite in summary.implicit_reference:
        writer.write_line(
            f"{suite}: no recorded system and no --mt-system, so its references were judged (system "
            "'reference': a check of the suite itself); name a system with --mt-system=SPEC", yellow=True)
    if runs:
        writer.write(render_table(runs, width=width, color=color))
    for path in summary.written_reports:
        writer.write_line(f"report written to {path}")
    if summary.saved_path is not None:
        writer.write_line(f"run saved to {summary.saved_path}")
        if summary.save_note:
            writer.write_line(printable(f"  {summary.save_note}"), yellow=True)
    if summary.unsaved:
        writer.write_line(printable(f"run NOT saved: {summary.unsaved}"), red=True)
    for line in summary.write_errors:
        writer.write_line(line, red=True)
    for line in error_lines(runs, problems=summary.problems):  # a system that failed as a whole: one line
        writer.write_line(line, red=True)
    line = review_line(summary)
    if line:  # outputs left for a person: how to give their verdicts
        writer.write_line(line, yellow=True)
    for line in not_applicable_lines(summary.runs):  # what n/a stands for, counted by reason
        writer.write_line(printable(line))
    if summary.comparisons or summary.compare_path is not None:
        writer.section(f"mtchallenge: comparison with {summary.compare_path}")
        writer.write(render_comparisons(summary.comparisons, summary.gate_violations, summary.gate, width=width,
                                        verdict=summary.verdict))


#: How many reasons of n/a outputs the summary names, the most frequent first; the rest are counted together.
NA_REASONS = 3


def not_applicable_lines(runs: Sequence[Run], *, width: int = 80) -> list[str]:
    """The n/a outputs of the run counted by reason (the reason up to its first colon: *the English answer
    stops after its auxiliary (a subtitle cut off)*), the most frequent first: an n/a is no pass, and the
    reader sees what it stands for. No line when no output is n/a."""
    from collections import Counter

    reasons = Counter(result.judgement.reason.split(":", 1)[0].strip() or "no reason given"
                      for run in runs for result in run.items if result.outcome == "na")
    total = sum(reasons.values())
    if not total:
        return []
    lines = [f"{total:,} output{'s' if total != 1 else ''} judged n/a (not counted as passes), by reason:"]
    named = reasons.most_common(NA_REASONS)
    for reason, count in named:
        text = f"  {count:>7,}  {reason}"
        lines.append(text if len(text) <= width else text[:width - 1] + "…")
    rest = total - sum(count for _, count in named)
    if rest:
        lines.append(f"  {rest:>7,}  other reasons ({len(reasons) - NA_REASONS})")
    return lines


def review_line(summary: Summary) -> str:
    """``4 outputs need review: mtchallenge review RUN``, RUN the saved run or the JSON report
    (docs/review.md); "" when no output waits for a human verdict."""
    pending = sum(result.outcome == "review" for run in summary.runs for result in run.items)
    if not pending:
        return ""
    import shlex

    outputs = "1 output needs review" if pending == 1 else f"{pending:,} outputs need review"
    run = summary.saved_path or next((path for path in summary.written_reports if path.suffix.lower() == ".json"), None)
    if run is None:
        return printable(f"{outputs}: save the run (--mt-autosave), then mtchallenge review")
    return printable(f"{outputs}: mtchallenge review {shlex.quote(str(run))}")


__all__ = ["Summary", "TerminalWriter", "not_applicable_lines", "review_line", "write_summary"]
