"""The run's redaction: secrets and their spellings hidden in messages and in every log record (no pytester)."""
from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from pytest_mtchallenge.redaction import Redaction, SecretFilter, environment_secrets

SECRET = "s3cr3t/k+y"


class Collected(logging.Handler):
    """Keeps each record's formatted text, exception included."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(name)s %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def urllib3_log() -> Iterator[Collected]:
    """What a handler on urllib3's logger sees (as pytest's log capture would)."""
    logger = logging.getLogger("urllib3.connectionpool")
    handler = Collected()
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


def _log_a_request(query: str) -> None:
    logger = logging.getLogger("urllib3.connectionpool")
    logger.debug('%s://%s:%s "%s %s %s" %s %s', "http", "127.0.0.1", 8000, "POST", f"/translate?{query}",
                 "HTTP/1.1", 200, 42)  # urllib3's own line, arguments apart


def test_log_records_are_redacted_while_installed(urllib3_log: Collected) -> None:
    redaction = Redaction([SECRET])
    redaction.install()
    try:
        _log_a_request("key=s3cr3t%2Fk%2By")
        try:
            raise ConnectionError(f"refused for key {SECRET}")
        except ConnectionError:
            logging.getLogger("urllib3.connectionpool").exception("request failed")
    finally:
        redaction.uninstall()
    _log_a_request("key=visible")
    assert urllib3_log.lines[0] == 'urllib3.connectionpool http://127.0.0.1:8000 "POST /translate?key=*** HTTP/1.1" 200 42'
    assert urllib3_log.lines[1].startswith("urllib3.connectionpool request failed\nTraceback")
    assert "ConnectionError: refused for key ***" in urllib3_log.lines[1]
    assert not any(SECRET in line or "s3cr3t%2F" in line for line in urllib3_log.lines)
    assert urllib3_log.lines[2].endswith("/translate?key=visible HTTP/1.1\" 200 42")  # uninstalled: as it was
    assert logging.getLogRecordFactory() is logging.LogRecord


def test_a_filter_redacts_records_made_elsewhere(urllib3_log: Collected) -> None:
    urllib3_log.addFilter(SecretFilter(Redaction([SECRET])))
    _log_a_request(f"token={SECRET}")
    assert "token=*** " in urllib3_log.lines[0] and SECRET not in urllib3_log.lines[0]


def test_secrets_added_later_are_hidden_too() -> None:
    redaction = Redaction()
    assert not redaction and redaction.redact(f"key {SECRET}") == f"key {SECRET}"
    redaction.add([SECRET, "", "  ", 'pa"ss'])
    assert redaction.secrets == (SECRET, 'pa"ss')
    assert redaction.redact(f'key {SECRET}, s3cr3t%2Fk%2By and {{"password": "pa\\"ss"}}') == (
        'key ***, *** and {"password": "***"}')


def test_environment_secrets_are_the_values_of_the_placeholders() -> None:
    environ = {"MT_KEY": "abc123", "EMPTY": "", "OTHER": "zzz"}
    assert environment_secrets("https://mt/${MT_KEY}?k=${MT_KEY}", '{"h": "${EMPTY} ${UNSET}"}',
                               environ=environ) == ("abc123",)
