"""The ``en_phrase`` family: an English phrase, not a calque, for a French expression."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import PATTERN_LISTS, FamilyParams, flag, pattern_lists, reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, source_phrase
from pytest_mtchallenge.languages.en.patterns import Pattern, Span
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.languages.en.words import DETERMINERS, PERSONAL_PRONOUNS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

@dataclass(frozen=True, slots=True)
class PhraseParams(FamilyParams):
    accepted: tuple[Pattern, ...]
    rejected: tuple[Pattern, ...] = ()
    doubtful: tuple[Pattern, ...] = ()
    exhaustive: bool = False

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> PhraseParams:
        reject_unknown(mapping, (*PATTERN_LISTS, *_FLAGS))  # named here, so the message lists the flags too
        lists = pattern_lists(_pattern_params(mapping), Pattern.parse)
        return cls(lists["accepted"], lists["rejected"], lists["doubtful"], flag(mapping, "exhaustive"))


class EnglishPhraseChecker(EnglishChecker):
    """A French expression whose English rendering is a matter of lexical convention — an idiom
    (*tourner autour du pot* → *beat around the bush*), a support verb (*faire campagne* →
    *campaign*, not *make a campaign*), a grammatical word (*en soie* → *silk*, *par habitude* →
    *out of habit*), a doubled word (*faute sur faute* → *mistake after mistake*) — must be
    rendered by an accepted English phrase, not by the word-for-word calque.

    Parameters (from the source sentence, never from an output) are lists of patterns:

    - ``accepted``: the English phrases that render the source, with their inflectional and
      word-order variants;
    - ``rejected``: the literal calques and the renderings of the word's other uses
      (*by pleasure*, *with pleasure* for *par plaisir*);
    - ``doubtful``: phrases a human should judge (when no accepted or rejected phrase is found);
    - ``exhaustive``: true for an idiom, whose meaning is not built from its words: English renders
      it only by an equivalent idiom or a plain statement of its meaning, which ``accepted`` lists,
      so a fluent output with none of the three lists' phrases says something else and fails
      (*Stop fooling around* for *tourner autour du pot*). Default false: an unlisted paraphrase of
      a compositional expression is left to a human.

    An *of* right after a preposition that never takes one (*around of the bush*: the *de* of
    *autour de* left word for word) is not read. A match that ends in a quantifier followed by *of* +
    a pronoun or determiner is a partitive
    (*against all of them*: a definite group), not the phrase's generic quantifier: it does not count.

    An accepted phrase alone passes and a rejected one alone fails. When both are found, a match
    inside a longer match of the other list gives way to it (*weekdays* inside the calque *in
    weekdays* fails; *of habit* inside *out of habit* passes); otherwise the output is undecided.

    In a pattern a word is a literal form, ``=lemma`` stands for every inflected form of an
    English verb or noun (*=beat*: *beat, beats, beating, beaten*; *=ox*: *oxen*; a verb's *-ing*
    form not after *a / an*, since a gerund takes no indefinite article: *a warning* is a noun, not
    a form of *=warn*), ``a|b`` gives
    alternatives, ``*`` a gap of up to four words, ``~`` up to two adverbs or negation words, and
    ``(…)`` optional words. Case, apostrophes and punctuation do not matter.
    """

    name = "en_phrase"
    #: 2: names the construction it did not find (Verdict.not_found). 3: a verb's -ing form after a/an is not
    #: read as the verb (*a warning from Paul*); a partitive quantifier does not match; ``exhaustive`` items fail
    #: an output with none of their phrases
    version = "3"
    description = "English phrases for French idioms, support verbs and grammatical words (pattern lists)"
    Params = PhraseParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = PhraseParams.of(item)
        good, bad, unsure = (_found(sentence, params.accepted), _found(sentence, params.rejected),
                             _found(sentence, params.doubtful))
        source = source_phrase(item)
        if good and bad:
            if all(any(_inside(g, b) for b in bad) for g in good):
                good = []  # the accepted words are part of a calque (*in weekdays*, *for a month*)
            elif all(any(_inside(b, g) for g in good) for b in bad):
                bad = []  # the rejected words are part of an accepted phrase (*of habit* in *out of habit*)
            else:
                return Verdict.undecided(f"found both {_describe(good)} (accepted) and {_describe(bad)} (rejected) "
                                         f"for {source!r}", *_evidence(good + bad))
        if good:
            return Verdict.passed(f"found {_describe(good)}, an accepted English rendering of {source!r}",
                                  *_evidence(good))
        if bad:
            return Verdict.failed(f"expected an accepted English rendering of {source!r}; found {_describe(bad)}, "
                                  "a word-for-word or wrong rendering", *_evidence(bad))
        if unsure:
            return Verdict.undecided(f"found {_describe(unsure)} for {source!r}, a rendering for a human to judge",
                                     *_evidence(unsure))
        if params.exhaustive:
            return Verdict.failed(f"found none of the English renderings of {source!r}: its meaning is not built "
                                  "from its words, so English renders it by one of the listed idioms or plain "
                                  "statements of its meaning; another phrase says something else")
        return Verdict.not_found(f"an English rendering of {source!r}",
                                  f"found neither an accepted English rendering of {source!r} nor a known "
                                  "word-for-word one")


#: The parameters of the family that are not pattern lists.
_FLAGS = ("exhaustive",)
#: Quantifiers that a partitive *of* + pronoun or determiner may follow (*all of them*).
_QUANTIFIERS = frozenset({"all", "each", "both", "none", "some", "any", "many", "most", "several", "every"})


def _pattern_params(params: Mapping[str, object]) -> dict[str, object]:
    return {key: value for key, value in params.items() if key not in _FLAGS}


def _found(sentence: Sentence, patterns: tuple[Pattern, ...]) -> list[Span]:
    """Every match of ``patterns`` in the output, partitives aside."""
    return [span for pattern in patterns for span in pattern.find_all(sentence) if not _partitive(sentence, span)]


def _partitive(sentence: Sentence, span: Span) -> bool:
    """A match ending in a quantifier followed by *of* + a pronoun or determiner (*against all of
    them*): the partitive names a definite group, not the generic quantifier of the phrase."""
    words = sentence.words
    last, after = words[span.end - 1], span.end
    return last in _QUANTIFIERS and after + 1 < len(words) and words[after] == "of" and (
        words[after + 1] in PERSONAL_PRONOUNS or words[after + 1] in DETERMINERS)


def _inside(inner: Span, outer: Span) -> bool:
    return outer.start <= inner.start and inner.end <= outer.end and (inner.start, inner.end) != (outer.start, outer.end)


def _unique(spans: list[Span]) -> list[Span]:
    return [s for i, s in enumerate(spans) if all(t.words != s.words for t in spans[:i])]


def _describe(spans: list[Span]) -> str:
    return ", ".join(s.describe() for s in _unique(spans))


def _evidence(spans: list[Span]) -> tuple[str, ...]:
    return tuple(s.words for s in _unique(spans))
