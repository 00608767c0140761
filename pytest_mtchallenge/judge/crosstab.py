"""Two judges of the same recorded outputs: cross-tabulated per subcategory and system, with disagreements and
the paired effect of one system against another (McNemar's exact test)."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.judge import FAMILY, Judge
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.text.plurals import counted
from pytest_mtchallenge.significance import mcnemar_exact
from pytest_mtchallenge.text.terminal_text import printable

OUTCOMES = ("pass", "fail", "na", "undecided")


@dataclass(frozen=True, slots=True)
class DoublyJudged:
    """One recorded output judged by both judges: the first suite's family and the second suite's."""

    system: str
    item: str
    subcategory: str
    source: str
    output: str
    first: str  # outcome of the first judge
    first_reason: str
    second: str
    second_reason: str

    @property
    def agrees(self) -> bool:
        return self.first == self.second

    def to_dict(self) -> dict[str, str]:
        return {"system": self.system, "id": self.item, "subcategory": self.subcategory, "source": self.source,
                "output": self.output, "first": self.first, "first_reason": self.first_reason,
                "second": self.second, "second_reason": self.second_reason}


@dataclass(frozen=True, slots=True)
class ContextEffect:
    """One judge's verdicts on two systems' outputs of the same items (e.g. sentence and document mode)."""

    subcategory: str
    judge: str
    baseline: str
    candidate: str
    paired: int  # items both outputs of which the judge decided (pass or fail)
    baseline_pass: int
    candidate_pass: int
    improved: int  # fail with the baseline, pass with the candidate
    regressed: int

    @property
    def p_value(self) -> float:
        return mcnemar_exact(self.improved, self.regressed)

    def rate(self, passed: int) -> float | None:
        return passed / self.paired if self.paired else None

    def to_dict(self) -> dict[str, object]:
        return {"subcategory": self.subcategory, "judge": self.judge, "baseline": self.baseline,
                "candidate": self.candidate, "paired": self.paired, "baseline_pass": self.baseline_pass,
                "candidate_pass": self.candidate_pass, "improved": self.improved, "regressed": self.regressed,
                "p": self.p_value}


def judge_twice(first: Suite, second: Suite, checkers: Mapping[str, Checker]) -> list[DoublyJudged]:
    """Every recorded output of ``first`` judged by its family and by the family ``second`` gives the
    same item (paired by id). Both judges see the same output, and its context translation when they
    read one.

    On purpose, each judge is its family alone (:data:`~pytest_mtchallenge.judge.gates.FAMILY`: an output
    too long to read is undecided, unread), without the run's other automatic gates (an untranslated
    output, a broken one, one that translates another sentence): the cross-judge measures where two
    families' readings of the same outputs differ (the French families against ctxpro's own rule), and
    those gates would decide the same outputs alike for both, hiding what each family reads there."""
    languages = (first.source_language, first.target_language)
    first_judge = Judge(languages=languages, checkers=checkers, gates=FAMILY)
    second_judge = Judge(languages=(second.source_language, second.target_language), checkers=checkers, gates=FAMILY)
    others = {item.id: item for item in second.items}
    judged: list[DoublyJudged] = []
    for name, system in first.systems.items():
        for item in first.items:
            output = system.outputs.get(item.id)
            other = others.get(item.id)
            if output is None or other is None:
                continue
            context = tuple(system.context_outputs.get(item.id, ())) if system.context_outputs else ()
            verdict = first_judge.verdict(item, output, context=context)
            verdict2 = second_judge.verdict(other, output, context=context)
            judged.append(DoublyJudged(system=name, item=item.id, subcategory=item.subcategory, source=item.source,
                                       output=output, first=verdict.outcome.value, first_reason=verdict.reason,
                                       second=verdict2.outcome.value, second_reason=verdict2.reason))
    return judged


def cross_tabulate(judged: Iterable[DoublyJudged]) -> dict[tuple[str, str], Counter[tuple[str, str]]]:
    """(subcategory, system) → counts of (first outcome, second outcome)."""
    table: dict[tuple[str, str], Counter[tuple[str, str]]] = {}
    for record in judged:
        table.setdefault((record.subcategory, record.system), Counter())[(record.first, record.second)] += 1
    return table


def context_effects(judged: Sequence[DoublyJudged], *, baseline: str, candidate: str) -> list[ContextEffect]:
    """Per subcategory and judge: the candidate system against the baseline on the same items."""
    by_key: dict[tuple[str, str, str], dict[str, str]] = {}
    order: dict[str, None] = {}
    for record in judged:
        if record.system not in (baseline, candidate):
            continue
        order.setdefault(record.subcategory, None)
        for judge, outcome in (("first", record.first), ("second", record.second)):
            by_key.setdefault((record.subcategory, judge, record.item), {})[record.system] = outcome
    effects = []
    for subcategory in [*order, "overall"]:
        for judge in ("first", "second"):
            counts = Counter()
            for (sub, who, _), outcomes in by_key.items():
                if who != judge or (subcategory != "overall" and sub != subcategory):
                    continue
                before, after = outcomes.get(baseline), outcomes.get(candidate)
                if before not in ("pass", "fail") or after not in ("pass", "fail"):
                    continue
                counts["paired"] += 1
                counts["baseline_pass"] += before == "pass"
                counts["candidate_pass"] += after == "pass"
                counts["improved"] += before == "fail" and after == "pass"
                counts["regressed"] += before == "pass" and after == "fail"
            effects.append(ContextEffect(subcategory=subcategory, judge=judge, baseline=baseline, candidate=candidate,
                                         **{k: counts[k] for k in ("paired", "baseline_pass", "candidate_pass",
                                                                   "improved", "regressed")}))
    return effects


def sample_disagreements(judged: Sequence[DoublyJudged], count: int, *, seed: int = 0) -> list[DoublyJudged]:
    """``count`` disagreements drawn at random, spread over the kinds of disagreement (first, second) in turn."""
    kinds: dict[tuple[str, str], list[DoublyJudged]] = {}
    for record in judged:
        if not record.agrees:
            kinds.setdefault((record.first, record.second), []).append(record)
    generator = random.Random(seed)
    pools = [generator.sample(pool, len(pool)) for _, pool in sorted(kinds.items(), key=lambda kv: -len(kv[1]))]
    chosen: list[DoublyJudged] = []
    while len(chosen) < count and any(pools):
        for pool in pools:
            if pool and len(chosen) < count:
                chosen.append(pool.pop())
    return chosen


def _p(value: float) -> str:
    return f"{value:.2g}" if value > 0 else "<1e-300"  # the exact tail underflows a float


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    –"


def render(judged: Sequence[DoublyJudged], *, first_name: str, second_name: str, effects: Sequence[ContextEffect],
           disagreements: Sequence[DoublyJudged]) -> str:
    """The cross-tabulation, the coverage of each judge, the context effect and the sampled disagreements."""
    lines = [f"first judge: {first_name}; second judge: {second_name}", "",
             "coverage (decided: pass, fail or n/a) and rates per subcategory and system",
             f"{'subcategory':<22} {'system':<18} {'items':>6} {'1st decided':>11} {'1st pass/dec':>12} "
             f"{'2nd pass/items':>14} {'agree':>7}"]
    table = cross_tabulate(judged)
    for (subcategory, system), cells in sorted(table.items()):
        total = sum(cells.values())
        first = Counter()
        second = Counter()
        for (a, b), n in cells.items():
            first[a] += n
            second[b] += n
        decided = total - first["undecided"]
        agree = sum(n for (a, b), n in cells.items() if a == b)
        lines.append(f"{subcategory:<22} {system:<18} {total:>6} {_percent(decided, total):>11} "
                     f"{_percent(first['pass'], first['pass'] + first['fail']):>12} "
                     f"{_percent(second['pass'], total):>14} {_percent(agree, total):>7}")
    lines += ["", f"cross-tabulation: rows {first_name}, columns {second_name}"]
    for (subcategory, system), cells in sorted(table.items()):
        columns = [o for o in OUTCOMES if any(b == o for (_, b) in cells)]
        lines.append(f"{subcategory} [{system}]   " + "  ".join(f"{c:>6}" for c in columns))
        for row in OUTCOMES:
            if any(a == row for (a, _) in cells):
                lines.append(f"  {row:<{len(subcategory) + len(system) + 4}}"
                             + "  ".join(f"{cells.get((row, c), 0):>6}" for c in columns))
    if effects:
        first_effect = effects[0]
        lines += ["", f"effect of context: {first_effect.candidate} against {first_effect.baseline}, on the items "
                      "both outputs of which the judge decided (pass or fail); McNemar's exact p",
                  f"{'subcategory':<22} {'judge':<7} {'paired':>6} {first_effect.baseline:>16} "
                  f"{first_effect.candidate:>16} {'+':>5} {'-':>5} {'p':>9}"]
        for effect in effects:
            judge = "1st" if effect.judge == "first" else "2nd"
            lines.append(f"{effect.subcategory:<22} {judge:<7} {effect.paired:>6} "
                         f"{_percent(effect.baseline_pass, effect.paired):>16} "
                         f"{_percent(effect.candidate_pass, effect.paired):>16} {effect.improved:>5} "
                         f"{effect.regressed:>5} {_p(effect.p_value):>9}")
    if disagreements:
        lines += ["", f"{counted(len(disagreements), 'disagreement')} (random sample)"]
        for record in disagreements:
            lines += [f"- {record.item} [{record.system}] {record.subcategory}: {first_name} {record.first}, "
                      f"{second_name} {record.second}",
                      f"    source: {record.source}", f"    output: {record.output}",
                      f"    {first_name}: {record.first_reason}", f"    {second_name}: {record.second_reason}"]
    # Sources, outputs and reasons from users' files: shown on the terminal, never obeyed by it.
    return "\n".join(printable(line) for line in lines) + "\n"
