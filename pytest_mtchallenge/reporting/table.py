"""The report as a terminal table: one table per suite, one column per system (rich)."""
from __future__ import annotations

import io
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pytest_mtchallenge.reporting import Run, Tally, selection_lines
from pytest_mtchallenge.text.terminal_text import printable

if TYPE_CHECKING:
    from pytest_mtchallenge.reporting.gender_bias import GenderBias


#: The narrowest the category / subcategory column gets; its titles wrap within it.
TITLE_MIN_WIDTH = 22


def _cell(tally: Tally | None, *, compact: bool = False, labels: Mapping[str, str] | None = None) -> str:
    """``67% [57–75] 72/108``, with n/a, review and error counts when not zero.

    ``compact`` leaves the interval out, for terminals too narrow for it: a cell stays one line.
    """
    if tally is None or not tally.total:
        return "—"
    if tally.rate is None:  # nothing decided (a pass / (pass + fail) suite)
        return f"— {_extras(tally, labels)}".strip()
    c = tally.counts
    low, high = tally.interval or (0.0, 0.0)
    interval = f"[{low * 100:.0f}–{high * 100:.0f}]"
    extras = _extras(tally, labels)
    counts = f"{c['pass']}/{tally.denominator}" + (f" {extras}" if extras else "")
    if compact:
        return f"{tally.rate:4.0%} {counts}"
    return f"{tally.rate:4.0%} {interval} {counts}"


def _extras(tally: Tally, labels: Mapping[str, str] | None = None) -> str:
    """Counts outside the rate's fraction: n/a (or the suite's name for it), review and error."""
    c = tally.counts
    na = (labels or {}).get("na", "n/a")
    return " ".join(f"{c[k]} {label}" for k, label in (("na", na), ("review", "?"), ("error", "err")) if c[k])


