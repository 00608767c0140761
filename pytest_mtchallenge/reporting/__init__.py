"""The run's results, typed: one :class:`ItemResult` per judged test, runs of a suite and system,
tallies per category and subcategory; and the report formats, chosen in one place.

Report writers live one per module (``reporting.json``, ``reporting.table`` for the terminal…)
and only render these types. ``--mt-report`` picks a writer by the path's extension or a
``FORMAT:PATH`` prefix (:func:`report_format`).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from pytest_mtchallenge.significance import wilson_interval
from pytest_mtchallenge.verdict import ItemResult

if TYPE_CHECKING:
    from pytest_mtchallenge.reporting.comparison import Comparison, GateVerdict
    from pytest_mtchallenge.reporting.gender_bias import GenderBias

OUTCOMES = ("pass", "fail", "na", "review", "error")

RATE_FORMULAS = {
    "items": "success rate = pass / items (n/a, review and error count as not passed, as the papers' ✓ share)",
    "decided": "success rate = pass / (pass + fail) (n/a, review and error are left out, as Good / (Good + Bad))",
}
RATE_FORMULA = RATE_FORMULAS["items"]


@dataclass(frozen=True, slots=True)
class Tally:
    """Outcome counts of a group of items and their success rate."""

    counts: Mapping[str, int]
    basis: str = "items"  # "items": pass / items; "decided": pass / (pass + fail)

    @classmethod
    def of(cls, results: Iterable[ItemResult], basis: str = "items") -> Tally:
        return cls.of_outcomes((result.outcome for result in results), basis)

    @classmethod
    def of_outcomes(cls, outcomes: Iterable[str], basis: str = "items") -> Tally:
        counts = dict.fromkeys(OUTCOMES, 0)
        for outcome in outcomes:
            counts[outcome] += 1
        return cls(counts, basis)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def denominator(self) -> int:
        """The items the rate is computed over (all, or only the decided ones)."""
        return self.counts["pass"] + self.counts["fail"] if self.basis == "decided" else self.total

    @property
    def rate(self) -> float | None:
        return self.counts["pass"] / self.denominator if self.denominator else None

    @property
    def interval(self) -> tuple[float, float] | None:
        """The Wilson 95% interval of the success rate."""
        return wilson_interval(self.counts["pass"], self.denominator)

    def to_dict(self) -> dict[str, object]:
        interval = self.interval
        document: dict[str, object] = {**self.counts, "total": self.total, "rate": self.rate,
                                       "ci95": list(interval) if interval else None}
        if self.basis == "decided":  # DiP's %Full beside %Con: passes over every item
            document["full_rate"] = self.counts["pass"] / self.total if self.total else None
        return document


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
    items: tuple[ItemResult, ...]
    overall: Tally
    categories: tuple[Group, ...]
    labels: Mapping[str, str] = field(default_factory=dict)
    rate: str = "items"
    #: What the system reported spending (LLM systems): prompt_tokens, completion_tokens, requests.
    usage: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    #: How many items the suite holds (0: not known) and what chose fewer ("-m S1", "-x stopped the run").
    suite_items: int = 0
    selection: str = ""

    @property
    def partial(self) -> bool:
        """Whether the run judged only some of its suite's items (-m, -k, --lf, test ids, -x)."""
        return 0 < len(self.items) < self.suite_items

    @property
    def selection_text(self) -> str:
        """``3 of 108 items selected by -m S1``; empty for a whole run."""
        if not self.partial:
            return ""
        how = self.selection or "a selection"
        verb = "" if how.startswith("run before") else "selected by "
        return f"{len(self.items)} of {self.suite_items} items {verb}{how}"

    @property
    def signature(self) -> str:
        return self.items[0].signature if self.items else ""

    @property
    def any_connective(self) -> tuple[int, int] | None:
        """DiP's ANY: (outputs with an explicit connective, outputs the connective family read)."""
        found = [e for item in self.items for e in item.judgement.evidence if e.startswith("any-connective:")]
        return (sum(e == "any-connective:yes" for e in found), len(found)) if found else None

    @property
    def coherence(self) -> tuple[float, int] | None:
        """DiP's eq. 1 summed over the run: Σ (reference score − output score), and the items scored."""
        scores = [float(e.split(":", 1)[1]) for item in self.items for e in item.judgement.evidence
                  if e.startswith("coherence-difference:")]
        return (sum(scores), len(scores)) if scores else None

    @property
    def gender_bias(self) -> GenderBias | None:
        """WinoMT's Acc, F1 per gender, ΔG and ΔS, from the gender the family read on each item's entity."""
        from pytest_mtchallenge.reporting.gender_bias import GenderBias

        return GenderBias.of(self.items)

    @property
    def gender_bias_context(self) -> GenderBias | None:
        """WinoMT's measures in the context-aware reading of the entity's gender, beside the paper's."""
        from pytest_mtchallenge.reporting.gender_bias import CONTEXT_AWARE, GenderBias

        return GenderBias.of(self.items, CONTEXT_AWARE)

    @property
    def excluded(self) -> dict[str, str]:
        """The items of a bundled suite whose recorded output of this system is a known defect of the data (no
        test, left out of the measures), and why."""
        from pytest_mtchallenge.reporting.published import suite_notes

        notes = suite_notes(self.suite)
        if notes is None or self.partial or not self.suite_items:
            return {}
        judged = {result.id for result in self.items}
        return {item: why for item, why in notes.defects_of(self.system).items() if item not in judged}

    def measures(self) -> dict[str, object]:
        """The measures beside the success rate that the run's families recorded."""
        found: dict[str, object] = {}
        if self.any_connective is not None:
            found["any_connective"] = {"yes": self.any_connective[0], "total": self.any_connective[1]}
        if self.coherence is not None:
            found["coherence"] = {"difference_sum": self.coherence[0], "items": self.coherence[1]}
        gender_bias = self.gender_bias
        if gender_bias is not None:
            found["gender_bias"] = gender_bias.to_dict()
            from pytest_mtchallenge.reporting.gender_bias import reading_differences
            from pytest_mtchallenge.reporting.published import suite_notes

            context = self.gender_bias_context
            if context is not None:
                found["gender_bias_context_aware"] = context.to_dict()
                found["readings_differ"] = reading_differences(self.items)
            excluded = self.excluded
            if excluded:
                found["excluded"] = {"items": len(excluded), "reasons": excluded}
            notes = suite_notes(self.suite)
            if notes is not None and self.system in notes.figures:
                found["published"] = {**notes.figures[self.system].to_dict(), "citation": notes.citation,
                                      "method": notes.method}
        return found

    @property
    def formula(self) -> str:
        return RATE_FORMULAS.get(self.rate, RATE_FORMULA)

    def to_dict(self) -> dict[str, object]:
        return {
            "suite": self.suite,
            "signature": self.signature,
            "suite_title": self.suite_title,
            "system": self.system,
            "judge": self.judge,
            **({"usage": dict(self.usage)} if self.usage else {}),
            **({"selection": {"items": len(self.items), "suite_items": self.suite_items, "by": self.selection,
                              "text": self.selection_text}} if self.partial else {}),
            "items": [item.to_dict() for item in self.items],
            "summary": {
                "overall": self.overall.to_dict(),
                "categories": [c.to_dict() for c in self.categories],
                "formula": self.formula,
                "rate": self.rate,
                **({"measures": self.measures()} if self.measures() else {}),
            },
        }


