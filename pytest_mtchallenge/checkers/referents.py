"""Whom the pronouns of a WinoMT output refer to: the referent algorithm every ``entity_gender`` reading shares.

A language's reading (``checkers/<code>/entity_gender.py``, ``checkers/romance_gender.py``) supplies its
language's facts: the cues of a person's noun phrase, which words are pronouns and in which role, what a
pronoun's verb adds (a predicate, a participle), and where a clause opens. :class:`ReferentReading` reads
the persons and resolves each pronoun the same way in every language, through those hooks and the
sentence's :class:`~pytest_mtchallenge.languages.reading.Reading`; :class:`SubjectVerbReading` adds the
subject of a clause as French, Spanish and Italian place it (after a subordinator, before its verb).
"""
from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from pytest_mtchallenge.checkers.entity_gender import Cue, GenderReading, Person, agreeing_referent
from pytest_mtchallenge.languages.reading import Reading

#: The roles of a pronoun that never refers to the subject of its own clause: an object, a pronoun after
#: a preposition (French *disjunctive*, Spanish and Italian *tonic*, German *prepositional*).
DISJOINT_ROLES = frozenset({"object", "disjunctive", "tonic", "prepositional"})
#: The roles of a pronoun that is the subject of its verb, spoken or dropped (*porque estaba cansada*).
SUBJECT_ROLES = frozenset({"subject", "dropped"})

SentenceT = TypeVar("SentenceT", bound=Reading)


@dataclass(frozen=True, slots=True)
class Pronoun:
    """A word that may refer to a person: where it stands, its form, the gender it shows (None: none, as
    *l'*), and its role: ``subject``, ``object``, one after a preposition (``disjunctive``, ``tonic``,
    ``prepositional``), ``possessive`` or ``dropped`` (a subject the verb's ending carries). A reading may
    note a subject's ``verb``, a dropped subject's predicates (``cues``), whether a dropped subject follows
    a coordinator (``coordinated``: the sentence's subject, when it agrees), and the person whose noun phrase
    a possessive determines (``owner``: never its referent)."""

    index: int
    form: str
    gender: str | None
    role: str
    verb: int | None = None
    cues: tuple[Cue, ...] = ()
    coordinated: bool = False
    owner: Person | None = None


class ReferentReading(GenderReading[SentenceT]):
    """A reading whose persons are read and whose pronouns are resolved by the one algorithm of this module
    (:meth:`read_persons`, :meth:`referent`, :meth:`sentence_subject`); the language supplies the hooks."""

    #: Whether a disjoint pronoun whose clause leaves one person that cannot take it goes to the entity where
    #: the entity is that clause's subject and can, or where no person can (the clause read may be the wrong
    #: one: *ha notato che l'insegnante si comporta bene e le ha dato*; *ha detto al cuoco che le era stato
    #: chiesto*).
    rereads_clause: ClassVar[bool] = False

    # -- the language's facts --------------------------------------------------------------------

    @abstractmethod
    def read_phrase(self, sentence: SentenceT, person: Person, persons: Sequence[Person]) -> None:
        """Give the person the cues of their noun phrase (determiner, noun form, adjectives), their
        determiner, and what :attr:`Person.unmarked` and :attr:`Person.nominative` say."""

    @abstractmethod
    def is_attribute(self, sentence: SentenceT, person: Person) -> bool:
        """Whether the person's noun phrase follows a copula (*elle était la propriétaire*): the subject
        again, not another person."""

    def own_predicates(self, sentence: SentenceT, person: Person, attributes: Mapping[int, Person]) -> list[Cue]:
        """The cues of the person's own verb (*l'analyste est tombée*); none by default."""
        return []

    @abstractmethod
    def pronouns(self, sentence: SentenceT, persons: Sequence[Person],
                 attributes: Mapping[int, Person]) -> list[Pronoun]:
        """The pronouns that may refer to a person, in the sentence's order."""

    @abstractmethod
    def pronoun_cues(self, sentence: SentenceT, pronoun: Pronoun, attributes: Mapping[int, Person]) -> list[Cue]:
        """What a pronoun gives the person it refers to: itself where it shows a gender, and the words that
        agree with it (a subject's predicates, a participle agreeing with an object)."""

    @abstractmethod
    def may_be_subject(self, sentence: SentenceT, person: Person) -> bool:
        """Whether the person's noun phrase may be the subject of a verb (a finite verb follows it; its case
        allows a nominative)."""

    def candidates(self, sentence: SentenceT, pronoun: Pronoun, persons: Sequence[Person]) -> list[Person]:
        """The persons the pronoun may refer to before the clause and agreement decide: all by default."""
        return list(persons)

    @abstractmethod
    def clause_subjects(self, sentence: SentenceT, index: int, persons: Sequence[Person],
                        known: Mapping[int, Person | None]) -> list[Person]:
        """Who may be the subject of the clause of the disjoint pronoun at ``index`` (``known``: the
        referents of the pronouns before it)."""

    # -- the algorithm -------------------------------------------------------------------------

    def read_persons(self, sentence: SentenceT, entity: Person, others: list[Person]) -> None:
        """Give each person their noun phrase's cues, then the predicates of their own verb, then the
        pronouns (and the words agreeing with them) that refer to them, each pronoun in order."""
        persons = [entity, *others]
        for person in persons:
            self.read_phrase(sentence, person, persons)
        attributes = {p.mention.start: p for p in others if self.is_attribute(sentence, p)}
        persons = [p for p in persons if p.mention.start not in attributes]
        for person in persons:
            person.coreferents.extend(self.own_predicates(sentence, person, attributes))
        known: dict[int, Person | None] = {}
        for pronoun in self.pronouns(sentence, persons, attributes):
            person = self.referent(sentence, pronoun, entity, persons, known)
            known[pronoun.index] = person
            if person is not None:
                person.coreferents.extend(self.pronoun_cues(sentence, pronoun, attributes))

    def referent(self, sentence: SentenceT, pronoun: Pronoun, entity: Person, persons: Sequence[Person],
                 known: Mapping[int, Person | None]) -> Person | None:
        """The person a pronoun refers to, or None when it is none of them. A dropped subject after a
        coordinator is the sentence's subject where it agrees; a disjoint pronoun never refers to the subject
        of its clause; a pronoun that is no subject and has one person left refers to them; then agreement
        decides, and where both persons or neither agree, the entity (WinoMT's pronoun always refers to it)."""
        if pronoun.coordinated:
            subject = self.sentence_subject(sentence, persons)
            if subject is not None and subject.accepts(pronoun.gender):
                return subject
        candidates = self.candidates(sentence, pronoun, persons)
        subjects: list[Person] = []
        if pronoun.role in DISJOINT_ROLES:
            subjects = self.clause_subjects(sentence, pronoun.index, persons, known)
            if subjects:
                candidates = [p for p in candidates if p not in subjects]
        if len(candidates) == 1 and pronoun.role not in SUBJECT_ROLES:
            (only,) = candidates
            if (self.rereads_clause and not only.accepts(pronoun.gender) and entity in subjects
                    and (entity.accepts(pronoun.gender) or not any(p.accepts(pronoun.gender) for p in persons))):
                return entity  # the entity can take it, or no one can: WinoMT's pronoun, which is the entity's
            return only
        if not candidates:
            return None
        return agreeing_referent(entity, candidates, pronoun.gender)

    def sentence_subject(self, sentence: SentenceT, persons: Sequence[Person]) -> Person | None:
        """The person who is the subject of the sentence's first verb: the first that may be a subject,
        before that verb where the pack reads verbs."""
        first_verb = sentence.first_finite_verb(0)
        for person in sorted(persons, key=lambda p: p.mention.start):
            if (first_verb is None or person.mention.start < first_verb) and self.may_be_subject(sentence, person):
                return person
        return None


