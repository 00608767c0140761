"""Telling a connection that cannot be opened from other failures, and counting them in a row per endpoint."""
from __future__ import annotations

import errno
import socket
import threading

import pytest
import requests
from urllib3.exceptions import (
    MaxRetryError,
    NameResolutionError,
    NewConnectionError,
    ProtocolError,
    ProxyError,
    ReadTimeoutError,
)

from pytest_mtchallenge.systems.breaker import ConnectionBreaker, origin, unreachable_cause

URL = "http://mt.example:8080/v1/chat/completions"


def _as_requests_raises(reason: Exception) -> requests.ConnectionError:
    """``reason`` wrapped as requests' adapter wraps urllib3's errors (requests.ConnectionError(MaxRetryError))."""
    return requests.ConnectionError(MaxRetryError(None, "/v1", reason))  # type: ignore[arg-type]


def _new_connection(error: OSError) -> NewConnectionError:
    try:
        message = f"Failed to establish a new connection: {error}"
        raise NewConnectionError(None, message) from error  # type: ignore[arg-type]
    except NewConnectionError as failure:
        return failure


@pytest.mark.parametrize(("error", "cause"), [
    (ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused"), "connection refused"),
    (OSError(errno.EHOSTUNREACH, "No route to host"), "no route to host"),
    (OSError(errno.ENETUNREACH, "Network is unreachable"), "network unreachable"),
    (OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address"), "cannot assign requested address"),
])
def test_a_connection_that_cannot_be_opened_says_why(error: OSError, cause: str) -> None:
    assert unreachable_cause(_as_requests_raises(_new_connection(error))) == cause


def test_a_name_that_does_not_resolve_and_an_unreachable_proxy() -> None:
    lookup = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    try:
        raise NameResolutionError("mt.invalid", None, lookup) from lookup  # type: ignore[arg-type]
    except NameResolutionError as failure:
        assert unreachable_cause(_as_requests_raises(failure)) == "host name not resolved"
    refused = _new_connection(ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused"))
    through_proxy = MaxRetryError(None, "/", ProxyError("Unable to connect to proxy", refused))  # type: ignore[arg-type]
    proxy = requests.exceptions.ProxyError(through_proxy)
    assert unreachable_cause(proxy) == "proxy: connection refused"


@pytest.mark.parametrize("error", [
    requests.ConnectionError(MaxRetryError(None, "/", ProtocolError("Connection aborted.",  # type: ignore[arg-type]
                                                                    ConnectionResetError(104, "reset")))),
    requests.ReadTimeout(ReadTimeoutError(None, "/", "Read timed out.")),  # type: ignore[arg-type]
    requests.ConnectionError("a message, no cause"),
    requests.exceptions.SSLError("certificate verify failed"),
])
def test_a_server_that_was_reached_is_not_unreachable(error: Exception) -> None:
    assert unreachable_cause(error) is None


def test_an_endpoint_is_its_scheme_host_and_port() -> None:
    assert origin("https://user:pw@MT.example:8443/v1?key=k") == "https://mt.example:8443"
    assert origin(URL) == origin("http://mt.example:8080/other") != origin("http://mt.example:8081/v1")


def test_failures_count_in_a_row_per_endpoint_and_a_reply_resets_them() -> None:
    breaker = ConnectionBreaker(3)
    assert breaker.failed(URL, "connection refused") is None
    assert breaker.failed(URL, "connection refused") is None
    breaker.reached(URL)  # the server answered in between: the next failures start again
    assert breaker.failed(URL, "connection refused") is None
    assert breaker.failed("http://elsewhere.example/v1", "connection refused") is None  # another endpoint
    assert breaker.failed(URL, "connection refused") is None
    assert breaker.cause(URL) is None
    assert breaker.failed(URL, "connection refused") == "connection refused"
    breaker.reached(URL)  # once given up, it stays given up: a late reply to a request in flight changes nothing
    assert breaker.cause(URL + "?other") == "connection refused"
    assert breaker.cause("http://elsewhere.example/v1") is None


def test_threads_failing_at_once_open_it_once_with_one_cause() -> None:
    breaker = ConnectionBreaker(50)
    start = threading.Barrier(8)
    opened: list[str | None] = []

    def fail(number: int) -> None:
        start.wait()
        for _ in range(10):
            opened.append(breaker.failed(URL, f"cause of thread {number}"))

    threads = [threading.Thread(target=fail, args=(number,)) for number in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert opened.count(None) == 49  # exactly the first 49 of 80 failures left it closed
    (cause,) = {said for said in opened if said is not None}
    assert breaker.cause(URL) == cause
