"""The run's pytest session object: hooks, the xdist transport of results, the exit policy; the work is the run plan's, the nodes' and the reports'."""
from __future__ import annotations

import dataclasses
import gc
import warnings
from pathlib import Path
from types import MappingProxyType

import pytest

from pytest_mtchallenge.plugin.arguments import is_suite_file, selection
from pytest_mtchallenge.runs.baseline import BaselineOptions, Decision
from pytest_mtchallenge.plugin.console import Console
from pytest_mtchallenge.runs.delivery import Delivery
from pytest_mtchallenge.runs.environment import environment
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.files import check_writable
from pytest_mtchallenge.formats.markers import Markers
from pytest_mtchallenge.judge.metaeval import Case, MetaEvaluation, meta_evaluate
from pytest_mtchallenge.judge.triage import SemanticTriage
from pytest_mtchallenge.plugin.options import RunOptions
from pytest_mtchallenge.runs.plan import PlanError, RunPlan
from pytest_mtchallenge.registry import Registry, RegistryError
from pytest_mtchallenge.reporting import ItemResult, Run, build_runs, report_format
from pytest_mtchallenge.reporting.terminal import Summary, write_summary
from pytest_mtchallenge.plugin.run_secrets import install_redaction
from pytest_mtchallenge.runs.store import RunStatus
from pytest_mtchallenge.systems import SystemOptions
from pytest_mtchallenge.translation.cache import clear as clear_cache
from pytest_mtchallenge.translation.translator import Translator

RECORD_KEY = "mtchallenge"
PROBLEMS_KEY = "mtchallenge_problems"
USAGE_KEY = "mtchallenge_usage"
META_KEY = "mtchallenge_meta_eval"


