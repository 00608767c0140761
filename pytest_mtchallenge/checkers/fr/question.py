"""The ``question`` family: French yes/no question syntax (inversion, *est-ce que*)."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams
from pytest_mtchallenge.checkers.fr import FrenchChecker, clause_subject, pronoun, subject_of
from pytest_mtchallenge.checkers.participants import Participant
from pytest_mtchallenge.languages.fr.reader import (
    DETERMINERS,
    OBJECT_CLITICS,
    PRONOUNS,
    SUBJECT_CLITICS,
    SentenceReader,
    join_words,
)
from pytest_mtchallenge.languages.fr.syntax import (
    IMPERSONAL_VERBS,
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
#: Interrogative words: a clause they open asks for something (a wh-question), not yes or no.
WH_WORDS = frozenset({"comment", "où", "quand", "pourquoi", "combien", "qui", "que", "qu'", "quoi", "quel", "quelle",
                      "quels", "quelles", "lequel", "laquelle", "lesquels", "lesquelles"})
#: Prepositions before an interrogative word (*à qui*, *avec qui*, *de quoi*, *pour quelle raison*).
_WH_PREPOSITIONS = frozenset({"à", "de", "d'", "avec", "pour", "par", "sur", "chez", "dans", "en", "vers", "contre",
                              "sans", "depuis"})
_PERSON_NAMES = {1: "1st person", 2: "2nd person", 3: "3rd person"}
#: Verbs whose inverted *il* may be impersonal (*faudrait-il*, *est-il vrai que*, *y a-t-il*, *fait-il
#: beau*, *semble-t-il*): it refers to no one, and its person is not compared.
_IMPERSONAL_IL_VERBS = IMPERSONAL_VERBS | {"sembler", "paraître", "suffire", "importer", "convenir", "arriver",
                                          "valoir", "agir", "être", "faire", "rester", "exister", "manquer"}


@dataclass(frozen=True, slots=True)
class QuestionParams(FamilyParams):
    """None: the family takes no parameters."""

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> QuestionParams:
        if mapping:
            raise ValueError(f"unknown parameter {sorted(mapping)[0]!r} (the question family takes no parameters)")
        return cls()


class QuestionChecker(FrenchChecker):
    """A yes/no question must have French interrogative syntax.

    Accepted: subject–verb inversion with the hyphenated subject pronoun (*devrais-je*,
    *a-t-il*), complex inversion after a noun subject (*Les enfants ont-ils*), or *Est-ce que*
    at the start of a clause; *est-ce que* followed by an inversion as well (*Est-ce que les enfants
    ont-ils vu…*) marks the question twice and fails. A sentence that opens with the finite verb and no
    subject pronoun after it (*Ont les enfants vu…*, *N'a pas votre patron…*) is the English word order
    and fails; so does a plain statement without a question mark. A declarative word order with a
    question mark is an intonation question when it is well formed: one subject at the start, then its
    finite verb (past *ne* and object clitics): it passes (*Les enfants ont déjà vu ce film ?*). A second
    subject before the verb (*Les enfants ils ont vu ce film ?*) fails; a tag after a comma, or no
    subject read, is left to a human.

    An inversion renders the source's yes/no question only when it asks yes or no, about the
    source's subject (the reference shows both):

    - an inversion in a clause opened by an interrogative word (*comment allez-vous*, *où vont-ils*,
      *à qui parle-t-il*) is a wh-question: it asks for something else than yes or no, and fails
      (unless a reference is such a question too);
    - the question's subject, in any form (after *est-ce que*, the noun phrase of a complex inversion,
      the inverted pronoun, an intonation question's subject), goes through the shared participant check
      against the reference's (:meth:`FrenchChecker.same_subject`, issue 36): another person (*allez-vous*
      for *Les enfants ont-ils …*, *devrais-tu* for *devrais-je*), or a pronoun of another number or
      gender, asks about someone else and fails; a noun phrase linked to nothing of the item, or one for
      the reference's pronoun, is left to a human. Person survives translation (*I* is *je*, *you* is
      *tu* or *vous*, a noun is 3rd person); *on*, which may stand for *nous*, and an *il* that may be
      impersonal (*faudrait-il*) are not compared.

    A pass on an inversion or an intonation question rests on the verb that carries its meaning (the
    participle after an inverted auxiliary; ``Verdict.content``): the judge asks whether it renders the
    source's (*Vos voisins ont-ils déjà visité ce musée ?* for *Have the kids ever watched that movie?* is
    left to a human).

    No parameters.
    """

    name = "question"
    description = "Yes/no question syntax: inversion or est-ce que"
    # 2: words in the 1990 reformed spelling (connait, paraitra) read
    # 3: a well-formed intonation question passes, a doubled subject fails; est-ce que + inversion fails
    # 4: an inversion after an interrogative word, or with another person than the reference's subject, fails
    # 5: a pass rests on the question's lexical verb (Verdict.content), which the judge compares with the source
    # 6: the meaning words follow auxiliary + modal + factitive chains, skip support verbs, read avoir l'air
    # 7: the question's subject, whatever its form, goes through the shared participant check (issue 36)
    version = "7"
    Params = QuestionParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        return self.same_subject(self._judge(item, output), item=item, output=output, role="question's subject",
                                 subject_at=_question_subject)

    def _judge(self, item: ChallengeItem, output: str) -> Verdict:
        reader, inversions = read_french(output, self.lexicon)
        tokens = reader.tokens
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        for index in _est_ce_que(tokens)[:1]:
            doubled = next((i for i in inversions if i.verb > index + 2 and tokens[i.pronoun] != "ce"
                            and is_finite(reader, i.verb)), None)
            if doubled is not None:
                return Verdict.failed(
                    f"'est-ce que' is followed by the inversion {doubled.text(reader)!r}: a question is marked "
                    "by one or the other, not both", f"est-ce que … {doubled.text(reader)}")
            return Verdict.passed("the question is introduced by 'est-ce que'", "est-ce que")
        for inversion in _question_inversions(reader, inversions):
            stranded_subject = _noun_phrase_before_participle(reader, inversion)
            if stranded_subject:
                return Verdict.undecided(
                    f"after the inversion {inversion.text(reader)!r}, the noun phrase {stranded_subject!r} stands "
                    "before the participle, as the subject does in English (Have the kids watched): left to a human")
            other = self._other_question(reader, inversion, item.references)
            if other:
                return Verdict.failed(other, inversion.text(reader))
            complex_inversion = _starts_with_noun_subject(reader, inversion.verb)
            kind = "complex inversion" if complex_inversion else "subject–verb inversion"
            return Verdict.passed(
                f"the question has {kind}: {inversion.text(reader)!r} "
                f"({describe_readings(reader, inversion.verb)} with the subject pronoun {tokens[inversion.pronoun]!r})",
                inversion.text(reader)).resting_on(*reader.meaning_words(inversion.verb))
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
            return _intonation_question(reader)
        return Verdict.failed(
            "expected a question (inversion with a subject pronoun, or 'est-ce que'); found a statement: declarative "
            f"word order around {describe_readings(reader, finite[0])} and no question mark", tokens[finite[0]])


    def _other_question(self, reader: SentenceReader, inversion: Inversion, references: Sequence[str]) -> str:
        """Why the question of ``inversion`` is not the reference's: a wh-question (an interrogative word
        opens its clause) where no reference is one; "" when it may be the reference's question (whom it
        asks about is the shared participant check's, :func:`_question_subject`)."""
        asked = []
        for reference in references:
            other, inversions = read_french(reference, self.lexicon)
            found = next((i for i in inversions if other.tokens[i.pronoun] != "ce" and is_finite(other, i.verb)), None)
            if found is not None:
                asked.append((other, found))
        wh = _wh_word(reader, inversion)
        if wh and references and not any(_wh_word(other, found) for other, found in asked):
            return (f"{wh!r} + the inversion {inversion.text(reader)!r} is a wh-question: it asks for something "
                    "else than the source's yes/no question")
        return ""


