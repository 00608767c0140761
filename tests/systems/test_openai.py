"""Tests of ``openai:MODEL[,NAME=VALUE…]`` against a chat-completions server on loopback."""
from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pytest

from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, builtin_system_kinds, parse_system_spec
from pytest_mtchallenge.systems.http_client import ReplyError
from pytest_mtchallenge.systems.openai import (
    DEFAULT_BASE_URL,
    ChatReply,
    OpenAIParams,
    OpenAISystem,
    Prompt,
    chat_url,
    read_chat_reply,
)
from tests.items import item

if TYPE_CHECKING:
    from tests.loopback import Loopback, ReceivedRequest, Reply, Responder

KEY = "sk-proj-Zx81QfT0pSeCrEtKeY000111"
FAST = SystemOptions(timeout=5.0, retries=2, backoff=0.01, batch_size=32, concurrency=4)


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for variable in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "MY_LLM_KEY"):
        monkeypatch.delenv(variable, raising=False)
    yield


def _system(argument: str, server_url: str | None = None, **overrides: Any) -> OpenAISystem:
    if server_url is not None:
        argument += f",base_url={server_url}/v1"
    return OpenAISystem(argument=argument, name=None, options=dataclasses.replace(FAST, **overrides))


def completion(content: str | None, *, prompt_tokens: int = 10, completion_tokens: int = 5,
               finish_reason: str = "stop", **message: object) -> dict[str, object]:
    """A chat-completions reply as OpenAI's API (and vLLM, Ollama, llama.cpp's server) write it."""
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": "test-model",
            "choices": [{"index": 0, "finish_reason": finish_reason,
                         "message": {"role": "assistant", "content": content, **message}}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def user_text(request: ReceivedRequest) -> str:
    return request.json["messages"][-1]["content"]


def _echo(loopback: Loopback, translate: Callable[[str], str] = lambda text: f"FR[{text}]") -> Responder:
    """A server that translates the last line of the user message (the source, in the default prompt)."""
    def respond(request: ReceivedRequest) -> Reply:
        assert request.path == "/v1/chat/completions"
        return loopback.Reply(body=completion(translate(user_text(request).splitlines()[-1])))
    return respond


def _documents(*, context: tuple[str, ...] = ("The lamp fell.", "It broke.")) -> Suite:
    """Two items of one document with context, and one without."""
    items = (
        item("Then it went out.", ("r",), id="d1", suite="docs", context=context, document="doc1"),
        item("The table is new.", ("r",), id="d2", suite="docs"),
    )
    from pytest_mtchallenge.model import Category, Subcategory
    subcategory = Subcategory(id="s", title="s", category="c", question="?", checker="human",
                              params=MappingProxyType({}), explanation="", item_ids=("d1", "d2"))
    return Suite(name="docs", title="Docs", citation="", source_language="en", target_language="fr",
                 path=Path("docs.yaml"), categories=(Category(id="c", title="c", subcategory_ids=("s",)),),
                 subcategories=MappingProxyType({"s": subcategory}), items=items, systems=MappingProxyType({}),
                 verdicts=())


# -- requests ----------------------------------------------------------------------------------

def test_one_request_per_source_with_the_model_messages_and_temperature(
        loopback: Loopback, make_suite: Callable[..., Suite], monkeypatch: pytest.MonkeyPatch) -> None:
    server = loopback(_echo(loopback))
    monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1/")
    suite = make_suite(5)
    system = _system("some-model,max_tokens=256,seed=7,top_p=0.9")
    translations = system.translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {f"g{n}": f"FR[source {n}]" for n in range(5)}
    assert not translations.errors and not translations.notes
    assert len(server.requests) == 5
    assert sorted(user_text(r).splitlines()[-1] for r in server.requests) == [f"source {n}" for n in range(5)]
    body = server.requests[0].json
    assert {k: v for k, v in body.items() if k != "messages"} == {
        "model": "some-model", "temperature": 0, "max_tokens": 256, "seed": 7, "top_p": 0.9}
    system_message, user_message = body["messages"]
    assert system_message["role"] == "system" and user_message["role"] == "user"
    assert "from English into French" in system_message["content"]
    assert "authorization" not in server.requests[0].headers  # a local server needs no key


def test_the_key_is_sent_as_a_bearer_token_from_the_variable_named(
        loopback: Loopback, make_suite: Callable[..., Suite], monkeypatch: pytest.MonkeyPatch) -> None:
    server = loopback(_echo(loopback))
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("MY_LLM_KEY", "other-key-123456")
    suite = make_suite(1)
    _system("m", server.url).translate(suite=suite, items=suite.items)
    _system("m,key_env=MY_LLM_KEY", server.url).translate(suite=suite, items=suite.items)
    assert [r.headers["authorization"] for r in server.requests] == [f"Bearer {KEY}", "Bearer other-key-123456"]


def test_concurrency_is_honoured(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    lock = threading.Lock()
    state = {"in_flight": 0, "peak": 0}
    first_wave = threading.Barrier(3, timeout=10)

    def respond(request: ReceivedRequest) -> Reply:
        with lock:
            state["in_flight"] += 1
            state["peak"] = max(state["peak"], state["in_flight"])
        try:
            if request.number < 3:
                first_wave.wait()  # only passes once three requests are in flight together
            return loopback.Reply(body=completion("ok"))
        finally:
            with lock:
                state["in_flight"] -= 1

    server = loopback(respond)
    suite = make_suite(12)
    translations = _system("m", server.url, concurrency=3).translate(suite=suite, items=suite.items)
    assert len(translations.outputs) == 12 and not translations.errors
    assert len(server.requests) == 12
    assert state["peak"] == 3


def test_the_batch_size_does_not_group_sources(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(_echo(loopback))
    suite = make_suite(4)
    _system("m", server.url, batch_size=32, concurrency=1).translate(suite=suite, items=suite.items)
    assert [user_text(r).splitlines()[-1] for r in server.requests] == [f"source {n}" for n in range(4)]


# -- faults ------------------------------------------------------------------------------------

def test_a_429_waits_as_long_as_retry_after_says(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(429, {"error": {"message": "Rate limit reached"}},
                                               headers={"Retry-After": "2"}) if r.number == 0
                      else loopback.Reply(body=completion("Bonjour.")))
    suite = make_suite(1)
    system = _system("m", server.url)
    waits: list[float] = []
    system.sleep = waits.append
    translations = system.translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"g0": "Bonjour."}
    assert waits == [2.0] and len(server.requests) == 2
    assert translations.usage == {"prompt_tokens": 10, "completion_tokens": 5, "requests": 1}


def test_a_500_is_retried_then_the_reply_is_read(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(500, "model is loading") if r.number == 0
                      else loopback.Reply(body=completion("Bonjour.")))
    suite = make_suite(1)
    translations = _system("m", server.url).translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"g0": "Bonjour."} and len(server.requests) == 2


def test_malformed_json_errors_its_item_only(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    def respond(request: ReceivedRequest) -> Reply:
        if user_text(request).endswith("source 1"):
            return loopback.Reply(body='{"choices": [{"message": {"content": "Bonj')
        return loopback.Reply(body=completion("ok"))

    server = loopback(respond)
    suite = make_suite(3)
    translations = _system("m", server.url, retries=0).translate(suite=suite, items=suite.items)
    assert set(translations.outputs) == {"g0", "g2"}
    assert translations.errors["g1"].startswith(f"{server.url}/v1/chat/completions: reply is not valid JSON")
    assert '"Bonj' in translations.errors["g1"]
    assert translations.usage["requests"] == 2


def test_a_reply_without_choices_quotes_the_server(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(body={"error": {"message": "model 'm' not found"}}))
    suite = make_suite(1)
    translations = _system("m", server.url).translate(suite=suite, items=suite.items)
    assert "the server said: model 'm' not found" in translations.errors["g0"]


def test_a_404_says_what_to_check(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(404, {"error": "not found"}))
    suite = make_suite(1)
    (problem,) = _system("llama3", server.url).translate(suite=suite, items=suite.items).problems
    assert problem.endswith("(is 'llama3' a model of this server, and does the base URL end in /v1?)")


def test_a_preamble_and_quotes_are_cleaned_and_the_note_says_so(loopback: Loopback,
                                                                make_suite: Callable[..., Suite]) -> None:
    replies = {"source 0": 'Here is the French translation:\n\n"Je veux qu\'il vienne."',
               "source 1": "```\nLe chat dort.\n```",
               "source 2": "Les chevaux courent.\n\nNote: « chevaux » is the plural of « cheval ».",
               "source 3": "<think>Plural of cheval…</think>Il pleut.",
               "source 4": "Il neige."}
    server = loopback(_echo(loopback, lambda source: replies[source]))
    suite = make_suite(5)
    translations = _system("m", server.url).translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"g0": "Je veux qu'il vienne.", "g1": "Le chat dort.",
                                          "g2": "Les chevaux courent.", "g3": "Il pleut.", "g4": "Il neige."}
    assert dict(translations.notes) == {
        "g0": "the model's reply was cleaned: removed the preamble 'Here is the French translation:'; "
              'removed the quotes "…" around the translation',
        "g1": "the model's reply was cleaned: took the text inside the code fence",
        "g2": "the model's reply was cleaned: removed a trailing note 'Note: « chevaux » is the plural of « cheval ».'",
        "g3": "the model's reply was cleaned: removed the model's reasoning (<think>…</think>)"}


@pytest.mark.parametrize(("reply", "error"), [
    (completion("I'm sorry, but I can't assist with that request."),
     'the model refused to translate: "I\'m sorry, but I can\'t assist with that request."'),
    (completion(None, refusal="I can't help with that."), 'the model refused to translate: "I can\'t help with that."'),
    (completion(""), "no translation in the reply: the reply was empty"),
    (completion('""'),
     'no translation in the reply: the reply was """" (removed the quotes "…" around the translation)'),
    (completion("<think>Let me think about the word", finish_reason="length"),
     'no translation in the reply: the reply was "<think>Let me think about the word" (removed the model\'s '
     "reasoning (<think>…</think>)); the token limit was reached"),
    (completion("", finish_reason="content_filter"), "the server's content filter stopped the reply"),
    # a preamble with nothing after it is no translation (issue 25, 15): an error, as an empty reply is
    (completion("Here is the French translation:"),
     'no translation in the reply: the reply was "Here is the French translation:" (removed the preamble '
     "'Here is the French translation:')"),
    (completion("Sure! Here is the translation:\n\n"),
     'no translation in the reply: the reply was "Sure! Here is the translation:" (removed the preamble '
     "'Sure! Here is the translation:')"),
])
def test_a_refusal_or_an_empty_reply_errors_its_item_quoting_the_reply(
        loopback: Loopback, make_suite: Callable[..., Suite], reply: dict[str, object], error: str) -> None:
    server = loopback(lambda r: loopback.Reply(body=reply if r.json["messages"][-1]["content"].endswith("0")
                                               else completion("Bonjour.")))
    suite = make_suite(2)
    translations = _system("m", server.url).translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"g1": "Bonjour."}
    assert dict(translations.errors) == {"g0": f"{server.url}/v1/chat/completions (m): {error}"}
    assert translations.problems == ()  # an item's fault, not the system's


