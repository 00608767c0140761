"""The category success report: tallies per category and subcategory, terminal table and JSON."""
from __future__ import annotations

import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pytest_mtchallenge import __version__
from pytest_mtchallenge.significance import wilson_interval

OUTCOMES = ("pass", "fail", "na", "review", "error")

RATE_FORMULA = "success rate = pass / items (n/a, review and error count as not passed, as the papers' ✓ share)"


@dataclass(frozen=True, slots=True)
class Tally:
    """Outcome counts of a group of items and their success rate."""

    counts: Mapping[str, int]

    @classmethod
    def of(cls, records: Iterable[Mapping[str, object]]) -> Tally:
        counts = dict.fromkeys(OUTCOMES, 0)
        for record in records:
            counts[str(record["outcome"])] += 1
        return cls(counts)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def rate(self) -> float | None:
        return self.counts["pass"] / self.total if self.total else None

    @property
    def interval(self) -> tuple[float, float] | None:
        """The Wilson 95% interval of the success rate."""
        return wilson_interval(self.counts["pass"], self.total)

    def to_dict(self) -> dict[str, object]:
        interval = self.interval
        return {**self.counts, "total": self.total, "rate": self.rate,
                "ci95": list(interval) if interval else None}


@dataclass(frozen=True, slots=True)
class Group:
    """A category or subcategory row of the report."""

    id: str
    title: str
    tally: Tally
    children: tuple[Group, ...] = ()

    def to_dict(self) -> dict[str, object]:
        result: dict[str, object] = {"id": self.id, "title": self.title, **self.tally.to_dict()}
        if self.children:
            result["subcategories"] = [child.to_dict() for child in self.children]
        return result


@dataclass(frozen=True, slots=True)
class Run:
    """The judged items of one suite for one system, with its summary."""

    suite: str
    suite_title: str
    system: str
    judge: str
    items: tuple[Mapping[str, object], ...]
    overall: Tally
    categories: tuple[Group, ...]
    labels: Mapping[str, str] = field(default_factory=dict)

    @property
    def signature(self) -> str:
        return str(self.items[0].get("signature", "")) if self.items else ""

    def to_dict(self) -> dict[str, object]:
        return {
            "suite": self.suite,
            "signature": self.signature,
            "suite_title": self.suite_title,
            "system": self.system,
            "judge": self.judge,
            "items": [dict(item) for item in self.items],
            "summary": {
                "overall": self.overall.to_dict(),
                "categories": [c.to_dict() for c in self.categories],
                "formula": RATE_FORMULA,
            },
        }


def build_runs(records: Iterable[Mapping[str, object]]) -> list[Run]:
    """Group judgement records by (suite, system) into runs, items in suite order.

    A record is the dict a test reports: at least suite, system, judge, id, position,
    category, subcategory and outcome (and category_title, subcategory_title, suite_title).
    The last record of an (suite, system, id) wins, so a rerun item replaces the earlier one.
    """
    latest: dict[tuple[str, str, str], Mapping[str, object]] = {}
    for record in records:
        latest[(str(record["suite"]), str(record["system"]), str(record["id"]))] = record
    grouped: dict[tuple[str, str], list[Mapping[str, object]]] = {}
    for (suite, system, _), record in latest.items():
        grouped.setdefault((suite, system), []).append(record)
    runs = []
    for (suite, system), items in grouped.items():
        items.sort(key=lambda r: int(r.get("position", 0)))  # type: ignore[call-overload]
        runs.append(Run(
            suite=suite, suite_title=str(items[0].get("suite_title", suite)), system=system,
            judge=str(items[0].get("judge", "")), items=tuple(items), overall=Tally.of(items),
            categories=_categories(items), labels=dict(items[0].get("labels") or {}),  # type: ignore[arg-type]
        ))
    runs.sort(key=lambda r: (r.suite, int(r.items[0].get("system_position", 0)), r.system))  # type: ignore[call-overload]
    return runs


def _categories(items: Sequence[Mapping[str, object]]) -> tuple[Group, ...]:
    categories: dict[str, dict[str, list[Mapping[str, object]]]] = {}
    titles: dict[str, str] = {}
    for record in items:  # items are in suite order, so dict order follows the suite
        cat, sub = str(record["category"]), str(record["subcategory"])
        categories.setdefault(cat, {}).setdefault(sub, []).append(record)
        titles.setdefault(cat, str(record.get("category_title", cat)))
        titles.setdefault(f"{cat}/{sub}", str(record.get("subcategory_title", sub)))
    return tuple(
        Group(
            id=cat, title=titles[cat],
            tally=Tally.of(r for subs in by_sub.values() for r in subs),
            children=tuple(Group(id=sub, title=titles[f"{cat}/{sub}"], tally=Tally.of(rs)) for sub, rs in by_sub.items()),
        )
        for cat, by_sub in categories.items()
    )


