"""Secrets of a run (API keys, ``${ENV}`` values) and their redaction in messages, log records and reports."""
from __future__ import annotations

import json
import logging
import os
import re
import threading
import traceback
from collections.abc import Callable, Iterable, Mapping
from urllib.parse import quote, quote_plus

REDACTED = "***"

ENV_PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


def spellings(secrets: Iterable[str]) -> tuple[str, ...]:
    """Each secret as it may appear in a message (as is, stripped, URL-encoded, JSON-escaped), longest first."""
    found: set[str] = set()
    for secret in secrets:
        for value in {secret, secret.strip()}:
            if value:
                found.update({value, quote(value, safe=""), quote_plus(value), json.dumps(value)[1:-1]})
    return tuple(sorted(found, key=len, reverse=True))


def redact(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret, and its URL- and JSON-escaped spellings, replaced by ``***``."""
    for spelling in spellings(secrets):
        text = text.replace(spelling, REDACTED)
    return text


def environment_secrets(*texts: str, environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The values of the environment variables that ``${NAME}`` placeholders in ``texts`` name (set ones)."""
    environ = os.environ if environ is None else environ
    values = (environ.get(name, "") for text in texts for name in ENV_PLACEHOLDER.findall(text))
    return tuple(dict.fromkeys(value for value in values if value.strip()))


class Redaction:
    """Every secret of a run, hidden wherever a message may show it.

    :meth:`redact` hides them in a message. :meth:`install` makes every log record created in
    the process while it is installed (urllib3's included, at any level) redacted before any
    handler sees it: pytest's log capture, live logging, ``--log-file`` and JUnit XML.
    Secrets may be added at any time (a system reads its key when it translates).
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self._secrets: tuple[str, ...] = ()
        self._spellings: tuple[str, ...] = ()
        self._lock = threading.Lock()
        self._previous_factory: Callable[..., logging.LogRecord] | None = None
        self.filter = SecretFilter(self)
        self.add(secrets)

    @property
    def secrets(self) -> tuple[str, ...]:
        return self._secrets

    def add(self, secrets: Iterable[str]) -> None:
        """Hide these values too (empty ones are ignored)."""
        new = [secret for secret in secrets if secret and secret.strip() and secret not in self._secrets]
        if new:
            with self._lock:
                self._secrets = (*self._secrets, *new)
                self._spellings = spellings(self._secrets)

    def __bool__(self) -> bool:
        return bool(self._secrets)

    def redact(self, text: str) -> str:
        """``text`` with every secret of the run replaced by ``***``."""
        for spelling in self._spellings:
            if spelling in text:
                text = text.replace(spelling, REDACTED)
        return text

    def shows_secret(self, text: str) -> bool:
        return any(spelling in text for spelling in self._spellings)

    def redact_record(self, record: logging.LogRecord) -> None:
        """Redact a log record in place: its message (arguments merged in), exception and stack text."""
        if not self._spellings:
            return
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed record is logging's to report, not ours
            return
        if self.shows_secret(message):
            record.msg, record.args = self.redact(message), None
        if record.exc_info and not record.exc_text:
            text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
            if self.shows_secret(text):
                record.exc_text = self.redact(text)  # formatters use exc_text when it is set
        if record.exc_text and self.shows_secret(record.exc_text):
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info and self.shows_secret(record.stack_info):
            record.stack_info = self.redact(record.stack_info)

    def install(self) -> None:
        """Redact every log record created from now on, until :meth:`uninstall`."""
        if self._previous_factory is not None:
            return
        previous = logging.getLogRecordFactory()
        self._previous_factory = previous

        def factory(*args: object, **kwargs: object) -> logging.LogRecord:
            record = previous(*args, **kwargs)
            self.redact_record(record)
            return record

        factory.redaction = self  # type: ignore[attr-defined]
        self._factory = factory
        logging.setLogRecordFactory(factory)

    def uninstall(self) -> None:
        """Stop redacting log records (restoring the record factory in place before :meth:`install`)."""
        previous = self._previous_factory
        if previous is None:
            return
        self._previous_factory = None
        if logging.getLogRecordFactory() is self._factory:
            logging.setLogRecordFactory(previous)
        else:  # another factory was installed over ours: keep it, and make ours pass records through
            self._spellings = ()
            self._secrets = ()


class SecretFilter(logging.Filter):
    """A :class:`logging.Filter` that redacts each record it sees (never drops one): for handlers or
    loggers that receive records made before :meth:`Redaction.install`, or by another factory."""

    def __init__(self, redaction: Redaction) -> None:
        super().__init__()
        self.redaction = redaction

    def filter(self, record: logging.LogRecord) -> bool:
        self.redaction.redact_record(record)
        return True


__all__ = ["REDACTED", "Redaction", "SecretFilter", "environment_secrets", "redact", "spellings"]