class SubjectVerbReading(ReferentReading[SentenceT]):
    """A reading of a language whose clause opens with a subordinator or a relative pronoun and whose subject
    stands before its verb (French, Spanish, Italian): the subject of a disjoint pronoun's clause is read
    back from the pronoun to the clause's opening."""

    @abstractmethod
    def opens_clause(self, sentence: SentenceT, index: int) -> bool:
        """Whether the word at ``index`` opens a clause with a subject of its own (*parce que, que, qui*)."""

    @abstractmethod
    def coordinates(self, sentence: SentenceT, token: str) -> bool:
        """Whether ``token`` coordinates verb phrases sharing the sentence's subject (*et, mais, puis*)."""

    @abstractmethod
    def is_subject_pronoun(self, sentence: SentenceT, index: int, known: Mapping[int, Person | None]) -> bool:
        """Whether the word at ``index`` is a subject pronoun whose referent stands for its clause's subject."""

    @abstractmethod
    def relative_antecedents(self, sentence: SentenceT, start: int, persons: Sequence[Person]) -> list[Person] | None:
        """Where the clause opens with a relative pronoun at ``start``, the persons it may refer to (its
        antecedent, the relative clause's subject); None where ``start`` is no relative pronoun."""

    def controller(self, sentence: SentenceT, index: int, start: int, persons: Sequence[Person],
                   known: Mapping[int, Person | None]) -> Person | None:
        """The understood subject of a complement holding the pronoun (*demander à X de…*: X); None by default."""
        return None

    def clause_subjects(self, sentence: SentenceT, index: int, persons: Sequence[Person],
                        known: Mapping[int, Person | None]) -> list[Person]:
        """Who may be the subject of the clause of a disjoint pronoun: the understood subject of its
        complement (:meth:`controller`); a subject pronoun of its clause; else the person before the clause's
        verb and, across a coordination, the sentence's subject; after a relative, its antecedent."""
        tokens = sentence.tokens
        start = index - 1
        while start >= 0 and not self.opens_clause(sentence, start):
            start -= 1
        controller = self.controller(sentence, index, start, persons, known)
        if controller is not None:
            return [controller]
        for probe in range(index - 1, start, -1):
            if self.is_subject_pronoun(sentence, probe, known):
                subject = known.get(probe)
                return [subject] if subject is not None else []
        subjects: list[Person] = []
        in_clause = [p for p in persons if start < p.mention.start < index and self.may_be_subject(sentence, p)]
        if in_clause:
            subjects.append(in_clause[-1])
            coordinated = any(self.coordinates(sentence, t) for t in tokens[in_clause[-1].mention.end:index])
        else:
            coordinated = start < 0
            antecedents = self.relative_antecedents(sentence, start, persons) if start >= 0 else None
            if antecedents is not None:
                subjects.extend(antecedents)
                coordinated = False
        if coordinated or not subjects:
            first = self.sentence_subject(sentence, persons)
            if first is not None and first not in subjects and (start < 0 or not subjects):
                subjects.append(first)
        return subjects


__all__ = ["DISJOINT_ROLES", "SUBJECT_ROLES", "Pronoun", "ReferentReading", "SubjectVerbReading"]
