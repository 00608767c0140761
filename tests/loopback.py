"""The one loopback HTTP server of the tests: scripted replies, on 127.0.0.1, stopped by itself.

A test asks the ``loopback`` fixture (registered in tests/conftest.py) for a server with a
responder, a function from each :class:`ReceivedRequest` to the :class:`Reply` to send:
``server = loopback(lambda request: Reply(body={"out": ...}))``, then points the system under
test at ``server.url`` and reads ``server.requests`` afterwards. The server stops when the test
ends, or by itself after :data:`LIFETIME` seconds should a test never end; its replies can be
delayed, trickled byte by byte or hung up on, for the timeout and failure tests. Tests never
reach the network: nothing but 127.0.0.1 is ever bound or called.
"""
from __future__ import annotations

import contextlib
import json
import socket
import socketserver
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import MappingProxyType
from typing import Any, TypeVar

import pytest

#: Seconds after which a server stops by itself, whatever its test is doing (a test that hangs
#: does not keep a thread and a port for the rest of the run).
LIFETIME = 300.0

@dataclass(frozen=True)
class ReceivedRequest:
    """One request as the loopback server received it."""

    number: int  # order of arrival, from 0
    method: str
    path: str
    headers: Mapping[str, str]  # names in lower case
    body: bytes
    at: float  # time.monotonic() on arrival

    @property
    def json(self) -> Any:  # a JSON document: its shape is the test's to know
        return json.loads(self.body)


@dataclass(frozen=True)
class Reply:
    """What the server answers: ``body`` is sent as JSON unless it is already ``str`` or ``bytes``."""

    status: int = 200
    body: object = None
    headers: Mapping[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds to wait before answering (cut short when the server stops)
    trickle: float = 0.0  # when set, the whole reply is sent one byte at a time, this many seconds apart
    hang_up: bool = False  # close the connection without answering (a server that crashed mid-request)


Responder = Callable[[ReceivedRequest], Reply]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as real services do
    server: _Server

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in two writes: without this, Nagle's algorithm and the
        # client's delayed ACK add about 40 ms to every reply.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_POST(self) -> None:
        self._answer()

    def do_GET(self) -> None:
        self._answer()

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        received = self.server.record(self.command, self.path, self.headers.items(), body)
        try:
            reply = self.server.respond(received)
        except Exception as exc:  # a broken test script answers 599, which no client retries forever
            reply = Reply(status=599, body=f"test responder raised {type(exc).__name__}: {exc}")
        if reply.delay and self.server.stopping.wait(reply.delay):
            self.close_connection = True
            return  # stopping: leave without answering
        if reply.hang_up:
            self.close_connection = True
            return
        if isinstance(reply.body, bytes):
            payload = reply.body
        elif isinstance(reply.body, str):
            payload = reply.body.encode("utf-8")
        else:
            payload = json.dumps(reply.body).encode("utf-8")
        if reply.trickle:
            self._trickle(received, reply, payload)
            return
        try:
            self.send_response(reply.status)
            headers = {"Content-Type": "application/json", **reply.headers}
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
        except OSError:
            pass  # the client gave up (a timeout test)

    def _trickle(self, received: ReceivedRequest, reply: Reply, payload: bytes) -> None:
        """Send status line, headers and body one byte at a time; note whether the client hung up first."""
        headers = {"Content-Type": "application/json", **reply.headers, "Content-Length": str(len(payload))}
        raw = (f"HTTP/1.1 {reply.status} Reply\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
               + "\r\n").encode("latin-1") + payload
        self.close_connection = True
        for position in range(len(raw)):
            if self.server.stopping.wait(reply.trickle):
                return
            try:
                self.wfile.write(raw[position:position + 1])
                self.wfile.flush()
            except OSError:
                self.server.hung_up.append(received.number)
                return

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, respond: Responder) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.respond = respond
        self.stopping = threading.Event()
        self.requests: list[ReceivedRequest] = []
        self.hung_up: list[int] = []  # requests whose client closed the connection during a trickled reply
        self._lock = threading.Lock()

    def record(self, method: str, path: str, headers: Iterable[tuple[str, str]], body: bytes) -> ReceivedRequest:
        with self._lock:
            received = ReceivedRequest(
                number=len(self.requests), method=method, path=path,
                headers=MappingProxyType({name.lower(): value for name, value in headers}),
                body=body, at=time.monotonic())
            self.requests.append(received)
            return received

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # clients that hang up are part of the tests


class LoopbackServer:
    """A scripted HTTP server on 127.0.0.1 in a thread; ``respond`` decides each reply. It stops
    when told, or by itself after ``lifetime`` seconds."""

    def __init__(self, respond: Responder, *, lifetime: float = LIFETIME) -> None:
        self._server = _Server(respond)
        self._stopped = threading.Lock()
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="loopback-server", daemon=True)
        self._thread.start()
        self._timer = threading.Timer(lifetime, self.stop)
        self._timer.daemon = True
        self._timer.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def requests(self) -> list[ReceivedRequest]:
        return list(self._server.requests)

    def hung_up(self, *, within: float = 10.0) -> list[int]:
        """The requests whose client hung up during a trickled reply (waiting up to ``within`` seconds
        for the server to notice one)."""
        deadline = time.monotonic() + within
        while not self._server.hung_up and time.monotonic() < deadline:
            time.sleep(0.02)
        return list(self._server.hung_up)

    def stop(self) -> None:
        """Stop serving and close the port (once: the end of the test and the lifetime may both ask)."""
        if not self._stopped.acquire(blocking=False):
            return
        self._timer.cancel()
        self._server.stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


class Loopback:
    """Starts loopback servers: ``loopback(respond)``; ``loopback.Reply(...)`` (or :class:`Reply`
    imported from here) builds what ``respond`` returns."""

    Reply = Reply

    def __init__(self) -> None:
        self.servers: list[LoopbackServer] = []

    def __call__(self, respond: Responder, *, lifetime: float = LIFETIME) -> LoopbackServer:
        server = LoopbackServer(respond, lifetime=lifetime)
        self.servers.append(server)
        return server

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[Loopback]:
    """Scripted HTTP servers on 127.0.0.1, stopped when the test ends."""
    for variable in ("NO_PROXY", "no_proxy"):
        monkeypatch.setenv(variable, "127.0.0.1,localhost")
    servers = Loopback()
    yield servers
    servers.stop()




ServerT = TypeVar("ServerT", bound=socketserver.BaseServer)


@contextlib.contextmanager
def serving(server: ServerT) -> Iterator[ServerT]:
    """Serve ``server`` (one of the plugin's own, such as the review page's) from a thread while the
    block runs; then shut it down, close its socket and wait for the thread."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
