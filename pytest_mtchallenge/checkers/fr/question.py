"""The ``question`` family: French yes/no question syntax (inversion, *est-ce que*), and the reading of inversions."""
from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.fr.reader import DETERMINERS, OBJECT_CLITICS, PRONOUNS, SentenceReader, join_words, tokenize
from pytest_mtchallenge.languages.fr.lexicon import Lexicon
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.normalise import normalise_text
from pytest_mtchallenge.verdict import Verdict

SUBJECT_CLITICS = frozenset({"je", "j'", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles"})
# Subject clitics that cannot also be object clitics: after a verb without a hyphen they are still subjects.
_UNAMBIGUOUS_SUBJECTS = frozenset({"je", "tu", "il", "elle", "on", "ils", "elles"})
_CLAUSE_OPENERS = frozenset({",", "et", "mais", "alors", "donc", "or", "bon", "puis"})
# Object clitics that are never determiners or subjects: skipped before a verb even without "ne".
_PLAIN_OBJECT_CLITICS = frozenset({"me", "m'", "te", "t'", "se", "s'", "y", "en", "lui", "leur"})
# "a-t'il", "a t-il", "a-t il": the euphonic t misspelt; read as "a-t-il".
_EUPHONIC_T = re.compile(r"(?<=[^\W\d_])[- ]t[-' ](?=(?:il|elle|on|ils|elles)\b)", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]")


@dataclass(frozen=True, slots=True)
class Inversion:
    """A word joined by a hyphen to the subject pronoun after it (``ont-ils``, ``a-t-il``, ``est-ce``)."""

    verb: int  # token index of the verb
    pronoun: int  # token index of the subject pronoun

    def text(self, reader: SentenceReader) -> str:
        verb, pronoun = reader.tokens[self.verb], reader.tokens[self.pronoun]
        euphonic = "t-" if verb[-1] in "aec" and pronoun in ("il", "elle", "on", "ils", "elles") else ""
        return f"{verb}-{euphonic}{pronoun}"


def read_french(output: str, lexicon: Lexicon) -> tuple[SentenceReader, tuple[Inversion, ...]]:
    """The output read with the lexicon, and its hyphenated subject–verb inversions.

    :func:`pytest_mtchallenge.languages.fr.reader.tokenize` splits ``ont-ils`` into ``ont`` and ``ils`` and so
    loses the hyphen; the inversions are recovered here from each space-separated chunk, with the
    euphonic *t* misspellings (``a-t'il``) repaired first.
    """
    text = _EUPHONIC_T.sub("-t-", normalise_text(output))
    reader = SentenceReader(text, lexicon)
    inversions: list[Inversion] = []
    offset = 0
    for chunk in text.split(" "):
        pieces = tokenize(chunk)
        lowered = chunk.lower()
        for index, piece in enumerate(pieces):
            if (index > 0 and piece in SUBJECT_CLITICS | {"ce"} and _WORD.match(pieces[index - 1])
                    and re.search(rf"[^\W\d_]-(?:t-)?{re.escape(piece)}(?![^\W\d_])", lowered)):
                inversions.append(Inversion(offset + index - 1, offset + index))
        offset += len(pieces)
    if offset != len(reader.tokens):  # defensive: never mis-index a token
        return reader, ()
    return reader, tuple(inversions)


def is_finite(reader: SentenceReader, index: int) -> bool:
    """Whether the token has a finite verb reading (indicative, subjunctive, conditional)."""
    return 0 <= index < len(reader.tokens) and bool(reader.finite_readings(index))


def describe_readings(reader: SentenceReader, index: int, lemmas: Collection[str] = ()) -> str:
    """The token and its finite readings in words; only those of ``lemmas`` when it has some."""
    readings = reader.finite_readings(index)
    if any(a.lemma in lemmas for a in readings):
        readings = [a for a in readings if a.lemma in lemmas]
    seen: dict[tuple[object, ...], str] = {}
    for analysis in readings:  # "avoir, auxiliary, …" and "avoir, …": one reading in words
        key = (analysis.lemma, analysis.mood, analysis.tense, analysis.person, analysis.number)
        if key not in seen or analysis.pos == "verb":
            seen[key] = analysis.describe()
    described = sorted(seen.values())
    return f"{reader.tokens[index]!r} ({'; '.join(described)})" if described else repr(reader.tokens[index])


def is_known_text(reader: SentenceReader) -> bool:
    """Whether every lowercase word is in the lexicon (so a missing finite verb is not a lexicon gap)."""
    return all(reader.readings(i) for i, t in enumerate(reader.tokens) if _WORD.match(t) and t.isalpha() and i > 0)


def skip_preverbal(reader: SentenceReader, index: int) -> int:
    """The index of the verb after ``index``: past *ne*/*n'* and the object clitics that follow it.

    Without *ne*, only the clitics that cannot be a determiner or a subject (*me, se, y, en, lui*…)
    are skipped: *le*, *la*, *les*, *nous*, *vous* there open a noun phrase or a subject.
    """
    tokens = reader.tokens
    clitics = _PLAIN_OBJECT_CLITICS
    if index < len(tokens) and tokens[index] in ("ne", "n'"):
        index += 1
        clitics = OBJECT_CLITICS
    while index < len(tokens) and tokens[index] in clitics:
        index += 1
    return index


class QuestionChecker(FrenchChecker):
    """A yes/no question must have French interrogative syntax.

    Accepted: subject–verb inversion with the hyphenated subject pronoun (*devrais-je*,
    *a-t-il*), complex inversion after a noun subject (*Les enfants ont-ils*), or *Est-ce que*
    at the start of a clause. A sentence that opens with the finite verb and no subject pronoun
    after it (*Ont les enfants vu…*, *N'a pas votre patron…*) is the English word order and
    fails; so does a plain statement without a question mark. A declarative word order with a
    question mark is a colloquial intonation question: the checker leaves it to a human.

    No parameters.
    """

    name = "question"
    description = "Yes/no question syntax: inversion or est-ce que"

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        if params:
            raise ValueError(f"unknown parameter {sorted(params)[0]!r} (the question family takes no parameters)")

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        reader, inversions = read_french(output, self.lexicon)
        tokens = reader.tokens
        if not any(_WORD.match(t) for t in tokens):
            return Verdict.not_applicable("the output is empty")
        for index in range(len(tokens) - 2):
            if (tokens[index:index + 2] == ["est", "ce"] and tokens[index + 2] in ("que", "qu'")
                    and (index == 0 or tokens[index - 1] in _CLAUSE_OPENERS)):
                return Verdict.passed("the question is introduced by 'est-ce que'", "est-ce que")
        for inversion in inversions:
            if reader.tokens[inversion.pronoun] == "ce" or not is_finite(reader, inversion.verb):
                continue
            before = tokens[:inversion.verb]
            if "," in before and any(is_finite(reader, i) for i in range(tokens.index(","))):
                continue  # a tag after a statement ("…, n'ont-ils pas ?"), not the question's own syntax
            stranded_subject = _noun_phrase_before_participle(reader, inversion)
            if stranded_subject:
                return Verdict.undecided(
                    f"after the inversion {inversion.text(reader)!r}, the noun phrase {stranded_subject!r} stands "
                    "before the participle, as the subject does in English (Have the kids watched): left to a human")
            complex_inversion = _starts_with_noun_subject(reader, inversion.verb)
            kind = "complex inversion" if complex_inversion else "subject–verb inversion"
            return Verdict.passed(
                f"the question has {kind}: {inversion.text(reader)!r} "
                f"({describe_readings(reader, inversion.verb)} with the subject pronoun {tokens[inversion.pronoun]!r})",
                inversion.text(reader))
        start = skip_preverbal(reader, 0)
        if is_finite(reader, start) and start + 1 < len(tokens):
            following = tokens[start + 1]
            if following in _UNAMBIGUOUS_SUBJECTS:
                person, number, _ = PRONOUNS[following]
                if not any(a.person == person and a.number == number for a in reader.finite_readings(start)):
                    return Verdict.undecided(
                        f"{describe_readings(reader, start)} is followed by {following!r} without a hyphen, and does "
                        "not agree with it: left to a human")
                return Verdict.passed(
                    f"the question opens with the inverted verb and subject pronoun {tokens[start]!r} {following!r} "
                    "(hyphen missing)", f"{tokens[start]} {following}")
            return Verdict.failed(
                f"expected an inverted subject pronoun (verb-pronoun, e.g. 'a-t-il') or 'est-ce que'; found the "
                f"English word order: the finite verb {describe_readings(reader, start)} opens the sentence with no "
                "subject pronoun after it", tokens[start])
        finite = [i for i in range(len(tokens)) if is_finite(reader, i) and not reader.is_nominal_context(i)]
        if not finite:
            if is_known_text(reader):
                return Verdict.failed(
                    "expected a question clause (inversion with a subject pronoun, or 'est-ce que'); found no finite "
                    f"verb in {join_words(tokens)!r}", join_words(tokens))
            return Verdict.undecided("no finite verb found, and some words are not in the lexicon: left to a human")
        if "?" in tokens:
            return Verdict.undecided(
                "declarative word order with a question mark (a colloquial intonation question), no inversion and "
                "no 'est-ce que': left to a human")
        return Verdict.failed(
            "expected a question (inversion with a subject pronoun, or 'est-ce que'); found a statement: declarative "
            f"word order around {describe_readings(reader, finite[0])} and no question mark", tokens[finite[0]])


def _noun_phrase_before_participle(reader: SentenceReader, inversion: Inversion) -> str:
    """The noun phrase between an inverted auxiliary and its participle (*Avez-vous les enfants … vu*), or ""."""
    if not any(a.lemma in ("avoir", "être") for a in reader.finite_readings(inversion.verb)):
        return ""
    tokens = reader.tokens
    if inversion.pronoun + 1 >= len(tokens) or tokens[inversion.pronoun + 1] not in DETERMINERS:
        return ""
    phrase = reader.noun_phrase(inversion.pronoun + 1)
    if phrase is None:
        return ""
    index = phrase.end
    while index < len(tokens) and tokens[index] in ("jamais", "déjà", "pas", "encore", "toujours", "vraiment"):
        index += 1
    if index < len(tokens) and any(a.mood == "participle" and a.pos in ("verb", "aux") for a in reader.readings(index)):
        return join_words(tokens[phrase.start:phrase.end])
    return ""


def _starts_with_noun_subject(reader: SentenceReader, verb: int) -> bool:
    phrase = reader.noun_phrase(0)
    return phrase is not None and reader.tokens[0] not in SUBJECT_CLITICS and phrase.end <= verb


__all__ = ["Inversion", "QuestionChecker", "SUBJECT_CLITICS", "describe_readings", "is_finite", "is_known_text",
           "join_words", "read_french", "skip_preverbal"]
