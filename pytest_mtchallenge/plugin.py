"""The pytest plugin: options, hooks and the session object in ``config.stash``."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_mtchallenge.formats import SUITE_FILE, detect_format
from pytest_mtchallenge.systems.settings import SYSTEM_SETTINGS

if TYPE_CHECKING:
    from pytest_mtchallenge.session import MTChallengeSession

#: The run's session object. It is only built (and its modules only imported) in runs that name
#: an --mt-* option, an mt_* ini setting or a suite path: installed, the plugin costs other
#: projects' runs almost nothing.
SESSION_KEY = pytest.StashKey["MTChallengeSession"]()

_OPTIONS = ("mt_suite", "mt_system", "mt_judge", "mt_report", "mt_report_only", "mt_meta_eval", "mt_save",
            "mt_autosave", "mt_compare", "mt_compare_fail", "mt_compare_strict", "mt_xfail")



def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtchallenge", "machine-translation challenge sets")
    group.addoption("--mt-suite", action="append", dest="mt_suite", metavar="NAME|PATH",
                    help="Run a bundled challenge suite by name, or a suite file or directory (repeatable)")
    group.addoption("--mt-system", action="append", dest="mt_system", metavar="SPEC",
                    help="MT system to test: recorded:NAME, recorded:*, reference, file:PATH, cmd:COMMAND, "
                         "python:MODULE:FUNCTION, optionally prefixed with NAME= (repeatable)")
    group.addoption("--mt-judge", dest="mt_judge", metavar="MODE", choices=("auto", "human", "auto+human"),
                    help="Who decides: auto (checkers), human (recorded verdicts) or auto+human (default)")
    group.addoption("--mt-report", dest="mt_report", metavar="PATH",
                    help="Write the category success report as JSON to PATH")
    group.addoption("--mt-report-only", dest="mt_report_only", action="store_true", default=None,
                    help="Judge and report without failing the run on wrong outputs "
                         "(the exit status is 0 unless an item errors or another test fails)")
    group.addoption("--mt-meta-eval", dest="mt_meta_eval", action="store_true", default=None,
                    help="Instead of testing systems, run each checker on every recorded judged output of the "
                         "selected suites and report coverage and agreement with the human verdicts")
    group.addoption("--mt-save", dest="mt_save", metavar="PATH",
                    help="Save this run (outcome and output per item, summary and signature) as JSON to PATH")
    group.addoption("--mt-autosave", dest="mt_autosave", action="store_true", default=None,
                    help="Save this run as the next numbered file in .mtchallenge/runs/")
    group.addoption("--mt-compare", dest="mt_compare", metavar="PATH|NUMBER|last",
                    help="Compare this run with a saved run: a path, a number in .mtchallenge/runs/, or last")
    group.addoption("--mt-compare-fail", dest="mt_compare_fail", metavar="EXPR",
                    help="Release gate, e.g. overall:2%%,category:5%%,items:0,p<0.05: the gate decides the exit status")
    group.addoption("--mt-compare-strict", dest="mt_compare_strict", action="store_true", default=None,
                    help="Refuse to compare runs whose suite, checker, lexicon, verdict or judge signatures differ")
    group.addoption("--mt-xfail", dest="mt_xfail", metavar="PATH",
                    help="Mark items that failed in a saved run (or a YAML list per system) as strict xfail")
    group.addoption("--mt-batch-size", dest="mt_batch_size", type=int, metavar="N",
                    help="Sources per request or generation batch (default 32)")
    group.addoption("--mt-concurrency", dest="mt_concurrency", type=int, metavar="N",
                    help="Requests in flight at once for remote systems (default 4)")
    group.addoption("--mt-timeout", dest="mt_timeout", type=float, metavar="SECONDS",
                    help="Timeout of one request or command (default 600)")
    group.addoption("--mt-retries", dest="mt_retries", type=int, metavar="N",
                    help="Retries after a connection error, 429 or 5xx, with exponential backoff (default 4)")
    group.addoption("--mt-no-cache", dest="mt_no_cache", action="store_true", default=None,
                    help="Do not read or write the translation cache")
    group.addoption("--mt-cache-clear", dest="mt_cache_clear", action="store_true", default=False,
                    help="Empty the translation cache before the run")
    parser.addini("mt_no_cache", type="bool", default=False, help="Do not use the translation cache")
    for name in ("mt_batch_size", "mt_concurrency", "mt_timeout", "mt_retries"):
        parser.addini(name, default="", help=f"Default of --{name.replace('_', '-')}")
    for name, help_text in SYSTEM_SETTINGS.items():
        parser.addini(name, default="", help=help_text)
    parser.addini("mt_suite", type="linelist", default=[], help="Challenge suites to run (names or paths)")
    parser.addini("mt_system", type="linelist", default=[], help="MT systems to test (specs)")
    parser.addini("mt_judge", default="", help="Judge mode: auto, human or auto+human")
    parser.addini("mt_report", default="", help="Path of the JSON category success report")
    parser.addini("mt_report_only", type="bool", default=False, help="Do not fail the run on wrong outputs")
    parser.addini("mt_save", default="", help="Save the run as JSON to this path")
    parser.addini("mt_autosave", type="bool", default=False, help="Save every run in .mtchallenge/runs/")
    parser.addini("mt_compare", default="", help="Saved run to compare with")
    parser.addini("mt_compare_fail", default="", help="Release gate expression")
    parser.addini("mt_compare_strict", type="bool", default=False, help="Refuse to compare unlike runs")
    parser.addini("mt_xfail", default="", help="Saved run or YAML of known failures to mark xfail(strict)")
    parser.addini("mt_meta_eval", type="bool", default=False, help="Meta-evaluate the checkers instead of testing systems")


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    from pytest_mtchallenge import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


def _is_active(config: pytest.Config) -> bool:
    """The plugin only acts when the run names an --mt-* option, an mt_* ini setting or a suite path."""
    for name in _OPTIONS:
        if config.getoption(name) or config.getini(name):
            return True
    if config.args_source == pytest.Config.ArgsSource.ARGS:
        for arg in config.args:
            path = Path(arg.split("::")[0])
            if not path.is_absolute():
                path = config.invocation_params.dir / path
            if path.is_file() and detect_format(path) is not None:
                return True
            if path.is_dir() and (path / SUITE_FILE).is_file() or path.is_dir() and next(path.glob(f"*/{SUITE_FILE}"), None):
                return True
    return False


def pytest_configure(config: pytest.Config) -> None:
    if not _is_active(config):
        return
    from pytest_mtchallenge.session import MTChallengeSession

    session = MTChallengeSession(config)
    config.stash[SESSION_KEY] = session
    config.pluginmanager.register(session, "mtchallenge-session")
    if session.suite_paths:
        explicit = config.args_source == pytest.Config.ArgsSource.ARGS
        args = list(config.args) if explicit else []
        for path in session.suite_paths:
            if str(path) not in args:
                args.append(str(path))
        config.args[:] = args


def pytest_unconfigure(config: pytest.Config) -> None:
    session = config.stash.get(SESSION_KEY, None)
    if session is not None:
        session.thaw()
        del config.stash[SESSION_KEY]
        config.pluginmanager.unregister(session)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    session = parent.config.stash.get(SESSION_KEY, None)
    if session is None:
        return None
    if session.is_suite_file(file_path, explicit=True):
        from pytest_mtchallenge.nodes import SuiteFile

        return SuiteFile.for_path(parent, file_path, session)
    return None
