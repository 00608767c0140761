"""``openai:MODEL[,NAME=VALUE…]`` — a large language model behind an OpenAI-compatible chat-completions API."""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from urllib.parse import urlsplit

from pytest_mtchallenge.languages import language_name, split_sentences
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.redaction import redact, redact_url
from pytest_mtchallenge.systems import (
    DOCUMENT,
    MODES,
    OnBatch,
    System,
    SystemOptions,
    SystemParams,
    Translations,
    document_text,
)
from pytest_mtchallenge.systems.batching import translate_in_batches
from pytest_mtchallenge.systems.chat_reply import clean_reply, is_refusal, quoted
from pytest_mtchallenge.systems.http_client import HttpClient, ReplyError, excerpt, redact_translations

DEFAULT_BASE_URL = "https://api.openai.com/v1"
BASE_URL_ENV = "OPENAI_BASE_URL"
KEY_ENV = "OPENAI_API_KEY"

#: Request parameters passed through to the server, by the type of their value.
NUMBER_PARAMETERS = ("temperature", "top_p", "frequency_penalty", "presence_penalty", "min_p", "repetition_penalty")
INTEGER_PARAMETERS = ("max_tokens", "max_completion_tokens", "seed", "top_k")
TEXT_PARAMETERS = ("reasoning_effort",)
#: Parameters of this kind itself, never sent.
OWN_PARAMETERS = ("base_url", "key_env", "mode", "document", "prompt", "document_prompt")
#: Sent unless the spec says otherwise (``temperature=none`` sends no temperature).
DEFAULT_REQUEST: Mapping[str, int | float | str] = MappingProxyType({"temperature": 0})
#: In document mode: translate only the item's sentence, the context given for reference (``last``),
#: or the whole document, split into sentences afterwards (``whole``).
DOCUMENT_SCOPES = ("last", "whole")

SENTENCE_PROMPT = """\
[system]
You are a professional translator. You translate from {source_language} into {target_language}. \
You reply with the translation only: no quotes, no notes, no explanations, no alternatives.
[user]
Translate the following {source_language} text into {target_language}. Reply with the translation only.

{source}
"""
DOCUMENT_PROMPT_LAST = """\
[system]
You are a professional translator. You translate documents from {source_language} into {target_language}, \
one sentence at a time. You reply with the translation only: no quotes, no notes, no explanations, no alternatives.
[user]
Here is the beginning of a {source_language} document, for context only (do not translate it):

{context}

Translate the next sentence of that document into {target_language}, so that it follows on from the context \
(pronouns, gender and number, terminology, register). Reply with the translation of this sentence only:

{source}
"""
DOCUMENT_PROMPT_WHOLE = """\
[system]
You are a professional translator. You translate documents from {source_language} into {target_language}. \
You reply with the translation only: no quotes, no notes, no explanations, no alternatives.
[user]
Translate the following {source_language} document into {target_language}, keeping its sentences in the same \
order, one translated sentence for each sentence of the document. Reply with the translation only.

{document}
"""

_PLACEHOLDER = re.compile(r"\{(source|context|document|source_language|target_language|source_code|target_code)\}")
_SECTION = re.compile(r"^\[(system|user)\]$", re.IGNORECASE)
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True, slots=True)
class Prompt:
    """A chat prompt: an optional system message and a user message, with ``{placeholders}``.

    Read from a template file whose ``[system]`` and ``[user]`` lines start the two messages (a
    file without them is the user message alone). ``{source}``, ``{context}``, ``{document}``,
    ``{source_language}``, ``{target_language}`` (English names), ``{source_code}`` and
    ``{target_code}`` are replaced; any other brace is left as it is.
    """

    system: str
    user: str
    origin: str  # what the prompt is, for messages: "the default prompt", "mt_openai_prompt (prompt.txt)"

    @classmethod
    def parse(cls, text: str, *, origin: str) -> Prompt:
        sections: dict[str, list[str]] = {}
        before: list[str] = []
        current: list[str] = before
        for line in text.splitlines():
            marker = _SECTION.match(line.strip())
            if marker:
                name = marker.group(1).lower()
                if name in sections:
                    raise ValueError(f"{origin}: two [{name}] lines")
                current = sections[name] = []
            else:
                current.append(line)
        if not sections:
            system, user = "", text
        elif "\n".join(before).strip():
            raise ValueError(f"{origin}: text before the first [system] or [user] line")
        else:
            system, user = "\n".join(sections.get("system", [])), "\n".join(sections.get("user", []))
        if not user.strip():
            raise ValueError(f"{origin}: the user message is empty")
        return cls(system=system.strip(), user=user.strip(), origin=origin)

    @property
    def placeholders(self) -> frozenset[str]:
        return frozenset(_PLACEHOLDER.findall(self.system + "\n" + self.user))

    @property
    def digest(self) -> str:
        """What identifies the prompt's wording (part of the system's signature)."""
        return hashlib.sha256(json.dumps([self.system, self.user]).encode("utf-8")).hexdigest()[:12]

    def messages(self, values: Mapping[str, str]) -> list[dict[str, str]]:
        """The chat messages with every placeholder replaced (in one pass: a source holding
        ``{context}`` is sent as it is)."""
        def fill(text: str) -> str:
            return _PLACEHOLDER.sub(lambda match: values[match.group(1)], text)

        messages = [{"role": "system", "content": fill(self.system)}] if self.system else []
        return [*messages, {"role": "user", "content": fill(self.user)}]


