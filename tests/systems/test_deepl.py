"""Tests of ``deepl[:PARAMETERS]`` against a DeepL-speaking server on loopback."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, parse_system_spec
from pytest_mtchallenge.systems import deepl
from pytest_mtchallenge.systems.deepl import DeepLParams, DeepLSystem, server_url, source_language, target_language

if TYPE_CHECKING:
    from tests.loopback import Loopback, ReceivedRequest, Reply, Responder

FREE_KEY = "0a1b2c3d-0000-4000-8000-123456789abc:fx"
PRO_KEY = "0a1b2c3d-0000-4000-8000-123456789abc"


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("DEEPL_AUTH_KEY", raising=False)
    monkeypatch.delenv("DEEPL_SERVER_URL", raising=False)
    yield


def _system(argument: str = "", **overrides: Any) -> DeepLSystem:
    options = SystemOptions(timeout=5.0, retries=1, backoff=0.01, batch_size=32, concurrency=4)
    return DeepLSystem(argument=argument, name=None, options=dataclasses.replace(options, **overrides))


def _deepl(loopback: Loopback) -> Responder:
    """A DeepL server: each text comes back with the target language in front."""
    def respond(request: ReceivedRequest) -> Reply:
        body = request.json
        assert request.path == "/v2/translate" and isinstance(body, dict)
        return loopback.Reply(body={"translations": [
            {"detected_source_language": "EN", "text": f"{body['target_lang']}: {text}"} for text in body["text"]]})
    return respond


def test_free_and_pro_keys_choose_the_endpoint() -> None:
    assert server_url(FREE_KEY, environ={}) == "https://api-free.deepl.com"
    assert server_url(PRO_KEY, environ={}) == "https://api.deepl.com"
    assert server_url(FREE_KEY, environ={"DEEPL_SERVER_URL": "http://127.0.0.1:3000/"}) == "http://127.0.0.1:3000"


@pytest.mark.parametrize(("key", "used"), [(FREE_KEY, "free"), (PRO_KEY, "pro")])
def test_the_request_goes_to_the_endpoint_of_the_key(loopback: Loopback, make_suite: Callable[..., Suite],
                                                     monkeypatch: pytest.MonkeyPatch, key: str, used: str) -> None:
    servers = {"free": loopback(_deepl(loopback)), "pro": loopback(_deepl(loopback))}
    monkeypatch.setattr(deepl, "FREE_SERVER_URL", servers["free"].url)
    monkeypatch.setattr(deepl, "PRO_SERVER_URL", servers["pro"].url)
    monkeypatch.setenv("DEEPL_AUTH_KEY", key)
    suite = make_suite(2)
    translations = _system().translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"g0": "FR: source 0", "g1": "FR: source 1"}
    assert {name: len(server.requests) for name, server in servers.items()} == {
        "free": int(used == "free"), "pro": int(used == "pro")}
    assert servers[used].requests[0].headers["authorization"] == f"DeepL-Auth-Key {key}"


def test_translates_in_batches_with_the_request_deepl_expects(loopback: Loopback, make_suite: Callable[..., Suite],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    server = loopback(_deepl(loopback))
    monkeypatch.setenv("DEEPL_SERVER_URL", server.url)
    monkeypatch.setenv("DEEPL_AUTH_KEY", PRO_KEY)
    suite = make_suite(108, source_language="fr", target_language="en")
    system = _system("formality=less, preserve_formatting=true")
    translations = system.translate(suite=suite, items=suite.items)
    assert not translations.errors and translations.outputs["g107"] == "EN-US: source 107"
    assert len(server.requests) == 4
    body = server.requests[0].json
    assert isinstance(body, dict) and {k: v for k, v in body.items() if k != "text"} == {
        "target_lang": "EN-US", "source_lang": "FR", "formality": "less", "preserve_formatting": True}
    assert system.name == system.signature == "deepl:formality=less, preserve_formatting=true"


def test_at_most_50_texts_per_request(loopback: Loopback, make_suite: Callable[..., Suite],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    server = loopback(_deepl(loopback))
    monkeypatch.setenv("DEEPL_SERVER_URL", server.url)
    monkeypatch.setenv("DEEPL_AUTH_KEY", FREE_KEY)
    suite = make_suite(108)
    translations = _system(batch_size=100).translate(suite=suite, items=suite.items)
    assert len(translations.outputs) == 108
    assert sorted(len(r.json["text"]) for r in server.requests) == [8, 50, 50]


def test_language_codes() -> None:
    assert [target_language(code) for code in ("fr", "en", "en-GB", "pt", "pt_BR", "de")] == [
        "FR", "EN-US", "EN-GB", "PT-PT", "PT-BR", "DE"]
    assert [source_language(code) for code in ("en-GB", "fr", "pt_BR")] == ["EN", "FR", "PT"]


def test_the_argument_overrides_the_target_variant(loopback: Loopback, make_suite: Callable[..., Suite],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    server = loopback(_deepl(loopback))
    monkeypatch.setenv("DEEPL_SERVER_URL", server.url)
    monkeypatch.setenv("DEEPL_AUTH_KEY", PRO_KEY)
    suite = make_suite(1, source_language="fr", target_language="en")
    translations = _system("target_lang=EN-GB").translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"g0": "EN-GB: source 0"}


def test_spec_parsing_and_bad_parameters() -> None:
    kinds = {"deepl": DeepLSystem}
    assert parse_system_spec("deepl", kinds, SystemOptions()).name == "deepl"
    system = parse_system_spec("deepl:model_type=quality_optimized,preserve_formatting=true", kinds, SystemOptions())
    assert isinstance(system, DeepLSystem)
    assert system.params == DeepLParams(request={"model_type": "quality_optimized", "preserve_formatting": True})
    assert system.signature == "deepl:model_type=quality_optimized,preserve_formatting=true"
    with pytest.raises(ValueError, match="expected NAME=VALUE"):
        parse_system_spec("deepl:formal", kinds, SystemOptions())
    with pytest.raises(ValueError, match="'text' is set by the plugin"):
        parse_system_spec("deepl:text=hello", kinds, SystemOptions())


def test_a_missing_key_says_which_variable_to_set(make_suite: Callable[..., Suite]) -> None:
    suite = make_suite(2)
    translations = _system().translate(suite=suite, items=suite.items)
    assert translations.problems == ("deepl: set the environment variable DEEPL_AUTH_KEY to your DeepL API key",)
    assert set(translations.errors) == {"g0", "g1"}


def test_a_refused_key_is_never_shown(loopback: Loopback, make_suite: Callable[..., Suite],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(request: ReceivedRequest) -> Reply:
        return loopback.Reply(403, {"message": f"Wrong key: {request.headers['authorization']}"})

    server = loopback(refuse)
    monkeypatch.setenv("DEEPL_SERVER_URL", server.url)
    monkeypatch.setenv("DEEPL_AUTH_KEY", PRO_KEY)
    system = _system()
    suite = make_suite(2)
    translations = system.translate(suite=suite, items=suite.items)
    (problem,) = translations.problems
    assert problem == (f'{server.url}/v2/translate: HTTP 403: {{"message": "Wrong key: DeepL-Auth-Key ***"}} '
                       "(DeepL refused the key in DEEPL_AUTH_KEY)")
    shown = [*translations.errors.values(), *translations.problems, system.name, system.signature, repr(system)]
    assert not any(PRO_KEY in text or "123456789abc" in text for text in shown)


def test_quota_exceeded_is_not_retried(loopback: Loopback, make_suite: Callable[..., Suite],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    server = loopback(lambda r: loopback.Reply(456, {"message": "Quota exceeded"}))
    monkeypatch.setenv("DEEPL_SERVER_URL", server.url)
    monkeypatch.setenv("DEEPL_AUTH_KEY", FREE_KEY)
    suite = make_suite(1)
    (problem,) = _system().translate(suite=suite, items=suite.items).problems
    assert len(server.requests) == 1 and problem.endswith("(the DeepL character quota is used up)")


def test_fewer_translations_than_texts(loopback: Loopback, make_suite: Callable[..., Suite],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    server = loopback(lambda r: loopback.Reply(body={"translations": [{"text": "un"}]}))
    monkeypatch.setenv("DEEPL_SERVER_URL", server.url)
    monkeypatch.setenv("DEEPL_AUTH_KEY", FREE_KEY)
    suite = make_suite(2)
    translations = _system().translate(suite=suite, items=suite.items)
    assert translations.errors["g1"].startswith(
        f"{server.url}/v2/translate: translations holds 1 translations for 2 sources; reply: ")
