"""The run plan: which suites, which systems translate each, how each suite is judged, and what a report shows beside a judgement.

Plain Python, built from the run's options and registries (a unit test builds one without
pytester); the pytest session asks it, the nodes hold what it gives them.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pytest_mtchallenge import __version__
from pytest_mtchallenge.runs.baseline import BaselineOptions
from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.formats import content_hash, load_any_suite, resolve_suite, split_format
from pytest_mtchallenge.judge import AUTOMATIC, Judge, error_judgement
from pytest_mtchallenge.judge.triage import SemanticTriage
from pytest_mtchallenge.languages import language_pack
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.reporting import ItemResult
from pytest_mtchallenge.formats.yaml import overlay_verdicts
from pytest_mtchallenge.runs.signature import RunSignature
from pytest_mtchallenge.systems import System, SystemOptions, parse_system_spec
from pytest_mtchallenge.verdict import ItemFacts, JudgeMode, Judgement, RunFacts

#: The --mt-system value that stands for every recorded system of each suite (the default).
ALL_RECORDED = "recorded:*"

#: The reason of an item whose test ended without a judgement: a pytest-xdist worker that died while
#: judging it, or an exception out of the plugin itself. The same words in one process and under
#: xdist, so that their reports are equal; the test's own pytest report says how it ended.
UNJUDGED = ("the test ended before the item was judged: the process judging it crashed or the plugin "
            "failed (the test's pytest report says how)")


class PlanError(ValueError):
    """An option the plan cannot follow, in one line naming it."""


@dataclass(frozen=True, slots=True)
class SuitePlan:
    """One loaded suite with everything its tests need, built once: the systems that translate it,
    its judge, and what a report shows beside each judgement (titles, positions, signatures)."""

    suite: Suite
    systems: tuple[System, ...]
    judge: Judge
    checkers: str  # the signature's ``checkers:`` part, family@version for each family of the suite
    lexicons: tuple[str, ...]
    triage: str  # the signature's ``triage:`` part: the semantic triage's model and threshold, or ""
    positions: Mapping[str, int] = field(repr=False)  # item id -> index in the suite
    _signatures: dict[str, str] = field(default_factory=dict, repr=False)  # system name -> text
    _facts_of_items: dict[str, ItemFacts] = field(default_factory=dict, repr=False)  # item id -> its facts
    _facts_of_runs: dict[str, RunFacts] = field(default_factory=dict, repr=False)  # system name -> its run's

    def signature(self, system_name: str) -> str:
        """sacrebleu-style signature of what produced the judgements of ``system_name`` on this suite."""
        if system_name not in self._signatures:
            suite = self.suite
            system = next((s for s in self.systems if s.name == system_name), None)
            self._signatures[system_name] = RunSignature(
                suite=suite.name, suite_hash=content_hash([suite.path, *suite.data_paths]), checkers=self.checkers,
                lexicons=self.lexicons,
                verdicts_hash=content_hash(suite.verdict_paths) if suite.verdict_paths else "none",
                judge=self.judge.mode.value, system=system.identity_for(suite) if system else system_name,
                version=__version__, triage=self.triage,
            ).format()
        return self._signatures[system_name]

    def item_count(self, system_name: str) -> int:
        """How many items of the suite a whole run of ``system_name`` judges: all, unless the system
        takes only some (a contrastive column: the items with a rejected output, issue 38)."""
        system = next((s for s in self.systems if s.name == system_name), None)
        count = getattr(system, "item_count", None)
        return count(self.suite) if callable(count) else len(self.suite.items)

    def system_position(self, system_name: str) -> int:
        names = [s.name for s in self.systems]
        return names.index(system_name) if system_name in names else len(names)

    def record(self, result: ItemResult) -> dict[str, object]:
        """What a pytest-xdist worker sends of ``result``: the judgement's fields that only the worker
        knows (output, outcome, who decided, reason, context output, evidence) and the suite's path;
        the controller, which loads the suite too, rebuilds the rest (:meth:`RunPlan.result_from_record`)."""
        judgement = result.judgement
        record = judgement.to_dict()
        item = self.suite.items[self.positions[judgement.item]]
        del record["suite"]
        for name in ("category", "subcategory"):  # the item's, unless the judgement says otherwise
            if record[name] == getattr(item, name):
                del record[name]
        record["path"] = str(self.suite.path)
        return record

    def unjudged(self, item: ChallengeItem, system: str) -> ItemResult:
        """The error result of an item whose test ended without a judgement (:data:`UNJUDGED`)."""
        return self.result(item, error_judgement(item, system, UNJUDGED))

    def result(self, item: ChallengeItem, judgement: Judgement) -> ItemResult:
        """A judgement with what the report shows beside it."""
        return ItemResult(judgement, self._item_facts(item), self._run_facts(judgement.system))

    def _item_facts(self, item: ChallengeItem) -> ItemFacts:
        """What a report shows of ``item``, made once and shared by every system's result."""
        facts = self._facts_of_items.get(item.id)
        if facts is None:
            suite = self.suite
            facts = self._facts_of_items[item.id] = ItemFacts(
                position=self.positions[item.id], category_title=suite.category_of(item.subcategory).title,
                subcategory_title=suite.subcategories[item.subcategory].title, question=item.question,
                source=item.source, reference=item.reference, gold=item.gold)
        return facts

    def _run_facts(self, system: str) -> RunFacts:
        """What a report shows of the suite's run by ``system``, made once and shared by its results."""
        facts = self._facts_of_runs.get(system)
        if facts is None:
            suite = self.suite
            facts = self._facts_of_runs[system] = RunFacts(
                suite_title=suite.title, judge=self.judge.mode.value, system_position=self.system_position(system),
                labels=suite.labels, rate=suite.rate, signature=self.signature(system),
                suite_items=self.item_count(system))
        return facts


