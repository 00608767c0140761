"""The generic ``http:``/``https:`` kind (systems/http.py): request templates, response paths, secrets, on loopback."""
from __future__ import annotations

import base64
import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

import pytest

from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, parse_system_spec
from pytest_mtchallenge.systems.http import HttpsSystem, HttpSystem, ResponsePath
from pytest_mtchallenge.systems.http_client import ReplyError
from pytest_mtchallenge.translation.translator import Translator

if TYPE_CHECKING:
    from tests.loopback import Loopback, ReceivedRequest, Reply, Responder

KINDS = {"http": HttpSystem, "https": HttpsSystem}
SECRET = "s3cr3t/key+with=odd&chars"


def test_response_paths() -> None:
    reply = {"data": {"translations": [{"text": "a"}, {"text": "b"}]}}
    assert ResponsePath.parse("data.translations[*].text").extract(reply) == ["a", "b"]
    assert ResponsePath.parse("$.data.translations[1].text").extract(reply) == "b"
    assert ResponsePath.parse("[*].translations[0].text").extract([{"translations": [{"text": "c"}]}]) == ["c"]
    with pytest.raises(ReplyError, match="no key 'output'"):
        ResponsePath.parse("data.output").extract(reply)


# -- the generic kind -------------------------------------------------------------------------

def _generic(url: str, **settings: str) -> HttpSystem:
    options = SystemOptions(timeout=5, retries=1, backoff=0.01, batch_size=32, concurrency=4,
                            settings=MappingProxyType(settings))
    system = parse_system_spec(url, KINDS, options)
    assert isinstance(system, HttpSystem)
    return system


def _uppercase(loopback: Loopback, field: str) -> Responder:
    def respond(request: ReceivedRequest) -> Reply:
        body = request.json
        assert isinstance(body, dict)
        return loopback.Reply(body={"data": {field: [text.upper() for text in body["texts"]]}})
    return respond


REQUEST = '{"texts": "{sources}", "src": "{source_language}", "tgt": "{target_language}", "key": "${MY_MT_KEY}"}'


def test_spec_parses_as_the_url_scheme(monkeypatch: pytest.MonkeyPatch) -> None:
    system = _generic("http://127.0.0.1:8000/api", mt_http_request=REQUEST, mt_http_response="data.translations")
    assert (system.kind, system.argument, system.url) == ("http", "//127.0.0.1:8000/api", "http://127.0.0.1:8000/api")
    assert system.name == "http://127.0.0.1:8000/api"
    named = _generic("house=https://mt.example/v1/translate?api_key=abc", mt_http_request=REQUEST,
                     mt_http_response="data.translations")
    assert isinstance(named, HttpsSystem) and named.name == "house"
    assert named.signature.startswith("https://mt.example/v1/translate?api_key=***;templates=")
    assert "|" not in named.signature  # it is one field of a run's |-separated signature
    with pytest.raises(ValueError, match="expected http://HOST"):
        _generic("http:localhost/api", mt_http_request=REQUEST, mt_http_response="data.translations")