def selection_lines(runs: Sequence[Run]) -> list[str]:
    """``3 of 108 items selected by -m S1: …`` when the suite's runs judged only some of its items
    (one line for the suite when every system judged the same number, else one per system)."""
    partial = [run for run in runs if run.partial]
    if not partial:
        return []
    if len({len(run.items) for run in runs}) == 1:
        return [f"{partial[0].selection_text}: the figures are for these items only"]
    return [f"{run.system}: {run.selection_text}" for run in partial]


def build_runs(results: Iterable[ItemResult | Mapping[str, object]]) -> list[Run]:
    """Group item results by (suite, system) into runs, items in suite order.

    Mappings (results that crossed a process boundary) are read with :meth:`ItemResult.from_dict`.
    The last result of an (suite, system, id) wins, so a rerun item replaces the earlier one.
    """
    latest: dict[tuple[str, str, str], ItemResult] = {}
    for result in results:
        if not isinstance(result, ItemResult):
            result = ItemResult.from_dict(result)
        latest[(result.suite, result.system, result.id)] = result
    grouped: dict[tuple[str, str], list[ItemResult]] = {}
    for (suite, system, _), result in latest.items():
        grouped.setdefault((suite, system), []).append(result)
    runs = []
    for (suite, system), items in grouped.items():
        items.sort(key=lambda r: r.position)
        first = items[0]
        runs.append(Run(
            suite=suite, suite_title=first.suite_title or suite, system=system, judge=first.judge,
            items=tuple(items), overall=Tally.of(items, first.rate), categories=_categories(items, first.rate),
            labels=dict(first.labels), rate=first.rate, suite_items=first.suite_items,
        ))
    runs.sort(key=lambda r: (r.suite, r.items[0].system_position, r.system))
    return runs


