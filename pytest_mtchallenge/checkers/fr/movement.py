"""The ``movement`` family: English manner-of-movement verbs with a path, rendered as French path verb + manner."""
from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.fr import FrenchChecker, TokenizedPhrases
from pytest_mtchallenge.languages.fr.reader import DETERMINERS, SentenceReader, tokenize
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"path", "manner", "manner_verbs", "manner_words", "nonce", "literal"}

# Prepositions that carry the path when a manner verb heads the clause (nager à travers, courir dans).
PATH_PREPOSITIONS = frozenset({"dans", "hors", "vers", "sur", "par", "à", "au", "aux", "de", "du", "des", "d'",
                               "en", "depuis", "sous", "outre", "jusqu'", "jusque", "travers", "au-delà"})
# A goal in jusqu'à (nager jusqu'à la rive) may be acceptable French: left to a human.
GOAL_PREPOSITIONS = frozenset({"jusqu'", "jusque"})
# Words of speed or haste: close to a manner of running, for a human to weigh.
SPEED_WORDS = frozenset({"vite", "rapidement", "précipitamment", "hâtivement", "hâte", "vitesse", "allure",
                         "trombe", "galop", "enjambée", "précipitation", "empressement"})
# Verbs and nouns of movement (displacement, path or manner): an output with none of them, nor the item's
# path or manner verbs, renders no movement at all (John a joué de la guitare à San Francisco).
MOTION_LEMMAS = frozenset({
    "aller", "venir", "arriver", "partir", "entrer", "rentrer", "sortir", "monter", "descendre", "passer", "traverser",
    "franchir", "quitter", "gagner", "rejoindre", "regagner", "rallier", "atteindre", "parvenir", "rendre",
    "diriger", "approcher", "éloigner", "avancer", "reculer", "revenir", "retourner", "repartir", "fuir", "enfuir",
    "échapper", "sauver", "filer", "foncer", "précipiter", "ruer", "élancer", "courir", "nager", "marcher",
    "voyager", "circuler", "rouler", "voler", "galoper", "sauter", "bondir", "grimper", "escalader", "pénétrer",
    "débouler", "détaler", "déguerpir", "accourir", "parcourir", "cheminer", "errer", "promener", "déplacer",
    "engouffrer", "surgir", "jaillir", "émerger", "dévaler", "plonger", "glisser", "ramper", "tomber", "mouvoir",
    "irruption", "entrée", "sortie", "départ", "arrivée", "trajet", "voyage", "chemin", "route", "fuite",
    "traversée", "course", "nage", "marche", "périple", "déplacement", "itinéraire", "parcours",
})
REFLEXIVE_CLITICS = frozenset({"se", "s'", "me", "m'", "te", "t'", "nous", "vous"})
CLITICS = REFLEXIVE_CLITICS | {"le", "la", "l'", "les", "lui", "leur", "y", "en"}
_DE = frozenset({"de", "d'"})
_FINITE_OR_BARE = frozenset({"indicative", "subjunctive", "conditional", "imperative", "infinitive", "participle"})


