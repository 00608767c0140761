"""Saved runs, comparison with a baseline (McNemar's exact test) and the release gate."""
from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.reporting.comparison import Comparison, GateVerdict, RateChange, render_comparisons
from pytest_mtchallenge.signature import COMPARABLE_FIELDS, RunSignature, parse_signature
from pytest_mtchallenge.significance import mcnemar_exact

if TYPE_CHECKING:
    from pytest_mtchallenge.reporting import Run

_T = TypeVar("_T")



class BaselineError(MTChallengeError):
    """A saved run or xfail file that cannot be read, or a gate expression that cannot be parsed."""


@dataclass(frozen=True, slots=True)
class SavedRun:
    """One (suite, system) run read from a saved report: outcome per item and its signature."""

    suite: str
    system: str
    signature: str
    outcomes: Mapping[str, str]  # item id -> outcome
    subcategory: Mapping[str, str]  # item id -> subcategory id
    category: Mapping[str, str]  # item id -> category id
    order: tuple[str, ...]


def runs_from_document(document: object, *, origin: str) -> list[SavedRun]:
    """Read the runs of a report or saved-run document (the JSON written by --mt-report/--mt-save)."""
    if not isinstance(document, dict) or not isinstance(document.get("runs"), list):
        raise BaselineError("not a pytest-mtchallenge report: expected an object with a 'runs' list", file=origin)
    runs = []
    for index, run in enumerate(document["runs"]):
        where = f"runs[{index}]"
        if not isinstance(run, dict) or not isinstance(run.get("items"), list):
            raise BaselineError("expected a run with 'suite', 'system' and 'items'", file=origin, field=where)
        outcomes: dict[str, str] = {}
        subcategory: dict[str, str] = {}
        category: dict[str, str] = {}
        order = []
        for item in run["items"]:
            if (not isinstance(item, dict) or not isinstance(item.get("id"), (str, int)) or isinstance(item["id"], bool)
                    or not isinstance(item.get("outcome"), str)):
                raise BaselineError("every item needs an 'id' and an 'outcome' (text)", file=origin,
                                    field=f"{where}.items")
            item_id = str(item["id"])
            outcomes[item_id] = str(item["outcome"])
            subcategory[item_id] = str(item.get("subcategory", ""))
            category[item_id] = str(item.get("category", ""))
            order.append(item_id)
        runs.append(SavedRun(suite=str(run.get("suite", "")), system=str(run.get("system", "")),
                             signature=str(run.get("signature", "")), outcomes=outcomes, subcategory=subcategory,
                             category=category, order=tuple(order)))
    return runs


def load_saved_runs(path: Path) -> list[SavedRun]:
    """The runs of a saved run or report, plain or gzip-compressed, within the size limit of a saved
    run (:data:`files.MAX_RUN_BYTES`) and the nesting limit of every file read."""
    return runs_from_document(files.read_run_json(path, error=BaselineError), origin=str(path))


# -- autosave storage (pytest-benchmark style: numbered runs in a folder) ---------------------

#: A numbered run in the autosave folder: ``0001_google-2016.json.gz`` (``….json`` from earlier versions).
_NUMBERED_RUN = re.compile(r"(\d{4,})_.*\.json(?:\.gz)?")


def _numbered_runs(folder: Path) -> list[tuple[int, Path]]:
    """The saved runs of the autosave folder with their numbers, in order."""
    found = [(int(m.group(1)), p) for p in folder.iterdir() if (m := _NUMBERED_RUN.fullmatch(p.name))] \
        if folder.is_dir() else []
    return sorted(found)


