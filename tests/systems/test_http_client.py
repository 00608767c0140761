"""The shared HTTP client (systems/http_client.py): retries, timeouts, reply reading and redaction, on loopback."""
from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from email.utils import formatdate
from types import MappingProxyType
from typing import TYPE_CHECKING

import pytest

from pytest_mtchallenge.errors import SystemFailure
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.redaction import redact, redact_url
from pytest_mtchallenge.systems import SystemOptions, parse_system_spec
from pytest_mtchallenge.systems.http import HttpsSystem, HttpSystem
from pytest_mtchallenge.systems.http_client import (
    MAX_RETRY_DELAY,
    HttpClient,
    ReplyError,
    expect_texts,
    retry_after_seconds,
    same_origin,
)

if TYPE_CHECKING:
    from tests.loopback import Loopback, ReceivedRequest, Reply

KINDS = {"http": HttpSystem, "https": HttpsSystem}
SECRET = "s3cr3t/key+with=odd&chars"
FAST = SystemOptions(timeout=5, retries=2, backoff=0.01, batch_size=32, concurrency=4)


def _texts(reply: object) -> list[str]:
    return expect_texts(reply["texts"] if isinstance(reply, dict) else None, 1, what="texts")


# -- redaction -------------------------------------------------------------------------------

def test_redact_hides_every_spelling_of_a_secret() -> None:
    text = (f"raw {SECRET}; url {'s3cr3t%2Fkey%2Bwith%3Dodd%26chars'}; form {'s3cr3t%2Fkey%2Bwith%3Dodd%26chars'}; "
            f"json {json.dumps(SECRET)}")
    redacted = redact(text, [SECRET, ""])
    assert "s3cr3t" not in redacted
    assert redacted.count("***") == 4
    assert redact("nothing to hide", []) == "nothing to hide"
    assert redact("key 'abc123' \n", ["abc123\n"]) == "key '***' \n"


def test_redact_url_hides_passwords_and_key_like_parameters() -> None:
    assert redact_url("https://user:pw@mt.example/api?key=abc&lang=fr&access_token=t") == \
        "https://user:***@mt.example/api?key=***&lang=fr&access_token=***"
    assert redact_url("http://127.0.0.1:5000") == "http://127.0.0.1:5000"


# -- Retry-After -----------------------------------------------------------------------------

def test_retry_after_in_seconds_or_as_an_http_date() -> None:
    now = 1_700_000_000.0
    assert retry_after_seconds("1") == 1.0
    assert retry_after_seconds(formatdate(now + 30, usegmt=True), now=now) == pytest.approx(30, abs=1)
    assert retry_after_seconds(formatdate(now - 30, usegmt=True), now=now) == 0.0
    assert retry_after_seconds("soon") is None and retry_after_seconds(None) is None and retry_after_seconds(" ") is None


# -- the client --------------------------------------------------------------------------------

def test_a_500_is_retried_then_the_reply_is_read(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(500, "overloaded") if r.number == 0
                      else loopback.Reply(body={"texts": ["ok"]}))
    with HttpClient(options=FAST) as client:
        assert client.post(server.url + "/mt", json_body={"q": ["x"]}, read=_texts) == ["ok"]
    assert len(server.requests) == 2


def test_a_429_waits_as_long_as_retry_after_says(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(429, "slow down", headers={"Retry-After": "1"}) if r.number == 0
                      else loopback.Reply(body={"texts": ["ok"]}))
    with HttpClient(options=SystemOptions(timeout=5, retries=1, backoff=0.01)) as client:
        assert client.post(server.url, json_body={}, read=_texts) == ["ok"]
    first, second = server.requests
    assert second.at - first.at >= 0.95


def test_a_retry_after_beyond_the_cap_fails_at_once(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(429, "come back tomorrow", headers={"Retry-After": "86400"}))
    waits: list[float] = []
    with HttpClient(options=FAST, sleep=waits.append) as client, pytest.raises(SystemFailure) as failure:
        client.post(server.url + "/mt", json_body={}, read=_texts)
    assert len(server.requests) == 1 and not waits
    assert f"{server.url}/mt: HTTP 429: come back tomorrow" in failure.value.one_line()
    assert f"longer than the {MAX_RETRY_DELAY:.0f}s" in failure.value.one_line()


