"""The ``fail_to`` family: English *fail to V* rendered as a plain French negation, not a calque of *fail*."""
from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.fr.reader import OBJECT_CLITICS, SUBJECT_CLITICS, SentenceReader
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"verb", "literal", "accept"}

NEGATIVE_CLITICS = frozenset({"ne", "n'"})
NEGATIVE_PARTICLES = frozenset({"pas", "point", "jamais", "plus", "guère", "aucunement", "nullement", "rien",
                                "aucun", "aucune"})
# Particles that negate on their own in spoken French, where ne is dropped (il a pas répondu).
NE_DROP_PARTICLES = frozenset({"pas", "jamais"})
# Support verbs that, with the action noun of a verb, say what the verb says (donner une réponse = répondre).
SUPPORT_VERBS = frozenset({"donner", "apporter", "fournir", "faire", "formuler", "émettre", "adresser"})
_ACTION_NOUN_DETERMINERS = frozenset({"de", "d'", "un", "une", "aucun", "aucune", "la", "le", "l'", "sa", "son",
                                      "ses", "leur", "leurs", "des"})
# Words that may carry a negative meaning without ne … pas (incapable de, sans, faute de …).
# (point, personne, rien are nouns too: without ne they are not counted.)
NEGATIVE_CUES = frozenset({"ne", "n'", "pas", "jamais", "sans", "ni", "aucun", "aucune", "guère", "non", "faute",
                           "nullement", "aucunement", "incapable", "incapables", "impossible", "impuissant",
                           "impuissante", "impuissants", "échec"})
# Verbs that may stand between the negation and the flagged verb: ne pas réussir / parvenir /
# arriver à V, ne pas savoir / pouvoir V, and the auxiliaries of their compound tenses. Any other
# verb changes the meaning (n'a pas voulu répondre, n'a pas à répondre, n'a pas essayé de …).
NEGATED_CHAIN = frozenset({"avoir", "être", "réussir", "parvenir", "arriver", "savoir", "pouvoir"})
CHAIN_WITH_A = frozenset({"réussir", "parvenir", "arriver"})
_PREPOSITIONS = frozenset({"à", "de", "d'"})
_BOUNDARIES = frozenset({".", ",", ";", ":", "?", "!", "que", "qu'", "qui"})


