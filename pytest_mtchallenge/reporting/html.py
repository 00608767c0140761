"""The report as one self-contained HTML page (``--mt-report=report.html``): the release gate's
verdict first, then the category table per system, bar charts per category and subcategory (inline
SVG), the changes against a baseline, and every item with filters by outcome and system.

Nothing is fetched when the page is viewed: the style, the script and the charts are inline (the
page's Content-Security-Policy forbids any request), so the file can be mailed or archived as is.
The charts are SVG written here rather than a vendored charting library: bars with interval
whiskers need no library, there is no licence to ship, and the bars print sharply and are plain
DOM elements a test can measure.
"""
from __future__ import annotations

import datetime
import html
import importlib.resources
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_mtchallenge import __version__, files
from pytest_mtchallenge.reporting import OUTCOMES, ItemResult, Run, Tally, selection_lines
from pytest_mtchallenge.reporting.peers import Decided, decided

if TYPE_CHECKING:
    from pytest_mtchallenge.reporting.comparison import Comparison, GateVerdict

#: Okabe & Ito's colour-blind-safe palette (yellow last: it is faint on white).
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000", "#F0E442")
OUTCOME_NAMES = {"pass": "pass", "fail": "fail", "na": "n/a", "review": "review", "error": "error"}
POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"

PLOT_HEIGHT = 120  # pixels of a chart's 0–100% axis
AXIS_WIDTH = 34
TOP = 10
BOTTOM = 22


def _asset(name: str) -> str:
    return importlib.resources.files("pytest_mtchallenge.reporting").joinpath(name).read_text(encoding="utf-8")


def e(text: object) -> str:
    """Text escaped for HTML content and attribute values."""
    return html.escape(str(text), quote=True)


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.0f}%"


@dataclass(frozen=True, slots=True)
class Bar:
    """One system's bar in a chart."""

    system: str
    color: str
    tally: Tally