def _est_ce_que(tokens: Sequence[str]) -> list[int]:
    """Where *est-ce que* opens a clause (the sentence, or after a clause opener)."""
    return [index for index in range(len(tokens) - 2)
            if tokens[index:index + 2] == ["est", "ce"] and tokens[index + 2] in ("que", "qu'")
            and (index == 0 or tokens[index - 1] in _CLAUSE_OPENERS)]


def _question_inversions(reader: SentenceReader, inversions: Sequence[Inversion]) -> list[Inversion]:
    """The inversions that may make the question: a finite verb and a pronoun other than *ce*, not in a tag
    after a statement (*…, n'ont-ils pas ?*)."""
    tokens = reader.tokens
    found = []
    for inversion in inversions:
        if tokens[inversion.pronoun] == "ce" or not is_finite(reader, inversion.verb):
            continue
        before = tokens[:inversion.verb]
        if "," in before and any(is_finite(reader, i) for i in range(tokens.index(","))):
            continue
        found.append(inversion)
    return found


def _question_subject(reader: SentenceReader) -> Participant | None:
    """The subject the question asks about, read as :meth:`QuestionChecker.check` reads the question: after
    *est-ce que*; the noun phrase of a complex inversion (*Les enfants ont-ils*) or the inverted pronoun (*a-t-il*;
    without a person where *il* may be impersonal: *faudrait-il*); a pronoun after a verb that opens the
    sentence (*Ont ils vu*, hyphen missing); else the sentence's subject (an intonation question)."""
    reader, inversions = read_french(reader.text, reader.lexicon)
    tokens = reader.tokens
    opened = _est_ce_que(tokens)
    if opened:
        return clause_subject(reader, opened[0] + 3)
    asked = _question_inversions(reader, inversions)
    if asked:
        inversion = asked[0]
        if _starts_with_noun_subject(reader, inversion.verb):
            return subject_of(reader)
        subject = pronoun(tokens[inversion.pronoun]) if tokens[inversion.pronoun] in PRONOUNS else None
        if subject is not None and _person(reader, inversion) is None:
            return dataclasses.replace(subject, person=None)  # *on*, an impersonal *il*: whom it names is not read
        return subject
    start = skip_preverbal(reader, 0)
    if is_finite(reader, start) and start + 1 < len(tokens) and tokens[start + 1] in _UNAMBIGUOUS_SUBJECTS:
        return pronoun(tokens[start + 1])
    return subject_of(reader)