def report_document(runs: Sequence[Run], *, meta_evaluation: Mapping[str, object] | None = None) -> dict[str, object]:
    document: dict[str, object] = {"tool": "pytest-mtchallenge", "version": __version__,
                                   "runs": [run.to_dict() for run in runs]}
    if meta_evaluation is not None:
        document["meta_evaluation"] = dict(meta_evaluation)
    return document


def write_json(runs: Sequence[Run], path: Path, *, meta_evaluation: Mapping[str, object] | None = None) -> None:
    """Write the report as JSON (atomically: a crash never leaves half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    document = report_document(runs, meta_evaluation=meta_evaluation)
    tmp.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def _cell(tally: Tally | None, *, compact: bool = False) -> str:
    """``67% [57–75] 72/108``, with n/a, review and error counts when not zero.

    ``compact`` puts the interval on a second line, for narrow terminals.
    """
    if tally is None or not tally.total:
        return "—"
    c = tally.counts
    low, high = tally.interval or (0.0, 0.0)
    interval = f"[{low * 100:.0f}–{high * 100:.0f}]"
    extras = [f"{c[k]} {label}" for k, label in (("na", "n/a"), ("review", "?"), ("error", "err")) if c[k]]
    counts = f"{c['pass']}/{tally.total}" + ("".join(f" {e}" for e in extras))
    if compact:
        return f"{tally.rate:4.0%} {counts}\n{interval}"
    return f"{tally.rate:4.0%} {interval} {counts}"


def render_table(runs: Sequence[Run], *, width: int = 100, color: bool = False) -> str:
    """The success report as text: one table per suite, one column per system."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=color, color_system="standard" if color else None,
                      no_color=not color, highlight=False, emoji=False)
    suites: dict[str, list[Run]] = {}
    for run in runs:
        suites.setdefault(run.suite, []).append(run)
    for suite, suite_runs in suites.items():
        first = suite_runs[0]
        judges = sorted({r.judge for r in suite_runs})
        title = Text(f"{first.suite_title} [{suite}] — judge: {', '.join(judges)}", style="bold")
        table = Table(title=title, title_justify="left",
                      show_edge=False, pad_edge=False, expand=False)
        widest = max(len(_cell(t)) for r in suite_runs for t in [r.overall, *_tallies(r)])
        compact = 34 + len(suite_runs) * (widest + 3) > width
        if compact:
            widest = max(len(line) for r in suite_runs for t in [r.overall, *_tallies(r)]
                         for line in _cell(t, compact=True).split("\n"))
        cell_width = max(widest, *(len(r.system) for r in suite_runs))
        table.add_column("category / subcategory", overflow="ellipsis", no_wrap=True,
                         max_width=max(16, width - len(suite_runs) * (cell_width + 3) - 2))
        for run in suite_runs:
            table.add_column(Text(run.system), justify="right", no_wrap=True, min_width=cell_width)
        layout = _layout(suite_runs)
        for cat_id, cat_title, subs in layout:
            table.add_row(Text(cat_title, style="bold"),
                          *[Text(_cell(_find(r, cat_id), compact=compact), style="bold") for r in suite_runs])
            for sub_id, sub_title in subs:
                label = f"  {sub_id} {sub_title}" if sub_title != sub_id else f"  {sub_id}"
                table.add_row(Text(label), *[_cell(_find(r, cat_id, sub_id), compact=compact) for r in suite_runs])
        table.add_section()
        table.add_row(Text("Overall", style="bold"),
                      *[Text(_cell(r.overall, compact=compact), style="bold") for r in suite_runs])
        console.print(table)
        labels = first.labels
        legend = (f"cell: success rate [Wilson 95% interval] {labels.get('pass', 'pass')}/items; n/a = phenomenon "
                  f"absent from the output, ? = {labels.get('review', 'needs human verdict')}, err = no output. "
                  f"{RATE_FORMULA}")
        console.print(Text(legend, style="dim"))
        for run in suite_runs:
            if run.signature:
                console.print(Text(f"signature {run.system}: {run.signature}", style="dim"), soft_wrap=True)
    return buffer.getvalue()


def _layout(runs: Sequence[Run]) -> list[tuple[str, str, list[tuple[str, str]]]]:
    layout: dict[str, tuple[str, dict[str, str]]] = {}
    for run in runs:
        for cat in run.categories:
            entry = layout.setdefault(cat.id, (cat.title, {}))
            for sub in cat.children:
                entry[1].setdefault(sub.id, sub.title)
    return [(cid, title, list(subs.items())) for cid, (title, subs) in layout.items()]


def _tallies(run: Run) -> list[Tally]:
    return [t for cat in run.categories for t in [cat.tally, *(sub.tally for sub in cat.children)]]


def _find(run: Run, cat_id: str, sub_id: str | None = None) -> Tally | None:
    for cat in run.categories:
        if cat.id == cat_id:
            if sub_id is None:
                return cat.tally
            for sub in cat.children:
                if sub.id == sub_id:
                    return sub.tally
    return None