def render_table(runs: Sequence[Run], *, width: int = 100, color: bool = False) -> str:
    """The success report as text: one table per suite, one column per system, each line at most
    ``width`` columns. When the systems do not fit side by side, they are wrapped into blocks, each
    repeating the category / subcategory column; a title that wraps is indented under its first line."""
    from rich.console import Console
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
        console.print(Text(printable(f"{first.suite_title} [{suite}] — judge: {', '.join(judges)}"), style="bold"))
        labels = first.labels
        names = max(cell_len(printable(r.system)) for r in suite_runs)
        widest = max(len(_cell(t, labels=labels)) for r in suite_runs for t in [r.overall, *_tallies(r)])
        compact = TITLE_MIN_WIDTH + len(suite_runs) * (max(widest, names) + 3) > width
        if compact:  # no room for the intervals: cells stay one line, the JSON and HTML reports keep them
            widest = max(len(_cell(t, compact=True, labels=labels)) for r in suite_runs
                         for t in [r.overall, *_tallies(r)])
        cell_width = max(widest, names)
        blocks = _blocks(suite_runs, per_block=max(1, (width - TITLE_MIN_WIDTH) // (cell_width + 3)))
        rows = _label_rows(_layout(suite_runs))
        longest = max(cell_len(HEADER), cell_len("Overall"), *(cell_len(line) for _, _, line in rows))
        label_width = max(1, min(longest, width - len(blocks[0]) * (cell_width + 3)))
        for number, block in enumerate(blocks):
            if number:
                console.print()
            console.print(_block_table(block, rows, label_width=label_width, cell_width=cell_width, compact=compact))
        fraction = ("items" if first.rate == "items"
                    else f"({labels.get('pass', 'pass')} + {labels.get('fail', 'fail')})")
        interval = " [Wilson 95% interval]" if not compact else ""
        legend = (f"cell: success rate{interval} {labels.get('pass', 'pass')}/{fraction}; "
                  f"n/a = {labels.get('na', 'phenomenon absent from the output')}, ? = {labels.get('review', 'needs human verdict')}, err = no output. "
                  f"{first.formula}")
        legend += " (intervals left out at this width: see the JSON or HTML report)" if compact else ""
        console.print(Text(printable(legend), style="dim"))
        for line in selection_lines(suite_runs):
            console.print(Text(line, style="bold yellow" if color else ""))
        for line in signature_lines(suite_runs, width=width):
            console.print(Text(line, style="dim"), soft_wrap=True)
        for line in measure_lines(suite_runs, width=width):
            console.print(Text(line, style="dim"))
        for run in suite_runs:
            if run.usage:
                for line in _hanging(f"usage {run.system}: {usage_text(run.usage)}", width):
                    console.print(Text(line, style="dim"))
    return buffer.getvalue()


#: The label column's header.
HEADER = "category / subcategory"


def cell_len(text: str) -> int:
    """How many terminal columns ``text`` takes (a wide character two)."""
    from rich.cells import cell_len as columns

    return columns(text)


def _blocks(runs: Sequence[Run], *, per_block: int) -> list[Sequence[Run]]:
    """The runs in as few blocks of at most ``per_block`` as needed, as even as can be (5 by 2: 2, 2, 1)."""
    count = -(-len(runs) // per_block)
    size = -(-len(runs) // count)
    return [runs[start:start + size] for start in range(0, len(runs), size)]


def _label_rows(layout: Sequence[tuple[str, str, Sequence[tuple[str, str]]]]) -> list[tuple[str, str | None, str]]:
    """(category id, subcategory id or None, label) for each row: a category's title, then each
    subcategory's id and title, indented."""
    rows: list[tuple[str, str | None, str]] = []
    for cat_id, cat_title, subs in layout:
        rows.append((cat_id, None, printable(cat_title)))
        for sub_id, sub_title in subs:
            rows.append((cat_id, sub_id, printable(f"  {sub_id} {sub_title}" if sub_title != sub_id else f"  {sub_id}")))
    return rows


def _label(text: str, width: int, *, indent: str) -> str:
    """``text`` wrapped to ``width`` (its own leading indent kept), its continuation lines indented by ``indent``."""
    if cell_len(text) <= width:
        return text
    return "\n".join(textwrap.wrap(text, width=width, subsequent_indent=indent if len(indent) < width // 2 else "",
                                   break_long_words=True, break_on_hyphens=False))


def _block_table(runs: Sequence[Run], rows: Sequence[tuple[str, str | None, str]], *, label_width: int,
                 cell_width: int, compact: bool):  # type: ignore[no-untyped-def]
    """One table of the report: the label column and a column per run of ``runs``."""
    from rich.table import Table
    from rich.text import Text

    labels = runs[0].labels
    table = Table(show_edge=False, pad_edge=False, expand=False)
    table.add_column(HEADER, overflow="fold", no_wrap=False, width=label_width)
    for run in runs:
        table.add_column(Text(printable(run.system)), justify="right", no_wrap=True, min_width=cell_width,
                         overflow="fold")
    for cat_id, sub_id, label in rows:
        cells = [_cell(_find(r, cat_id, sub_id), compact=compact, labels=labels) for r in runs]
        if sub_id is None:
            table.add_row(Text(_label(label, label_width, indent="  "), style="bold"),
                          *[Text(cell, style="bold") for cell in cells])
        else:
            table.add_row(Text(_label(label, label_width, indent="      ")), *cells)
    table.add_section()
    table.add_row(Text("Overall", style="bold"),
                  *[Text(_cell(r.overall, compact=compact, labels=labels), style="bold") for r in runs])
    return table


def measure_lines(runs: Sequence[Run], *, width: int | None = None) -> list[str]:
    """The papers' measures beside the rate: DiP's ANY for connectives and the coherence ranking of
    eq. 1; WinoMT's Acc, F1 per gender, ΔG and ΔS (one line per system, then the formula). With
    ``width``, each wrapped to fit, its continuation lines indented."""
    lines = []
    biased = [(run, bias) for run in runs if (bias := run.gender_bias) is not None]
    if biased:
        lines += winomt_lines(biased, width=width)
    for run in runs:
        found = run.any_connective
        if found is not None:
            yes, total = found
            lines += _hanging(f"ANY {run.system}: an explicit connective in {yes} of {total} outputs "
                              f"({yes / total:.0%})", width)
    scored = [(run.coherence[0], run.system, run.coherence[1]) for run in runs if run.coherence is not None]
    if scored:
        ranking = [f"{rank}. {system} {total:.3f} ({items} items)"
                   for rank, (total, system, items) in enumerate(sorted(scored), start=1)]
        lines += _wrapped("coherence ranking (Σ reference − output score, lower is better): ", ranking, width,
                          separator=", ")
    return lines


def winomt_lines(biased: Sequence[tuple[Run, GenderBias]], *, width: int | None = None) -> list[str]:
    """WinoMT's measures, one block per system: the paper's reading (the headline line), the context-aware
    reading, the published figures, on how many items the readings differ, and the known defects left out;
    then the formula, the readings and the published figures' source, each wrapped to ``width``."""
    from pytest_mtchallenge.reporting.gender_bias import FORMULA, READING_TITLES, reading_differences
    from pytest_mtchallenge.reporting.published import suite_notes

    lines: list[str] = []
    cited = []
    for run, bias in biased:
        lines += _wrapped(f"WinoMT {run.system}: ", bias.parts(), width, separator=", ")
        context = run.gender_bias_context
        if context is not None:
            lines += _wrapped("  context-aware: ", context.parts(), width, separator=", ")
        notes = suite_notes(run.suite)
        figures = notes.figures.get(run.system) if notes is not None else None
        if figures is not None and figures.parts():
            published = figures.values.get("acc")
            gap = ([f"measured − published Acc {100 * bias.accuracy - published:+.1f}"]
                   if published is not None and bias.accuracy is not None else [])
            lines += _wrapped("  published: ", [*figures.parts(), *gap], width, separator=", ")
            if notes is not None and notes.citation not in cited:
                cited.append(notes.citation)
        differences = reading_differences(run.items) if context is not None else {}
        if differences:
            total = sum(differences.values())
            lines += _wrapped(f"  the readings differ on {total:,} items: ",
                              [f"{key} {count:,}" for key, count in differences.items()], width, separator=", ")
        excluded = run.excluded
        if excluded:
            lines += _hanging(f"  left out: {len(excluded)} known defect{'s' if len(excluded) > 1 else ''} of the "
                              f"recorded data (items {', '.join(excluded)}; the suite's known_defects say why)", width)
    lines += _hanging(FORMULA, width)
    if any(run.gender_bias_context is not None for run, _ in biased):
        lines += _hanging(f"WinoMT readings: headline, {READING_TITLES['paper']}; context-aware, "
                          f"{READING_TITLES['context-aware'].split(': ', 1)[1]}", width)
    for citation in cited:
        lines += _hanging(f"published: {citation} (— where not given)", width)
    return lines


def _hanging(text: str, width: int | None) -> list[str]:
    """``text`` as lines of at most ``width`` columns, the continuation lines indented."""
    if width is None or cell_len(text) <= width:
        return [text]
    return textwrap.wrap(text, width=width, subsequent_indent="    ", break_long_words=True, break_on_hyphens=False)


def usage_text(usage: Mapping[str, int]) -> str:
    """``1,234 prompt tokens, 567 completion tokens, 108 requests``."""
    names = {"prompt_tokens": "prompt tokens", "completion_tokens": "completion tokens", "requests": "requests"}
    return ", ".join(f"{usage[key]:,} {label}" for key, label in names.items() if key in usage)


def error_lines(runs: Sequence[Run], *, problems: Sequence[str] = (), shown: int = 5) -> list[str]:
    """Items without an output, one line per system and reason (a broken system is one line, not
    one per item): ``ERROR sys: reason (108 items: S1a, S1b, …)``; then each of the systems'
    ``problems`` that is not already the reason of such a line: ``ERROR problem``."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for run in runs:
        for result in run.items:
            if result.outcome == "error":
                grouped.setdefault((run.system, result.judgement.reason), []).append(result.id)
    lines = []
    for (system, reason), ids in grouped.items():
        listed = ", ".join(ids[:shown]) + (", …" if len(ids) > shown else "")
        count = f"{len(ids)} item{'s' if len(ids) > 1 else ''}"
        lines.append(f"ERROR {system}: {reason} ({count}: {listed})")
    reasons = {reason for _, reason in grouped}
    lines += [f"ERROR {problem}" for problem in problems if problem not in reasons]
    return [printable(line) for line in lines]  # a system's reply, quoted in a reason: shown, not obeyed


def short_signature_part(part: str) -> str:
    """One ``key:value`` of a signature in its short form: the checker list becomes its count and a
    digest (the full signature stays in saved runs and the JSON report)."""
    key, _, value = part.partition(":")
    if key == "checkers" and "," in value:
        import hashlib

        return f"checkers:{value.count(',') + 1}#{hashlib.sha256(value.encode()).hexdigest()[:8]}"
    return part


def signature_lines(runs: Sequence[Run], *, width: int | None = None) -> list[str]:
    """The runs' signatures, short: what they share, then what differs per system; with ``width``,
    each wrapped between its ``|``-separated parts to fit (a part longer than the width alone on
    its line)."""
    split = {run.system: [short_signature_part(p) for p in run.signature.split("|")] for run in runs if run.signature}
    if not split:
        return []
    shared = [p for p in next(iter(split.values())) if all(p in parts for parts in split.values())]
    lines = _wrapped("signature: ", shared, width)
    for system, parts in split.items():
        own = [p for p in parts if p not in shared]
        if own:
            lines += _wrapped(f"  {system}: ", own, width)
    return lines


def _wrapped(head: str, parts: Sequence[str], width: int | None, *, separator: str = "|") -> list[str]:
    """``head`` and ``parts`` joined by ``separator``, as lines of at most ``width`` columns (a part
    longer than that alone on its line), each continuation line indented by up to 4 spaces."""
    whole = head + separator.join(parts)
    if width is None or cell_len(whole) <= width:
        return [whole]
    indent = " " * min(len(head), 4)
    ending = separator.rstrip()
    lines, line = [], head
    for part in parts:
        if line == head and head.strip() and cell_len(head + part) > width:  # the head alone, the part under it
            lines.append(head.rstrip())
            line = indent + part
        elif line in (head, indent):
            line += part
        elif cell_len(line + separator + part + ending) <= width:
            line += separator + part
        else:
            lines.append(line + ending)
            line = indent + part
    lines.append(line)
    return lines


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
