"""Checker families that judge French outputs, built on the French language pack, and the parameter types they share (:mod:`.params`)."""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import ClassVar

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.checkers.participants import Participant, ParticipantChecks
from pytest_mtchallenge.checkers.fr.params import (
    Lemmas,
    Phrases,
    TokenizedPhrases,
    VerbLemmas,
    features,
    lemma_list,
    phrase_list,
    phrase_tokens,
    tokenized_phrases,
    verb_lemmas,
)
from pytest_mtchallenge.languages.fr.lexicon import Lexicon, default_lexicon
from pytest_mtchallenge.languages.fr.reader import DETERMINERS, PRONOUNS, Phrase, SentenceReader, join_words
from pytest_mtchallenge.languages.fr.syntax import Inversion

#: Possessives and demonstratives that open a noun phrase.
_OPENERS = frozenset({"mon", "ma", "mes", "ton", "ta", "tes", "son", "sa", "ses", "notre", "nos", "votre", "vos",
                      "leur", "leurs", "ce", "cet", "cette", "ces"})
#: Words of a noun phrase that say nothing of whom it names: determiners, possessives, demonstratives, indefinite and
#: negative pronouns (*personne*, *nul*, *rien*), and the answer words a reader may take for a noun (*oui*, *non*).
FUNCTION_WORDS = frozenset(DETERMINERS) | _OPENERS | frozenset({
    "tout", "toute", "tous", "toutes", "quelqu'un", "chacun", "chacune", "personne", "nul", "nulle", "rien", "aucun",
    "aucune", "oui", "non"})


class FrenchChecker(ParticipantChecks[SentenceReader], Checker):
    """A family that judges French outputs with the French pack's lexicon: the shipped one (Lefff),
    loaded at first use, unless a test hands it another. Its participants are checked as every
    language's are (:class:`~pytest_mtchallenge.checkers.participants.ParticipantChecks`)."""

    languages: ClassVar[tuple[str, ...]] = ("fr",)
    packs: ClassVar[tuple[str, ...]] = ("fr",)
    function_words = FUNCTION_WORDS

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        self._lexicon = lexicon

    @property
    def lexicon(self) -> Lexicon:
        if self._lexicon is None:
            self._lexicon = default_lexicon()
        return self._lexicon

    def read(self, text: str) -> SentenceReader:
        return SentenceReader(text, self.lexicon)

    def words(self, sentence: SentenceReader) -> Sequence[str]:
        return sentence.tokens

    def subject_of(self, sentence: SentenceReader) -> Participant | None:
        return subject_of(sentence)

    def plain_subject(self, sentence: SentenceReader, subject: Participant) -> bool:
        """A determiner, a possessive or a demonstrative first (*le*, *mon*, *cette*), or a name: a word the
        lexicon lacks (*Shepard*) or one written with a capital inside the sentence too."""
        first = subject.words[0]
        if first in DETERMINERS or first in _OPENERS:
            return True
        return not sentence.readings(sentence.tokens.index(first)) if first in sentence.tokens else False

    def opens_with_pronoun(self, text: str) -> bool:
        """*Je*, *Tu*, *Il* … or *J'*, *C'*, *Ça* first: a subject pronoun (a clitic has no other use there)."""
        first = text.lstrip(" \"'«»-—–¿¡([").split(" ", 1)[0].lower().replace("’", "'")
        return first.split("'", 1)[0] + ("'" if "'" in first else "") in _OPENING_PRONOUNS

    def object_end(self, words: Sequence[str], start: int) -> int:
        """Up to a preposition other than *de*, a conjunction, a relative pronoun or a punctuation mark, at
        most six words (*une grande quantité de glace*)."""
        end = start
        while end < len(words) and end - start < 6 and words[end] not in _OBJECT_ENDS \
                and any(c.isalpha() for c in words[end]):
            end += 1
        return end


#: Words that end an object noun phrase: prepositions other than *de*, conjunctions, relative pronouns.
_OBJECT_ENDS = frozenset({
    "à", "au", "aux", "dans", "sur", "sous", "avec", "sans", "pour", "par", "en", "chez", "vers", "pendant",
    "après", "avant", "depuis", "entre", "contre", "jusqu'", "jusque", "et", "ou", "mais", "car", "donc", "que",
    "qu'", "qui", "dont", "où", "quand", "lorsque", "lorsqu'", "puis", "comme", "si", "s'"})


