"""The ``mood`` family: the subjunctive in a clause governed by a French subjunctive trigger."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker, Lemmas, lemma_list
from pytest_mtchallenge.languages.fr.reader import (
    CE,
    DETERMINERS,
    NEGATION,
    OBJECT_CLITICS,
    SUBJECT_CLITICS,
    SentenceReader,
    tokenize,
)
from pytest_mtchallenge.languages.fr.lexicon import Analysis
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"verb"}

COMPLEMENTISERS = frozenset({"que", "qu'"})

# Subordinating conjunctions that always take the subjunctive (written with their final que).
# Left out on purpose: de sorte que / de façon que (result: indicative), encore que (also "still
# that"), après que (indicative in the norm), si / parce que / puisque / dès que (indicative).
SUBJUNCTIVE_CONJUNCTIONS: tuple[str, ...] = (
    "à condition que", "à la condition que", "à seule condition que", "sous condition que", "pourvu que",
    "sous réserve que", "bien que", "quoique", "afin que", "pour que", "avant que", "à moins que", "sans que",
    "de peur que", "de crainte que", "jusqu'à ce que", "en attendant que", "pour peu que", "à supposer que",
    "en supposant que", "supposé que", "non que", "quoi que", "pour autant que", "si tant est que",
)
# Verbs of will, request, permission, emotion and necessity that take a subjunctive que-clause.
# Left out: sembler (il me semble que: indicative), douter (se douter que: indicative),
# suggérer (to imply: indicative), dire (to state: indicative), admettre, comprendre.
SUBJUNCTIVE_VERBS = frozenset({
    "vouloir", "souhaiter", "désirer", "exiger", "demander", "ordonner", "commander", "réclamer", "requérir",
    "solliciter", "implorer", "supplier",
    "proposer", "recommander", "conseiller", "préférer", "aimer", "accepter", "refuser", "permettre",
    "interdire", "défendre", "empêcher", "éviter", "attendre", "craindre", "redouter", "regretter", "déplorer",
    "apprécier", "réjouir", "étonner", "supporter", "tolérer", "mériter", "falloir", "suffire", "importer",
    "imposer", "obtenir", "veiller", "tenir", "consentir", "opposer",
})
# Verbs that take the subjunctive only through "à ce que" (tenir à ce que, veiller à ce que …).
VERBS_WITH_A_CE_QUE = frozenset({"veiller", "tenir", "consentir", "opposer", "attendre"})
# Adjectives and nouns of emotion, judgement, necessity and possibility: "il est regrettable que",
# "je suis heureux que", "c'est dommage que", "avoir peur que". Left out: probable, certain, sûr,
# évident, clair, vrai (indicative).
SUBJUNCTIVE_PREDICATES = frozenset({
    "malheureux", "regrettable", "dommage", "triste", "navrant", "désolant", "fâcheux", "déplorable", "étonnant",
    "surprenant", "étrange", "bizarre", "curieux", "incroyable", "inconcevable", "inadmissible", "inacceptable",
    "intolérable", "scandaleux", "honteux", "normal", "anormal", "naturel", "logique", "juste", "injuste", "bon",
    "important", "essentiel", "primordial", "capital", "crucial", "nécessaire", "indispensable", "urgent",
    "utile", "inutile", "préférable", "souhaitable", "possible", "impossible", "improbable", "douteux", "rare",
    "exclu", "impératif", "obligatoire", "vital", "dommageable", "heureux", "content", "ravi", "désolé", "navré",
    "fier", "furieux", "fâché", "surpris", "étonné", "déçu", "satisfait", "mécontent", "soulagé", "choqué",
    "temps", "peur", "crainte", "honte", "envie", "besoin",
})
# Words a predicate trigger follows: a copula or avoir (il est dommage, j'ai peur), c'est, quel.
_PREDICATE_FRAMES = frozenset({"être", "sembler", "paraître", "devenir", "rester", "trouver", "avoir"})
_FRAME_WORDS = frozenset({"c'", "ce", "quel", "quelle"})
# Intensifiers that may stand between the copula and the predicate (il est bien dommage que).
INTENSIFIERS = frozenset({"bien", "très", "fort", "vraiment", "tout", "franchement", "profondément",
                          "extrêmement", "particulièrement", "réellement", "vraiment", "absolument"})
# Degree words that make "ADJ que" a comparison or a consequence (plus triste que, si content qu'il a …).
DEGREE = frozenset({"si", "tellement", "tant", "trop", "aussi", "autant", "plus", "moins", "assez"})
_BOUNDARIES = frozenset({".", ",", ";", ":", "?", "!"})
_SUBJECT_PRONOUNS = SUBJECT_CLITICS | CE | {"cela", "ça", "l'"}
_MOOD_WORDS = {"indicative": "indicative", "conditional": "conditional", "subjunctive": "subjunctive"}


@dataclass(frozen=True, slots=True)
class Trigger:
    """A subjunctive trigger found in the output: its words and the index of its complementiser."""

    words: str
    complementiser: int
    kind: str  # "conjunction", "verb", "predicate"


@dataclass(frozen=True, slots=True)
class ClauseVerb:
    """The finite verb of the clause after a trigger and the lemmas of its verbal complex."""

    index: int
    lemmas: frozenset[str]


_CONJUNCTION_TOKENS: tuple[tuple[str, ...], ...] = tuple(
    sorted((tuple(tokenize(phrase)) for phrase in SUBJUNCTIVE_CONJUNCTIONS if " " in phrase), key=len, reverse=True))


@dataclass(frozen=True, slots=True)
class MoodParams(FamilyParams):
    """The lemmas of the flagged verb (none given: the first trigger's clause is judged, whatever its verb)."""

    verb: Lemmas = ()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> MoodParams:
        reject_unknown(mapping, _PARAMS)
        return cls(lemma_list(mapping["verb"], "verb")) if "verb" in mapping else cls()


class MoodChecker(FrenchChecker):
    """The mood of the verb in a clause governed by a subjunctive trigger.

    The trigger is looked up in closed lists of French grammar: conjunctions (*à condition que,
    pourvu que, bien que, pour que, avant que, à moins que …*), verbs of will, request, emotion and
    necessity (*demander, exiger, vouloir, regretter, falloir …*, also through *à ce que*), and
    adjectives or nouns of emotion and judgement after a copula (*il est malheureux / regrettable
    que, c'est dommage que, j'ai peur que*). The finite verb of the clause after the trigger must
    have a subjunctive reading in the lexicon.

    Parameter: ``verb``, the lemma(s) of the flagged verb (optional). A subjunctive of another verb
    (the translation replaced the flagged verb) is left undecided; a non-subjunctive finite verb
    after the trigger fails whatever its lemma. Without a trigger, or without a finite verb after
    it, the checker is undecided.

    A calqued trigger or a false friend of one — an adjective or participle after a verb, copula or
    comma, right before *que*, that is no French trigger (*il viendra fourni que* for *provided that*,
    *il est malchanceux / infortuné que* for *it is unfortunate that*) — is judged by the verb form of
    the flagged verb's clause: a subjunctive passes, another mood fails. Words that govern the
    indicative (*certain, sûr, évident, étant donné, vu …*) are not read so.
    """

    name = "mood"
    # 2: a construction not found in a broken output fails (Verdict.not_found)
    # 3: a calqued trigger or a false friend of one is judged by the verb form itself
    version = "3"
    description = "Subjunctive mood after a subjunctive trigger (lexicon-backed)"
    Params = MoodParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        expected = MoodParams.of(item).verb
        triggers = _triggers(reader)
        if not triggers:
            return self._without_trigger(reader, expected)
        judged: list[tuple[Trigger, ClauseVerb]] = []
        for trigger in triggers:
            verb = _clause_verb(reader, trigger.complementiser)
            if verb is not None:
                judged.append((trigger, verb))
        if not judged:
            return Verdict.not_found("a finite verb in the clause after the trigger",
                                     f"no finite verb found in the clause after {triggers[0].words!r}")
        # The flagged clause is the one whose verbal complex has the expected lemma, else the first.
        trigger, verb = next(((t, v) for t, v in judged if v.lemmas & set(expected)), judged[0])
        token = reader.tokens[verb.index]
        readings = _readings_in_context(reader.finite_readings(verb.index), expected)
        if len({a.mood == "subjunctive" for a in readings}) > 1 and len({a.lemma for a in readings}) > 1:
            return Verdict.undecided(f"{token!r} is subjunctive for one of its lemmas and not for another "
                                     f"({', '.join(sorted({a.lemma for a in readings}))}): left to a human")
        described = f"{token!r} ({'; '.join(sorted({a.describe() for a in readings}))})"
        wanted = f"a subjunctive form{' of ' + ' / '.join(expected) if expected else ''}"
        subjunctive = [a for a in readings if a.mood == "subjunctive" and a.lemma in (set(expected) or {a.lemma})] \
            or [a for a in readings if a.mood == "subjunctive"]
        if not subjunctive:
            return Verdict.failed(f"expected {wanted} after {trigger.words!r}; found {described}", described)
        if expected and not verb.lemmas & set(expected):
            return Verdict.undecided(
                f"{described} is subjunctive after {trigger.words!r}, but the clause has no form of "
                f"{' / '.join(expected)}: the flagged verb was replaced, left to a human")
        chosen = f"{token!r} ({'; '.join(sorted({a.describe() for a in subjunctive}))})"
        return Verdict.passed(f"{chosen} is subjunctive after {trigger.words!r}", chosen)

    def _without_trigger(self, reader: SentenceReader, expected: tuple[str, ...]) -> Verdict:
        """No known trigger: a *que*-clause whose verb can only be subjunctive (*soient*, *fasse*)
        shows the subjunctive was used (the trigger may be one the list lacks, or left
        untranslated). A *que*-clause of the flagged verb after a word that stands where the trigger
        should, but is no French trigger — a calque or false friend of the source's trigger (*fourni
        que* for *provided that*, *il est malchanceux que* for *it is unfortunate that*) — is judged by
        the verb form itself: subjunctive passes, any other mood fails. Otherwise the trigger is missing."""
        for index, token in enumerate(reader.tokens):
            if token not in ("que", "qu'") or index == 0:
                continue
            verb = _clause_verb(reader, index)
            if verb is None:
                continue
            readings = reader.finite_readings(verb.index)
            if readings and all(a.mood == "subjunctive" for a in readings):
                word = reader.tokens[verb.index]
                described = f"{word!r} ({'; '.join(sorted({a.describe() for a in readings}))})"
                return Verdict.passed(f"{described} can only be subjunctive, in the clause after "
                                      f"{reader.tokens[index - 1]} {token!r}", described)
        for index, token in enumerate(reader.tokens):
            if token not in ("que", "qu'") or not _calqued_trigger(reader, index):
                continue
            verb = _clause_verb(reader, index)
            if verb is None or (expected and not verb.lemmas & set(expected)):
                continue
            readings = _readings_in_context(reader.finite_readings(verb.index), expected)
            word = reader.tokens[verb.index]
            trigger = f"{reader.tokens[index - 1]} {token}"
            subjunctive = [a for a in readings if a.mood == "subjunctive"]
            chosen = f"{word!r} ({'; '.join(sorted({a.describe() for a in (subjunctive or readings)}))})"
            if subjunctive:
                return Verdict.passed(f"{chosen} is subjunctive after {trigger!r}, which stands for the source's "
                                      "trigger (no French trigger: a calque or false friend)", chosen)
            return Verdict.failed(f"expected a subjunctive form after {trigger!r}, which stands for the source's "
                                  f"trigger (no French trigger: a calque or false friend); found {chosen}", chosen)
        return Verdict.not_found("a subjunctive trigger",
                                 "no subjunctive trigger (conjunction, verb or adjective + que) in the output")


def _readings_in_context(readings: list[Analysis], expected: tuple[str, ...]) -> list[Analysis]:
    """The readings of a finite verb that the clause supports: of the expected lemma if it has one,
    else of an auxiliary (*étaient* is être, not the rare étayer), else all of them."""
    of_expected = [a for a in readings if a.lemma in expected]
    if of_expected:
        return of_expected
    auxiliaries = {a.lemma for a in readings if a.pos == "aux"}
    if auxiliaries:
        return [a for a in readings if a.lemma in auxiliaries]
    return readings


def _triggers(reader: SentenceReader) -> list[Trigger]:
    tokens = reader.tokens
    found: list[Trigger] = []
    for index, token in enumerate(tokens):
        if token in ("quoique", "quoiqu'"):
            found.append(Trigger(token, index, "conjunction"))
            continue
        if token not in COMPLEMENTISERS:
            continue
        trigger = _conjunction(reader, index) or _verb_trigger(reader, index) or _predicate_trigger(reader, index)
        if trigger is not None:
            found.append(trigger)
    return found


def _conjunction(reader: SentenceReader, que: int) -> Trigger | None:
    tokens = reader.tokens
    for phrase in _CONJUNCTION_TOKENS:
        prefix = phrase[:-1]
        start = que - len(prefix)
        if start < 0 or tuple(tokens[start:que]) != prefix:
            continue
        if prefix == ("bien",) and start > 0 and (_is_verb(reader, start - 1) or tokens[start - 1] in DEGREE):
            continue  # "il sait bien que", "si bien que" (result): not the concessive conjunction
        return Trigger(" ".join(tokens[start:que + 1]), que, "conjunction")
    return None


def _verb_trigger(reader: SentenceReader, que: int) -> Trigger | None:
    tokens = reader.tokens
    index = que - 1
    through_a_ce = index >= 1 and tokens[index] == "ce" and tokens[index - 1] == "à"
    if through_a_ce:
        index -= 2
    mieux = index >= 0 and tokens[index] == "mieux"
    while index >= 0 and (tokens[index] in ("bien", "mieux", "absolument", "vraiment", "toujours", "beaucoup",
                                            "instamment", "fortement", "donc", "aussi")):
        index -= 1
    if index < 0 or not _is_verb(reader, index):
        return None
    lemmas = {a.lemma for a in reader.readings(index) if a.pos in ("verb", "aux")}
    if mieux and "valoir" in lemmas:
        return Trigger(" ".join(tokens[index:que + 1]), que, "verb")
    if "pouvoir" in lemmas and index >= 1 and tokens[index - 1] in ("se", "s'"):
        return Trigger(" ".join(tokens[index - 1:que + 1]), que, "verb")
    for lemma in sorted(lemmas & SUBJUNCTIVE_VERBS):
        if lemma in VERBS_WITH_A_CE_QUE and not through_a_ce and lemma != "attendre":
            continue
        return Trigger(" ".join(tokens[index:que + 1]), que, "verb")
    return None


def _predicate_trigger(reader: SentenceReader, que: int) -> Trigger | None:
    tokens = reader.tokens
    index = que - 1
    if index < 0:
        return None
    lemmas = {a.lemma for a in reader.readings(index) if a.pos in ("adj", "noun", "verb")} | {tokens[index]}
    if not lemmas & SUBJUNCTIVE_PREDICATES:
        return None
    frame = index - 1
    while frame >= 0 and tokens[frame] not in _BOUNDARIES and (_is_adverb_only(reader, frame)
                                                               or tokens[frame] in DEGREE
                                                               or tokens[frame] in INTENSIFIERS):
        if tokens[frame] in DEGREE:
            return None  # "plus important que", "si content qu'il a …": not a trigger
        frame -= 1
    opens_clause = frame < 0 or tokens[frame] in _BOUNDARIES  # "Dommage que …"
    if not opens_clause and tokens[frame] not in _FRAME_WORDS and not any(
            a.lemma in _PREDICATE_FRAMES and a.pos in ("verb", "aux") for a in reader.readings(frame)):
        return None  # "la femme heureuse que je connais": a relative clause, not a trigger
    first = index if opens_clause else frame
    return Trigger(" ".join(tokens[first:que + 1]), que, "predicate")


# Words that govern an indicative que-clause in French (left to a human when they stand for the trigger:
# another construction, not a calque of it).
INDICATIVE_GOVERNORS = frozenset({
    "probable", "certain", "sûr", "évident", "clair", "vrai", "visible", "manifeste", "exact", "convaincu",
    "persuadé", "assuré", "donné", "vu", "sachant", "espérant", "pensant", "croyant", "conscient", "certes",
    "alors", "ainsi", "tandis", "pendant", "lors", "dès", "après", "depuis", "puisque", "parce", "tant",
})


def _calqued_trigger(reader: SentenceReader, que: int) -> bool:
    """Whether the word before *que* is an adjective or participle (or a bare noun after *être*) standing
    where a trigger should, and no
    French trigger: after a verb, a copula or a comma (*il viendra fourni que*, *il est malchanceux que*),
    not after a noun (*la voiture rouge que …*: a relative) nor a degree word (*plus heureux que*), and not
    a word that governs the indicative (*certain que*, *étant donné que*)."""
    word = que - 1
    if word < 1 or reader.tokens[word] in INDICATIVE_GOVERNORS or reader.tokens[word - 1] in DEGREE:
        return False
    after_copula = any(a.lemma == "être" for a in reader.finite_readings(word - 1))
    if not (any(a.pos == "adj" or a.mood == "participle" for a in reader.readings(word))
            or after_copula and reader.has_pos(word, "noun")) or reader.has_pos(word, "adv", "conj", "prep"):
        return False  # "il sait bien que": an adverb; "il est malchanceux que": a bare predicate noun
    if any(a.pos in ("verb", "aux") and a.mood in ("indicative", "subjunctive", "conditional", "imperative")
           for a in reader.readings(word)):
        return False
    before = word - 1
    while before > 0 and (_is_adverb_only(reader, before) or reader.tokens[before] in INTENSIFIERS):
        before -= 1
    return reader.tokens[before] == "," or (
        any(a.pos in ("verb", "aux") and a.mood is not None for a in reader.readings(before))
        and not reader.is_nominal_context(before))


def _is_verb(reader: SentenceReader, index: int) -> bool:
    return any(a.pos in ("verb", "aux") and a.mood is not None for a in reader.readings(index)) \
        and not reader.is_nominal_context(index)


def _is_adverb_only(reader: SentenceReader, index: int) -> bool:
    readings = reader.readings(index)
    return bool(readings) and all(a.pos == "adv" for a in readings)


def _clause_verb(reader: SentenceReader, que: int) -> ClauseVerb | None:
    """The finite verb of the clause after the complementiser, past its subject and clitics."""
    tokens = reader.tokens
    start = que + 1
    if start < len(tokens) and tokens[start] not in _SUBJECT_PRONOUNS and tokens[start] not in NEGATION:
        if tokens[start] in DETERMINERS:
            phrase = reader.noun_phrase(start)
            if phrase is not None:
                start = phrase.end
        elif start + 1 < len(tokens) and (reader.finite_readings(start + 1) or tokens[start + 1] in NEGATION
                                          or tokens[start + 1] in OBJECT_CLITICS):
            start += 1  # a name, possibly with a verb reading (Marie), before the verb
    index = reader.first_finite_verb(start)
    if index is None or any(t in _BOUNDARIES - {","} for t in tokens[que:index]):
        return None
    lemmas = {a.lemma for a in reader.finite_readings(index)}
    probe = index + 1
    while probe < len(tokens) and probe - index <= 4 and tokens[probe] not in _BOUNDARIES:
        token = tokens[probe]
        readings = reader.readings(probe)
        if token in NEGATION or token in OBJECT_CLITICS or token in ("à", "de", "d'") or _is_adverb_only(reader, probe):
            probe += 1
            continue
        verbal = {a.lemma for a in readings if a.pos in ("verb", "aux") and a.mood in ("participle", "infinitive")}
        if not verbal:
            break
        lemmas |= verbal
        probe += 1
    return ClauseVerb(index, frozenset(lemmas))
