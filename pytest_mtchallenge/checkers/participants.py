"""Whether the participant a family's construction relies on is the source's (issue 23, 5): person, number, names, nouns;
and whether the object of its verb is the source's (:func:`same_object`). :class:`ParticipantChecks` gives a family
of any target language both checks, written once, over what its language pack reads."""
from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from pytest_mtchallenge.languages.relatedness import relatedness
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.verdict import Outcome, Verdict

_PERSON_NAMES = {1: "1st person", 2: "2nd person", 3: "3rd person"}
_GENDERS = {"m": "masculine", "f": "feminine"}


@dataclass(frozen=True, slots=True)
class Participant:
    """A participant of a clause as a language pack read it: its text and folded words, its person
    (None where it says nothing of one: French *on*, English *one*), number and gender where a pronoun
    or a determiner shows them, and whether it is a personal pronoun."""

    text: str
    words: tuple[str, ...]
    person: int | None
    pronoun: bool
    number: str | None = None
    gender: str | None = None


def item_names(source: str, references: Iterable[str]) -> frozenset[str]:
    """The names of an item, folded: words written with a capital inside a sentence, and a capitalised
    word written alike in the source and a reference, wherever it stands (*John* of *John gave …* and
    *John a donné …*: two languages write a common word differently, a name alike)."""
    def capitalised(text: str, start: int) -> set[str]:
        return {word.lower() for word in re.findall(r"[^\W\d_]+", normalise_text(text))[start:] if word[0].isupper()}
    references = list(references)
    inside = set().union(*(capitalised(text, 1) for text in (source, *references)))
    alike = set().union(set(), *(capitalised(text, 0) for text in references)) & capitalised(source, 0)
    return frozenset(inside | alike)


def linked_to(item: ChallengeItem) -> Callable[[str], bool]:
    """Whether a participant's words are linked to ``item`` as :mod:`~pytest_mtchallenge.languages.relatedness`
    links an output's: a word of a reference (by lemma or folded spelling: *soeur* / *sœur*), a name of the
    source, a translation of a source word by the pair's core lexicon, or a cognate."""
    target = item.target_language or "fr"
    # an item its suite holds knows its source language; one built alone (a test's) is read as the pair's other
    source = item.source_language or {"fr": "en", "en": "fr"}.get(target, "en")

    def linked(text: str) -> bool:
        return bool(relatedness(text, source=item.source, references=item.references, source_language=source,
                                target_language=target).links)
    return linked


def same_participant(verdict: Verdict, *, role: str, found: Participant | None,
                     expected: Sequence[Participant], names: Collection[str], output_words: Collection[str],
                     function_words: Collection[str] = (), linked: Callable[[str], bool] | None = None,
                     whose: str = "the reference's") -> Verdict:
    """A pass stands when ``found``, the output's participant in ``role`` (*the subject of 'melted'*),
    may be one of ``expected`` (the reference's, read alike); otherwise it fails when its person, or the
    number or gender of a pronoun, differs from every expected one, or when it is a noun phrase for a
    name of the item (``names``) that is nowhere in ``output_words``; it is left to a human when a noun
    phrase stands for the reference's pronoun (the source names no one there: *Les fidèles levèrent les
    yeux* for *Il leva les yeux*), or shares no content word (outside ``function_words``) with the expected one and is not
    ``linked`` to the item otherwise (a word of a reference by its lemma, a translation of a source word:
    *the wife* for *la femme*), as it may render it by a synonym. Verdicts other than a pass, a participant not found
    and *on* (no person) are left as they are. ``whose`` names where ``expected`` comes from in the reasons (a
    family that reads its arguments from the item's parameters: "the source's")."""
    if verdict.outcome is not Outcome.PASS or found is None or not expected:
        return verdict
    if found.person is None or any(wanted.person is None for wanted in expected):
        return verdict
    wanted = expected[0]
    shown = f"the {role} {found.text!r}"
    if all(found.person != other.person for other in expected):
        return Verdict.failed(f"{shown} ({_PERSON_NAMES[found.person]}) is not {whose} {wanted.text!r} "
                              f"({_PERSON_NAMES[wanted.person or 3]}): the output says something of someone else "
                              "than the source's", found.text)
    same_person = [other for other in expected if other.person == found.person]
    if all(_differs(found, other) for other in same_person):
        return Verdict.failed(f"{shown} ({_features(found)}) is not {whose} {wanted.text!r} "
                              f"({_features(wanted)}): the output says something of someone else than the source's",
                              found.text)
    content = set(found.words) - set(function_words)
    if not found.pronoun and not content:
        return verdict  # a demonstrative (*This is proof*, *Cela*): it names no one to compare
    if found.pronoun or any(content & set(other.words) for other in same_person):
        return verdict
    if all(other.pronoun for other in same_person):
        # the source names this participant by a pronoun only: a translation keeps a pronoun
        return Verdict.undecided(f"{shown}, a noun phrase, is not {whose} pronoun {wanted.text!r}: the source "
                                 "names no one there; someone else, or a pronoun made explicit? Left to a human",
                                 found.text)
    if linked is not None and linked(found.text):
        return verdict
    wanted_names = set(names) & {word for other in same_person for word in other.words}
    if wanted_names:
        if wanted_names & set(output_words) or _name_form(found.words, wanted_names):
            return verdict
        return Verdict.failed(f"{shown} is not {whose} {wanted.text!r}, a name rendered as itself or by a "
                              "pronoun, and the name is nowhere in the output: the output says something of "
                              "someone else than the source's", found.text)
    return Verdict.undecided(f"{shown} is not {whose} {wanted.text!r}: a synonym, or someone else? Left to "
                             "a human", found.text)


