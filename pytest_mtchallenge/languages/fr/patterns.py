"""French idiom patterns: the shared pattern language, read with the lexicon (``=lemma``)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages import pattern
from pytest_mtchallenge.languages.fr.lexicon import Lexicon
from pytest_mtchallenge.languages.fr.reader import NEGATION, fold, readings, tokenize

#: The longest adverbial locution (*tout à fait*) a ``~`` recognises.
ADVERB_WORDS = 3


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a pattern: alternatives, each a literal form or ``=lemma`` (any inflected form)."""

    literals: frozenset[str]
    lemmas: frozenset[str]


class Words:
    """An output's words (punctuation left out), folded and read with the lexicon, as patterns match them."""

    def __init__(self, output: str, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.tokens = [fold(t) for t in tokenize(output) if t[0].isalnum()]
        self.lemmas = [frozenset(fold(a.lemma) for a in readings(lexicon, t)) for t in self.tokens]
        self._adverbs: dict[int, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.tokens)

    def accepts(self, index: int, word: Word) -> bool:
        return self.tokens[index] in word.literals or bool(word.lemmas & self.lemmas[index])

    def adverb_lengths(self, index: int) -> Sequence[int]:
        """How many words an adverb starting at ``index`` spans: *vraiment* 1, *sans cesse* 2."""
        if index not in self._adverbs:
            lengths = []
            for length in range(1, ADVERB_WORDS + 1):
                words = self.tokens[index:index + length]
                if len(words) < length:
                    break
                text = "".join(w if w.endswith("'") else w + " " for w in words).strip()
                if (length == 1 and text in NEGATION) or any(a.pos == "adv" for a in readings(self.lexicon, text)):
                    lengths.append(length)
            self._adverbs[index] = tuple(lengths)
        return self._adverbs[index]


def _read_word(alternatives: list[str], text: str) -> list[Word]:
    lemmas = frozenset(fold(a[1:]) for a in alternatives if a.startswith("="))
    literal_parts = [[t for t in tokenize(a) if t[0].isalnum()] for a in alternatives if not a.startswith("=")]
    if any(len(p) != 1 for p in literal_parts) and len(alternatives) > 1:
        raise ValueError(f"alternatives must be single words in pattern {text!r}")
    if any(not p for p in literal_parts):
        raise ValueError(f"{'|'.join(alternatives)!r} is not a word in pattern {text!r}")
    if len(alternatives) == 1 and literal_parts:
        return [Word(frozenset({fold(token)}), frozenset()) for token in literal_parts[0]]
    return [Word(frozenset(fold(p[0]) for p in literal_parts), lemmas)]


@dataclass(frozen=True, slots=True)
class Pattern(pattern.Pattern[Word]):
    """A French idiom pattern (``=mettre la charrue * avant|devant les =boeuf``): ``=lemma`` stands
    for every form the lexicon gives the lemma."""

    read_word = staticmethod(_read_word)

    def find(self, words: Words) -> str | None:
        """The first match in ``words``, quoted with its pattern (``'tourne autour du pot' (=tourner …)``)."""
        found = self.first_match(words)
        if found is None:
            return None
        return f"{' '.join(words.tokens[found[0]:found[1]])!r} ({self.text})"