@dataclass(frozen=True, slots=True)
class ChatReply:
    """What one chat completion said, and what it cost."""

    content: str
    refusal: str = ""
    finish_reason: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0


def read_chat_reply(reply: object) -> ChatReply:
    """The first choice of a chat-completions reply; :class:`ReplyError` when the reply has none."""
    if not isinstance(reply, dict):
        raise ReplyError("the reply is not a JSON object")
    choices = reply.get("choices")
    if not isinstance(choices, list) or not choices:
        error = reply.get("error")
        said = error.get("message") if isinstance(error, dict) else error
        raise ReplyError(f"the server said: {said}" if isinstance(said, str) else "no 'choices' in the reply")
    choice = choices[0]
    message = choice.get("message") if isinstance(choice, dict) else None
    if not isinstance(message, dict):
        raise ReplyError("no 'message' in the reply's first choice")
    content = message.get("content")
    if isinstance(content, list):  # content parts: [{"type": "text", "text": "…"}]
        content = "".join(part.get("text", "") for part in content
                          if isinstance(part, dict) and isinstance(part.get("text", ""), str))
    if content is None:
        content = ""
    if not isinstance(content, str):
        raise ReplyError("the message's 'content' is not text")
    refusal = message.get("refusal")
    finish_reason = choice.get("finish_reason")
    usage = reply.get("usage") if isinstance(reply.get("usage"), dict) else {}

    def tokens(name: str) -> int:
        value = usage.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0

    return ChatReply(content=content, refusal=refusal if isinstance(refusal, str) else "",
                     finish_reason=finish_reason if isinstance(finish_reason, str) else "",
                     prompt_tokens=tokens("prompt_tokens"), completion_tokens=tokens("completion_tokens"))


@dataclass(frozen=True, slots=True)
class Settled:
    """One item's share of a reply: its output (or why there is none), the context's translation, notes."""

    output: str = ""
    error: str = ""
    context: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