def test_generic_http_with_templates(loopback: Loopback, make_suite: Callable[..., Suite],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_MT_KEY", SECRET)
    server = loopback(_uppercase(loopback, "translations"))
    system = _generic(server.url + "/api/translate", mt_http_request=REQUEST, mt_http_response="data.translations",
                      mt_http_headers='{"Authorization": "Bearer ${MY_MT_KEY}", "X-Client": "challenge"}')
    suite = make_suite(108)
    translations = system.translate(suite=suite, items=suite.items)
    assert not translations.errors
    assert translations.outputs["g107"] == "SOURCE 107"
    assert len(server.requests) == 4
    assert sorted(len(r.json["texts"]) for r in server.requests) == [12, 32, 32, 32]
    first = server.requests[0]
    assert (first.method, first.path) == ("POST", "/api/translate")
    assert {k: v for k, v in first.json.items() if k != "texts"} == {"src": "en", "tgt": "fr", "key": SECRET}
    assert first.headers["authorization"] == f"Bearer {SECRET}" and first.headers["x-client"] == "challenge"
    assert SECRET not in system.signature and SECRET not in system.name and SECRET not in repr(system)


def test_generic_http_per_source_template(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    def azure_like(request: ReceivedRequest) -> Reply:
        assert request.path == "/translate?to=fr"
        return loopback.Reply(body=[{"translations": [{"text": entry["Text"][::-1], "to": "fr"}]}
                           for entry in request.json])

    server = loopback(azure_like)
    system = _generic(server.url + "/translate?to=fr", mt_http_request='[{"Text": "{source}"}]',
                      mt_http_response="[*].translations[0].text")
    suite = make_suite(3)
    translations = system.translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"g0": "0 ecruos", "g1": "1 ecruos", "g2": "2 ecruos"}


def test_generic_http_batch_with_too_few_translations_errors(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    def drop_one(request: ReceivedRequest) -> Reply:
        texts = request.json["texts"]
        return loopback.Reply(body={"out": [{"text": t} for t in (texts[:-1] if "source 40" in texts else texts)]})

    server = loopback(drop_one)
    system = _generic(server.url + "/mt", mt_http_request='{"texts": "{sources}"}', mt_http_response="out[*].text")
    suite = make_suite(70)
    translations = system.translate(suite=suite, items=suite.items)
    assert set(translations.errors) == {f"g{n}" for n in range(32, 64)}
    assert len(translations.outputs) == 38
    assert translations.errors["g40"].startswith(
        f"{server.url}/mt: mt_http_response 'out[*].text' holds 31 translations for 32 sources; reply: ")


@pytest.mark.parametrize("request_template", [REQUEST, '[{"text": "{source}", "key": "${MY_MT_KEY}"}]'])
def test_a_missing_environment_variable_fails_every_item_once(make_suite: Callable[..., Suite],
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             request_template: str) -> None:
    monkeypatch.delenv("MY_MT_KEY", raising=False)
    system = _generic("http://127.0.0.1:9/api", mt_http_request=request_template, mt_http_response="data")
    suite = make_suite(3)
    translations = system.translate(suite=suite, items=suite.items)
    assert translations.problems == ("http://127.0.0.1:9/api: the environment variable MY_MT_KEY "
                                     "(used in mt_http_request) is not set",)
    assert set(translations.errors) == {"g0", "g1", "g2"}


def test_a_key_in_the_url_is_redacted_from_errors(loopback: Loopback, make_suite: Callable[..., Suite],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_MT_KEY", SECRET)
    server = loopback(lambda request: loopback.Reply(500, f"cannot serve {request.path}"))
    system = _generic(server.url + "/mt?token=${MY_MT_KEY}", mt_http_request='{"q": "{sources}"}',
                      mt_http_response="q")
    suite = make_suite(2)
    translations = system.translate(suite=suite, items=suite.items)
    assert len(server.requests) == 2 and "s3cr3t" in server.requests[0].path
    (problem,) = translations.problems
    assert "s3cr3t" not in problem and problem.startswith(f"{server.url}/mt?token=***: HTTP 500: cannot serve /mt?token=***")


@pytest.mark.parametrize(("settings", "message"), [
    ({"mt_http_response": "x"}, "mt_http_request is not set"),
    ({"mt_http_request": '{"q": "{sources}"', "mt_http_response": "x"}, "mt_http_request is not valid JSON"),
    ({"mt_http_request": '{"q": "text"}', "mt_http_response": "x"}, 'mt_http_request must hold the string "{sources}"'),
    ({"mt_http_request": '{"q": "all: {sources}"}', "mt_http_response": "x"}, '"{sources}" must be a whole JSON string'),
    ({"mt_http_request": '{"q": "{source}"}', "mt_http_response": "x"}, '"{source}" may only appear inside'),
    ({"mt_http_request": '{"q": "{sources}"}'}, "mt_http_response is not set"),
    ({"mt_http_request": '{"q": "{sources}"}', "mt_http_response": "a..b"}, "mt_http_response: cannot read"),
    ({"mt_http_request": '{"q": "{sources}"}', "mt_http_response": "a[x]"}, "mt_http_response: cannot read"),
    ({"mt_http_request": '{"q": "{sources}"}', "mt_http_response": "a", "mt_http_headers": '["x"]'},
     "mt_http_headers must be a JSON object of strings"),
])
def test_missing_or_malformed_settings_name_the_setting(settings: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError) as error:
        _generic("http://127.0.0.1:9/api", **settings)
    assert message in str(error.value) and str(error.value).startswith("--mt-system=http://127.0.0.1:9/api: ")
    assert "\n" not in str(error.value)


def test_a_reply_echoing_the_credentials_is_judged_as_given_and_never_stored(
        loopback: Loopback, make_suite: Callable[..., Suite], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A careless server puts the request's credentials in its translations: the URL's password as
    HTTP Basic auth (base64 of user:password), the key JSON-escaped (``\\/``), upper-cased and split
    over two lines. Nothing of them reaches the translation cache (issue 25, finding 2); the output
    is judged as the system gave it, and hidden where it is reported (issue 39, point 4)."""
    key = "k3y/ROT8-0123456789"
    monkeypatch.setenv("MY_MT_KEY", key)

    def echo(request: ReceivedRequest) -> Reply:
        basic = request.headers["authorization"].removeprefix("Basic ")
        escaped = json.dumps(request.json["key"]).strip('"').replace("/", "\\/")
        return loopback.Reply(body={"out": [f"{text} | {basic} | {escaped} | {key.upper()} | {key[:6]}\n{key[6:]}"
                                            for text in request.json["texts"]]})

    server = loopback(echo)
    url = server.url.replace("http://", "http://mt-user:PASSW0RD@") + "/mt"
    system = _generic(url, mt_http_request='{"texts": "{sources}", "key": "${MY_MT_KEY}"}', mt_http_response="out")
    suite = make_suite(3)
    run = Translator(cache_path=tmp_path / "cache.sqlite", write_line=lambda line: None,
                     suspend_capture=contextlib.nullcontext, interactive=lambda: False)
    run.redaction.add(system.secrets)
    output = run.output_for(suite, system, suite.items[0])
    assert server.requests[0].headers["authorization"] == "Basic " + base64.b64encode(b"mt-user:PASSW0RD").decode()
    assert output.text is not None and output.text.startswith("source 0 | bXQtdXNlcjpQQVNTVzBSRA== | k3y\\/ROT8")
    assert run.redaction.redact(output.text) == "source 0 | *** | *** | *** | ***"
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("cache.sqlite*"))
    assert b"source 0" not in stored and b"source 1" not in stored  # an output showing a secret is not kept
    for shown in (key, key.upper(), key[6:], "k3y\\/", "PASSW0RD", base64.b64encode(b"mt-user:PASSW0RD").decode()):
        assert shown.encode() not in stored, shown
