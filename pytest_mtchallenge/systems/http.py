"""``http:URL`` / ``https:URL`` — a JSON service described by ini templates."""
from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from urllib.parse import urlsplit

from pytest_mtchallenge.errors import SystemFailure
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.redaction import environment_secrets, redact, redact_url, url_secrets
from pytest_mtchallenge.systems import OnBatch, System, SystemOptions, SystemParams, Translations
from pytest_mtchallenge.systems.batching import translate_in_batches
from pytest_mtchallenge.systems.http_client import HttpClient, ReplyError, expect_texts, json_type, redact_translations

_ENV_PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


# -- secrets ---------------------------------------------------------------------------------

def expand_environment(text: str, *, setting: str, found: list[str],
                       environ: Mapping[str, str] | None = None) -> str:
    """``text`` with each ``${NAME}`` replaced by that environment variable; its value joins ``found``.

    Every value taken from the environment is treated as a secret. A variable that is unset or
    empty is a :class:`SystemFailure` naming it and the ``setting`` that uses it.
    """
    environ = os.environ if environ is None else environ

    def value_of(match: re.Match[str]) -> str:
        name = match.group(1)
        value = environ.get(name, "")
        if not value:
            raise SystemFailure(f"the environment variable {name} (used in {setting}) is not set")
        found.append(value)
        return value

    return _ENV_PLACEHOLDER.sub(value_of, text)


# -- templates -------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{(sources|source|source_language|target_language)\}|\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True, slots=True)
class RequestTemplate:
    """The ``mt_http_request`` setting: a JSON body with placeholders.

    The string ``"{sources}"`` becomes the list of the batch's sources; a one-element list
    whose element mentions ``{source}`` is repeated once per source (``[{"text": "{source}"}]``);
    ``{source_language}``, ``{target_language}`` and ``${ENV_VAR}`` are replaced inside strings.
    """

    text: str
    body: object

    @classmethod
    def parse(cls, text: str | None, *, setting: str = "mt_http_request") -> RequestTemplate:
        if text is None or not text.strip():
            raise ValueError(f"{setting} is not set: the http kind needs a JSON request template, "
                             'e.g. {"texts": "{sources}", "target": "{target_language}"}')
        try:
            body = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{setting} is not valid JSON ({exc.msg} at line {exc.lineno} "
                             f"column {exc.colno})") from None
        if _count_sources(body, setting=setting, per_source=False) == 0:
            raise ValueError(f'{setting} must hold the string "{{sources}}" (the list of sources) or a one-element '
                             'list mentioning "{source}" (repeated for each source)')
        return cls(text=text, body=body)

    def render(self, *, sources: Sequence[str], source_language: str, target_language: str,
               found: list[str], environ: Mapping[str, str] | None = None) -> object:
        """The request body for ``sources``; the environment values it used join ``found``."""
        languages = {"source_language": source_language, "target_language": target_language}
        environ = os.environ if environ is None else environ

        def fill(text: str, source: str | None) -> str:
            def value_of(match: re.Match[str]) -> str:
                if match.group(2):
                    return expand_environment(match.group(0), setting="mt_http_request", found=found, environ=environ)
                name = match.group(1)
                if name == "source" and source is not None:
                    return source
                return languages.get(name, match.group(0))
            return _PLACEHOLDER.sub(value_of, text)

        def walk(node: object, source: str | None) -> object:
            if node == "{sources}":
                return list(sources)
            if isinstance(node, str):
                return fill(node, source)
            if isinstance(node, list):
                if len(node) == 1 and source is None and _mentions_source(node[0]):
                    return [walk(node[0], each) for each in sources]
                return [walk(element, source) for element in node]
            if isinstance(node, dict):
                return {key: walk(value, source) for key, value in node.items()}
            return node

        return walk(self.body, None)


def _mentions_source(node: object) -> bool:
    if isinstance(node, str):
        return "{source}" in node
    if isinstance(node, list):
        return any(_mentions_source(element) for element in node)
    if isinstance(node, dict):
        return any(_mentions_source(value) for value in node.values())
    return False