class _Tally:
    """Usage and per-item results gathered from the request threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.prompt_tokens = self.completion_tokens = self.requests = 0
        self.settled: dict[str, Settled] = {}

    def add(self, item_id: str, reply: ChatReply, settled: Settled) -> None:
        with self._lock:
            self.requests += 1
            self.prompt_tokens += reply.prompt_tokens
            self.completion_tokens += reply.completion_tokens
            self.settled[item_id] = settled

    @property
    def usage(self) -> Mapping[str, int]:
        return MappingProxyType({"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                                 "requests": self.requests})


@dataclass(frozen=True, slots=True)
class OpenAIParams(SystemParams):
    """What an ``openai:`` spec gives after the model.

    ``request``: the parameters sent with each request, typed by name (:data:`NUMBER_PARAMETERS`,
    :data:`INTEGER_PARAMETERS`, :data:`TEXT_PARAMETERS`), ``temperature`` 0 unless given and
    ``NAME=none`` sending none. The kind's own, never sent: the base URL ("": ``OPENAI_BASE_URL``,
    else the public endpoint), the variable holding the key ("": ``OPENAI_API_KEY``), the prompt
    template files ("": the ini settings, else the default prompts), the mode (None: the spec's
    ``,mode=``, else sentence) and, in document mode, what is translated (:data:`DOCUMENT_SCOPES`).
    """

    request: Mapping[str, int | float | str] = field(default_factory=lambda: DEFAULT_REQUEST)
    base_url: str = ""
    key_env: str = ""
    prompt: str = ""
    document_prompt: str = ""
    mode: str | None = None
    document: str = "last"

    @classmethod
    def parse(cls, pairs: Mapping[str, str]) -> OpenAIParams:
        request: dict[str, int | float | str] = dict(DEFAULT_REQUEST)
        own: dict[str, str] = {}
        for name, value in pairs.items():
            if name in OWN_PARAMETERS:
                own[name] = value
            elif name not in (*NUMBER_PARAMETERS, *INTEGER_PARAMETERS, *TEXT_PARAMETERS):
                known = ", ".join(f"{known}=" for known in (*NUMBER_PARAMETERS, *INTEGER_PARAMETERS,
                                                             *TEXT_PARAMETERS, *OWN_PARAMETERS))
                raise ValueError(f"unknown parameter {name!r} (parameters: {known})")
            elif value.lower() == "none":
                request.pop(name, None)
            else:
                request[name] = _request_value(name, value)
        for name, allowed in (("mode", MODES), ("document", DOCUMENT_SCOPES)):
            if name in own and own[name] not in allowed:
                raise ValueError(f"{name} must be {' or '.join(allowed)}, got {own[name]!r}")
        if "key_env" in own and not _ENV_NAME.match(own["key_env"]):
            raise ValueError(f"key_env must name an environment variable, got {own['key_env']!r}")
        return cls(request=MappingProxyType(request), base_url=own.get("base_url", ""), key_env=own.get("key_env", ""),
                   prompt=own.get("prompt", ""), document_prompt=own.get("document_prompt", ""),
                   mode=own.get("mode"), document=own.get("document", "last"))


def _request_value(name: str, value: str) -> int | float | str:
    """A request parameter's value as its type: a number (whole numbers stay whole), a whole number, or text."""
    try:
        if name in NUMBER_PARAMETERS:
            return int(value) if re.fullmatch(r"-?\d+", value) else float(value)
        if name in INTEGER_PARAMETERS:
            return int(value)
    except ValueError:
        raise ValueError(f"{name} must be {'a number' if name in NUMBER_PARAMETERS else 'a whole number'}, "
                         f"got {value!r}") from None
    return value


def chat_url(base_url: str) -> str:
    """``{base}/chat/completions`` (a base already ending so is kept)."""
    base = base_url.rstrip("/")
    return base if base.endswith("/chat/completions") else base + "/chat/completions"


