"""The run's secrets as a pytest plugin: gathered at configure, hidden in log records and test reports, let go at unconfigure."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

import pytest

from pytest_mtchallenge.redaction import Redaction, environment_secrets
from pytest_mtchallenge.reporting import ItemResult
from pytest_mtchallenge.systems import System

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


def redacted_result(result: ItemResult, redaction: Redaction) -> ItemResult:
    """``result`` with every secret hidden in what the system and the judge wrote (the output, its
    context's translation, the reason, the evidence); the suite's own text is shown as it is."""
    judgement = result.judgement
    texts = (judgement.output or "", judgement.reason, *judgement.context_output, *judgement.evidence)
    if not any(redaction.shows_secret(text) for text in texts):
        return result
    hidden = dataclasses.replace(
        judgement, output=None if judgement.output is None else redaction.redact(judgement.output),
        reason=redaction.redact(judgement.reason),
        context_output=tuple(redaction.redact(text) for text in judgement.context_output),
        evidence=tuple(redaction.redact(text) for text in judgement.evidence))
    return dataclasses.replace(result, judgement=hidden)


def _redacted(value: object, redaction: Redaction) -> object:
    """A copy of plain data (dicts, lists, strings) with every string redacted."""
    if isinstance(value, str):
        return redaction.redact(value)
    if isinstance(value, dict):
        return {key: _redacted(entry, redaction) for key, entry in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_redacted(entry, redaction) for entry in value)
    return value


def install_redaction(config: pytest.Config, systems: Iterable[System], settings: Mapping[str, str]) -> Redaction:
    """Gather the run's secrets (every system's keys, the ``${NAME}`` values of the system settings,
    the variables ``mt_secret_env`` names) and hide them for the rest of the run; undone at
    ``pytest_unconfigure``."""
    secrets = [secret for system in systems for secret in system.secrets]
    named = [f"${{{name.strip()}}}" for name in config.getini("mt_secret_env") if name.strip()]
    redaction = Redaction([*secrets, *environment_secrets(*settings.values(), *named)])
    redaction.install()
    config.pluginmanager.register(RunSecrets(redaction), "mtchallenge-secrets")
    return redaction
