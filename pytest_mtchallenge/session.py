"""The run's state: options, suites, systems, batch translations, judgements and the report."""
from __future__ import annotations

import contextlib
import dataclasses
import warnings
import gc
import os
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType

import pytest

from pytest_mtchallenge import __version__
from pytest_mtchallenge.baseline import BaselineOptions, Comparison, render_comparisons
from pytest_mtchallenge.translation.cache import clear as clear_cache
from pytest_mtchallenge.checkers import Checker, builtin_checkers
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.files import check_writable
from pytest_mtchallenge.judging import JudgeMode, VerdictStore, error_judgement, judge
from pytest_mtchallenge.metaeval import Case, MetaEvaluation, meta_evaluate, render_meta_evaluation
from pytest_mtchallenge.languages import language_pack
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.options import RunOptions
from pytest_mtchallenge.reporting import ItemResult, Run, build_runs, report_format, write_report
from pytest_mtchallenge.reporting.table import error_lines, render_table
from pytest_mtchallenge.review.verdict_file import overlay_verdicts
from pytest_mtchallenge.environment import environment
from pytest_mtchallenge.run_secrets import install_redaction
from pytest_mtchallenge.suggest import did_you_mean
from pytest_mtchallenge.terminal_text import printable
from pytest_mtchallenge.formats import (
    SUITE_FILES,
    content_hash,
    detect_format,
    load_any_suite,
    resolve_suite,
    split_format,
)
from pytest_mtchallenge.systems import System, SystemOptions, builtin_system_kinds, parse_system_spec
from pytest_mtchallenge.translation.translator import SystemOutput, Translator
from pytest_mtchallenge.verdict import Judgement

RECORD_KEY = "mtchallenge"
PROBLEMS_KEY = "mtchallenge_problems"
USAGE_KEY = "mtchallenge_usage"
META_KEY = "mtchallenge_meta_eval"
ALL_RECORDED = "recorded:*"


def _registry(builtin: Mapping[str, type], contributions: list[Mapping[str, type]], what: str) -> dict[str, type]:
    registry = dict(builtin)
    for contribution in contributions:
        for name, cls in (contribution or {}).items():
            if name in registry and registry[name] is not cls:
                raise pytest.UsageError(f"two {what} are registered under the name {name!r}")
            registry[name] = cls
    return registry