class OpenAISystem(System):
    """Translates with ``POST {base}/chat/completions``: one request per item, ``--mt-concurrency`` at once.

    ``openai:MODEL[,NAME=VALUE…]``. The base URL is ``base_url=``, else ``OPENAI_BASE_URL``, else
    the public endpoint; the key is ``OPENAI_API_KEY`` (or the variable ``key_env=`` names),
    sent as a bearer token when set. Sampling parameters are passed through (``temperature``
    is 0 unless given). Replies are cleaned of what is not the translation, and each cleaned
    output says so in :attr:`Translations.notes`; token usage is summed in
    :attr:`Translations.usage`.
    """

    kind = "openai"
    key_env = KEY_ENV
    url_env = (BASE_URL_ENV,)
    handles_documents = True  # reads item.context and fills Translations.context_outputs itself
    Params = OpenAIParams
    params: OpenAIParams
    head_name = "MODEL"
    #: How the HTTP client waits between attempts (tests replace it to record the waits).
    sleep: Callable[[float], None] = staticmethod(time.sleep)

    def __init__(self, *, argument: str, name: str | None, options: SystemOptions, mode: str | None = None,
                 version: str = "", params: SystemParams | None = None) -> None:
        super().__init__(argument=argument, name=name, options=options, mode=mode, version=version, params=params)
        spec = f"--mt-system={self.shown_spec}"
        self.model = self.head
        if not self.model or "=" in self.model:
            raise ValueError(f"{spec}: expected openai:MODEL[,NAME=VALUE...], the model first (openai:gpt-4o-mini)")
        if mode is None and self.params.mode is not None:  # the spec's ,mode=… wins over the kind's own mode=…
            self.mode = self.params.mode
        self.base_url = (self.params.base_url or os.environ.get(BASE_URL_ENV, "").strip()
                         or DEFAULT_BASE_URL).rstrip("/")
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"{spec}: the base URL {redact_url(self.base_url)!r} is not an http:// or https:// URL")
        self.url = chat_url(self.base_url)
        self.prompt = self._load_prompt("prompt", self.params.prompt, "mt_openai_prompt", SENTENCE_PROMPT,
                                        spec=spec)
        self.document_prompt = self._load_prompt(
            "document_prompt", self.params.document_prompt, "mt_openai_document_prompt",
            DOCUMENT_PROMPT_WHOLE if self.params.document == "whole" else DOCUMENT_PROMPT_LAST, spec=spec)
        used = self.prompt.placeholders
        if "source" not in used or used & {"context", "document"}:
            raise ValueError(f"{spec}: {self.prompt.origin} must hold {{source}} and neither {{context}} nor "
                             "{document} (those belong in the document prompt, mt_openai_document_prompt)")
        used = self.document_prompt.placeholders
        if not ("document" in used or {"source", "context"} <= used):
            raise ValueError(f"{spec}: {self.document_prompt.origin} must hold {{context}} and {{source}}, "
                             "or {document}: in document mode the model must see the context")

    def _load_prompt(self, parameter: str, stated: str, setting: str, default: str, *, spec: str) -> Prompt:
        """The prompt the spec's ``parameter=`` names (``stated``), else the ini ``setting``'s, else ``default``."""
        given = stated or self.options.settings.get(setting, "").strip()
        if not given:
            return Prompt.parse(default, origin=f"the default {parameter.replace('_', ' ')}")
        origin = f"{parameter}={given}" if stated else f"{setting} ({given})"
        path = Path(given).expanduser()
        path = path if path.is_absolute() else self.options.rootdir / path
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
            raise ValueError(f"{spec}: cannot read the prompt file {path} ({origin}): {reason}") from None
        try:
            return Prompt.parse(text, origin=origin)
        except ValueError as exc:
            raise ValueError(f"{spec}: {exc}") from None

    def default_name(self) -> str:
        return self.shown_spec

    @property
    def document_mode(self) -> bool:
        """Whether items with context are translated with it (``mode=document``)."""
        return self.mode == DOCUMENT

    @property
    def key_variable(self) -> str:
        return self.params.key_env or self.key_env

    @property
    def signature(self) -> str:
        """The model, the base URL, the request parameters, the mode and a digest of the prompts.

        Editing a prompt file changes it, so cached outputs of the old prompt are never reused.
        It holds no key and no ``|`` (which separates the fields of a run's signature).
        """
        parts = [f"openai:{self.model}", f"base={redact_url(self.base_url)}"]
        parts += [f"{name}={json.dumps(value)}" for name, value in sorted(self.params.request.items())]
        prompts = [self.prompt]
        if self.document_mode:
            parts += ["mode=document", f"document={self.params.document}"]
            prompts.append(self.document_prompt)
        digest = hashlib.sha256("".join(prompt.digest for prompt in prompts).encode()).hexdigest()[:12]
        return ";".join([*parts, f"prompt={digest}"]).replace("|", "%7C")

    # -- translating -------------------------------------------------------------------------

    def messages(self, suite: Suite, item: ChallengeItem) -> list[dict[str, str]]:
        """The chat messages that ask for ``item``'s translation."""
        values = {"source": item.source, "context": " ".join(item.context),
                  "document": document_text(item),
                  "source_language": language_name(suite.source_language),
                  "target_language": language_name(suite.target_language),
                  "source_code": suite.source_language, "target_code": suite.target_language}
        prompt = self.document_prompt if self.document_mode and item.context else self.prompt
        return prompt.messages(values)

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        variable, key = self.key_variable, self.api_key
        secrets = [key] if key else []
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        hints = {401: f"the server refused the key in {variable}" if key else
                 f"the server wants an API key: set {variable}",
                 404: f"is {self.model!r} a model of this server, and does the base URL end in /v1?"}
        options = dataclasses.replace(self.options, batch_size=1)
        by_id = {item.id: item for item in items}
        tally = _Tally()
        origin = f"{redact_url(self.url)} ({self.model})"

        with HttpClient(options=options, secrets=secrets, headers=headers, sleep=self.sleep) as client:
            def translate_one(item_ids: list[str]) -> Translations:
                item = by_id[item_ids[0]]
                body = {"model": self.model, "messages": self.messages(suite, item), **self.params.request}
                reply = client.post(self.url, json_body=body, hints=hints, read=read_chat_reply)
                settled = self.settle(suite, item, reply, secrets=secrets)
                tally.add(item.id, reply, settled)
                # The item settled whole (output, context, notes, or its error): it may be cached at once.
                if settled.error:
                    return Translations(errors=MappingProxyType({item.id: redact(f"{origin}: {settled.error}", secrets)}))
                return Translations(
                    outputs=MappingProxyType({item.id: settled.output}),
                    context_outputs=MappingProxyType({item.id: settled.context} if settled.context else {}),
                    notes=MappingProxyType({item.id: redact("; ".join(settled.notes), secrets)} if settled.notes else {}))

            # One request per item: the batch function receives item ids (unique in a suite), since
            # in document mode an item's request depends on its context, not its source alone.
            stand_ins = [dataclasses.replace(item, source=item.id) for item in items]
            translations = translate_in_batches(stand_ins, translate_one, options=options, origin=origin,
                                                on_batch=on_batch)
        return redact_translations(dataclasses.replace(translations, usage=tally.usage), secrets)

    def settle(self, suite: Suite, item: ChallengeItem, reply: ChatReply, *, secrets: Sequence[str] = ()) -> Settled:
        """``item``'s output from ``reply``: cleaned, split in document mode, or an error quoting the reply."""
        def quote(text: str) -> str:
            return f'"{excerpt(redact(text, secrets))}"'

        if reply.refusal.strip():
            return Settled(error=f"the model refused to translate: {quote(reply.refusal)}")
        if reply.finish_reason == "content_filter":
            return Settled(error="the server's content filter stopped the reply"
                                 + (f": {quote(reply.content)}" if reply.content.strip() else ""))
        whole = self.document_mode and bool(item.context) and self.params.document == "whole"
        source = document_text(item) if whole else item.source
        cleaned = clean_reply(reply.content, source=source, target_language=suite.target_language)
        notes = [cleaned.note] if cleaned.note else []
        if reply.finish_reason == "length":
            notes.append("the reply was cut at the token limit (finish_reason: length)")
        if not cleaned.text:
            said = f"the reply was {quote(reply.content)}" if reply.content.strip() else "the reply was empty"
            if cleaned.removed:
                said += f" ({'; '.join(cleaned.removed)})"
            return Settled(error=f"no translation in the reply: {said}"
                                 + ("; the token limit was reached" if reply.finish_reason == "length" else ""))
        if is_refusal(cleaned.text, source=item.source, target_language=suite.target_language):
            return Settled(error=f"the model refused to translate: {quote(reply.content)}")
        if not (self.document_mode and item.context):
            return Settled(output=cleaned.text, notes=tuple(notes))
        return self._split(suite, item, cleaned.text, notes, whole=whole)

    def _split(self, suite: Suite, item: ChallengeItem, text: str, notes: list[str], *, whole: bool) -> Settled:
        """A document-mode reply: the item's own sentences as its output, the rest as the context's translation.

        With ``document=whole`` the reply is the whole document; with ``document=last`` it should
        be the item's sentence alone, but a model that translated the context too (as many
        sentences as the context and the source together) keeps only the last ones, and says so.
        """
        sentences = split_sentences(text, suite.target_language)
        own = max(1, len(split_sentences(item.source, suite.source_language)))
        expected = len(item.context) + own
        if not whole:
            if len(sentences) == expected:
                notes.append(f"the model translated the context too: kept the last {_sentences(own)}, "
                             f"dropped {quoted(' '.join(sentences[:-own]))}")
                return Settled(output=" ".join(sentences[-own:]), notes=tuple(notes))
            return Settled(output=text, notes=tuple(notes))
        if len(sentences) != expected:
            notes.append(f"the document's translation has {_sentences(len(sentences))} for {expected} source "
                         f"sentences: the last {_sentences(min(own, len(sentences)))} judged as the item's")
        return Settled(output=" ".join(sentences[-own:]), context=tuple(sentences[:-own]), notes=tuple(notes))


def _sentences(count: int) -> str:
    return f"{count} sentence" + ("" if count == 1 else "s")


__all__ = ["ChatReply", "OpenAIParams", "OpenAISystem", "Prompt", "chat_url", "read_chat_reply"]
