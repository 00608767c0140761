"""``--mt-system=NAME=openai:MODEL`` against a chat-completions server on loopback: one request per
item, none on a second run, token usage summed, replies cleaned, document mode."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from pytest_mtchallenge.formats import resolve_suite
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.plugin import SESSION_KEY
from pytest_mtchallenge.systems import OnBatch, Translations
from tests.loopback import Loopback, LoopbackServer, ReceivedRequest, Reply
from tests.suites import subcategory, suite_yaml

Answer = Callable[[dict[str, object]], str]


@dataclass
class ChatServer:
    """A chat-completions server on loopback: ``answer(request body)`` gives each reply's content;
    each reply reports as many prompt tokens as the user message has words, completion tokens as
    the reply has."""

    answer: Answer
    server: LoopbackServer | None = None

    def reply(self, request: ReceivedRequest) -> Reply:
        body = request.json
        assert request.path == "/v1/chat/completions"
        content = self.answer(body)
        return Reply(body={
            "object": "chat.completion", "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": _prompt_tokens(body), "completion_tokens": len(content.split())}})

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"{self.server.url}/v1"

    @property
    def bodies(self) -> list[dict[str, object]]:
        assert self.server is not None
        return [request.json for request in self.server.requests]

    @property
    def prompt_tokens(self) -> int:
        return sum(map(_prompt_tokens, self.bodies))

    @property
    def completion_tokens(self) -> int:
        return sum(len(self.answer(body).split()) for body in self.bodies)


def _prompt_tokens(body: dict[str, object]) -> int:
    return len(body["messages"][-1]["content"].split())  # type: ignore[index]


@pytest.fixture
def chat_server(loopback: Loopback, monkeypatch: pytest.MonkeyPatch) -> Callable[[Answer], ChatServer]:
    """Starts chat servers on loopback (stopped when the test ends) and points OPENAI_BASE_URL at the last."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)

    def start(answer: Answer) -> ChatServer:
        server = ChatServer(answer)
        server.server = loopback(server.reply)
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        return server

    return start


class TranslationsRecorder:
    """A plugin that keeps what each system's ``translate`` returns (wrapping the run's system objects)."""

    def __init__(self) -> None:
        self.translations: list[tuple[str, Translations]] = []

    @pytest.hookimpl(trylast=True)
    def pytest_configure(self, config: pytest.Config) -> None:
        for system in config.stash[SESSION_KEY].plan.systems:
            def translate(*, suite: Suite, items: list[ChallengeItem], on_batch: OnBatch | None = None,
                          _original=system.translate, _name: str = system.name) -> Translations:
                translations = _original(suite=suite, items=items, on_batch=on_batch)
                self.translations.append((_name, translations))
                return translations
            system.translate = translate  # type: ignore[method-assign]


def _suite() -> Suite:
    return load_suite(resolve_suite("isabelle2017-en-fr"))


def _chatty(references: dict[str, str]) -> Answer:
    """The reference translation, wrapped three times out of four as chat models wrap theirs."""
    def answer(body: dict[str, object]) -> str:
        source = body["messages"][-1]["content"].split("\n\n", 1)[1]  # the default prompt: instruction, blank, source
        reference = references[source]
        return [f'Here is the French translation:\n\n"{reference}"', f"```\n{reference}\n```",
                f"{reference}\n\nNote: I kept the register of the original.", reference][len(source) % 4]
    return answer