class MTChallengeSession:
    """One per pytest run, kept in ``config.stash``; registered as a plugin for its hooks."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.run_options = run = RunOptions.from_config(config)
        self.suite_specs: list[str] = list(run.suites)
        self.system_specs: list[str] = list(run.systems)
        try:
            self.mode = JudgeMode(run.judge)
        except ValueError:
            known = ", ".join(m.value for m in JudgeMode)
            raise pytest.UsageError(f"--mt-judge={run.judge!r}: expected one of {known}") from None
        self.reports: list[tuple[str, Path]] = []
        for spec in run.reports:
            try:
                fmt, path = report_format(spec)
            except ValueError as exc:
                raise pytest.UsageError(str(exc)) from None
            self.reports.append((fmt, path if path.is_absolute() else run.invocation_dir / path))
        try:
            for _, path in self.reports:
                check_writable(path, field="--mt-report")
            self.baseline = BaselineOptions.create(
                base=run.invocation_dir, save=run.save, autosave=run.autosave, compare=run.compare,
                gate=run.compare_fail, strict=run.compare_strict, xfail=run.xfail)
        except MTChallengeError as exc:
            raise pytest.UsageError(exc.one_line()) from None
        self.meta_eval = run.meta_eval
        self.meta_cases: dict[str, list[dict[str, str]]] = {}  # suite name -> cases
        self.report_only = run.report_only
        self.options = SystemOptions(
            rootdir=run.rootdir, timeout=run.timeout, batch_size=run.batch_size, concurrency=run.concurrency,
            retries=run.retries, settings=run.settings,
        )
        hook = config.pluginmanager.hook
        self.checker_classes: dict[str, type[Checker]] = _registry(
            builtin_checkers(), hook.pytest_mtchallenge_checkers(), "checker families")
        self.system_kinds: dict[str, type[System]] = _registry(
            builtin_system_kinds(), hook.pytest_mtchallenge_system_kinds(), "system kinds")
        self.no_cache = run.no_cache
        pytest_cache = getattr(config, "cache", None)  # absent with -p no:cacheprovider
        cache_root = pytest_cache.mkdir("mtchallenge") if pytest_cache is not None else config.rootpath / ".mtchallenge"
        self.cache_path = Path(cache_root) / "translations.sqlite"
        if run.cache_clear and not hasattr(config, "workerinput"):
            clear_cache(self.cache_path)
        self.translator = Translator(cache_path=None if self.no_cache else self.cache_path, write_line=self._say,
                                     suspend_capture=self._suspend_capture, interactive=self._interactive)
        self.suite_paths: list[Path] = []
        self.suite_formats: dict[Path, str] = {}
        for spec in self.suite_specs:
            stated, location = split_format(spec)
            try:
                path = resolve_suite(location, rootdir=config.invocation_params.dir).resolve()
            except MTChallengeError as exc:
                raise pytest.UsageError(f"--mt-suite: {exc.one_line()}") from None
            self.suite_paths.append(path)
            if stated:
                self.suite_formats[path] = stated
        self.systems = self._parse_systems()
        # Every secret of the run hidden in messages, log records and reports; undone at unconfigure.
        self.translator.redaction = install_redaction(config, self.systems, self.options.settings)
        self._suites: dict[Path, Suite] = {}
        self._checkers: dict[str, Checker] = {}
        self._verdicts: dict[str, VerdictStore] = {}
        self._markers: dict[tuple[str, str], tuple[pytest.MarkDecorator, ...]] = {}
        self._marker_names: set[str] = set()
        self._systems_by_suite: dict[str, list[System]] = {}
        self._signatures: dict[tuple[str, str], str] = {}
        self._positions: dict[str, dict[str, int]] = {}
        self._froze_gc = False
        self.results: list[ItemResult] = []
        self.saved_path: Path | None = None
        self.unsaved = ""  # why --mt-save / --mt-autosave wrote nothing
        self.written_reports: list[Path] = []  # the --mt-report files written at the end of the run
        self.write_errors: list[str] = []  # one line per report or saved run that could not be written
        self.comparisons: list[Comparison] = []
        self.gate_violations: list[str] = []
        self.other_failures = 0  # failed reports that are not a judged wrong output
        self.collection_errors: list[str] = []  # one line per suite that could not be collected
        self.unloadable_suites: set[str] = set()  # node ids of suite files that failed to load
        self._xfail_used: set[str] = set()  # --mt-xfail systems that paired with a system of the run
        self.stopped = False  # -x or --maxfail ended the run early
        self.implicit_reference: list[str] = []  # suites judged on their references: no system was named
        if getattr(config.option, "markers", False):
            self.register_markers()

    # -- configuration -------------------------------------------------------------------

    def _parse_systems(self) -> list[System]:
        systems: list[System] = []
        for spec in self.system_specs or [ALL_RECORDED]:
            if spec == ALL_RECORDED:
                continue  # expanded per suite in systems_for()
            try:
                system = parse_system_spec(spec, self.system_kinds, self.options)
                system.check_usable()
            except ValueError as exc:
                raise pytest.UsageError(str(exc)) from None
            systems.append(system)
        names = [s.name for s in systems]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise pytest.UsageError(
                f"two --mt-system options have the column name {duplicates[0]!r}; name one: --mt-system=NAME=SPEC")
        return systems

    @property
    def wants_all_recorded(self) -> bool:
        return not self.system_specs or ALL_RECORDED in self.system_specs

    def is_suite_file(self, path: Path, *, explicit: bool) -> bool:
        if path.resolve() in self.suite_paths:
            return True
        if not explicit or path.is_dir():
            return False
        found = detect_format(path)
        # Suite files (suite.yaml, whatever its format: this project's or a WinoMT manifest) are found in
        # directories; other formats (JSON) only when named themselves.
        return found is not None and (path.name in SUITE_FILES or self._named_on_command_line(path))

    def _named_on_command_line(self, path: Path) -> bool:
        """A JSON suite is collected by path only when it was named itself (not found in a directory)."""
        base = self.config.invocation_params.dir
        return any((base / arg.split("::")[0]).resolve() == path.resolve() for arg in self.config.args)

    # -- suites, systems, checkers -------------------------------------------------------

    def load_suite(self, path: Path) -> Suite:
        key = path.resolve()
        if key not in self._suites:
            suite = load_any_suite(key, checkers=self.checker_classes, validate_params=self._validate_params,
                                   format=self.suite_formats.get(key))
            self._suites[key] = overlay_verdicts(suite, self.run_options.verdicts)  # --mt-verdicts
        return self._suites[key]

    def _validate_params(self, checker: str, params: Mapping[str, object]) -> object:
        """The family's parameters parsed once, when the suite loads (stored on the item)."""
        return self.checker_classes[checker].parse_params(params)

    def systems_for(self, suite: Suite) -> list[System]:
        """The systems that translate ``suite``, in --mt-system order (computed once per suite)."""
        if suite.name not in self._systems_by_suite:
            self._systems_by_suite[suite.name] = self._systems_for(suite)
        return self._systems_by_suite[suite.name]

    def _systems_for(self, suite: Suite) -> list[System]:
        systems = [s for s in self.systems if s.covers(suite)]
        if self.wants_all_recorded:
            named = {s.name for s in systems}
            kind = self.system_kinds["recorded"]
            recorded = suite.systems or {}
            for name in recorded:
                if name not in named:
                    systems.append(kind(argument=name, name=None, options=self.options))
            if not self.system_specs and not recorded:
                systems.append(self.system_kinds["reference"](argument="", name=None, options=self.options))
                self.implicit_reference.append(suite.name)
        return systems

    def markers_for(self, item: ChallengeItem) -> tuple[pytest.MarkDecorator, ...]:
        """The category and subcategory markers of an item, declared once (``--strict-markers``
        accepts them) and built once per name: suites may hold tens of thousands of items. An id
        that names a marker of pytest, a plugin or the ini file gets a trailing ``_``."""
        key = (item.category, item.subcategory)
        if key not in self._markers:
            from pytest_mtchallenge.nodes import marker_name

            # The markers of pytest, plugins and the ini file are not category markers.
            taken = self._declared_markers()
            taken -= self._marker_names
            decorators = []
            for name in (marker_name(item.category, taken), marker_name(item.subcategory, taken)):
                if name not in self._marker_names:
                    self._marker_names.add(name)
                    title = (suite_title := self._titles(taken).get(name)) and f" ({suite_title})" or ""
                    self.config.addinivalue_line("markers", f"{name}: a challenge-set category or subcategory{title}")
                decorators.append(getattr(pytest.mark, name))
            self._markers[key] = tuple(decorators)
        return self._markers[key]

    def _titles(self, taken: set[str]) -> dict[str, str]:
        """Marker name → the category's or subcategory's title, for ``pytest --markers``."""
        from pytest_mtchallenge.nodes import marker_name

        titles: dict[str, str] = {}
        for suite in self._suites.values():
            titles.update({marker_name(c.id, taken): c.title for c in suite.categories})
            titles.update({marker_name(s.id, taken): s.title for s in suite.subcategories.values()})
        return titles

    def register_markers(self) -> None:
        """Declare every category and subcategory marker of the run's suites now (``pytest --markers``
        lists them without collecting); a suite that does not load is left to collection to report."""
        for path in self.suite_paths:
            try:
                suite = self.load_suite(path)
            except MTChallengeError:
                continue
            for item in suite.items:
                self.markers_for(item)

    def checker(self, name: str) -> Checker:
        if name not in self._checkers:
            self._checkers[name] = self.checker_classes[name]()
        return self._checkers[name]

    def verdict_store(self, suite: Suite) -> VerdictStore:
        if suite.name not in self._verdicts:
            self._verdicts[suite.name] = VerdictStore(suite.verdicts)
        return self._verdicts[suite.name]

    # -- translation and judging -----------------------------------------------------------

    def output_for(self, suite: Suite, system: System, item: ChallengeItem) -> SystemOutput:
        """The system's output for an item, translating the whole suite in one batch on first use."""
        return self.translator.output_for(suite, system, item)

    @property
    def problems(self) -> list[str]:
        """One-line reply-level faults of systems (also those reported by xdist workers)."""
        return self.translator.problems

    def _suspend_capture(self) -> contextlib.AbstractContextManager[object]:
        capture = self.config.pluginmanager.get_plugin("capturemanager")
        return capture.global_and_fixture_disabled() if capture is not None else contextlib.nullcontext()

    def _interactive(self) -> bool:
        return (sys.stderr.isatty() and not os.environ.get("CI") and not hasattr(self.config, "workerinput")
                and self.config.getoption("verbose", 0) >= 0)

    def _say(self, line: str) -> None:
        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None and not hasattr(self.config, "workerinput"):
            reporter.write_line(printable(line))

    def judge(self, item: ChallengeItem, system: System, output: str, *, context: tuple[str, ...] = (),
              note: str = "", repeats: int = 0) -> Judgement:
        """Judge an output; a ``note`` from the system (what it cleaned from its raw output) joins
        the reason, so a cleaned output never passes silently."""
        suite = self._suite_named(item.suite)
        judgement = judge(item=item, system=system.name, output=output, mode=self.mode, context=context,
                          languages=(suite.source_language, suite.target_language),
                          checkers={item.checker: self.checker(item.checker)}, verdicts=self.verdict_store(suite),
                          repeats=repeats)
        return dataclasses.replace(judgement, reason=f"{judgement.reason} [{note}]") if note else judgement

    def error_judgement(self, item: ChallengeItem, system: System, reason: str) -> Judgement:
        return error_judgement(item, system.name, reason)

    def _system_position(self, suite: Suite, *, system_name: str) -> int:
        names = [s.name for s in self.systems_for(suite)]
        return names.index(system_name) if system_name in names else len(names)

    def _position(self, suite: Suite, item_id: str) -> int:
        """The item's index in its suite (computed once per suite: suites may hold 50,000 items)."""
        if suite.name not in self._positions:
            self._positions[suite.name] = {item.id: index for index, item in enumerate(suite.items)}
        return self._positions[suite.name][item_id]

    def _suite_named(self, name: str) -> Suite:
        return next(s for s in self._suites.values() if s.name == name)

    def signature(self, suite: Suite, system_name: str) -> str:
        """sacrebleu-style signature of what produced a run's judgements."""
        key = (suite.name, system_name)
        if key not in self._signatures:
            families = sorted({i.checker for i in suite.items})
            language = suite.target_language
            checkers = ",".join(f"{name}@{self.checker_classes[name].version_for(language)}" for name in families)
            system = next((s for s in self.systems_for(suite) if s.name == system_name), None)
            packs = sorted({pack for name in families for pack in self.checker_classes[name].packs_for(language)})
            self._signatures[key] = "|".join([
                f"suite:{suite.name}", f"suite-hash:{content_hash([suite.path, *suite.data_paths])}", f"checkers:{checkers}",
                *(f"lexicon:{language_pack(pack).signature()}" for pack in packs),
                f"verdicts-hash:{content_hash(suite.verdict_paths) if suite.verdict_paths else 'none'}",
                f"judge:{self.mode.value}", f"system:{system.identity if system else system_name}",
                f"version:{__version__}",
            ])
        return self._signatures[key]

    def known_failure(self, suite: Suite, item: ChallengeItem, system: System) -> tuple[str, bool] | None:
        """Why this item is expected to fail for this system, and whether an unexpected pass fails the run."""
        if item.id in self._known_failures_of(suite, system):
            return (f"{item.id} [{system.name}] failed in {self.baseline.xfail_path}: if it passes now, refresh "
                    "that file to acknowledge the improvement"), True
        if item.known_failure:
            return f"known weakness: {item.known_failure}", False
        return None

    def _known_failures_of(self, suite: Suite, system: System) -> set[str]:
        """The --mt-xfail items of a system, paired as --mt-compare pairs runs: by name, or, when the
        file names one system and the suite has one, whatever their names (a new release against
        the old one)."""
        known = self.baseline.known_failures
        if system.name in known:
            self._xfail_used.add(system.name)
            return set(known[system.name])
        if len(known) == 1 and len(self.systems_for(suite)) == 1:
            (name, ids), = known.items()
            self._xfail_used.add(name)
            return set(ids)
        return set()

    def _xfail_warnings(self) -> list[str]:
        """What in the --mt-xfail file applies to nothing: systems no run pairs with, unknown items."""
        known = self.baseline.known_failures
        if not known or not self._suites:
            return []
        where = f"--mt-xfail={self.baseline.xfail_path}"
        item_ids = {item.id for suite in self._suites.values() for item in suite.items}
        found = [f"{where}: system {name!r} matches no system of this run "
                 f"(systems: {', '.join(sorted({s.name for suite in self._suites.values() for s in self.systems_for(suite)}))})"
                 for name in sorted(set(known) - self._xfail_used)]
        for name in sorted(known):
            unknown = sorted(set(known[name]) - item_ids)
            if unknown:
                shown = ", ".join(unknown[:8]) + (", …" if len(unknown) > 8 else "")
                found.append(f"{where}: {len(unknown)} item(s) of {name!r} are in no suite of this run: {shown}")
        return found

    def _declared_markers(self) -> set[str]:
        """The names of the markers declared so far (pytest's, plugins', the ini file's and ours)."""
        return {line.split(":")[0].split("(")[0].strip() for line in self.config.getini("markers")}

    def _unknown_marker_warnings(self) -> list[str]:
        """``-m`` names no marker of pytest, a plugin or the suites (``-m S99``, ``-m s1``): pytest
        would deselect everything and say nothing."""
        expression = getattr(self.config.option, "markexpr", "")
        if not expression or not self._marker_names:
            return []
        known = self._declared_markers()
        named = set(re.findall(r"[^\s()=,'\"]+", re.sub(r"\([^)]*\)", " ", expression))) - {"and", "or", "not"}
        found = []
        suite_markers = sorted(self._marker_names, key=lambda name: [  # S1, S2, … S10, then categories
            (0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name) if part])
        for name in sorted(named - known):
            hint = did_you_mean(name, known)
            found.append(f"-m {expression}: no marker is named {name!r}{': ' + hint if hint else ''} "
                         f"(the suites' markers: {', '.join(suite_markers)}; `pytest --markers` lists them all)")
        return found

    def result(self, suite: Suite, item: ChallengeItem, judgement: Judgement) -> ItemResult:
        """A judgement with what the report shows beside it (it travels with the test report, also
        to the xdist controller)."""
        return ItemResult(
            judgement=judgement, suite_title=suite.title, judge=self.mode.value,
            position=self._position(suite, item.id),
            system_position=self._system_position(suite, system_name=judgement.system),
            category_title=suite.category_of(item.subcategory).title,
            subcategory_title=suite.subcategories[item.subcategory].title,
            question=item.question, source=item.source, reference=item.reference, labels=suite.labels,
            rate=suite.rate, signature=self.signature(suite, judgement.system), suite_items=len(suite.items),
            gold=item.gold,
        )

    # -- hooks -----------------------------------------------------------------------------

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
        """Attach the judgement record to the report: it travels to the xdist controller with it."""
        report = yield
        result = getattr(item, "mt_result", None)
        if result is not None and (call.when == "call" or (call.when == "setup" and report.failed)):
            setattr(report, RECORD_KEY, result.to_dict())  # plain data: xdist serialises reports
        return report

    @pytest.hookimpl
    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        """Keep why a suite could not be collected: with condensed failures (no traceback blocks)
        the report names it in one line."""
        if report.failed:
            self.other_failures += 1
        if report.failed and report.longrepr is not None:
            line = str(report.longrepr).strip().splitlines()
            if line and line[-1] not in self.collection_errors:
                self.collection_errors.append(line[-1])

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> None:
        """A suite that cannot be loaded stops its own collection only: when every collection
        error is such a suite, the other suites run (as with ``--continue-on-collection-errors``)."""
        if session.testsfailed and session.testsfailed == len(self.unloadable_suites):
            session.config.option.continue_on_collection_errors = True

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        record = getattr(report, RECORD_KEY, None)
        judged_wrong = False
        if isinstance(record, dict):
            result = ItemResult.from_dict(record)
            self.results.append(result)
            judged_wrong = report.when == "call" and result.outcome == "fail"
        if report.failed and not judged_wrong:
            self.other_failures += 1

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: object, error: object) -> None:
        output = getattr(node, "workeroutput", {}) or {}
        for problem in output.get(PROBLEMS_KEY, []):
            if problem not in self.problems:
                self.problems.append(problem)
        for suite, system, counts in output.get(USAGE_KEY, []):
            totals = self.translator.usage.setdefault((suite, system), {})
            for key, count in counts.items():
                totals[key] = totals.get(key, 0) + int(count)
        for suite, cases in (output.get(META_KEY) or {}).items():
            self.meta_cases.setdefault(suite, cases)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        """Refuse systems that translate none of the run's suites (a mistyped recorded system would
        otherwise collect nothing, silently). In meta-evaluation mode the checkers are judged, not
        the systems: no challenge test runs."""
        self._check_systems_cover_suites()
        for warning in self._xfail_warnings() + self._unknown_marker_warnings():
            warnings.warn(pytest.PytestWarning(warning), stacklevel=1)
        if not self.meta_eval:
            return
        from pytest_mtchallenge.nodes import ChallengeTest

        challenge = [item for item in items if isinstance(item, ChallengeTest)]
        if challenge:
            config.hook.pytest_deselected(items=challenge)
            items[:] = [item for item in items if not isinstance(item, ChallengeTest)]
        for suite in self._suites.values():
            if suite.name not in self.meta_cases:
                checkers = {name: self.checker(name) for name in {i.checker for i in suite.items}}
                evaluation = meta_evaluate([suite], checkers)
                self.meta_cases[suite.name] = [case.to_dict() for case in evaluation.cases]

    @pytest.hookimpl
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Move the loaded suites out of the garbage collector's sight.

        Suites, items and recorded verdicts live until the end of the run; with thousands of items,
        pytest's final full collections (unraisable-exception cleanup) spent most of their time
        scanning them. ``gc.freeze`` exempts what exists now; ``pytest_unconfigure`` undoes it.
        """
        if self._suites:
            gc.freeze()
            self._froze_gc = True

    def thaw(self) -> None:
        if self._froze_gc:
            gc.unfreeze()
            self._froze_gc = False

    def _shown(self, path: Path) -> Path:
        """A path as the user would write it: relative to where pytest was started, when inside it."""
        try:
            return path.relative_to(self.run_options.invocation_dir)
        except ValueError:
            return path

    def _check_systems_cover_suites(self) -> None:
        suites = list(self._suites.values())
        if not suites:
            return
        for system in self.systems:
            if not any(system.covers(suite) for suite in suites):
                recorded = sorted({name for suite in suites for name in suite.systems})
                raise pytest.UsageError(
                    f"--mt-system={system.kind}:{system.argument}: no suite of this run has a recorded system "
                    f"{system.argument!r} (recorded systems: {', '.join(recorded) or 'none'})")

    def meta_evaluation(self) -> MetaEvaluation | None:
        if not self.meta_eval or not self.meta_cases:
            return None
        return MetaEvaluation(tuple(Case.from_dict(c) for cases in self.meta_cases.values() for c in cases))

    def runs(self) -> list[Run]:
        """The judged runs, each with the tokens its system reported (LLM systems) and what
        selected its items when it judged only some."""
        usage = self.translator.usage
        selection = self.translator.redaction.redact(self._selection())  # the command line's words, secrets hidden
        return [dataclasses.replace(run, usage=MappingProxyType(usage.get((run.suite, run.system), {})),
                                    selection=selection) for run in build_runs(self.results)]

    def _selection(self) -> str:
        """What chose the run's tests among its suites' items, in the command line's words."""
        option = self.config.option
        how = [f"-m {option.markexpr}" if getattr(option, "markexpr", "") else "",
               f"-k {option.keyword}" if getattr(option, "keyword", "") else "",
               "--lf" if getattr(option, "lf", False) else "",
               "--deselect" if getattr(option, "deselect", None) else "",
               "test ids" if any("::" in arg for arg in self.config.args) else ""]
        chosen = ", ".join(part for part in how if part)
        if self.stopped:
            return f"run before the run stopped ({chosen or '-x/--maxfail'})"
        return chosen

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        workeroutput = getattr(self.config, "workeroutput", None)
        if workeroutput is not None:
            workeroutput[PROBLEMS_KEY] = list(self.problems)
            workeroutput[USAGE_KEY] = [[suite, system, dict(counts)]
                                       for (suite, system), counts in self.translator.usage.items()]
            workeroutput[META_KEY] = self.meta_cases
            return
        self.stopped = bool(session.shouldstop or session.shouldfail)
        runs = self.runs()
        evaluation = self.meta_evaluation()
        if runs:  # compared first, so that the reports can show the comparison
            self.comparisons, self.gate_violations = self.baseline.compare(runs)
        if runs or evaluation:
            for fmt, path in self.reports:
                if self._written(f"the {fmt} report {self._shown(path)}", lambda: write_report(
                        fmt, runs, path, meta_evaluation=evaluation.to_dict() if evaluation else None,
                        comparisons=self.comparisons, gate=self.baseline.verdict(self.gate_violations))):
                    self.written_reports.append(path)
        if runs:
            def save() -> None:
                try:
                    self.saved_path = self.baseline.save(runs, environment=environment(
                        directory=self.run_options.invocation_dir, arguments=self.config.invocation_params.args,
                        redact=self.translator.redaction.redact))
                except MTChallengeError as exc:  # a run too large to be read back: nothing written, and said
                    self.unsaved = exc.one_line()

            self._written("the saved run", save)
        if evaluation is not None and session.exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
            session.exitstatus = pytest.ExitCode.OK
        self.config.pluginmanager.hook.pytest_mtchallenge_report(runs=runs)
        if self.baseline.gate is not None and runs:
            # In compare mode the gate decides: wrong outputs alone do not fail the run.
            holds = not self.gate_violations and not self.other_failures
            if session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
                session.exitstatus = pytest.ExitCode.OK if holds else pytest.ExitCode.TESTS_FAILED
        elif self.problems and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
        elif (self.report_only and session.exitstatus == pytest.ExitCode.TESTS_FAILED
              and not self.other_failures and not self.problems):
            session.exitstatus = pytest.ExitCode.OK
        if (self.unsaved or self.write_errors) and session.exitstatus == pytest.ExitCode.OK:
            # a release job must not go on without its saved run, nor without a report it asked for
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def _written(self, what: str, write: Callable[[], object]) -> bool:
        """Call ``write``; when it fails, say so in one line (:attr:`write_errors`) and go on: one
        report that cannot be written never keeps the others, or the saved run, from being written."""
        try:
            write()
        except Exception as exc:  # noqa: BLE001 - a writer's fault of any kind is one line, not a lost run
            self.write_errors.append(printable(f"ERROR mtchallenge: {what} could not be written: "
                                               f"{type(exc).__name__}: {' '.join(str(exc).split())}"))
            return False
        return True

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter):  # type: ignore[no-untyped-def]
        """The report comes last, after pytest's failures and short summary: what a reader sees first."""
        result = yield
        self._write_summary(terminalreporter)
        return result

    def _write_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self.collection_errors and self.config.option.tbstyle == "no":
            terminalreporter.section("mtchallenge: suites that could not be collected")
            for line in self.collection_errors:
                terminalreporter.write_line(printable(f"ERROR {line}"), red=True)
        evaluation = self.meta_evaluation()
        if evaluation is not None:
            terminalreporter.section("mtchallenge: meta-evaluation of the checkers")
            terminalreporter.write(render_meta_evaluation(evaluation, width=terminalreporter._tw.fullwidth,  # noqa: SLF001
                                                          color=terminalreporter.hasmarkup))
        runs = self.runs()
        if not runs and not self.problems:
            if evaluation is not None:
                for path in self.written_reports:
                    terminalreporter.write_line(f"report written to {self._shown(path)}")
            for line in self.write_errors:
                terminalreporter.write_line(line, red=True)
            return
        terminalreporter.section("mtchallenge: category success report")
        for suite in self.implicit_reference:
            terminalreporter.write_line(
                f"{suite}: no recorded system and no --mt-system, so its references were judged (system "
                "'reference': a check of the suite itself); name a system with --mt-system=SPEC", yellow=True)
        if runs:
            width = terminalreporter._tw.fullwidth  # noqa: SLF001 - the reporter's own width
            terminalreporter.write(render_table(runs, width=width, color=terminalreporter.hasmarkup))
        for path in self.written_reports:
            terminalreporter.write_line(f"report written to {self._shown(path)}")
        if self.saved_path is not None:
            terminalreporter.write_line(f"run saved to {self.saved_path}")
        if self.unsaved:
            terminalreporter.write_line(printable(f"run NOT saved: {self.unsaved}"), red=True)
        for line in self.write_errors:
            terminalreporter.write_line(line, red=True)
        for line in error_lines(runs, problems=self.problems):  # a system that failed as a whole: one line
            terminalreporter.write_line(line, red=True)
        if self.comparisons or self.baseline.compare_path is not None:
            terminalreporter.section(f"mtchallenge: comparison with {self.baseline.compare_path}")
            terminalreporter.write(render_comparisons(self.comparisons, self.gate_violations, self.baseline.gate,
                                                      width=terminalreporter._tw.fullwidth))  # noqa: SLF001
