"""The review page, served on 127.0.0.1 with the standard library's HTTP server."""
from __future__ import annotations

import importlib.resources
import io
import json
import secrets
import socket
import threading
import time
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.files import load_json
from pytest_mtchallenge.review.tasks import Review, clean_annotator

HOST = "127.0.0.1"
TOKEN_HEADER = "X-Review-Token"
#: The largest request body read (a verdict is a few hundred bytes).
MAX_BODY = 64 * 1024
#: Seconds a connection may wait silent for its next request, and then the seconds that request,
#: from its first byte to the last of its body, has to arrive whole (however its bytes are spaced).
REQUEST_TIMEOUT = 30.0
#: Connections served at once (a thread each); one more is answered 503 and closed. A browser
#: opens about six to one host.
MAX_CONNECTIONS = 32
#: No other site may show the page in a frame (clickjacking): every response says so, twice, for
#: browsers that read only one of the two headers.
FRAME_POLICY = "frame-ancestors 'none'"
PAGE_POLICY = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
               f"connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; {FRAME_POLICY}")
API_POLICY = f"default-src 'none'; {FRAME_POLICY}"


class RequestTooSlow(Exception):
    """The request being read did not arrive whole before its deadline."""


class _DeadlineReader(io.RawIOBase):
    """A connection's incoming bytes: while no request is being read, each read waits at most
    ``idle`` seconds (``TimeoutError``); once one is, every read ends by its :attr:`deadline`
    (:class:`RequestTooSlow`), so that a request dripped a byte at a time is bounded as a whole."""

    def __init__(self, connection: socket.socket, *, idle: float) -> None:
        super().__init__()
        self._connection = connection
        self._idle = idle
        self.deadline: float | None = None  # time.monotonic() by which the current request is read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self.deadline is None:
            self._connection.settimeout(self._idle)
            return self._connection.recv_into(buffer)
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise RequestTooSlow
        self._connection.settimeout(left)
        try:
            return self._connection.recv_into(buffer)
        except TimeoutError:
            raise RequestTooSlow from None


