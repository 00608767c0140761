"""The run's state: options, suites, systems, batch translations, judgements and the report."""
from __future__ import annotations

import contextlib
import gc
import math
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

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
from pytest_mtchallenge.reporting.report import Run, build_runs, render_table, write_json
from pytest_mtchallenge.formats import SUITE_FILE, content_hash, load_any_suite, resolve_suite, split_format
from pytest_mtchallenge.formats import detect_format
from pytest_mtchallenge.systems import System, SystemOptions, builtin_system_kinds, parse_system_spec
from pytest_mtchallenge.systems.settings import SYSTEM_SETTINGS
from pytest_mtchallenge.translation.translator import Translator
from pytest_mtchallenge.verdict import Judgement

RECORD_KEY = "mtchallenge"
PROBLEMS_KEY = "mtchallenge_problems"
META_KEY = "mtchallenge_meta_eval"
ALL_RECORDED = "recorded:*"


def _option(config: pytest.Config, name: str) -> str | bool | None:
    """A command-line option, or its ini twin."""
    value = config.getoption(name)
    return value if value else (config.getini(name) or None)


def _number(config: pytest.Config, name: str, kind: type[int] | type[float], default: float) -> Any:
    """A positive number option (or its ini twin); a bad value is a usage error."""
    value = config.getoption(name)
    if value is None:
        text = str(config.getini(name)).strip()
        if not text:
            return kind(default)
        try:
            value = kind(text)
        except ValueError:
            raise pytest.UsageError(f"ini {name} = {text!r}: expected a number") from None
    if not math.isfinite(value) or value < (0 if name == "mt_retries" else 1e-9):
        raise pytest.UsageError(f"--{name.replace('_', '-')}={value}: must be positive and finite")
    return value


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
        self.suite_specs: list[str] = list(config.getoption("mt_suite") or config.getini("mt_suite") or [])
        self.system_specs: list[str] = list(config.getoption("mt_system") or config.getini("mt_system") or [])
        judge_text = config.getoption("mt_judge") or config.getini("mt_judge") or JudgeMode.AUTO_HUMAN.value
        try:
            self.mode = JudgeMode(judge_text)
        except ValueError:
            known = ", ".join(m.value for m in JudgeMode)
            raise pytest.UsageError(f"--mt-judge={judge_text!r}: expected one of {known}") from None
        report = config.getoption("mt_report") or config.getini("mt_report")
        self.report_path: Path | None = Path(report) if report else None
        gate = config.getoption("mt_compare_fail")  # given empty (--mt-compare-fail=), it is an error
        try:
            if self.report_path is not None:
                check_writable(config.invocation_params.dir / self.report_path, field="--mt-report")
            self.baseline = BaselineOptions.create(
                base=config.invocation_params.dir, save=_option(config, "mt_save"),
                autosave=bool(_option(config, "mt_autosave")), compare=_option(config, "mt_compare"),
                gate=gate if gate is not None else config.getini("mt_compare_fail") or None,
                strict=bool(_option(config, "mt_compare_strict")), xfail=_option(config, "mt_xfail"))
        except MTChallengeError as exc:
            raise pytest.UsageError(exc.one_line()) from None
        self.meta_eval = bool(config.getoption("mt_meta_eval") or config.getini("mt_meta_eval"))
        self.meta_cases: dict[str, list[dict[str, str]]] = {}  # suite name -> cases
        self.report_only = bool(config.getoption("mt_report_only") or config.getini("mt_report_only"))
        self.options = SystemOptions(
            rootdir=config.rootpath,
            timeout=_number(config, "mt_timeout", float, 600.0),
            batch_size=_number(config, "mt_batch_size", int, 32),
            concurrency=_number(config, "mt_concurrency", int, 4),
            retries=_number(config, "mt_retries", int, 4),
            settings=MappingProxyType({name: str(config.getini(name)) for name in SYSTEM_SETTINGS
                                       if config.getini(name)}),
        )
        hook = config.pluginmanager.hook
        self.checker_classes: dict[str, type[Checker]] = _registry(
            builtin_checkers(), hook.pytest_mtchallenge_checkers(), "checker families")
        self.system_kinds: dict[str, type[System]] = _registry(
            builtin_system_kinds(), hook.pytest_mtchallenge_system_kinds(), "system kinds")
        self.no_cache = bool(config.getoption("mt_no_cache") or config.getini("mt_no_cache"))
        pytest_cache = getattr(config, "cache", None)  # absent with -p no:cacheprovider
        cache_root = pytest_cache.mkdir("mtchallenge") if pytest_cache is not None else config.rootpath / ".mtchallenge"
        self.cache_path = Path(cache_root) / "translations.sqlite"
        if config.getoption("mt_cache_clear") and not hasattr(config, "workerinput"):
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
        self._suites: dict[Path, Suite] = {}
        self._checkers: dict[str, Checker] = {}
        self._verdicts: dict[str, VerdictStore] = {}
        self._markers: dict[tuple[str, str], tuple[pytest.MarkDecorator, ...]] = {}
        self._marker_names: set[str] = set()
        self._systems_by_suite: dict[str, list[System]] = {}
        self._signatures: dict[tuple[str, str], str] = {}
        self._positions: dict[str, dict[str, int]] = {}
        self._froze_gc = False
        self.records: list[dict[str, object]] = []
        self.saved_path: Path | None = None
        self.comparisons: list[Comparison] = []
        self.gate_violations: list[str] = []
        self.other_failures = 0  # failed reports that are not a judged wrong output
        self.unloadable_suites: set[str] = set()  # node ids of suite files that failed to load

    # -- configuration -------------------------------------------------------------------

    def _parse_systems(self) -> list[System]:
        systems: list[System] = []
        for spec in self.system_specs or [ALL_RECORDED]:
            if spec == ALL_RECORDED:
                continue  # expanded per suite in systems_for()
            try:
                systems.append(parse_system_spec(spec, self.system_kinds, self.options))
            except ValueError as exc:
                raise pytest.UsageError(str(exc)) from None
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
        # suite.yaml files are found in directories; other formats (JSON) only when named themselves.
        return found == "yaml" or found is not None and self._named_on_command_line(path)

    def _named_on_command_line(self, path: Path) -> bool:
        """A JSON suite is collected by path only when it was named itself (not found in a directory)."""
        base = self.config.invocation_params.dir
        return any((base / arg.split("::")[0]).resolve() == path.resolve() for arg in self.config.args)

    # -- suites, systems, checkers -------------------------------------------------------

    def load_suite(self, path: Path) -> Suite:
        key = path.resolve()
        if key not in self._suites:
            self._suites[key] = load_any_suite(key, checkers=self.checker_classes, validate_params=self._validate_params,
                                               format=self.suite_formats.get(key))
        return self._suites[key]

    def _validate_params(self, checker: str, params: Mapping[str, object]) -> None:
        self.checker_classes[checker].validate(params)

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
        return systems

    def markers_for(self, item: ChallengeItem) -> tuple[pytest.MarkDecorator, ...]:
        """The category and subcategory markers of an item, declared once (``--strict-markers``
        accepts them) and built once per name: suites may hold tens of thousands of items. An id
        that names a marker of pytest, a plugin or the ini file gets a trailing ``_``."""
        key = (item.category, item.subcategory)
        if key not in self._markers:
            from pytest_mtchallenge.nodes import marker_name

            # The markers of pytest, plugins and the ini file are not category markers.
            taken = {line.split(":")[0].split("(")[0].strip() for line in self.config.getini("markers")}
            taken -= self._marker_names
            decorators = []
            for name in (marker_name(item.category, taken), marker_name(item.subcategory, taken)):
                if name not in self._marker_names:
                    self._marker_names.add(name)
                    self.config.addinivalue_line("markers", f"{name}: a challenge-set category or subcategory")
                decorators.append(getattr(pytest.mark, name))
            self._markers[key] = tuple(decorators)
        return self._markers[key]

    def checker(self, name: str) -> Checker:
        if name not in self._checkers:
            self._checkers[name] = self.checker_classes[name]()
        return self._checkers[name]

    def verdict_store(self, suite: Suite) -> VerdictStore:
        if suite.name not in self._verdicts:
            self._verdicts[suite.name] = VerdictStore(suite.verdicts)
        return self._verdicts[suite.name]

    # -- translation and judging -----------------------------------------------------------

    def output_for(self, suite: Suite, system: System, item: ChallengeItem) -> tuple[str | None, str | None]:
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
            reporter.write_line(line)

    def judge(self, item: ChallengeItem, system: System, output: str) -> Judgement:
        suite = self._suite_named(item.suite)
        return judge(item=item, system=system.name, output=output, mode=self.mode,
                     checkers={item.checker: self.checker(item.checker)}, verdicts=self.verdict_store(suite))

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
            checkers = ",".join(f"{name}@{self.checker_classes[name].version}" for name in families)
            system = next((s for s in self.systems_for(suite) if s.name == system_name), None)
            packs = sorted({pack for name in families for pack in self.checker_classes[name].packs})
            self._signatures[key] = "|".join([
                f"suite:{suite.name}", f"suite-hash:{content_hash([suite.path])}", f"checkers:{checkers}",
                *(f"lexicon:{language_pack(pack).signature()}" for pack in packs),
                f"verdicts-hash:{content_hash(suite.verdict_paths) if suite.verdict_paths else 'none'}",
                f"judge:{self.mode.value}", f"system:{system.signature if system else system_name}",
                f"version:{__version__}",
            ])
        return self._signatures[key]

    def known_failure(self, suite: Suite, item: ChallengeItem, system: System) -> tuple[str, bool] | None:
        """Why this item is expected to fail for this system, and whether an unexpected pass fails the run."""
        if item.id in self.baseline.known_failures.get(system.name, ()):
            return (f"{item.id} [{system.name}] failed in {self.baseline.xfail_path}: if it passes now, refresh "
                    "that file to acknowledge the improvement"), True
        if item.known_failure:
            return f"known weakness: {item.known_failure}", False
        return None

    def record(self, suite: Suite, item: ChallengeItem, judgement: Judgement) -> dict[str, object]:
        """The report record of a judgement: what travels with the test report (also under xdist)."""
        subcategory = suite.subcategories[item.subcategory]
        return {
            **judgement.to_dict(),
            "suite_title": suite.title,
            "judge": self.mode.value,
            "position": self._position(suite, item.id),
            "system_position": self._system_position(suite, system_name=judgement.system),
            "category_title": suite.category_of(item.subcategory).title,
            "subcategory_title": subcategory.title,
            "question": item.question,
            "source": item.source,
            "reference": item.reference,
            "labels": dict(suite.labels),
            "signature": self.signature(suite, judgement.system),
        }

    # -- hooks -----------------------------------------------------------------------------

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
        """Attach the judgement record to the report: it travels to the xdist controller with it."""
        report = yield
        record = getattr(item, "mt_record", None)
        if record is not None and (call.when == "call" or (call.when == "setup" and report.failed)):
            setattr(report, RECORD_KEY, record)
        return report

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        record = getattr(report, RECORD_KEY, None)
        judged_wrong = False
        if isinstance(record, dict):
            self.records.append(record)
            judged_wrong = report.when == "call" and record.get("outcome") == "fail"
        if report.failed and not judged_wrong:
            self.other_failures += 1

    @pytest.hookimpl
    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.other_failures += 1

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> None:
        """A suite that cannot be loaded stops its own collection only: when every collection
        error is such a suite, the other suites run (as with ``--continue-on-collection-errors``)."""
        if session.testsfailed and session.testsfailed == len(self.unloadable_suites):
            session.config.option.continue_on_collection_errors = True

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: object, error: object) -> None:
        output = getattr(node, "workeroutput", {}) or {}
        for problem in output.get(PROBLEMS_KEY, []):
            if problem not in self.problems:
                self.problems.append(problem)
        for suite, cases in (output.get(META_KEY) or {}).items():
            self.meta_cases.setdefault(suite, cases)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        """In meta-evaluation mode the checkers are judged, not the systems: no challenge test runs."""
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

    def meta_evaluation(self) -> MetaEvaluation | None:
        if not self.meta_eval or not self.meta_cases:
            return None
        return MetaEvaluation(tuple(Case.from_dict(c) for cases in self.meta_cases.values() for c in cases))

    def runs(self) -> list[Run]:
        return build_runs(self.records)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        workeroutput = getattr(self.config, "workeroutput", None)
        if workeroutput is not None:
            workeroutput[PROBLEMS_KEY] = list(self.problems)
            workeroutput[META_KEY] = self.meta_cases
            return
        runs = self.runs()
        evaluation = self.meta_evaluation()
        if self.report_path is not None and (runs or evaluation):
            path = self.report_path if self.report_path.is_absolute() else self.config.invocation_params.dir / self.report_path
            write_json(runs, path, meta_evaluation=evaluation.to_dict() if evaluation else None)
        if runs:
            self.saved_path = self.baseline.save(runs)
            self.comparisons, self.gate_violations = self.baseline.compare(runs)
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

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        evaluation = self.meta_evaluation()
        if evaluation is not None:
            terminalreporter.section("mtchallenge: meta-evaluation of the checkers")
            terminalreporter.write(render_meta_evaluation(evaluation, width=terminalreporter._tw.fullwidth,  # noqa: SLF001
                                                          color=terminalreporter.hasmarkup))
        runs = self.runs()
        if not runs and not self.problems:
            if evaluation is not None and self.report_path is not None:
                terminalreporter.write_line(f"report written to {self.report_path}")
            return
        terminalreporter.section("mtchallenge: category success report")
        if runs:
            width = terminalreporter._tw.fullwidth  # noqa: SLF001 - the reporter's own width
            terminalreporter.write(render_table(runs, width=width, color=terminalreporter.hasmarkup))
        if self.report_path is not None:
            terminalreporter.write_line(f"report written to {self.report_path}")
        if self.saved_path is not None:
            terminalreporter.write_line(f"run saved to {self.saved_path}")
        for problem in self.problems:
            terminalreporter.write_line(f"ERROR {problem}", red=True)
        if self.comparisons or self.baseline.compare_path is not None:
            terminalreporter.section(f"mtchallenge: comparison with {self.baseline.compare_path}")
            terminalreporter.write(render_comparisons(self.comparisons, self.gate_violations, self.baseline.gate,
                                                      width=terminalreporter._tw.fullwidth))  # noqa: SLF001
