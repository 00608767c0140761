"""The ``middle_voice`` family: an English generic passive rendered as the French pronominal middle (*se mange*)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.fr import FrenchChecker, Lemmas, lemma_list
from pytest_mtchallenge.languages.fr.reader import NEGATION, SentenceReader, join_words
from pytest_mtchallenge.languages.fr.lexicon import Analysis
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"verbs", "misreadings"}
REFLEXIVE_SE = frozenset({"se", "s'"})
# Finite verbs that take a bare infinitive and keep a generic reading: "la soupe doit se manger".
MODALS = frozenset({"pouvoir", "devoir"})
# Subjects that make an être + participle impersonal rather than a passive of the theme.
IMPERSONAL = frozenset({"il", "c'", "ce", "cela", "ça", "ceci"})
OBJECT_CLITICS_ON = frozenset({"le", "la", "l'", "les", "en", "y"})


_WORDS = "a word or a non-empty list of words"


@dataclass(frozen=True, slots=True)
class Construction:
    """A verb construction found in the output: its words, the verb's reading and what it is."""

    kind: str  # "middle", "generic on", "passive", "misreading", "other middle", "compound middle"
    text: str
    reading: str


@dataclass(frozen=True, slots=True)
class MiddleVoiceParams(FamilyParams):
    """The lemmas of the verbs that render the English verb, and the words that mistranslate it."""

    verbs: Lemmas
    misreadings: Lemmas = ()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> MiddleVoiceParams:
        check_keys(mapping, _PARAMS, {"verbs": "the lemmas of the French verbs that render the English verb"})
        return cls(lemma_list(mapping["verbs"], "verbs", what=_WORDS),
                   lemma_list(mapping.get("misreadings"), "misreadings", required=False, what=_WORDS))


