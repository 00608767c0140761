"""Clause-level reading of French outputs shared by the families: hyphenated inversions, finite verbs and their readings in words, the verb after preverbal clitics, a clause's polarity."""
from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages.fr.lexicon import Lexicon
from pytest_mtchallenge.languages.fr.reader import OBJECT_CLITICS, SUBJECT_CLITICS, SentenceReader, tokenize
from pytest_mtchallenge.text.normalise import normalise_text

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


#: Words before which a preposition has no complement: conjunctions and subordinators, relative and
#: interrogative words (a preposition right before one of them, or before punctuation or the next clause's
#: verb, is stranded: *qu'elle sort avec quand …*, *dont il parlait de et …*).
CLAUSE_OPENERS = frozenset({"et", "mais", "ou", "car", "donc", "or", "ni", "puis", "quand", "lorsque", "lorsqu'",
                            "pendant", "tandis", "alors", "comme", "parce", "puisque", "puisqu'", "si", "s'", "que",
                            "qu'", "quoique", "quoiqu'", "dès", "qui", "quoi", "où", "dont", "lequel", "laquelle",
                            "lesquels", "lesquelles", "auquel", "auxquels", "auxquelles", "duquel", "desquels",
                            "desquelles"})
_PUNCTUATION = frozenset({",", ".", "?", "!", ";", ":"})


def ends_clause(reader: SentenceReader, index: int) -> bool:
    """Whether nothing at ``index`` can be a preposition's complement: the end of the text, punctuation,
    a conjunction, subordinator or wh-word (:data:`CLAUSE_OPENERS`), or a finite verb (the next clause's):
    a finite *être* / *avoir* (*de est*, *avec a*), or a finite form of another verb that is no noun,
    determiner or pronoun."""
    if index >= len(reader.tokens):
        return True
    token = reader.tokens[index]
    finite = reader.finite_readings(index)
    return token in _PUNCTUATION or token in CLAUSE_OPENERS or any(a.pos == "aux" for a in finite) or (
        bool(finite) and not reader.has_pos(index, "noun", "det", "pron", "adj"))


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


#: Verbs whose subject *il* never refers (weather, necessity): *il faut, il pleut, il lui faudra*.
IMPERSONAL_VERBS = frozenset({"falloir", "pleuvoir", "neiger", "grêler", "venter", "bruiner", "pleuvioter"})
#: Verbs whose *il* is impersonal before a clause or an infinitive (*il suffit de*, *il arrive que*),
#: and *sembler*, *paraître* also after a dative clitic (*il me semble*).
_IMPERSONAL_BEFORE_CLAUSE = frozenset({"suffire", "importer", "convenir", "arriver", "advenir", "sembler",
                                       "paraître", "apparaître"})
#: Verbs whose *il* is impersonal before an indefinite subject (*il reste trois places*, *il existe des…*).
_IMPERSONAL_BEFORE_QUANTITY = frozenset({"rester", "exister", "manquer"})
_QUANTITY = frozenset({"un", "une", "des", "du", "plusieurs", "quelques", "beaucoup", "peu", "assez", "encore",
                       "deux", "trois", "quatre", "cinq", "dix", "cent", "mille"})
#: *il fait beau, il faisait nuit*: the weather and the time of day after *faire*.
_WEATHER = frozenset({"beau", "chaud", "froid", "frais", "doux", "nuit", "jour", "soleil", "noir", "bon", "mauvais",
                      "gris", "lourd", "humide", "sombre", "clair", "sec", "moche", "meilleur"})
_DATIVE = frozenset({"me", "m'", "te", "t'", "lui", "nous", "vous", "leur"})


