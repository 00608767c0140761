"""Language packs: one folder per target language (reader, word lists, lexicon), found by language code.

``language_pack("fr")`` imports ``pytest_mtchallenge.languages.fr`` and returns its ``PACK``; a
language without a pack gets a generic one (sentence splitting only). Packs load their heavy data
(a lexicon) at first use, never on import.
"""
from __future__ import annotations

import functools
import importlib

from pytest_mtchallenge.languages.base import GENERIC, LanguagePack

#: Names of languages used in messages and prompts, for languages without a pack too.
LANGUAGE_NAMES = {
    "cs": "Czech", "de": "German", "en": "English", "es": "Spanish", "fr": "French", "it": "Italian",
    "ja": "Japanese", "nl": "Dutch", "pl": "Polish", "pt": "Portuguese", "ru": "Russian", "zh": "Chinese",
}


def base_code(language: str) -> str:
    """``fr-CA`` → ``fr``."""
    return language.replace("_", "-").split("-")[0].lower()


@functools.cache
def language_pack(language: str) -> LanguagePack:
    """The pack of ``language`` (an ISO 639-1 code, a region suffix is ignored)."""
    code = base_code(language)
    if code.isalpha():
        try:
            module = importlib.import_module(f"{__name__}.{code}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{code}":
                raise
        else:
            return module.PACK
    return LanguagePack(code=code, name=LANGUAGE_NAMES.get(code, language), abbreviations=GENERIC.abbreviations)


def language_name(language: str) -> str:
    """The English name of a language code ("fr" → "French"), or the code itself when unknown."""
    return LANGUAGE_NAMES.get(base_code(language), language)


def split_sentences(text: str, language: str) -> list[str]:
    """Sentences of ``text`` by the rules of ``language``'s pack."""
    return language_pack(language).split_sentences(text)


__all__ = ["LANGUAGE_NAMES", "LanguagePack", "language_name", "language_pack", "split_sentences"]
