"""Agreement between annotators' verdicts: raw agreement, Cohen's κ, Fleiss' κ and Gwet's AC1.

A *unit* is one output of one item (outputs compared after normalisation); each annotator gives it
one verdict (yes, no or na; an annotator's later verdict replaces an earlier one). Recorded verdicts
that carry only counts (``annotators: {yes: 2, no: 1}``) add anonymous ratings: they count for
Fleiss' κ and Gwet's AC1, not for Cohen's κ, which needs two named annotators.

The multi-rater formulas are Gwet's (*Handbook of Inter-Rater Reliability*, 4th ed., 2014; the
``irrCAC`` package): over the units rated at least twice, with ``r_ik`` the ratings of unit ``i``
in category ``k`` and ``r_i`` its ratings,

- observed agreement ``p_a = mean_i Σ_k r_ik (r_ik − 1) / (r_i (r_i − 1))`` (with two annotators:
  the share of units on which they agree);
- category shares ``π_k = mean_i r_ik / r_i``;
- Fleiss' κ = ``(p_a − p_e) / (1 − p_e)`` with ``p_e = Σ_k π_k²``;
- Gwet's AC1 = ``(p_a − p_e) / (1 − p_e)`` with ``p_e = Σ_k π_k (1 − π_k) / (q − 1)``, ``q`` the
  number of categories of the scale (3: yes, no, na);
- Cohen's κ (two annotators, the units both rated) = ``(p_o − p_e) / (1 − p_e)`` with
  ``p_e = Σ_k p_Ak p_Bk`` from each annotator's own category shares.

A statistic is None where it is undefined (no unit rated twice, or chance agreement of 1).
"""
from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from pytest_mtchallenge.model import RecordedVerdict, Suite
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.text.plurals import agreeing, counted
from pytest_mtchallenge.text.terminal_text import printable

if TYPE_CHECKING:
    from pytest_mtchallenge.checkers import Checker
    from pytest_mtchallenge.judge.metaeval import MetaEvaluation

CATEGORIES = ("yes", "no", "na")


@dataclass(frozen=True, slots=True)
class Unit:
    """One output of one item and the verdicts given on it."""

    item: str
    output: str  # as first recorded
    ratings: Mapping[str, str]  # annotator -> verdict
    anonymous: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))  # verdict -> count
    system: str = ""

    def counts(self, categories: Sequence[str] = CATEGORIES) -> dict[str, int]:
        """Ratings per category (named and anonymous)."""
        counts = dict.fromkeys(categories, 0)
        for verdict in self.ratings.values():
            counts[verdict] = counts.get(verdict, 0) + 1
        for verdict, count in self.anonymous.items():
            counts[verdict] = counts.get(verdict, 0) + count
        return counts

    @property
    def size(self) -> int:
        return len(self.ratings) + sum(self.anonymous.values())

    def majority(self) -> str | None:
        """The verdict most annotators gave; None on a tie."""
        ranked = sorted(self.counts().items(), key=lambda kv: -kv[1])
        if not ranked or ranked[0][1] == 0 or len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return None
        return ranked[0][0]


def units_of(verdicts: Iterable[tuple[RecordedVerdict, str]]) -> list[Unit]:
    """Group verdicts into units.

    Each verdict comes with the annotator to assume when it names none (e.g. the file it came
    from); a verdict that names none but carries annotator counts adds those counts instead.
    """
    ratings: dict[tuple[str, str], dict[str, str]] = {}
    anonymous: dict[tuple[str, str], dict[str, int]] = {}
    first: dict[tuple[str, str], RecordedVerdict] = {}
    for verdict, default_annotator in verdicts:
        key = (verdict.item, normalise_text(verdict.output))
        first.setdefault(key, verdict)
        if not verdict.annotator and verdict.annotators:
            counts = anonymous.setdefault(key, {})
            for value, count in verdict.annotators.items():
                counts[value] = counts.get(value, 0) + count
            continue
        ratings.setdefault(key, {})[verdict.annotator or default_annotator] = verdict.verdict
    return [Unit(item=key[0], output=verdict.output, ratings=MappingProxyType(ratings.get(key, {})),
                 anonymous=MappingProxyType(anonymous.get(key, {})), system=verdict.system)
            for key, verdict in first.items()]


def _rated_twice(units: Iterable[Unit]) -> list[Unit]:
    return [unit for unit in units if unit.size >= 2]


def _chance_corrected(observed: float, chance: float) -> float | None:
    return None if chance >= 1 - 1e-12 else (observed - chance) / (1 - chance)


