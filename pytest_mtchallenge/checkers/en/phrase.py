"""The ``en_phrase`` family (an English phrase, not a calque, for a French expression) and the English word reading the ``en_*`` families share."""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker
from pytest_mtchallenge.languages.en.reader import IRREGULAR_PARTICIPLES, IRREGULAR_PAST, inflect
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.languages.pattern import Adverbs, Gap, OptionalWords, parse_elements
from pytest_mtchallenge.normalise import normalise_text
from pytest_mtchallenge.verdict import Verdict

# ---------------------------------------------------------------------------------------------
# English closed classes
# ---------------------------------------------------------------------------------------------

BE = frozenset({"be", "am", "is", "are", "was", "were", "been", "being", "'m", "'re", "'s"})
HAVE = frozenset({"have", "has", "had", "having", "'ve", "'d", "'s"})
DO = frozenset({"do", "does", "did"})
MODALS = frozenset({"will", "would", "shall", "should", "can", "could", "may", "might", "must", "ought", "'ll", "'d"})
AUXILIARIES = BE | HAVE | DO | MODALS
NEGATORS = frozenset({"not", "n't", "never", "no", "nobody", "nothing", "none", "nowhere", "neither", "nor",
                      "no-one", "nought", "naught"})
SUBJECT_PRONOUNS = frozenset({"i", "you", "he", "she", "it", "we", "they", "one", "there"})
OBJECT_PRONOUNS = frozenset({"me", "you", "him", "her", "it", "us", "them", "himself", "herself", "itself",
                             "myself", "yourself", "ourselves", "yourselves", "themselves", "oneself"})
REFLEXIVES = frozenset({"myself", "yourself", "himself", "herself", "itself", "oneself", "ourselves", "yourselves",
                        "themselves"})
POSSESSIVES = frozenset({"my", "your", "his", "her", "its", "our", "their", "one's", "whose"})
ARTICLES = frozenset({"the", "a", "an"})
DETERMINERS = ARTICLES | POSSESSIVES | frozenset({
    "this", "that", "these", "those", "some", "any", "every", "each", "no", "another", "other", "such", "what",
    "which", "all", "both", "many", "much", "several", "few", "one", "two", "three"})
#: Determiners that only open a noun phrase (not *that*, *which*, *what*, which also relate clauses):
#: a verb form after one of them is a noun (*the work*, *his talk*).
NOUN_MARKERS = ARTICLES | POSSESSIVES | frozenset({"this", "these", "those", "every", "each", "another"})
PREPOSITIONS = frozenset({
    "to", "with", "about", "of", "for", "at", "in", "on", "from", "by", "into", "onto", "upon", "toward", "towards",
    "over", "under", "through", "after", "against", "among", "around", "before", "behind", "between", "beyond",
    "during", "near", "off", "since", "without", "within", "across", "along", "via", "per", "like"})
WH_WORDS = frozenset({"who", "whom", "which", "what", "whose", "that", "where", "when"})
CONJUNCTIONS = frozenset({"and", "or", "but", "because", "if", "when", "while", "although", "though", "as", "since",
                          "until", "unless", "whether", "that", "so"})
#: Adverbs a ``~`` of a pattern may skip, besides words in -ly (the closed list of frequent ones).
ADVERBS = frozenset({
    "always", "never", "not", "n't", "still", "just", "even", "ever", "again", "forever", "often", "sometimes", "really",
    "so", "too", "also", "then", "now", "already", "yet", "once", "twice", "perhaps", "maybe", "all", "quite",
    "rather", "very", "almost", "soon", "simply", "only", "constantly", "continually", "indeed", "thus",
    "therefore", "here", "there", "away", "back", "on", "around", "about", "much", "far", "well"})
ADVERB_PHRASES = (("all", "the", "time"), ("once", "again"), ("of", "course"), ("at", "times"), ("no", "longer"),
                  ("any", "longer"), ("any", "more"), ("over", "and", "over"), ("again", "and", "again"),
                  ("time", "and", "again"))
