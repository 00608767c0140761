"""The tests' loopback server (tests/loopback.py): scripted replies on 127.0.0.1, and a stop of its own."""
from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest

from tests.loopback import Loopback, ReceivedRequest, Reply


def _echo(request: ReceivedRequest) -> Reply:
    return Reply(body={"path": request.path, "sent": request.json})


def _post(url: str, body: object) -> object:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def test_it_answers_with_the_scripted_reply_and_records_the_request(loopback: Loopback) -> None:
    server = loopback(_echo)
    assert server.url.startswith("http://127.0.0.1:")
    assert _post(server.url + "/t", {"q": ["a"]}) == {"path": "/t", "sent": {"q": ["a"]}}
    (received,) = server.requests
    assert (received.number, received.method, received.path, received.json) == (0, "POST", "/t", {"q": ["a"]})


def test_it_stops_by_itself_after_its_lifetime(loopback: Loopback) -> None:
    server = loopback(_echo, lifetime=0.2)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            _post(server.url, {})
        except urllib.error.URLError:
            break  # refused: the port is closed
        except ConnectionError:
            pass  # a request in flight when the server stopped: ask again, to be refused
        time.sleep(0.05)
    else:
        pytest.fail("the server was still answering 10 s after its lifetime")
    server.stop()  # the end of the test asks again: nothing happens