def test_backoff_doubles_between_attempts(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(503, "down"))
    waits: list[float] = []
    options = SystemOptions(timeout=5, retries=3, backoff=0.5)
    with HttpClient(options=options, sleep=waits.append) as client, pytest.raises(SystemFailure) as failure:
        client.post(server.url, json_body={}, read=_texts)
    assert len(server.requests) == 4
    assert waits == [pytest.approx(0.5, rel=0.11), pytest.approx(1.0, rel=0.11), pytest.approx(2.0, rel=0.11)]
    assert failure.value.one_line() == f"{server.url}: HTTP 503: down (gave up after 4 attempts)"


def test_a_timeout_fails_naming_the_url_after_the_retries(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(body={"texts": ["late"]}, delay=2.0))
    with HttpClient(options=SystemOptions(timeout=0.3, retries=1, backoff=0.01)) as client, \
            pytest.raises(SystemFailure) as failure:
        client.post(server.url + "/slow", json_body={}, read=_texts)
    assert len(server.requests) == 2
    assert failure.value.one_line() == f"{server.url}/slow: no reply within 0.3s (timeout) (gave up after 2 attempts)"


def test_the_timeout_bounds_the_whole_reply_not_each_byte(loopback: Loopback) -> None:
    """A server sending its reply a byte every 50 ms (about 7 s in all) never leaves the socket idle
    for 0.5 s; the request still fails when 0.5 s have passed, and the connection is closed."""
    server = loopback(lambda r: loopback.Reply(body={"texts": ["tard" * 8]}, trickle=0.05))
    with HttpClient(options=SystemOptions(timeout=0.5, retries=0)) as client, \
            pytest.raises(SystemFailure) as failure:
        client.post(server.url + "/drip", json_body={}, read=_texts)
    assert failure.value.one_line() == f"{server.url}/drip: no reply within 0.5s (timeout)"
    assert server.hung_up() == [0]  # the client closed the connection before the reply was complete


def test_a_slow_reply_is_retried_as_a_timeout(loopback: Loopback) -> None:
    replies = iter([loopback.Reply(body={"texts": ["tard" * 8]}, trickle=0.05), loopback.Reply(body={"texts": ["vite"]})])
    server = loopback(lambda r: next(replies))
    with HttpClient(options=SystemOptions(timeout=0.5, retries=1, backoff=0.01)) as client:
        assert client.post(server.url, json_body={}, read=_texts) == ["vite"]
    assert len(server.requests) == 2


def test_a_refused_connection_is_retried_then_named() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with HttpClient(options=SystemOptions(timeout=2, retries=1, backoff=0.01)) as client, \
            pytest.raises(SystemFailure) as failure:
        client.post(f"http://127.0.0.1:{port}/mt", json_body={}, read=_texts)
    message = failure.value.one_line()
    assert message.startswith(f"http://127.0.0.1:{port}/mt: connection failed: ")
    assert message.endswith("(gave up after 2 attempts)") and "\n" not in message


# -- endpoints that cannot be reached ------------------------------------------------------------

class Resolver:
    """Stands in for ``socket.getaddrinfo``, which urllib3 calls once per connection attempt: counts
    the lookups of one host and port, and fails them (a name that does not resolve) when asked;
    other names go to the real resolver."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, host: str, port: int, *, resolves: bool = True) -> None:
        self.lookups = 0
        lock = threading.Lock()
        real = socket.getaddrinfo

        def getaddrinfo(name: object, service: object, *args: object, **kwargs: object) -> object:
            if name == host and service == port:
                with lock:
                    self.lookups += 1
                if not resolves:
                    raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
            return real(name, service, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


def _refused_port() -> int:
    with socket.socket() as probe:  # bound, never listening: connections are refused
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_refused_port_is_given_up_after_three_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: 108 sources x 5 attempts with backoff took 215 s to say that nothing listens."""
    port = _refused_port()
    resolver = Resolver(monkeypatch, "127.0.0.1", port)
    waits: list[float] = []
    url = f"http://127.0.0.1:{port}/v1/chat/completions"
    messages = []
    with HttpClient(options=SystemOptions(timeout=5, retries=4, backoff=0.5), sleep=waits.append) as client:
        for _ in range(10):
            with pytest.raises(SystemFailure) as failure:
                client.post(url, json_body={}, read=_texts)
            messages.append(failure.value.one_line())
    assert resolver.lookups == 3  # the first post's three attempts; the other nine send nothing
    assert waits == [pytest.approx(0.5, rel=0.11), pytest.approx(1.0, rel=0.11)]
    assert set(messages) == {f"cannot connect to {url} (connection refused; 3 attempts in a row failed, "
                             "the remaining requests were not sent)"}


