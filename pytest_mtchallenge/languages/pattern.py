"""The pattern language of the phrase checkers (French idioms, English phrases): words, gaps and optional words."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

_CHUNK = re.compile(r"\([^()]*\)|[^\s()]+|[()]")

W = TypeVar("W")


@dataclass(frozen=True, slots=True)
class Gap:
    """``*``: a few words of any kind (auxiliaries, adverbs, a passive's auxiliary)."""


@dataclass(frozen=True, slots=True)
class Adverbs:
    """``~``: up to two adverbs, adverbial locutions or negation words."""


@dataclass(frozen=True, slots=True)
class OptionalWords(Generic[W]):
    """``(…)``: words that may be absent (*la goutte (d'eau) qui…*, *(a|one) hundred*)."""

    elements: tuple[W, ...]


def parse_elements(text: object, read_words: Callable[[str, str], list[W]]) -> tuple[W | Gap | Adverbs | OptionalWords[W], ...]:
    """Split a pattern into its elements; ``read_words(chunk, pattern)`` reads the words of a chunk
    in the pattern's language (literal forms, ``=lemma``, ``a|b`` alternatives).

    ``*`` is a gap, ``~`` an adverb slot, ``(…)`` optional words. A pattern must hold a word and
    may not start or end with a gap; every problem is a ``ValueError`` naming the pattern.
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError("a pattern must be a non-empty string")
    elements: list[W | Gap | Adverbs | OptionalWords[W]] = []
    for chunk in _CHUNK.findall(text):
        if chunk in ("(", ")"):
            raise ValueError(f"unbalanced parenthesis in pattern {text!r}")
        if chunk == "*":
            elements.append(Gap())
        elif chunk == "~":
            elements.append(Adverbs())
        elif chunk.startswith("("):
            inner = tuple(read_words(chunk[1:-1], text))
            if not inner:
                raise ValueError(f"empty optional group in pattern {text!r}")
            elements.append(OptionalWords(inner))
        else:
            elements.extend(read_words(chunk, text))
    if all(isinstance(e, (Gap, Adverbs, OptionalWords)) for e in elements):
        raise ValueError(f"pattern {text!r} has no word")
    if isinstance(elements[0], (Gap, Adverbs)) or isinstance(elements[-1], (Gap, Adverbs)):
        raise ValueError(f"pattern {text!r} starts or ends with a gap")
    return tuple(elements)
