"""The review server's bounds on time and connections: a request is read whole within its deadline,
however slowly its bytes drip, and only so many connections are served at once (issue 39, point 9)."""
from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from review_suite import run_document, write_suite
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.review.server import ReviewServer
from pytest_mtchallenge.review.tasks import Review, pending_tasks
from pytest_mtchallenge.review.verdict_file import VerdictFile
from tests.loopback import serving


@pytest.fixture
def review(tmp_path: Path) -> Review:
    suite = load_suite(write_suite(tmp_path))
    verdicts = VerdictFile(tmp_path / "mine.yaml", suite=suite.name, item_ids={i.id for i in suite.items})
    return Review(pending_tasks(run_document(), suite), verdicts)


def connect(server: ReviewServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10)


def answer(connection: socket.socket) -> tuple[int | None, bytes]:
    """The status and the whole of what the server sent until it closed the connection."""
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return (int(received.split(b" ", 2)[1]) if received.startswith(b"HTTP/") else None), received


def verdict_request(server: ReviewServer, review: Review) -> bytes:
    body = json.dumps({"key": review.tasks[0].key, "verdict": "yes", "annotator": "Ana"}).encode()
    return (f"POST /api/verdict HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Review-Token: {server.token}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


@pytest.mark.parametrize("where", ["headers", "body"])
def test_a_request_dripped_past_its_deadline_is_refused_and_not_saved(review: Review, where: str) -> None:
    """Each byte arrives well within the silence allowed between reads; the whole request does not."""
    with serving(ReviewServer(review, title="t", request_timeout=0.5)) as server, connect(server) as connection:
        raw = verdict_request(server, review)
        end = raw.index(b"\r\n\r\n") + 4 if where == "headers" else len(raw)
        connection.sendall(raw[:end - 20])
        try:
            for byte in raw[end - 20:end]:  # 20 bytes 0.1 s apart: 2 s, each read within 0.5 s
                if select.select([connection], [], [], 0)[0]:
                    break  # answered: sending more would only reset the connection
                connection.sendall(bytes([byte]))
                time.sleep(0.1)
            else:
                connection.sendall(raw[end:])
        except OSError:  # closed by the server while we still sent
            pass
        status, received = answer(connection)
    assert status == 408 and b"did not arrive in time" in received
    assert not review.verdict_file.path.exists()


def test_a_request_within_its_deadline_is_saved(review: Review) -> None:
    with serving(ReviewServer(review, title="t", request_timeout=2)) as server, connect(server) as connection:
        raw = verdict_request(server, review)
        for start in range(0, len(raw), len(raw) // 4 + 1):
            connection.sendall(raw[start:start + len(raw) // 4 + 1])
            time.sleep(0.1)
        status, received = answer(connection)
    assert status == 200 and b'"saved": true' in received
    assert review.verdict_file.path.exists()


def test_connections_beyond_the_bound_get_503_and_the_server_serves_again_once_they_close(review: Review) -> None:
    with serving(ReviewServer(review, title="t", request_timeout=5, max_connections=2)) as server:
        held = [connect(server) for _ in range(2)]  # silent: each holds a slot until its timeout
        try:
            time.sleep(0.2)
            with connect(server) as extra:
                extra.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                status, received = answer(extra)
            assert status == 503 and b"Retry-After" in received and b"X-Frame-Options: DENY" in received
        finally:
            for connection in held:
                connection.close()
        deadline = time.monotonic() + 5
        while True:
            with connect(server) as again:
                again.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                status, _ = answer(again)
            if status == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert status == 200
