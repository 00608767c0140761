"""Reading English outputs for every ``en_*`` family: tokens, searches, subjects and verb groups."""
from __future__ import annotations

import functools

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages.en.inflection import (
    IRREGULAR_PARTICIPLES,
    IRREGULAR_PAST,
    IRREGULAR_VERBS,
    fold,
    inflect,
    is_gerund,
    is_participle,
    is_past_form,
    is_regular_past,
)
from pytest_mtchallenge.languages.en.words import (
    ADVERB_PHRASES,
    ADVERBS,
    AUXILIARIES,
    BE_FORMS,
    CLAUSE_BREAKS,
    CLOSED_CLASS,
    CONJUNCTIONS,
    DEMONSTRATIVES,
    DETERMINERS,
    DO_FORMS,
    HAVE_FORMS,
    MODALS,
    NEGATION,
    NOT_ADVERBS_IN_LY,
    NOUN_MARKERS,
    OBJECT_VERB_GOVERNORS,
    PASSIVE_AUXILIARIES,
    PERSONAL_PRONOUNS,
    PLACE_ADVERBS,
    PREPOSITIONS,
    REFLEXIVES,
    SUBJECT_PRONOUNS,
    WH_WORDS,
    PronounForm,
)
from pytest_mtchallenge.text.normalise import normalise_text

_TOKEN = re.compile(
    r"(?:[^\W\d_]{1,2}\.){2,}"  # an abbreviation written with full stops: U.S., e.g., Ph.D.
    r"|[A-Z][a-z]?\.(?:[A-Z][a-z]?\.)*[A-Z](?![\w.'])"  # the same without its last one: Ph.D, U.S
    r"|'(?:s|re|ve|ll|d|m)(?![^\W\d_])"  # a clitic written apart: John 's
    r"|[^\W\d_]+(?:[-'][^\W\d_]+)*'?"  # a word, hyphens and inner apostrophes kept: rock'n'roll, o'clock
    r"|\d+(?:[.,]\d+)*|[^\w\s]")
_CONTRACTION = re.compile(r"^([^\W\d_]+(?:[-'][^\W\d_]+)*?)('s|'re|'ve|'ll|'d|'m|n't|')$")
#: Subject pronouns that a French hyphenated inversion leaves after the verb (*has-he*, *have-you*,
#: *a-t-il* → *has-t-he*): such a token is read as its words.
_INVERTED_SUBJECTS = frozenset({"i", "you", "he", "she", "it", "we", "they"})
#: The stems of *can't, won't, shan't, ain't*.
_NEGATED = {"ca": "can", "wo": "will", "sha": "shall", "ai": "is"}
_CONTRACTED_STEMS = {"can": "ca", "will": "wo", "shall": "sha"}


def is_adverb(word: str) -> bool:
    """Closed-list adverbs and -ly adverbs (not *family, reply, early*…)."""
    return word in ADVERBS or (len(word) > 4 and word.endswith("ly") and word not in NOT_ADVERBS_IN_LY)


