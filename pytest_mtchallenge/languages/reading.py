"""What every language pack's sentence reader answers, so that logic written once reads any language.

As spaCy's ``Language`` makes a ``Doc`` whose attributes every language fills alike, each pack's reader
(``languages/<code>/reader.py``) reads one output into an object that is a :class:`Reading`: the logic that
compares persons and resolves whom a pronoun refers to (``checkers/referents.py``) reads the sentence through
these operations and leaves the language's facts to the pack. A pack that cannot tell something says so
(``None``), as :class:`~pytest_mtchallenge.languages.base.LanguagePack` does for its optional knowledge.

The French (:class:`~pytest_mtchallenge.languages.fr.reader.SentenceReader`), Spanish and Italian
(:class:`~pytest_mtchallenge.languages.romance.RomanceReader`), German
(:class:`~pytest_mtchallenge.languages.de.reader.Sentence`), Czech
(:class:`~pytest_mtchallenge.languages.cs.reader.Sentence`) and English
(:class:`~pytest_mtchallenge.languages.en.reader.Sentence`) readers implement it. Each finds the finite
verbs it is sure of from its own knowledge (a lexicon's tags in French, simplemma's lemmas in Czech, the
auxiliaries, subject pronouns and irregular pasts in English); German reads none.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable


@runtime_checkable
class Reading(Protocol):
    """One output as a language pack reads it: its tokens, and where its finite verbs stand."""

    @property
    def tokens(self) -> Sequence[str]:
        """The output's tokens, lowercased as the pack tokenises (punctuation marks are tokens)."""

    @property
    def is_empty(self) -> bool:
        """Whether no token is a word: an empty output for every family."""

    def first_finite_verb(self, start: int) -> int | None:
        """The index of the first finite verb at or after ``start``; None when there is none, or when
        the pack reads no verbs (German)."""


__all__ = ["Reading"]
