"""The ``inversion`` family: clauses opened by a fronted adverb (*Rarement*, *Jamais*, *Nulle part*)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys, flag
from pytest_mtchallenge.checkers.fr import FrenchChecker, Phrases, VerbLemmas, phrase_list, verb_lemmas
from pytest_mtchallenge.languages.fr.reader import DEGREE_WORDS, SUBJECT_CLITICS, SentenceReader, join_words, tokenize
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

_PARAMS = {"adverb", "negative", "verbs"}
_CLAUSE_END = frozenset({".", "?", "!", ";", ":"})
# Words that may modify the fronted adverb before the clause: "jamais encore", "nulle part ailleurs".
_ADVERB_MODIFIERS = frozenset({",", "encore", "auparavant", "avant", "ailleurs", "jusque-là", "jusqu'alors",
                               "jusqu'ici", "plus", "de", "sa", "vie", "au", "monde", "dans", "le"})
_OPENERS = frozenset({"et", "mais", "or", "car", "donc", "oui", "non"})
# Words that open a subordinate clause: after the fronted adverb they leave it without a main clause.
_SUBORDINATORS = frozenset({"si", "s'", "que", "qu'", "où", "quand", "lorsque", "lorsqu'", "comme", "parce",
                            "puisque"})


@dataclass(frozen=True, slots=True)
class InversionParams(FamilyParams):
    """The fronted adverb's accepted forms, whether it is negative, and the clause's verb lemmas."""

    adverb: Phrases
    negative: bool
    verbs: VerbLemmas

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> InversionParams:
        check_keys(mapping, _PARAMS, ("adverb", "negative", "verbs"))
        adverb = phrase_list(mapping["adverb"], "adverb")
        negative = flag(mapping, "negative")
        return cls(adverb, negative, verb_lemmas(mapping["verbs"], "verbs"))


class InversionChecker(FrenchChecker):
    """A clause with a fronted adverb that triggers inversion in English.

    Parameters (from the source sentence):

    - ``adverb``: the French renderings of the adverb (*rarement*; *jamais*; *nulle part*).
    - ``negative``: whether the adverb is negative (*jamais*, *nulle part*): it then needs *ne*
      before the finite verb.
    - ``verbs``: the lemmas of the clause's verb (*courir*; *être*). An output without any of them
      rephrased the clause: the checker is undecided.

    With the adverb fronted, French accepts the plain subject–verb order (*Rarement le chien
    courait*, *Nulle part les oiseaux n'étaient…*), complex inversion (*Rarement le chien
    courait-il*) and inversion of a subject pronoun (*Jamais n'avait-elle été…*). It rejects
    the English order with a noun subject after the verb (*Rarement courait le chien*, *Rarement
    a le chien couru*), a clause without a finite verb, and a negative adverb without *ne*. An
    adverb left in its ordinary place after the verb is accepted (with *ne* when negative).

    After a fronted adverb the order is judged whatever verb renders the clause (*Nulle part on ne
    voyait d'oiseaux aussi colorés*); the clause's verb as an infinitive under causative *faire*
    (*Rarement a-t-il fait courir le chien*) adds a causer the source lacks and fails. A negative
    adverb lost while its companion stays, with no negation left (*Auparavant, elle avait été aussi
    malheureuse* for *Never before had she been …*), asserts the opposite and fails. A pass rests on the
    clause's finite verb (``Verdict.content``): the judge asks whether it renders the source's (*Rarement
    le chien aboyait-il* for *Rarely did the dog run* is left to a human).
    """

    name = "inversion"
    # 2: a construction not found in a broken output fails (Verdict.not_found)
    # 3: the order after a fronted adverb judged whatever the verb; causative faire fails; a lost negative fails
    # 4: a pass rests on the clause's finite verb (Verdict.content), which the judge compares with the source
    # 5: the meaning words follow auxiliary + modal + factitive chains, skip support verbs, read avoir l'air
    version = "5"
    description = "Adverb-triggered inversion: fronted rarement / jamais / nulle part"
    Params = InversionParams
    construction_params = ("adverb",)

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader, inversions = read_french(output, self.lexicon)
        tokens = reader.tokens
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = InversionParams.of(item)
        lemmas, negative, adverbs = params.verbs, params.negative, params.adverb
        lemma_text = " / ".join(sorted(lemmas))
        shown = lemmas | {"avoir", "être"}
        has_verb = any(_has_lemma(reader, i, lemmas) for i in range(len(tokens)))
        found = _find_adverb(tokens, adverbs)
        if found is None:
            negated = _negated_with_pas(reader, lemmas) if negative else None
            if negated is not None:
                return Verdict.failed(
                    f"expected the negative adverb ({' / '.join(adverbs)}); found plain negation "
                    f"'ne … pas' on {describe_readings(reader, negated, shown)}: the adverb is lost", tokens[negated])
            companion = _lost_negative(reader) if negative else None
            if companion is not None:
                return Verdict.failed(
                    f"expected the negative adverb ({' / '.join(adverbs)}); found {tokens[companion]!r} without it and "
                    "no negation in the clause: the adverb is lost and the sentence asserts the opposite",
                    tokens[companion])
            if not has_verb:
                return Verdict.undecided(f"the output has no form of {lemma_text}: the clause was rephrased")
            return Verdict.not_found(
                f"the adverb ({' / '.join(adverbs)})",
                f"the adverb ({' / '.join(adverbs)}) is not in the output: left to a human")
        start, end, adverb = found
        opening = 0
        while opening < start and tokens[opening] in _OPENERS | {","}:
            opening += 1
        clause_end = next((i for i in range(end, len(tokens)) if tokens[i] in _CLAUSE_END), len(tokens))
        finite = [i for i in range(opening, clause_end)
                  if not start <= i < end and is_finite(reader, i) and not reader.is_nominal_context(i)]
        if start == opening and not finite:
            if has_verb or is_known_text(reader):
                return Verdict.failed(
                    f"expected a finite verb in the clause after the fronted {adverb!r}; found none in "
                    f"{join_words(tokens[start:clause_end])!r} (a verbless clause)", adverb)
            return Verdict.not_found(f"a finite verb after {adverb!r}",
                                     f"no finite verb after {adverb!r}, and some words are not in the lexicon")
        if not has_verb and start != opening:
            return Verdict.undecided(f"the output has no form of {lemma_text}: the clause was rephrased")
        if start != opening:
            return self._adverb_in_place(reader, adverb, negative, finite, shown)
        causative = _causative(reader, lemmas)
        if causative is not None:
            return Verdict.failed(
                f"after the fronted {adverb!r}, the clause's verb is causative 'faire' + "
                f"an infinitive of {lemma_text} in {join_words(tokens[causative:causative + 3])!r}: "
                "someone makes the event happen, a causer the source does not have", adverb, tokens[causative])
        verb = finite[0]
        clause = end
        while clause < verb and tokens[clause] in _ADVERB_MODIFIERS and not _opens_subject(reader, clause, verb):
            clause += 1
        has_ne = any(tokens[i] in ("ne", "n'") for i in range(clause, verb))
        verb_text = describe_readings(reader, verb, shown)
        inverted = next((inv for inv in inversions if inv.verb == verb), None)
        if skip_preverbal(reader, clause) == verb:
            return self._verb_first(reader, adverb, negative, has_ne, verb, inverted, shown)
        if tokens[clause] in _SUBORDINATORS and len(finite) == 1:
            return Verdict.failed(
                f"expected a main clause after the fronted {adverb!r}; found only the subordinate clause "
                f"{join_words(tokens[clause:clause_end])!r}", adverb, tokens[clause])
        subject = reader.noun_phrase(clause)
        if subject is None or skip_preverbal(reader, subject.end) != verb:
            return Verdict.undecided(
                f"could not read the subject between the fronted {adverb!r} and the verb {verb_text}: left to a human")
        order = "complex inversion" if inverted else "subject–verb order"
        subject_text = join_words(tokens[clause:subject.end])
        if negative and not has_ne:
            return Verdict.failed(
                f"expected 'ne' before the verb after the fronted negative adverb {adverb!r}; found {subject_text!r} "
                f"{verb_text} without 'ne'", adverb, tokens[verb])
        if not negative and has_ne:
            return Verdict.undecided(f"'ne' with the non-negative adverb {adverb!r}: left to a human")
        return Verdict.passed(
            f"after the fronted {adverb!r}, {order}: {subject_text!r} {verb_text}"
            + (f" with the resumptive pronoun {tokens[inverted.pronoun]!r}" if inverted else "")
            + (" and 'ne'" if has_ne else ""), adverb, tokens[verb]).resting_on(*reader.meaning_words(verb))

    def _verb_first(self, reader: SentenceReader, adverb: str, negative: bool, has_ne: bool, verb: int,
                    inverted: Inversion | None, shown: frozenset[str]) -> Verdict:
        tokens = reader.tokens
        verb_text = describe_readings(reader, verb, shown)
        following = tokens[verb + 1] if verb + 1 < len(tokens) else ""
        if inverted is not None or following in SUBJECT_CLITICS - {"nous", "vous"}:
            pronoun = tokens[inverted.pronoun] if inverted else following
            if negative and not has_ne:
                return Verdict.failed(
                    f"expected 'ne' before the inverted verb after the fronted negative adverb {adverb!r}; found "
                    f"{verb_text} with the subject pronoun {pronoun!r} and no 'ne'", adverb, tokens[verb])
            return Verdict.passed(
                f"after the fronted {adverb!r}, the subject pronoun {pronoun!r} is inverted with {verb_text}"
                + (" and 'ne'" if has_ne else ""), adverb, tokens[verb]).resting_on(*reader.meaning_words(verb))
        probe = verb + 1
        while probe < len(tokens) and (tokens[probe] in ("pas", "plus", "jamais")
                                       or _has_nonfinite_reading(reader, probe)):
            probe += 1
        if probe >= len(tokens) or tokens[probe] in DEGREE_WORDS or not tokens[probe][0].isalpha():
            return Verdict.failed(
                f"expected a subject with the verb after the fronted {adverb!r}; found {verb_text} with no subject "
                f"in {join_words(tokens[verb:probe + 2])!r}", adverb, tokens[verb])
        subject = reader.noun_phrase(probe)
        if subject is None:
            return Verdict.undecided(f"no subject found after the verb {verb_text} that follows {adverb!r}")
        head = tokens.index(subject.head, probe)
        subject_text = join_words(tokens[probe:head + 1])
        after = any(_has_nonfinite_reading(reader, i) for i in range(head + 1, min(head + 2, len(tokens))))
        if negative and has_ne and not after and probe == verb + 1:
            return Verdict.undecided(
                f"stylistic inversion of the noun subject {subject_text!r} after {verb_text} and 'ne': left to a human")
        return Verdict.failed(
            f"expected the subject before the verb after the fronted {adverb!r} (or complex inversion with a "
            f"resumptive pronoun); found the English order: {verb_text} before the subject "
            f"{subject_text!r}" + (" with no 'ne'" if negative and not has_ne else ""), adverb, tokens[verb])

    def _adverb_in_place(self, reader: SentenceReader, adverb: str, negative: bool, finite: list[int],
                         shown: frozenset[str]) -> Verdict:
        tokens = reader.tokens
        if not finite:
            return Verdict.not_found(f"a finite verb in the clause with {adverb!r}",
                                     f"no finite verb in the clause with {adverb!r}")
        verb_text = describe_readings(reader, finite[0], shown)
        if negative and not any(t in ("ne", "n'") for t in tokens[:finite[0]]):
            return Verdict.undecided(
                f"the negative adverb {adverb!r} is not fronted and the clause has no 'ne' before {verb_text}: "
                "left to a human")
        return Verdict.passed(
            f"the adverb {adverb!r} is in its ordinary place after the verb {verb_text} (no inversion needed)",
            adverb, tokens[finite[0]]).resting_on(*reader.meaning_words(finite[0]))


def _find_adverb(tokens: Sequence[str], forms: tuple[str, ...]) -> tuple[int, int, str] | None:
    best: tuple[int, int, str] | None = None
    for form in forms:
        needle = tokenize(form)
        for start in range(len(tokens) - len(needle) + 1):
            if tokens[start:start + len(needle)] == needle:
                if best is None or start < best[0]:
                    best = (start, start + len(needle), join_words(needle))
                break
    return best


def _negated_with_pas(reader: SentenceReader, lemmas: frozenset[str]) -> int | None:
    """The finite verb negated by *ne … pas* when it (or the participle or infinitive after it) is of ``lemmas``."""
    tokens = reader.tokens
    for index, token in enumerate(tokens):
        if token not in ("ne", "n'"):
            continue
        verb = skip_preverbal(reader, index)
        if not is_finite(reader, verb) or verb + 1 >= len(tokens) or tokens[verb + 1] != "pas":
            continue
        if _has_lemma(reader, verb, lemmas) or (verb + 2 < len(tokens) and _has_lemma(reader, verb + 2, lemmas)):
            return verb
    return None


#: Words that accompany a negative adverb (*jamais auparavant*, *jamais encore*, *nulle part ailleurs*).
_COMPANIONS = frozenset({"auparavant", "avant", "encore", "ailleurs", "jusque-là", "jusqu'alors", "jusqu'ici"})
#: Words that negate a clause.
_NEGATIVE_WORDS = frozenset({"ne", "n'", "pas", "jamais", "plus", "rien", "aucun", "aucune", "nul", "nulle",
                             "personne", "guère", "point", "ni", "sans", "non"})


def _lost_negative(reader: SentenceReader) -> int | None:
    """A companion of the negative adverb (*auparavant*, *encore*, *ailleurs*) kept in an output with no
    negative word at all (*Auparavant, elle avait été aussi malheureuse*): its index, or None."""
    tokens = reader.tokens
    if any(t in _NEGATIVE_WORDS for t in tokens):
        return None
    return next((i for i, t in enumerate(tokens) if t in _COMPANIONS), None)


def _causative(reader: SentenceReader, lemmas: frozenset[str]) -> int | None:
    """The form of *faire* whose infinitive complement is the clause's verb, when every form of ``lemmas``
    is such an infinitive (*Rarement a-t-il fait courir le chien*); None otherwise."""
    tokens = reader.tokens
    found = None
    for index in range(len(tokens)):
        if not _has_lemma(reader, index, lemmas):
            continue
        infinitive = any(a.mood == "infinitive" and a.lemma in lemmas for a in reader.readings(index))
        before = index - 1  # past an inverted subject pronoun and adverbs: *faisait-il souvent courir*
        while before > 0 and (tokens[before] in SUBJECT_CLITICS or reader.is_adverb(before)):
            before -= 1
        if not (infinitive and before >= 0 and any(a.lemma == "faire" and a.pos == "verb"
                                                   for a in reader.readings(before))):
            return None
        found = before
    return found


def _has_lemma(reader: SentenceReader, index: int, lemmas: frozenset[str]) -> bool:
    return any(a.pos in ("verb", "aux") and a.lemma in lemmas for a in reader.readings(index))


def _has_nonfinite_reading(reader: SentenceReader, index: int) -> bool:
    """A participle or infinitive reading, even beside a finite one (*fait*, *été*)."""
    return any(a.pos in ("verb", "aux") and a.mood in ("participle", "infinitive") for a in reader.readings(index))


def _opens_subject(reader: SentenceReader, index: int, verb: int) -> bool:
    """Whether a noun phrase starting at ``index`` runs up to the verb (so ``index`` is not a modifier)."""
    phrase = reader.noun_phrase(index)
    return phrase is not None and skip_preverbal(reader, phrase.end) == verb


__all__ = ["InversionChecker"]