def _categories(items: Sequence[ItemResult], basis: str) -> tuple[Group, ...]:
    categories: dict[str, dict[str, list[ItemResult]]] = {}
    titles: dict[str, str] = {}
    for result in items:  # items are in suite order, so dict order follows the suite
        cat, sub = result.judgement.category, result.judgement.subcategory
        categories.setdefault(cat, {}).setdefault(sub, []).append(result)
        titles.setdefault(cat, result.category_title or cat)
        titles.setdefault(f"{cat}/{sub}", result.subcategory_title or sub)
    return tuple(
        Group(
            id=cat, title=titles[cat],
            tally=Tally.of((r for subs in by_sub.values() for r in subs), basis),
            children=tuple(Group(id=sub, title=titles[f"{cat}/{sub}"], tally=Tally.of(rs, basis))
                           for sub, rs in by_sub.items()),
        )
        for cat, by_sub in categories.items()
    )


#: Report format name → module with ``write(runs, path, *, meta_evaluation=None, comparisons=(), gate=None)``.
REPORT_FORMATS: dict[str, str] = {
    "json": "pytest_mtchallenge.reporting.json",
    "html": "pytest_mtchallenge.reporting.html",
    "contrastive": "pytest_mtchallenge.reporting.contrastive",  # the peers' evaluate.py breakdowns (issue 38)
}


def report_format(spec: str, formats: Mapping[str, object] | None = None) -> tuple[str, Path]:
    """``--mt-report`` value → (format, path): a ``FORMAT:PATH`` prefix, else the path's extension,
    among ``formats`` (the registry's; the built-in ones by default).

    Raise ``ValueError`` with a one-line reason for an unknown format.
    """
    formats = REPORT_FORMATS if formats is None else formats
    known = ", ".join(sorted(formats))
    prefix, sep, rest = spec.partition(":")
    if sep and prefix in formats and len(prefix) > 1:
        return prefix, Path(rest)
    suffix = Path(spec).suffix.lower().lstrip(".")
    if suffix in formats:
        return suffix, Path(spec)
    raise ValueError(f"--mt-report={spec}: cannot tell the report format from {suffix or 'no extension'!r} "
                     f"(known formats: {known}; name one as FORMAT:PATH)")


def write_report(fmt: str, runs: Sequence[Run], path: Path, *, meta_evaluation: Mapping[str, object] | None = None,
                 comparisons: Sequence[Comparison] = (), gate: GateVerdict | None = None,
                 formats: Mapping[str, object] | None = None) -> None:
    """Write ``runs`` in report format ``fmt`` (of ``formats``, the registry's; the built-in ones by
    default) to ``path``, with the comparisons against a baseline (``--mt-compare``) for the formats
    that show them, and the release gate's verdict (``--mt-compare-fail``)."""
    module = (REPORT_FORMATS if formats is None else formats)[fmt]
    from pytest_mtchallenge.extension import resolve

    writer = resolve(module)  # type: ignore[arg-type]
    writer.write(runs, path, meta_evaluation=meta_evaluation, comparisons=comparisons, gate=gate)  # type: ignore[attr-defined]
