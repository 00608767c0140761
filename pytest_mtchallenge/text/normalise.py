"""Text normalisation used to compare outputs with recorded verdicts and by checkers."""
from __future__ import annotations

import functools
import re
import unicodedata

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'", "`": "'", "\u00b4": "'"})
_QUOTES = str.maketrans(
    {"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"', "\u2039": '"', "\u203a": '"'}
)
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009\u200b]+")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([?!:;.,])")
_SPACE_IN_GUILLEMETS = re.compile(r"(«)\s+|\s+(»)")


@functools.lru_cache(maxsize=65536)
def normalise_text(text: str) -> str:
    """Canonical form for comparing two outputs.

    Unicode NFC; typographic apostrophes become ``'`` and quotes (including French
    guillemets) become ``"``; every run of whitespace, including non-breaking and thin
    spaces, becomes one space; the French space before ``? ! : ; . ,`` and inside
    guillemets is dropped; leading and trailing space is removed. Case is kept.
    """
    text = unicodedata.normalize("NFC", text)
    text = _SPACES.sub(" ", text).strip()
    text = _SPACE_IN_GUILLEMETS.sub(lambda m: m.group(1) or m.group(2), text)
    text = text.translate(_APOSTROPHES).translate(_QUOTES)
    return _SPACE_BEFORE_PUNCT.sub(r"\1", text)


_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*'?|\d+", re.UNICODE)


def tokens(text: str) -> list[str]:
    """Word tokens of a normalised text, lowercased, keeping elided forms as ``l'``, ``qu'``."""
    return [t.lower() for t in _WORD.findall(normalise_text(text))]
