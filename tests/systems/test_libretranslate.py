"""Tests of ``libretranslate:URL`` against a LibreTranslate-speaking server on loopback."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pytest

from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, parse_system_spec
from pytest_mtchallenge.systems.libretranslate import LibreTranslateSystem

if TYPE_CHECKING:
    from tests.loopback import Loopback, ReceivedRequest, Reply, Responder

KEY = "lt-key-0123456789"


@pytest.fixture(autouse=True)
def _no_key(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("LIBRETRANSLATE_API_KEY", raising=False)
    monkeypatch.delenv("MY_LT_KEY", raising=False)
    yield


def _system(url: str, **overrides: Any) -> LibreTranslateSystem:
    options = SystemOptions(timeout=5.0, retries=2, backoff=0.01, batch_size=32, concurrency=4)
    return LibreTranslateSystem(argument=url, name=None, options=dataclasses.replace(options, **overrides))


def _libretranslate(loopback: Loopback, *, fail: Callable[[ReceivedRequest], Reply | None] = lambda r: None
                    ) -> Responder:
    """A LibreTranslate server that prefixes each text with the target language."""
    def respond(request: ReceivedRequest) -> Reply:
        failure = fail(request)
        if failure is not None:
            return failure
        body = request.json
        assert request.path == "/translate" and isinstance(body, dict)
        q = body["q"]
        translated = [f"[{body['target']}] {text}" for text in q] if isinstance(q, list) else f"[{body['target']}] {q}"
        return loopback.Reply(body={"translatedText": translated})
    return respond


def test_translates_in_batches_of_the_batch_size(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(_libretranslate(loopback))
    done: list[int] = []
    system = _system(server.url + "/")
    suite = make_suite(108)
    translations = system.translate(suite=suite, items=suite.items, on_batch=lambda batch: done.append(batch.settled))
    assert not translations.errors and not translations.problems
    assert translations.outputs["g0"] == "[fr] source 0" and len(translations.outputs) == 108
    assert len(server.requests) == 4 and sorted(done) == [12, 32, 32, 32]
    body = server.requests[0].json
    assert isinstance(body, dict) and {k: v for k, v in body.items() if k != "q"} == {
        "source": "en", "target": "fr", "format": "text"}  # no api_key when none is set
    assert server.requests[0].headers["content-type"] == "application/json"


def test_spec_and_names() -> None:
    system = parse_system_spec("libretranslate:http://127.0.0.1:5000", {"libretranslate": LibreTranslateSystem},
                               SystemOptions())
    assert system.name == system.signature == "libretranslate:http://127.0.0.1:5000"
    for bad in ("libretranslate:127.0.0.1:5000", "libretranslate:ftp://host"):
        with pytest.raises(ValueError, match="expected the server's base URL"):
            parse_system_spec(bad, {"libretranslate": LibreTranslateSystem}, SystemOptions())


def test_a_500_is_retried_and_the_batch_succeeds(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(_libretranslate(loopback, fail=lambda r: loopback.Reply(500, {"error": "busy"})
                                      if r.number == 0 else None))
    suite = make_suite(5)
    translations = _system(server.url).translate(suite=suite, items=suite.items)
    assert not translations.errors and len(translations.outputs) == 5
    assert len(server.requests) == 2


def test_a_429_with_retry_after_is_honoured(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(_libretranslate(loopback, fail=lambda r: loopback.Reply(
        429, {"error": "Slowdown: 1 per 1 second"}, headers={"Retry-After": "1"}) if r.number == 0 else None))
    suite = make_suite(3)
    translations = _system(server.url, retries=1).translate(suite=suite, items=suite.items)
    assert not translations.errors
    first, second = server.requests
    assert second.at - first.at >= 0.95


def test_a_timeout_errors_only_that_batch(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    def slow_for_source_5(request: ReceivedRequest) -> Reply | None:
        sources = request.json["q"]
        return loopback.Reply(body={"translatedText": sources}, delay=2.0) if "source 5" in sources else None

    server = loopback(_libretranslate(loopback, fail=slow_for_source_5))
    suite = make_suite(12)
    translations = _system(server.url, timeout=0.3, retries=1, batch_size=4).translate(suite=suite, items=suite.items)
    assert set(translations.errors) == {"g4", "g5", "g6", "g7"} and len(translations.outputs) == 8
    assert translations.problems == (
        f"{server.url}/translate: no reply within 0.3s (timeout) (gave up after 2 attempts)",)


def test_malformed_json_errors_the_batch(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(body='{"translatedText": ["un", '))
    suite = make_suite(2)
    translations = _system(server.url).translate(suite=suite, items=suite.items)
    (problem,) = translations.problems
    assert problem.startswith(f"{server.url}/translate: reply is not valid JSON (")
    assert set(translations.errors) == {"g0", "g1"} and len(server.requests) == 1


@pytest.mark.parametrize(("translated", "message"), [
    (["un"], "translatedText holds 1 translations for 2 sources"),
    (["un", "deux", "trois"], "translatedText holds 3 translations for 2 sources"),
    ("un deux", "translatedText is a string, not a list of translations"),
    (["un", 2], "translatedText: translation 2 is a number, not text"),
])
def test_a_wrong_number_of_translations_errors_the_batch(loopback: Loopback, make_suite: Callable[..., Suite],
                                                         translated: object, message: str) -> None:
    server = loopback(lambda r: loopback.Reply(body={"translatedText": translated}))
    suite = make_suite(2)
    translations = _system(server.url).translate(suite=suite, items=suite.items)
    assert not translations.outputs
    assert translations.errors["g0"].startswith(f"{server.url}/translate: {message}; reply: ")


def test_a_string_reply_to_a_one_item_batch(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(body={"translatedText": "une seule"}))
    suite = make_suite(1)
    translations = _system(server.url).translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"g0": "une seule"}


def test_an_error_reply_is_quoted(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(400, {"error": "fr is not supported"}))
    suite = make_suite(1)
    translations = _system(server.url).translate(suite=suite, items=suite.items)
    assert translations.problems == (f'{server.url}/translate: HTTP 400: {{"error": "fr is not supported"}}',)


def test_the_api_key_is_sent_but_never_shown(loopback: Loopback, make_suite: Callable[..., Suite],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIBRETRANSLATE_API_KEY", KEY)

    def refuse(request: ReceivedRequest) -> Reply:  # quotes the key back, as a careless server might
        return loopback.Reply(403, {"error": f"Invalid API key {request.json['api_key']}"})

    server = loopback(refuse)
    system = _system(server.url)
    suite = make_suite(3)
    translations = system.translate(suite=suite, items=suite.items)
    assert server.requests[0].json["api_key"] == KEY
    assert len(server.requests) == 1  # a 403 is not retried
    (problem,) = translations.problems
    assert problem == (f'{server.url}/translate: HTTP 403: {{"error": "Invalid API key ***"}} '
                       "(the server refused the API key in LIBRETRANSLATE_API_KEY)")
    shown = [*translations.errors.values(), *translations.problems, system.name, system.signature, repr(system)]
    assert not any(KEY in text for text in shown)


def test_the_key_variable_comes_from_the_ini(loopback: Loopback, make_suite: Callable[..., Suite],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_LT_KEY", KEY)
    server = loopback(_libretranslate(loopback))
    system = _system(server.url, settings=MappingProxyType({"mt_libretranslate_key_env": "MY_LT_KEY"}))
    suite = make_suite(1)
    assert not system.translate(suite=suite, items=suite.items).errors
    assert server.requests[0].json["api_key"] == KEY


def test_a_403_without_a_key_says_which_variable_to_set(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(403, {"error": "Please contact the server operator to get an API key"}))
    suite = make_suite(1)
    (problem,) = _system(server.url).translate(suite=suite, items=suite.items).problems
    assert problem.endswith("(the server may want an API key: set LIBRETRANSLATE_API_KEY)")


@pytest.mark.parametrize("status", [302, 307, 308])
def test_a_redirect_to_another_origin_never_receives_the_key(loopback: Loopback, make_suite: Callable[..., Suite],
                                                             monkeypatch: pytest.MonkeyPatch, status: int) -> None:
    """Issue 39, 1: requests strips only Authorization on a redirect; LibreTranslate's api_key rode in
    the body of a 307/308 to another host or port, and the run judged that server's translations."""
    monkeypatch.setenv("LIBRETRANSLATE_API_KEY", KEY)
    elsewhere = loopback(_libretranslate(loopback))
    server = loopback(lambda request: loopback.Reply(status=status, headers={"Location": f"{elsewhere.url}/translate"}))
    suite = make_suite(2)
    translations = _system(server.url, retries=0).translate(suite=suite, items=suite.items)
    assert not translations.outputs
    assert elsewhere.requests == []  # nothing, key or not, reached the other origin
    message = " ".join(translations.problems) + " ".join(translations.errors.values())
    assert "redirected the request" in message and "another origin" in message and KEY not in message


def test_a_redirect_within_the_origin_is_followed(loopback: Loopback, make_suite: Callable[..., Suite],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIBRETRANSLATE_API_KEY", KEY)
    translate = _libretranslate(loopback)
    server = loopback(lambda request: translate(request) if request.path == "/translate"
                      else loopback.Reply(status=307, headers={"Location": "/translate"}))
    suite = make_suite(2)
    translations = _system(server.url + "/old").translate(suite=suite, items=suite.items)
    assert len(translations.outputs) == 2
