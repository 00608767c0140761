"""The run's secrets as a pytest plugin: gathered at configure, hidden in log records and test reports, let go at unconfigure."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from pytest_mtchallenge.redaction import (
    ENV_PLACEHOLDER,
    Redaction,
    environment_secrets,
    redacted_result,
    too_short_to_hide,
)
from pytest_mtchallenge.reporting import ItemResult
from pytest_mtchallenge.systems import System, key_variables, well_known_secrets

#: The report attribute holding a judgement's record (session.RECORD_KEY).
RECORD_ATTRIBUTE = "mtchallenge"


class RunSecrets:
    """Registered for one run: every test report is redacted before any reporter (terminal,
    JUnit XML, the --mt-report record) reads it, and log records are redacted while the run lasts."""

    def __init__(self, redaction: Redaction) -> None:
        self.redaction = redaction

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
        report = yield
        redact_report(report, self.redaction)
        return report

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_make_collect_report(self, collector: pytest.Collector):  # type: ignore[no-untyped-def]
        report = yield
        redact_report(report, self.redaction)
        return report

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        self.redaction.uninstall()
        if config.pluginmanager.is_registered(self):
            config.pluginmanager.unregister(self)


def redact_report(report: pytest.TestReport | pytest.CollectReport, redaction: Redaction) -> None:
    """Hide every secret in what a report shows: the failure text, captured output and logs, user
    properties (JUnit XML) and the judgement record."""
    if not redaction:
        return
    longrepr = report.longrepr
    if isinstance(longrepr, tuple):
        report.longrepr = tuple(redaction.redact(part) if isinstance(part, str) else part  # type: ignore[assignment]
                                for part in longrepr)
    elif longrepr is not None:
        text = str(longrepr)
        if redaction.shows_secret(text):
            report.longrepr = redaction.redact(text)
    report.sections = [(title, redaction.redact(content)) for title, content in report.sections]
    if isinstance(report, pytest.TestReport):
        report.user_properties = [(name, redaction.redact(value) if isinstance(value, str) else value)
                                  for name, value in report.user_properties]
    record = getattr(report, RECORD_ATTRIBUTE, None)
    if isinstance(record, dict):
        setattr(report, RECORD_ATTRIBUTE, _redacted(record, redaction))
    elif isinstance(record, ItemResult):
        setattr(report, RECORD_ATTRIBUTE, redacted_result(record, redaction))


def _redacted(value: object, redaction: Redaction) -> object:
    """A copy of plain data (dicts, lists, strings) with every string redacted."""
    if isinstance(value, str):
        return redaction.redact(value)
    if isinstance(value, dict):
        return {key: _redacted(entry, redaction) for key, entry in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_redacted(entry, redaction) for entry in value)
    return value


def install_redaction(config: pytest.Config, systems: Iterable[System], settings: Mapping[str, str], *,
                      kinds: Iterable[type[System]] = ()) -> Redaction:
    """Gather the run's secrets (every system's keys, the ``${NAME}`` values of the system settings,
    the variables ``mt_secret_env`` names, and the well-known key variables of every system kind
    whether or not the run has a system of that kind) and hide them for the rest of the run; undone
    at ``pytest_unconfigure``. A declared secret too short to hide safely is a warning, once."""
    systems, kinds = list(systems), list(kinds)
    secrets = [secret for system in systems for secret in system.secrets]
    named = [name.strip() for name in config.getini("mt_secret_env") if name.strip()]
    placeholders = [f"${{{name}}}" for name in named]
    redaction = Redaction([*secrets, *well_known_secrets(kinds),
                           *environment_secrets(*settings.values(), *placeholders)])
    if not hasattr(config, "workerinput"):  # the controller says it, not each xdist worker again
        declared = [*key_variables(kinds), *(system.key_variable for system in systems if system.key_variable),
                    *named, *ENV_PLACEHOLDER.findall(settings.get("mt_http_headers", ""))]
        for line in too_short_to_hide(declared):
            config.issue_config_time_warning(pytest.PytestConfigWarning(line), stacklevel=2)
    redaction.install()
    config.pluginmanager.register(RunSecrets(redaction), "mtchallenge-secrets")
    return redaction