def test_a_host_name_that_does_not_resolve_is_given_up_with_concurrent_requests(
        monkeypatch: pytest.MonkeyPatch, make_suite: Callable[..., Suite]) -> None:
    for variable in ("NO_PROXY", "no_proxy"):
        monkeypatch.setenv(variable, "mt.invalid")
    monkeypatch.setenv("MY_MT_KEY", SECRET)
    resolver = Resolver(monkeypatch, "mt.invalid", 80, resolves=False)
    options = SystemOptions(timeout=5, retries=4, backoff=0.01, batch_size=1, concurrency=4,
                            settings=MappingProxyType({"mt_http_request": '{"q": "{sources}"}',
                                                       "mt_http_response": "q"}))
    system = parse_system_spec("http://mt.invalid/api?token=${MY_MT_KEY}", KINDS, options)
    suite = make_suite(40)
    translations = system.translate(suite=suite, items=suite.items)
    assert not translations.outputs and len(translations.errors) == 40
    # Up to three in a row, plus the requests already in flight on the other three threads.
    assert 3 <= resolver.lookups <= 3 + 3
    reason = ("cannot connect to http://mt.invalid/api?token=*** (host name not resolved; 3 attempts in a row "
              "failed, the remaining requests were not sent)")
    assert set(translations.errors.values()) == {reason} and translations.problems == (reason,)


@pytest.mark.parametrize("reply", [{"status": 503, "body": "down"}, {"body": {"q": ["late"]}, "delay": 2.0},
                                   {"hang_up": True}], ids=["503", "timeout", "closed without a reply"])
def test_a_server_that_answers_badly_keeps_its_retries(loopback: Loopback, reply: dict[str, object]) -> None:
    """A 5xx, a timeout or a connection the server closes come from a server that is there: each
    request has all its attempts, however many fail in a row."""
    server = loopback(lambda r: loopback.Reply(**reply))  # type: ignore[arg-type]
    with HttpClient(options=SystemOptions(timeout=0.3, retries=4, backoff=0.01), sleep=lambda s: None) as client:
        for _ in range(2):
            with pytest.raises(SystemFailure) as failure:
                client.post(server.url + "/mt", json_body={}, read=_texts)
            assert failure.value.one_line().endswith("(gave up after 5 attempts)")
    assert len(server.requests) == 10


def test_malformed_json_fails_without_retrying(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(body="<html>Bad gateway</html>"))
    with HttpClient(options=FAST) as client, pytest.raises(SystemFailure) as failure:
        client.post(server.url + "/mt", json_body={}, read=_texts)
    assert len(server.requests) == 1
    assert failure.value.one_line().startswith(f"{server.url}/mt: reply is not valid JSON (Expecting value at line 1")
    assert failure.value.one_line().endswith(": <html>Bad gateway</html>")


def test_a_client_error_is_not_retried_and_quotes_the_body(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(400, {"error": "fr is not supported"}))
    with HttpClient(options=FAST) as client, pytest.raises(SystemFailure) as failure:
        client.post(server.url, json_body={}, read=_texts, hints={400: "check the language pair"})
    assert len(server.requests) == 1
    assert failure.value.one_line() == \
        f'{server.url}: HTTP 400: {{"error": "fr is not supported"}} (check the language pair)'


def test_a_reply_the_reader_rejects_is_quoted(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(body={"texts": ["a", "b"]}))
    with HttpClient(options=FAST) as client, pytest.raises(SystemFailure) as failure:
        client.post(server.url, json_body={}, read=_texts)
    assert failure.value.one_line() == \
        f'{server.url}: texts holds 2 translations for 1 sources; reply: {{"texts": ["a", "b"]}}'


def test_secrets_never_reach_messages_or_the_repr(loopback: Loopback) -> None:
    def echo(request: ReceivedRequest) -> Reply:  # a careless server quoting the request
        return loopback.Reply(401, f"bad key {request.headers.get('x-api-key')} in {request.body.decode()}")

    server = loopback(echo)
    with HttpClient(options=FAST, secrets=[SECRET], headers={"X-Api-Key": SECRET}) as client, \
            pytest.raises(SystemFailure) as failure:
        client.post(server.url, json_body={"key": SECRET}, read=_texts)
    assert SECRET not in repr(client) and "1 redacted" in repr(client)
    assert server.requests[0].headers["x-api-key"] == SECRET
    assert SECRET not in str(failure.value) and "s3cr3t" not in failure.value.one_line()
    assert "bad key *** in" in failure.value.one_line()