class MiddleVoiceChecker(FrenchChecker):
    """The pronominal middle (*le champagne se boit*) for an English subjectless generic passive.

    Parameters (from the source sentence):

    - ``verbs``: lemmas of the French verbs that render the English verb (the expected one and
      its accepted synonyms, e.g. ``[boire, déguster, consommer]``).
    - ``misreadings``: words (forms or lemmas) that mistranslate the English participle (``ivre``
      for *drunk*), failed when they follow *être*.

    Passes *se* + a finite form (or a modal + *se* + infinitive) of one of ``verbs``, and the
    generic *on* with an active form of one of them (*on boit le champagne*). Fails the periphrastic
    passive *être* + past participle with the theme as subject (*la soupe est mangée*), and
    *être* + a misreading. A middle with another verb or in a compound tense is left to a human.

    In a broken output the voice is still read where the verb is left unconjugated: *se* + an
    infinitive of ``verbs`` that is the clause's only verb (*la soupe se manger*) is the middle and
    passes; the theme + a bare *être* + participle (*la soupe être mangée*), or *être* + a form of
    ``verbs`` that is no participle (*la soupe est mange*), is the passive and fails.
    """

    name = "middle_voice"
    description = "Generic passive rendered as the French pronominal middle voice (se + verb)"
    # 3: a construction not found in a broken output fails (Verdict.not_found); earlier: an output with no word
    # (only punctuation or numbers) is not applicable
    # 4: the voice of a broken output whose verb is left unconjugated (se manger, être mangée, est mange)
    version = "4"
    Params = MiddleVoiceParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        params = MiddleVoiceParams.of(item)
        verbs, misreadings = params.verbs, params.misreadings
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        expected = f"the pronominal middle se + {' / '.join(verbs)} (or generic 'on' + active verb)"
        found = self._constructions(reader, verbs, misreadings)
        for kind in ("middle", "generic on"):
            good = [c for c in found if c.kind == kind]
            if good:
                what = "pronominal middle" if kind == "middle" else "generic 'on' with an active verb"
                return Verdict.passed(f"found the {what} {good[0].text!r} ({good[0].reading})", good[0].text)
        for kind, explain in (("misreading", "mistranslates the English verb (expected a form of {verbs})"),
                              ("passive", "is the periphrastic passive être + past participle, not the middle")):
            bad = [c for c in found if c.kind == kind]
            if bad:
                return Verdict.failed(f"expected {expected}; found {bad[0].text!r} ({bad[0].reading}), which "
                                      + explain.format(verbs=" / ".join(verbs)), bad[0].text)
        others = [c for c in found if c.kind in ("other middle", "compound middle")]
        if others:
            reason = ("a middle with another verb than " + " / ".join(verbs)
                      if others[0].kind == "other middle" else "a middle in a compound tense (an event, not a generic)")
            return Verdict.undecided(f"found {others[0].text!r} ({others[0].reading}): {reason}", others[0].text)
        return Verdict.not_found(expected, f"expected {expected}; found neither a middle, a generic 'on' nor a passive "
                                           "of the sentence's subject")

    def _constructions(self, reader: SentenceReader, verbs: tuple[str, ...],
                       misreadings: tuple[str, ...]) -> list[Construction]:
        found: list[Construction] = []
        tokens = reader.tokens
        for index, token in enumerate(tokens):
            if token in REFLEXIVE_SE and index + 1 < len(tokens):
                found.extend(self._middle(reader, index + 1, verbs))
            elif token == "on":
                found.extend(self._generic_on(reader, index + 1, verbs))
        passive = self._passive(reader, misreadings, verbs)
        if passive is not None:
            found.append(passive)
        return found

    def _middle(self, reader: SentenceReader, verb: int, verbs: tuple[str, ...]) -> list[Construction]:
        text = join_words(reader.tokens[verb - 1 : verb + 1])
        finite = reader.finite_readings(verb)
        wanted = sorted((a for a in finite if a.lemma in verbs), key=_preference)
        if wanted:
            return [Construction("middle", text, wanted[0].describe())]
        infinitive = [a for a in reader.readings(verb) if a.mood == "infinitive" and a.lemma in verbs]
        if infinitive and self._after_modal(reader, verb - 1):
            return [Construction("middle", join_words(reader.tokens[verb - 2 : verb + 1]), infinitive[0].describe())]
        if infinitive and not finite and not any(reader.finite_readings(i) and not reader.is_nominal_context(i)
                                                 for i in range(verb - 1)):
            # the clause's only verb, left unconjugated: the middle of a broken output (la soupe se manger)
            return [Construction("middle", text, f"{infinitive[0].describe()}, left unconjugated")]
        if any(a.lemma == "être" for a in finite):
            return [Construction("compound middle", text, finite[0].describe())]
        if finite and not reader.is_nominal_context(verb - 1):
            return [Construction("other middle", text, finite[0].describe())]
        return []

    def _after_modal(self, reader: SentenceReader, index: int) -> bool:
        probe = index - 1
        while probe >= 0 and reader.tokens[probe] in NEGATION:
            probe -= 1
        return probe >= 0 and any(a.lemma in MODALS for a in reader.finite_readings(probe))

    def _generic_on(self, reader: SentenceReader, start: int, verbs: tuple[str, ...]) -> list[Construction]:
        index = start
        while index < len(reader.tokens) and (reader.tokens[index] in NEGATION
                                              or reader.tokens[index] in OBJECT_CLITICS_ON):
            index += 1
        if index >= len(reader.tokens):
            return []
        wanted = sorted((a for a in reader.finite_readings(index) if a.lemma in verbs), key=_preference)
        if wanted:
            text = join_words(reader.tokens[start - 1 : index + 1])
            return [Construction("generic on", text, wanted[0].describe())]
        return []

    def _passive(self, reader: SentenceReader, misreadings: tuple[str, ...],
                 verbs: tuple[str, ...]) -> Construction | None:
        """être (or a modal + être) + participle right after the sentence's noun-phrase subject."""
        subject = reader.subject()
        if subject is None:
            return None
        phrases, after = subject
        if phrases[0].head in IMPERSONAL or reader.tokens[phrases[0].start] in IMPERSONAL:
            return None
        verb = reader.first_finite_verb(after)
        bare = _skip_adverbs(reader, after)
        if bare < len(reader.tokens) and reader.tokens[bare] == "être" and (verb is None or verb > bare):
            verb = bare  # "la soupe être mangée": the passive with its auxiliary left unconjugated
        if verb is None or (verb > 0 and reader.tokens[verb - 1] in REFLEXIVE_SE):
            return None
        finite = reader.finite_readings(verb)
        etre = verb if _is_etre(finite) or verb == bare and reader.tokens[verb] == "être" else None
        if etre is None and any(a.lemma in MODALS or a.lemma == "avoir" for a in finite):
            # "doit être mangée", "a été mangée"
            probe = _skip_adverbs(reader, verb + 1)
            if probe < len(reader.tokens) and reader.tokens[probe] in ("être", "été"):
                etre = probe
        if etre is None:
            return None
        predicate = _skip_adverbs(reader, etre + 1)
        if predicate >= len(reader.tokens):
            return None
        token = reader.tokens[predicate]
        text = join_words(reader.tokens[verb : predicate + 1])
        readings = reader.readings(predicate)
        if token in misreadings or any(a.lemma in misreadings for a in readings):
            described = "; ".join(sorted({a.describe() for a in readings})) or "unknown word"
            return Construction("misreading", text, described)
        participles = sorted((a for a in readings if a.mood == "participle" and a.pos in ("verb", "adj")),
                             key=lambda a: a.pos != "verb")
        if participles and token != "été":
            return Construction("passive", text, f"être + {participles[0].describe()}")
        of_verbs = [a for a in readings if a.lemma in verbs and a.pos == "verb"]
        if of_verbs:  # "la maçonnerie est coupe": the passive with its participle misformed
            return Construction("passive", text, f"être + {of_verbs[0].describe()}, not a participle")
        return None


def _preference(reading: Analysis) -> tuple[bool, bool]:
    """Order readings for display: 3rd person and indicative first (se mange: 3rd singular present)."""
    return reading.person != 3, reading.mood != "indicative"


def _is_etre(readings: Sequence[Analysis]) -> bool:
    return any(a.lemma == "être" for a in readings)


def _skip_adverbs(reader: SentenceReader, index: int) -> int:
    """The first word from ``index`` on that is neither negation nor an adverb (est généralement bue)."""
    while index < len(reader.tokens) and (reader.tokens[index] in NEGATION or reader.is_adverb(index)):
        index += 1
    return index