def bar_chart(group: str, title: str, bars: Sequence[Bar], *, bar_width: int = 40, gap: int = 14) -> str:
    """A small SVG bar chart: one bar per system, its height the success rate, a whisker for the
    Wilson interval, the rate under the axis. Each bar is a ``rect.bar`` with ``data-rate``."""
    width = AXIS_WIDTH + len(bars) * (bar_width + gap) + gap
    height = TOP + PLOT_HEIGHT + BOTTOM
    base = TOP + PLOT_HEIGHT
    parts = [f'<svg class="chart" role="img" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             f'aria-label="{e(title)}: success rate per system" data-group="{e(group)}">',
             f'<rect class="plot" x="{AXIS_WIDTH}" y="{TOP}" width="{width - AXIS_WIDTH}" height="{PLOT_HEIGHT}"/>']
    for share in (0.0, 0.5, 1.0):
        y = base - share * PLOT_HEIGHT
        parts.append(f'<line class="grid" x1="{AXIS_WIDTH}" x2="{width}" y1="{y:.1f}" y2="{y:.1f}"/>'
                     f'<text class="tick" x="{AXIS_WIDTH - 4}" y="{y + 3.5:.1f}">{share * 100:.0f}%</text>')
    for index, bar in enumerate(bars):
        x = AXIS_WIDTH + gap + index * (bar_width + gap)
        centre = x + bar_width / 2
        tally = bar.tally
        rate = tally.rate
        label = f"{bar.system}: {_summary(tally)}"
        if rate is not None:
            top = base - rate * PLOT_HEIGHT
            parts.append(f'<rect class="bar" x="{x}" y="{top:.2f}" width="{bar_width}" height="{rate * PLOT_HEIGHT:.2f}" '
                         f'fill="{bar.color}" data-system="{e(bar.system)}" data-rate="{rate:.6f}">'
                         f'<title>{e(label)}</title></rect>')
            interval = tally.interval
            if interval is not None:
                low, high = (base - share * PLOT_HEIGHT for share in interval)
                parts.append(f'<path class="whisker" d="M{centre:.1f} {low:.2f}V{high:.2f}M{centre - 4:.1f} {low:.2f}'
                             f'h8M{centre - 4:.1f} {high:.2f}h8"><title>{e(label)}</title></path>')
        parts.append(f'<text class="value" x="{centre:.1f}" y="{base + 15}">{_percent(rate)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _summary(tally: Tally) -> str:
    """``67% [57–75], 72/108, 2 n/a`` — the rate, its interval, the counts."""
    if not tally.total:
        return "no items"
    interval = tally.interval
    text = _percent(tally.rate)
    if interval is not None:
        text += f" [{interval[0] * 100:.0f}–{interval[1] * 100:.0f}]"
    text += f", {tally.counts['pass']}/{tally.denominator}"
    extras = [f"{tally.counts[k]} {OUTCOME_NAMES[k]}" for k in ("na", "review", "error") if tally.counts[k]]
    return text + (", " + ", ".join(extras) if extras else "")


def _cell(tally: Tally | None, color: str) -> str:
    if tally is None or not tally.total:
        return '<td class="cell empty">—</td>'
    c = tally.counts
    interval = tally.interval
    extras = " ".join(f'<span class="extra {k}">{c[k]} {OUTCOME_NAMES[k]}</span>'
                      for k in ("na", "review", "error") if c[k])
    meter = (f'<span class="meter"><span style="width:{tally.rate * 100:.1f}%;background:{color}"></span></span>'
             if tally.rate is not None else "")
    ci = f'<span class="ci">[{interval[0] * 100:.0f}–{interval[1] * 100:.0f}]</span>' if interval else ""
    return (f'<td class="cell">{meter}<span class="rate">{_percent(tally.rate)}</span> {ci} '
            f'<span class="counts">{c["pass"]}/{tally.denominator}</span> {extras}</td>')


class _Page:
    """Builds the page of a list of runs."""

    def __init__(self, runs: Sequence[Run], comparisons: Sequence[Comparison],
                 meta_evaluation: Mapping[str, object] | None, gate: GateVerdict | None = None) -> None:
        self.runs = runs
        self.comparisons = comparisons
        self.gate = gate
        self.meta_evaluation = meta_evaluation
        systems = list(dict.fromkeys(run.system for run in runs))
        self.colors = {system: PALETTE[index % len(PALETTE)] for index, system in enumerate(systems)}
        self.titles: dict[str, dict[str, str]] = {}  # suite -> category or subcategory id -> title
        for run in runs:
            titles = self.titles.setdefault(run.suite, {})
            for category in run.categories:
                titles[category.id] = category.title
                titles.update((child.id, child.title) for child in category.children)
        self.anchors: dict[tuple[str, str, str], str] = {}
        for suite_index, suite in enumerate(dict.fromkeys(run.suite for run in runs)):
            for run in (r for r in runs if r.suite == suite):
                for item in run.items:
                    self.anchors[(suite, run.system, item.id)] = (
                        f"item-{suite_index}-{systems.index(run.system)}-{item.position}")

    def suites(self) -> dict[str, list[Run]]:
        grouped: dict[str, list[Run]] = {}
        for run in self.runs:
            grouped.setdefault(run.suite, []).append(run)
        return grouped

    def render(self, generated: str) -> str:
        suites = self.suites()
        judges = sorted({run.judge for run in self.runs})
        title = "Challenge-set report: " + ", ".join(runs[0].suite_title for runs in suites.values()) \
            if suites else "Challenge-set report"
        body = [f'<header><h1>{e(title)}</h1><p class="meta">{len(suites)} suite(s), '
                f'{len(self.colors)} system(s), judge: {e(", ".join(judges) or "—")} · pytest-mtchallenge '
                f'{e(__version__)} · {e(generated)}</p>',
                self._gate(), self._legend(), '</header>']
        if len(suites) > 1:
            body.append('<nav><ul>' + "".join(f'<li><a href="#suite-{i}">{e(runs[0].suite_title)}</a></li>'
                                              for i, runs in enumerate(suites.values())) + '</ul></nav>')
        for index, (suite, runs) in enumerate(suites.items()):
            body.append(self._suite(index, suite, runs))
        if self.meta_evaluation:
            body.append(self._meta_evaluation(self.meta_evaluation))
        return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f"<title>{e(title)}</title>\n<style>\n{_asset('html_report.css')}</style>\n</head>\n<body>\n"
                + "\n".join(body)
                + f"\n<script>\n{_asset('html_report.js')}</script>\n</body>\n</html>\n")

    def _gate(self) -> str:
        """The release gate's verdict (``--mt-compare-fail``): the rules that tripped, then every rule
        checked with its measure and what excused it."""
        gate = self.gate
        if gate is None:
            return ""
        rules = f'(rules <code>{e(gate.rules)}</code> against <code>{e(gate.baseline)}</code>)'
        if gate.passed:
            head = f'<div class="gate passed"><p><b>✓ Release gate: PASSED</b> {rules}: no rule tripped</p>'
        else:
            tripped = "".join(f"<li>{e(violation)}</li>" for violation in gate.violations)
            head = f'<div class="gate failed"><p><b>✗ Release gate: FAILED</b> {rules}:</p><ul>{tripped}</ul>'
        rows = "".join(
            f'<tr class="{check.verdict}"><td>{e(check.where)}</td><td><code>{e(check.rule)}</code></td>'
            f"<td>{e(check.measured)}</td><td>{e(check.verdict)}</td><td>{e(check.excused)}</td></tr>"
            for check in gate.checks)
        table = ('<table class="gate-checks"><thead><tr><th>run</th><th>rule</th><th>measured</th><th>verdict</th>'
                 f"<th>excused by</th></tr></thead><tbody>{rows}</tbody></table>") if rows else ""
        notes = "".join(f"<p>{e(note)}</p>" for note in gate.notes)
        return f"{head}{table}{notes}</div>"

    def _legend(self) -> str:
        return '<ul class="legend" aria-label="systems">' + "".join(
            f'<li><span class="swatch" style="background:{color}"></span>{e(system)}</li>'
            for system, color in self.colors.items()) + "</ul>"

    def _bars(self, runs: Sequence[Run], tally_of: Mapping[str, Tally]) -> list[Bar]:
        return [Bar(run.system, self.colors[run.system], tally_of[run.system]) for run in runs
                if run.system in tally_of]

    def _suite(self, index: int, suite: str, runs: list[Run]) -> str:
        first = runs[0]
        parts = [f'<section class="suite" id="suite-{index}"><h2>{e(first.suite_title)} <small>{e(suite)}</small></h2>',
                 f'<p class="formula">{e(first.formula)}</p>']
        selections = selection_lines(runs)
        if selections:  # the figures below are those of a selection, not of the whole suite
            parts.append('<p class="selection"><b>Partial run:</b> '
                         + "; ".join(e(line) for line in selections) + "</p>")
        measures = _gender_bias(runs)
        if measures:
            parts.append(measures)
        categories = _groups(runs)
        cards = [self._card("overall", "Overall", {run.system: run.overall for run in runs}, runs)]
        cards += [self._card(cat_id, title, tallies, runs) for cat_id, title, tallies, _ in categories]
        parts.append('<h3>Success per category</h3><div class="charts categories">' + "".join(cards) + "</div>")
        parts.append(self._table(runs, categories))
        comparisons = [c for c in self.comparisons if c.suite == suite]
        if comparisons:
            parts.append(self._comparisons(comparisons))
        parts.append('<h3>Success per subcategory</h3>')
        for cat_id, title, _, children in categories:
            parts.append(f'<h4>{e(title)}</h4><div class="charts subcategories">'
                         + "".join(self._card(sub_id, sub_title, tallies, runs, small=True)
                                   for sub_id, sub_title, tallies in children) + "</div>")
        parts.append(self._items(index, runs))
        parts.append("</section>")
        return "\n".join(parts)

    def _card(self, group: str, title: str, tallies: Mapping[str, Tally], runs: Sequence[Run], *,
              small: bool = False) -> str:
        counts = next(iter(tallies.values())).total if tallies else 0
        bars = self._bars(runs, tallies)
        chart = bar_chart(group, title, bars, bar_width=22, gap=8) if small else bar_chart(group, title, bars)
        where = f"{e(group)} · " if group != "overall" else ""
        return (f'<figure class="card{" small" if small else ""}"><figcaption><b>{e(title)}</b>'
                f'<span class="muted">{where}{counts} items</span></figcaption>{chart}</figure>')

    def _table(self, runs: Sequence[Run], categories: list[_CategoryRows]) -> str:
        head = "".join(f'<th scope="col"><span class="swatch" style="background:{self.colors[r.system]}"></span>'
                       f'{e(r.system)}</th>' for r in runs)
        rows = [f'<table class="summary"><thead><tr><th scope="col">category / subcategory</th>{head}</tr></thead><tbody>']
        for cat_id, title, tallies, children in categories:
            rows.append(f'<tr class="category"><th scope="row">{e(title)} <small>{e(cat_id)}</small></th>'
                        + "".join(_cell(tallies.get(r.system), self.colors[r.system]) for r in runs) + "</tr>")
            for sub_id, sub_title, sub_tallies in children:
                rows.append(f'<tr class="subcategory"><th scope="row">{e(sub_title)} <small>{e(sub_id)}</small></th>'
                            + "".join(_cell(sub_tallies.get(r.system), self.colors[r.system]) for r in runs) + "</tr>")
        rows.append('</tbody><tfoot><tr class="overall"><th scope="row">Overall</th>'
                    + "".join(_cell(r.overall, self.colors[r.system]) for r in runs) + "</tr></tfoot></table>")
        rows.append('<p class="note">A cell: success rate, its Wilson 95% interval, passes over the items the rate '
                    'counts, then n/a, review and error counts.</p>')
        from pytest_mtchallenge.reporting.table import usage_text

        for run in runs:
            if run.usage:
                rows.append(f'<p class="note">usage {e(run.system)}: {e(usage_text(run.usage))}</p>')
        signatures = "".join(f"<li><b>{e(run.system)}</b> <code>{e(run.signature)}</code></li>"
                             for run in runs if run.signature)
        if signatures:
            rows.append(f'<details class="signatures"><summary>Signatures (what produced these judgements)</summary>'
                        f"<ul>{signatures}</ul></details>")
        return "".join(rows)

    def _link(self, suite: str, system: str, item: str) -> str:
        anchor = self.anchors.get((suite, system, item))
        return f'<a href="#{anchor}">{e(item)}</a>' if anchor else e(item)

    def _comparisons(self, comparisons: Sequence[Comparison]) -> str:
        parts = ['<h3>Against the baseline</h3>']
        for c in comparisons:
            overall = c.rate("overall")[0]
            parts.append(
                f'<div class="comparison"><p><b>{e(c.system)}</b> against <b>{e(c.baseline_system)}</b>, {c.paired} '
                f'paired items: {_percent(overall.before)} → {_percent(overall.after)} '
                f'(<span class="{"up" if overall.delta > 0 else "down" if overall.delta < 0 else ""}">'
                f'{overall.delta * 100:+.1f} points</span>), McNemar exact p = {c.p_value:.3g}</p>')
            if c.signature_differences:
                parts.append('<p class="warning">The signatures differ, so the comparison may not be like for like: '
                             + e("; ".join(c.signature_differences)) + "</p>")
            for label, css, ids in (("Regressions (passed in the baseline, not now)", "down", c.regressions),
                                    ("Improvements (passed now, not in the baseline)", "up", c.improvements)):
                links = ", ".join(self._link(c.suite, c.system, i) for i in ids) or "none"
                parts.append(f'<p class="changes {css}"><b>{label}: {len(ids)}</b> {links}</p>')
                parts.append(self._side_by_side(c, ids))
            moved = [ch for ch in c.changes if ch.level != "overall" and abs(ch.delta) > 1e-12]
            titles = self.titles.get(c.suite, {})
            if moved:
                parts.append('<table class="deltas"><thead><tr><th>category / subcategory</th><th>baseline</th>'
                             '<th>now</th><th>change</th></tr></thead><tbody>')
                for ch in moved:
                    width = min(50.0, abs(ch.delta) * 50)
                    side = "up" if ch.delta > 0 else "down"
                    parts.append(
                        f'<tr class="{ch.level}"><th scope="row">{e(titles.get(ch.group, ch.group))} <small>{e(ch.group)}</small></th><td>{_percent(ch.before)}</td>'
                        f'<td>{_percent(ch.after)}</td><td class="delta"><span class="track"><span class="{side}" '
                        f'style="width:{width:.1f}%"></span></span> {ch.delta * 100:+.0f} points</td></tr>')
                parts.append("</tbody></table>")
            parts.append("</div>")
        return "".join(parts)

    def _side_by_side(self, c: Comparison, ids: Sequence[str]) -> str:
        """The baseline's output beside the new one, each with its outcome and reason."""
        rows = []
        for item in ids:
            found = c.detail(item)
            if found is None:
                continue
            rows.append(
                f'<tr><th scope="row">{self._link(c.suite, c.system, item)}</th><td>{e(found.source)}</td>'
                f'<td><span class="badge {e(found.before_outcome)}">{e(found.before_outcome)}</span> '
                f'{e(found.before_output)}<br><small>{e(found.before_reason)}</small></td>'
                f'<td><span class="badge {e(found.after_outcome)}">{e(found.after_outcome)}</span> '
                f'{e(found.after_output)}<br><small>{e(found.after_reason)}</small></td></tr>')
        if not rows:
            return ""
        return ('<table class="side-by-side"><thead><tr><th>item</th><th>source</th><th>baseline</th><th>now</th>'
                f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')

    def _items(self, index: int, runs: Sequence[Run]) -> str:
        outcome_counts = dict.fromkeys(OUTCOMES, 0)
        for run in runs:
            for outcome, count in run.overall.counts.items():
                outcome_counts[outcome] += count
        labels = runs[0].labels
        outcome_boxes = "".join(
            f'<label><input type="checkbox" name="outcome" value="{o}" checked> '
            f'<span class="badge {o}">{e(labels.get(o, OUTCOME_NAMES[o]))}</span> {n}</label>'
            for o, n in outcome_counts.items() if n)
        system_boxes = "".join(
            f'<label><input type="checkbox" name="system" value="{e(r.system)}" checked> '
            f'<span class="swatch" style="background:{self.colors[r.system]}"></span>{e(r.system)}</label>'
            for r in runs)
        total = sum(len(r.items) for r in runs)
        parts = [f'<section class="items" id="items-{index}"><h3>Items</h3>',
                 f'<form class="filters" hidden><fieldset><legend>Outcome</legend>{outcome_boxes}</fieldset>'
                 f'<fieldset><legend>System</legend>{system_boxes}</fieldset>'
                 f'<label class="search">Find <input type="search" name="q" placeholder="id, text…"></label>'
                 f'<output class="shown">{total} of {total} shown</output></form><div class="item-list">']
        groups: dict[str, list[tuple[Run, ItemResult]]] = {}  # item id -> its result per system
        for run in runs:
            for item in run.items:
                groups.setdefault(item.id, []).append((run, item))
        for rows in sorted(groups.values(), key=lambda rows: rows[0][1].position):  # suite order
            parts.append(self._item_group(rows))
        parts.append("</div></section>")
        return "".join(parts)

    def _item_group(self, rows: Sequence[tuple[Run, ItemResult]]) -> str:
        """One item: what every system was given once, then each system's output one under the other."""
        item = rows[0][1]
        texts = "".join(f'<dt>{name}</dt><dd class="{name}">{e(value) or "—"}</dd>'
                        for name, value in (("source", item.source), ("reference", item.reference)))
        question = f' <span class="question">{e(item.question)}</span>' if item.question else ""
        subcategory = item.judgement.subcategory
        return (f'<div class="item-group" data-item="{e(item.id)}"><span class="id">{e(item.id)}</span>'
                f'<div class="item-head"><p class="about"><span class="subcategory">'
                f'{e(item.subcategory_title or subcategory)} <small>{e(subcategory)}</small>'
                f'</span>{question}</p><dl class="texts">{texts}</dl></div>'
                + "".join(self._item(run, result) for run, result in rows) + "</div>")

    def _item(self, run: Run, item: ItemResult) -> str:
        """One system's output of an item; opened, how it was judged."""
        judgement = item.judgement
        outcome = item.outcome
        label = run.labels.get(outcome, OUTCOME_NAMES[outcome])
        output = judgement.output if judgement.output is not None else "(no output)"
        search = " ".join([item.id, run.system, judgement.subcategory, item.subcategory_title, output,
                           item.source, item.reference]).lower()
        details = []
        if judgement.context_output:
            details.append(("context output", " ".join(judgement.context_output)))
        details += [("outcome", label), ("decided by", judgement.decided_by.value), ("reason", judgement.reason)]
        rows = "".join(f"<dt>{e(name)}</dt><dd class=\"{e(name.replace(' ', '-'))}\">{e(value) or '—'}</dd>"
                       for name, value in details)
        decision = decided(item)
        contrastive = _contrastive(decision) if decision is not None else ""
        return (f'<details class="item" id="{self.anchors[(run.suite, run.system, item.id)]}" data-outcome="{outcome}" '
                f'data-system="{e(run.system)}" data-search="{e(search)}"><summary>'
                f'<span class="id visually-hidden">{e(item.id)}</span>'
                f'<span class="system"><span class="swatch" style="background:{self.colors[run.system]}"></span>'
                f'{e(run.system)}</span><span class="badge {outcome}">{e(label)}</span>'
                f'<span class="output">{e(output)}</span></summary><dl>{rows}</dl>{contrastive}</details>')

    def _meta_evaluation(self, evaluation: Mapping[str, object]) -> str:
        overall = evaluation.get("overall") or {}
        assert isinstance(overall, Mapping)
        rows = []
        for group in evaluation.get("subcategories") or []:  # type: ignore[union-attr]
            rows.append(f'<tr><th scope="row">{e(group.get("suite", ""))} {e(group.get("subcategory", ""))}</th>'
                        f'<td>{group.get("total", 0)}</td><td>{group.get("decided", 0)}</td>'
                        f'<td>{_percent(group.get("coverage"))}</td><td>{group.get("agreed", 0)}</td>'
                        f'<td>{_percent(group.get("agreement"))}</td></tr>')
        return ('<section class="meta-evaluation"><h2>The checkers against the recorded human verdicts</h2>'
                f'<p>{overall.get("total", 0)} judged outputs; the checkers decide {_percent(overall.get("coverage"))} '
                f'of them and agree with the annotators on {_percent(overall.get("agreement"))} of those.</p>'
                '<table class="summary"><thead><tr><th>subcategory</th><th>outputs</th><th>decided</th>'
                '<th>coverage</th><th>agreed</th><th>agreement</th></tr></thead><tbody>'
                + "".join(rows) + "</tbody></table></section>")


_CategoryRows = tuple[str, str, dict[str, Tally], list[tuple[str, str, dict[str, Tally]]]]


def _number(value: float, *, signed: bool = False) -> str:
    """A score or a margin to four decimals (``nan``, ``-inf`` as such)."""
    if math.isnan(value) or math.isinf(value):
        return str(value)
    return f"{value:+.4f}" if signed else f"{value:.4f}"


def _contrastive(decision: Decided) -> str:
    """A contrastive test's candidates in the item's order, each with its score, the best-scoring
    marked (all of them in a tie); then the margin and, within the suite's tolerance, the near-tie mark."""
    scores = [c.score for c in decision.candidates if not math.isnan(c.score)]
    best = max(scores) if scores else None
    rows = []
    for candidate in decision.candidates:
        kind = "correct" if candidate.correct else "variant"
        what = "correct" if candidate.correct else candidate.error or "variant"
        mark = ' <span class="best">best score</span>' if candidate.score == best else ""
        rows.append(f'<tr class="{kind}"><td class="candidate">{e(candidate.text)}{mark}</td>'
                    f'<td class="kind">{e(what)}</td><td class="score">{_number(candidate.score)}</td></tr>')
    table = ('<table class="candidates"><thead><tr><th>candidate</th><th>correct / error</th>'
             f'<th>score (log-probability)</th></tr></thead><tbody>{"".join(rows)}</tbody></table>') if rows else ""
    near_tie = ""
    if decision.tie:
        within = f"within {decision.tolerance:g}" if decision.tolerance is not None else "within the tolerance"
        near_tie = f' <span class="near-tie">≈ near tie ({within})</span>'
    rule = f", rule {e(decision.rule)}" if decision.rule else ""
    return (f'<div class="contrastive">{table}<p class="margin">margin <b>{_number(decision.margin, signed=True)}</b> '
            f"(the best correct candidate's score minus the best variant's: right above 0{rule}){near_tie}</p></div>")


def _gender_bias(runs: Sequence[Run]) -> str:
    """WinoMT's measures of each system in both readings, the published figures beside them, on how many items
    the readings differ and the known defects left out: one table, then the formula and the source."""
    from pytest_mtchallenge.reporting.gender_bias import FORMULA, READING_TITLES, GenderBias, reading_differences
    from pytest_mtchallenge.reporting.published import suite_notes

    def points(value: float | None) -> str:
        return "—" if value is None else f"{value * 100:.1f}"

    def row(system: str, what: str, bias: GenderBias) -> str:
        cells = [f"{points(bias.accuracy)} ({bias.correct:,}/{bias.items:,})", points(bias.f1("male")),
                 points(bias.f1("female")), points(bias.delta_g), points(bias.delta_s)]
        return f"<tr><td>{e(system)}</td><td>{e(what)}</td>" + "".join(f"<td>{e(c)}</td>" for c in cells) + "</tr>"

    rows, notes_lines, citation = [], [], ""
    for run in runs:
        bias = run.gender_bias
        if bias is None:
            continue
        rows.append(row(run.system, "paper's reading (headline)", bias))
        context = run.gender_bias_context
        if context is not None:
            rows.append(row("", "context-aware reading", context))
        notes = suite_notes(run.suite)
        figures = notes.figures.get(run.system) if notes is not None else None
        if figures is not None:
            citation = notes.citation if notes is not None else ""
            values = [figures.values.get(key) for key in ("acc", "f1_male", "f1_female", "delta_g", "delta_s")]
            rows.append(f"<tr class=\"published\"><td></td><td>published ({e(figures.source)})</td>"
                        + "".join(f"<td>{'—' if v is None else f'{v:.1f}'}</td>" for v in values) + "</tr>")
        differences = reading_differences(run.items) if context is not None else {}
        if differences:
            notes_lines.append(f"{run.system}: the readings differ on {sum(differences.values()):,} items (paper → "
                               "context-aware: " + ", ".join(f"{k} {n:,}" for k, n in differences.items()) + ")")
        excluded = run.excluded
        if excluded:
            notes_lines.append(f"{run.system}: left out, {len(excluded)} known defects of the recorded data: "
                               + "; ".join(f"item {item}: {why}" for item, why in excluded.items()))
    if not rows:
        return ""
    head = "".join(f"<th>{h}</th>" for h in ("system", "reading", "Acc", "F1 male", "F1 female", "ΔG", "ΔS"))
    parts = ['<h3>WinoMT measures</h3><table class="gender-bias"><thead><tr>' + head + "</tr></thead><tbody>"
             + "".join(rows) + "</tbody></table>"]
    parts += [f'<p class="measure-note">{e(line)}</p>' for line in notes_lines]
    parts.append(f'<p class="formula">{e(FORMULA)}. Readings: {e(READING_TITLES["paper"])}; '
                 f'{e(READING_TITLES["context-aware"])}.</p>')
    if citation:
        parts.append(f'<p class="formula">Published: {e(citation)} (— where not given).</p>')
    return "\n".join(parts)


def _groups(runs: Iterable[Run]) -> list[_CategoryRows]:
    """Categories and their subcategories across the runs of a suite, in suite order, with each
    system's tally: (id, title, {system: tally}, [(sub id, sub title, {system: tally})])."""
    categories: dict[str, tuple[str, dict[str, Tally], dict[str, tuple[str, dict[str, Tally]]]]] = {}
    for run in runs:
        for category in run.categories:
            title, tallies, children = categories.setdefault(category.id, (category.title, {}, {}))
            tallies[run.system] = category.tally
            for child in category.children:
                children.setdefault(child.id, (child.title, {}))[1][run.system] = child.tally
    return [(cat_id, title, tallies, [(sub, sub_title, sub_tallies) for sub, (sub_title, sub_tallies) in children.items()])
            for cat_id, (title, tallies, children) in categories.items()]


def render(runs: Sequence[Run], *, meta_evaluation: Mapping[str, object] | None = None,
           comparisons: Sequence[Comparison] = (), gate: GateVerdict | None = None,
           generated: str | None = None) -> str:
    """The page as text."""
    if generated is None:
        generated = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    return _Page(runs, comparisons, meta_evaluation, gate).render(generated)


def write(runs: Sequence[Run], path: Path, *, meta_evaluation: Mapping[str, object] | None = None,
          comparisons: Sequence[Comparison] = (), gate: GateVerdict | None = None) -> None:
    """Write the page, atomically (a crash or a failure never leaves half a file, nor a temporary one).

    A lone surrogate in a text (a suite's ``"\\ud800"`` escape) is written as that escape, as the
    JSON report writes it: the page is valid UTF-8.
    """
    page = render(runs, meta_evaluation=meta_evaluation, comparisons=comparisons, gate=gate)
    files.write_atomically(path, page.encode("utf-8", "backslashreplace"))

