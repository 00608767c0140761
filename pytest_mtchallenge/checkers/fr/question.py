"""The ``question`` family: French yes/no question syntax (inversion, *est-ce que*)."""
from __future__ import annotations

from collections.abc import Mapping

from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.fr.reader import DETERMINERS, PRONOUNS, SUBJECT_CLITICS, SentenceReader, join_words
from pytest_mtchallenge.languages.fr.syntax import (
    Inversion,
    describe_readings,
    is_finite,
    is_known_text,
    read_french,
    skip_preverbal,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

#: Subject clitics that cannot also be object clitics: after a verb without a hyphen they are still subjects.
_UNAMBIGUOUS_SUBJECTS = SUBJECT_CLITICS - {"j'", "nous", "vous"}
_CLAUSE_OPENERS = frozenset({",", "et", "mais", "alors", "donc", "or", "bon", "puis"})


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
    version = "2"  # words in the 1990 reformed spelling (connait, paraitra) read

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        if params:
            raise ValueError(f"unknown parameter {sorted(params)[0]!r} (the question family takes no parameters)")

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        reader, inversions = read_french(output, self.lexicon)
        tokens = reader.tokens
        if reader.is_empty:
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

