"""Saved runs, comparison with a baseline (McNemar's exact test) and the release gate."""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import MTChallengeError, quoted
from pytest_mtchallenge.runs.gate import Gate, GateError, least_significant_regressions
from pytest_mtchallenge.reporting.comparison import (
    Comparison, GateVerdict, ItemChange, RateChange, RuleCheck, render_comparisons,
)
from pytest_mtchallenge.runs.store import (
    AUTOSAVE_FOLDER, RunStatus, RunStore, RunStoreError, resolve_saved, save_target,
)
from pytest_mtchallenge.runs.signature import COMPARABLE_FIELDS, RunSignature, parse_signature
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
    outputs: Mapping[str, str] = field(default_factory=dict)  # item id -> the output judged
    reasons: Mapping[str, str] = field(default_factory=dict)  # item id -> why it was judged so
    sources: Mapping[str, str] = field(default_factory=dict)  # item id -> its source (reports only)


#: The outcomes a saved run may record for an item (a judgement's: :class:`~pytest_mtchallenge.verdict.Outcome`).
SAVED_OUTCOMES = ("pass", "fail", "na", "review", "error", "undecided")


def runs_from_document(document: object, *, origin: str) -> list[SavedRun]:
    """Read the runs of a report or saved-run document (the JSON written by --mt-report/--mt-save).

    Every field a comparison reads is checked, and the first that is wrong refused in one line
    naming the file, the run, the item and the field: a run's ``suite`` and ``system`` (text), each
    item's ``outcome`` (one of :data:`SAVED_OUTCOMES`), an item id given twice in a run, a (suite,
    system) given twice in the document."""
    if not isinstance(document, dict) or not isinstance(document.get("runs"), list):
        raise BaselineError("not a pytest-mtchallenge report: expected an object with a 'runs' list", file=origin)
    runs = []
    seen_runs: dict[tuple[str, str], int] = {}
    for index, run in enumerate(document["runs"]):
        where = f"runs[{index}]"
        if not isinstance(run, dict) or not isinstance(run.get("items"), list):
            raise BaselineError("expected a run with 'suite', 'system' and 'items'", file=origin, field=where)
        for name in ("suite", "system"):
            if not isinstance(run.get(name, ""), str):
                raise BaselineError(f"expected text, got {_json_type(run[name])}", file=origin, field=f"{where}.{name}")
        key = (run.get("suite", ""), run.get("system", ""))
        if key in seen_runs:
            raise BaselineError(f"suite {key[0]!r} and system {key[1]!r} are already runs[{seen_runs[key]}]",
                                file=origin, field=where)
        seen_runs[key] = index
        outcomes: dict[str, str] = {}
        subcategory: dict[str, str] = {}
        category: dict[str, str] = {}
        texts: dict[str, dict[str, str]] = {"output": {}, "reason": {}, "source": {}}
        order = []
        for item in run["items"]:
            if (not isinstance(item, dict) or not isinstance(item.get("id"), (str, int)) or isinstance(item["id"], bool)
                    or not isinstance(item.get("outcome"), str)):
                raise BaselineError("every item needs an 'id' and an 'outcome' (text)", file=origin,
                                    field=f"{where}.items")
            item_id = str(item["id"])
            if item_id in outcomes:
                raise BaselineError("this item is already in the run", file=origin, item=item_id,
                                    field=f"{where}.items")
            if item["outcome"] not in SAVED_OUTCOMES:
                raise BaselineError(f"unknown outcome {quoted(item['outcome'])} (known: "
                                    f"{', '.join(SAVED_OUTCOMES)})", file=origin, item=item_id,
                                    field=f"{where}.outcome")
            outcomes[item_id] = str(item["outcome"])
            subcategory[item_id] = str(item.get("subcategory", ""))
            category[item_id] = str(item.get("category", ""))
            for name, found in texts.items():
                if isinstance(item.get(name), str):
                    found[item_id] = item[name]
            order.append(item_id)
        runs.append(SavedRun(suite=str(run.get("suite", "")), system=str(run.get("system", "")),
                             signature=str(run.get("signature", "")), outcomes=outcomes, subcategory=subcategory,
                             category=category, order=tuple(order), outputs=texts["output"],
                             reasons=texts["reason"], sources=texts["source"]))
    return runs


