"""The ``recipient`` family: the recipient of an English double-object verb, marked with à in French."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.fr.reader import DETERMINERS, NEGATION, SentenceReader, tokenize
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"recipient"}

# French verbs of transfer and communication whose recipient is an à-phrase or a dative clitic.
TRANSFER_VERBS = frozenset({
    "donner", "offrir", "raconter", "conter", "narrer", "relater", "dire", "lire", "réciter", "chanter",
    "envoyer", "expédier", "adresser", "poster", "remettre", "apporter", "rapporter", "ramener", "faire",
    "tendre", "passer", "confier", "présenter", "transmettre", "livrer", "léguer", "acheter", "écrire",
    "montrer", "prêter", "vendre", "payer", "servir", "apprendre", "enseigner", "expliquer", "laisser",
    "réserver", "procurer", "fournir", "accorder", "attribuer", "décerner", "octroyer", "destiner", "dédier",
})
DATIVE_CLITICS = frozenset({"lui", "leur"})
MARKERS = frozenset({"à", "au", "aux"})
GENITIVE = frozenset({"de", "d'", "du", "des"})
_CLAUSE_BOUNDARIES = frozenset({".", ";", ":", "?", "!", "que", "qu'", "qui", "dont", "où"})
_FOLD = str.maketrans({"œ": "oe", "æ": "ae"})


def _fold(token: str) -> str:
    return token.translate(_FOLD)


def _recipients(value: object) -> frozenset[str]:
    if isinstance(value, str) or not isinstance(value, Sequence) or not value or not all(
            isinstance(v, str) and len(tokenize(v)) == 1 for v in value):
        raise ValueError("recipient must be a non-empty list of nouns (one word each) for the recipient")
    return frozenset(_fold(tokenize(v)[0]) for v in value)


@dataclass(frozen=True, slots=True)
class RecipientParams(FamilyParams):
    """The recipient nouns, each one folded word."""

    recipient: frozenset[str]

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> RecipientParams:
        check_keys(mapping, _PARAMS, ("recipient",))
        return cls(_recipients(mapping["recipient"]))


@dataclass(frozen=True, slots=True)
class RecipientPhrase:
    """A noun phrase headed by a recipient noun, with the word that introduces it (if any)."""

    start: int
    head: int
    text: str
    marker: str  # "à", "de", another preposition, or "" when bare


class RecipientChecker(FrenchChecker):
    """Whether the recipient of a double-object verb is introduced by *à* (or is a dative clitic).

    *John gave his wife a present* → *John a donné un cadeau à sa femme*. The checker finds the
    recipient noun (parameter ``recipient``: the acceptable French head nouns, as lemmas or forms)
    after a French verb of transfer or communication (a closed list: *donner, offrir, raconter,
    dire, envoyer …*) and reads what introduces its noun phrase:

    - *à / au / aux* → pass; a dative clitic *lui / leur* on the verb, with the noun absent → pass;
    - nothing (*a envoyé sa mère une carte*) → fail; *de / du / des* (*une histoire des enfants*,
      the recipient turned into a complement of the gift) → fail;
    - another preposition (*pour sa femme*), a recipient before the verb (*sa femme a reçu …*), or
      no verb of transfer → undecided.

    The clause must be the source's (issue 23): its subject, the giver, is compared with the reference's
    (:meth:`FrenchChecker.same_subject`): another person fails (*Je leur ai raconté une histoire* for *John
    told the kids a nice story*), a noun phrase for a name absent from the output fails (*Pierre a envoyé
    une lettre à sa mère*), another common noun is left to a human; *Il a raconté …* passes.
    """

    name = "recipient"
    # 2: a construction not found in a broken output fails (Verdict.not_found)
    # 3: the giver (the clause's subject) must be the reference's: another person, or a noun phrase for a name absent from the output, fails; another common noun is left to a human (issue 23, 5)
    version = "3"
    description = "Recipient of a double-object verb marked with à (or a dative clitic)"
    Params = RecipientParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        verdict = self._construction(item=item, output=output)
        return self.same_subject(verdict, item=item, output=output, role='the subject of the verb of transfer')

    def _construction(self, *, item: ChallengeItem, output: str) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        nouns = RecipientParams.of(item).recipient
        verbs = [i for i in range(len(reader.tokens)) if _is_transfer_verb(reader, i)]
        if not verbs:
            return Verdict.not_found("a French verb of transfer or communication",
                                     "no French verb of transfer or communication (donner, raconter, envoyer …) "
                                     "in the output")
        found: list[tuple[RecipientPhrase, int]] = []
        for head in range(len(reader.tokens)):
            if not _is_recipient(reader, head, nouns):
                continue
            verb = _governing_verb(reader, verbs, head)
            if verb is not None:  # else before the verb (a subject) or in another clause
                found.append((_phrase(reader, head), verb))
        for phrase, verb in found:
            if phrase.marker == "à":
                return Verdict.passed(f"the recipient {phrase.text!r} of {reader.tokens[verb]!r} is introduced by à",
                                      phrase.text)
        for phrase, verb in found[:1]:
            verb_word = repr(reader.tokens[verb])
            if phrase.marker == "de":
                return Verdict.failed(
                    f"the recipient {phrase.text!r} of {verb_word} is introduced by de, which makes it a "
                    "complement of a noun: expected à (or a dative clitic)", phrase.text)
            if phrase.marker:
                return Verdict.undecided(f"the recipient {phrase.text!r} of {verb_word} is introduced by "
                                         f"{phrase.marker!r}, not à: left to a human")
            if _dative_clitic(reader, verb):
                return Verdict.undecided(f"the recipient {phrase.text!r} is bare but {verb_word} also has a dative "
                                         "clitic (a dislocation?): left to a human")
            return Verdict.failed(f"the recipient {phrase.text!r} is a bare noun phrase after {verb_word}, like a "
                                  "direct object: expected it introduced by à (or a dative clitic)", phrase.text)
        for verb in verbs:
            clitic = _dative_clitic(reader, verb)
            if clitic:
                return Verdict.passed(f"the recipient is the dative clitic {clitic!r} of "
                                      f"{reader.tokens[verb]!r}", clitic)
        return Verdict.not_found("a recipient (à + noun phrase or a dative clitic)",
                                 "no recipient noun after a verb of transfer, and no dative clitic: left to a human")


def _is_transfer_verb(reader: SentenceReader, index: int) -> bool:
    return any(a.lemma in TRANSFER_VERBS and a.pos == "verb" and a.mood is not None
               for a in reader.readings(index)) and not reader.is_nominal_context(index)


def _is_recipient(reader: SentenceReader, index: int, nouns: frozenset[str]) -> bool:
    """A recipient noun heading its phrase (not a prenominal adjective: *une petite histoire*)."""
    token = reader.tokens[index]
    readings = reader.readings(index)
    if not readings:
        return _fold(token) in nouns
    if not any(a.pos == "noun" and (_fold(a.lemma) in nouns or _fold(token) in nouns) for a in readings):
        return False
    if index + 1 >= len(reader.tokens) or reader.tokens[index + 1] in DETERMINERS:
        return True
    following = reader.readings(index + 1)
    prenominal = any(a.pos == "adj" for a in readings) and any(a.pos == "noun" for a in following) and not any(
        a.pos in ("det", "prep", "pron", "clitic", "conj") for a in following)
    return not prenominal


def _governing_verb(reader: SentenceReader, verbs: list[int], head: int) -> int | None:
    """The verb of transfer before the recipient in the same clause (no relative or stop in between)."""
    before = [v for v in verbs if v < head]
    if not before:
        return None
    verb = before[-1]
    if any(token in _CLAUSE_BOUNDARIES for token in reader.tokens[verb + 1:head]):
        return None
    return verb


def _phrase(reader: SentenceReader, head: int) -> RecipientPhrase:
    """The recipient's noun phrase: [marker] [determiner] [adjectives] head, and its marker."""
    tokens = reader.tokens
    start = head
    while start > 0 and head - start < 4:
        previous = tokens[start - 1]
        if previous in DETERMINERS:
            start -= 1
            break
        if _is_adjective(reader, start - 1):
            start -= 1
            continue
        break
    first = tokens[start]
    end = head + 1
    while end < len(tokens) and end - head <= 2 and _is_adjective(reader, end) and tokens[end] not in GENITIVE:
        end += 1
    if first in ("au", "aux"):
        return RecipientPhrase(start, head, " ".join(tokens[start:end]), "à")
    if first in ("du", "des", "de", "d'"):
        return RecipientPhrase(start, head, " ".join(tokens[start:end]), "de")
    previous = tokens[start - 1] if start > 0 else ""
    text = " ".join(tokens[start:end])
    if previous == "à":
        return RecipientPhrase(start, head, f"à {text}", "à")
    if previous in GENITIVE:
        return RecipientPhrase(start, head, f"{previous} {text}", "de")
    if previous and any(a.pos == "prep" for a in reader.readings(start - 1)):
        return RecipientPhrase(start, head, f"{previous} {text}", previous)
    return RecipientPhrase(start, head, text, "")


def _is_adjective(reader: SentenceReader, index: int) -> bool:
    readings = reader.readings(index)
    return bool(readings) and any(a.pos == "adj" for a in readings) and not any(
        a.pos in ("prep", "det", "verb", "aux") and a.mood not in ("participle",) for a in readings)


def _dative_clitic(reader: SentenceReader, verb: int) -> str:
    """The dative clitic lui / leur before the verb or its auxiliary (*John lui a donné*), or ''."""
    index = verb - 1
    while index >= 0 and (reader.tokens[index] in NEGATION or reader.tokens[index] in ("le", "la", "l'", "les")
                          or any(a.lemma in ("avoir", "être") for a in reader.finite_readings(index))):
        index -= 1
    if index >= 0 and reader.tokens[index] in DATIVE_CLITICS:
        return reader.tokens[index]
    return ""
