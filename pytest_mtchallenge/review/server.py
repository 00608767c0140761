"""The review page, served on 127.0.0.1 with the standard library's HTTP server."""
from __future__ import annotations

import importlib.resources
import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.review.tasks import Review, clean_annotator

HOST = "127.0.0.1"
TOKEN_HEADER = "X-Review-Token"
MAX_BODY = 64 * 1024
#: No other site may show the page in a frame (clickjacking): every response says so, twice, for
#: browsers that read only one of the two headers.
FRAME_POLICY = "frame-ancestors 'none'"
PAGE_POLICY = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
               f"connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; {FRAME_POLICY}")
API_POLICY = f"default-src 'none'; {FRAME_POLICY}"


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
    and requests for another host name are refused (DNS rebinding).
    """

    daemon_threads = True

    def __init__(self, review: Review, *, title: str, annotator: str = "", port: int = 0) -> None:
        super().__init__((HOST, port), _Handler)
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
        self._policy = API_POLICY
        super().setup()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass  # the terminal shows what the command prints, not a request log

    def end_headers(self) -> None:
        """Every response, errors of the base class included, forbids framing and sniffing."""
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
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: HTTPStatus, document: object) -> None:
        # ASCII with \u escapes: a lone surrogate in a run's text is sent as JSON can say it, not a crash
        self._send(status, json.dumps(document, ensure_ascii=True).encode("ascii"), "application/json; charset=utf-8")

    def _error(self, status: HTTPStatus, message: str) -> None:
        self._json(status, {"error": message})

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
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

    def do_POST(self) -> None:  # noqa: N802 - the base class's name
        if not self._host_is_local():
            return self._error(HTTPStatus.FORBIDDEN, "the review server answers requests for 127.0.0.1 only")
        if not secrets.compare_digest(self.headers.get(TOKEN_HEADER, ""), self.server.token):
            return self._error(HTTPStatus.FORBIDDEN, "missing or wrong review token: reload the page")
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            return self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "request too large")
        body = self.rfile.read(length) if length else b"{}"
        path = urlsplit(self.path).path
        if path == "/api/finish":
            self._json(HTTPStatus.OK, {"finished": True})
            self.server.stop_soon()
            return None
        if path != "/api/verdict":
            return self._error(HTTPStatus.NOT_FOUND, f"no such action: {path}")
        try:
            request = json.loads(body)
            if not isinstance(request, dict):
                raise ValueError("expected a JSON object")
            answered = self.server.review.record(str(request.get("key", "")), str(request.get("verdict", "")),
                                                 request.get("annotator"))  # type: ignore[arg-type]
        except ValueError as exc:  # also json.JSONDecodeError
            return self._error(HTTPStatus.BAD_REQUEST, str(exc))
        except (OSError, MTChallengeError) as exc:
            return self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"could not write the verdict file: {exc}")
        return self._json(HTTPStatus.OK, {"saved": True, "answered": answered, "total": self.server.review.total})
