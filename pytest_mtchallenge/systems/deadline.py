"""A deadline for a whole HTTP attempt: a watchdog shuts the connection of a request that outlives it.

``requests``' own timeout bounds each wait for the socket (connecting, and each read), not the
request: a server sending a byte every second holds a request under a two-second timeout for as
long as it likes. :class:`Deadline` covers an attempt from connecting to the last byte of the
reply body. The connections of :class:`DeadlineAdapter` tell the deadline active in their thread
which socket they use, and when it expires the watchdog shuts that socket down, so the blocked
read returns at once and the request fails.

Imported by the HTTP client when it is created (it imports requests and urllib3).
"""
from __future__ import annotations

import contextvars
import socket
import threading
from types import TracebackType
from typing import Any

from requests.adapters import HTTPAdapter
from urllib3 import poolmanager
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

#: The deadline of the request the current thread is making, if any.
_ACTIVE: contextvars.ContextVar[Deadline | None] = contextvars.ContextVar("mtchallenge_http_deadline", default=None)


class Deadline:
    """``with Deadline(seconds) as deadline:`` — every connection used in the block by this thread is
    shut down once ``seconds`` have passed; ``deadline.expired`` then says so."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._connections: list[HTTPConnection] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._token: contextvars.Token[Deadline | None] | None = None

    def __enter__(self) -> Deadline:
        self._token = _ACTIVE.set(self)
        self._timer.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._timer.cancel()
        if self._token is not None:
            _ACTIVE.reset(self._token)
        with self._lock:
            self._connections.clear()

    def watch(self, connection: HTTPConnection) -> None:
        """Shut ``connection`` when the deadline expires (at once if it has)."""
        with self._lock:
            if self.expired:
                _shut(connection)
            elif connection not in self._connections:
                self._connections.append(connection)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for connection in self._connections:
                _shut(connection)


def _shut(connection: HTTPConnection) -> None:
    """Shut the connection's socket down: a read blocked on it returns at once (end of stream)."""
    sock = getattr(connection, "sock", None)
    if sock is None:
        return
    try:
        # socket.socket's own shutdown, also for a TLS socket: ssl.SSLSocket.shutdown would drop
        # its TLS state under the feet of the thread reading from it.
        socket.socket.shutdown(sock, socket.SHUT_RDWR)
    except OSError:
        pass  # already closed


class _Watched:
    """Mixed into urllib3's connections: each tells the active deadline about itself."""

    def connect(self) -> None:
        deadline = _ACTIVE.get()
        if deadline is not None:
            deadline.watch(self)  # type: ignore[arg-type]
        super().connect()  # type: ignore[misc]
        if deadline is not None and deadline.expired:
            _shut(self)  # type: ignore[arg-type]

    def request(self, *args: Any, **kwargs: Any) -> None:  # a reused keep-alive connection does not connect
        deadline = _ACTIVE.get()
        if deadline is not None:
            deadline.watch(self)  # type: ignore[arg-type]
        super().request(*args, **kwargs)  # type: ignore[misc]


class WatchedHTTPConnection(_Watched, HTTPConnection):
    pass


class WatchedHTTPSConnection(_Watched, HTTPSConnection):
    pass


class WatchedHTTPConnectionPool(HTTPConnectionPool):
    ConnectionCls = WatchedHTTPConnection


class WatchedHTTPSConnectionPool(HTTPSConnectionPool):
    ConnectionCls = WatchedHTTPSConnection


WATCHED_POOLS = {"http": WatchedHTTPConnectionPool, "https": WatchedHTTPSConnectionPool}


class DeadlineAdapter(HTTPAdapter):
    """A ``requests`` adapter whose connections obey :class:`Deadline` (through urllib3's documented
    ``pool_classes_by_scheme`` and ``ConnectionCls`` customisation points)."""

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = WATCHED_POOLS

    def proxy_manager_for(self, proxy: str, **proxy_kwargs: Any) -> poolmanager.ProxyManager:
        manager = super().proxy_manager_for(proxy, **proxy_kwargs)
        if manager.pool_classes_by_scheme is poolmanager.pool_classes_by_scheme:  # not a SOCKS manager
            manager.pool_classes_by_scheme = WATCHED_POOLS
        return manager
