"""The ``conditional`` family: fronted English *should* rendered by a French conditional clause (*si* + imperfect)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker, VerbLemmas, participant, verb_lemmas
from pytest_mtchallenge.checkers.participants import Participant
from pytest_mtchallenge.languages.fr.reader import DETERMINERS, PRONOUNS, SentenceReader, join_words
from pytest_mtchallenge.languages.fr.syntax import describe_readings, is_finite, read_french, skip_preverbal
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"verbs"}
_CLAUSE_END = frozenset({".", "?", "!", ";", ":"})
# Subordinators that take the conditional: "au cas où Paul partirait".
_CONDITIONAL_SUBORDINATORS = (("au", "cas", "où"), ("dans", "le", "cas", "où"), ("pour", "le", "cas", "où"),
                              ("dans", "l'", "hypothèse", "où"), ("dans", "l'", "éventualité", "où"))
# Subordinators that take the subjunctive: "à supposer que Paul parte".
_SUBJUNCTIVE_SUBORDINATORS = (("à", "supposer", "que"), ("à", "supposer", "qu'"), ("en", "supposant", "que"),
                              ("en", "supposant", "qu'"), ("supposons", "que"), ("supposons", "qu'"),
                              ("pour", "peu", "que"), ("pour", "peu", "qu'"))
# Adverbs between "si" and the subject: "si jamais", "si par hasard", "si un jour".
_AFTER_SI = frozenset({"jamais", "par", "hasard", "malheur", "un", "jour", "d'aventure", "toutefois", "vraiment",
                       "malheureusement", "demain", "effectivement", "cependant", "pourtant", ","})
_CONCESSIVE = frozenset({"même"})


@dataclass(frozen=True, slots=True)
class ConditionalParams(FamilyParams):
    """The lemmas of the subordinate clause's verb (none: the family judges without them)."""

    verbs: VerbLemmas = frozenset()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> ConditionalParams:
        reject_unknown(mapping, _PARAMS)
        return cls(verb_lemmas(mapping["verbs"], "verbs")) if "verbs" in mapping else cls()


