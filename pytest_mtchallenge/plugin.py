"""The pytest plugin: options, hooks and the session object in ``config.stash``."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_mtchallenge.formats import SUITE_FILES, detect_format, suite_file_in

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


#: Only files with these suffixes can be suites: any other argument (``tests/test_x.py``) is never
#: opened, so a run of the project's own tests imports none of the format modules.
_SUITE_SUFFIXES = (".yaml", ".yml", ".json")


def _suite_arguments(config: pytest.Config) -> list[str]:
    """Command-line arguments that name suites: suite files, directories holding them, or a bundled
    suite's name (``isabelle2017-en-fr`` or ``isabelle2017-en-fr::S1a[google-2016]``)."""
    if config.args_source != pytest.Config.ArgsSource.ARGS:
        return []
    found = []
    for arg in config.args:
        path = _argument_location(config, arg)
        if path.is_file() and path.suffix.lower() in _SUITE_SUFFIXES and detect_format(path) is not None:
            found.append(arg)
        elif path.is_dir() and (suite_file_in(path) or any(next(path.glob(f"*/{file_name}"), None)
                                                            for file_name in SUITE_FILES)):
            found.append(arg)
        elif not path.exists() and arg.partition("::")[0] in _bundled_names():
            found.append(arg)
    return found


def _bundled_names() -> set[str]:
    from pytest_mtchallenge.formats import bundled_suites

    return set(bundled_suites())


def _is_active(config: pytest.Config) -> bool:
    """The plugin only acts when the run names an --mt-* option, an mt_* ini setting or a suite."""
    from pytest_mtchallenge.options import is_active

    return is_active(config) or bool(_suite_arguments(config))


def pytest_configure(config: pytest.Config) -> None:
    if not _is_active(config):
        return
    from pytest_mtchallenge.formats import bundled_suites
    from pytest_mtchallenge.session import MTChallengeSession

    named = _suite_arguments(config)
    session = MTChallengeSession(config)
    if session.system_specs and not session.suite_paths and not named:
        known = ", ".join(sorted(bundled_suites())) or "none"
        raise pytest.UsageError(f"--mt-system needs a suite to translate: name one with --mt-suite=NAME|PATH "
                                f"(bundled suites: {known})")
    config.stash[SESSION_KEY] = session
    config.pluginmanager.register(session, "mtchallenge-session")
    config.args[:] = _collection_arguments(config, session, named)
    _condense_failures(config, session, named)


def _condense_failures(config: pytest.Config, session: MTChallengeSession, named: list[str]) -> None:
    """A run of challenge suites alone reports each wrong output in one line (the short summary,
    verdict first) instead of a block each: with --tb or -v given, pytest's own choice stands."""
    challenge_only = all(arg in named or arg in map(str, session.suite_paths) for arg in config.args)
    if challenge_only and config.option.tbstyle == "auto" and config.option.verbose <= 0:
        config.option.tbstyle = "no"
        if "f" not in (config.option.reportchars or "") and "a" not in (config.option.reportchars or ""):
            config.option.reportchars = (config.option.reportchars or "") + "f"


def _collection_arguments(config: pytest.Config, session: MTChallengeSession, named: list[str]) -> list[str]:
    """What pytest collects. Explicit paths on the command line keep their meaning; suites from
    --mt-suite join them; suites from the ini file (mt_suite) join the project's own test paths
    (testpaths) but not explicit paths; a bundled suite's name becomes its file's path."""
    from pytest_mtchallenge.formats import bundled_suites

    explicit = config.args_source == pytest.Config.ArgsSource.ARGS
    bundled = bundled_suites()
    args = []
    for arg in config.args:
        name, sep, rest = arg.partition("::")
        if explicit and arg in named and name in bundled and not (config.invocation_params.dir / name).exists():
            arg = f"{bundled[name]}{sep}{rest}"
        args.append(arg)
    from_command_line = bool(config.getoption("mt_suite"))
    if from_command_line and not explicit:
        args = []  # `pytest --mt-suite=X` runs the challenge suites, not the project's testpaths
    if from_command_line or not explicit:
        # A suite some argument already names (its file, or a test id in it) is not added whole:
        # `pytest --mt-suite=X "X::S1a[nmt]"` runs that one test, as pytest would.
        named_paths = {_argument_path(config, arg) for arg in args}
        for path in session.suite_paths:
            if path not in named_paths:
                args.append(str(path))
    return args


def _argument_location(config: pytest.Config, arg: str) -> Path:
    """The file or folder a collection argument names (its part before ``::``), from where pytest started."""
    path = Path(arg.partition("::")[0])
    return path if path.is_absolute() else config.invocation_params.dir / path


def _argument_path(config: pytest.Config, arg: str) -> Path:
    """:func:`_argument_location`, resolved (to compare with the suites' resolved paths)."""
    path = _argument_location(config, arg)
    try:
        return path.resolve()
    except OSError:
        return path


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
