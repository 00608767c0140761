"""The release gate: rules parsed from ``--mt-compare-fail``, and each rule checked against a comparison with its measured value, threshold, verdict and what excused it."""
from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.reporting.comparison import Comparison, RuleCheck
from pytest_mtchallenge.significance import mcnemar_exact


class GateError(MTChallengeError):
    """A gate expression that cannot be parsed."""


_EXPECTED = "expected overall:N%, category:N%, subcategory:N%, items:N, coverage:N% or p<ALPHA"


@dataclass(frozen=True, slots=True)
class Gate:
    """Rules from ``--mt-compare-fail``: rate drops in points, new failures, and a significance level."""

    overall: float | None = None
    category: float | None = None
    subcategory: float | None = None
    items: int | None = None
    alpha: float | None = None
    coverage: float | None = None  # the least share of this run's items the baseline must cover

    @classmethod
    def parse(cls, expression: str, *, error: type[MTChallengeError] = GateError,
              field: str = "--mt-compare-fail") -> Gate:
        rules: dict[str, float | int] = {}
        if not expression.strip():
            raise error(f"empty gate: {_EXPECTED}", field=field)
        for raw in re.split(r"[,\s]+", expression.strip()):
            if not raw:
                continue
            p_rule = re.fullmatch(r"p<(0?\.\d+|1(?:\.0*)?)", raw)
            match = re.fullmatch(r"(overall|category|subcategory|coverage):(\d+(?:\.\d+)?)%", raw)
            items = re.fullmatch(r"items:(\d{1,9})", raw)
            if p_rule:
                name, value = "alpha", float(p_rule.group(1))
                if not 0 < value <= 1:
                    raise error(f"gate rule {raw!r}: the significance level must be above 0 and at most 1",
                                field=field)
            elif match:
                name, value = match.group(1), float(match.group(2)) / 100
                if value > 1:
                    raise error(f"gate rule {raw!r}: a percentage cannot be above 100%", field=field)
            elif items:
                name, value = "items", int(items.group(1))
            else:
                raise error(f"cannot read gate rule {raw!r}: {_EXPECTED}", field=field)
            if name in rules:
                raise error(f"gate rule {raw!r}: {name} is given twice", field=field)
            rules[name] = value
        if not any(k != "alpha" for k in rules):
            raise error("the gate needs at least one of overall:, category:, subcategory:, items:, coverage:",
                        field=field)
        return cls(**rules)  # type: ignore[arg-type]

    @property
    def expression(self) -> str:
        """The rules as ``--mt-compare-fail`` writes them: ``overall:2%,items:0,p<0.05``."""
        drops = (("overall", self.overall), ("category", self.category), ("subcategory", self.subcategory))
        rules = [f"{name}:{value * 100:g}%" for name, value in drops if value is not None]
        rules += [f"items:{self.items}"] if self.items is not None else []
        rules += [f"coverage:{self.coverage * 100:g}%"] if self.coverage is not None else []
        rules += [f"p<{self.alpha:g}"] if self.alpha is not None else []
        return ",".join(rules)

    def checks(self, comparison: Comparison) -> list[RuleCheck]:
        """Every rule of the gate checked on one comparison: what was measured, against which
        threshold, whether it was exceeded, and whether McNemar's p excused it (``p<ALPHA``)."""
        where = f"{comparison.suite} [{comparison.system}]"
        found: list[RuleCheck] = []
        if self.coverage is not None:  # never excused by p: it is about what was compared at all
            found.append(RuleCheck(
                where=where, rule=f"coverage:{self.coverage * 100:g}%",
                measured=f"the baseline covers {comparison.paired} of {comparison.items} items of this run "
                         f"({comparison.coverage:.0%})",
                exceeded=comparison.coverage + 1e-12 < self.coverage))
        excuse = ""
        if self.alpha is not None and comparison.p_value >= self.alpha:
            excuse = f"McNemar p = {comparison.p_value:.3g} is not below {self.alpha:g}"
        significance = (f" (McNemar p = {comparison.p_value:.3g} < {self.alpha:g})"
                        if self.alpha is not None and not excuse else "")
        for level, threshold in (("overall", self.overall), ("category", self.category),
                                 ("subcategory", self.subcategory)):
            if threshold is None:
                continue
            rule = f"{level}:{threshold * 100:g}%"
            changes = comparison.rate(level)
            fallen = [c for c in changes if -c.delta > threshold + 1e-12]
            if fallen:
                for change in fallen:
                    name = "overall rate" if level == "overall" else f"{level} {change.group}"
                    found.append(RuleCheck(
                        where=where, rule=rule, exceeded=True, excused=excuse, significance=significance,
                        measured=f"{name} fell by {-change.delta * 100:.1f} points "
                                 f"({change.before:.0%} → {change.after:.0%})"))
                continue
            worst = min(changes, key=lambda c: c.delta, default=None)
            if worst is None:
                measured = f"no {level} to compare"
            elif worst.delta < -1e-12:
                name = "overall rate" if level == "overall" else f"largest {level} fall: {worst.group}"
                measured = (f"{name} fell by {-worst.delta * 100:.1f} points "
                            f"({worst.before:.0%} → {worst.after:.0%}), within {threshold * 100:g}")
            else:
                measured = "overall rate did not fall" if level == "overall" else f"no {level} fell"
            found.append(RuleCheck(where=where, rule=rule, measured=measured, exceeded=False))
        if self.items is not None:
            count = len(comparison.regressions)
            exceeded = count > self.items
            measured = f"{count} items newly fail" + (": " + ", ".join(comparison.regressions) if exceeded else "")
            found.append(RuleCheck(where=where, rule=f"items:{self.items}", measured=measured, exceeded=exceeded,
                                   excused=excuse if exceeded else "", significance=significance))
        return found

    def violations(self, comparison: Comparison) -> list[str]:
        """Why the gate does not hold for this comparison (empty when it holds)."""
        return [check.line for check in self.checks(comparison) if check.tripped]

    def sensitivity(self, comparison: Comparison) -> str:
        """With ``p<ALPHA``: the smallest regression this comparison's size can show as significant."""
        if self.alpha is None:
            return ""
        least = least_significant_regressions(comparison.paired, self.alpha)
        where = f"{comparison.suite} [{comparison.system}]"
        if least is None:
            return (f"{where}: at {comparison.paired} paired items no change can reach McNemar p < {self.alpha:g}: "
                    "the p rule excuses every drop (add items, or a rule without p)")
        return (f"{where}: at {comparison.paired} paired items, p < {self.alpha:g} needs at least {least} "
                f"regressions with no improvement (a fall of {least / comparison.paired * 100:.1f} points); "
                "each improvement raises that number")


def least_significant_regressions(paired: int, alpha: float) -> int | None:
    """The least number of regressions, with no improvement, whose exact McNemar p is below
    ``alpha``; None when even all ``paired`` items regressing is not enough."""
    for regressed in range(1, paired + 1):
        if mcnemar_exact(0, regressed) < alpha:
            return regressed
    return None


__all__ = ["Gate", "GateError", "least_significant_regressions"]