def test_one_request_per_item_then_none_with_usage_and_cleaned_replies(
        pytester: pytest.Pytester, chat_server: Callable[[Answer], ChatServer]) -> None:
    suite = _suite()
    references = {item.source: item.reference for item in suite.items}
    server = chat_server(_chatty(references))
    args = ["--mt-suite=isabelle2017-en-fr", "--mt-system=gpt=openai:some-model", "--mt-judge=auto"]
    recorder = TranslationsRecorder()
    first = pytester.runpytest(*args, plugins=[recorder])
    outcomes = first.parseoutcomes()
    assert sum(outcomes.get(name, 0) for name in ("passed", "failed", "skipped", "xfailed", "xpassed")) == 108
    assert outcomes.get("errors", 0) == 0 and len(server.bodies) == 108
    assert {body["model"] for body in server.bodies} == {"some-model"}
    assert {body["temperature"] for body in server.bodies} == {0}

    # the cleaned replies are the references: judged exactly as the reference itself is
    reference_run = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=gpt=reference", "--mt-judge=auto")
    assert reference_run.parseoutcomes() == outcomes

    ((name, translations),) = recorder.translations
    assert name == "gpt" and dict(translations.outputs) == {item.id: item.reference for item in suite.items}
    assert dict(translations.usage) == {"prompt_tokens": server.prompt_tokens,
                                        "completion_tokens": server.completion_tokens, "requests": 108}
    assert server.prompt_tokens > 108 * 10 and server.completion_tokens > 108
    wrapped = sum(1 for item in suite.items if len(item.source) % 4 != 3)
    assert len(translations.notes) == wrapped > 50
    assert all(note.startswith("the model's reply was cleaned: ") for note in translations.notes.values())

    second = pytester.runpytest(*args, plugins=[recorder := TranslationsRecorder()])
    assert len(server.bodies) == 108  # every output from the cache
    assert second.parseoutcomes() == outcomes and recorder.translations == []


LAMPS = [
    {"id": "P1a", "document": "lamp", "context": ["The lamp fell off the table.", "It broke."],
     "source": "Then it went out.", "reference": "Puis elle s'est éteinte."},
    {"id": "P1b", "document": "book", "context": ["The book fell off the table."], "source": "It was open.",
     "reference": "Il était ouvert."},
]


def lamps_suite(*more: dict[str, str]) -> str:
    """The lamps and books, and ``more`` items, judged by the gender of the pronoun."""
    return suite_yaml(subcategories=[subcategory(
        "P1", [*LAMPS, *more], category="discourse", title="Pronoun gender", checker="regex",
        question="Does the pronoun agree with its antecedent?",
        params={"positive": r"\b[Ee]lle\b", "negative": r"\b[Ii]l\b"})],
        name="lamps", title="Lamps", citation="The pytest-mtchallenge developers (2026)")


def _antecedent_aware(body: dict[str, object]) -> str:
    """A "model" that translates the pronoun by the gender of the antecedent it is shown."""
    prompt = body["messages"][-1]["content"]
    pronoun = "Elle" if "lamp" in prompt else "Il"
    if "Translate the following English document" in prompt:  # the default prompt of document=whole
        return f"La lampe est tombée de la table. Elle s'est cassée. Puis {pronoun.lower()} s'est éteinte."
    return f"Puis {pronoun.lower()} s'est éteinte." if "went out" in prompt else f"{pronoun} était ouvert."


@pytest.mark.parametrize("scope", ["last", "whole"])
def test_document_mode_shows_the_context_to_the_model(pytester: pytest.Pytester,
                                                      chat_server: Callable[[Answer], ChatServer], scope: str) -> None:
    server = chat_server(_antecedent_aware)
    pytester.makefile(".yaml", lamps=lamps_suite())
    recorder = TranslationsRecorder()
    result = pytester.runpytest("--mt-suite=lamps.yaml", f"--mt-system=llm=openai:m,mode=document,document={scope}",
                                "--mt-judge=auto", "--mt-no-cache", plugins=[recorder])
    result.assert_outcomes(passed=1, failed=1)  # elle for the lamp; il for the book, which the regex does not accept
    assert len(server.bodies) == 2
    ((_, translations),) = recorder.translations
    assert translations.outputs["P1a"] == "Puis elle s'est éteinte."
    if scope == "whole":
        assert translations.context_outputs["P1a"] == ("La lampe est tombée de la table.", "Elle s'est cassée.")
    else:
        assert not translations.context_outputs and not translations.notes
    context_shown = [body for body in server.bodies if "The lamp fell off the table. It broke." in
                     body["messages"][-1]["content"]]
    assert len(context_shown) == 1