def test_a_reply_that_is_not_utf8_fails_in_one_line_and_a_bom_is_dropped(loopback: Loopback) -> None:
    """Issue 39, point 11: a Latin-1 ``café`` was decoded with U+FFFD and judged (``file:`` refuses it)."""
    latin = loopback(lambda r: loopback.Reply(body='{"texts": ["café"]}'.encode("latin-1")))
    with HttpClient(options=FAST) as client, pytest.raises(SystemFailure) as failure:
        client.post(latin.url, json_body={}, read=_texts)
    assert failure.value.one_line().endswith("reply is not UTF-8 text (byte 15: invalid continuation byte)")
    bom = loopback(lambda r: loopback.Reply(body='\ufeff{"texts": ["café"]}'.encode("utf-8")))
    with HttpClient(options=FAST) as client:
        assert client.post(bom.url, json_body={}, read=_texts) == ["café"]


def test_a_secret_cut_by_the_excerpt_is_still_hidden(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(400, "x" * 158 + SECRET))
    with HttpClient(options=FAST, secrets=[SECRET]) as client, pytest.raises(SystemFailure) as failure:
        client.post(server.url, json_body={}, read=_texts)
    assert failure.value.one_line().endswith("x*…") and "s3" not in failure.value.one_line()


def test_expect_texts() -> None:
    assert expect_texts("seul", 1, what="t") == ["seul"]
    with pytest.raises(ReplyError, match="holds 1 translations for 2 sources"):
        expect_texts(["a"], 2, what="t")
    with pytest.raises(ReplyError, match="translation 2 is null, not text"):
        expect_texts(["a", None], 2, what="t")


# -- how much of a reply is read (issue 25, 9) -------------------------------------------------

