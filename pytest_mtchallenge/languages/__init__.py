"""Language packs: one folder per target language (reader, word lists, lexicon), found by language code.

``language_pack("fr")`` imports ``pytest_mtchallenge.languages.fr`` and returns its ``PACK``; a
language without a pack gets a generic one (sentence splitting only). Packs load their heavy data
(a lexicon) at first use, never on import.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from types import ModuleType

from pytest_mtchallenge.languages.base import GENERIC, LanguagePack

#: Names of languages used in messages and prompts, for languages without a pack too.
LANGUAGE_NAMES = {
    "cs": "Czech", "de": "German", "en": "English", "es": "Spanish", "fr": "French", "it": "Italian",
    "ja": "Japanese", "nl": "Dutch", "pl": "Polish", "pt": "Portuguese", "ru": "Russian", "zh": "Chinese",
}


def base_code(language: str) -> str:
    """``fr-CA`` → ``fr``."""
    return language.replace("_", "-").split("-")[0].lower()


#: The packs shipped with the plugin: language code → module (with its ``PACK``), imported at first use.
BUILTIN_PACKS: dict[str, str] = {code: f"{__name__}.{code}" for code in ("cs", "de", "en", "es", "fr", "it")}

#: The packs every lookup finds: the built-in ones, and plugins' once the run's registry is installed
#: (:meth:`pytest_mtchallenge.registry.Registry.install`).
_ACTIVE: dict[str, str | ModuleType] = dict(BUILTIN_PACKS)


def use_packs(packs: Mapping[str, str | ModuleType]) -> None:
    """Make ``packs`` (the registry's: the built-in ones and plugins') the ones every lookup finds."""
    _ACTIVE.clear()
    _ACTIVE.update(packs)
    language_pack.cache_clear()


@functools.cache
def language_pack(language: str) -> LanguagePack:
    """The pack of ``language`` (an ISO 639-1 code, a region suffix is ignored); a language without
    one gets a generic pack (its name, the generic abbreviations)."""
    code = base_code(language)
    module = _ACTIVE.get(code)
    if module is not None:
        from pytest_mtchallenge.extension import resolve

        return resolve(module).PACK
    return LanguagePack(code=code, name=LANGUAGE_NAMES.get(code, language), abbreviations=GENERIC.abbreviations)


def language_name(language: str) -> str:
    """The English name of a language code ("fr" → "French"), or the code itself when unknown."""
    return LANGUAGE_NAMES.get(base_code(language), language)


def split_sentences(text: str, language: str) -> list[str]:
    """Sentences of ``text`` by the rules of ``language``'s pack."""
    return language_pack(language).split_sentences(text)


__all__ = ["BUILTIN_PACKS", "LANGUAGE_NAMES", "LanguagePack", "language_name", "language_pack", "split_sentences", "use_packs"]
