"""The pattern language of the phrase families (French idioms, English phrases), and its one matcher."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

_CHUNK = re.compile(r"\([^()]*\)|[^\s()]+|[()]")

#: The most words a ``*`` stands for.
GAP = 4
#: The most adverbs one ``~`` stands for.
ADVERB_BUDGET = 2

W = TypeVar("W")
W_contra = TypeVar("W_contra", contravariant=True)
P = TypeVar("P", bound="Pattern[Any]")


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


Element = W | Gap | Adverbs | OptionalWords[W]


def parse_elements(text: object, read_word: Callable[[list[str], str], list[W]]) -> tuple[Element[W], ...]:
    """Split a pattern into its elements.

    ``*`` is a gap, ``~`` an adverb slot, ``(…)`` optional words; every other space-separated part
    is a word given as ``a|b`` alternatives, which ``read_word(alternatives, pattern)`` reads in the
    pattern's language (literal forms, ``=lemma``) into one or more words. A pattern must hold a
    word and may not start or end with a gap; every problem is a ``ValueError`` naming the pattern.
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError("a pattern must be a non-empty string")

    def read_words(chunk: str) -> list[W]:
        if "*" in chunk or "~" in chunk:
            raise ValueError(f"a gap ('*' or '~') must stand alone in pattern {text!r}")
        words: list[W] = []
        for part in chunk.split():
            alternatives = part.split("|")
            if any(not a or a == "=" for a in alternatives):
                raise ValueError(f"empty alternative or lemma in pattern {text!r}")
            words.extend(read_word(alternatives, text))
        return words

    elements: list[Element[W]] = []
    for chunk in _CHUNK.findall(text):
        if chunk in ("(", ")"):
            raise ValueError(f"unbalanced parenthesis in pattern {text!r}")
        if chunk == "*":
            elements.append(Gap())
        elif chunk == "~":
            elements.append(Adverbs())
        elif chunk.startswith("("):
            inner = tuple(read_words(chunk[1:-1]))
            if not inner:
                raise ValueError(f"empty optional group in pattern {text!r}")
            elements.append(OptionalWords(inner))
        else:
            elements.extend(read_words(chunk))
    if all(isinstance(e, (Gap, Adverbs, OptionalWords)) for e in elements):
        raise ValueError(f"pattern {text!r} has no word")
    if isinstance(elements[0], (Gap, Adverbs)) or isinstance(elements[-1], (Gap, Adverbs)):
        raise ValueError(f"pattern {text!r} starts or ends with a gap")
    return tuple(elements)


@dataclass(frozen=True, slots=True)
class Pattern(Generic[W]):
    """A phrase with its inflectional and word-order freedom, parsed from its text; a language's
    subclass says how a word of the pattern is read (``read_word``) and how matches are reported."""

    text: str
    elements: tuple[Element[W], ...]

    #: ``read_word(alternatives, pattern)``: the words one ``a|b|=lemma`` part of a pattern stands for.
    read_word: ClassVar[Callable[[list[str], str], list[Any]]]

    @classmethod
    def parse(cls: type[P], text: object) -> P:
        """Parse a pattern: words are literal forms, ``=lemma`` every inflected form, ``a|b``
        alternatives, ``*`` a gap of up to four words, ``~`` up to two adverbs, ``(…)`` optional words."""
        return cls(str(text), parse_elements(text, cls.read_word))

    def first_match(self, words: Words[W], *, start: int = 0) -> tuple[int, int] | None:
        """The first match at or after word ``start``: (first word, one past the last), or None."""
        return find(self.elements, words, start=start)


class Words(Protocol[W_contra]):
    """The words of an output as a pattern reads them (punctuation left out), in a language pack's terms."""

    def __len__(self) -> int: ...

    def accepts(self, index: int, word: W_contra) -> bool:
        """Whether the word at ``index`` is one the pattern word stands for."""

    def adverb_lengths(self, index: int) -> Sequence[int]:
        """How many words each adverb starting at ``index`` spans (*vraiment* 1, *sans cesse* 2)."""


def find(elements: tuple[Element[W], ...], words: Words[W], *, start: int = 0) -> tuple[int, int] | None:
    """The first match of a pattern at or after word ``start``: (first word, one past the last), or None."""
    for position in range(start, len(words)):
        end = match_at(elements, position, words)
        if end is not None:
            return position, end
    return None


def match_at(elements: Sequence[Element[W]], index: int, words: Words[W], *, budget: int = ADVERB_BUDGET) -> int | None:
    """The index after a match of ``elements`` that starts at word ``index``, or None.

    A ``*`` tries from zero to :data:`GAP` words, shortest first; each ``~`` skips up to
    :data:`ADVERB_BUDGET` adverbs; optional words are tried present, then absent.
    """
    if not elements:
        return index
    element, rest = elements[0], elements[1:]
    if isinstance(element, Gap):
        for skip in range(GAP + 1):
            if index + skip > len(words):
                break
            end = match_at(rest, index + skip, words)
            if end is not None:
                return end
        return None
    if isinstance(element, Adverbs):
        end = match_at(rest, index, words)
        if end is not None or not budget or index >= len(words):
            return end
        for length in words.adverb_lengths(index):  # one more adverb, then the rest or another adverb
            end = match_at(elements, index + length, words, budget=budget - 1)
            if end is not None:
                return end
        return None
    if isinstance(element, OptionalWords):
        end = match_at((*element.elements, *rest), index, words)
        return end if end is not None else match_at(rest, index, words)
    if index < len(words) and words.accepts(index, element):
        return match_at(rest, index + 1, words)
    return None