_NOT_ADVERBS = frozenset({  # words in -ly that are not adverbs
    "apply", "reply", "supply", "ally", "rally", "belly", "jelly", "bully", "family", "fly", "july", "italy", "holy",
    "ugly", "silly", "lovely", "friendly", "lonely", "likely", "lily", "rely", "imply", "multiply", "comply", "sly",
    "curly", "jolly", "folly", "assembly", "elderly", "costly", "deadly", "lively", "orderly", "hilly", "chilly",
    "melancholy", "emily", "sally", "molly", "kelly", "billy", "tally", "dolly", "gully", "anomaly", "homily"})

# ---------------------------------------------------------------------------------------------
# English inflection (a small generator: regular rules and a table of irregular forms)
# ---------------------------------------------------------------------------------------------

_IRREGULAR_NOUNS = """
man men; woman women; child children; foot feet; tooth teeth; goose geese; mouse mice; ox oxen; person people;
knife knives; wife wives; life lives; leaf leaves; half halves; calf calves; wolf wolves; shelf shelves;
sheep sheep; fish fish; deer deer
"""


def _columns(text: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    entries: dict[str, tuple[tuple[str, ...], ...]] = {}
    for entry in text.split(";"):
        base, *columns = entry.split()
        entries[base] = tuple(tuple(column.split("/")) for column in columns)
    return entries


IRREGULAR_NOUNS = _columns(_IRREGULAR_NOUNS)  # lemma → (plural forms,)
_VOWELS = "aeiou"
#: Words in -ed that are not past forms.
_NOT_PAST = frozenset({"need", "feed", "bleed", "breed", "speed", "heed", "seed", "weed", "shed", "proceed", "succeed",
                       "exceed", "embed", "shred", "indeed", "greed", "creed", "steed", "deed", "reed", "tweed",
                       "naked", "wicked", "sacred", "hundred", "kindred", "bed", "red", "wed"})


def _sibilant_plural(word: str) -> set[str]:
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return {word + "es"}
    if len(word) > 1 and word.endswith("y") and word[-2] not in _VOWELS:
        return {word[:-1] + "ies"}
    if len(word) > 1 and word.endswith("o") and word[-2] not in _VOWELS:
        return {word + "es", word + "s"}
    return {word + "s"}


@functools.cache
def forms_of(lemma: str) -> frozenset[str]:
    """Every inflected form of an English verb or noun lemma: *leave* → *leaves, leaving, left*;
    *ox* → *oxen*. The verb forms come from the shared English inflection (``en_reading.inflect``,
    one table of irregular verbs); forms the lemma does not have (*leaved*) do no harm in matching."""
    lemma = fold(lemma)
    verb = inflect(lemma)
    forms = {lemma, verb.third} | _sibilant_plural(lemma) | verb.past | verb.participle | verb.gerund
    forms.update(f for column in IRREGULAR_NOUNS.get(lemma, ()) for f in column)
    if lemma == "be":
        forms.update(BE - {"'s"})  # *'s* is also *has* and the genitive: patterns name it
    if lemma == "have":
        forms.update({"'ve", "'d"})
    return frozenset(forms)


@dataclass(frozen=True, slots=True)
class VerbForms:
    """The forms of one English verb, by function: *leave, leaves, left, left, leaving*."""

    base: str
    third_person: frozenset[str]
    past: frozenset[str]
    participle: frozenset[str]
    gerund: frozenset[str]

    @property
    def all(self) -> frozenset[str]:
        return frozenset({self.base}) | self.third_person | self.past | self.participle | self.gerund


@functools.cache
def verb_forms(lemma: str) -> VerbForms:
    """The forms of an English verb lemma, irregular ones from the shared table (*bear*: *bore*, *born*)."""
    verb = inflect(fold(lemma))
    return VerbForms(verb.lemma, frozenset({verb.third}), verb.past, verb.participle, verb.gerund)


def is_past_form(word: str) -> bool:
    """A past tense or participle: a regular *-ed* form or an irregular one (*saw, left, written*)."""
    return (word in IRREGULAR_PAST or word in IRREGULAR_PARTICIPLES
            or (word.endswith("ed") and len(word) > 3 and word not in _NOT_PAST))


# ---------------------------------------------------------------------------------------------
# Reading an English sentence
# ---------------------------------------------------------------------------------------------

_TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*(?:'[^\W\d_]+)?|'[^\W\d_]+|\d+(?:[.,]\d+)*|[^\w\s]")
_NT_BASES = {"ca": "can", "wo": "will", "sha": "shall", "ai": "is"}
_CLITICS = ("'s", "'re", "'m", "'ve", "'ll", "'d")
_CONTRACTED = re.compile(r"(\w+) (n't|'\w+)", re.IGNORECASE)
_CONTRACTIONS = {"can": "ca", "will": "wo", "shall": "sha"}


def _contract(match: re.Match[str]) -> str:
    """*can n't* → *can't*, *will n't* → *won't*, *he 's* → *he's* (for quoting an output)."""
    base, clitic = match.groups()
    if clitic.lower() == "n't":
        base = _CONTRACTIONS.get(base.lower(), base)
    return base + clitic


def fold(word: str) -> str:
    """A word as the ``en_*`` families compare it: NFC, lowercase, *œ*/*æ* spelled *oe*/*ae*."""
    return unicodedata.normalize("NFC", word).lower().replace("œ", "oe").replace("æ", "ae").replace("’", "'")


@dataclass(frozen=True, slots=True)
class EnglishSentence:
    """An English output as words and punctuation: lowercased, contractions split (*didn't* →
    *did n't*, *can't* → *can n't*, *cannot* → *can not*, *he's* → *he 's*), with whether each
    token was written with a capital."""

    tokens: tuple[str, ...]
    capitals: tuple[bool, ...]
    surface: tuple[str, ...]  # each token as written (case kept), for reasons

    @classmethod
    def read(cls, text: str) -> EnglishSentence:
        text = normalise_text(text).replace("Ph.D.", "PhD").replace("Ph.D", "PhD").replace("ph.d.", "phd")
        tokens: list[str] = []
        capitals: list[bool] = []
        surface: list[str] = []
        for raw in _TOKEN.findall(text):
            word = fold(raw)
            capital = raw[:1].isupper()
            parts: list[str]
            if word.endswith("n't") and len(word) > 3:
                base = word[:-3]
                parts = [_NT_BASES.get(base, base), "n't"]
            elif word == "cannot":
                parts = ["can", "not"]
            elif any(word.endswith(c) and len(word) > len(c) for c in _CLITICS) and not word.startswith("'"):
                cut = word.rindex("'")
                parts = [word[:cut], word[cut:]]
            else:
                parts = [word]
            offset = 0
            for index, part in enumerate(parts):
                tokens.append(part)
                capitals.append(capital and index == 0)
                written = raw[offset:offset + len(part)]
                surface.append(written if fold(written) == part else part)
                offset += len(part)
        return cls(tuple(tokens), tuple(capitals), tuple(surface))

    def is_word(self, index: int) -> bool:
        token = self.tokens[index] if 0 <= index < len(self.tokens) else ""
        return bool(token) and (token[0].isalnum() or (token[0] == "'" and len(token) > 1))

    def words(self) -> list[int]:
        """The indexes of the words (punctuation left out)."""
        return [i for i in range(len(self.tokens)) if self.is_word(i)]

    def text(self, start: int, end: int) -> str:
        """The words from ``start`` to ``end`` (excluded) as one string, punctuation left out."""
        text = " ".join(t for i, t in enumerate(self.surface[start:end], start) if self.is_word(i))
        return _CONTRACTED.sub(_contract, text)

    def adverb_length(self, index: int) -> int:
        """How many words an adverb starting at ``index`` spans (0: no adverb there)."""
        for phrase in ADVERB_PHRASES:
            if self.tokens[index:index + len(phrase)] == phrase:
                return len(phrase)
        word = self.tokens[index] if index < len(self.tokens) else ""
        if word in ADVERBS or (word.endswith("ly") and len(word) > 4 and word not in _NOT_ADVERBS):
            return 1
        return 0


# ---------------------------------------------------------------------------------------------
# Patterns
# ---------------------------------------------------------------------------------------------

GAP = 4  # the most words a ``*`` in a pattern stands for
ADVERB_BUDGET = 2  # the most adverbs a ``~`` stands for


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a pattern: the forms it accepts (``=lemma`` expanded to every inflected form)."""

    forms: frozenset[str]


Element = Word | Gap | Adverbs | OptionalWords[Word]


@dataclass(frozen=True, slots=True)
class Span:
    """Where a pattern matched: token indexes ``start`` to ``end`` (excluded), and the words."""

    pattern: str
    start: int
    end: int
    words: str

    def describe(self) -> str:
        return f"{self.words!r} ({self.pattern})"


@dataclass(frozen=True, slots=True)
class Pattern:
    """An English phrase with its inflectional and word-order freedom, parsed from its text."""

    text: str
    elements: tuple[Element, ...]

    @classmethod
    def parse(cls, text: object) -> Pattern:
        """Parse ``=put the cart * before|ahead the =horse``: words are literal forms, ``=lemma``
        every inflected form, ``a|b`` alternatives, ``*`` a gap of up to four words, ``~`` up to
        two adverbs, ``(…)`` optional words."""
        return cls(text, parse_elements(text, _words))

    def find(self, sentence: EnglishSentence, *, start: int = 0) -> Span | None:
        """The first match at or after token ``start``, punctuation skipped (*much, much better*)."""
        words = [i for i in sentence.words() if i >= start]
        for position in range(len(words)):
            end = _match_at(self.elements, 0, position, words, sentence, ADVERB_BUDGET)
            if end is not None:
                first, last = words[position], words[end - 1]
                return Span(self.text, first, last + 1, sentence.text(first, last + 1))
        return None

    def find_all(self, sentence: EnglishSentence) -> list[Span]:
        """Every match, left to right (overlapping matches from later start words included)."""
        found: list[Span] = []
        start = 0
        while (span := self.find(sentence, start=start)) is not None:
            found.append(span)
            start = span.start + 1
        return found


def _words(chunk: str, pattern: str) -> list[Word]:
    if "*" in chunk or "~" in chunk:
        raise ValueError(f"a gap ('*' or '~') must stand alone in pattern {pattern!r}")
    words: list[Word] = []
    for part in chunk.split():
        alternatives = part.split("|")
        if any(not a or a == "=" for a in alternatives):
            raise ValueError(f"empty alternative or lemma in pattern {pattern!r}")
        forms: set[str] = set()
        for alternative in alternatives:
            if alternative.startswith("="):
                forms |= forms_of(alternative[1:])
                continue
            tokens = [t for t in EnglishSentence.read(alternative).tokens if t[0].isalnum() or t[0] == "'"]
            if len(tokens) != 1:
                raise ValueError(f"{alternative!r} is not one word in pattern {pattern!r}")
            forms.add(tokens[0])
        words.append(Word(frozenset(forms)))
    return words


def _match_at(elements: tuple[Element, ...], position: int, index: int, words: list[int],
              sentence: EnglishSentence, budget: int) -> int | None:
    """The position after a match of ``elements[position:]`` at ``words[index:]``, or None."""
    if position == len(elements):
        return index
    element = elements[position]
    if isinstance(element, Gap):
        for skip in range(GAP + 1):
            if index + skip > len(words):
                break
            end = _match_at(elements, position + 1, index + skip, words, sentence, budget)
            if end is not None:
                return end
        return None
    if isinstance(element, Adverbs):
        end = _match_at(elements, position + 1, index, words, sentence, budget)
        if end is not None or not budget or index >= len(words):
            return end
        length = sentence.adverb_length(words[index])
        if length and index + length <= len(words) and words[index + length - 1] == words[index] + length - 1:
            return _match_at(elements, position, index + length, words, sentence, budget - 1)
        return None
    if isinstance(element, OptionalWords):
        end = _match_at(element.elements + elements[position + 1:], 0, index, words, sentence, budget)
        return end if end is not None else _match_at(elements, position + 1, index, words, sentence, budget)
    if index < len(words) and sentence.tokens[words[index]] in element.forms:
        return _match_at(elements, position + 1, index + 1, words, sentence, budget)
    return None


def patterns(value: object, name: str, *, required: bool = False) -> tuple[Pattern, ...]:
    """The patterns of parameter ``name``; a ``ValueError`` naming it when they are malformed."""
    if value is None and not required:
        return ()
    if isinstance(value, Sequence) and not isinstance(value, str) and (value or not required):
        try:
            return tuple(Pattern.parse(v) for v in value)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
    raise ValueError(f"{name} must be a {'non-empty ' if required else ''}list of patterns")


def words_param(value: object, name: str, *, required: bool = True) -> frozenset[str]:
    """A parameter that lists single English words (``=lemma`` allowed), as the forms they stand for."""
    if value is None and not required:
        return frozenset()
    if not isinstance(value, Sequence) or isinstance(value, str) or (required and not value):
        raise ValueError(f"{name} must be a {'non-empty ' if required else ''}list of words")
    forms: set[str] = set()
    for entry in value:
        if not isinstance(entry, str) or not entry.strip() or len(entry.split()) != 1:
            raise ValueError(f"{name} must list single words; got {entry!r}")
        forms |= forms_of(entry[1:]) if entry.startswith("=") else {fold(entry)}
    return frozenset(forms)


def source_phrase(item: ChallengeItem) -> str:
    """The French words an item probes, for reasons: its source locus, else its source."""
    return " … ".join(item.source_locus) if item.source_locus else item.source


# ---------------------------------------------------------------------------------------------
# The family
# ---------------------------------------------------------------------------------------------

_PARAMS = {"accepted", "rejected", "doubtful"}


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
    - ``doubtful``: phrases a human should judge (when no accepted or rejected phrase is found).

    An accepted phrase alone passes and a rejected one alone fails. When both are found, a match
    inside a longer match of the other list gives way to it (*weekdays* inside the calque *in
    weekdays* fails; *of habit* inside *out of habit* passes); otherwise the output is undecided.

    In a pattern a word is a literal form, ``=lemma`` stands for every inflected form of an
    English verb or noun (*=beat*: *beat, beats, beating, beaten*; *=ox*: *oxen*), ``a|b`` gives
    alternatives, ``*`` a gap of up to four words, ``~`` up to two adverbs or negation words, and
    ``(…)`` optional words. Case, apostrophes and punctuation do not matter.
    """

    name = "en_phrase"
    description = "English phrases for French idioms, support verbs and grammatical words (pattern lists)"

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        reject_unknown(params, _PARAMS)
        patterns(params.get("accepted"), "accepted", required=True)
        patterns(params.get("rejected"), "rejected")
        patterns(params.get("doubtful"), "doubtful")

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        sentence = EnglishSentence.read(output)
        if not sentence.words():
            return Verdict.not_applicable("the output is empty")
        found = {name: [span for p in patterns(item.params.get(name), name) for span in p.find_all(sentence)]
                 for name in ("accepted", "rejected", "doubtful")}
        good, bad, unsure = found["accepted"], found["rejected"], found["doubtful"]
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
        return Verdict.undecided(f"found neither an accepted English rendering of {source!r} nor a known "
                                 "word-for-word one")


def _inside(inner: Span, outer: Span) -> bool:
    return outer.start <= inner.start and inner.end <= outer.end and (inner.start, inner.end) != (outer.start, outer.end)


def _unique(spans: list[Span]) -> list[Span]:
    return [s for i, s in enumerate(spans) if all(t.words != s.words for t in spans[:i])]


def _describe(spans: list[Span]) -> str:
    return ", ".join(s.describe() for s in _unique(spans))


def _evidence(spans: list[Span]) -> tuple[str, ...]:
    return tuple(s.words for s in _unique(spans))