def role_forms(found: Participant, forms: Sequence[Participant]) -> list[Participant]:
    """What a found argument is compared with when a family reads its roles from the item's forms: for a pronoun,
    the role's pronoun forms where it has some (they say its person, number and gender: *she*, *her* for *Mary*);
    otherwise every form."""
    pronouns = [form for form in forms if form.pronoun]
    return pronouns if found.pronoun and pronouns else list(forms)


def same_object(verdict: Verdict, *, role: str, found: Sequence[str], function_words: Collection[str],
                linked: Callable[[str], bool]) -> Verdict:
    """A pass stands when ``found``, the words of the output's object or complement in ``role`` (*the
    object of 'melted'*), has no content word (outside ``function_words``) or one ``linked`` to the item
    (a word of a reference by its lemma or spelling, a name of the source, a translation of a source word
    by the pair's core lexicon, a cognate: *un joli cadeau* for *a nice present*); otherwise the output
    may say the source's verb of another thing (*Max melted the chocolate* for *Max a fait fondre la
    glace*), or render the object by a synonym the lexicon lacks (*a boulder* for *un rocher*): left to a
    human, never failed. Only for an object that is part of the item, not a word of the construction
    (the family's parameters). Verdicts other than a pass are left as they are."""
    if verdict.outcome is not Outcome.PASS:
        return verdict
    content = [word for word in found if word not in function_words and any(c.isalpha() for c in word)]
    if not content or linked(" ".join(content)):
        return verdict
    text = " ".join(found)
    return Verdict.undecided(f"the {role} {text!r} is neither a word of a reference nor a translation of a word of "
                             "the source: the source's verb said of another thing, or a synonym? Left to a human",
                             text)


def _name_form(words: Sequence[str], names: Collection[str]) -> bool:
    """Whether a word may be another language's form of one of ``names``: the same first three letters and at
    most two letters more or fewer (*Marie* for *Mary*, *Johnny* for *John*; not *Jean* for *John*). The rule is
    loose by design: *Marc* would pass for *Mary* too, a cost taken for the translations that write a name in
    the target language's form, which a reference keeping the source's form would otherwise send to review."""
    return any(len(word) >= 3 and word[:3] == name[:3] and abs(len(word) - len(name)) <= 2
               for word in words for name in names if word != name)


