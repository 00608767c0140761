"""English phrase patterns: the shared pattern language, read with English inflection."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages import pattern
from pytest_mtchallenge.languages.en.inflection import fold, forms_of, inflect
from pytest_mtchallenge.languages.en.reader import Sentence, tokenize


#: English prepositions that never take *of* (*around, near, along…*; not *out, ahead, inside,
#: because*): an *of* after one of them renders the *de* of a French complex preposition word for word.
PREPOSITIONS_WITHOUT_OF = frozenset({"around", "round", "about", "near", "along", "above", "below", "beside",
                                     "behind", "beneath", "toward", "towards", "across", "against", "among",
                                     "beyond", "underneath", "during", "till", "until"})


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a pattern: the forms it accepts (``=lemma`` expanded to every inflected form), and
    which of them are a verb lemma's *-ing* forms (not read as the verb after *a / an*)."""

    forms: frozenset[str]
    verb_gerunds: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Span:
    """Where a pattern matched: token indexes ``start`` to ``end`` (excluded), and the words."""

    pattern: str
    start: int
    end: int
    words: str

    def describe(self) -> str:
        return f"{self.words!r} ({self.pattern})"


class _Words:
    """A sentence's words (punctuation left out) as the pattern matcher reads them."""

    def __init__(self, sentence: Sentence) -> None:
        self.sentence = sentence
        words = sentence.words
        # the French *de* of a complex preposition (*autour de*, *près de*) left as *of* after an English
        # preposition that takes none (*around of the bush*) is not read: the preposition is
        self.indexes = [i for i in sentence.word_indexes()
                        if not (words[i] == "of" and i and words[i - 1] in PREPOSITIONS_WITHOUT_OF)]

    def __len__(self) -> int:
        return len(self.indexes)

    def accepts(self, index: int, word: Word) -> bool:
        at = self.indexes[index]
        token = self.sentence.words[at]
        if token not in word.forms:
            return False
        # an -ing form after the indefinite article is a count noun (*a warning*, *a meeting*), not the verb: the
        # gerund of an action takes no *a* (*his beating around the bush* is still the verb's)
        return token not in word.verb_gerunds or at == 0 or self.sentence.words[at - 1] not in ("a", "an")

    def adverb_lengths(self, index: int) -> Sequence[int]:
        length = self.sentence.adverb_length(self.indexes[index])
        last = index + length - 1
        # an adverbial locution counts only when no punctuation breaks it
        if length and last < len(self.indexes) and self.indexes[last] == self.indexes[index] + length - 1:
            return (length,)
        return ()


def _read_word(alternatives: list[str], text: str) -> list[Word]:
    forms: set[str] = set()
    gerunds: set[str] = set()
    for alternative in alternatives:
        if alternative.startswith("="):
            lemma = alternative[1:]
            forms |= forms_of(lemma)
            if not lemma.endswith("ing"):
                gerunds |= inflect(fold(lemma)).gerund
            continue
        tokens = [t for t in tokenize(alternative)[0] if t[0].isalnum() or t[0] == "'"]
        if len(tokens) != 1:
            raise ValueError(f"{alternative!r} is not one word in pattern {text!r}")
        forms.add(tokens[0])
    return [Word(frozenset(forms), frozenset(gerunds - forms_literal(alternatives)))]


def forms_literal(alternatives: list[str]) -> frozenset[str]:
    """The words a pattern part names literally (*warning* in ``=warn|warning``): never only a verb form."""
    return frozenset(fold(a) for a in alternatives if not a.startswith("="))


@dataclass(frozen=True, slots=True)
class Pattern(pattern.Pattern[Word]):
    """An English phrase pattern (``=put the cart * before|ahead the =horse``): ``=lemma`` stands for
    every form English inflection gives it (*=beat*: *beats, beating, beaten*; *=ox*: *oxen*)."""

    read_word = staticmethod(_read_word)

    def find(self, sentence: Sentence, *, start: int = 0) -> Span | None:
        """The first match at or after token ``start``, punctuation skipped (*much, much better*)."""
        words = _Words(sentence)
        first_word = next((n for n, i in enumerate(words.indexes) if i >= start), len(words))
        found = self.first_match(words, start=first_word)
        if found is None:
            return None
        first, last = words.indexes[found[0]], words.indexes[found[1] - 1]
        return Span(self.text, first, last + 1, sentence.quote(first, last + 1))

    def find_all(self, sentence: Sentence) -> list[Span]:
        """Every match, left to right (overlapping matches from later start words included)."""
        found: list[Span] = []
        start = 0
        while (span := self.find(sentence, start=start)) is not None:
            found.append(span)
            start = span.start + 1
        return found