def _person(reader: SentenceReader, inversion: Inversion) -> int | None:
    """The grammatical person of an inverted subject pronoun; None for *on* (which may stand for
    *nous*) and for an *il* that may be impersonal (*faudrait-il*, *y a-t-il*, *est-il vrai*)."""
    pronoun = reader.tokens[inversion.pronoun]
    if pronoun == "il" and ({a.lemma for a in reader.readings(inversion.verb)} & _IMPERSONAL_IL_VERBS
                            or inversion.verb and reader.tokens[inversion.verb - 1] == "y"):
        return None
    return PRONOUNS[pronoun][0] if pronoun in PRONOUNS and pronoun != "on" else None


def _wh_word(reader: SentenceReader, inversion: Inversion) -> str:
    """The interrogative word opening the clause of ``inversion`` (*comment* of *Bonjour, comment
    allez-vous*, *qui* of *À qui parle-t-il*), or ""."""
    tokens = reader.tokens
    start = inversion.verb
    while start > 0 and tokens[start - 1] not in _CLAUSE_OPENERS and tokens[start - 1] not in (".", "!", "?", ";", ":"):
        start -= 1
    while start < inversion.verb and tokens[start] in _WH_PREPOSITIONS:
        start += 1
    return tokens[start] if start < inversion.verb and tokens[start] in WH_WORDS else ""


def _intonation_question(reader: SentenceReader) -> Verdict:
    """A declarative word order with a question mark: a question when it is one well-formed clause (one
    subject at the start, then its finite verb past *ne* and object clitics); a second subject before the
    verb (*Les enfants ils ont vu …?*) fails; a tag after a comma, or a subject the reader cannot find,
    is left to a human."""
    tokens = reader.tokens
    found = reader.subject()
    if found is None or len(found[0]) != 1:
        return Verdict.undecided(
            "declarative word order with a question mark, but no single subject read at the start: left to a human")
    subject, end = found[0][0], found[1]
    after = end + 1 if end < len(tokens) and tokens[end] == "," else end
    if after < len(tokens) and tokens[after] in _UNAMBIGUOUS_SUBJECTS:
        verb = _past_clitics(reader, after + 1)
        if is_finite(reader, verb):
            return Verdict.failed(
                f"expected a question (inversion, 'est-ce que', or one subject and its verb with a question mark); "
                f"found two subjects, {join_words(tokens[subject.start:subject.end])!r} and {tokens[after]!r}, "
                f"before {describe_readings(reader, verb)}", tokens[after])
    verb = _past_clitics(reader, end)
    if not is_finite(reader, verb) or reader.is_nominal_context(verb):
        return Verdict.undecided(
            "declarative word order with a question mark, but no finite verb right after the subject: left to a "
            "human")
    if "," in tokens[verb:]:
        return Verdict.undecided(
            "declarative word order with a question mark and a segment after a comma (a tag, an afterthought): "
            "left to a human")
    return Verdict.passed(
        f"an intonation question: the well-formed clause {join_words(tokens[subject.start:subject.end])!r} + "
        f"{describe_readings(reader, verb)} with a question mark", join_words(tokens)).resting_on(
        *reader.meaning_words(verb))



def _past_clitics(reader: SentenceReader, index: int) -> int:
    """The index after *ne* and the object clitics at ``index`` (*ne vous a*, *vous a*)."""
    while index < len(reader.tokens) and (reader.tokens[index] in ("ne", "n'")
                                          or reader.tokens[index] in OBJECT_CLITICS):
        index += 1
    return index


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