def observed_agreement(units: Sequence[Unit], categories: Sequence[str] = CATEGORIES) -> float | None:
    """Raw agreement: the mean share of agreeing pairs of ratings per unit."""
    rated = _rated_twice(units)
    if not rated:
        return None
    total = 0.0
    for unit in rated:
        counts, size = unit.counts(categories), unit.size
        total += sum(n * (n - 1) for n in counts.values()) / (size * (size - 1))
    return total / len(rated)


def category_shares(units: Sequence[Unit], categories: Sequence[str] = CATEGORIES) -> dict[str, float]:
    """``π_k``: the mean share of each category in a unit's ratings (units rated at least twice)."""
    rated = _rated_twice(units)
    shares = dict.fromkeys(categories, 0.0)
    for unit in rated:
        counts, size = unit.counts(categories), unit.size
        for category in shares:
            shares[category] += counts.get(category, 0) / size / len(rated)
    return shares


def fleiss_kappa(units: Sequence[Unit], categories: Sequence[str] = CATEGORIES) -> float | None:
    observed = observed_agreement(units, categories)
    if observed is None:
        return None
    return _chance_corrected(observed, sum(p * p for p in category_shares(units, categories).values()))


def gwet_ac1(units: Sequence[Unit], categories: Sequence[str] = CATEGORIES) -> float | None:
    observed = observed_agreement(units, categories)
    if observed is None or len(categories) < 2:
        return None
    shares = category_shares(units, categories)
    chance = sum(p * (1 - p) for p in shares.values()) / (len(categories) - 1)
    return _chance_corrected(observed, chance)


def cohen_kappa(units: Sequence[Unit], first: str, second: str,
                categories: Sequence[str] = CATEGORIES) -> float | None:
    """Cohen's κ of two named annotators over the units both rated."""
    pairs = [(u.ratings[first], u.ratings[second]) for u in units if first in u.ratings and second in u.ratings]
    if not pairs:
        return None
    observed = sum(a == b for a, b in pairs) / len(pairs)
    chance = sum((sum(a == k for a, _ in pairs) / len(pairs)) * (sum(b == k for _, b in pairs) / len(pairs))
                 for k in categories)
    return _chance_corrected(observed, chance)


def annotators_of(units: Iterable[Unit]) -> list[str]:
    """The named annotators, in order of first appearance."""
    names: dict[str, None] = {}
    for unit in units:
        names.update(dict.fromkeys(unit.ratings))
    return list(names)


@dataclass(frozen=True, slots=True)
class AgreementFigures:
    """The agreement of one group of units (all of them, or one subcategory's)."""

    group: str
    units: int  # units rated at least twice
    ratings: int
    observed: float | None
    cohen: float | None
    fleiss: float | None
    ac1: float | None

    @classmethod
    def of(cls, group: str, units: Sequence[Unit], categories: Sequence[str] = CATEGORIES) -> AgreementFigures:
        rated = _rated_twice(units)
        names = annotators_of(rated)
        two = len(names) == 2 and not any(u.anonymous for u in rated)
        return cls(group=group, units=len(rated), ratings=sum(u.size for u in rated),
                   observed=observed_agreement(rated, categories),
                   cohen=cohen_kappa(rated, names[0], names[1], categories) if two else None,
                   fleiss=fleiss_kappa(rated, categories), ac1=gwet_ac1(rated, categories))

    def to_dict(self) -> dict[str, object]:
        return {"group": self.group, "units": self.units, "ratings": self.ratings, "raw_agreement": self.observed,
                "cohen_kappa": self.cohen, "fleiss_kappa": self.fleiss, "gwet_ac1": self.ac1}


@dataclass(frozen=True, slots=True)
class AgreementReport:
    """What ``mtchallenge agreement`` prints: agreement overall and per subcategory, and the checkers
    against the annotators' majority."""

    annotators: tuple[str, ...]
    overall: AgreementFigures
    subcategories: tuple[AgreementFigures, ...]  # empty without a suite
    rated_once: int  # units only one annotator rated (left out of the statistics)
    ties: int  # units rated at least twice without a majority
    checker: MetaEvaluation | None = None  # the checkers against the majority verdicts

    def to_dict(self) -> dict[str, object]:
        document: dict[str, object] = {
            "annotators": list(self.annotators), "overall": self.overall.to_dict(),
            "subcategories": [figures.to_dict() for figures in self.subcategories],
            "rated_once": self.rated_once, "ties": self.ties,
        }
        if self.checker is not None:
            document["checker_against_majority"] = self.checker.to_dict()
        return document