def test_a_long_refusal_is_quoted_up_to_160_characters(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    refusal = "I'm sorry, but I cannot translate this text, because " + "it goes against my guidelines " * 10
    server = loopback(lambda r: loopback.Reply(body=completion(refusal)))
    suite = make_suite(1)
    error = _system("m", server.url).translate(suite=suite, items=suite.items).errors["g0"]
    quoted = error.partition("the model refused to translate: ")[2]
    assert quoted.startswith('"I\'m sorry') and quoted.endswith('…"') and len(quoted) == 162


def test_a_reply_cut_at_the_token_limit_is_kept_with_a_note(loopback: Loopback,
                                                            make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(body=completion("Je veux qu'il", finish_reason="length")))
    suite = make_suite(1)
    translations = _system("m,max_tokens=3", server.url).translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"g0": "Je veux qu'il"}
    assert dict(translations.notes) == {"g0": "the reply was cut at the token limit (finish_reason: length)"}


def test_usage_tokens_are_summed(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    def respond(request: ReceivedRequest) -> Reply:
        n = int(user_text(request).rsplit(" ", 1)[1])
        return loopback.Reply(body=completion("ok", prompt_tokens=100 + n, completion_tokens=n))

    server = loopback(respond)
    suite = make_suite(10)
    translations = _system("m", server.url).translate(suite=suite, items=suite.items)
    assert translations.usage == {"prompt_tokens": 1045, "completion_tokens": 45, "requests": 10}


def test_replies_without_usage_count_requests_only(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(body={"choices": [{"message": {"content": "ok"}}]}))
    suite = make_suite(3)
    assert _system("m", server.url).translate(suite=suite, items=suite.items).usage == {
        "prompt_tokens": 0, "completion_tokens": 0, "requests": 3}


def test_the_key_is_never_shown(loopback: Loopback, make_suite: Callable[..., Suite],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    def respond(request: ReceivedRequest) -> Reply:
        said = request.headers["authorization"]
        if user_text(request).endswith("0"):
            return loopback.Reply(401, {"error": {"message": f"Incorrect API key provided: {said}"}})
        if user_text(request).endswith("1"):
            return loopback.Reply(body=completion(f"I'm sorry, as an AI I cannot use {said}"))
        return loopback.Reply(body=completion(f"Translation: {said}"))

    server = loopback(respond)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    suite = make_suite(3)
    system = _system("m", server.url, retries=0)
    translations = system.translate(suite=suite, items=suite.items)
    assert "HTTP 401" in translations.errors["g0"] and "Bearer ***" in translations.errors["g0"]
    assert translations.errors["g0"].endswith("(the server refused the key in OPENAI_API_KEY)")
    assert "Bearer ***" in translations.errors["g1"] and "Translation:" in translations.notes["g2"]
    shown = [*translations.errors.values(), *translations.problems, *translations.notes.values(), system.name,
             system.signature, repr(system)]
    assert not any(KEY in text or KEY[8:20] in text for text in shown)


def test_a_401_without_a_key_says_which_variable_to_set(loopback: Loopback, make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(401, {"error": {"message": "You didn't provide an API key."}}))
    suite = make_suite(1)
    (problem,) = _system("gpt-4o-mini", server.url).translate(suite=suite, items=suite.items).problems
    assert problem.endswith("(the server wants an API key: set OPENAI_API_KEY)")


# -- the spec ----------------------------------------------------------------------------------

def test_spec_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds = builtin_system_kinds()
    system = parse_system_spec("gpt=openai:gpt-4o-mini", kinds, SystemOptions())
    assert isinstance(system, OpenAISystem) and system.name == "gpt"
    assert system.url == f"{DEFAULT_BASE_URL}/chat/completions" and system.params.request == {"temperature": 0}
    ollama = parse_system_spec("openai:llama3.1:8b,temperature=none,base_url=http://localhost:11434/v1", kinds,
                               SystemOptions())
    assert isinstance(ollama, OpenAISystem)
    assert ollama.model == "llama3.1:8b" and ollama.params.request == {}
    assert ollama.url == "http://localhost:11434/v1/chat/completions"
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:8000/v1")
    assert _system("m").url == "http://127.0.0.1:8000/v1/chat/completions"
    assert _system("m,base_url=http://h:1/v1/chat/completions").url == "http://h:1/v1/chat/completions"
    assert chat_url("http://h/v1/") == "http://h/v1/chat/completions"


@pytest.mark.parametrize(("argument", "message"), [
    ("temperature=0", "expected openai:MODEL[,NAME=VALUE...], the model first"),
    ("m,temprature=0", "unknown parameter 'temprature' (parameters: temperature=, top_p="),
    ("m,temprature=none", "unknown parameter 'temprature' (parameters: temperature=, top_p="),
    ("m,temperature=hot", "temperature must be a number, got 'hot'"),
    ("m,max_tokens=1.5", "max_tokens must be a whole number, got '1.5'"),
    ("m,seed", "expected NAME=VALUE, got 'seed'"),
    ("m,mode=paragraph", "mode must be sentence or document, got 'paragraph'"),
    ("m,document=first", "document must be last or whole, got 'first'"),
    ("m,key_env=$KEY", "key_env must name an environment variable"),
    ("m,base_url=localhost:8000", "the base URL 'localhost:8000' is not an http:// or https:// URL"),
])
def test_bad_specs_stop_the_run_in_one_line(argument: str, message: str) -> None:
    with pytest.raises(ValueError, match="^--mt-system=openai:") as error:
        _system(argument)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_parameters_are_typed_once() -> None:
    params = OpenAIParams.parse({"temperature": "1", "top_p": "0.9", "seed": "3", "reasoning_effort": "low",
                                 "key_env": "TEAM_KEY", "document": "whole"})
    assert params.request == {"temperature": 1, "top_p": 0.9, "seed": 3, "reasoning_effort": "low"}
    assert isinstance(params.request["temperature"], int)  # "1" and "1.0" sign differently, as before
    assert (params.key_env, params.document, params.mode, params.base_url) == ("TEAM_KEY", "whole", None, "")
    assert OpenAIParams.parse({"temperature": "none"}).request == {}
    assert OpenAIParams.parse({}) == OpenAIParams()


def test_the_name_and_signature_hide_a_password_in_the_base_url() -> None:
    system = _system("m,base_url=http://user:hunter2@127.0.0.1:8000/v1")
    assert "hunter2" not in system.name and "hunter2" not in system.signature
    assert system.name == "openai:m,base_url=http://user:***@127.0.0.1:8000/v1"


# -- prompts -----------------------------------------------------------------------------------

def test_a_prompt_file_replaces_the_default_and_changes_the_signature(tmp_path: Path, loopback: Loopback,
                                                                      make_suite: Callable[..., Suite]) -> None:
    server = loopback(lambda r: loopback.Reply(body=completion("Bonjour.")))
    prompt = tmp_path / "prompt.txt"
    prompt.write_text("[system]\nTranslate {source_code}→{target_code}. Keep {braces}.\n[user]\n"
                      "{target_language}: {source}\n", encoding="utf-8")
    settings = MappingProxyType({"mt_openai_prompt": "prompt.txt"})
    system = _system("m", server.url, rootdir=tmp_path, settings=settings)
    suite = make_suite(1)
    system.translate(suite=suite, items=suite.items)
    assert server.requests[0].json["messages"] == [
        {"role": "system", "content": "Translate en→fr. Keep {braces}."},
        {"role": "user", "content": "French: source 0"}]
    default = _system("m", server.url, rootdir=tmp_path)
    assert system.signature != default.signature and system.signature.startswith("openai:m;base=")
    prompt.write_text("[user]\nInto {target_language}, please: {source}\n", encoding="utf-8")
    edited = _system("m", server.url, rootdir=tmp_path, settings=settings)
    assert edited.signature != system.signature
    assert _system("m", server.url, rootdir=tmp_path, settings=settings).signature == edited.signature
    # prompt= overrides the ini setting; the signature holds the prompt's text (digest), not its path
    from_parameter = _system(f"m,prompt={tmp_path / 'prompt.txt'}", server.url, settings=MappingProxyType(
        {"mt_openai_prompt": "elsewhere.txt"}))
    assert from_parameter.prompt.user == edited.prompt.user and from_parameter.signature == edited.signature


def test_the_signature_depends_on_the_prompt_text_not_its_path(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Into {target_language}: {source}", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Into {target_language}: {source}", encoding="utf-8")
    (tmp_path / "c.txt").write_text("In {target_language}: {source}", encoding="utf-8")
    signatures = [_system(f"m,prompt={tmp_path / name}").signature for name in ("a.txt", "b.txt", "c.txt")]
    assert signatures[0] == signatures[1] != signatures[2]
    assert all("|" not in signature for signature in signatures)


def test_a_source_holding_a_placeholder_is_sent_as_it_is() -> None:
    prompt = Prompt.parse("Translate: {source}", origin="test")
    assert prompt.messages({"source": "Use {context} and {target_language}."}) == [
        {"role": "user", "content": "Translate: Use {context} and {target_language}."}]


@pytest.mark.parametrize(("text", "setting", "message"), [
    ("Translate this.", "mt_openai_prompt", "mt_openai_prompt (p.txt) must hold {source} and neither"),
    ("{context} {source}", "mt_openai_prompt", "must hold {source} and neither {context} nor {document}"),
    ("[user]\n{source}\n[user]\n{source}", "mt_openai_prompt", "mt_openai_prompt (p.txt): two [user] lines"),
    ("Hello\n[user]\n{source}", "mt_openai_prompt", "text before the first [system] or [user] line"),
    ("[system]\n{source}\n[user]\n", "mt_openai_prompt", "the user message is empty"),
    ("Translate {source}.", "mt_openai_document_prompt",
     "mt_openai_document_prompt (p.txt) must hold {context} and {source}, or {document}"),
])
def test_bad_prompt_files_name_the_setting(tmp_path: Path, text: str, setting: str, message: str) -> None:
    (tmp_path / "p.txt").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as error:
        _system("m", rootdir=tmp_path, settings=MappingProxyType({setting: "p.txt"}))
    assert str(error.value).startswith("--mt-system=openai:m: ") and message in str(error.value)


def test_a_missing_prompt_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"cannot read the prompt file .*nowhere\.txt \(prompt=nowhere\.txt\)"):
        _system("m,prompt=nowhere.txt", rootdir=tmp_path)


# -- document mode -----------------------------------------------------------------------------

def test_document_mode_gives_the_context_and_asks_for_the_last_sentence(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(body=completion("Puis elle s'est éteinte.")))
    suite = _documents()
    system = _system("m,mode=document", server.url)
    translations = system.translate(suite=suite, items=suite.items)
    assert dict(translations.outputs) == {"d1": "Puis elle s'est éteinte.", "d2": "Puis elle s'est éteinte."}
    assert not translations.context_outputs and not translations.notes
    messages = {user_text(r).splitlines()[-1]: user_text(r) for r in server.requests}
    with_context = messages["Then it went out."]
    assert "The lamp fell. It broke." in with_context and "next sentence" in with_context
    assert "The lamp fell." not in messages["The table is new."]  # no context: the sentence prompt
    assert "mode=document;document=last" in system.signature


def test_a_model_that_translates_the_context_too_keeps_the_last_sentence(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(body=completion(
        "La lampe est tombée. Elle s'est cassée. Puis elle s'est éteinte.")))
    suite = _documents()
    translations = _system("m,mode=document", server.url).translate(suite=suite, items=suite.items[:1])
    assert dict(translations.outputs) == {"d1": "Puis elle s'est éteinte."}
    assert translations.notes["d1"] == ("the model translated the context too: kept the last 1 sentence, "
                                        "dropped 'La lampe est tombée. Elle s'est cassée.'")


@pytest.mark.parametrize("spec", ["openai:m,mode=document", "openai:m,document=last,mode=document",
                                  "openai:m,mode=document,document=last"])
def test_document_mode_from_the_spec_however_it_is_written(loopback: Loopback, spec: str) -> None:
    """A trailing ``,mode=document`` (any kind's) and ``mode=`` among this kind's parameters agree."""
    server = loopback(lambda r: loopback.Reply(body=completion("Puis elle s'est éteinte.")))
    suite = _documents()
    system = parse_system_spec(f"{spec},base_url={server.url}/v1" if spec.endswith("last") else
                               spec.replace(",mode=", f",base_url={server.url}/v1,mode="),
                               builtin_system_kinds(), FAST)
    assert system.mode == "document" and isinstance(system, OpenAISystem) and system.handles_documents
    system.translate(suite=suite, items=suite.items[:1])
    assert "The lamp fell. It broke." in user_text(server.requests[0])
    assert system.signature != _system("m", server.url).signature


def test_document_whole_translates_the_document_and_splits_it(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(body=completion(
        "La lampe est tombée. Elle s'est cassée. Puis elle s'est éteinte.")))
    suite = _documents()
    system = _system("m,mode=document,document=whole", server.url)
    translations = system.translate(suite=suite, items=suite.items[:1])
    assert dict(translations.outputs) == {"d1": "Puis elle s'est éteinte."}
    assert dict(translations.context_outputs) == {"d1": ("La lampe est tombée.", "Elle s'est cassée.")}
    assert not translations.notes
    assert user_text(server.requests[0]).endswith("The lamp fell. It broke. Then it went out.")
    assert "document=whole" in system.signature


def test_document_whole_with_a_sentence_count_that_differs_says_so(loopback: Loopback) -> None:
    server = loopback(lambda r: loopback.Reply(body=completion(
        "La lampe est tombée et s'est cassée. Puis elle s'est éteinte.")))
    suite = _documents()
    translations = _system("m,mode=document,document=whole", server.url).translate(suite=suite, items=suite.items[:1])
    assert dict(translations.outputs) == {"d1": "Puis elle s'est éteinte."}
    assert dict(translations.context_outputs) == {"d1": ("La lampe est tombée et s'est cassée.",)}
    assert translations.notes["d1"] == ("the document's translation has 2 sentences for 3 source sentences: "
                                        "the last 1 sentence judged as the item's")


def test_read_chat_reply_accepts_content_parts_and_rejects_other_shapes() -> None:
    parts = {"choices": [{"message": {"content": [{"type": "text", "text": "Bon"}, {"type": "text", "text": "jour"}]}}]}
    assert read_chat_reply(parts) == ChatReply(content="Bonjour")
    for reply, message in [([], "not a JSON object"), ({"choices": []}, "no 'choices'"),
                           ({"choices": [{"text": "x"}]}, "no 'message'"),
                           ({"choices": [{"message": {"content": 3}}]}, "'content' is not text")]:
        with pytest.raises(ReplyError, match=message):
            read_chat_reply(reply)