def _json_type(value: object) -> str:
    return "null" if value is None else {bool: "a boolean", int: "a number", float: "a number", list: "a list",
                                         dict: "an object"}.get(type(value), type(value).__name__)


def load_saved_runs(path: Path) -> list[SavedRun]:
    """The runs of a saved run or report, plain or gzip-compressed, within the size limit of a saved
    run (:data:`files.MAX_RUN_BYTES`) and the nesting limit of every file read."""
    return load_saved(path)[0]


def load_saved(path: Path) -> tuple[list[SavedRun], RunStatus | None]:
    """The runs of a saved run or report, and the status it recorded (None before runs had one)."""
    document = files.read_run_json(path, error=BaselineError)
    return runs_from_document(document, origin=str(path)), RunStatus.from_document(document)


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
    details = tuple(ItemChange(
        id=i, source=current.sources.get(i, baseline.sources.get(i, "")),
        before_output=baseline.outputs.get(i, ""), before_outcome=baseline.outcomes[i],
        before_reason=baseline.reasons.get(i, ""), after_output=current.outputs.get(i, ""),
        after_outcome=current.outcomes[i], after_reason=current.reasons.get(i, ""))
        for i in regressions + improvements)
    return Comparison(suite=current.suite, system=current.system, baseline_system=baseline.system,
                      regressions=regressions, improvements=improvements, changes=tuple(changes),
                      p_value=mcnemar_exact(len(improvements), len(regressions)),
                      signature_differences=differences, paired=len(paired), items=len(current.order),
                      details=details)


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


# -- deciding: comparisons and the gate over two loaded runs ----------------------------------------

@dataclass(frozen=True, slots=True)
class Decision:
    """What comparing a run with its baseline found: the comparisons, why the gate does not hold
    (empty when it holds), and the gate's verdict with every rule checked (None without a gate)."""

    comparisons: tuple[Comparison, ...] = ()
    violations: tuple[str, ...] = ()
    verdict: GateVerdict | None = None


def decide(current: Sequence[SavedRun], baseline: Sequence[SavedRun], *, gate: Gate | None, baseline_name: str,
           strict: bool = False, baseline_status: RunStatus | None = None) -> Decision:
    """Compare ``current`` with ``baseline`` (paired by suite and system) and apply the gate: a
    pure function of two loaded runs, used by ``--mt-compare`` and ``mtchallenge runs compare``."""
    comparisons = [compare(now, before) for now, before in pair_runs(current, baseline)]
    violations: list[str] = []
    checks: list[RuleCheck] = []
    notes: list[str] = []
    if not comparisons:
        violations.append(f"no run in {baseline_name} has a suite of this run: nothing was compared")
    if baseline_status is not None and not baseline_status.accepted:
        notes.append(f"WARNING: the baseline {baseline_name} is a run that was not accepted ({baseline_status.state})")
    for comparison in comparisons:
        where = f"{comparison.suite} [{comparison.system}]"
        if comparison.signature_differences and strict:
            violations.append(f"{where}: not comparable (--mt-compare-strict): "
                              + "; ".join(comparison.signature_differences))
        if gate is not None:
            found = gate.checks(comparison)
            checks.extend(found)
            violations.extend(check.line for check in found if check.tripped)
            sensitivity = gate.sensitivity(comparison)
            if sensitivity:
                notes.append(sensitivity)
    verdict = None
    if gate is not None:
        verdict = GateVerdict(rules=gate.expression, baseline=baseline_name, violations=tuple(violations),
                              checks=tuple(checks), notes=tuple(notes))
    return Decision(comparisons=tuple(comparisons), violations=tuple(violations), verdict=verdict)


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
        if not isinstance(system, str) or not system.strip():
            raise BaselineError(f"expected a system's name, got {quoted(system)}", file=path)
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise BaselineError("expected a list of item ids", file=path, field=system)
        repeated = next((i for n, i in enumerate(ids) if i in ids[:n]), None)
        if repeated is not None:
            raise BaselineError("this item is listed twice", file=path, item=repeated, field=system)
        known[system] = set(ids)
    return known