def _differs(found: Participant, other: Participant) -> bool:
    """Whether two participants of one person differ in number (not the 2nd person: *vous*, *you* may
    address one) or, two pronouns, in gender (*elle* for *il*)."""
    if found.person != 2 and found.number and other.number and found.number != other.number:
        return True
    return (found.pronoun and other.pronoun and found.gender in _GENDERS and other.gender in _GENDERS
            and found.gender != other.gender)


def _features(participant: Participant) -> str:
    number = {"s": "singular", "p": "plural"}.get(participant.number or "", "")
    return ", ".join(part for part in (_PERSON_NAMES[participant.person or 3], number,
                                       _GENDERS.get(participant.gender or "", "")) if part)


SentenceT = TypeVar("SentenceT")


class ParticipantChecks(ABC, Generic[SentenceT]):
    """``same_subject`` and ``same_object`` for the families of one target language, written once: the
    language's base family (``checkers/<code>/__init__.py``) says how its pack reads a text (:meth:`read`),
    which words it holds (:meth:`words`), what its subject is (:meth:`subject_of`), where an object noun
    phrase ends (:meth:`object_end`), and which words say nothing of whom a noun phrase names
    (:attr:`function_words`)."""

    #: Words of a noun phrase that say nothing of whom it names: determiners, possessives.
    function_words: ClassVar[frozenset[str]]

    @abstractmethod
    def read(self, text: str) -> SentenceT:
        """The text read with the language pack's reader."""

    @abstractmethod
    def words(self, sentence: SentenceT) -> Sequence[str]:
        """The sentence's tokens, folded as the pack folds them."""

    @abstractmethod
    def subject_of(self, sentence: SentenceT) -> Participant | None:
        """The sentence's subject (after a fronted adverbial); None where the pack finds no single one."""

    def plain_subject(self, sentence: SentenceT, subject: Participant) -> bool:
        """Whether ``subject``, read at the start of ``sentence``, is surely a noun phrase subject: opened by a
        determiner, or a name; the sentence-subject comparison reads no other (a wh-word, an imperative, an
        adverb a reader may take for a noun). True where the pack cannot tell."""
        return True

    def opens_with_pronoun(self, text: str) -> bool:
        """Whether ``text`` surely opens with a personal pronoun subject, read from its first word alone (a cheap
        test before a reading: the sentence-subject comparison skips such outputs); False where it cannot tell."""
        return False

    @abstractmethod
    def object_end(self, words: Sequence[str], start: int) -> int:
        """Where an object noun phrase that starts at ``start`` ends (the index after its last word)."""

    def same_subject(self, verdict: Verdict, *, item: ChallengeItem, output: str, role: str,
                     subject_at: Callable[[SentenceT], Participant | None] | None = None) -> Verdict:
        """A pass whose clause's subject cannot be the reference's becomes a failure or is left to a human
        (:func:`same_participant`). The clause is the sentence's (its subject after a fronted adverbial,
        :meth:`subject_of`), or the one a family's construction opens: ``subject_at`` finds its subject in a
        sentence read by the pack, the output's and each reference's alike (the conditional clause's, issue 36)."""
        if verdict.outcome is not Outcome.PASS:
            return verdict  # only a pass is checked: nothing to read
        find = subject_at or self.subject_of
        sentence = self.read(output)
        found = find(sentence)
        if found is None:
            return verdict  # nothing to compare: the references need no reading
        expected = [subject for reference in item.references if (subject := find(self.read(reference))) is not None]
        return same_participant(verdict, role=role, found=found, expected=expected,
                                names=item_names(item.source, item.references), output_words=self.words(sentence),
                                function_words=self.function_words, linked=linked_to(item))

    def same_object(self, verdict: Verdict, *, item: ChallengeItem, output: str, start: int | None, role: str) -> Verdict:
        """A pass whose object, the words of the output from token ``start`` to :meth:`object_end` (none:
        nothing compared), is neither a word of a reference nor a translation of a source word is left to
        a human (:func:`same_object`)."""
        if start is None or verdict.outcome is not Outcome.PASS:
            return verdict
        words = self.words(self.read(output))
        return same_object(verdict, role=role, found=words[start:self.object_end(words, start)],
                           function_words=self.function_words, linked=linked_to(item))