class ConditionalChecker(FrenchChecker):
    """A fronted *should* (*Should Paul leave, …*) is a conditional subordinator.

    Parameter:

    - ``verbs`` (optional): the lemmas of the subordinate clause's verb (*partir*, *aller*;
      *devenir*; *tomber*), used to recognise a clause that lost its subordinator.

    Accepted: *si*/*s'* + a finite verb in the imperfect indicative, including the periphrases
    *si Paul devait partir*, *s'il venait à tomber*, anywhere in the sentence (*Je serais triste
    si Paul partait*); *au cas où* / *dans le cas où* + conditional; *à supposer que* +
    subjunctive. Rejected: *si* + present, future, conditional or subjunctive (*si Paul part*,
    *si Paul devrait partir*); the English inversion calqued with *devoir* (*Devrait-il devenir
    président*, *Devrait Paul partir*); a modal statement (*Paul devrait partir, …*); a clause
    without a finite verb (*Paul partir, …*). A *si* clause whose verb is left unconjugated (an infinitive
    right after its subject: *Si il devenir président, …*) has the conditional subordinator and passes:
    the inflection is a broken output's damage, not the question's. Other constructions (*même si*, a nominal *en cas
    de départ*, two juxtaposed conditionals) are left to a human.
    """

    name = "conditional"
    # 2: a construction not found in a broken output fails (Verdict.not_found)
    # 3: a si clause whose verb is left unconjugated passes
    # 4: the clause's subject must be the reference clause's: another person, or a noun phrase for a name, fails
    # 5: a si + imperfect pass rests on the main clause's meaning (the judge compares it with the source's words)
    # 6: the clause's subject compared by the shared participant check (same_participant: a pronoun's number and
    #    gender too, a noun phrase for the reference's pronoun or not linked to the item left to a human)
    version = "6"
    description = "Fronted should: si + imperfect conditional clause"
    Params = ConditionalParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader, _ = read_french(output, self.lexicon)
        tokens = reader.tokens
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        lemmas = ConditionalParams.of(item).verbs
        for index, token in enumerate(tokens):
            if token == "si" or (token == "s'" and index + 1 < len(tokens) and tokens[index + 1] in ("il", "ils")):
                verdict = self._si_clause(reader, index)
                if verdict is not None:
                    return self._same_subject(verdict, output, item)
        for subordinator in _CONDITIONAL_SUBORDINATORS + _SUBJUNCTIVE_SUBORDINATORS:
            for index in range(len(tokens) - len(subordinator) + 1):
                if tuple(tokens[index:index + len(subordinator)]) == subordinator:
                    verdict = self._other_subordinate(reader, index, subordinator)
                    if verdict is not None:
                        return self._same_subject(verdict, output, item)
        opening = 0
        while opening < len(tokens) and tokens[opening] in ("et", "mais", ","):
            opening += 1
        verb = skip_preverbal(reader, opening)
        if verb < len(tokens) and _is_devoir(reader, verb) and not reader.is_nominal_context(verb):
            if any(a.mood == "subjunctive" and a.tense == "imperfect" for a in reader.finite_readings(verb)):
                return Verdict.undecided(
                    f"literary subjunctive inversion {describe_readings(reader, verb)} (concessive 'dût-il'): "
                    "left to a human")
            return Verdict.failed(
                "expected a conditional clause (si + imperfect: 'si … devait …'); found the English inversion "
                f"calqued: the clause opens with {describe_readings(reader, verb)}", tokens[verb])
        first = _first_segment(tokens)
        finite = [i for i in range(opening, first) if is_finite(reader, i) and not reader.is_nominal_context(i)]
        if finite and _is_devoir(reader, finite[0]) and reader.noun_phrase(opening) is not None:
            return Verdict.failed(
                "expected a conditional clause (si + imperfect); found a modal statement: "
                f"{join_words(tokens[opening:finite[0] + 1])!r} ({describe_readings(reader, finite[0])}) is not "
                "subordinated", tokens[finite[0]])
        infinitive = any(a.mood == "infinitive" and a.lemma in lemmas
                         for i in range(opening, first) for a in reader.readings(i))
        if not finite and first < len(tokens) and infinitive:
            return Verdict.failed(
                f"expected a conditional clause (si + imperfect); found {join_words(tokens[opening:first])!r}, "
                "a phrase with an infinitive and no finite verb", join_words(tokens[opening:first]))
        return Verdict.not_found("a 'si' clause or conditional subordinator",
                                 "no 'si' clause or conditional subordinator found: left to a human")

    def _same_subject(self, verdict: Verdict, output: str, item: ChallengeItem) -> Verdict:
        """A pass stands when the output's conditional clause may have the reference clause's subject: the
        shared participant check (:meth:`FrenchChecker.same_subject` on the clause's subject, issue 36)."""
        return self.same_subject(verdict, item=item, output=output, role="conditional clause's subject",
                                 subject_at=_clause_subject)

    def _si_clause(self, reader: SentenceReader, si: int) -> Verdict | None:
        tokens = reader.tokens
        if si > 0 and tokens[si - 1] in _CONCESSIVE:
            return Verdict.undecided(f"a concessive 'même {tokens[si]}' clause: left to a human")
        start = si + 1
        while start < len(tokens) and tokens[start] in _AFTER_SI:
            start += 1
        if start >= len(tokens) or _is_degree_complement(reader, start):
            return None  # "si" as a degree adverb: "si triste", "si vite"
        subject = reader.noun_phrase(start)
        if subject is None:
            return None
        bare = skip_preverbal(reader, subject.end)
        if bare < len(tokens) and not reader.finite_readings(bare) and any(
                a.mood == "infinitive" and a.pos in ("verb", "aux") for a in reader.readings(bare)):
            clause = join_words(tokens[si:bare + 1])
            return Verdict.passed(
                f"the conditional clause opens with {tokens[si]!r} and its subject; its verb {tokens[bare]!r} is left "
                f"unconjugated (a broken inflection, not the English inversion): {clause!r}", clause)
        verb = reader.first_finite_verb(subject.end)
        initial = all(t in ("et", "mais", ",") for t in tokens[:si])
        if verb is None or "," in tokens[subject.end:verb]:
            if not initial:
                return None
            return Verdict.failed(
                f"expected a finite verb in the imperfect after {tokens[si]!r} {tokens[start]!r}; found no finite verb "
                "in the 'si' clause", join_words(tokens[si:subject.end]))
        si_text = "si" if tokens[si] == "si" else "s'"
        clause = join_words(tokens[si:verb + 1])
        readings = reader.finite_readings(verb)
        if any(a.mood == "indicative" and a.tense == "imperfect" for a in readings):
            return Verdict.passed(
                f"the conditional clause is {si_text!r} + imperfect indicative: {clause!r} "
                f"({describe_readings(reader, verb)})", clause).resting_on(*_main_clause_meaning(reader, si, verb))
        moods = sorted({f"{a.mood} {a.tense}" if a.tense else str(a.mood) for a in readings})
        return Verdict.failed(
            f"expected the imperfect indicative after {si_text!r} (si Paul partait / si Paul devait partir); found "
            f"{describe_readings(reader, verb)} in {clause!r} ({', '.join(moods)})", clause)

    def _other_subordinate(self, reader: SentenceReader, index: int, subordinator: tuple[str, ...]) -> Verdict | None:
        tokens = reader.tokens
        start = index + len(subordinator)
        subject = reader.noun_phrase(start)
        if subject is None:
            return None
        verb = reader.first_finite_verb(subject.end)
        if verb is None:
            return None
        wanted = "conditional" if subordinator in _CONDITIONAL_SUBORDINATORS else "subjunctive"
        text = join_words(subordinator)
        clause = join_words(tokens[index:verb + 1])
        if any(a.mood == wanted for a in reader.finite_readings(verb)):
            return Verdict.passed(f"the conditional clause is {text!r} + {wanted}: {clause!r} "
                                  f"({describe_readings(reader, verb)})", clause)
        return Verdict.undecided(f"{text!r} with {describe_readings(reader, verb)} instead of the {wanted}: "
                                 "left to a human")