# -- what a run does with baselines -----------------------------------------------------------------

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
    baseline_status: RunStatus | None = None  # what the baseline recorded of how it ended

    @classmethod
    def create(cls, *, base: Path, save: str | None = None, autosave: bool = False, compare: str | None = None,
               gate: str | None = None, strict: bool = False, xfail: str | None = None) -> BaselineOptions:
        """Resolve the options and read (or check) every file they name, before any test runs; raises
        :class:`BaselineError` with a one-line reason. ``gate=""`` (an empty ``--mt-compare-fail=``)
        is an error, not "no gate"."""
        folder = base / AUTOSAVE_FOLDER
        parsed_gate = Gate.parse(gate, error=BaselineError) if gate is not None else None
        try:
            compare_path = resolve_saved(compare, folder, base=base) if compare else None
        except RunStoreError as exc:
            raise BaselineError(exc.message, file=exc.file, field="--mt-compare") from None
        if compare_path is not None and not compare_path.is_file():
            raise BaselineError("not a regular file" if compare_path.exists() else "saved run not found",
                                file=compare_path, field="--mt-compare")
        if autosave and (folder.exists() or folder.is_symlink()) and not folder.is_dir():
            raise BaselineError("not a folder: --mt-autosave keeps its runs in this folder", file=folder,
                                field="--mt-autosave")
        if parsed_gate is not None and compare_path is None:
            raise BaselineError("a gate needs a baseline: add --mt-compare=PATH", field="--mt-compare-fail")
        baseline_runs, baseline_status = (_read_option_file(load_saved, compare_path, "--mt-compare")
                                          if compare_path else ([], None))
        xfail_path = (Path(xfail) if Path(xfail).is_absolute() else base / xfail) if xfail else None
        known = _read_option_file(load_known_failures, xfail_path, "--mt-xfail") if xfail_path else {}
        save_path = (Path(save) if Path(save).is_absolute() else base / save) if save else None
        if save_path is not None:
            files.check_writable(save_path, error=BaselineError, field="--mt-save")
        return cls(
            base=base, save_path=save_path, autosave=autosave, compare_path=compare_path, gate=parsed_gate,
            strict=strict, xfail_path=xfail_path, known_failures=MappingProxyType(known),
            baseline_runs=tuple(baseline_runs), baseline_status=baseline_status,
        )

    def save(self, runs: Sequence[Run], *, environment: Mapping[str, object] | None = None,
             status: RunStatus = RunStatus()) -> Path | None:
        """Write the run where --mt-save / --mt-autosave say, with where and how it was made
        (``environment``) and how it ended (``status``); return the path written.

        A run that was not accepted (interrupted, partial, failed its gate) never replaces a saved
        run it could be mistaken for: :func:`run_store.save_target` says where it goes instead, and
        the autosave folder names it for what it is (never found as ``last``)."""
        from pytest_mtchallenge.reporting.json import write_json

        path = self.save_path
        if path is not None:
            path = save_target(path, status, baseline=self.compare_path)
        elif self.autosave:
            path = RunStore(self.base / AUTOSAVE_FOLDER).claim((run.system for run in runs), status)
        if path is not None:
            write_json(runs, path, environment=environment, status=status.to_dict())
        return path

    def compare(self, runs: Sequence[Run]) -> Decision:
        """Compare with the baseline and apply the gate (an empty decision without --mt-compare)."""
        if self.compare_path is None:
            return Decision()
        current = runs_from_document({"runs": [run.to_dict() for run in runs]}, origin="this run")
        return decide(current, self.baseline_runs, gate=self.gate, baseline_name=self.compare_path.name,
                      strict=self.strict, baseline_status=self.baseline_status)

    def verdict(self, violations: Sequence[str]) -> GateVerdict | None:
        """The gate's verdict on a list of violations, or None without a gate (reports written
        without a comparison's details)."""
        if self.gate is None or self.compare_path is None:
            return None
        return GateVerdict(rules=self.gate.expression, baseline=self.compare_path.name, violations=tuple(violations))


def _read_option_file(read: Callable[[Path], _T], path: Path, option: str) -> _T:
    """``read(path)``, its error naming the option that gave the file."""
    try:
        return read(path)
    except BaselineError as exc:
        raise BaselineError(exc.message, file=exc.file or path, item=exc.item, field=exc.field or option) from None