def _count_sources(node: object, *, setting: str, per_source: bool) -> int:
    """How many places receive the sources; misplaced placeholders are a ``ValueError``."""
    if node == "{sources}":
        if per_source:
            raise ValueError(f'{setting}: "{{sources}}" cannot appear inside the per-source list')
        return 1
    if isinstance(node, str):
        if "{sources}" in node:
            raise ValueError(f'{setting}: "{{sources}}" must be a whole JSON string (it becomes a list), '
                             f"not part of {node!r}")
        if "{source}" in node and not per_source:
            raise ValueError(f'{setting}: "{{source}}" may only appear inside a one-element list '
                             "(repeated for each source)")
        return 0
    if isinstance(node, list):
        if len(node) == 1 and not per_source and _mentions_source(node[0]):
            _count_sources(node[0], setting=setting, per_source=True)
            return 1
        return sum(_count_sources(element, setting=setting, per_source=per_source) for element in node)
    if isinstance(node, dict):
        return sum(_count_sources(value, setting=setting, per_source=per_source) for value in node.values())
    return 0


_PATH_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\*|\d+)\]")


@dataclass(frozen=True, slots=True)
class ResponsePath:
    """The ``mt_http_response`` setting: where the translations are in the reply.

    Dotted keys with ``[N]`` (one element) and ``[*]`` (every element) steps, e.g.
    ``translations``, ``data.translations``, ``translations[*].text``, ``[*].translations[0].text``;
    a leading ``$`` or ``$.`` is accepted.
    """

    text: str
    steps: tuple[str | int | None, ...]  # a key, an index, or None for [*]

    @classmethod
    def parse(cls, text: str | None, *, setting: str = "mt_http_response") -> ResponsePath:
        if text is None or not text.strip():
            raise ValueError(f"{setting} is not set: the http kind needs the JSON path of the translations "
                             "in the reply, e.g. translations or data[*].text")
        path = text.strip()
        rest = path[1:] if path.startswith("$") else path
        rest = rest[1:] if rest.startswith(".") else rest
        steps: list[str | int | None] = []
        position = 0
        while position < len(rest):
            match = _PATH_STEP.match(rest, position)
            if not match or (match.group(1) is not None and position > 0 and rest[position] != "."):
                raise ValueError(f"{setting}: cannot read the JSON path {path!r} at {rest[position:]!r} "
                                 "(use keys separated by dots, [N] and [*])")
            key, index = match.group(1), match.group(2)
            steps.append(key.strip() if key is not None else (None if index == "*" else int(index)))
            position = match.end()
        if not steps:
            raise ValueError(f"{setting}: the JSON path {path!r} is empty")
        return cls(text=path, steps=tuple(steps))

    def extract(self, reply: object) -> object:
        """The value at this path: a list when the path has ``[*]``; :class:`ReplyError` if absent."""
        values = [reply]
        spread = False
        for step in self.steps:
            following: list[object] = []
            for value in values:
                if step is None:
                    if not isinstance(value, list):
                        raise ReplyError(f"no list for [*] of {self.text!r} (found {json_type(value)})")
                    following.extend(value)
                elif isinstance(step, int):
                    if not isinstance(value, list) or step >= len(value):
                        raise ReplyError(f"no element [{step}] for {self.text!r}")
                    following.append(value[step])
                else:
                    if not isinstance(value, dict) or step not in value:
                        raise ReplyError(f"no key {step!r} for {self.text!r}")
                    following.append(value[step])
            values = following
            spread = spread or step is None
        return values if spread else values[0]


def _header_templates(text: str | None, *, setting: str = "mt_http_headers") -> Mapping[str, str]:
    if text is None or not text.strip():
        return MappingProxyType({})
    try:
        headers = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{setting} is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    if not isinstance(headers, dict) or not all(isinstance(v, str) for v in headers.values()):
        raise ValueError(f'{setting} must be a JSON object of strings, e.g. {{"Authorization": "Bearer ${{MT_KEY}}"}}')
    return MappingProxyType(dict(headers))


