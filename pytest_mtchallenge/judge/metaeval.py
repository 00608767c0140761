"""Meta-evaluation: how often the checkers decide, and how often they agree with human verdicts."""
from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.judge import AUTOMATIC, Gate, Judge
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.text.terminal_text import printable

HUMAN = ("yes", "no", "na")
AUTO = ("pass", "fail", "na", "undecided")

K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Case:
    """One recorded judged output and what the checker said of it."""

    suite: str
    item: str
    subcategory: str
    system: str
    category: str
    output: str
    human: str
    auto: str
    reason: str

    @property
    def decided(self) -> bool:
        return self.auto != "undecided"

    def to_dict(self) -> dict[str, str]:
        return {"suite": self.suite, "id": self.item, "category": self.category, "subcategory": self.subcategory,
                "system": self.system, "output": self.output, "human": self.human, "auto": self.auto,
                "reason": self.reason}

    @classmethod
    def from_dict(cls, record: Mapping[str, str]) -> Case:
        return cls(suite=record["suite"], item=record["id"], subcategory=record["subcategory"],
                   category=record.get("category", ""), system=record["system"], output=record["output"], human=record["human"], auto=record["auto"],
                   reason=record["reason"])

    @property
    def agrees(self) -> bool:
        return {"pass": "yes", "fail": "no", "na": "na"}.get(self.auto) == self.human


@dataclass(frozen=True, slots=True)
class Agreement:
    """Coverage and agreement of a group of cases, with the confusion counts (human → auto)."""

    total: int
    decided: int
    agreed: int
    confusion: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, cases: Iterable[Case]) -> Agreement:
        cases = list(cases)
        confusion = {h: dict.fromkeys(AUTO, 0) for h in HUMAN}
        for case in cases:
            confusion[case.human][case.auto] += 1
        return cls(total=len(cases), decided=sum(c.decided for c in cases),
                   agreed=sum(c.decided and c.agrees for c in cases), confusion=confusion)

    @property
    def coverage(self) -> float | None:
        return self.decided / self.total if self.total else None

    @property
    def accuracy(self) -> float | None:
        return self.agreed / self.decided if self.decided else None

    def to_dict(self) -> dict[str, object]:
        return {"total": self.total, "decided": self.decided, "agreed": self.agreed,
                "coverage": self.coverage, "agreement": self.accuracy,
                "confusion": {h: dict(row) for h, row in self.confusion.items()}}


@dataclass(frozen=True, slots=True)
class MetaEvaluation:
    """The cases of one or more suites, summarised per subcategory and overall."""

    cases: tuple[Case, ...]

    def by(self, key: Callable[[Case], K]) -> dict[K, Agreement]:
        """Coverage and agreement per group of cases, groups named by ``key`` in order of appearance."""
        groups: dict[K, list[Case]] = {}
        for case in self.cases:
            groups.setdefault(key(case), []).append(case)
        return {name: Agreement.of(cases) for name, cases in groups.items()}

    def by_subcategory(self) -> dict[tuple[str, str], Agreement]:
        return self.by(lambda case: (case.suite, case.subcategory))

    def by_category(self) -> dict[tuple[str, str], Agreement]:
        return self.by(lambda case: (case.suite, case.category))

    @property
    def overall(self) -> Agreement:
        return Agreement.of(self.cases)

    def disagreements(self) -> list[Case]:
        return [c for c in self.cases if c.decided and not c.agrees]

    def to_dict(self) -> dict[str, object]:
        return {
            "overall": self.overall.to_dict(),
            "categories": [{"suite": s, "category": cat, **a.to_dict()} for (s, cat), a in self.by_category().items()],
            "subcategories": [{"suite": s, "subcategory": sub, **a.to_dict()}
                              for (s, sub), a in self.by_subcategory().items()],
            "disagreements": [c.to_dict() for c in self.disagreements()],
        }


def meta_evaluate(suites: Iterable[Suite], checkers: Mapping[str, Checker] | Callable[[str], Checker],
                  gates: Sequence[Gate] = AUTOMATIC) -> MetaEvaluation:
    """Run each item's checker (``checkers``: by family name, or a function giving it) on every
    recorded judged output of the suites, through the judge's automatic ``gates`` (the semantic triage's
    after them when it is measured)."""
    cases: list[Case] = []
    for suite in suites:
        judge = Judge(languages=(suite.source_language, suite.target_language), checkers=checkers, gates=gates)
        items = {item.id: item for item in suite.items}
        position = {item.id: index for index, item in enumerate(suite.items)}
        for verdict in sorted(suite.verdicts, key=lambda v: position[v.item]):
            item = items[verdict.item]
            result = judge.verdict(item, verdict.output)
            cases.append(Case(suite=suite.name, item=item.id, subcategory=item.subcategory, category=item.category,
                              system=verdict.system,
                              output=verdict.output, human=verdict.verdict, auto=result.outcome.value,
                              reason=result.reason))
    return MetaEvaluation(tuple(cases))


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