def _words(value: object, name: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) or not all(
            isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{name} must be a list of non-empty strings")
    return tuple(v.strip().lower() for v in value)


@dataclass(frozen=True, slots=True)
class PathWord:
    """A path lemma as the item gives it: *traverser*, or a pronominal verb *se rendre* (reflexive)."""

    lemma: str
    reflexive: bool
    text: str


def _path_words(values: tuple[str, ...]) -> tuple[PathWord, ...]:
    words = []
    for value in values:
        parts = tokenize(value)
        reflexive = len(parts) > 1 and parts[0] in ("se", "s'")
        words.append(PathWord(parts[-1], reflexive, value))
    return tuple(words)


@dataclass(frozen=True, slots=True)
class Found:
    """A word or phrase found in the output, by token span."""

    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class MovementParams(FamilyParams):
    """The path words, the manner adjuncts (tokenised), the manner's verbs and words, the nonce
    stems and the misreadings, all lowercased."""

    path: tuple[str, ...]  # as the item gives them: check reads each as a PathWord
    manner: TokenizedPhrases = ()
    manner_verbs: frozenset[str] = frozenset()
    manner_words: frozenset[str] = frozenset()
    nonce: tuple[str, ...] = ()
    literal: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> MovementParams:
        check_keys(mapping, _PARAMS, ("path",))
        path = _words(mapping["path"], "path")
        if not path:
            raise ValueError("path must name at least one path verb")
        lists = {key: _words(mapping[key], key) if key in mapping else () for key in sorted(_PARAMS - {"path"})}
        return cls(path, tuple(tuple(tokenize(p)) for p in lists["manner"]),
                   frozenset(lists["manner_verbs"]), frozenset(lists["manner_words"]), lists["nonce"],
                   frozenset(lists["literal"]))


class MovementChecker(FrenchChecker):
    """*swim across X* → *traverser X à la nage*: a path verb with a manner adjunct, not *nager à travers X*.

    Parameters (from the source sentence):

    - ``path``: lemmas of French verbs (or nouns) that express the path (*traverser, entrer, sortir,
      se rendre …*; ``se`` marks a pronominal verb).
    - ``manner``: manner adjuncts as phrases (*à la nage, au pas de course*); determiners match any
      determiner (*en jouant de la / sa guitare*).
    - ``manner_verbs``: lemmas of the manner verb (*nager, courir*): *en* + its gerund is a manner
      adjunct; the verb itself heading the clause with a path preposition is the error.
    - ``manner_words``: other words of the manner (*nage, guitare*): *en* + gerund followed by one
      of them is a manner adjunct (*en grattant sa guitare*).
    - ``nonce``: stems of a calqued nonce verb (*guit* for *guitared*): a word on that stem that the
      lexicon does not know as a noun or adjective fails.
    - ``literal``: lemmas of a misreading of the source (*manquer* for *run out of*): fail.

    Pass: a path word and a manner adjunct. Fail: a nonce or literal word; the manner verb heading
    the clause with a path preposition and no path verb; a path word with no trace of the manner; no
    verb or noun of movement at all (a closed list: *aller, venir, entrer, sortir, se précipiter, faire
    irruption, courir, nager …*), so that the movement is lost (*John a joué de la guitare à San
    Francisco*, *l'homme est à court du parc*). Anything else (a goal in *jusqu'à*, words of speed, the
    manner word in another construction, another verb of movement) is undecided.

    A pass needs the mover to be the source's (:meth:`FrenchChecker.same_subject`): *Marie aimerait
    traverser la Manche à la nage* for *John would like to swim across the river* fails, *Les enfants
    sont entrés dans la cuisine en courant* for *They ran into the room* (a noun phrase for the
    reference's *ils*) is left to a human.
    """

    name = "movement"
    # 2: a construction not found in a broken output fails (Verdict.not_found)
    # 3: an output with no verb or noun of movement at all fails
    # 4: the mover (the clause's subject) must be the reference's (FrenchChecker.same_subject, issue 23, 5)
    version = "4"
    description = "Manner-of-movement verbs: path verb + manner adjunct (traverser à la nage)"
    Params = MovementParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        tokens = reader.tokens
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = MovementParams.of(item)
        # read here, as before: a path word without a token (a lone '-') errs when judged, not at load
        path, manner, nonce = _path_words(params.path), params.manner, params.nonce
        manner_verbs, manner_words, literal = params.manner_verbs, params.manner_words, params.literal

        for index, token in enumerate(tokens):
            if any(token.startswith(stem) for stem in nonce) and not any(
                    a.pos in ("noun", "adj") for a in reader.readings(index)):
                return Verdict.failed(f"{token!r} is a nonce verb calqued on the English source: French needs a "
                                      "path verb with a manner adjunct", token)
        for index, token in enumerate(tokens):
            lemma = _lemma_in(reader, index, literal, verbal=True)
            if lemma is not None:
                return Verdict.failed(f"{token!r} ({lemma}) renders another meaning of the source verb: the "
                                      "movement is lost", token)

        adjunct = _manner_adjunct(reader, manner, manner_verbs, manner_words)
        path_found = _path(reader, path)
        heading = _manner_heading(reader, manner_verbs)
        if heading is not None:
            verb, preposition = heading
            if preposition is not None and preposition.text.split()[0] not in GOAL_PREPOSITIONS \
                    and path_found is None:
                return Verdict.failed(
                    f"the manner verb {verb.text!r} heads the clause and the path is left to the preposition "
                    f"{preposition.text!r}: French expresses the path with a verb and the manner with an "
                    "adjunct", verb.text, preposition.text)
            if preposition is not None and path_found is None:
                return Verdict.undecided(f"the manner verb {verb.text!r} with a goal in {preposition.text!r}: "
                                         "left to a human")
        if path_found is not None and adjunct is not None:
            return self.same_subject(
                Verdict.passed(f"{path_found.text!r} expresses the path and {adjunct.text!r} the manner",
                               path_found.text, adjunct.text),
                item=item, output=output, role="mover (the subject of the path verb)")
        if path_found is not None and adjunct is None:
            traces = [t for i, t in enumerate(tokens)
                      if _lemma_in(reader, i, manner_words | manner_verbs | SPEED_WORDS, verbal=False) is not None
                      or t in SPEED_WORDS]
            for index in range(len(tokens)):
                gerund = _gerund_after_en(reader, index)
                if gerund is not None:
                    traces.append(" ".join(tokens[index:gerund + 1]))
            if not traces:
                return Verdict.failed(f"{path_found.text!r} expresses the path but nothing expresses the manner of "
                                      "the movement", path_found.text)
            return Verdict.undecided(f"{path_found.text!r} expresses the path; the manner is only suggested by "
                                     f"{', '.join(repr(t) for t in traces)}: left to a human")
        if heading is None and adjunct is None and not any(
                _moves(reader, i, MOTION_LEMMAS | manner_verbs) for i in range(len(tokens))):
            kept = [t for i, t in enumerate(tokens) if _lemma_in(reader, i, manner_words, verbal=False) is not None]
            what = f"only the manner ({', '.join(repr(t) for t in kept)}) is kept" if kept else "nothing moves"
            return Verdict.failed(f"no verb or noun of movement in the output: {what}, the movement is lost",
                                  *kept)
        return Verdict.not_found("a path verb of the item", "no path verb of the item in the output: left to a human")


def _lemma_in(reader: SentenceReader, index: int, lemmas: Set[str], *, verbal: bool) -> str | None:
    if not lemmas:
        return None
    if verbal and reader.is_nominal_context(index):
        return None
    for analysis in reader.readings(index):
        if analysis.lemma in lemmas and (not verbal or analysis.pos in ("verb", "aux")):
            return analysis.lemma
    return reader.tokens[index] if reader.tokens[index] in lemmas and not verbal else None


def _moves(reader: SentenceReader, index: int, lemmas: Set[str]) -> bool:
    """Whether the word is a noun of ``lemmas`` or a verb of them outside a nominal context (*à court de*:
    not *courir*)."""
    verbal = not reader.is_nominal_context(index)
    return any(a.lemma in lemmas and (a.pos == "noun" or verbal and a.pos in ("verb", "aux"))
               for a in reader.readings(index))


def _same_word(pattern: str, token: str) -> bool:
    if pattern == token:
        return True
    if pattern in _DE and token in _DE:
        return True
    return pattern in DETERMINERS and token in DETERMINERS and pattern not in _DE and token not in _DE


def _manner_adjunct(reader: SentenceReader, phrases: tuple[tuple[str, ...], ...], manner_verbs: Set[str],
                    manner_words: Set[str]) -> Found | None:
    tokens = reader.tokens
    for start in range(len(tokens)):
        for phrase in phrases:
            end = start + len(phrase)
            if phrase and end <= len(tokens) and all(_same_word(p, t) for p, t in zip(phrase, tokens[start:end])):
                return Found(start, end, " ".join(tokens[start:end]))
        gerund = _gerund_after_en(reader, start)
        if gerund is None:
            continue
        gerunds = {a.lemma for a in reader.readings(gerund) if a.mood == "gerund"}
        if gerunds & manner_verbs:
            return Found(start, gerund + 1, " ".join(tokens[start:gerund + 1]))
        if gerunds:
            for index in range(gerund + 1, min(gerund + 5, len(tokens))):
                if _lemma_in(reader, index, manner_words, verbal=False) is not None:
                    return Found(start, index + 1, " ".join(tokens[start:index + 1]))
    return None


def _gerund_after_en(reader: SentenceReader, index: int) -> int | None:
    """The gerund of "en [clitic] V-ant" starting at ``index`` (en nageant, en se précipitant), if any."""
    tokens = reader.tokens
    if tokens[index] != "en":
        return None
    probe = index + 1
    if probe < len(tokens) and tokens[probe] in CLITICS:
        probe += 1
    if probe < len(tokens) and any(a.mood == "gerund" for a in reader.readings(probe)):
        return probe
    return None


def _path(reader: SentenceReader, path: tuple[PathWord, ...]) -> Found | None:
    tokens = reader.tokens
    for index in range(len(tokens)):
        readings = reader.readings(index)
        for word in path:
            verbal = any(a.lemma == word.lemma and a.pos in ("verb", "aux") and a.mood != "gerund"
                         for a in readings) and not reader.is_nominal_context(index)
            nominal = any(a.lemma == word.lemma and a.pos == "noun" for a in readings)
            if not (verbal or nominal):
                continue
            if word.reflexive and not any(t in REFLEXIVE_CLITICS for t in tokens[max(0, index - 3):index]):
                continue
            return Found(index, index + 1, tokens[index])
    return None


def _manner_heading(reader: SentenceReader, manner_verbs: Set[str]) -> tuple[Found, Found | None] | None:
    """The manner verb heading a clause (not its gerund, not the noun) and the preposition after it."""
    tokens = reader.tokens
    for index in range(len(tokens)):
        if not any(a.lemma in manner_verbs and a.pos == "verb" and a.mood in _FINITE_OR_BARE
                   for a in reader.readings(index)):
            continue
        if reader.is_nominal_context(index) or (index > 0 and tokens[index - 1] == "en"):
            continue
        probe = index + 1
        while probe < len(tokens) and all(a.pos == "adv" for a in reader.readings(probe)) \
                and reader.readings(probe) and tokens[probe] not in PATH_PREPOSITIONS:
            probe += 1
        preposition: Found | None = None
        if probe < len(tokens) and tokens[probe] in PATH_PREPOSITIONS:
            following = tokens[probe + 1] if probe + 1 < len(tokens) else ""
            pairs = (tokens[probe] == "à" and following == "travers") or (
                tokens[probe] in GOAL_PREPOSITIONS and following in ("à", "au", "aux", "dans", "en"))
            end = probe + 2 if pairs else probe + 1
            preposition = Found(probe, end, " ".join(tokens[probe:end]))
        return Found(index, index + 1, tokens[index]), preposition
    return None
