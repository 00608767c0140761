"""The pytest plugin: options, hooks and the session object in ``config.stash``."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_mtchallenge.formats import SUITE_FILE, detect_format

if TYPE_CHECKING:
    from pytest_mtchallenge.session import MTChallengeSession

#: The run's session object. It is only built (and its modules only imported) in runs that name
#: an --mt-* option, an mt_* ini setting or a suite path: installed, the plugin costs other
#: projects' runs almost nothing.
SESSION_KEY = pytest.StashKey["MTChallengeSession"]()



def pytest_addoption(parser: pytest.Parser) -> None:
    from pytest_mtchallenge.options import add_options

    add_options(parser)


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    from pytest_mtchallenge import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


def _is_active(config: pytest.Config) -> bool:
    """The plugin only acts when the run names an --mt-* option, an mt_* ini setting or a suite path."""
    from pytest_mtchallenge.options import is_active

    if is_active(config):
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
