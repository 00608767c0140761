"""Checker families that judge English outputs, built on the English language pack, and the parameter helpers they share."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, fields
from typing import ClassVar, TypeVar

from pytest_mtchallenge.checkers import Checker, FamilyParams, check_keys, pattern_list
from pytest_mtchallenge.checkers.participants import Participant, ParticipantChecks
from pytest_mtchallenge.languages.en.inflection import forms_of
from pytest_mtchallenge.languages.en.patterns import Pattern
from pytest_mtchallenge.languages.en.reader import TENSE_NAMES, NounPhrase, Sentence, fold_word, subject_at, tokenize
from pytest_mtchallenge.languages.en.words import CLAUSE_BREAKS, CONJUNCTIONS, DETERMINERS, PREPOSITIONS, WH_WORDS
from pytest_mtchallenge.model import ChallengeItem


class EnglishChecker(ParticipantChecks[Sentence], Checker):
    """A family that judges English outputs with the English pack's reader. Its participants are checked
    as every language's are (:class:`~pytest_mtchallenge.checkers.participants.ParticipantChecks`)."""

    languages: ClassVar[tuple[str, ...]] = ("en",)
    #: Determiners, and the indefinite pronouns, which say nothing of whom they name (*Someone put the cart …*).
    function_words = DETERMINERS | frozenset({"someone", "somebody", "anyone", "anybody", "everyone", "everybody",
                                              "nobody", "one"})

    def read(self, text: str) -> Sentence:
        return Sentence(text)

    def words(self, sentence: Sentence) -> Sequence[str]:
        return sentence.words

    def subject_of(self, sentence: Sentence) -> Participant | None:
        return subject_of(sentence)

    def opens_with_pronoun(self, text: str) -> bool:
        """*I*, *He*, *She*, *We*, *They*, *It* first (also *I'm*, *It's*): a subject pronoun."""
        first = text.lstrip(" \"'-—–([").split(" ", 1)[0].lower().replace("’", "'").split("'", 1)[0]
        return first in _OPENING_PRONOUNS

    def object_end(self, words: Sequence[str], start: int) -> int:
        """Up to a preposition, a conjunction or the clause's end, at most four words."""
        end = start
        while end < len(words) and end - start < 4 and words[end] not in CLAUSE_BREAKS | PREPOSITIONS | CONJUNCTIONS:
            end += 1
        return end


#: Subject pronouns that, first in a sentence, can only be its subject (not *you*, which may be an object).
_OPENING_PRONOUNS = frozenset({"i", "he", "she", "we", "they", "it"})
#: Conjunctions that open a subordinate clause before the main one (*When I'm working, I like*).
_SUBORDINATING = frozenset({"because", "although", "though", "while", "when", "whenever", "if", "unless", "since",
                            "as", "after", "before", "until", "once", "whereas"})
#: Interrogative words that may stand first, as the subject or not (*Who did Max give a book to?*).
_WH_OPENERS = (WH_WORDS - {"that"}) | {"why", "how"}


def subject_of(sentence: Sentence) -> Participant | None:
    """The subject of the sentence: at its start, past a conjunction, or after a fronted adverbial set
    off by a comma (*Yesterday, Max melted the ice*); None when no verb group follows a noun phrase."""
    words = sentence.words
    starts = [0, 1] if words[:1] and words[0] in CONJUNCTIONS - _SUBORDINATING else [0]
    if words[:1] and words[0] in _SUBORDINATING | _WH_OPENERS:
        starts = []  # *When I'm working, I like …*, *Who did Max give …*: no subject at the start
    starts += [index + 1 for index, word in enumerate(words[:8]) if word == ","][:1]
    for start in starts:
        phrase = subject_at(sentence, start)
        if phrase is not None:
            return participant(sentence, phrase)
    return None


def participant(sentence: Sentence, phrase: NounPhrase) -> Participant:
    """A subject noun phrase of ``sentence`` as the shared participant check reads it: a pronoun with its
    person (none for *one*, *there*), number and gender; a noun phrase in the 3rd person with its number."""
    found = tuple(sentence.words[phrase.start:phrase.end])
    if phrase.pronoun is not None:
        form = phrase.pronoun
        person = None if found in (("one",), ("there",)) else form.person
        return Participant(phrase.text, found, person, True, form.number, form.gender)
    number = None if phrase.third_singular is None else "s" if phrase.third_singular else "p"
    return Participant(phrase.text, found, 3, False, number)


