"""A shallow reading of a Czech sentence: its tokens, where a verb or noun form of given lemmas
stands, and the kind of clause that form makes (finite, subjunctive *aby/kdyby*, or non-finite)."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages.cs import lemmatizer
from pytest_mtchallenge.languages.cs.forms import (
    NOMINAL_KINDS,
    FormReading,
    analyse,
    case_of,
    infinitive_of,
    lemma_class,
    lemma_key,
    noun_ending,
    noun_reading,
)
from pytest_mtchallenge.languages.cs.words import (
    ABY_FORMS,
    BYT_FUTURE,
    CLITICS,
    CONDITIONAL_AUXILIARIES,
    COORDINATORS,
    KDYBY_FORMS,
    LI,
    MODAL_FORMS,
    MODAL_LEMMAS,
    BYT_PAST,
    BYT_PRESENT,
    PREPOSITION_CASES,
    SUBORDINATORS,
    SUPPORT_VERB_FORMS,
)
from pytest_mtchallenge.text.normalise import normalise_text

_TOKEN = re.compile(r"(?<=\w)-li\b|[^\W\d_]+|\d+(?:[.,]\d+)*|[^\w\s]", re.UNICODE)
#: Tokens that end a clause: punctuation (a comma, a colon, a bracket, a quote, a dash…).
_BOUNDARY = re.compile(r"^[^\w\s]$", re.UNICODE)
#: Adjectives and pronouns that may stand between a preposition and its noun (*s rychlým udeřením*,
#: *po jeho přijetí*, *při tomto psaní*): their endings, and the invariable possessives.
_ATTRIBUTE = re.compile(r"(ý|á|é|ého|ému|ém|ým|ých|ými|ou|í|ího|ímu|ím|ích|ími|to|ta|ten|tomto|této)$|^(jeho|její|jejich)$")

CLAUSE_KINDS = ("finite", "subjunctive", "nonfinite")


def tokenize(text: str) -> list[str]:
    """Tokens of ``text`` (NFC, case kept): words, numbers (*2.75*), punctuation, and the enclitic
    *-li* as a token of its own (*chce-li* → *chce*, *-li*)."""
    return _TOKEN.findall(normalise_text(text))


@dataclass(frozen=True, slots=True)
class Found:
    """A form of one of the searched lemmas: where it stands, which lemma, and how it reads."""

    index: int
    word: str
    lemma: str
    reading: FormReading


@dataclass(frozen=True, slots=True)
class Clause:
    """The clause a found form makes: ``kind`` is finite, subjunctive or nonfinite; ``description``
    says why in words; ``words`` are the ones that decide it (*protože se báli*, *aby … trval*)."""

    kind: str
    description: str
    words: str


class Sentence:
    """A Czech sentence read shallowly: tokens, clause stretches, forms of given lemmas."""

    def __init__(self, text: str) -> None:
        self.text = normalise_text(text)
        self.words = tokenize(self.text)
        self.lower = [unicodedata.normalize("NFC", w).lower() for w in self.words]

    @property
    def tokens(self) -> Sequence[str]:
        """The tokens, lowercased (:class:`~pytest_mtchallenge.languages.reading.Reading`)."""
        return self.lower

    @property
    def is_empty(self) -> bool:
        return not any(not self.is_boundary(i) for i in range(len(self.words)))

    def first_finite_verb(self, start: int) -> int | None:
        """The first token at or after ``start`` that is a finite verb for sure (:meth:`is_finite_verb`)."""
        return next((index for index in range(start, len(self.words)) if self.is_finite_verb(index)), None)

    def is_boundary(self, index: int) -> bool:
        return bool(_BOUNDARY.match(self.words[index])) and self.words[index] != LI

    def word_count(self) -> int:
        return sum(1 for i in range(len(self.words)) if not self.is_boundary(i))

    def word_position(self, index: int) -> int:
        """How many words (not punctuation) come before token ``index``."""
        return sum(1 for i in range(index) if not self.is_boundary(i))

    # -- finding forms ----------------------------------------------------------------------------

    def find(self, lemmas: Sequence[str]) -> list[Found]:
        """Every token that is a form of one of ``lemmas`` (verbs by their infinitive, *bát se*;
        nouns by their nominative, *nábor*), with its reading, in sentence order."""
        verbs = {lemma: {lemma_key(lemma), lemma_key(lemmatizer.lemma(lemma.split()[0]))}
                 for lemma in lemmas if lemma_class(lemma) != "noun"}
        nouns = [lemma for lemma in lemmas if lemma_class(lemma) == "noun"]
        both = [lemma for lemma in lemmas if lemma_class(lemma) == "both"]
        found: list[Found] = []
        for index, word in enumerate(self.lower):
            if self.is_boundary(index) or word == LI:
                continue
            hit = (self._noun_form(index, word, both, endings_only=True) or self._verb_form(index, word, verbs)
                   or self._noun_form(index, word, nouns))
            if hit is not None:
                found.append(hit)
        return found

    def _verb_form(self, index: int, word: str, verbs: dict[str, set[str]]) -> Found | None:
        for reading in analyse(word):
            for lemma, keys in verbs.items():
                if keys & reading.lemmas:
                    return Found(index, self.words[index], lemma, reading)
        return None

    def _noun_form(self, index: int, word: str, nouns: list[str], *, endings_only: bool = False) -> Found | None:
        for lemma in nouns:
            reading = noun_reading(word, lemma, endings_only=endings_only)
            if reading is not None:
                return Found(index, self.words[index], lemma, reading)
        return None

    def describe(self, found: Found) -> str:
        """The reading in words, with the case of a deverbal noun (*udeřením*: instrumental)."""
        reading = found.reading
        if reading.kind == "deverbal_noun":
            preposition = self.preposition_before(found.index)
            case = case_of(noun_ending(found.word), preposition,
                           PREPOSITION_CASES.get(preposition) if preposition else None)
            detail = f"{case}, after *{preposition}*" if preposition and case else case
            return FormReading(reading.kind, reading.lemmas, detail, reading.negated).describe()
        return reading.describe()

    def preposition_before(self, index: int) -> str | None:
        """The preposition governing the noun at ``index`` (*s* in *s rychlým udeřením*), if any."""
        for back in range(index - 1, max(index - 4, -1), -1):
            word = self.lower[back]
            if self.is_boundary(back):
                return None
            if word in PREPOSITION_CASES:
                return word
            if not _ATTRIBUTE.search(word):
                return None
        return None

    # -- clauses ----------------------------------------------------------------------------------

    def stretch(self, index: int) -> tuple[int, int]:
        """The tokens between the punctuation around ``index`` (start, end exclusive)."""
        start = index
        while start > 0 and not self.is_boundary(start - 1):
            start -= 1
        end = index + 1
        while end < len(self.words) and not self.is_boundary(end):
            end += 1
        return start, end

    def clause(self, found: Found) -> Clause:
        """The kind of clause the found form makes (see :class:`Clause`)."""
        reading = found.reading
        if reading.kind in NOMINAL_KINDS:
            support = self._support_verb(found.index) if reading.kind in ("event_noun", "deverbal_noun") else None
            if support is not None:
                clause = self._finite_clause(support)
                return Clause(clause.kind, f"{clause.description}, the object of the support verb "
                                           f"*{self.words[support]}* ({self.words[support]} {found.word})", clause.words)
            return Clause("nonfinite", "non-finite", found.word)
        if reading.kind == "infinitive":
            governor = self._infinitive_governor(found.index)
            if governor is None:
                return Clause("nonfinite", "non-finite", found.word)
            what = "the future auxiliary" if self.lower[governor] in BYT_FUTURE else "the modal verb"
            clause = self._finite_clause(governor)
            pair = " ".join(self.words[min(governor, found.index):max(governor, found.index) + 1])
            return Clause(clause.kind, f"{clause.description}, with {what} *{self.words[governor]}* ({pair})",
                          clause.words)
        return self._finite_clause(found.index)

    def is_finite_verb(self, index: int) -> bool:
        """Whether the token is a finite verb for sure: a form of *být* or a modal verb, or a form
        simplemma knows whose lemma is an infinitive and that reads as a finite form of it."""
        word = self.lower[index]
        if word in BYT_PRESENT or word in BYT_PAST or word in BYT_FUTURE or word in MODAL_FORMS:
            return True
        if self.is_boundary(index) or not lemmatizer.is_known(word):
            return False
        lemma = lemmatizer.lemma(word)
        if infinitive_of(lemma) != lemma:
            return False
        return any(r.finite and lemma_key(lemma) in r.lemmas for r in analyse(word))

    def _support_verb(self, index: int) -> int | None:
        """A finite *mít* right before the noun at ``index`` (*měli obavy*), making it the predicate."""
        position = index - 1
        while position >= 0 and not self.is_boundary(position) and self.lower[position] in CLITICS:
            position -= 1
        if position < 0 or self.is_boundary(position):
            return None
        word = self.lower[position]
        return position if word in SUPPORT_VERB_FORMS or (word[:2] == "ne" and word[2:] in SUPPORT_VERB_FORMS) else None

    def _infinitive_governor(self, index: int) -> int | None:
        """The finite future auxiliary or modal verb that makes one predicate with the infinitive at
        ``index`` (*bude trvat*, *museli se vyhnout*, *vyhnout se nemohl*), if one stands next to it."""
        for step in (-1, 1):
            position = index + step
            while 0 <= position < len(self.words) and not self.is_boundary(position):
                word = self.lower[position]
                if word in BYT_FUTURE or self._is_modal(word):
                    return position
                if word not in CLITICS:
                    break
                position += step
        return None

    @staticmethod
    def _is_modal(word: str) -> bool:
        bare = word[2:] if word.startswith("ne") and word[2:] in MODAL_FORMS else word
        return bare in MODAL_FORMS or (len(word) > 3 and lemmatizer.lemma(bare) in MODAL_LEMMAS
                                       and any(r.kind in ("past", "present") for r in analyse(bare)))

    def _finite_clause(self, anchor: int) -> Clause:
        """The clause of the finite verb at ``anchor``: subjunctive when *aby/kdyby* opens it,
        otherwise finite, named by the connective that opens it (*protože, a, čímž, -li* …)."""
        start, _ = self.stretch(anchor)
        opener: int | None = None
        for position in range(anchor - 1, start - 1, -1):
            word = self.lower[position]
            if word in ABY_FORMS or word in KDYBY_FORMS:
                forms = ABY_FORMS if word in ABY_FORMS else KDYBY_FORMS
                span = " ".join(self.words[position:anchor + 1]) if anchor - position <= 2 \
                    else f"{self.words[position]} … {self.words[anchor]}"
                return Clause("subjunctive", f"a subjunctive clause opened by *{self.words[position]}* "
                                             f"({forms[word]})", span)
            if opener is None and (word in SUBORDINATORS or word in COORDINATORS):
                opener = position
            elif opener is None and self.is_finite_verb(position):
                opener = -1  # another clause's verb: what opens this one is not further left
        if anchor + 1 < len(self.words) and self.lower[anchor + 1] == LI:
            return Clause("finite", "a finite clause with *-li*", f"{self.words[anchor]}{LI}")
        conditional = any(self.lower[p] in CONDITIONAL_AUXILIARIES for p in range(start, self.stretch(anchor)[1]))
        mood = "a finite clause (conditional)" if conditional else "a finite clause"
        if opener is not None and opener >= 0:
            return Clause("finite", f"{mood} opened by *{self.words[opener]}*",
                          " ".join(self.words[opener:anchor + 1]) if anchor - opener <= 3
                          else f"{self.words[opener]} … {self.words[anchor]}")
        return Clause("finite", mood, self.words[anchor])


__all__ = ["CLAUSE_KINDS", "Clause", "Found", "Sentence", "tokenize"]