def test_a_sentence_that_spells_a_document_never_gets_its_cached_output(
        pytester: pytest.Pytester, chat_server: Callable[[Answer], ChatServer]) -> None:
    """Issue 25, finding 11: the cache keyed a document-level item by the JSON text of its context and
    sentence, which an item whose source is that text also had: a rerun served one item's output
    to the other."""
    lookalike = json.dumps(["The lamp fell off the table.", "It broke.", "Then it went out."])
    suite = lamps_suite({"id": "P1c", "source": lookalike, "reference": "Une liste."})
    server = chat_server(lambda body: "[une liste]" if lookalike in str(body["messages"][-1]["content"])
                         else _antecedent_aware(body))
    pytester.makefile(".yaml", lamps=suite)
    args = ["--mt-suite=lamps.yaml", "--mt-system=llm=openai:m,mode=document", "--mt-report=r.json",
            "--mt-report-only", "-p", "no:randomly"]

    def outputs() -> dict[str, str]:
        (run,) = json.loads((pytester.path / "r.json").read_text(encoding="utf-8"))["runs"]
        return {item["id"]: item["output"] for item in run["items"]}

    pytester.runpytest(*args)
    first = outputs()
    assert first["P1a"] == "Puis elle s'est éteinte." and first["P1c"] == "[une liste]"
    pytester.runpytest(*args).stdout.fnmatch_lines(["*llm: 3 of 3 outputs for lamps from the translation cache*"])
    assert len(server.bodies) == 3 and outputs() == first


def test_the_prompt_file_of_the_ini_reaches_the_model(pytester: pytest.Pytester,
                                                      chat_server: Callable[[Answer], ChatServer]) -> None:
    server = chat_server(lambda body: "Il était ouvert.")
    pytester.makefile(".yaml", lamps=lamps_suite())
    pytester.makefile(".txt", prompt="[user]\nTranslate into {target_language}, as a novelist would: {source}\n")
    pytester.makeini("[pytest]\nmt_openai_prompt = prompt.txt\n")
    pytester.runpytest("--mt-suite=lamps.yaml", "--mt-system=llm=openai:m", "--mt-no-cache")
    assert sorted(body["messages"][-1]["content"] for body in server.bodies) == [
        "Translate into French, as a novelist would: It was open.",
        "Translate into French, as a novelist would: Then it went out."]
    assert all(len(body["messages"]) == 1 for body in server.bodies)


def test_a_bad_spec_stops_the_run_in_one_line(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=openai:m,temprature=0")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --mt-system=openai:m,temprature=0: unknown parameter 'temprature' *"])
    assert "Traceback" not in result.stderr.str()


def test_usage_is_reported_and_cleaned_outputs_say_so_also_from_the_cache(
        pytester: pytest.Pytester, chat_server: Callable[[Answer], ChatServer]) -> None:
    suite = _suite()
    server = chat_server(_chatty({item.source: item.reference for item in suite.items}))
    args = ["--mt-suite=isabelle2017-en-fr", "--mt-system=gpt=openai:some-model", "--mt-judge=auto",
            "--mt-report=r.json", "-rA"]
    first = pytester.runpytest(*args)
    first.stdout.fnmatch_lines([f"usage gpt: {server.prompt_tokens:,} prompt tokens, "
                                f"{server.completion_tokens:,} completion tokens, 108 requests"])
    (run,) = json.loads(pytester.path.joinpath("r.json").read_text(encoding="utf-8"))["runs"]
    assert run["usage"] == {"prompt_tokens": server.prompt_tokens,
                            "completion_tokens": server.completion_tokens, "requests": 108}
    cleaned = [item for item in run["items"] if "the model's reply was cleaned: " in item["reason"]]
    wrapped = sum(1 for item in suite.items if len(item.source) % 4 != 3)
    assert len(cleaned) == wrapped
    pytester.runpytest(*args)  # every output from the cache: the notes too, and no usage spent
    (again,) = json.loads(pytester.path.joinpath("r.json").read_text(encoding="utf-8"))["runs"]
    assert len(server.bodies) == 108 and "usage" not in again
    assert sum("the model's reply was cleaned: " in item["reason"] for item in again["items"]) == wrapped