#: The subject clitics: a subject wherever they stand first (*Je leur ai raconté*).
_SUBJECT_CLITICS = frozenset({"je", "j'", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles"})
#: Subject pronouns that, first in a sentence, can only be its subject (*Il part*, *J'arrive*, *Ça marche*).
_OPENING_PRONOUNS = frozenset({"je", "j'", "tu", "il", "elle", "on", "nous", "ils", "elles", "c'", "ça", "cela"})
#: Words that open a subordinate clause before the main one: the sentence's subject is not at the start.
_SUBORDINATORS = frozenset({"si", "s'", "quand", "lorsque", "lorsqu'", "puisque", "puisqu'", "comme", "bien",
                            "quoique", "quoiqu'", "pendant", "tandis", "dès", "avant", "après", "parce", "pour"})
#: Subject pronouns whose plural is only written: their number is not compared.
_SILENT_PLURAL = frozenset({"il", "ils", "elle", "elles"})


def subject_of(reader: SentenceReader, start: int | None = None) -> Participant | None:
    """The subject of the sentence (after a fronted adverbial) or the one at ``start``: a subject
    clitic, or a noun phrase a finite verb follows; one noun phrase or pronoun (None for coordinated subjects, whose person is the
    coordination's)."""
    tokens = reader.tokens
    if start is None and tokens[:2] == ["est", "ce"] and tokens[2:3] in (["que"], ["qu'"]):
        start = 3  # *Est-ce que les enfants ont …*: the question's subject
    elif start is None and (tokens[:1] and tokens[0] in _SUBORDINATORS or tokens[:3] == ["au", "cas", "où"]):
        return None  # *Au cas où Paul partirait, je …*, *Si …*: the main clause comes later
    found = reader.subject(start)
    if found is None or len(found[0]) != 1:
        return None
    if found[1] < len(tokens) and tokens[found[1]] == "," and tokens[found[0][0].start] not in _SUBJECT_CLITICS:
        return None  # *Madame, j'en ai*, *Certains jours, je …*: a noun phrase set off by a comma is no subject
    phrase = found[0][0]
    words = tuple(reader.tokens[phrase.start:phrase.end])
    if words[0] not in _SUBJECT_CLITICS and reader.first_finite_verb(found[1]) is None:
        return None
    subject = participant(reader, phrase)
    # *Ils se lava les mains* for *Il*: a written -s the ear does not hear, an agreement slip
    return _heard(subject) if subject.pronoun else subject


def clause_subject(reader: SentenceReader, start: int, inversions: Sequence[Inversion] = ()) -> Participant | None:
    """The subject of the clause whose first word is at ``start`` (after a wh-element): past *est-ce que*
    and *ne*, a subject clitic or a noun phrase a finite verb follows (*avec qui Marie sort*), else the pronoun
    inverted on the clause's verb within three words (*à qui parlait-il*, read by
    :func:`~pytest_mtchallenge.languages.fr.syntax.read_french`); None where none is read."""
    tokens = reader.tokens
    index = start
    if tokens[index:index + 2] == ["est", "ce"] and tokens[index + 2:index + 3] in (["que"], ["qu'"]):
        index += 3  # *avec qui est-ce qu'elle sort*
    while index < len(tokens) and tokens[index] in ("ne", "n'"):
        index += 1
    if index < len(tokens) and tokens[index] in _SUBJECT_CLITICS:
        return _heard(pronoun(tokens[index]))
    found = subject_of(reader, index) if index < len(tokens) else None
    if found is not None:
        return found
    inversion = next((inv for inv in inversions if start <= inv.verb <= start + 3), None)
    if inversion is not None and tokens[inversion.pronoun] in PRONOUNS:
        return _heard(pronoun(tokens[inversion.pronoun]))
    return None


def _heard(subject: Participant) -> Participant:
    """A subject pronoun without the number only its spelling shows (*ils* for *il*: an agreement slip)."""
    return dataclasses.replace(subject, number=None) if subject.words[0] in _SILENT_PLURAL else subject


def pronoun(word: str) -> Participant:
    """A personal pronoun as the shared participant check reads it: its person (none for *on*, which may
    stand for *nous*), number and gender."""
    person, number, gender = PRONOUNS[word]
    return Participant(word, (word,), None if word == "on" else person, True, number, gender)


def participant(reader: SentenceReader, phrase: Phrase) -> Participant:
    """A noun phrase the reader found, as the shared participant check reads it: a pronoun with its person (none
    for *on*), number and gender; a noun phrase in the 3rd person with its number."""
    words = tuple(reader.tokens[phrase.start:phrase.end])
    if len(words) == 1 and words[0] in PRONOUNS:
        return pronoun(words[0])
    return Participant(join_words(list(words)), words, 3, False, phrase.features.number)


__all__ = ["FUNCTION_WORDS", "FrenchChecker", "Lemmas", "clause_subject", "participant", "pronoun", "subject_of",
           "Phrases", "TokenizedPhrases", "VerbLemmas", "features", "lemma_list",
           "phrase_list", "phrase_tokens", "tokenized_phrases", "verb_lemmas"]