def tokenize(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Folded tokens and the same tokens as written, contractions split off.

    *didn't* → *did n't*, *I've* → *i 've*, *brother's* → *brother 's*, *brothers'* → *brothers '*;
    *can't* / *won't* / *ain't* → *can n't* / *will n't* / *is n't*; *cannot* → *can not*; a French
    inversion left hyphenated is split (*have-you* → *have you*). A word keeps its other hyphens and
    inner apostrophes (*rock'n'roll*, *o'clock*); an abbreviation written
    with full stops is one token, folded without them (*Ph.D.* → *phd*) unless that spells a
    closed-class word (*U.S.* → *u.s.*, not *us*). Punctuation marks are tokens.
    """
    cased, _ = _split(text)
    return tuple(fold_word(t) for t in cased), tuple(cased)


def _split(text: str) -> tuple[list[str], frozenset[int]]:
    """The tokens as written, and the indexes of the subject pronouns split off a verb by a hyphen
    (a French inversion left as it was: *works-he*, *has-t-he*)."""
    cased: list[str] = []
    inverted: set[int] = set()
    for token in _TOKEN.findall(normalise_text(text)):
        if token.lower() == "cannot":
            cased.extend([token[:3], token[3:]])
            continue
        parts = token.split("-")
        if len(parts) > 1 and parts[-1].lower() in _INVERTED_SUBJECTS and parts[0].lower() not in ("self", "so"):
            cased.extend(p for p in parts if p.lower() != "t")  # a French inversion left as it was: works-he
            inverted.add(len(cased) - 1)
            continue
        match = _CONTRACTION.match(token) if "'" in token[1:] else None
        if match:
            stem, clitic = match.group(1), match.group(2)
            if clitic.lower() == "n't" and stem.lower() in _NEGATED:
                full = _NEGATED[stem.lower()]
                stem = full.capitalize() if stem[:1].isupper() else full
            cased.extend([stem, clitic])
        else:
            cased.append(token)
    return cased, frozenset(inverted)


def fold_word(token: str) -> str:
    """One token as the tokeniser folds it: lowercase, *oe* for *œ*, an abbreviation without its
    full stops (*Ph.D.* → *phd*) unless that spells a closed-class word (*U.S.*)."""
    folded = fold(token)
    if "." in folded and folded[0].isalpha():  # an abbreviation: Ph.D., e.g.
        letters = folded.replace(".", "")
        return folded if letters in CLOSED_CLASS else letters
    return folded


#: Finite forms of *be*: never anything else.
_SURE_FINITE_BE = frozenset(w for w, kind in BE_FORMS.items() if kind in ("present", "past"))
#: Finite when no *to*, determiner or auxiliary governs them (*to have*, *his will*, *could have*).
_FINITE_IF_UNGOVERNED = frozenset({"has", "had", "does", "did"}) | frozenset(MODALS)
#: Plain auxiliaries, finite after a subject (*they have*, *we do*).
_PLAIN_AUXILIARIES = frozenset({"have", "'ve", "do"})
#: What makes the next verb form non-finite or a participle.
_AUXILIARY_GOVERNORS = frozenset(MODALS) | frozenset(HAVE_FORMS) | frozenset(DO_FORMS) | frozenset(BE_FORMS)
#: Subject pronouns that nothing but a subject can be.
_SUBJECT_ONLY = frozenset({"i", "he", "she", "we", "they", "who"})
#: Words that *'s* and *'d* follow as *is*, *has*, *had*, *would* (not as a possessive).
_CLITIC_HOSTS = frozenset({"it", "you", "that", "there", "here", "what", "where", "how", "this"})
#: Simple pasts that are no participle (*went*, *sank*, *saw*).
_PAST_ONLY = IRREGULAR_PAST - IRREGULAR_PARTICIPLES


@dataclass(frozen=True, slots=True)
class VerbHit:
    """A form of one of the searched verbs: where it is, its lemma and which forms it can be."""

    index: int
    end: int  # one past the last token (a particle of a phrasal verb included)
    lemma: str
    kinds: frozenset[str]
    particle: int | None = None  # index of the particle of a phrasal verb


class Sentence:
    """One English output as tokens, and searches over them.

    ``words`` are the tokens folded (lowercase, *oe* for *œ*), ``cased`` the same tokens as written
    and ``capitals`` whether each was written with a capital. Every English family reads its
    outputs, and its parameters, through this one tokenisation.
    """

    def __init__(self, text: str) -> None:
        self.words, self.cased = tokenize(text)
        self.capitals = tuple(token[:1].isupper() for token in self.cased)
        #: The indexes of subject pronouns that a hyphen joined to the verb before them, the French
        #: inversion left as it was (*works-he*, *a-t-il*): English never writes an inversion so.
        self.hyphen_inversions = _split(text)[1]

    def __len__(self) -> int:
        return len(self.words)

    @property
    def tokens(self) -> Sequence[str]:
        """The tokens, folded (:class:`~pytest_mtchallenge.languages.reading.Reading`)."""
        return self.words

    @property
    def is_empty(self) -> bool:
        return not any(word[0].isalnum() for word in self.words)

    def first_finite_verb(self, start: int) -> int | None:
        """The first token at or after ``start`` that is a finite verb for sure (:meth:`is_finite_verb`)."""
        return next((index for index in range(max(0, start), len(self.words)) if self.is_finite_verb(index)), None)

    def is_finite_verb(self, index: int) -> bool:
        """Whether the token at ``index`` is a finite verb for sure, read from the words alone.

        A present or past form of *be*; *has*, *had*, *does*, *did* and the modals not governed by
        *to*, a determiner or another auxiliary (*to have*, *his will*, *could have*); *'s* and *'d*
        after a pronoun (*it's*, *she'd*); a simple past that is no participle (*went*, *sank*) after
        no determiner; any verb-like word right after a subject pronoun that only a subject can be
        (*they go*, *she often writes*). Without parts of speech *The cats sleep* stays unsure (False):
        a family that needs more reads it with its own lemmas (:meth:`verb_hits`).
        """
        word = self.words[index] if 0 <= index < len(self.words) else ""
        if not word[:1].isalpha() and not word.startswith("'"):
            return False
        previous = self.words[index - 1] if index else ""
        if word in _SURE_FINITE_BE:
            return True
        if word in ("'s", "'d"):
            return previous in _SUBJECT_ONLY or previous in _CLITIC_HOSTS
        if previous == "to" or previous in DETERMINERS or previous in _AUXILIARY_GOVERNORS:
            return False
        if word in _FINITE_IF_UNGOVERNED:
            return True
        following = self.words[index + 1] if index + 1 < len(self.words) else ""
        if word in _PLAIN_AUXILIARIES and (not previous or previous in CLAUSE_BREAKS) and following in SUBJECT_PRONOUNS:
            return True  # a question: "Do you like it?", "Have they left?"
        subject = self.skip_adverbs_back(index - 1)
        before = self.words[subject] if subject >= 0 else ""
        if word in CLOSED_CLASS and word not in _PLAIN_AUXILIARIES or is_adverb(word):
            return False
        if before in _SUBJECT_ONLY or before in ("you", "it") and (subject == 0 or self.words[subject - 1] in CLAUSE_BREAKS
                                                                   or self.words[subject - 1] in CONJUNCTIONS):
            return not is_gerund(word)
        return word in _PAST_ONLY and not self.capitals[index]

    def is_word(self, index: int) -> bool:
        """Whether the token at ``index`` is a word (not punctuation): *'s* and *n't* are words."""
        token = self.words[index] if 0 <= index < len(self.words) else ""
        return bool(token) and (token[0].isalnum() or (token[0] == "'" and len(token) > 1))

    def word_indexes(self) -> list[int]:
        """The indexes of the words (punctuation left out)."""
        return [i for i in range(len(self.words)) if self.is_word(i)]

    def text(self, start: int, end: int) -> str:
        """The tokens from ``start`` to ``end`` (excluded) as written, punctuation included."""
        return join_words(self.cased[max(0, start):end])

    def quote(self, start: int, end: int) -> str:
        """The words from ``start`` to ``end`` (excluded) as written, punctuation left out (for quoting
        what a pattern matched: *much, much better* → *much much better*)."""
        return join_words([self.cased[i] for i in range(max(0, start), min(end, len(self.words))) if self.is_word(i)])

    def find(self, phrase: Sequence[str], start: int = 0, end: int | None = None) -> list[int]:
        """Start indexes of a token sequence (already lowercased and tokenized)."""
        size = len(phrase)
        stop = len(self.words) if end is None else min(end, len(self.words))
        return [i for i in range(start, stop - size + 1) if tuple(self.words[i:i + size]) == tuple(phrase)]

    def find_phrase(self, phrase: str, start: int = 0) -> list[tuple[int, int]]:
        """(start, end) of every occurrence of an English phrase given as text."""
        tokens = tokenize(phrase)[0]
        return [(i, i + len(tokens)) for i in self.find(tokens, start)] if tokens else []

    def verb_hits(self, lemmas: Iterable[str], *, particle_gap: int = 4) -> list[VerbHit]:
        """Every form of the given verbs; a phrasal verb (*blow up*) may have its object before the particle."""
        hits: list[VerbHit] = []
        for lemma in lemmas:
            words = lemma.lower().split()
            forms = inflect(words[0])
            rest = tuple(words[1:])
            for index, word in enumerate(self.words):
                kinds = forms.kinds(word)
                if not kinds:
                    continue
                if not rest:
                    hits.append(VerbHit(index, index + 1, lemma, kinds))
                    continue
                for gap in range(particle_gap + 1):
                    at = index + 1 + gap
                    if tuple(self.words[at:at + len(rest)]) == rest:
                        if gap and any(w in CLAUSE_BREAKS for w in self.words[index + 1:at]):
                            break
                        hits.append(VerbHit(index, at + len(rest) if gap == 0 else index + 1, lemma, kinds, at))
                        break
        return sorted(hits, key=lambda hit: (hit.index, -len(hit.lemma)))

    def skip_adverbs(self, index: int) -> int:
        """The first index at or after ``index`` that is not an adverb."""
        while index < len(self.words) and is_adverb(self.words[index]):
            index += 1
        return index

    def skip_adverbs_back(self, index: int) -> int:
        """The last index at or before ``index`` that is not an adverb."""
        while index >= 0 and is_adverb(self.words[index]):
            index -= 1
        return index

    def adverb_length(self, index: int) -> int:
        """How many words an adverb starting at ``index`` spans, as a pattern's ``~`` reads it: an
        adverbial locution (*all the time*), an adverb, or an adverb of place (*back*, *on*); 0: none."""
        for phrase in ADVERB_PHRASES:
            if self.words[index:index + len(phrase)] == phrase:
                return len(phrase)
        word = self.words[index] if index < len(self.words) else ""
        return 1 if is_adverb(word) or word in PLACE_ADVERBS else 0

    def clause_end(self, index: int) -> int:
        """The first clause break (punctuation) at or after ``index``."""
        while index < len(self.words) and self.words[index] not in CLAUSE_BREAKS:
            index += 1
        return index


# --- French clitic order and the passive -----------------------------------------------------------


#: Every form of the verbs that take an object followed by a verb.
_GOVERNOR_FORMS = frozenset(form for verb in OBJECT_VERB_GOVERNORS for form in inflect(verb).all)
#: Object-case pronouns: never the subject of the verb that follows them.
_OBJECT_CASE = frozenset(w for w, f in PERSONAL_PRONOUNS.items() if f.case == "object")


@dataclass(frozen=True, slots=True)
class PreverbalPronoun:
    """A pronoun left before a verb group, where the French clitic stands (*I them have spoken*)."""

    index: int  # the pronoun
    preposition: int | None  # a preposition before it (*I to them have borrowed a book*)
    verb_start: int  # the first word of the verb group after it

    @property
    def start(self) -> int:
        return self.index if self.preposition is None else self.preposition


def verb_group_start(sentence: Sentence, index: int) -> int:
    """The first word of the verb group whose lexical verb is at ``index``: back over auxiliaries,
    negation, adverbs and the infinitive's *to* (*has not been*, *not to*)."""
    words = sentence.words
    start = index
    to_seen = False
    while start > 0:
        word = words[start - 1]
        if word == "to" and not to_seen and start == index:
            to_seen = True
        elif not (word in AUXILIARIES or word in NEGATION or is_adverb(word)):
            break
        start -= 1
    return start


def lexical_verb(sentence: Sentence, index: int) -> int | None:
    """The word that carries the meaning of the verb group at ``index`` (issue 23): the word itself when it
    is an open-class word (*hears*), else the first open-class word after its auxiliaries, modals,
    negation, adverbs and the infinitive's *to* (*has not yet seen* → *seen*, *would like to* →
    *like*, *was very tall* → *tall*); None when none follows (*has a car*, *did he?*). A word of the
    item's content that a translation of the source renders, which the judge compares with the source's
    (:func:`~pytest_mtchallenge.languages.relatedness.unsupported`)."""
    words = sentence.words
    at = index
    while at < len(words) and (words[at] in AUXILIARIES or words[at] in NEGATION or words[at] == "to"
                               or is_adverb(words[at])):
        at += 1
    if at >= len(words) or not words[at][:1].isalpha() or words[at] in CLOSED_CLASS:
        return None
    return at


#: Support verbs: with a noun they mean what the noun means (*take a walk*, *make a decision*, *give advice*,
#: *get up*), so that alone they say little of what a clause means (the French pack's ``SUPPORT_VERBS``).
SUPPORT_VERBS = frozenset({"make", "take", "give", "get", "do", "have", "put", "keep", "let", "go", "come", "set"})


@functools.cache
def _support_forms() -> frozenset[str]:
    from pytest_mtchallenge.languages.en.inflection import inflect

    forms: set[str] = set()
    for lemma in SUPPORT_VERBS:
        verb = inflect(lemma)
        forms.update((verb.base, verb.third, *verb.past, *verb.participle, *verb.gerund))
    return frozenset(forms)


def clause_predicates(text: str) -> tuple[str, ...]:
    """The words that carry the meaning of ``text``'s finite clauses, lowercased: the lexical word of each
    verb group that :meth:`Sentence.is_finite_verb` is sure of (:func:`lexical_verb`: *has not yet seen* →
    *seen*, *was very tall* → *tall*), once each, in order; none for a support verb (:data:`SUPPORT_VERBS`)."""
    sentence = Sentence(text)
    words = sentence.words
    found: list[str] = []
    for index in range(len(words)):
        if not sentence.is_finite_verb(index):
            continue
        lexical = lexical_verb(sentence, index)
        if lexical is None or words[lexical] in _support_forms() or words[lexical] in found:
            continue
        found.append(words[lexical])
    return tuple(found)


def lexical_word(sentence: Sentence, index: int) -> str:
    """The word of :func:`lexical_verb` as written, "" when there is none: what a family's pass rests on
    (``Verdict.resting_on``)."""
    verb = lexical_verb(sentence, index)
    return sentence.cased[verb] if verb is not None else ""


def pronoun_before_verb(sentence: Sentence, index: int) -> PreverbalPronoun | None:
    """A pronoun left before the verb group of the verb at ``index``, in the French clitic position:
    a reflexive (*this machine itself repairs*, *not herself sacrifice*, *of itself to sacrifice*),
    or an object pronoun, with or without a preposition, right after the subject (*I them have
    spoken*, *I to them have borrowed a book*, *Max it sees*). A subject pronoun followed by its verb
    (*they say it works*) is not one: *it* counts only after a subject pronoun or a name."""
    words = sentence.words
    start = verb_group_start(sentence, index)
    at = start - 1
    if at < 0:
        return None
    word = words[at]
    if word in REFLEXIVES:
        governor = words[at - 1] if at else ""
        if governor in _GOVERNOR_FORMS or is_past_form(governor) or is_gerund(governor):
            return None  # *let herself go*, *found herself looking*: the object of the verb before
        return PreverbalPronoun(at, None, start)
    if word not in _OBJECT_CASE and word != "it":
        return None
    preposition = at - 1 if at >= 1 and words[at - 1] in PREPOSITIONS else None
    subject = (at if preposition is None else preposition) - 1
    if subject < 0:
        return None
    before = words[subject]
    if before in PERSONAL_PRONOUNS:
        is_subject = PERSONAL_PRONOUNS[before].case in ("subject", "both") and before != word and before != "it"
    else:
        name = sentence.capitals[subject] and before not in CLOSED_CLASS and before not in _GOVERNOR_FORMS
        noun = word != "it" and subject > 0 and words[subject - 1] in NOUN_MARKERS and before[:1].isalpha() \
            and before not in CLOSED_CLASS
        is_subject = name or noun
    return PreverbalPronoun(at, preposition, start) if is_subject else None


def passive_auxiliary(sentence: Sentence, index: int) -> int | None:
    """The index of the *be* / *get* before a participle at ``index`` (*was looked at*, *got
    repaired*), across adverbs; None when the participle is not passive."""
    if not is_participle(sentence.words[index]):
        return None
    before = sentence.skip_adverbs_back(index - 1)
    return before if before >= 0 and sentence.words[before] in PASSIVE_AUXILIARIES else None


def join_words(words: Sequence[str]) -> str:
    """Tokens shown as text: contractions and possessives attached (*didn't*, *can't*, *brother's*),
    punctuation too."""
    pieces: list[str] = []
    for word in words:
        attached = word.startswith("'") or word.lower() == "n't" or (word[:1] in ".,;:!?)" and len(word) == 1)
        if pieces and word.lower() == "n't" and pieces[-1].lower() in _CONTRACTED_STEMS:
            stem = _CONTRACTED_STEMS[pieces[-1].lower()]
            pieces[-1] = stem.capitalize() if pieces[-1][:1].isupper() else stem
        if pieces and not attached:
            pieces.append(" ")
        pieces.append(word)
    return "".join(pieces)


# --- subjects and verb groups ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NounPhrase:
    """A subject read at the start of a clause: its tokens and whether it is 3rd person singular."""

    start: int
    end: int
    text: str
    third_singular: bool | None  # None: a form that does not show it (you)
    pronoun: PronounForm | None = None


#: Personal pronouns only a subject can be: no noun phrase goes on past one.
_SUBJECT_CASE = frozenset(word for word, form in PERSONAL_PRONOUNS.items() if form.case == "subject")


def subject_at(sentence: Sentence, index: int) -> NounPhrase | None:
    """The subject starting at ``index``: a personal pronoun, a name, or [determiner] words up to the verb."""
    words = sentence.words
    if index >= len(words):
        return None
    word = words[index]
    if word in PERSONAL_PRONOUNS and PERSONAL_PRONOUNS[word].case in ("subject", "both"):
        return noun_phrase(sentence, index, index + 1)
    if word in DEMONSTRATIVES and index + 1 < len(words) and _starts_verb_group(words[index + 1]):
        return NounPhrase(index, index + 1, sentence.text(index, index + 1), word in ("this", "that"))
    if word in DETERMINERS or sentence.cased[index][:1].isupper() or word[0].isalpha():
        end = index + 1
        if word in AUXILIARIES or word in PREPOSITIONS or word in CLAUSE_BREAKS:
            return None
        while end < len(words) and end - index < 5 and words[end][0].isalpha() and \
                not _starts_verb_group(words[end]) and words[end] not in PREPOSITIONS | CONJUNCTIONS \
                and words[end] not in _SUBJECT_CASE:  # *This shows he …*: a clause of its own, no noun phrase
            end += 1
        if end >= len(words) or not _starts_verb_group(words[end]):
            return None
        return noun_phrase(sentence, index, end)
    return None


def noun_phrase(sentence: Sentence, start: int, end: int) -> NounPhrase:
    """The words from ``start`` to ``end`` read as a noun phrase: a personal pronoun with its form, or
    a noun phrase whose number its head's *-s* (not a name's) or a plural determiner shows."""
    words = sentence.words
    if end - start == 1 and words[start] in PERSONAL_PRONOUNS:
        form = PERSONAL_PRONOUNS[words[start]]
        singular = None if words[start] == "you" else (form.person == 3 and form.number == "s")
        return NounPhrase(start, end, sentence.text(start, end), singular, form)
    head = words[end - 1]
    plural = (head.endswith("s") and not head.endswith("ss") and not sentence.cased[end - 1][:1].isupper()
              and end - 1 > start) or words[start] in ("these", "those", "both", "several", "many")
    return NounPhrase(start, end, sentence.text(start, end), not plural)


def _starts_verb_group(word: str) -> bool:
    return (word in AUXILIARIES or word in NEGATION or is_past_form(word) or is_regular_past(word)
            or word in IRREGULAR_PARTICIPLES)


@dataclass(frozen=True, slots=True)
class VerbGroup:
    """The finite verb group of a clause, classified by tense.

    ``tense`` is one of: ``present``, ``present_perfect``, ``past``, ``past_perfect``, ``future``,
    ``going_to``, ``conditional``, ``should``, ``modal``, ``base`` (the bare form with a 3rd person
    singular subject: the English subjunctive), ``plain`` (a bare form that may be the present or the
    subjunctive: *you get*), ``perfect_or_passive`` (*'s* + participle), ``nonfinite`` (*to*, *-ing*,
    a participle alone) or ``none``.
    """

    tense: str
    start: int
    end: int
    text: str
    head: int  # the lexical verb, or the last auxiliary

    def describe(self) -> str:
        return TENSE_NAMES.get(self.tense, self.tense)


TENSE_NAMES: Mapping[str, str] = {
    "present": "simple present", "present_perfect": "present perfect", "past": "simple past",
    "past_perfect": "past perfect", "future": "future with will/shall", "going_to": "future with going to",
    "conditional": "conditional with would", "should": "should + infinitive", "modal": "modal verb",
    "base": "bare (subjunctive) form", "plain": "bare form (present or subjunctive)",
    "perfect_or_passive": "'s + participle (has or is)", "nonfinite": "non-finite form",
    "none": "absence of a verb",
}


def verb_group(sentence: Sentence, index: int, *, third_singular: bool | None) -> VerbGroup:
    """Classify the verb group that starts at ``index`` (just after the subject), across adverbs."""
    words = sentence.words
    start = index
    index = sentence.skip_adverbs(index)

    def group(tense: str, end: int, head: int) -> VerbGroup:
        if head < len(words) and words[head] in ("been", "be", "being") and end == head + 1:
            following = sentence.skip_adverbs(end)
            if following < len(words) and (is_gerund(words[following]) or is_participle(words[following])):
                end, head = following + 1, following  # *have been waiting*, *will be repaired*
        return VerbGroup(tense, start, end, sentence.text(start, end), head)

    if index >= len(words) or words[index] in CLAUSE_BREAKS:
        return group("none", index, index)
    word = words[index]
    after = sentence.skip_adverbs(index + 1)
    following = words[after] if after < len(words) else ""
    if word in MODALS:
        tense = MODALS[word]
        if word == "'d":
            tense = "past_perfect" if is_participle(following) else "conditional"
        return group(tense, after + 1, after)
    if word == "'d":
        return group("past_perfect" if is_participle(following) and following not in ("better",)
                     else "conditional", after + 1, after)
    if word in BE_FORMS or word == "'s":
        if word == "'s":
            if following == "been":
                return group("present_perfect", after + 1, after)
            if is_participle(following) and not is_gerund(following):
                return group("perfect_or_passive", after + 1, after)
            return group("present", index + 1, index)
        if following == "going" and after + 1 < len(words) and words[after + 1] == "to":
            return group("going_to", after + 2, after)
        tense = BE_FORMS[word]
        if tense == "base":
            return group("base" if third_singular else "plain", index + 1, index)
        if tense in ("participle", "gerund"):
            return group("nonfinite", index + 1, index)
        return group(tense, index + 1, index)
    if word in HAVE_FORMS:
        perfect = is_participle(following) or following == "been"
        if word == "had":
            return group("past_perfect" if perfect else "past", after + 1 if perfect else index + 1, after)
        if word == "having":
            return group("nonfinite", index + 1, index)
        if perfect:
            tense = "base" if (word in ("have", "'ve") and third_singular) else "present_perfect"
            return group(tense, after + 1, after)
        if word == "has":
            return group("present", index + 1, index)
        return group("base" if third_singular else "plain", index + 1, index)
    if word in DO_FORMS:
        tense = DO_FORMS[word]
        if tense == "plain":
            tense = "base" if third_singular else "present"
        return group(tense, after + 1, after)
    if word == "to" or (is_gerund(word) and word not in ("being",)):
        return group("nonfinite", index + 1, index)
    if word in DETERMINERS or word in PREPOSITIONS or word in PERSONAL_PRONOUNS or not word[0].isalpha():
        return group("none", index, index)
    if word in IRREGULAR_PAST and word not in _BASE_FORMS:
        return group("past", index + 1, index)
    if word in IRREGULAR_PARTICIPLES and word not in _BASE_FORMS:
        return group("nonfinite", index + 1, index)  # *her work done*
    if is_regular_past(word):
        return group("past", index + 1, index)
    if word in _BASE_FORMS and word in IRREGULAR_PAST:
        if third_singular:
            return group("past", index + 1, index)  # *he put*: the present would be *puts*
        return group("plain", index + 1, index)
    if third_singular is None:
        return group("plain", index + 1, index)
    if third_singular:
        if word.endswith("s") and not word.endswith("ss"):
            return group("present", index + 1, index)
        return group("base", index + 1, index)
    return group("plain", index + 1, index)


_BASE_FORMS = frozenset(IRREGULAR_VERBS) | {"come", "become", "run", "overcome"}


#: Words that open a clause, after which a pronoun is its subject (*because it broke*, *when it rains*).
_CLAUSE_OPENERS = CONJUNCTIONS | frozenset({"where", "why", "how", "what", "who", "whom", "then", "now", "yes", "no",
                                            "oh", "well", "please", "so", "also", "maybe", "perhaps"})
#: Discourse words a sentence may open with before its subject (*But I…*, *Well, you…*).
_OPENERS = _CLAUSE_OPENERS | frozenset({"actually", "anyway", "still", "yet", "besides", "however", "okay", "ok"})


def pronoun_function(words: Sequence[str], pronoun: str) -> str | None:
    """The function of ``pronoun`` in an English sentence's folded ``words``, read from word order
    when it occurs once: ``subject`` (*It broke*, *Is it yours?*, *I think it works*), ``object``
    (*I bought it*), ``prepositional`` (*than them*, *for her*; ``dative`` after *to*/*for*),
    ``predicative`` (after *be*: *it was her who…*) or ``possessive`` (*its*, *their*, *theirs*).
    None when it occurs more or less than once, or the words around it leave it open (*her* before
    a noun or a verb: *I gave her flowers*)."""
    positions = [i for i, word in enumerate(words) if word == pronoun]
    if len(positions) != 1:
        return None
    index = positions[0]
    before = words[index - 1] if index else ""
    after = words[index + 1] if index + 1 < len(words) else ""
    if pronoun in ("its", "their", "theirs", "hers", "his", "mine", "yours", "ours"):
        return "possessive"
    if before in PREPOSITIONS:
        return "dative" if before in ("to", "for") else "prepositional"
    subject_case = PERSONAL_PRONOUNS.get(pronoun, PronounForm(3, None, None, "object")).case in ("subject", "both")
    if not subject_case:
        if pronoun == "her" and after[:1].isalpha() and after not in CLOSED_CLASS and not is_adverb(after):
            return None  # *her* before an open-class word: possessive or object (*gave her flowers*)
        verb = index - 1
        while verb > 0 and words[verb] in NEGATION:
            verb -= 1  # *it wasn't her*
        return "predicative" if verb >= 0 and (words[verb] in BE_FORMS or words[verb] == "'s") else "object"
    opens = index == 0 or before in CLAUSE_BREAKS or before in _CLAUSE_OPENERS or before in ("—", "-", "–")
    inverted = before in AUXILIARIES and "?" in words and (index == 1 or words[index - 2] in CLAUSE_BREAKS
                                                           or words[index - 2] in WH_WORDS)
    verb_after = after in AUXILIARIES or (len(after) > 3 and after.endswith("s") and not after.endswith(("ss", "us"))
                                          and after not in CLOSED_CLASS and not is_adverb(after))
    if opens or inverted or verb_after:
        return "subject"
    if before in BE_FORMS or before == "'s":
        return None
    return "object"


#: What a question puts before its subject: a question word and the auxiliary inverted with it (*Why do you
#: like it?*, *Won't they come?*).
_QUESTION_OPENERS = frozenset({"why", "how", "when", "where", "what", "which"})


def subject_person(words: Sequence[str]) -> int | None:
    """The person of a sentence's subject when it is a personal pronoun opening it, past
    conjunctions, discourse words and punctuation (*But I miss them* → 1, *You'll need it* → 2), or
    after a question's inverted auxiliary (*Why do you like it?* → 2, *Can't we stay?* → 1);
    None when the sentence opens otherwise (a noun, an imperative)."""
    inverted = False
    for word in words:
        if word in PERSONAL_PRONOUNS:
            form = PERSONAL_PRONOUNS[word]
            return form.person if form.case in ("subject", "both") else None
        if word in _OPENERS or not word[:1].isalnum() or is_adverb(word):
            continue
        if not inverted and (word in _QUESTION_OPENERS or word in AUXILIARIES) or inverted and word in NEGATION:
            inverted = inverted or word in AUXILIARIES
            continue
        return None
    return None
