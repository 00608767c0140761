"""Giving up on an endpoint that cannot be reached: a circuit breaker for the HTTP client.

A refused connection, a host name that does not resolve or a host without a route fails at once,
and fails the same way on every retry: backing off and trying again only delays the report (108
sources × 5 attempts took 3½ minutes to say that nothing listened). A timeout, a ``429`` or a
``5xx`` is different: a server is there, busy or starting, and may answer the next attempt.

Imported by the HTTP client when it is created (it imports requests and urllib3).
"""
from __future__ import annotations

import errno
import socket
import threading
from urllib.parse import urlsplit

from urllib3.exceptions import NewConnectionError, ProxyError

#: Connection attempts to one endpoint that fail in a row before its other requests are not sent.
UNREACHABLE_AFTER = 3

#: How deep :func:`unreachable_cause` looks into the exceptions requests and urllib3 wrap.
_DEPTH = 8

_CAUSES = {
    errno.ECONNREFUSED: "connection refused",
    errno.EHOSTUNREACH: "no route to host",
    errno.ENETUNREACH: "network unreachable",
}


def unreachable_cause(error: BaseException) -> str | None:
    """Why ``error`` (raised by requests) says no connection could be opened at all — ``connection
    refused``, ``host name not resolved``, ``no route to host`` —, or None when it says something
    else (a timeout, a connection the server closed, a TLS failure).

    urllib3 raises ``NewConnectionError`` (``NameResolutionError`` for a name) from the socket's
    error, and requests wraps it (in ``MaxRetryError``, in a proxy's error): those are unwrapped.
    """
    found = _new_connection_error(error)
    if found is None:
        return None
    failure, proxy = found
    cause = failure.__cause__ or failure.__context__
    if isinstance(cause, socket.gaierror):
        said = "host name not resolved"
    elif isinstance(cause, OSError) and cause.errno in _CAUSES:
        said = _CAUSES[cause.errno]
    elif isinstance(cause, OSError) and cause.strerror:
        said = cause.strerror[:1].lower() + cause.strerror[1:]
    else:
        said = "no connection could be opened"
    return f"proxy: {said}" if proxy else said


def _new_connection_error(error: BaseException) -> tuple[NewConnectionError, bool] | None:
    """The ``NewConnectionError`` among ``error`` and what it wraps, and whether a proxy's error
    wrapped it (the proxy is what could not be reached); None when there is none."""
    seen: set[int] = set()
    pending: list[tuple[BaseException, int, bool]] = [(error, 0, False)]
    while pending:
        current, depth, proxy = pending.pop()
        if id(current) in seen or depth > _DEPTH:
            continue
        seen.add(id(current))
        if isinstance(current, NewConnectionError):
            return current, proxy
        proxy = proxy or isinstance(current, ProxyError)
        wrapped = [getattr(current, "reason", None), getattr(current, "original_error", None),
                   current.__cause__, current.__context__, *current.args]
        pending.extend((inner, depth + 1, proxy) for inner in wrapped if isinstance(inner, BaseException))
    return None


def origin(url: str) -> str:
    """The scheme, host and port of ``url``: what is reached or not."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}".lower()


class ConnectionBreaker:
    """Counts, per endpoint (scheme, host and port), the connection attempts that failed in a row;
    at ``threshold`` the endpoint is unreachable for the breaker's life (one suite's translation).

    Any reply from the endpoint resets its count; a timeout neither counts nor resets. Shared by
    the threads that send requests at once (``--mt-concurrency``): every method holds a lock.
    """

    def __init__(self, threshold: int = UNREACHABLE_AFTER) -> None:
        self.threshold = max(1, threshold)
        self._lock = threading.Lock()
        self._failures: dict[str, int] = {}
        self._causes: dict[str, str] = {}

    def cause(self, url: str) -> str | None:
        """Why ``url``'s endpoint is unreachable, once it is; None while requests may be sent."""
        with self._lock:
            return self._causes.get(origin(url))

    def failed(self, url: str, cause: str) -> str | None:
        """Count one connection that could not be opened; the endpoint's :meth:`cause` if that made
        it (or it already was) unreachable."""
        endpoint = origin(url)
        with self._lock:
            if endpoint not in self._causes:
                self._failures[endpoint] = self._failures.get(endpoint, 0) + 1
                if self._failures[endpoint] >= self.threshold:
                    self._causes[endpoint] = cause
            return self._causes.get(endpoint)

    def reached(self, url: str) -> None:
        """The endpoint answered: its failures are no longer in a row."""
        with self._lock:
            self._failures.pop(origin(url), None)


__all__ = ["UNREACHABLE_AFTER", "ConnectionBreaker", "origin", "unreachable_cause"]