def agreement_report(units: Sequence[Unit], *, suite: Suite | None = None,
                     checkers: Mapping[str, Checker] | None = None) -> AgreementReport:
    """Agreement overall and, with the suite, per subcategory (in suite order); with checkers too,
    each item's checker run on the outputs that have a majority verdict, as ``--mt-meta-eval`` does."""
    rated = _rated_twice(units)
    subcategories: list[AgreementFigures] = []
    evaluation = None
    if suite is not None:
        by_subcategory: dict[str, list[Unit]] = {sub: [] for sub in suite.subcategories}
        subcategory_of = {item.id: item.subcategory for item in suite.items}
        for unit in rated:
            by_subcategory[subcategory_of[unit.item]].append(unit)
        subcategories = [AgreementFigures.of(sub, group) for sub, group in by_subcategory.items() if group]
        if checkers is not None:
            from pytest_mtchallenge.judge.metaeval import meta_evaluate

            majority = [RecordedVerdict(item=u.item, output=u.output, verdict=verdict, system=u.system)
                        for u in rated if (verdict := u.majority()) is not None]
            evaluation = meta_evaluate([replace(suite, verdicts=tuple(majority))], checkers)
    return AgreementReport(
        annotators=tuple(annotators_of(units)), overall=AgreementFigures.of("overall", rated),
        subcategories=tuple(subcategories), rated_once=len(units) - len(rated),
        ties=sum(u.majority() is None for u in rated), checker=evaluation)


def _figure(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def render_agreement(report: AgreementReport, *, width: int = 100) -> str:
    """The agreement report as text tables (rich)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, no_color=True, color_system=None, highlight=False, emoji=False)
    names = printable(", ".join(report.annotators)) or "anonymous counts only"
    console.print(Text(f"annotators: {names}"))
    table = Table(title=Text("agreement between annotators", style="bold"), title_justify="left",
                  show_edge=False, pad_edge=False)
    columns = ("subcategory", "outputs", "ratings", "raw", "Cohen κ", "Fleiss κ", "AC1")
    checker_rows: dict[str, tuple[str, str]] = {}
    if report.checker is not None:
        columns += ("checker", "agrees")
        for (_, sub), figures in report.checker.by_subcategory().items():
            checker_rows[sub] = (f"{figures.decided}/{figures.total}", _percent(figures.accuracy))
        overall = report.checker.overall
        checker_rows["overall"] = (f"{overall.decided}/{overall.total}", _percent(overall.accuracy))
    for column in columns:
        table.add_column(column, justify="left" if column == "subcategory" else "right", no_wrap=True)

    def row(figures: AgreementFigures) -> list[str]:
        cells = [printable(figures.group), str(figures.units), str(figures.ratings), _percent(figures.observed),
                 _figure(figures.cohen), _figure(figures.fleiss), _figure(figures.ac1)]
        if report.checker is not None:
            cells += list(checker_rows.get(figures.group, ("0/0", "—")))
        return cells

    for figures in report.subcategories:
        table.add_row(*row(figures))
    if report.subcategories:
        table.add_section()
    table.add_row(*row(report.overall), style="bold")
    from rich.measure import Measurement

    # Figures are never cut to fit a narrow terminal: the table takes the width it needs.
    needed = Measurement.get(console, console.options.update_width(10_000), table).maximum
    console.width = max(width, needed)
    console.print(table)
    console.width = width
    legend = ("outputs: outputs rated by two annotators or more; raw: raw agreement; Cohen κ: two named annotators "
              "only; AC1: Gwet's AC1")
    if report.checker is not None:
        legend += ("; checker: outputs with a majority verdict that the item's checker decides; agrees: the share of "
                   "those on which it says what the majority said")
    console.print(Text(legend, style="dim"))
    notes = []
    if report.rated_once:
        notes.append(f"{counted(report.rated_once, 'output')} rated by one annotator only "
                     f"{agreeing(report.rated_once, 'is', 'are')} left out")
    if report.ties:
        notes.append(f"{counted(report.ties, 'output')} {agreeing(report.ties, 'has', 'have')} no majority verdict "
                     "(a tie)")
    for note in notes:
        console.print(Text(note))
    if report.checker is not None:
        for case in report.checker.disagreements():
            where = printable(case.item + (f" [{case.system}]" if case.system else ""))
            console.print(Text(f"checker disagrees with the majority on {where}: majority {case.human}, "
                               f"checker {case.auto}: {printable(repr(case.output))} — {printable(case.reason)}"))
    return buffer.getvalue()


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"