def is_impersonal_il(reader: SentenceReader, index: int) -> bool:
    """Whether the *il* at ``index`` refers to nothing: the expletive subject of *il faut, il pleut,
    il y a, il s'agit, il vaut mieux, il me semble, il semble que, il suffit de, il reste trois…,
    il fait beau, il est temps, il est difficile de partir / que…*, and the *il* of *s'il vous plaît*.

    *Il est plein de touristes*, *il est monté de trois mètres* and *il s'applique* are personal:
    after *être* + adjective, the *de* must open an infinitive; only *s'agir* and *se pouvoir*
    make *il se* impersonal.
    """
    tokens = reader.tokens
    if tokens[index] != "il":
        return False
    if index and tokens[index - 1] == "s'" and tokens[index + 1:index + 3] in (["vous", "plaît"], ["te", "plaît"],
                                                                                  ["vous", "plait"], ["te", "plait"]):
        return True
    probe, clitics = index + 1, []
    while probe < len(tokens) and (tokens[probe] in ("ne", "n'") or tokens[probe] in OBJECT_CLITICS):
        clitics.append(tokens[probe])
        probe += 1
    if probe >= len(tokens):
        return False
    lemmas = {a.lemma for a in reader.readings(probe) if a.pos in ("verb", "aux")}
    following = _after_negation(tokens, probe + 1)
    after = tokens[following] if following < len(tokens) else ""
    if lemmas & IMPERSONAL_VERBS or "y" in clitics and "avoir" in lemmas:
        return True
    if clitics and clitics[-1] in ("se", "s'"):
        return "agir" in lemmas or "pouvoir" in lemmas and after in ("que", "qu'")
    if "valoir" in lemmas:
        return after == "mieux"
    if lemmas & _IMPERSONAL_BEFORE_CLAUSE:
        return after in ("que", "qu'", "de", "d'") or bool(_DATIVE.intersection(clitics)) and bool(
            lemmas & {"sembler", "paraître", "arriver"})
    if lemmas & _IMPERSONAL_BEFORE_QUANTITY:
        return after in _QUANTITY or after.isdigit() or after in ("de", "d'") and "manquer" not in lemmas
    if "faire" in lemmas:
        while following < len(tokens) and tokens[following] in ("très", "trop", "si", "assez", "vraiment", "bien"):
            following += 1  # *il fait trop chaud*
        return following < len(tokens) and tokens[following] in _WEATHER
    if "être" in lemmas and not clitics:
        return _impersonal_after_etre(reader, probe + 1)
    return False


def _after_negation(tokens: list[str], index: int) -> int:
    while index < len(tokens) and tokens[index] in ("pas", "plus", "jamais", "point", "guère"):
        index += 1
    return index


def _impersonal_after_etre(reader: SentenceReader, index: int) -> bool:
    """After *il est*: *temps*, *question*, *l'heure*, *une fois*, *tard*, *tôt*, a time (*il est
    trois heures*), or an adjective followed by *que* (not a comparison's: *plus facile que
    prévu*) or by *de* and an infinitive."""
    tokens = reader.tokens
    while index < len(tokens) and tokens[index] in ("pas", "jamais", "point", "guère"):
        index += 1
    if index >= len(tokens):
        return False
    if tokens[index] in ("temps", "question", "tard", "tôt") or tokens[index:index + 2] in (["l'", "heure"],
                                                                                           ["une", "fois"]):
        return True
    if index + 1 < len(tokens) and tokens[index + 1] in ("heure", "heures") and (
            tokens[index].isdigit() or reader.has_pos(index, "det")):
        return True
    comparative = False
    while index < len(tokens) and tokens[index] in ("très", "si", "trop", "assez", "bien", "plus", "moins", "peu",
                                                    "aussi", "tout", "vraiment", "parfois", "souvent", "toujours",
                                                    "déjà"):
        comparative = comparative or tokens[index] in ("plus", "moins", "aussi")
        index += 1
    if index + 1 >= len(tokens) or not reader.has_pos(index, "adj"):
        return False
    marker = tokens[index + 1]
    if marker in ("que", "qu'"):
        return not comparative  # *il était plus facile que prévu*: the que of the comparison
    if marker not in ("de", "d'"):
        return False
    probe = index + 2
    while probe < len(tokens) and (tokens[probe] in ("ne", "n'", "pas", "plus", "jamais")
                                   or tokens[probe] in OBJECT_CLITICS):
        probe += 1
    return probe < len(tokens) and any(a.mood == "infinitive" for a in reader.readings(probe))


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
