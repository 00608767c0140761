"""``libretranslate:URL`` — a LibreTranslate server (self-hosted or libretranslate.com)."""
from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.redaction import redact_url
from pytest_mtchallenge.systems import OnBatch, System, SystemOptions, SystemParams, Translations
from pytest_mtchallenge.systems.batching import translate_in_batches
from pytest_mtchallenge.systems.http_client import HttpClient, ReplyError, expect_texts, redact_translations

#: The environment variable holding the API key, unless ``mt_libretranslate_key_env`` names another.
DEFAULT_KEY_ENV = "LIBRETRANSLATE_API_KEY"


class LibreTranslateSystem(System):
    """POSTs each batch to ``URL/translate`` as ``{"q": [...], "source", "target", "format": "text"}``.

    URL is the server's base URL (``libretranslate:http://127.0.0.1:5000``). The suite's language
    codes are sent as they are. When the environment variable named by the ini setting
    ``mt_libretranslate_key_env`` (default ``LIBRETRANSLATE_API_KEY``) is set, its value is sent
    as ``api_key``; it never appears in a message or the signature.
    """

    kind = "libretranslate"
    key_env = DEFAULT_KEY_ENV

    def __init__(self, *, argument: str, name: str | None, options: SystemOptions, mode: str | None = None,
                 version: str = "", params: SystemParams | None = None) -> None:
        super().__init__(argument=argument, name=name, options=options, mode=mode, version=version, params=params)
        parts = urlsplit(argument)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"--mt-system=libretranslate:{redact_url(argument)}: expected the server's base URL, "
                             "e.g. libretranslate:http://127.0.0.1:5000")
        self.url = argument.rstrip("/") + "/translate"

    def default_name(self) -> str:
        return f"libretranslate:{redact_url(self.argument)}"

    @property
    def signature(self) -> str:
        return self.default_name()

    @property
    def key_variable(self) -> str:
        return self.options.settings.get("mt_libretranslate_key_env") or self.key_env

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        variable, key = self.key_variable, self.api_key
        hints = {403: f"the server refused the API key in {variable}" if key else
                 f"the server may want an API key: set {variable}"}
        with HttpClient(options=self.options, secrets=[key]) as client:
            def translate_batch(sources: list[str]) -> list[str]:
                body: dict[str, object] = {"q": sources, "source": suite.source_language,
                                           "target": suite.target_language, "format": "text"}
                if key:
                    body["api_key"] = key
                return client.post(self.url, json_body=body, hints=hints,
                                   read=lambda reply: _translated_texts(reply, len(sources)))

            translations = translate_in_batches(items, translate_batch, options=self.options,
                                                origin=redact_url(self.url), on_batch=on_batch)
        return redact_translations(translations, [key] if key else [])


def _translated_texts(reply: object, count: int) -> list[str]:
    if not isinstance(reply, dict) or "translatedText" not in reply:
        error = reply.get("error") if isinstance(reply, dict) else None
        raise ReplyError(f"the server said: {error}" if isinstance(error, str) else "no 'translatedText' in the reply")
    return expect_texts(reply["translatedText"], count, what="translatedText")