class MTChallengeSession:
    """One per pytest run, kept in ``config.stash``; registered as a plugin for its hooks."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.run_options = run = RunOptions.from_config(config)
        self.reports: list[tuple[str, Path]] = []
        try:
            # One registry of every extension, the built-in ones and the plugins' (their hooks).
            self.registry = Registry.build(config.pluginmanager.hook)  # type: ignore[arg-type]
            self.registry.install()
            for spec in run.reports:
                fmt, path = report_format(spec, self.registry.report_formats)
                self.reports.append((fmt, path if path.is_absolute() else run.invocation_dir / path))
            for _, path in self.reports:
                check_writable(path, field="--mt-report")
            self.baseline = BaselineOptions.create(
                base=run.invocation_dir, save=run.save, autosave=run.autosave, compare=run.compare,
                gate=run.compare_fail, strict=run.compare_strict, xfail=run.xfail)
            checkers, kinds = self.registry.checkers, self.registry.system_kinds
        except MTChallengeError as exc:
            raise pytest.UsageError(exc.one_line()) from None
        except (ValueError, RegistryError) as exc:  # a report format; two classes under one name
            raise pytest.UsageError(str(exc)) from None
        self.markers = Markers(declared=lambda: config.getini("markers"),
                               declare=lambda line: config.addinivalue_line("markers", line))
        try:
            self.plan = RunPlan(
                suites=run.suites, systems=run.systems, mode=run.judge, checkers=checkers, system_kinds=kinds,
                system_options=SystemOptions(rootdir=run.rootdir, timeout=run.timeout, batch_size=run.batch_size,
                                             concurrency=run.concurrency, retries=run.retries, settings=run.settings),
                invocation_dir=config.invocation_params.dir, verdict_files=run.verdicts, baseline=self.baseline,
                on_load=self.markers.add_suite, contrastive=run.contrastive,
                triage=SemanticTriage() if run.triage else None)
        except PlanError as exc:
            raise pytest.UsageError(str(exc)) from None
        pytest_cache = getattr(config, "cache", None)  # absent with -p no:cacheprovider
        cache_root = pytest_cache.mkdir("mtchallenge") if pytest_cache is not None else config.rootpath / ".mtchallenge"
        self.cache_path = Path(cache_root) / "translations.sqlite"
        console = Console(config)
        self._startup_lines: list[str] = []  # said once the terminal is up (pytest_sessionstart)
        if run.cache_clear and not console.worker:
            clear_cache(self.cache_path, warn=self._startup_lines.append)
        self.translator = Translator(cache_path=None if run.no_cache else self.cache_path, write_line=console.say,
                                     suspend_capture=console.suspend_capture, interactive=console.interactive)
        from pytest_mtchallenge.plugin.contrastive_nodes import params_of
        from pytest_mtchallenge.translation.scorer import Scorer

        self.scorer = Scorer(self.translator, params_of)  # contrastive items' scores, through the same cache
        # Every secret of the run hidden in messages, log records and reports; undone at unconfigure.
        self.translator.redaction = install_redaction(config, self.plan.systems, run.settings, kinds=kinds.values())
        self.meta_cases: dict[str, list[dict[str, str]]] = {}  # suite name -> cases
        self.results: list[ItemResult] = []
        self.delivery = Delivery(self.reports, self.baseline, shown=self._shown,
                                 formats=self.registry.report_formats)
        self.decision = Decision()  # the comparison with --mt-compare's baseline, and the gate's verdict
        self.other_failures = 0  # failed reports that are not a judged wrong output
        self.collection_errors: list[str] = []  # one line per suite that could not be collected
        self.unloadable_suites: set[str] = set()  # node ids of suite files that failed to load
        self.stopped = False  # -x or --maxfail ended the run early
        self._froze_gc = False
        self._worker = console.worker
        self._running: dict[str, str | None] = {}  # test started, not finished -> its suite file (rootdir-relative)
        if getattr(config.option, "markers", False):  # `pytest --markers` lists them without collecting
            self.markers.declare(item for suite in self.plan.loadable_suites() for item in suite.items)

    def is_suite_file(self, path: Path, *, explicit: bool) -> bool:
        return is_suite_file(path, suite_paths=self.plan.suite_paths, args=self.config.args,
                             base=self.config.invocation_params.dir, explicit=explicit)

    @property
    def problems(self) -> list[str]:
        """One-line reply-level faults of systems (also those reported by xdist workers)."""
        return self.translator.problems

    # -- hooks -----------------------------------------------------------------------------

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
        """Attach the judgement to the report. In one process it is the :class:`ItemResult` itself;
        an xdist worker attaches what only it knows (:meth:`SuitePlan.record`, a few plain fields),
        and the controller rebuilds the rest from its own reading of the suite.

        A skipped output (n/a, review) is located at its test id, not at the plugin line that
        skipped it: ``-rs`` lists the outputs by item instead of folding them under one line."""
        report = yield
        result = getattr(item, "mt_result", None)
        if result is None and report.failed and call.when in ("setup", "call") and hasattr(item, "challenge"):
            # Ended without a judgement (SystemExit out of a family, a fault of the plugin): still the
            # item's error, as a worker that crashes on it is (:meth:`pytest_handlecrashitem`).
            result = item.mt_result = item.plan.unjudged(item.challenge, item.system.name)  # type: ignore[attr-defined]
        if result is not None and (call.when == "call" or (call.when == "setup" and report.failed)):
            setattr(report, RECORD_KEY, item.plan.record(result) if self._worker else result)  # type: ignore[attr-defined]
        if (result is not None and report.skipped and isinstance(report.longrepr, tuple)
                and not hasattr(report, "wasxfail")):
            report.longrepr = (item.nodeid, None, report.longrepr[2])
        return report

    @pytest.hookimpl(wrapper=True)
    def pytest_report_to_serializable(self, config: pytest.Config, report: object):  # type: ignore[no-untyped-def]
        """A report written out in one process (pytest-reportlog) carries its judgement as plain data."""
        data = yield
        if isinstance(data, dict) and isinstance(data.get(RECORD_KEY), ItemResult):
            data[RECORD_KEY] = data[RECORD_KEY].to_dict()
        return data

    @pytest.hookimpl
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """What configuring the run found to say (a cache that could not be emptied), now that the
        terminal reporter can show it."""
        for line in self._startup_lines:
            self.translator.write_line(line)

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
    def pytest_runtest_logstart(self, nodeid: str, location: tuple[str, int | None, str]) -> None:
        if not self._worker:
            self._running[nodeid] = location[0]

    @pytest.hookimpl
    def pytest_runtest_logfinish(self, nodeid: str) -> None:
        self._running.pop(nodeid, None)

    @pytest.hookimpl(optionalhook=True)
    def pytest_handlecrashitem(self, crashitem: str, report: pytest.TestReport) -> None:
        """A pytest-xdist worker died while running ``crashitem``: the report xdist makes of it
        carries the item's error result, rebuilt here from the test's suite file and name, so that
        every report, the saved run and the gate count the item."""
        location = self._running.pop(crashitem, None)
        if location is None or "::" not in crashitem:  # not a challenge test, or judged already
            return
        try:
            result = self.plan.unjudged_result(self.config.rootpath / location, crashitem.rsplit("::", 1)[1])
        except PlanError as exc:
            self.problems.append(f"{crashitem}: {exc}")
            return
        setattr(report, RECORD_KEY, result)

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        record = getattr(report, RECORD_KEY, None)
        judged_wrong = False
        if isinstance(record, dict):  # from an xdist worker
            try:
                record = self.plan.result_from_record(record)
            except PlanError as exc:
                self.problems.append(f"{report.nodeid}: {exc}")
                record = None
        if isinstance(record, ItemResult):
            self.results.append(record)
            self._running[report.nodeid] = None  # judged: a crash after this report adds no second result
            judged_wrong = report.when == "call" and record.outcome == "fail"
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
        """Refuse systems that translate none of the run's suites. In meta-evaluation mode the
        checkers are judged, not the systems: no challenge test runs."""
        try:
            self.plan.check_systems_cover_suites()
        except PlanError as exc:
            raise pytest.UsageError(str(exc)) from None
        expression = getattr(self.config.option, "markexpr", "")
        for warning in self.plan.xfail_warnings() + self.markers.unknown(expression):
            warnings.warn(pytest.PytestWarning(warning), stacklevel=1)
        if not self.run_options.meta_eval:
            return
        from pytest_mtchallenge.plugin.nodes import ChallengeTest

        challenge = [item for item in items if isinstance(item, ChallengeTest)]
        if challenge:
            config.hook.pytest_deselected(items=challenge)
            items[:] = [item for item in items if not isinstance(item, ChallengeTest)]
        for suite in self.plan.suites:
            if suite.name not in self.meta_cases:
                self.meta_cases[suite.name] = [case.to_dict() for case in meta_evaluate([suite], self.plan.checker).cases]

    @pytest.hookimpl
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Move the loaded suites out of the garbage collector's sight.

        Suites, items and recorded verdicts live until the end of the run; with thousands of items,
        pytest's final full collections (unraisable-exception cleanup) spent most of their time
        scanning them. ``gc.freeze`` exempts what exists now; :meth:`thaw`, the run's last cleanup,
        undoes it.
        """
        if self.plan.suites:
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

    def meta_evaluation(self) -> MetaEvaluation | None:
        if not self.run_options.meta_eval or not self.meta_cases:
            return None
        return MetaEvaluation(tuple(Case.from_dict(c) for cases in self.meta_cases.values() for c in cases))

    def runs(self) -> list[Run]:
        """The judged runs, each with the tokens its system reported (LLM systems) and what
        selected its items when it judged only some."""
        usage = self.translator.usage
        option = self.config.option
        chosen = selection(markexpr=getattr(option, "markexpr", ""), keyword=getattr(option, "keyword", ""),
                           last_failed=getattr(option, "lf", False), deselect=bool(getattr(option, "deselect", None)),
                           args=self.config.args, stopped=self.stopped)
        chosen = self.translator.redaction.redact(chosen)  # the command line's words, secrets hidden
        return [dataclasses.replace(run, usage=MappingProxyType(usage.get((run.suite, run.system), {})),
                                    selection=chosen) for run in build_runs(self.results)]

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
            self.decision = self.baseline.compare(runs)
        if runs or evaluation:
            self.delivery.write_reports(runs, meta_evaluation=evaluation.to_dict() if evaluation else None,
                                        decision=self.decision)
        if runs:
            self.delivery.save(runs, environment=lambda: environment(
                directory=self.run_options.invocation_dir, arguments=self.config.invocation_params.args,
                redact=self.translator.redaction.redact), status=self._status(runs, exitstatus))
        if evaluation is not None and session.exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
            session.exitstatus = pytest.ExitCode.OK
        self.config.pluginmanager.hook.pytest_mtchallenge_report(runs=runs)
        session.exitstatus = self._exit_status(session.exitstatus, judged=bool(runs))

    def _status(self, runs: list[Run], exitstatus: int) -> RunStatus:
        """How the run ended, recorded in the saved run: a run interrupted (Ctrl-C), stopped early or
        judging a selection is not complete; with a gate, whether it held."""
        partial = "; ".join(dict.fromkeys(run.selection_text for run in runs if run.partial))
        gate = None
        if self.baseline.gate is not None:
            gate = "passed" if not self.decision.violations and not self.other_failures else "failed"
        return RunStatus(interrupted=exitstatus == pytest.ExitCode.INTERRUPTED, stopped=self.stopped,
                         partial=partial, gate=gate)

    def _exit_status(self, status: int, *, judged: bool) -> int:
        """The run's exit status: in compare mode the gate decides (wrong outputs alone do not fail
        the run); a system's reply-level fault fails it; --mt-report-only forgives wrong outputs; a
        missing saved run or report fails it (a release job must not go on without them)."""
        ok, failed = pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED
        if self.baseline.gate is not None and judged:
            holds = not self.decision.violations and not self.other_failures
            if status in (ok, failed):
                status = ok if holds else failed
        elif self.problems and status == ok:
            status = failed
        elif (self.run_options.report_only and status == failed and not self.other_failures
              and not self.problems):
            status = ok
        if self.delivery.failed and status == ok:
            status = failed
        return status

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter):  # type: ignore[no-untyped-def]
        """The report comes last, after pytest's failures and short summary: what a reader sees first."""
        result = yield
        summary = Summary(
            runs=self.runs(), meta_evaluation=self.meta_evaluation(),
            collection_errors=self.collection_errors if self.config.option.tbstyle == "no" else (),
            implicit_reference=self.plan.implicit_reference, problems=self.problems,
            written_reports=[self._shown(path) for path in self.delivery.written_reports],
            saved_path=self.delivery.saved_path, unsaved=self.delivery.unsaved, save_note=self.delivery.save_note,
            write_errors=self.delivery.write_errors, comparisons=self.decision.comparisons,
            compare_path=self.baseline.compare_path, gate_violations=self.decision.violations,
            gate=self.baseline.gate, verdict=self.decision.verdict)
        write_summary(terminalreporter, summary, width=terminalreporter._tw.fullwidth,  # noqa: SLF001
                      color=terminalreporter.hasmarkup)
        return result