#: The figures of a row, and the narrow terminal's: the rates beside their counts.
FIGURES = ("outputs", "decided", "coverage", "agreed", "agreement")
NARROW_FIGURES = ("outputs", "decided", "agreed")
#: The narrowest the name column gets before the narrow figures are used.
NAME_MIN_WIDTH = 20


def _figures(agreement: Agreement, *, narrow: bool) -> tuple[str, ...]:
    """A row's figures: outputs, decided, coverage, agreed, agreement (``narrow``: ``316 98%``)."""
    coverage, accuracy = _percent(agreement.coverage), _percent(agreement.accuracy)
    if narrow:
        return str(agreement.total), f"{agreement.decided} {coverage}", f"{agreement.agreed} {accuracy}"
    return str(agreement.total), str(agreement.decided), coverage, str(agreement.agreed), accuracy


def render_meta_evaluation(evaluation: MetaEvaluation, *, width: int = 100, color: bool = False) -> str:
    """Coverage and agreement per subcategory and overall, the confusion table and the disagreements.

    Nothing is cut to fit ``width``: the figures keep their columns (on a narrow terminal each rate
    stands beside its count) and the names wrap. One suite is named in the title; several each get
    a row (their totals) above their own groups."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=color, no_color=not color,
                      color_system="standard" if color else None, highlight=False, emoji=False)
    per_suite = evaluation.by(lambda case: case.suite)
    named = f" of {next(iter(per_suite))}" if len(per_suite) == 1 else ""
    for level, groups in (("category", evaluation.by_category()), ("subcategory", evaluation.by_subcategory())):
        rows: list[tuple[str, Agreement, bool]] = []  # name, figures, bold
        for suite in per_suite:
            if not named:
                rows.append((suite, per_suite[suite], True))
            rows += [(group if named else f"  {group}", agreement, False)
                     for (of, group), agreement in groups.items() if of == suite]
        rows.append(("overall", evaluation.overall, True))
        longest = max(len(printable(name)) for name, _, _ in rows)

        def room(columns: tuple[str, ...], narrow: bool) -> int:
            widths = [max(len(column), *(len(cell) for _, agreement, _ in rows
                                         for cell in [_figures(agreement, narrow=narrow)[index]]))
                      for index, column in enumerate(columns)]
            return width - sum(widths) - 3 * len(widths)

        narrow = room(FIGURES, False) < min(longest, NAME_MIN_WIDTH)
        # titles above their tables, wrapped at the terminal's width (a table's own would wrap at the table's)
        console.print(Text(printable(f"checkers against recorded human verdicts{named}, per {level}"), style="bold"))
        table = Table(show_edge=False, pad_edge=False)
        table.add_column(level if named else f"suite / {level}", justify="left", overflow="fold")
        for column in NARROW_FIGURES if narrow else FIGURES:
            table.add_column(column, justify="right", no_wrap=True, min_width=len(column))
        for number, (name, agreement, bold) in enumerate(rows):
            if number == len(rows) - 1:  # the overall row
                table.add_section()
            table.add_row(Text(printable(name)), *_figures(agreement, narrow=narrow), style="bold" if bold else None)
        console.print(table)
    overall = evaluation.overall
    console.print(Text("confusion (rows: human verdict, columns: checker)", style="bold"))
    confusion = Table(show_edge=False, pad_edge=False)
    confusion.add_column("human \\ checker", no_wrap=True)
    for auto in AUTO:
        confusion.add_column(auto, justify="right", no_wrap=True, min_width=len(auto))
    for human in HUMAN:
        confusion.add_row(human, *[str(overall.confusion[human][auto]) for auto in AUTO])
    console.print(confusion)
    for case in evaluation.disagreements():
        where = f"{case.suite}::{case.item}" + (f"[{case.system}]" if case.system else "")
        console.print(Text(printable(f"disagreement {where}: human {case.human}, checker "
                                     f"{case.auto}: {case.output!r} — {case.reason}")))  # shown, not obeyed
    return buffer.getvalue()
