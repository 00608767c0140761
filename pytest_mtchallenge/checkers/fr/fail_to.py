"""The ``fail_to`` family: English *fail to V* rendered as a plain French negation, not a calque of *fail*."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from pytest_mtchallenge.checkers import check_keys
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.fr.reader import OBJECT_CLITICS, SentenceReader
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"verb", "literal", "accept"}

NEGATIVE_CLITICS = frozenset({"ne", "n'"})
NEGATIVE_PARTICLES = frozenset({"pas", "point", "jamais", "plus", "guère", "aucunement", "nullement"})
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


class FailToChecker(FrenchChecker):
    """*fail to V* → a plain negation of V (*n'a pas vu*), or *ne pas réussir / parvenir à V*.

    Parameters:

    - ``verb``: lemmas of the verb under *fail to* and its usual renderings (*voir, saisir …*).
    - ``literal``: lemmas of the calques of *fail* (*omettre de, échouer à, manquer de* + infinitive):
      the output fails when one of them governs an infinitive.
    - ``accept``: lemmas that express the failure by themselves (*enfreindre* for *fail to comply*).

    A negation (*ne … pas / jamais / point*) whose verbal complex has a form of ``verb`` passes.
    A form of ``verb`` with no negative word anywhere fails (the output asserts the event). Anything
    else (*incapable de voir*, another verb) is undecided.
    """

    name = "fail_to"
    version = "2"  # a construction not found in a broken output fails (Verdict.not_found)
    description = "fail to V → plain negation, not omettre / échouer / manquer de"

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        check_keys(params, _PARAMS, ("verb",))
        _lemmas(params["verb"], "verb", required=True)
        for key in ("literal", "accept"):
            if key in params:
                _lemmas(params[key], key, required=False)

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        ordered = _lemmas(item.params["verb"], "verb", required=True)
        verbs = set(ordered)
        literal = set(_lemmas(item.params.get("literal", []), "literal", required=False))
        accept = set(_lemmas(item.params.get("accept", []), "accept", required=False))
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

        for index, token in enumerate(tokens):
            if token not in NEGATIVE_CLITICS:
                continue
            complex_ = _negated_complex(reader, index)
            if complex_ is None:
                continue
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


def _verb_lemma(reader: SentenceReader, index: int, lemmas: set[str]) -> str | None:
    """The lemma in ``lemmas`` of a verbal reading of the token (not a noun after a determiner)."""
    if not lemmas or reader.is_nominal_context(index) and reader.tokens[index - 1] not in _PREPOSITIONS:
        return None
    for analysis in reader.readings(index):
        if analysis.lemma in lemmas and analysis.pos in ("verb", "aux", "adj") and analysis.mood is not None:
            return analysis.lemma
    return None


def _infinitive_after_preposition(reader: SentenceReader, index: int) -> int | None:
    """The infinitive of "de / à (+ clitics) + infinitive" right after the token, if any."""
    tokens = reader.tokens
    probe = index + 1
    while probe < len(tokens) and (_is_adverb(reader, probe) or tokens[probe] in NEGATIVE_PARTICLES):
        probe += 1
    if probe >= len(tokens) or tokens[probe] not in _PREPOSITIONS:
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
    probe = particle + 1
    while probe < len(tokens) and probe - particle <= 5 and tokens[probe] not in _BOUNDARIES:
        token = tokens[probe]
        if token == "à" and forms and any(a.lemma in CHAIN_WITH_A for a in reader.readings(forms[-1])):
            probe += 1  # ne pas réussir à V
            continue
        if token in OBJECT_CLITICS or _is_adverb(reader, probe):
            probe += 1
            continue
        if not any(a.pos in ("verb", "aux") and a.mood in ("participle", "infinitive")
                   for a in reader.readings(probe)):
            break
        forms.append(probe)
        probe += 1
    return tokens[particle], forms


def _is_adverb(reader: SentenceReader, index: int) -> bool:
    readings = reader.readings(index)
    return bool(readings) and all(a.pos == "adv" for a in readings)
