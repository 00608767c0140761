"""The pytest plugin: options, hooks and the session object in ``config.stash``."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest


if TYPE_CHECKING:
    from pytest_mtchallenge.plugin.session import MTChallengeSession

#: The run's session object. It is only built (and its modules only imported) in runs that name
#: an --mt-* option, an mt_* ini setting or a suite path: installed, the plugin costs other
#: projects' runs almost nothing.
SESSION_KEY = pytest.StashKey["MTChallengeSession"]()



def pytest_addoption(parser: pytest.Parser) -> None:
    from pytest_mtchallenge.plugin.options import add_options

    add_options(parser)


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    from pytest_mtchallenge import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


def _suite_arguments(config: pytest.Config) -> list[str]:
    """Command-line arguments that name suites (:func:`pytest_mtchallenge.plugin.arguments.suite_arguments`);
    only a file with a suite's suffix is ever opened, so a run of a project's own tests reads none."""
    if config.args_source != pytest.Config.ArgsSource.ARGS:
        return []
    from pytest_mtchallenge.plugin.arguments import suite_arguments

    return suite_arguments(config.args, config.invocation_params.dir)


def _is_active(config: pytest.Config) -> bool:
    """The plugin only acts when the run names an --mt-* option, an mt_* ini setting or a suite."""
    from pytest_mtchallenge.plugin.options import is_active

    return is_active(config) or bool(_suite_arguments(config))


def pytest_configure(config: pytest.Config) -> None:
    if not _is_active(config):
        return
    from pytest_mtchallenge.formats import bundled_suites
    from pytest_mtchallenge.plugin.session import MTChallengeSession

    named = _suite_arguments(config)
    session = MTChallengeSession(config)
    if session.plan.system_specs and not session.plan.suite_paths and not named:
        known = ", ".join(sorted(bundled_suites())) or "none"
        raise pytest.UsageError(f"--mt-system needs a suite to translate: name one with --mt-suite=NAME|PATH "
                                f"(bundled suites: {known})")
    config.stash[SESSION_KEY] = session
    config.pluginmanager.register(session, "mtchallenge-session")
    # Registered before pytest's own cleanups (this hook runs before theirs), so run after them:
    # their full collections at the end of the run (unraisable-exception checks) do not scan the
    # suites that collection froze out of the collector's sight.
    config.add_cleanup(session.thaw)
    from pytest_mtchallenge.plugin.arguments import collection_arguments

    config.args[:] = collection_arguments(
        config.args, named=named, suite_paths=session.plan.suite_paths, base=config.invocation_params.dir,
        explicit=config.args_source == pytest.Config.ArgsSource.ARGS, from_option=bool(config.getoption("mt_suite")))
    _condense_failures(config, session, named)


def _condense_failures(config: pytest.Config, session: MTChallengeSession, named: list[str]) -> None:
    """A run of challenge suites alone reports each wrong output in one line (the short summary,
    verdict first) instead of a block each: with --tb or -v given, pytest's own choice stands.
    ``-rN`` (pytest's "none") leaves those lines out too: the compact mode of a CI log."""
    challenge_only = all(arg in named or arg in map(str, session.plan.suite_paths) for arg in config.args)
    if challenge_only and config.option.tbstyle == "auto" and config.option.verbose <= 0:
        config.option.tbstyle = "no"
        chars = config.option.reportchars or ""
        if not any(char in chars for char in "faAN"):  # -rN, or -r naming f: the user's choice stands
            config.option.reportchars = chars + "f"


def pytest_unconfigure(config: pytest.Config) -> None:
    session = config.stash.get(SESSION_KEY, None)
    if session is not None:
        del config.stash[SESSION_KEY]
        config.pluginmanager.unregister(session)
        from pytest_mtchallenge.registry import Registry

        Registry.uninstall()  # the run's plugins' formats and packs go with it (pytester runs in one process)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    session = parent.config.stash.get(SESSION_KEY, None)
    if session is None:
        return None
    if session.is_suite_file(file_path, explicit=True):
        from pytest_mtchallenge.plugin.nodes import SuiteFile

        return SuiteFile.for_path(parent, file_path, session)
    return None