def _lemmas(value: object, name: str, *, required: bool) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) or (required and not value) or not all(
            isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{name} must be a {'non-empty ' if required else ''}list of lemmas")
    return tuple(v.strip().lower() for v in value)


@dataclass(frozen=True, slots=True)
class FailToParams(FamilyParams):
    """The lemmas of the verb under *fail to* (in the item's order), of the calques of *fail* and of
    the verbs that express the failure by themselves."""

    verb: tuple[str, ...]
    literal: frozenset[str] = frozenset()
    accept: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> FailToParams:
        check_keys(mapping, _PARAMS, ("verb",))
        verb = _lemmas(mapping["verb"], "verb", required=True)
        literal, accept = (frozenset(_lemmas(mapping[key], key, required=False)) if key in mapping else frozenset()
                           for key in ("literal", "accept"))
        return cls(verb, literal, accept)


class FailToChecker(FrenchChecker):
    """*fail to V* → a plain negation of V (*n'a pas vu*), or *ne pas réussir / parvenir à V*.

    Parameters:

    - ``verb``: lemmas of the verb under *fail to* and its usual renderings (*voir, saisir …*).
    - ``literal``: lemmas of the calques of *fail* (*omettre de, échouer à, manquer de* + infinitive):
      the output fails when one of them governs an infinitive.
    - ``accept``: lemmas that express the failure by themselves (*enfreindre* for *fail to comply*).

    A negation (*ne … pas / jamais / point / rien / aucun*) whose verbal complex has a form of ``verb`` passes,
    also with *ne* dropped as spoken French drops it (*il a pas répondu*, and in a broken output *il pas
    répondre*), and a negated support verb with the action noun of ``verb`` (*il n'a pas donné de
    réponse*: the noun shares the verb's stem). A calque of *fail* governs *de / à*, or *pour* (the
    English *to* word for word: *échoué pour voir*), + infinitive. *sans* + an infinitive of ``verb``
    (*il est resté sans répondre*) says the event did not happen and passes. A form of ``verb`` with no negative
    word anywhere fails (the output asserts the event). Anything else (*incapable de voir*, another verb)
    is undecided.
    """

    name = "fail_to"
    # 2: a construction not found in a broken output fails (Verdict.not_found)
    # 3: ne … rien / aucun, a dropped ne, a negated support verb + action noun, sans + infinitive; calque with pour
    version = "3"
    description = "fail to V → plain negation, not omettre / échouer / manquer de"
    Params = FailToParams
    construction_params = ("literal",)

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = FailToParams.of(item)
        ordered, literal, accept = params.verb, params.literal, params.accept
        verbs = frozenset(ordered)
        tokens = reader.tokens
        wanted = " / ".join(ordered[:3]) + (" …" if len(ordered) > 3 else "")

        for index in range(len(tokens)):
            lemma = _verb_lemma(reader, index, literal)
            if lemma is None:
                continue
            infinitive = _infinitive_after_preposition(reader, index)
            if infinitive is not None:
                phrase = " ".join(tokens[index:infinitive + 1])
                return Verdict.failed(
                    f"{tokens[index]!r} ({lemma}) + infinitive, {phrase!r}, is a calque of 'fail to': expected a "
                    f"plain negation of {wanted} (ne … pas) or ne pas réussir à", phrase)

        negations = [(index, _negated_complex(reader, index)) for index, token in enumerate(tokens)
                     if token in NEGATIVE_CLITICS]
        negations += [(index, _dropped_ne_complex(reader, index)) for index, token in enumerate(tokens)
                      if token in NE_DROP_PARTICLES and not any(t in NEGATIVE_CLITICS for t in tokens[:index])]
        for index, complex_ in negations:
            if complex_ is None:
                continue
            token = tokens[index] if tokens[index] in NEGATIVE_CLITICS else "(ne)"
            particle, forms = complex_
            found = [i for i in forms if _verb_lemma(reader, i, verbs)]
            if found and index > 0 and tokens[index - 1] in _PREPOSITIONS and any(
                    t in NEGATIVE_CLITICS for t in tokens[:index]):
                return Verdict.undecided(f"{tokens[found[0]]!r} is negated inside the complement of another "
                                         "negated verb: left to a human")
            if found:
                chain = [i for i in forms if i < found[0]]
                other = [i for i in chain if not any(a.lemma in NEGATED_CHAIN and a.pos in ("verb", "aux")
                                                     for a in reader.readings(i))]
                if other:
                    return Verdict.undecided(f"the negation bears on {tokens[other[0]]!r}, which governs "
                                             f"{tokens[found[0]]!r}: left to a human")
                word = tokens[found[0]]
                return Verdict.passed(f"{word!r} ({_verb_lemma(reader, found[0], verbs)}) is negated by "
                                      f"'{token} … {particle}': the plain negation that renders 'fail to'", word)
            support = [i for i in forms
                       if any(a.lemma in SUPPORT_VERBS and a.pos == "verb" for a in reader.readings(i))]
            noun = _action_noun(reader, max(forms) + 1, ordered) if support and forms else None
            if support and noun is not None and all(
                    any(a.lemma in NEGATED_CHAIN | SUPPORT_VERBS for a in reader.readings(i)) for i in forms):
                phrase = f"{tokens[support[0]]} … {tokens[noun]}"
                return Verdict.passed(f"{phrase!r}, the support verb and the action noun of "
                                      f"{_stem_verb(reader, noun, ordered)}, is negated by '{token} … {particle}': "
                                      "the plain negation that renders 'fail to'", phrase)

        for index, token in enumerate(tokens):
            if token != "sans" or any(t in NEGATIVE_CLITICS for t in tokens):
                continue
            probe = index + 1
            while probe < len(tokens) and (tokens[probe] in OBJECT_CLITICS or _is_adverb(reader, probe)):
                probe += 1
            if probe < len(tokens) and any(a.mood == "infinitive" and a.lemma in verbs for a in reader.readings(probe)):
                phrase = " ".join(tokens[index:probe + 1])
                return Verdict.passed(f"{phrase!r}: 'sans' + the infinitive of {_verb_lemma(reader, probe, verbs)} "
                                      "says the event did not happen, as 'fail to' does", phrase)

        for index in range(len(tokens)):
            lemma = _verb_lemma(reader, index, accept)
            if lemma is not None and not any(t in NEGATIVE_CUES for t in tokens):
                return Verdict.passed(f"{tokens[index]!r} ({lemma}) expresses the failure by itself", tokens[index])

        cues = sorted({t for t in tokens if t in NEGATIVE_CUES})
        if not cues:
            for index in range(len(tokens)):
                lemma = _verb_lemma(reader, index, verbs)
                if lemma is not None:
                    return Verdict.failed(
                        f"{tokens[index]!r} ({lemma}) is not negated and no other negative word is present: the "
                        "output asserts the event, losing the meaning of 'fail to'", tokens[index])
            return Verdict.not_found(f"a negated form of {wanted}",
                                     f"no form of {wanted} and no negation in the output: left to a human")
        return Verdict.undecided(f"negative word(s) {', '.join(repr(c) for c in cues)} but no negated form of "
                                 f"{wanted}: left to a human")


def _verb_lemma(reader: SentenceReader, index: int, lemmas: Set[str]) -> str | None:
    """The lemma in ``lemmas`` of a verbal reading of the token (not a noun after a determiner)."""
    if not lemmas or reader.is_nominal_context(index) and reader.tokens[index - 1] not in _PREPOSITIONS:
        return None
    for analysis in reader.readings(index):
        if analysis.lemma in lemmas and analysis.pos in ("verb", "aux", "adj") and analysis.mood is not None:
            return analysis.lemma
    return None


def _dropped_ne_complex(reader: SentenceReader, particle: int) -> tuple[str, list[int]] | None:
    """A negation whose *ne* is dropped (*il a pas répondu*, *il répond pas*, *il pas répondre*): the particle
    right after a finite verb or a subject pronoun, and the verbs it negates; None otherwise."""
    tokens = reader.tokens
    if particle == 0:
        return None
    before = particle - 1
    forms: list[int] = []
    if reader.finite_readings(before) and not reader.is_nominal_context(before):
        forms.append(before)
    elif tokens[before] not in SUBJECT_CLITICS:
        return None
    _verbs_after(reader, particle, forms, reach=4, chains=False)
    return (tokens[particle], forms) if forms else None


def _stem(lemma: str) -> str:
    for ending in ("oir", "re", "ir", "er"):
        if lemma.endswith(ending):
            return lemma[: -len(ending)]
    return lemma


def _shares_stem(noun: str, verb: str) -> bool:
    """Whether a noun is the action noun of a verb by their shared stem (*réponse* / *répondre*,
    *respect* / *respecter*, *riposte* / *riposter*): a common prefix of at least five letters that covers
    the verb's stem but its last letter."""
    stem = _stem(verb)
    common = len(next((p for p in (noun[:n] for n in range(min(len(noun), len(verb)), 0, -1))
                       if verb.startswith(p)), ""))
    return common >= 5 and common >= len(stem) - 1


def _action_noun(reader: SentenceReader, start: int, verbs: Sequence[str]) -> int | None:
    """The action noun of one of ``verbs`` after a support verb (*donné de réponse*, *fourni aucune réponse*)."""
    tokens = reader.tokens
    index = start
    while index < len(tokens) and index - start < 2 and tokens[index] in _ACTION_NOUN_DETERMINERS:
        index += 1
    if index >= len(tokens) or index == start:
        return None
    nouns = {a.lemma for a in reader.readings(index) if a.pos == "noun"}
    return index if any(_shares_stem(noun, verb) for noun in nouns for verb in verbs) else None


def _stem_verb(reader: SentenceReader, noun: int, verbs: Sequence[str]) -> str:
    nouns = {a.lemma for a in reader.readings(noun) if a.pos == "noun"}
    return next(verb for verb in verbs if any(_shares_stem(n, verb) for n in nouns))


def _infinitive_after_preposition(reader: SentenceReader, index: int) -> int | None:
    """The infinitive of "de / à / pour (+ clitics) + infinitive" right after the token, if any (*pour* is
    the English *to* rendered word for word: *échoué pour voir*)."""
    tokens = reader.tokens
    probe = index + 1
    while probe < len(tokens) and (_is_adverb(reader, probe) or tokens[probe] in NEGATIVE_PARTICLES):
        probe += 1
    if probe >= len(tokens) or tokens[probe] not in _PREPOSITIONS | {"pour"}:
        return None
    probe += 1
    while probe < len(tokens) and (tokens[probe] in OBJECT_CLITICS or tokens[probe] in ("ne", "pas")):
        probe += 1
    if probe < len(tokens) and any(a.mood == "infinitive" for a in reader.readings(probe)):
        return probe
    return None


def _negated_complex(reader: SentenceReader, ne: int) -> tuple[str, list[int]] | None:
    """The particle of *ne … pas* and the indices of the verbs it negates (auxiliaries, modals, participles)."""
    tokens = reader.tokens
    particle = next((i for i in range(ne + 1, min(ne + 6, len(tokens))) if tokens[i] in NEGATIVE_PARTICLES), None)
    if particle is None:
        return None
    forms = [i for i in range(ne + 1, particle) if tokens[i] not in OBJECT_CLITICS]
    _verbs_after(reader, particle, forms, reach=5, chains=True)
    return tokens[particle], forms


def _verbs_after(reader: SentenceReader, particle: int, forms: list[int], *, reach: int, chains: bool) -> None:
    """Add to ``forms`` the participles and infinitives within ``reach`` words after the negative ``particle``
    (object clitics and adverbs between them skipped); with ``chains``, *à* after a verb that takes it
    (*ne pas réussir à V*) goes on to the next verb."""
    tokens = reader.tokens
    probe = particle + 1
    while probe < len(tokens) and probe - particle <= reach and tokens[probe] not in _BOUNDARIES:
        if (chains and tokens[probe] == "à" and forms
                and any(a.lemma in CHAIN_WITH_A for a in reader.readings(forms[-1]))):
            probe += 1
            continue
        if tokens[probe] in OBJECT_CLITICS or _is_adverb(reader, probe):
            probe += 1
            continue
        if not any(a.pos in ("verb", "aux") and a.mood in ("participle", "infinitive")
                   for a in reader.readings(probe)):
            break
        forms.append(probe)
        probe += 1


def _is_adverb(reader: SentenceReader, index: int) -> bool:
    readings = reader.readings(index)
    return bool(readings) and all(a.pos == "adv" for a in readings)
