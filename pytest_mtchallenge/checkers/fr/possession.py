"""The ``inalienable_possession`` family: the definite article on a body part, and the reflexive where due."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.fr import FrenchChecker, Lemmas, lemma_list
from pytest_mtchallenge.languages.fr.reader import NEGATION, OBJECT_CLITICS, SentenceReader, join_words
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"body_parts", "reflexive"}
DEFINITE_ARTICLES = frozenset({"le", "la", "l'", "les"})
POSSESSIVES = frozenset({"mon", "ton", "son", "ma", "ta", "sa", "mes", "tes", "ses", "notre", "votre", "leur",
                         "nos", "vos", "leurs"})
REFLEXIVES = frozenset({"me", "m'", "te", "t'", "se", "s'", "nous", "vous"})
# The reflexive clitic each subject pronoun takes.
REFLEXIVE_OF_SUBJECT: dict[str, frozenset[str]] = {
    "je": frozenset({"me", "m'"}), "j'": frozenset({"me", "m'"}), "tu": frozenset({"te", "t'"}),
    "il": frozenset({"se", "s'"}), "elle": frozenset({"se", "s'"}), "on": frozenset({"se", "s'"}),
    "ils": frozenset({"se", "s'"}), "elles": frozenset({"se", "s'"}), "nous": frozenset({"nous"}),
    "vous": frozenset({"vous"}),
}
NE = frozenset({"ne", "n'"})
# Words between a determiner and the body part: numerals and the like (les deux mains).
NUMERALS = frozenset({"deux", "trois", "quatre", "dix", "propres"})


@dataclass(frozen=True, slots=True)
class PossessionParams(FamilyParams):
    """The body-part nouns (forms or lemmas, lowercased), and whether the verb is pronominal."""

    body_parts: Lemmas
    reflexive: bool

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> PossessionParams:
        check_keys(mapping, _PARAMS, {"body_parts": "the body-part noun(s)"})
        body_parts = lemma_list(mapping["body_parts"], "body_parts", single_words=True,
                                what="a noun or a non-empty list of nouns (forms or lemmas)")
        reflexive = mapping.get("reflexive")
        if not isinstance(reflexive, bool):
            raise ValueError("reflexive must be true (se laver les mains) or false (lever la main)")
        return cls(body_parts, reflexive)


@dataclass(frozen=True, slots=True)
class VerbCluster:
    """The verb governing the body part: its words, the clitics before it and its subject pronoun."""

    text: str
    clitics: tuple[str, ...]
    subject: str | None


class InalienablePossessionChecker(FrenchChecker):
    """A body part acted on by its owner: definite article, and a reflexive only where the verb needs one.

    Parameters (from the source sentence):

    - ``body_parts``: the body-part noun(s), as forms or lemmas (``[main]``, ``[oeil, yeux]``).
    - ``reflexive``: ``true`` when the French verb takes the reflexive clitic (*se laver les
      mains*, *se brosser les dents*), ``false`` when it takes none (*lever la main*, *tourner la
      tête*, *lever les yeux*).

    Fails a possessive determiner on the body part (*ses mains*), a missing reflexive where one is
    required (*il a lavé les mains*), and a reflexive where none belongs (*il s'est tourné la
    tête*). Another determiner (*une main*), a body part not found, or a verb that cannot be read
    is left to a human.

    The owner must be the source's (issue 23): the clause's subject is compared with the reference's
    (:meth:`FrenchChecker.same_subject`): another person fails (*Je me suis lavé les mains* for
    *He washed his hands*); *vous* for *tu*, and *ils* for *il* (heard alike), pass.
    """

    name = "inalienable_possession"
    description = "Inalienable possession: definite article on the body part, reflexive where the verb needs it"
    # 3: a construction not found in a broken output fails (Verdict.not_found); earlier: an output with no word
    # (only punctuation or numbers) is not applicable
    # 4: the owner of the body part (the clause's subject) must be the reference's: another person fails (issue 23, 5)
    version = "4"
    Params = PossessionParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        verdict = self._construction(item=item, output=output)
        return self.same_subject(verdict, item=item, output=output, role='possessor (the subject of the verb)')

    def _construction(self, *, item: ChallengeItem, output: str) -> Verdict:
        params = PossessionParams.of(item)
        body_parts, reflexive = params.body_parts, params.reflexive
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        noun = self._body_part(reader, body_parts)
        if noun is None:
            return Verdict.not_found(f"the body-part noun ({', '.join(body_parts)})",
                                     f"no body-part noun ({', '.join(body_parts)}) found in the output")
        determiner = self._determiner(reader, noun)
        phrase = join_words(reader.tokens[determiner : noun + 1]) if determiner is not None else reader.tokens[noun]
        verb = self._verb(reader, determiner if determiner is not None else noun)

        problems: list[str] = []
        det = reader.tokens[determiner] if determiner is not None else ""
        if det in POSSESSIVES:
            problems.append(f"the possessive determiner {det!r} on {reader.tokens[noun]!r} (expected the definite "
                            "article)")
        if verb is not None:
            found = [c for c in verb.clitics if c in REFLEXIVES]
            if reflexive and not found:
                problems.append(f"no reflexive clitic before {verb.text!r} (expected {self._expected(verb)})")
            elif not reflexive and found:
                problems.append(f"the reflexive {found[0]!r} in {verb.text!r}, which this verb does not take")
        if problems:
            return Verdict.failed("expected " + ("a reflexive verb and " if reflexive else "no reflexive and ")
                                  + f"the definite article on the body part; found {'; and '.join(problems)}",
                                  phrase, *([verb.text] if verb else []))
        if det not in DEFINITE_ARTICLES:
            return Verdict.undecided(f"the body part {phrase!r} has neither the definite article nor a possessive")
        if verb is None:
            return Verdict.undecided(f"found {phrase!r} but could not read the verb that governs it")
        clitics = [c for c in verb.clitics if c not in REFLEXIVES]
        if clitics:
            return Verdict.undecided(f"found {verb.text!r} {phrase!r}: the clitic {clitics[0]!r} makes the body "
                                     "part someone else's")
        if reflexive:
            own = REFLEXIVE_OF_SUBJECT.get(verb.subject or "")
            found = [c for c in verb.clitics if c in REFLEXIVES]
            if own is not None and not set(found) & own:
                return Verdict.undecided(f"found {verb.text!r} {phrase!r}: the clitic {found[0]!r} is not the "
                                         f"reflexive of the subject {verb.subject!r}")
            return Verdict.passed(f"found the reflexive verb {verb.text!r} with the definite article in {phrase!r}",
                                  verb.text, phrase)
        return Verdict.passed(f"found {verb.text!r} without a reflexive, and the definite article in {phrase!r}",
                              verb.text, phrase)

    def _expected(self, verb: VerbCluster) -> str:
        own = REFLEXIVE_OF_SUBJECT.get(verb.subject or "")
        return next((form for form in sorted(own) if not form.endswith("'")), "se") if own else "se"

    def _body_part(self, reader: SentenceReader, body_parts: tuple[str, ...]) -> int | None:
        for index, token in enumerate(reader.tokens):
            if token in body_parts:
                return index
            if any(a.pos == "noun" and a.lemma in body_parts for a in reader.readings(index)):
                return index
        return None

    def _determiner(self, reader: SentenceReader, noun: int) -> int | None:
        index = noun - 1
        while index >= 0 and (reader.tokens[index] in NUMERALS or reader.tokens[index].isdigit()):
            index -= 1
        if index >= 0 and (reader.tokens[index] in DEFINITE_ARTICLES or reader.tokens[index] in POSSESSIVES
                           or reader.has_pos(index, "det")):
            return index
        return None

    def _verb(self, reader: SentenceReader, before: int) -> VerbCluster | None:
        """The verb right before the body-part phrase, with its auxiliary, clitics and subject."""
        index = before - 1
        while index >= 0 and (reader.is_adverb(index) or reader.tokens[index] in NEGATION - NE):
            index -= 1
        if index < 0:
            return None
        verbal = [a for a in reader.readings(index) if a.pos in ("verb", "aux") and a.mood is not None]
        if not verbal:
            return None
        start = index
        host = index
        if all(a.mood == "participle" for a in verbal):
            probe = index - 1
            while probe >= 0 and (reader.is_adverb(probe) or reader.tokens[probe] in NEGATION - NE):
                probe -= 1
            if probe >= 0 and any(a.lemma in ("avoir", "être") for a in reader.finite_readings(probe)):
                host = start = probe
            # else a participle with no auxiliary (a broken verb, *il tourné la tête*): its clitics and
            # subject still tell whose body part it is
        clitics: list[str] = []
        probe = host - 1
        while probe >= 0 and (reader.tokens[probe] in OBJECT_CLITICS or reader.tokens[probe] in NE):
            if reader.tokens[probe] not in NE:
                clitics.insert(0, reader.tokens[probe])
            start = probe
            probe -= 1
        subject = reader.tokens[probe] if probe >= 0 and reader.tokens[probe] in REFLEXIVE_OF_SUBJECT else None
        if subject is None and clitics and clitics[0] in ("nous", "vous") and (
                probe < 0 or reader.tokens[probe] in (",", "et", "mais", "ou")):
            subject = clitics.pop(0)  # "vous vous êtes brossé": the first vous is the subject
        return VerbCluster(join_words(reader.tokens[start : index + 1]), tuple(clitics), subject)
