"""A LibreTranslate server on loopback: batched requests, and none at all on a second identical run."""
from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


class LibreTranslate(BaseHTTPRequestHandler):
    """Uppercases every text; counts requests and sources."""

    requests: list[int] = []

    def do_POST(self) -> None:  # noqa: N802 - the http.server API
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        assert self.path == "/translate" and body["source"] == "en" and body["target"] == "fr"
        type(self).requests.append(len(body["q"]))
        reply = json.dumps({"translatedText": [text.upper() for text in body["q"]]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    LibreTranslate.requests = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), LibreTranslate)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_the_bundled_suite_takes_a_handful_of_requests_then_none(pytester: pytest.Pytester, server: str) -> None:
    args = ["--mt-suite=isabelle2017-en-fr", f"--mt-system=lt=libretranslate:{server}", "--mt-judge=auto"]
    first = pytester.runpytest(*args)
    assert sorted(LibreTranslate.requests) == [12, 32, 32, 32]  # concurrent batches finish in any order
    assert first.parseoutcomes()["failed"] > 0  # an uppercasing "translator" is judged, not errored
    assert first.parseoutcomes().get("errors", 0) == 0
    second = pytester.runpytest(*args)
    assert len(LibreTranslate.requests) == 4  # all from the cache
    assert second.parseoutcomes() == first.parseoutcomes()


def test_batch_size_and_concurrency_options(pytester: pytest.Pytester, server: str) -> None:
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", f"--mt-system=lt=libretranslate:{server}",
                       "--mt-batch-size=50", "--mt-concurrency=1", "--mt-no-cache")
    assert LibreTranslate.requests == [50, 50, 8]  # one at a time: in order
    pytester.makeini("[pytest]\nmt_batch_size = 60\n")
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", f"--mt-system=lt=libretranslate:{server}", "--mt-no-cache")
    assert sorted(LibreTranslate.requests[3:]) == [48, 60]