class HttpSystem(System):
    """POSTs each batch to URL as the JSON of ``mt_http_request`` and reads ``mt_http_response`` from the reply.

    ``--mt-system=http://HOST:PORT/PATH`` (or ``https://…``): the spec's kind is the URL's
    scheme. ``mt_http_headers`` adds request headers. ``${ENV_VAR}`` in the URL, the request
    template and the headers is replaced by that environment variable, whose value is never
    shown.
    """

    kind = "http"

    def __init__(self, *, argument: str, name: str | None, options: SystemOptions, mode: str | None = None,
                 version: str = "", params: SystemParams | None = None) -> None:
        super().__init__(argument=argument, name=name, options=options, mode=mode, version=version, params=params)
        url = f"{self.kind}:{argument}"
        parts = urlsplit(url)
        if not argument.startswith("//") or not parts.netloc:
            raise ValueError(f"--mt-system={self.kind}:{argument}: expected {self.kind}://HOST[:PORT]/PATH")
        self.url = url
        settings = options.settings
        try:
            self.request = RequestTemplate.parse(settings.get("mt_http_request"))
            self.response = ResponsePath.parse(settings.get("mt_http_response"))
            self.headers = _header_templates(settings.get("mt_http_headers"))
        except ValueError as exc:
            raise ValueError(f"--mt-system={redact_url(url)}: {exc}") from None

    def default_name(self) -> str:
        return redact_url(f"{self.kind}:{self.argument}")

    @property
    def secrets(self) -> tuple[str, ...]:
        """The values of the ``${NAME}`` placeholders of the URL, the headers and the request template,
        and the URL's credentials (its password, ``user:password``, key-like query values)."""
        return (*environment_secrets(self.url, *self.headers.values(), self.request.text), *url_secrets(self.url))

    @property
    def signature(self) -> str:
        """The URL (key-like parts hidden) and a digest of the templates, which decide the outputs.

        It holds no ``|``, which separates the fields of a run's signature.
        """
        shape = json.dumps([self.request.text, self.response.text, dict(self.headers)], sort_keys=True)
        digest = hashlib.sha256(shape.encode()).hexdigest()[:12]
        return f"{redact_url(self.url)};templates={digest}".replace("|", "%7C")

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        secrets: list[str] = []
        try:
            url = expand_environment(self.url, setting="the system URL", found=secrets)
            headers = {name: expand_environment(value, setting="mt_http_headers", found=secrets)
                       for name, value in self.headers.items()}
            # Rendered once before any request: a missing variable fails the run with one message.
            self.request.render(sources=[""], source_language=suite.source_language,
                                target_language=suite.target_language, found=secrets)
        except SystemFailure as exc:
            return Translations.failed(items, redact(f"{self.default_name()}: {exc.one_line()}", secrets))
        secrets += url_secrets(url)  # requests sends user:password as HTTP Basic auth: a server may echo it
        what = f"mt_http_response {self.response.text!r}"

        with HttpClient(options=self.options, secrets=secrets, headers=headers) as client:
            def translate_batch(sources: list[str]) -> list[str]:
                body = self.request.render(sources=sources, source_language=suite.source_language,
                                           target_language=suite.target_language, found=[])
                return client.post(url, json_body=body, read=lambda reply: expect_texts(
                    self.response.extract(reply), len(sources), what=what))

            translations = translate_in_batches(items, translate_batch, options=self.options,
                                                origin=self.default_name(), on_batch=on_batch)
        return redact_translations(translations, secrets)


class HttpsSystem(HttpSystem):
    """The same as :class:`HttpSystem`, for ``https://`` URLs."""

    kind = "https"


__all__ = ["HttpSystem", "HttpsSystem", "RequestTemplate", "ResponsePath", "expand_environment"]