class RunPlan:
    """The run's suites and systems, resolved from the options, and a :class:`SuitePlan` per loaded suite.

    ``checkers`` and ``system_kinds`` are the registries (built-in and plugins'); ``on_load`` is told
    of each suite as it loads (the markers' titles). Raises :class:`PlanError` for an option it
    cannot follow.
    """

    def __init__(self, *, suites: Sequence[str], systems: Sequence[str], mode: JudgeMode,
                 checkers: Mapping[str, type[Checker]], system_kinds: Mapping[str, type[System]],
                 system_options: SystemOptions, invocation_dir: Path, verdict_files: Sequence[Path] = (),
                 baseline: BaselineOptions | None = None, on_load: Callable[[Suite], None] | None = None,
                 contrastive: bool = False, triage: SemanticTriage | None = None) -> None:
        self.mode = mode
        self.triage = triage  # --mt-triage=semantic: a last gate for passes (issue 36)
        self.contrastive = contrastive  # --mt-contrastive: a contrastive column per scoring system (issue 38)
        self.checker_classes = checkers
        self.system_kinds = system_kinds
        self.system_options = system_options
        self.system_specs = tuple(systems)
        self.verdict_files = tuple(verdict_files)
        self.baseline = baseline or BaselineOptions(base=invocation_dir)
        self._on_load = on_load
        self.suite_paths: list[Path] = []
        self.suite_formats: dict[Path, str] = {}
        for spec in suites:
            stated, location = split_format(spec)
            try:
                path = resolve_suite(location, rootdir=invocation_dir).resolve()
            except MTChallengeError as exc:
                raise PlanError(f"--mt-suite: {exc.one_line()}") from None
            self.suite_paths.append(path)
            if stated:
                self.suite_formats[path] = stated
        self.systems = self._parse_systems()
        self._suites: dict[Path, Suite] = {}
        self._plans: dict[Path, SuitePlan] = {}
        self._recorded_plans: dict[str, SuitePlan] = {}  # a workers' record's suite path -> its plan
        self._checkers: dict[str, Checker] = {}
        self._xfail_used: set[str] = set()  # --mt-xfail systems that paired with a system of the run
        self._xfail_renamed: dict[str, set[str]] = {}  # --mt-xfail system -> run systems of another name it paired with
        self.implicit_reference: list[str] = []  # suites judged on their references: no system was named

    def _parse_systems(self) -> list[System]:
        systems: list[System] = []
        for spec in self.system_specs or [ALL_RECORDED]:
            if spec == ALL_RECORDED:
                continue  # expanded per suite
            try:
                system = parse_system_spec(spec, self.system_kinds, self.system_options)
                system.check_usable()
            except ValueError as exc:
                raise PlanError(str(exc)) from None
            systems.append(system)
        names = [s.name for s in systems]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise PlanError(
                f"two --mt-system options have the column name {duplicates[0]!r}; name one: --mt-system=NAME=SPEC")
        return systems

    @property
    def wants_all_recorded(self) -> bool:
        return not self.system_specs or ALL_RECORDED in self.system_specs

    @property
    def suites(self) -> list[Suite]:
        """The suites loaded so far, in load order."""
        return list(self._suites.values())

    # -- suites ---------------------------------------------------------------------------

    def load(self, path: Path) -> Suite:
        """The suite at ``path`` with the user's verdict files overlaid, loaded once; raises
        :class:`~pytest_mtchallenge.errors.MTChallengeError` when it cannot load."""
        key = path.resolve()
        if key not in self._suites:
            suite = load_any_suite(key, checkers=self.checker_classes, validate_params=self._parse_params,
                                   format=self.suite_formats.get(key))
            self._suites[key] = suite = overlay_verdicts(suite, self.verdict_files)  # --mt-verdicts
            if self._on_load is not None:
                self._on_load(suite)
        return self._suites[key]

    def loadable_suites(self) -> list[Suite]:
        """The run's --mt-suite suites that load; one that does not is left to collection to report."""
        found = []
        for path in self.suite_paths:
            try:
                found.append(self.load(path))
            except MTChallengeError:
                continue
        return found

    def _parse_params(self, checker: str, params: Mapping[str, object]) -> object:
        """The family's parameters parsed once, when the suite loads (stored on the item)."""
        return self.checker_classes[checker].parse_params(params)

    def suite_plan(self, path: Path) -> SuitePlan:
        """What the tests of the suite at ``path`` need, built once."""
        key = path.resolve()
        if key not in self._plans:
            suite = self.load(key)
            families = sorted({item.checker for item in suite.items})
            language = suite.target_language
            packs = sorted({pack for name in families for pack in self.checker_classes[name].packs_for(language)})
            judge = Judge(mode=self.mode, languages=(suite.source_language, suite.target_language),
                          checkers={name: self.checker(name) for name in families}, verdicts=suite.verdicts,
                          gates=AUTOMATIC if self.triage is None else (*AUTOMATIC, self.triage.gate))
            self._plans[key] = SuitePlan(
                suite=suite, systems=tuple(self._systems_for(suite)), judge=judge,
                checkers=",".join(f"{name}@{self.checker_classes[name].version_for(language)}" for name in families),
                lexicons=tuple(language_pack(pack).signature() for pack in packs),
                triage=self.triage.signature if self.triage is not None else "",
                positions={item.id: index for index, item in enumerate(suite.items)})
        return self._plans[key]

    def result_from_record(self, record: Mapping[str, object]) -> ItemResult:
        """The :class:`ItemResult` a worker's record (:meth:`SuitePlan.record`) stands for, its static
        fields (titles, question, source, reference, positions, signature) from this process's own
        reading of the suite. Raises :class:`PlanError` naming what it cannot find."""
        try:
            path = str(record["path"])
            plan = self._recorded_plans.get(path)
            if plan is None:  # resolving the path costs a system call per folder: once per suite
                plan = self._recorded_plans[path] = self.suite_plan(Path(path))
        except KeyError as exc:
            raise PlanError(f"a worker's judgement record has no {exc.args[0]!r}") from None
        except MTChallengeError as exc:
            raise PlanError(f"a worker's judgement record names a suite this process cannot load: "
                            f"{exc.one_line()}") from None
        position = plan.positions.get(str(record.get("id")))
        if position is None:
            raise PlanError(f"{plan.suite.path}: a worker judged item {record.get('id')!r}, which the suite lacks")
        item = plan.suite.items[position]
        try:
            judgement = Judgement.from_dict({"suite": plan.suite.name, "category": item.category,
                                             "subcategory": item.subcategory, **record})
        except (KeyError, ValueError) as exc:
            raise PlanError(f"{plan.suite.path}: item {item.id}: a worker's judgement record is unreadable: "
                            f"{type(exc).__name__}: {exc}") from None
        return plan.result(item, judgement)

    def unjudged_result(self, path: Path, name: str) -> ItemResult:
        """The error result of the test ``name`` (``ITEM[SYSTEM]``) of the suite at ``path``, which
        ended without a judgement: the xdist controller's account of an item whose worker crashed.
        Raises :class:`PlanError` when the suite or the test is not found."""
        try:
            plan = self.suite_plan(path)
        except MTChallengeError as exc:
            raise PlanError(f"a crashed test names a suite this process cannot load: {exc.one_line()}") from None
        for system in plan.systems:
            suffix = f"[{system.name}]"
            position = plan.positions.get(name[:-len(suffix)]) if name.endswith(suffix) else None
            if position is not None:
                return plan.unjudged(plan.suite.items[position], system.name)
        raise PlanError(f"{plan.suite.path}: no item and system of the suite is the crashed test {name!r}")

    def plans(self) -> list[SuitePlan]:
        """The plans built so far, in the order their suites loaded."""
        return list(self._plans.values())

    def checker(self, name: str) -> Checker:
        """The run's one instance of a family."""
        if name not in self._checkers:
            self._checkers[name] = self.checker_classes[name]()
        return self._checkers[name]

    # -- systems --------------------------------------------------------------------------

    def _systems_for(self, suite: Suite) -> list[System]:
        systems = [s for s in self.systems if s.covers(suite)]
        if self.wants_all_recorded:
            named = {s.name for s in systems}
            kind = self.system_kinds["recorded"]
            recorded = suite.systems or {}
            for name in recorded:
                if name not in named:
                    systems.append(kind(argument=name, name=None, options=self.system_options))
            if not self.system_specs and not recorded:
                systems.append(self.system_kinds["reference"](argument="", name=None, options=self.system_options))
                self.implicit_reference.append(suite.name)
        if self.contrastive:
            from pytest_mtchallenge.translation.contrastive_view import with_contrastive_views

            systems = with_contrastive_views(systems, suite)
        return systems

    def check_systems_cover_suites(self) -> None:
        """Refuse a system that translates none of the loaded suites (a mistyped recorded system
        would otherwise collect nothing, silently), and one that cannot translate a suite at all
        (:meth:`System.check_suite`: a file of outputs with the wrong line count)."""
        suites = self.suites
        if not suites:
            return
        for system in self.systems:
            if not any(system.covers(suite) for suite in suites):
                recorded = sorted({name for suite in suites for name in suite.systems})
                raise PlanError(
                    f"--mt-system={system.kind}:{system.argument}: no suite of this run has a recorded system "
                    f"{system.argument!r} (recorded systems: {', '.join(recorded) or 'none'})")
            for suite in suites:
                if system.covers(suite):
                    try:
                        system.check_suite(suite)
                    except ValueError as exc:
                        raise PlanError(str(exc)) from None

    # -- known failures (--mt-xfail and the suites' own) -------------------------------------

    def known_failure(self, plan: SuitePlan, item: ChallengeItem, system: System) -> tuple[str, bool] | None:
        """Why this item is expected to fail for this system, and whether an unexpected pass fails the run."""
        if item.id in self._known_failures_of(plan, system):
            return (f"{item.id} [{system.name}] failed in {self.baseline.xfail_path}: if it passes now, refresh "
                    "that file to acknowledge the improvement"), True
        if item.known_failure:
            return f"known weakness: {item.known_failure}", False
        return None

    def _known_failures_of(self, plan: SuitePlan, system: System) -> set[str]:
        """The --mt-xfail items of a system, paired as --mt-compare pairs runs: by name, or, when the
        file names one system and the suite has one, whatever their names (a new release against
        the old one)."""
        known = self.baseline.known_failures
        if system.name in known:
            self._xfail_used.add(system.name)
            return set(known[system.name])
        if len(known) == 1 and len(plan.systems) == 1:
            (name, ids), = known.items()
            self._xfail_used.add(name)
            self._xfail_renamed.setdefault(name, set()).add(system.name)
            return set(ids)
        return set()

    def xfail_warnings(self) -> list[str]:
        """What in the --mt-xfail file applies to nothing: systems no run pairs with, unknown items."""
        known = self.baseline.known_failures
        if not known or not self._plans:
            return []
        where = f"--mt-xfail={self.baseline.xfail_path}"
        plans = self.plans()
        item_ids = {item.id for plan in plans for item in plan.suite.items}
        systems = ", ".join(sorted({s.name for plan in plans for s in plan.systems}))
        found = [f"{where}: system {name!r} matches no system of this run (systems: {systems})"
                 for name in sorted(set(known) - self._xfail_used)]
        # paired by position (one system on each side, as --mt-compare pairs runs): said, not silent
        found += [f"{where}: system {name!r} matches no system of this run by name: its known failures were "
                  f"applied to {', '.join(map(repr, sorted(renamed)))}, the run's only system "
                  f"(name it {name!r} with --mt-system={name}=SPEC if that is not meant)"
                  for name, renamed in sorted(self._xfail_renamed.items())]
        for name in sorted(known):
            unknown = sorted(set(known[name]) - item_ids)
            if unknown:
                shown = ", ".join(unknown[:8]) + (", …" if len(unknown) > 8 else "")
                found.append(f"{where}: {len(unknown)} item(s) of {name!r} are in no suite of this run: {shown}")
        return found


__all__ = ["ALL_RECORDED", "PlanError", "RunPlan", "SuitePlan"]