def _main_clause_meaning(reader: SentenceReader, si: int, verb: int) -> tuple[str, ...]:
    """The words that carry the meaning of the main clause (:meth:`SentenceReader.meaning_words`): its finite
    verb after the comma that ends the *si* clause (*Si Paul devait partir, je serais triste*: *triste*), or
    before *si* when the main clause comes first; none when there is no main clause."""
    tokens = reader.tokens
    comma = next((index for index in range(verb + 1, len(tokens)) if tokens[index] == ","), None)
    span = range(comma + 1, len(tokens)) if comma is not None else range(0, si)
    main = next((index for index in span if reader.finite_readings(index) and not reader.is_nominal_context(index)),
                None)
    return reader.meaning_words(main) if main is not None else ()


def _clause_subject(reader: SentenceReader) -> Participant | None:
    """The subject of the first conditional clause (*si* / *s'il*, or a conditional subordinator) as a
    participant, or None."""
    tokens = reader.tokens
    starts = [index + 1 for index, token in enumerate(tokens)
              if token == "si" or token == "s'" and index + 1 < len(tokens) and tokens[index + 1] in ("il", "ils")]
    starts += [index + len(subordinator) for subordinator in _CONDITIONAL_SUBORDINATORS + _SUBJUNCTIVE_SUBORDINATORS
               for index in range(len(tokens) - len(subordinator) + 1)
               if tuple(tokens[index:index + len(subordinator)]) == subordinator]
    for start in sorted(starts):
        while start < len(tokens) and tokens[start] in _AFTER_SI:
            start += 1
        if start >= len(tokens) or _is_degree_complement(reader, start):
            continue
        phrase = reader.noun_phrase(start)
        if phrase is None or reader.first_finite_verb(phrase.end) is None:
            continue
        return participant(reader, phrase)
    return None


def _is_degree_complement(reader: SentenceReader, index: int) -> bool:
    """Whether the word after "si" is an adjective or adverb it modifies, not a subject."""
    token = reader.tokens[index]
    if token in PRONOUNS or token in DETERMINERS or not reader.readings(index):
        return False
    return any(a.pos in ("adj", "adv") for a in reader.readings(index))


def _is_devoir(reader: SentenceReader, index: int) -> bool:
    return any(a.lemma == "devoir" for a in reader.finite_readings(index))


def _first_segment(tokens: list[str]) -> int:
    """The index of the first comma or end of sentence."""
    return next((i for i, t in enumerate(tokens) if t == "," or t in _CLAUSE_END), len(tokens))


__all__ = ["ConditionalChecker"]
