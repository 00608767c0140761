"""Clause-level reading of French outputs shared by the families: hyphenated inversions, finite verbs and their readings in words, the verb after preverbal clitics, a clause's polarity."""
from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages.fr.lexicon import Lexicon
from pytest_mtchallenge.languages.fr.reader import OBJECT_CLITICS, SUBJECT_CLITICS, SentenceReader, tokenize
from pytest_mtchallenge.normalise import normalise_text

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


#: Words that make a clause negative with *ne* (*ne … pas*, *personne ne*), or, after its first word,
#: without it as speech drops *ne* (*je sais pas*, *il vient jamais*): *plus* only with *ne*.
NEGATORS = frozenset({"pas", "jamais", "rien", "personne", "aucun", "aucune", "guère", "point", "plus", "nullement",
                      "ni", "nul", "nulle"})
_SPOKEN_NEGATORS = NEGATORS - {"plus", "ni", "nul", "nulle"}
#: Words that end a clause: a negation beyond them is another clause's.
_CLAUSE_ENDS = frozenset({",", ";", ":", ".", "!", "?", "…", "—", "mais", "et", "ou", "car", "que", "qu'", "parce",
                          "quand", "lorsque", "puisque", "comme", "non", "oui", "si"})


def negated(words: Sequence[str], index: int) -> bool:
    """Whether the clause of the word at ``index`` (lowercased tokens, elisions kept: *n'*) is negative:
    *ne* with a negator anywhere in the clause (*je ne l'ai pas vu*, *personne ne le croira*, *tu ne
    vas pas mourir*), or a negator after the clause's first word without *ne* (*je la dirige pas*).
    *ne … que* (only: *je n'en ai qu'un*) and the expletive *ne* of a subordinate clause (*avant que tu
    ne le saches*) are no negation. The clause ends at punctuation, a coordinator or a subordinator
    (*il continuera, pas sans moi*: positive)."""
    start = index
    while start > 0 and words[start - 1] not in _CLAUSE_ENDS:
        start -= 1
    end = index + 1
    while end < len(words) and words[end] not in _CLAUSE_ENDS:
        end += 1
    clause = words[start:end]
    if "ne" in clause or "n'" in clause:
        if any(word in NEGATORS for word in clause):
            return True
        if end < len(words) and words[end] in ("que", "qu'"):
            return False  # ne … que: only
        return not (start > 0 and words[start - 1] in ("que", "qu'"))  # avant qu'il ne parte: no negation
    return any(word in _SPOKEN_NEGATORS for word in clause[1:])