def autosave_path(folder: Path, systems: Iterable[str]) -> Path:
    """Claim the next number in ``folder`` and return its file: ``0001_google-2016.json.gz``, ``0002_…``
    (gzip-compressed JSON: runs of large suites stay small on disk).

    Each number is claimed by creating an empty file named after it in the sibling folder
    ``NAME.numbers`` with ``O_EXCL``, which only one process can do: runs saving at the same time
    (CI jobs sharing a folder) get different numbers whatever their systems, and a number is
    never given twice, even after its run file is deleted.
    """
    claims = folder.with_name(folder.name + ".numbers")
    claims.mkdir(parents=True, exist_ok=True)
    taken = [number for number, _ in _numbered_runs(folder)]
    taken += [int(p.name) for p in claims.iterdir() if p.name.isdigit()]
    label = re.sub(r"[^A-Za-z0-9_.+-]+", "-", "+".join(sorted(set(systems))))[:80] or "run"
    number = max(taken, default=0) + 1
    while True:
        try:
            os.close(os.open(claims / f"{number:04d}", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            number += 1  # another run claimed it first
            continue
        return folder / f"{number:04d}_{label}.json.gz"


def resolve_saved(spec: str, folder: Path, *, base: Path) -> Path:
    """``--mt-compare`` value: a path, a run number in the autosave folder (``3``, ``0003``) or ``last``."""
    saved = _numbered_runs(folder)
    if spec == "last":
        if not saved:
            raise BaselineError("no saved runs yet (save one with --mt-autosave)", file=folder)
        return saved[-1][1]
    if spec.isdigit():
        matches = [p for number, p in saved if number == int(spec)]
        if not matches:
            raise BaselineError(f"no saved run number {int(spec):04d}", file=folder)
        return matches[0]
    path = Path(spec)
    return path if path.is_absolute() else base / path


# -- comparison ----------------------------------------------------------------------------------

def compare(current: SavedRun, baseline: SavedRun) -> Comparison:
    """Pair items by id; rates are pass / items over the paired items."""
    paired = [i for i in current.order if i in baseline.outcomes]
    passed_now = {i for i in paired if current.outcomes[i] == "pass"}
    passed_before = {i for i in paired if baseline.outcomes[i] == "pass"}
    regressions = tuple(i for i in paired if i in passed_before and i not in passed_now)
    improvements = tuple(i for i in paired if i in passed_now and i not in passed_before)

    def rates(groups: Mapping[str, str], level: str) -> list[RateChange]:
        names: dict[str, list[str]] = {}
        for item_id in paired:
            names.setdefault(groups.get(item_id, ""), []).append(item_id)
        return [RateChange(name, level, sum(i in passed_before for i in ids) / len(ids),
                           sum(i in passed_now for i in ids) / len(ids)) for name, ids in names.items() if name]

    changes = [RateChange("overall", "overall", len(passed_before) / len(paired) if paired else 0.0,
                          len(passed_now) / len(paired) if paired else 0.0)]
    changes += rates(current.category, "category") + rates(current.subcategory, "subcategory")
    differences = RunSignature.parse(current.signature).differences(RunSignature.parse(baseline.signature))
    return Comparison(suite=current.suite, system=current.system, baseline_system=baseline.system,
                      regressions=regressions, improvements=improvements, changes=tuple(changes),
                      p_value=mcnemar_exact(len(improvements), len(regressions)),
                      signature_differences=differences, paired=len(paired), items=len(current.order))


def pair_runs(current: Sequence[SavedRun], baseline: Sequence[SavedRun]) -> list[tuple[SavedRun, SavedRun]]:
    """Pair each current run with the baseline run of the same suite and system, or, when the
    baseline holds a single run of that suite, with that run (comparing two releases)."""
    pairs = []
    for run in current:
        same_suite = [b for b in baseline if b.suite == run.suite]
        match = next((b for b in same_suite if b.system == run.system), None)
        if match is None and len(same_suite) == 1:
            match = same_suite[0]
        if match is not None:
            pairs.append((run, match))
    return pairs


# -- the gate --------------------------------------------------------------------------------------

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
    def parse(cls, expression: str) -> Gate:
        expected = "expected overall:N%, category:N%, subcategory:N%, items:N, coverage:N% or p<ALPHA"
        rules: dict[str, float | int] = {}
        if not expression.strip():
            raise BaselineError(f"empty gate: {expected}", field="--mt-compare-fail")
        for raw in re.split(r"[,\s]+", expression.strip()):
            if not raw:
                continue
            p_rule = re.fullmatch(r"p<(0?\.\d+|1(?:\.0*)?)", raw)
            match = re.fullmatch(r"(overall|category|subcategory|coverage):(\d+(?:\.\d+)?)%", raw)
            items = re.fullmatch(r"items:(\d+)", raw)
            if p_rule:
                name, value = "alpha", float(p_rule.group(1))
                if not 0 < value <= 1:
                    raise BaselineError(f"gate rule {raw!r}: the significance level must be above 0 and at most 1",
                                        field="--mt-compare-fail")
            elif match:
                name, value = match.group(1), float(match.group(2)) / 100
                if value > 1:
                    raise BaselineError(f"gate rule {raw!r}: a percentage cannot be above 100%",
                                        field="--mt-compare-fail")
            elif items:
                name, value = "items", int(items.group(1))
            else:
                raise BaselineError(f"cannot read gate rule {raw!r}: {expected}", field="--mt-compare-fail")
            if name in rules:
                raise BaselineError(f"gate rule {raw!r}: {name} is given twice", field="--mt-compare-fail")
            rules[name] = value
        if not any(k != "alpha" for k in rules):
            raise BaselineError("the gate needs at least one of overall:, category:, subcategory:, items:, coverage:",
                                field="--mt-compare-fail")
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

    def violations(self, comparison: Comparison) -> list[str]:
        """Why the gate does not hold for this comparison (empty when it holds)."""
        missing: list[str] = []
        if self.coverage is not None and comparison.coverage + 1e-12 < self.coverage:
            missing.append(f"coverage:{self.coverage:.0%} — the baseline covers {comparison.paired} of "
                           f"{comparison.items} items of this run ({comparison.coverage:.0%})")
        if self.alpha is not None and comparison.p_value >= self.alpha:
            return missing
        found: list[str] = []
        for level, threshold in (("overall", self.overall), ("category", self.category),
                                 ("subcategory", self.subcategory)):
            if threshold is None:
                continue
            for change in comparison.rate(level):
                if -change.delta > threshold + 1e-12:
                    name = "overall rate" if level == "overall" else f"{level} {change.group}"
                    found.append(f"{level}:{threshold:.0%} — {name} fell by {-change.delta * 100:.1f} points "
                                 f"({change.before:.0%} → {change.after:.0%})")
        if self.items is not None and len(comparison.regressions) > self.items:
            found.append(f"items:{self.items} — {len(comparison.regressions)} items newly fail: "
                         + ", ".join(comparison.regressions))
        if found and self.alpha is not None:
            found = [f"{v} (McNemar p = {comparison.p_value:.3g} < {self.alpha:g})" for v in found]
        return missing + found


# -- known failures (--mt-xfail) ----------------------------------------------------------------

def load_known_failures(path: Path) -> dict[str, set[str]]:
    """System name → ids of items known to fail, from a saved run (JSON) or a YAML mapping
    ``{SYSTEM: [ID, ...]}`` (ids read as written: ``010`` is ``"010"``). In a saved run, every item
    whose outcome was ``fail`` counts."""
    text = files.read_text(path, error=BaselineError, what="xfail file", limit=files.MAX_RUN_BYTES)
    if path.name.lower().endswith((".json", ".json.gz")) or re.match(r'\s*\{\s*"', text):
        runs = runs_from_document(files.load_json(text, error=BaselineError, origin=str(path)), origin=str(path))
        known: dict[str, set[str]] = {}
        for run in runs:
            known.setdefault(run.system, set()).update(i for i, o in run.outcomes.items() if o == "fail")
        return known
    document = files.load_yaml(text, error=BaselineError, origin=str(path))
    if not isinstance(document, dict):
        raise BaselineError("expected a mapping of system name to a list of item ids", file=path)
    known = {}
    for system, ids in document.items():
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise BaselineError("expected a list of item ids", file=path, field=str(system))
        known[str(system)] = set(ids)
    return known


# -- what a run does with baselines -----------------------------------------------------------------

AUTOSAVE_FOLDER = Path(".mtchallenge") / "runs"


@dataclass(frozen=True, slots=True)
class BaselineOptions:
    """The run's --mt-save / --mt-autosave / --mt-compare* / --mt-xfail settings, resolved."""

    base: Path
    save_path: Path | None = None
    autosave: bool = False
    compare_path: Path | None = None
    gate: Gate | None = None
    strict: bool = False
    xfail_path: Path | None = None
    known_failures: Mapping[str, set[str]] = field(default_factory=lambda: MappingProxyType({}))
    baseline_runs: tuple[SavedRun, ...] = ()  # read from compare_path when the options are created

    @classmethod
    def create(cls, *, base: Path, save: str | None = None, autosave: bool = False, compare: str | None = None,
               gate: str | None = None, strict: bool = False, xfail: str | None = None) -> BaselineOptions:
        """Resolve the options and read (or check) every file they name, before any test runs; raises
        :class:`BaselineError` with a one-line reason. ``gate=""`` (an empty ``--mt-compare-fail=``)
        is an error, not "no gate"."""
        folder = base / AUTOSAVE_FOLDER
        parsed_gate = Gate.parse(gate) if gate is not None else None
        compare_path = resolve_saved(compare, folder, base=base) if compare else None
        if compare_path is not None and not compare_path.is_file():
            raise BaselineError("saved run not found", file=compare_path, field="--mt-compare")
        if parsed_gate is not None and compare_path is None:
            raise BaselineError("a gate needs a baseline: add --mt-compare=PATH", field="--mt-compare-fail")
        baseline_runs = _read_option_file(load_saved_runs, compare_path, "--mt-compare") if compare_path else []
        xfail_path = (Path(xfail) if Path(xfail).is_absolute() else base / xfail) if xfail else None
        known = _read_option_file(load_known_failures, xfail_path, "--mt-xfail") if xfail_path else {}
        save_path = (Path(save) if Path(save).is_absolute() else base / save) if save else None
        if save_path is not None:
            files.check_writable(save_path, error=BaselineError, field="--mt-save")
        return cls(
            base=base, save_path=save_path, autosave=autosave, compare_path=compare_path, gate=parsed_gate,
            strict=strict, xfail_path=xfail_path, known_failures=MappingProxyType(known),
            baseline_runs=tuple(baseline_runs),
        )

    def save(self, runs: Sequence[Run], *, environment: Mapping[str, object] | None = None) -> Path | None:
        """Write the run where --mt-save / --mt-autosave say, with where and how it was made
        (``environment``); return the path written."""
        from pytest_mtchallenge.reporting.json import write_json

        path = self.save_path
        if path is None and self.autosave:
            folder = self.base / AUTOSAVE_FOLDER
            folder.mkdir(parents=True, exist_ok=True)
            path = autosave_path(folder, (run.system for run in runs))
        if path is not None:
            write_json(runs, path, environment=environment)
        return path

    def compare(self, runs: Sequence[Run]) -> tuple[list[Comparison], list[str]]:
        """Compare with the baseline; the second list says why the gate does not hold."""
        if self.compare_path is None:
            return [], []
        baseline = list(self.baseline_runs)
        current = runs_from_document({"runs": [run.to_dict() for run in runs]}, origin="this run")
        comparisons = [compare(now, before) for now, before in pair_runs(current, baseline)]
        violations: list[str] = []
        if not comparisons:
            violations.append(f"no run in {self.compare_path} has a suite of this run: nothing was compared")
        for comparison in comparisons:
            where = f"{comparison.suite} [{comparison.system}]"
            if comparison.signature_differences and self.strict:
                violations.append(f"{where}: not comparable (--mt-compare-strict): "
                                  + "; ".join(comparison.signature_differences))
            if self.gate is not None:
                violations.extend(f"{where}: {v}" for v in self.gate.violations(comparison))
        return comparisons, violations

    def verdict(self, violations: Sequence[str]) -> GateVerdict | None:
        """The gate's verdict on :meth:`compare`'s violations, or None without a gate."""
        if self.gate is None or self.compare_path is None:
            return None
        return GateVerdict(rules=self.gate.expression, baseline=self.compare_path.name, violations=tuple(violations))


def _read_option_file(read: Callable[[Path], _T], path: Path, option: str) -> _T:
    """``read(path)``, its error naming the option that gave the file."""
    try:
        return read(path)
    except BaselineError as exc:
        raise BaselineError(exc.message, file=exc.file or path, item=exc.item, field=exc.field or option) from None
