"""The ``idiom`` family: an English idiom rendered by an accepted French idiom, not word for word."""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.checkers.fr.lexical_choice import readings
from pytest_mtchallenge.languages.fr.reader import NEGATION, tokenize
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.languages.pattern import Adverbs, Gap, OptionalWords, parse_elements
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"accepted", "rejected", "doubtful"}
GAP = 4  # the most words a ``*`` in a pattern stands for
ADVERBS = 2  # the most adverbs a ``~`` stands for
ADVERB_WORDS = 3  # the longest adverbial locution (*tout à fait*) a ``~`` recognises


def fold(word: str) -> str:
    """A word as patterns compare it: NFC, lowercase, *œ*/*æ* spelled *oe*/*ae* (Lefff spelling)."""
    return unicodedata.normalize("NFC", word).lower().replace("œ", "oe").replace("æ", "ae")


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a pattern: alternatives, each a literal form or ``=lemma`` (any inflected form)."""

    literals: frozenset[str]
    lemmas: frozenset[str]


Element = Word | Gap | Adverbs | OptionalWords[Word]


@dataclass(frozen=True, slots=True)
class Pattern:
    """A French expression with its inflectional and word-order freedom, parsed from its text."""

    text: str
    elements: tuple[Element, ...]

    @classmethod
    def parse(cls, text: str) -> Pattern:
        """Parse ``=mettre la charrue * avant|devant les =boeuf``: words are literal forms,
        ``=lemma`` stands for every inflected form, ``a|b`` for alternatives, ``*`` for a gap of up
        to four words, ``~`` for up to two adverbs, ``(…)`` for optional words."""
        return cls(text, parse_elements(text, _words))


def _words(chunk: str, pattern: str) -> list[Word]:
    if "*" in chunk or "~" in chunk:
        raise ValueError(f"a gap ('*' or '~') must stand alone in pattern {pattern!r}")
    words: list[Word] = []
    for part in chunk.split():
        alternatives = part.split("|")
        if any(not a or a == "=" for a in alternatives):
            raise ValueError(f"empty alternative or lemma in pattern {pattern!r}")
        lemmas = frozenset(fold(a[1:]) for a in alternatives if a.startswith("="))
        literal_parts = [[t for t in tokenize(a) if t[0].isalnum()] for a in alternatives if not a.startswith("=")]
        if any(len(p) != 1 for p in literal_parts) and len(alternatives) > 1:
            raise ValueError(f"alternatives must be single words in pattern {pattern!r}")
        if any(not p for p in literal_parts):
            raise ValueError(f"{part!r} is not a word in pattern {pattern!r}")
        if len(alternatives) == 1 and literal_parts:
            words.extend(Word(frozenset({fold(token)}), frozenset()) for token in literal_parts[0])
            continue
        words.append(Word(frozenset(fold(p[0]) for p in literal_parts), lemmas))
    return words


def _patterns(value: object, name: str, *, required: bool) -> tuple[Pattern, ...]:
    if value is None and not required:
        return ()
    if isinstance(value, Sequence) and not isinstance(value, str) and (value or not required):
        try:
            return tuple(Pattern.parse(v) for v in value)  # type: ignore[arg-type]
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
    raise ValueError(f"{name} must be a {'non-empty ' if required else ''}list of patterns")


class IdiomChecker(FrenchChecker):
    """An English idiom (*beat around the bush*) must become a French idiom of the same meaning
    (*tourner autour du pot*); the word-for-word rendering (*battre autour du buisson*) is wrong.

    Parameters (from the source sentence, never from an output) are lists of patterns:

    - ``accepted``: French idioms that render the source, with their inflectional and
      word-order variants (``=mettre la charrue avant|devant les =boeuf``,
      ``=charrue * =mettre avant|devant les =boeuf`` for the passive);
    - ``rejected``: the literal renderings and wrong idioms (``brousse``, ``=cheval``, ``=lait``);
    - ``doubtful``: expressions a human should judge (an idiom close in meaning but not the same).

    In a pattern a word is a literal form, ``=lemma`` stands for every inflected form of the
    lemma (read with the lexicon), ``a|b`` gives alternatives, ``*`` a gap of up to four words,
    ``~`` up to two adverbs or negation words, and ``(…)`` optional words. The output is
    tokenised and folded (case, *œ*/*oe*, apostrophes, punctuation ignored) before matching.
    """

    name = "idiom"
    description = "Idioms rendered by an accepted French idiom, not word for word (pattern lists)"

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        reject_unknown(params, _PARAMS)
        _patterns(params.get("accepted"), "accepted", required=True)
        _patterns(params.get("rejected"), "rejected", required=False)
        _patterns(params.get("doubtful"), "doubtful", required=False)

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        tokens = [fold(t) for t in tokenize(output) if t[0].isalnum()]
        if not tokens:
            return Verdict.not_applicable("the output is empty")
        analyses = [readings(self.lexicon, t) for t in tokens]
        lemmas = [frozenset(fold(a.lemma) for a in found) for found in analyses]
        adverbs = [self._adverb_lengths(tokens, index) for index in range(len(tokens))]
        found = {name: [m for p in _patterns(item.params.get(name), name, required=False)
                        for m in [self._match(p, tokens, lemmas, adverbs)] if m is not None]
                 for name in ("accepted", "rejected", "doubtful")}
        good, bad, unsure = found["accepted"], found["rejected"], found["doubtful"]
        if unsure:
            return Verdict.undecided(f"found {', '.join(unsure)}, an expression for a human to judge", *unsure)
        if good and not bad:
            return Verdict.passed(f"found the French idiom {', '.join(good)}", *good)
        if bad and not good:
            return Verdict.failed(f"expected a French idiom; found {', '.join(bad)}, a literal or wrong rendering",
                                  *bad)
        if good and bad:
            return Verdict.undecided(f"found both the idiom {', '.join(good)} and {', '.join(bad)}", *good, *bad)
        return Verdict.undecided("found neither an accepted French idiom nor a known literal rendering")

    def _adverb_lengths(self, tokens: list[str], index: int) -> tuple[int, ...]:
        """How many words an adverb starting at ``index`` spans: *vraiment* 1, *sans cesse* 2."""
        lengths = []
        for length in range(1, ADVERB_WORDS + 1):
            words = tokens[index:index + length]
            if len(words) < length:
                break
            text = "".join(w if w.endswith("'") else w + " " for w in words).strip()
            if (length == 1 and text in NEGATION) or any(a.pos == "adv" for a in readings(self.lexicon, text)):
                lengths.append(length)
        return tuple(lengths)

    def _match(self, pattern: Pattern, tokens: list[str], lemmas: list[frozenset[str]],
               adverbs: list[tuple[int, ...]]) -> str | None:
        for start in range(len(tokens)):
            end = _match_at(pattern.elements, 0, start, tokens, lemmas, adverbs)
            if end is not None:
                return f"{' '.join(tokens[start:end])!r} ({pattern.text})"
        return None


def _match_at(elements: tuple[Element, ...], position: int, index: int, tokens: list[str],
              lemmas: list[frozenset[str]], adverbs: list[tuple[int, ...]], budget: int = ADVERBS) -> int | None:
    """The index after a match of ``elements[position:]`` at ``tokens[index:]``, or None."""
    if position == len(elements):
        return index
    element = elements[position]
    if isinstance(element, Gap):
        for skip in range(GAP + 1):
            if index + skip > len(tokens):
                break
            end = _match_at(elements, position + 1, index + skip, tokens, lemmas, adverbs)
            if end is not None:
                return end
        return None
    if isinstance(element, Adverbs):
        end = _match_at(elements, position + 1, index, tokens, lemmas, adverbs)
        if end is not None or not budget or index >= len(tokens):
            return end
        for length in adverbs[index]:  # one more adverb, then the rest of the pattern or another adverb
            end = _match_at(elements, position, index + length, tokens, lemmas, adverbs, budget - 1)
            if end is not None:
                return end
        return None
    if isinstance(element, OptionalWords):
        end = _match_at(element.elements + elements[position + 1:], 0, index, tokens, lemmas, adverbs)
        return end if end is not None else _match_at(elements, position + 1, index, tokens, lemmas, adverbs)
    if index < len(tokens) and (tokens[index] in element.literals or element.lemmas & lemmas[index]):
        return _match_at(elements, position + 1, index + 1, tokens, lemmas, adverbs)
    return None