def words_of(value: object, name: str, *, required: bool = True) -> tuple[str, ...]:
    """A parameter that is a list of English words or phrases, each tokenised as outputs are and
    joined by spaces (*can't* → *can n't*)."""
    if value is None and not required:
        return ()
    if isinstance(value, str) or not isinstance(value, Sequence) or (required and not value) or not all(
            isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{name} must be a {'non-empty ' if required else ''}list of English words or phrases")
    return tuple(" ".join(tokenize(v)[0]) for v in value)


#: A parameter read by :func:`words_of`: English words or phrases, tokenised as outputs are.
Words = tuple[str, ...]
Lists = TypeVar("Lists", bound="WordLists")


@dataclass(frozen=True, slots=True)
class WordLists(FamilyParams):
    """The parameters of a family that takes lists of English words or phrases only (:func:`words_of`).

    A subclass declares each list as a field of type :data:`Words`: the required ones first, in the
    order their absence is reported, then the optional ones with their default, which stands for
    a list that is absent or empty. :meth:`parse` rejects unknown and missing parameters, then reads
    each list in the order of the fields (:func:`check_word_lists`); a check across lists goes in
    the subclass's ``__post_init__``, raising ``ValueError``.
    """

    @classmethod
    def parse(cls: type[Lists], mapping: Mapping[str, object]) -> Lists:
        lists = fields(cls)
        required = [f.name for f in lists if f.default is MISSING]
        check_keys(mapping, [f.name for f in lists], required)
        return cls(**{f.name: words_of(mapping[f.name], f.name) if f.default is MISSING
                      else words_of(mapping.get(f.name), f.name, required=False) or f.default for f in lists})


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
        forms |= forms_of(entry[1:]) if entry.startswith("=") else {fold_word(entry)}
    return frozenset(forms)


def patterns(value: object, name: str, *, required: bool = False) -> tuple[Pattern, ...]:
    """The English phrase patterns of parameter ``name``."""
    return pattern_list(value, name, Pattern.parse, required=required)


def check_word_lists(params: Mapping[str, object], *, required: Sequence[str], optional: Sequence[str] = (),
                     allowed: Iterable[str] = ()) -> None:
    """Reject unknown and missing parameters, and read the ``required`` and ``optional`` ones as
    lists of English words or phrases (:func:`words_of`); ``allowed`` names the family's other
    parameters, which it checks itself."""
    check_keys(params, {*required, *optional, *allowed}, required)
    for key in required:
        words_of(params[key], key)
    for key in optional:
        words_of(params.get(key), key, required=False)


def tense_lists(params: Mapping[str, object]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ``accept`` and ``reject`` parameters: verb-group tenses (:data:`TENSE_NAMES`), none in both."""
    accept, reject = _tenses(params.get("accept"), "accept"), _tenses(params.get("reject"), "reject")
    if set(accept) & set(reject):
        raise ValueError(f"accept and reject share {min(set(accept) & set(reject))!r}")
    return accept, reject


def _tenses(value: object, name: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) or not value \
            or not all(isinstance(t, str) for t in value):
        raise ValueError(f"{name} must be a non-empty list of tenses ({', '.join(TENSE_NAMES)})")
    unknown = [t for t in value if t not in TENSE_NAMES]
    if unknown:
        raise ValueError(f"{name} has unknown tense {unknown[0]!r} (tenses: {', '.join(TENSE_NAMES)})")
    return tuple(value)


def source_phrase(item: ChallengeItem) -> str:
    """The French words an item probes, for reasons: its source locus, else its source."""
    return " … ".join(item.source_locus) if item.source_locus else item.source


__all__ = ["EnglishChecker", "WordLists", "Words", "check_word_lists", "participant", "patterns", "source_phrase",
           "tense_lists", "words_of", "words_param"]