class BadRequest(Exception):
    """A request the server answers with an error status and closes the connection after."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        self.status = status
        self.message = message
        super().__init__(message)


def script_json(value: object) -> str:
    """``value`` as JSON that can stand inside an HTML ``<script>`` element whatever its texts hold:
    ``<``, ``>`` and ``&`` as ``\\u`` escapes (no ``</script>``, ``<!--`` or ``<script`` can end
    or derail the element), and every non-ASCII character escaped too (U+2028 and U+2029 included)."""
    text = json.dumps(value, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_template() -> str:
    return importlib.resources.files("pytest_mtchallenge.review").joinpath("page.html").read_text(encoding="utf-8")


class ReviewServer(ThreadingHTTPServer):
    """Serves one :class:`Review` to a browser on this machine.

    ``GET /`` is the page; ``GET /api/state?annotator=NAME`` the outputs to review and that
    annotator's answers; ``POST /api/verdict`` (JSON ``{key, verdict, annotator}``) records one
    verdict and answers once it is on disk; ``POST /api/finish`` stops the server. Requests that
    change anything carry the page's token (another site open in the browser cannot post verdicts),
    and requests for another host name are refused (DNS rebinding). Every request is answered,
    within bounds: a body of at most :data:`MAX_BODY` bytes with a Content-Length that is a whole
    number (400, 411 or 413 otherwise), parsed by the nesting-limited JSON reader of every file (400);
    a request, headers and body, arrives whole within ``request_timeout`` seconds of its first byte
    (408 otherwise), and a connection silent that long between requests is closed. At most
    ``max_connections`` connections are served at once: one more is answered 503 and closed.
    """

    daemon_threads = True

    def __init__(self, review: Review, *, title: str, annotator: str = "", port: int = 0,
                 request_timeout: float = REQUEST_TIMEOUT, max_connections: int = MAX_CONNECTIONS) -> None:
        super().__init__((HOST, port), _Handler)
        self.request_timeout = request_timeout
        self._slots = threading.BoundedSemaphore(max_connections)
        self.review = review
        self.title = title
        self.annotator = annotator
        self.token = secrets.token_urlsafe(24)
        self.finished = threading.Event()

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"

    def page(self) -> bytes:
        settings = {"token": self.token, "annotator": self.annotator, "title": self.title,
                    "verdictFile": str(self.review.verdict_file.path)}
        return page_template().replace("/*SETTINGS*/{}", script_json(settings)).encode("utf-8")

    def state(self, annotator: str) -> dict[str, object]:
        return {"tasks": [task.to_dict() for task in self.review.tasks],
                "answers": self.review.answers(annotator) if annotator else {},
                "total": self.review.total}

    def handle_error(self, request: object, client_address: object) -> None:
        """A client that went away or stalled is no news; anything else is printed as the base class does."""
        import sys

        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]

    def process_request(self, request: socket.socket, client_address: object) -> None:  # type: ignore[override]
        """Serve the connection in a thread of its own while a slot is free; otherwise answer 503 now."""
        if not self._slots.acquire(blocking=False):
            self._refuse(request)
            return
        try:
            super().process_request(request, client_address)  # type: ignore[arg-type]
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: socket.socket, client_address: object) -> None:  # type: ignore[override]
        try:
            super().process_request_thread(request, client_address)  # type: ignore[arg-type]
        finally:
            self._slots.release()

    def _refuse(self, request: socket.socket) -> None:
        """Answer a connection beyond :data:`MAX_CONNECTIONS` with 503, unread, and close it."""
        body = json.dumps({"error": "the review server is serving as many connections as it may: "
                                    "retry in a moment"}).encode("ascii")
        head = (f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"
                f"Content-Length: {len(body)}\r\nRetry-After: 1\r\nConnection: close\r\n"
                f"Content-Security-Policy: {API_POLICY}\r\nX-Frame-Options: DENY\r\n"
                "X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n\r\n")
        try:
            request.settimeout(1.0)  # a small answer into an empty buffer: never a wait worth the name
            request.sendall(head.encode("ascii") + body)
        except OSError:
            pass
        self.shutdown_request(request)

    def stop_soon(self) -> None:
        """Stop serving after the current request (from a request handler thread)."""
        self.finished.set()
        threading.Thread(target=self.shutdown, daemon=True).start()


class _Handler(BaseHTTPRequestHandler):
    server: ReviewServer
    protocol_version = "HTTP/1.1"
    # Answer a request whose version is missing or unreadable with a status line and headers (the
    # anti-framing ones included), not as HTTP/0.9, which has no headers.
    default_request_version = "HTTP/1.0"

    def setup(self) -> None:
        self.timeout = self.server.request_timeout  # an idle connection is closed
        self._policy = API_POLICY
        super().setup()
        self.rfile.close()  # the base class's reader, replaced (it would hold the socket open)
        self._reader = _DeadlineReader(self.connection, idle=self.server.request_timeout)
        self.rfile = io.BufferedReader(self._reader)

    def handle_one_request(self) -> None:
        """Wait for the next request as long as a connection may stay idle; then read it, headers
        and body, by one deadline (408 and close when it passes)."""
        self._reader.deadline = None
        try:
            if not self.rfile.peek(1):
                self.close_connection = True  # the client closed the connection
                return
        except (ConnectionError, TimeoutError):
            self.close_connection = True
            return
        self._reader.deadline = time.monotonic() + self.server.request_timeout
        # what an answer before the request line is read needs (the base class sets them as it reads)
        self.command, self.requestline = None, ""  # type: ignore[assignment]
        self.request_version = self.default_request_version
        try:
            super().handle_one_request()
        except RequestTooSlow:
            self.close_connection = True
            self._policy = API_POLICY
            try:
                self._error(HTTPStatus.REQUEST_TIMEOUT, "the request did not arrive in time")
            except OSError:
                pass

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass  # the terminal shows what the command prints, not a request log

    def end_headers(self) -> None:
        """Every response, errors of the base class included, forbids framing and sniffing."""
        self.connection.settimeout(self.timeout)  # writing is bounded as waiting is, not by the request's deadline
        self.send_header("Content-Security-Policy", self._policy)
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-store")
        self._policy = API_POLICY
        super().end_headers()

    def _host_is_local(self) -> bool:
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0].strip("[]")
        return host in (HOST, "localhost")

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        if content_type.startswith("text/html"):
            self._policy = PAGE_POLICY
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: HTTPStatus, document: object) -> None:
        # ASCII with \u escapes: a lone surrogate in a run's text is sent as JSON can say it, not a crash
        self._send(status, json.dumps(document, ensure_ascii=True).encode("ascii"), "application/json; charset=utf-8")

    def _error(self, status: HTTPStatus, message: str) -> None:
        self._json(status, {"error": message})

    def _answer(self, respond: Callable[[], None]) -> None:
        """Run ``respond``; whatever goes wrong, the client gets an answer, not a closed connection."""
        try:
            respond()
        except BadRequest as problem:
            self.close_connection = True  # what is left of the request must not be read as the next one
            self._error(problem.status, problem.message)
        except (ConnectionError, TimeoutError):
            self.close_connection = True  # the client is gone, or stalled past the timeout while answered
        except Exception as exc:  # noqa: BLE001 - a bug of ours: say so, in one line, and keep serving
            self.close_connection = True
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"internal error: {type(exc).__name__}: {exc}")

    def _body(self) -> dict[str, object]:
        """The request's JSON object, read within :data:`MAX_BODY` and the server's timeout."""
        if "Transfer-Encoding" in self.headers:
            raise BadRequest(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length, not in chunks")
        given = (self.headers.get("Content-Length") or "0").strip()
        if not given.isdigit() or not given.isascii():
            raise BadRequest(HTTPStatus.BAD_REQUEST,
                             f"Content-Length must be a whole number of bytes, not {given[:40]!r}")
        length = int(given)
        if length > MAX_BODY:
            raise BadRequest(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"request larger than {MAX_BODY} bytes")
        try:
            body = self.rfile.read(length) if length else b"{}"
        except (RequestTooSlow, TimeoutError):
            raise BadRequest(HTTPStatus.REQUEST_TIMEOUT, "the request's body did not arrive in time") from None
        if len(body) < length:
            raise BadRequest(HTTPStatus.BAD_REQUEST, "the request's body is shorter than its Content-Length")
        try:
            request = load_json(body.decode("utf-8"), error=MTChallengeError)
        except UnicodeDecodeError:
            raise BadRequest(HTTPStatus.BAD_REQUEST, "the request's body is not UTF-8") from None
        except MTChallengeError as exc:  # invalid, or nested past the limit of every JSON read
            raise BadRequest(HTTPStatus.BAD_REQUEST, f"request body: {exc.one_line()}") from None
        if not isinstance(request, dict):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "expected a JSON object")
        return request

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        self._answer(self._get)

    def do_POST(self) -> None:  # noqa: N802 - the base class's name
        self._answer(self._post)

    def _get(self) -> None:
        if not self._host_is_local():
            return self._error(HTTPStatus.FORBIDDEN, "the review server answers requests for 127.0.0.1 only")
        url = urlsplit(self.path)
        if url.path == "/":
            return self._send(HTTPStatus.OK, self.server.page(), "text/html; charset=utf-8")
        if url.path == "/api/state":
            annotator = parse_qs(url.query).get("annotator", [""])[0]
            try:
                annotator = clean_annotator(annotator) if annotator.strip() else ""
            except ValueError as exc:
                return self._error(HTTPStatus.BAD_REQUEST, str(exc))
            return self._json(HTTPStatus.OK, self.server.state(annotator))
        return self._error(HTTPStatus.NOT_FOUND, f"no such page: {url.path}")

    def _post(self) -> None:
        if not self._host_is_local():
            raise BadRequest(HTTPStatus.FORBIDDEN, "the review server answers requests for 127.0.0.1 only")
        if not secrets.compare_digest(self.headers.get(TOKEN_HEADER, "").encode(), self.server.token.encode()):
            raise BadRequest(HTTPStatus.FORBIDDEN, "missing or wrong review token: reload the page")
        request = self._body()
        path = urlsplit(self.path).path
        if path == "/api/finish":
            self._json(HTTPStatus.OK, {"finished": True})
            self.server.stop_soon()
            return None
        if path != "/api/verdict":
            return self._error(HTTPStatus.NOT_FOUND, f"no such action: {path}")
        try:
            answered = self.server.review.record(str(request.get("key", "")), str(request.get("verdict", "")),
                                                 request.get("annotator"))  # type: ignore[arg-type]
        except ValueError as exc:
            return self._error(HTTPStatus.BAD_REQUEST, str(exc))
        except (OSError, MTChallengeError) as exc:
            return self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"could not write the verdict file: {exc}")
        return self._json(HTTPStatus.OK, {"saved": True, "answered": answered, "total": self.server.review.total})