def _gzip_bomb(size: int) -> bytes:
    """``size`` bytes of spaces after a JSON start, gzip-compressed (about a thousandth of ``size``)."""
    import zlib

    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    parts = [compressor.compress(b'{"texts": ["')]
    block = b" " * (1024 * 1024)
    for _ in range(size // len(block)):
        parts.append(compressor.compress(block))
    return b"".join(parts) + compressor.flush()


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> int:
    from pytest_mtchallenge import systems

    monkeypatch.setattr(systems, "MAX_REPLY_BYTES", 1024 * 1024)
    return 1024 * 1024


@pytest.mark.parametrize("kind", ["gzip bomb", "plain"])
def test_a_reply_larger_than_the_limit_is_one_line_and_not_retried(loopback: Loopback, small_limit: int,
                                                                   kind: str) -> None:
    body = _gzip_bomb(64 * small_limit) if kind == "gzip bomb" else b'{"texts": ["' + b" " * 3 * small_limit
    headers = {"Content-Encoding": "gzip"} if kind == "gzip bomb" else {}
    server = loopback(lambda r: loopback.Reply(body=body, headers=headers))
    with HttpClient(options=FAST) as client, pytest.raises(SystemFailure) as failure:
        client.post(server.url + "/mt", json_body={}, read=_texts)
    assert failure.value.one_line() == (f"{server.url}/mt: the reply's body is larger than 1 MiB (MAX_REPLY_BYTES): "
                                        "not read further")
    assert len(server.requests) == 1


@pytest.mark.parametrize("coding", ["gzip", "deflate", "raw deflate", "two gzip members"])
def test_compressed_replies_up_to_the_limit_are_read(loopback: Loopback, small_limit: int, coding: str) -> None:
    import gzip
    import zlib

    text = json.dumps({"texts": ["é" * ((small_limit - 20) // 2)]}, ensure_ascii=False).encode()
    assert len(text) <= small_limit
    if coding == "gzip":
        body = gzip.compress(text)
    elif coding == "two gzip members":
        body = gzip.compress(text[:1000]) + gzip.compress(text[1000:])
    elif coding == "deflate":
        body = zlib.compress(text)
    else:
        compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
        body = compressor.compress(text) + compressor.flush()
    headers = {"Content-Encoding": "deflate" if "deflate" in coding else "gzip"}
    server = loopback(lambda r: loopback.Reply(body=body, headers=headers))
    with HttpClient(options=FAST) as client:
        assert client.post(server.url, json_body={}, read=_texts) == ["é" * ((small_limit - 20) // 2)]
    assert server.requests[0].headers["accept-encoding"] == "gzip, deflate"


def test_a_coding_not_asked_for_is_one_line(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(body=b"\x1b\x00\x00", headers={"Content-Encoding": "br"}))
    with HttpClient(options=FAST) as client, pytest.raises(SystemFailure) as failure:
        client.post(server.url, json_body={}, read=_texts)
    assert failure.value.one_line() == (f"{server.url}: the reply is in Content-Encoding 'br', which was not asked for "
                                        "(Accept-Encoding: gzip, x-gzip, deflate)")


def test_an_error_reply_is_read_only_as_far_as_its_quote_needs(loopback: Loopback, small_limit: int) -> None:
    server = loopback(lambda r: loopback.Reply(400, body=_gzip_bomb(64 * small_limit),
                                               headers={"Content-Encoding": "gzip"}))
    with HttpClient(options=FAST) as client, pytest.raises(SystemFailure) as failure:
        client.post(server.url, json_body={}, read=_texts)
    assert failure.value.one_line() == f'{server.url}: HTTP 400: {{"texts": ["'


def test_a_run_against_a_gzip_bomb_errors_its_items_in_one_line(loopback: Loopback, pytester: pytest.Pytester,
                                                                 suite: Suite) -> None:
    """A real run in a subprocess: the 256 MiB bomb is read to 64 MiB, every item errors in one line."""
    bomb = _gzip_bomb(256 * 1024 * 1024)
    server = loopback(lambda r: loopback.Reply(body=bomb, headers={"Content-Encoding": "gzip"}))
    pytester.makefile(".yaml", suite=suite.path.read_text(encoding="utf-8"))  # the systems tests' tiny suite
    pytester.makeini('[pytest]\nmt_http_request = {"q": "{sources}"}\nmt_http_response = texts\n')
    result = pytester.runpytest_subprocess("suite.yaml", f"--mt-system={server.url}/mt", "--mt-retries=0",
                                           "--mt-timeout=30", "-p", "no:cacheprovider", timeout=300)
    result.assert_outcomes(errors=3)
    result.stdout.fnmatch_lines([f"ERROR {server.url}/mt: {server.url}/mt: the reply's body is larger than 64 MiB "
                                 "(MAX_REPLY_BYTES): not read further (3 items: *"])
    assert "Traceback" not in result.stdout.str()


@pytest.mark.parametrize("status", [302, 307, 308])
def test_a_keyed_request_is_never_redirected_to_another_origin(loopback: Loopback, status: int) -> None:
    """Issue 39, 1: a ${KEY} header (and, on 307/308, the body) followed the redirect to another port."""
    elsewhere = loopback(lambda request: loopback.Reply(body={"ok": True}))
    server = loopback(lambda request: loopback.Reply(status=status, headers={"Location": elsewhere.url + "/t"}))
    with HttpClient(options=FAST, secrets=["k3y-0123456789"], headers={"X-API-Key": "k3y-0123456789"}) as client:
        with pytest.raises(SystemFailure, match="redirected the request .* to another origin, http://127.0.0.1:"):
            client.post(server.url + "/t", read=lambda reply: reply, json_body={"key": "k3y-0123456789"})
    assert elsewhere.requests == []


def test_a_client_without_a_key_follows_redirects_as_requests_does(loopback: Loopback) -> None:
    elsewhere = loopback(lambda request: loopback.Reply(body={"ok": True}))
    server = loopback(lambda request: loopback.Reply(status=307, headers={"Location": elsewhere.url + "/t"}))
    with HttpClient(options=FAST) as client:
        assert client.post(server.url + "/t", read=lambda reply: reply, json_body={}) == {"ok": True}
    assert len(elsewhere.requests) == 1


@pytest.mark.parametrize(("before", "after", "same"), [
    ("http://h:8080/a", "http://h:8080/b", True), ("http://h/a", "https://h/a", True),
    ("http://h:8080/a", "http://h:8081/a", False), ("https://h/a", "http://h/a", False),
    ("http://h/a", "http://other/a", False), ("http://H/a", "http://h:80/b", True),
])
def test_what_counts_as_the_same_origin(before: str, after: str, same: bool) -> None:
    assert same_origin(before, after) is same
