"""The Czech lemmatizer: simplemma's Czech dictionary (MIT), imported and loaded at first use."""
from __future__ import annotations

import functools
import time
import unicodedata


@functools.lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """The lemma of ``word``, lowercased: simplemma's dictionary entry (362,000 Czech forms), or its
    rule-based guess for an unknown word (often the word itself)."""
    word = unicodedata.normalize("NFC", word)
    if not word.strip():
        return ""
    import simplemma

    return unicodedata.normalize("NFC", simplemma.lemmatize(word, lang="cs")).lower()


@functools.lru_cache(maxsize=65536)
def is_known(word: str) -> bool:
    """Whether ``word`` is a form in simplemma's Czech dictionary (not a guess)."""
    if not word.strip():
        return False
    import simplemma

    return bool(simplemma.is_known(unicodedata.normalize("NFC", word), lang="cs"))


@functools.lru_cache(maxsize=1)
def load() -> float:
    """Import simplemma and load its Czech dictionary now; the seconds it took (0 after the first call)."""
    start = time.perf_counter()
    lemma("být")
    return time.perf_counter() - start


@functools.lru_cache(maxsize=1)
def lemmatizer_signature() -> str:
    """``simplemma-<version>``, for run signatures (nothing is loaded)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"simplemma-{version('simplemma')}"
    except PackageNotFoundError:
        return "simplemma-missing"


__all__ = ["is_known", "lemma", "lemmatizer_signature", "load"]
