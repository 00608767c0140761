"""``deepl[:PARAMETERS]`` — the DeepL API v2 (Free or Pro, chosen by the key)."""
from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from pytest_mtchallenge.errors import SystemFailure
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.redaction import redact_url
from pytest_mtchallenge.systems import OnBatch, System, SystemParams, Translations
from pytest_mtchallenge.systems.batching import translate_in_batches
from pytest_mtchallenge.systems.http_client import HttpClient, ReplyError, expect_texts, redact_translations

KEY_ENV = "DEEPL_AUTH_KEY"
SERVER_ENV = "DEEPL_SERVER_URL"
FREE_SERVER_URL = "https://api-free.deepl.com"
PRO_SERVER_URL = "https://api.deepl.com"
#: DeepL takes at most 50 texts per request.
MAX_TEXTS = 50
#: Target languages DeepL only accepts with a variant; the suite's bare code gets this one.
TARGET_VARIANTS = MappingProxyType({"EN": "EN-US", "PT": "PT-PT"})

_PARAMETER = re.compile(r"^[a-z_]+$")
_RESERVED = frozenset({"text", "auth_key"})


def server_url(key: str, environ: Mapping[str, str] | None = None) -> str:
    """``DEEPL_SERVER_URL`` if set, else the Free API for a key ending in ``:fx``, else the Pro API."""
    environ = os.environ if environ is None else environ
    override = environ.get(SERVER_ENV, "").strip()
    if override:
        return override.rstrip("/")
    return FREE_SERVER_URL if key.endswith(":fx") else PRO_SERVER_URL


def target_language(code: str) -> str:
    """A suite's target language as DeepL's ``target_lang``: ``fr`` → ``FR``, ``en`` → ``EN-US``."""
    upper = code.strip().replace("_", "-").upper()
    return TARGET_VARIANTS.get(upper, upper)


def source_language(code: str) -> str:
    """A suite's source language as DeepL's ``source_lang``, which has no variants: ``en-GB`` → ``EN``."""
    return code.strip().replace("_", "-").split("-")[0].upper()


@dataclass(frozen=True, slots=True)
class DeepLParams(SystemParams):
    """The request parameters a ``deepl:`` spec adds to each request (``formality=less``), sent as
    they are but for ``true``/``false``, sent as booleans. ``text`` and ``auth_key`` are the plugin's."""

    request: Mapping[str, str | bool] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def parse(cls, pairs: Mapping[str, str]) -> DeepLParams:
        request: dict[str, str | bool] = {}
        for name, value in pairs.items():
            if not _PARAMETER.match(name):
                raise ValueError(f"expected NAME=VALUE[,NAME=VALUE...] (DeepL request parameters such as "
                                 f"formality=less), got '{name}={value}'")
            if name in _RESERVED:
                raise ValueError(f"{name!r} is set by the plugin, not in the spec")
            request[name] = {"true": True, "false": False}.get(value.lower(), value)
        return cls(request=MappingProxyType(request))


class DeepLSystem(System):
    """Translates with ``POST /v2/translate`` of the DeepL API, at most 50 sources per request.

    The key comes from ``DEEPL_AUTH_KEY`` and is sent as ``Authorization: DeepL-Auth-Key KEY``;
    a key ending in ``:fx`` uses ``https://api-free.deepl.com``, any other
    ``https://api.deepl.com``, and ``DEEPL_SERVER_URL`` overrides both. The optional argument
    holds further request parameters, ``deepl:formality=less,model_type=quality_optimized``;
    ``target_lang=EN-GB`` overrides the default variant (``en`` → ``EN-US``, ``pt`` → ``PT-PT``).
    """

    kind = "deepl"
    key_env = KEY_ENV
    url_env = (SERVER_ENV,)
    needs_argument = False
    Params = DeepLParams
    params: DeepLParams

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        key = self.api_key
        if not key:
            failure = SystemFailure(f"set the environment variable {self.key_variable} to your DeepL API key",
                                    file="deepl")
            return Translations.failed(items, failure.one_line())
        url = server_url(key) + "/v2/translate"
        options = dataclasses.replace(self.options, batch_size=min(self.options.sources_per_batch(), MAX_TEXTS))
        fixed = {"target_lang": target_language(suite.target_language),
                 "source_lang": source_language(suite.source_language), **self.params.request}
        hints = {403: f"DeepL refused the key in {self.key_variable}", 456: "the DeepL character quota is used up"}
        headers = {"Authorization": f"DeepL-Auth-Key {key}"}
        with HttpClient(options=options, secrets=[key], headers=headers) as client:
            def translate_batch(sources: list[str]) -> list[str]:
                return client.post(url, json_body={"text": sources, **fixed}, hints=hints,
                                   read=lambda reply: _translations(reply, len(sources)))

            translations = translate_in_batches(items, translate_batch, options=options, origin=redact_url(url),
                                                on_batch=on_batch)
        return redact_translations(translations, [key])


def _translations(reply: object, count: int) -> list[str]:
    entries = reply.get("translations") if isinstance(reply, dict) else None
    if not isinstance(entries, list):
        raise ReplyError("no 'translations' list in the reply")
    texts = [entry.get("text") if isinstance(entry, dict) else None for entry in entries]
    return expect_texts(texts, count, what="translations")
