"""Reading German outputs: tokens as written (German capitalises its nouns) and lowercased."""
from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_mtchallenge.text.normalise import normalise_text

#: Words (hyphenated compounds kept whole: *Lkw-Fahrer*), numbers, and the punctuation that ends clauses.
_TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*|\d+(?:[.,]\d+)*|[,;:!?.()–—]", re.UNICODE)


def tokenize(text: str) -> list[str]:
    """Lowercased tokens, punctuation as tokens (``Der Lkw-Fahrer, weil`` → ``der lkw-fahrer , weil``)."""
    return [token.lower() for token in _TOKEN.findall(normalise_text(text))]


@dataclass(frozen=True, slots=True)
class Sentence:
    """A German output's tokens: ``cased`` as written, ``tokens`` lowercased."""

    cased: tuple[str, ...]
    tokens: tuple[str, ...]

    @classmethod
    def read(cls, text: str) -> Sentence:
        cased = tuple(_TOKEN.findall(normalise_text(text)))
        return cls(cased, tuple(token.lower() for token in cased))

    @property
    def is_empty(self) -> bool:
        return not any(token[:1].isalpha() for token in self.tokens)

    def capitalised(self, index: int) -> bool:
        """Whether the word at ``index`` is written with a capital: a noun, or a sentence's first word."""
        return self.cased[index][:1].isupper()

    def first_finite_verb(self, start: int) -> int | None:
        """None: the German pack reads no verbs (:class:`~pytest_mtchallenge.languages.reading.Reading`)."""
        return None

    def is_noun(self, index: int) -> bool:
        """A capitalised word that does not open the sentence or follow a full stop (a German noun)."""
        return self.capitalised(index) and index > 0 and self.tokens[index - 1] not in (".", "!", "?", ":")


__all__ = ["Sentence", "tokenize"]
