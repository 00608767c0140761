"""The ``clitic`` family: object pronouns as French clitics before the verb (*il ne le lui a pas donné*)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.fr import FrenchChecker, TokenizedPhrases, tokenized_phrases
from pytest_mtchallenge.languages.fr.reader import (
    CE,
    FINITE_MOODS,
    NEGATION,
    OBJECT_CLITICS,
    PRONOUNS,
    STRONG_PRONOUNS,
    SUBJECT_CLITICS,
    SentenceReader,
    join_words,
    readings,
)
from pytest_mtchallenge.languages.fr.lexicon import Analysis
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"clitics", "or_noun", "reciprocal"}

# Citation forms of the object clitics and their rank in the French pre-verbal order:
# ne + me/te/se/nous/vous + le/la/les + lui/leur + y + en + verb.
CLITIC_RANK: dict[str, int] = {"me": 1, "te": 1, "se": 1, "nous": 1, "vous": 1, "le": 2, "la": 2, "les": 2,
                               "lui": 3, "leur": 3, "y": 4, "en": 5}
ELIDED: dict[str, str] = {"m'": "me", "t'": "te", "s'": "se"}
DATIVE = frozenset({"lui", "leur"})
NE = frozenset({"ne", "n'"})
SUBJECT_PRONOUNS = SUBJECT_CLITICS | CE
# Words that replace an object pronoun without being one: a paraphrase, left to a human.
PRONOUN_SUBSTITUTES = frozenset({"ça", "cela", "ceci", "celui", "celle", "ceux", "celles", "rien", "tout",
                                 "quelque", "quelqu'un", "personne"})
QUANTIFIERS = frozenset({"aucun", "aucune", "beaucoup", "peu", "assez", "plusieurs", "trop", "tant", "autant",
                         "nul", "nulle"})
DETERMINER_WORDS = frozenset({"le", "la", "l'", "les", "un", "une", "des", "du", "de", "d'", "mon", "ton", "son",
                              "ma", "ta", "sa", "mes", "tes", "ses", "notre", "votre", "leur", "nos", "vos", "leurs",
                              "ce", "cet", "cette", "ces", "aucun", "aucune", "quelques", "plusieurs"})
# Auxiliaries: a clitic goes before them, never between them and the participle or infinitive.
AUXILIARIES = frozenset({"avoir", "être"})
PREPOSITIONS_OF_INFINITIVE = frozenset({"de", "d'", "à", "pour", "sans", "par", "avant", "après"})
# Verbs whose dative complement is a strong pronoun after à (penser à elle, s'adresser à eux).
A_STRONG_VERBS = frozenset({"penser", "songer", "tenir", "rêver", "faire", "venir", "aller", "courir", "être"})


def _slots(value: object) -> tuple[tuple[str, ...], ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not value:
        raise ValueError("clitics must be a non-empty list of clitic slots (a clitic or a list of alternatives)")
    slots: list[tuple[str, ...]] = []
    for position, slot in enumerate(value):
        forms = [slot] if isinstance(slot, str) else slot
        if not isinstance(forms, Sequence) or not forms or not all(isinstance(f, str) for f in forms):
            raise ValueError(f"clitics[{position}] must be a clitic or a non-empty list of alternative clitics")
        citation = tuple(dict.fromkeys(form.strip().lower() for form in forms))
        unknown = sorted(set(citation) - set(CLITIC_RANK))
        if unknown:
            raise ValueError(f"clitics[{position}] has {unknown[0]!r}, not an object clitic "
                             f"(known: {', '.join(CLITIC_RANK)})")
        slots.append(citation)
    return tuple(slots)


def citation(token: str) -> str:
    """The citation form of a clitic token: ``l'`` is *le* (or *la*), ``s'`` is *se*."""
    if token == "l'":
        return "le"
    return ELIDED.get(token, token)


def _matches(token: str, slot: tuple[str, ...]) -> bool:
    if token == "l'":
        return "le" in slot or "la" in slot
    return citation(token) in slot


@dataclass(frozen=True, slots=True)
class CliticParams(FamilyParams):
    """The clitic slots (each its alternatives, citation forms), the nouns whose repetition is
    accepted (each phrase's last token) and the reciprocal phrases, tokenised."""

    clitics: tuple[tuple[str, ...], ...]
    or_noun: frozenset[str] = frozenset()
    reciprocal: TokenizedPhrases = ()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> CliticParams:
        check_keys(mapping, _PARAMS, {"clitics": "the clitic slots the translation needs, in French order"})
        slots = _slots(mapping["clitics"])
        nouns = frozenset(phrase[-1] for phrase in tokenized_phrases(mapping.get("or_noun"), "or_noun"))
        return cls(slots, nouns, tokenized_phrases(mapping.get("reciprocal"), "reciprocal"))


@dataclass(frozen=True, slots=True)
class Cluster:
    """Object clitics standing before a verb: their token positions and the verb that hosts them."""

    clitics: tuple[int, ...]
    host: int
    after_auxiliary: bool  # the host is an infinitive or participle right after a finite avoir/être


class CliticChecker(FrenchChecker):
    """Object pronouns cliticised before the finite verb (or the auxiliary) in the French order.

    Parameters (from the source sentence):

    - ``clitics``: the clitic slots the translation needs, in French order; each slot is a clitic
      or a list of alternatives given in citation form (elided forms are implied): ``[en]``,
      ``[leur]``, ``[[le, la]]``, ``[[le, la], lui]``, ``[se]``.
    - ``or_noun``: nouns whose repetition in place of the pronoun is accepted (*il n'avait pas
      d'argent* for *he did not have any [money]*).
    - ``reciprocal``: phrases that must accompany *se* to make it reciprocal rather than reflexive
      (*l'un l'autre*, *les uns les autres*, *mutuellement*); a verb prefixed *entre-* counts too.

    A clitic after the auxiliary or between the auxiliary and the infinitive (*il n'a pas leur
    parler*), after the verb, or in the wrong order (*lui le*) fails; so does a missing clitic, or a
    strong pronoun after *à* in its place (*il ne l'a pas donné à elle*). A missing clitic whose
    place is taken by a noun phrase or a demonstrative (a paraphrase) is left to a human. Before a
    present participle a clitic is in its place, even after a form of *être* (*sont se regardant*,
    the English progressive calqued).

    A pass needs the clause's subject to be the reference's (:meth:`FrenchChecker.same_subject`):
    *Nous ne leur parlions pas* for *Il ne leur parlait pas* fails (another person), *Les femmes se
    regardent l'une l'autre* for *Les hommes se surveillent l'un l'autre* is left to a human. It rests on
    the verb the clitics are the objects of (``Verdict.content``; the participle after an auxiliary host):
    the judge asks whether it renders the source's (*Il ne leur écrivait pas* for *He did not talk to
    them* is left to a human).
    """

    name = "clitic"
    description = "Object pronouns cliticised before the verb, in the French order"
    # 3: a construction not found in a broken output fails (Verdict.not_found); earlier: reformed spellings
    # (connait) read; an output without a word is not applicable
    # 4: a participle that lost its auxiliary carries the clitics before it
    # 5: a present participle after être hosts its own clitics (sont se regardant); reciprocal phrases in the
    # feminine (les unes les autres)
    # 6: the subject of the clitics' verb must be the reference's (FrenchChecker.same_subject, issue 23, 5)
    # 7: a pass rests on the clitics' verb (Verdict.content), which the judge compares with the source
    version = "7"
    Params = CliticParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        params = CliticParams.of(item)
        slots, nouns, reciprocal = params.clitics, params.or_noun, params.reciprocal
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        expected = "expected the clitic" + ("s " if len(slots) > 1 else " ") + " + ".join(
            "/".join(slot) for slot in slots) + " before the verb"
        clusters = self.clusters(reader)

        best: tuple[Cluster, list[int]] | None = None
        for cluster in clusters:
            matched = self._match(reader, cluster, slots)
            if best is None or len(matched) > len(best[1]):
                best = (cluster, matched)
        if best is not None and len(best[1]) == len(slots):
            return self.same_subject(self._judge_complete(reader, best[0], best[1], expected, reciprocal),
                                     item=item, output=output, role="subject of the clitics' verb")

        if nouns and self._repeated(reader, nouns) >= 2:
            noun = next(t for t in reader.tokens if t in nouns or self._noun_lemmas(reader, t) & nouns)
            return Verdict.passed(f"the noun {noun!r} is repeated in place of the pronoun, which is accepted", noun)

        misplaced = self._misplaced(reader, slots)
        if misplaced:
            return Verdict.failed(f"{expected}; found {misplaced}", misplaced)

        present = best[1] if best is not None else []
        missing = [slot for position, slot in enumerate(slots) if position not in present]
        found = ""
        if best is not None and present:
            found = f"found {self._cluster_text(reader, best[0])!r}, but "
        missing_text = " + ".join("/".join(slot) for slot in missing)

        if any(set(slot) & DATIVE for slot in missing):
            strong = self._strong_pronoun(reader)
            if strong is not None:
                text, host_has_se = strong
                if host_has_se:
                    return Verdict.undecided(f"{expected}; found the strong pronoun {text!r} after a verb that takes "
                                             "one (a reflexive verb, or penser/songer/tenir à …)", text)
                return Verdict.failed(f"{expected}; {found}with the strong pronoun {text!r} instead of the clitic "
                                      f"{missing_text}", text)
        if any("se" in slot for slot in missing) and reciprocal:
            phrase = self._reciprocal_phrase(reader, reciprocal)
            return Verdict.failed(f"{expected}; {found}no reflexive clitic se before the verb"
                                  + (f" (only {phrase!r})" if phrase else ""), *(p for p in [phrase] if p))
        if reader.first_finite_verb(0) is None and not clusters:
            return Verdict.not_found("a verb carrying the clitic", f"{expected}; found no verb to carry the clitic")
        substitute = self._substitute(reader, missing)
        if substitute is not None:
            return Verdict.undecided(f"{expected}; {found}the pronoun seems paraphrased by {substitute!r}",
                                     substitute)
        return Verdict.failed(f"{expected}; {found}the clitic {missing_text} is missing", missing_text)

    # -- reading clusters ------------------------------------------------------------------------

    def clusters(self, reader: SentenceReader) -> list[Cluster]:
        """Runs of object clitics (with ne) directly before a verb, read as pre-verbal clitics."""
        tokens = reader.tokens
        found: list[Cluster] = []
        index = 0
        while index < len(tokens):
            if tokens[index] not in OBJECT_CLITICS and tokens[index] not in NE:
                index += 1
                continue
            start = index
            while index < len(tokens) and (tokens[index] in OBJECT_CLITICS or tokens[index] in NE):
                index += 1
            host = index
            negated = [i for i in range(start, host) if tokens[i] in NE]
            if negated:
                start = negated[0]  # before ne, lui/nous/vous are strong or subject pronouns: "lui n'en avait"
            run = [i for i in range(start, host) if tokens[i] not in NE]
            if host >= len(tokens) or not run:
                continue
            run = self._drop_subject(reader, start, run)
            moods = {a.mood for a in _verb_readings(reader, host)}
            finite = any(a.mood in FINITE_MOODS for a in _verb_readings(reader, host))
            if run and "gerund" in moods and tokens[run[0]] == "en":
                run = run[1:]  # "en leur parlant": en is the gerund's preposition
            # a participle right after subject + clitics has lost its auxiliary (*il le donné*): the
            # clitics still stand before the verb
            bare = "participle" in moods and start > 0 and tokens[start - 1] in SUBJECT_PRONOUNS - {"nous", "vous"}
            if not run or not (finite or bare or moods & {"infinitive", "gerund", "imperative"}):
                continue
            if not negated and self._determiner_reading(reader, start, run, host):
                continue  # after ne, le/la/les/leur can only be clitics
            # a present participle hosts its own clitics (*sont se regardant*, the English progressive
            # calqued: *se regardant* is in the French order); an infinitive or past participle after a
            # finite avoir / être should have them before the auxiliary
            after_auxiliary = (not finite and self._after_auxiliary(reader, start)
                               and not self._is_present_participle(reader, host))
            found.append(Cluster(tuple(run), host, after_auxiliary))
        found.extend(self._clitics_before_participles(reader, found))
        return found

    def _drop_subject(self, reader: SentenceReader, start: int, run: list[int]) -> list[int]:
        """A leading nous / vous at the start of a clause is the subject (vous vous êtes…)."""
        first = reader.tokens[run[0]]
        if first not in ("nous", "vous") or run[0] != start:
            return run
        previous = reader.tokens[start - 1] if start > 0 else ""
        if previous in SUBJECT_PRONOUNS or (previous and reader.has_pos(start - 1, "noun")):
            return run
        return run[1:]

    def _determiner_reading(self, reader: SentenceReader, start: int, run: list[int], host: int) -> bool:
        """``la porte``, ``leur parler``: a determiner before a noun rather than a clitic before a verb."""
        if not all(reader.tokens[i] in DETERMINER_WORDS for i in run) or len(run) > 1:
            return False
        if not reader.has_pos(host, "noun"):
            return False
        previous = reader.tokens[start - 1] if start > 0 else ""
        if previous in SUBJECT_PRONOUNS or previous in NE or previous in OBJECT_CLITICS:
            return False
        if previous in PREPOSITIONS_OF_INFINITIVE or previous in NEGATION:
            return not any(a.mood == "infinitive" for a in reader.readings(host))
        if start > 0 and (reader.finite_readings(start - 1) or reader.has_pos(start - 1, "verb", "aux")):
            # a verb before: "regarde la porte" (determiner) versus "veut le voir" (clitic + infinitive)
            return not any(a.mood == "infinitive" for a in reader.readings(host))
        if start > 0 and reader.has_pos(start - 1, "noun") and reader.finite_readings(host):
            return False  # "l'homme le voit"
        return start == 0 or reader.tokens[start - 1] in (",", "et", "mais", "ou")

    @staticmethod
    def _is_present_participle(reader: SentenceReader, index: int) -> bool:
        verbal = {a.mood for a in reader.readings(index) if a.pos in ("verb", "aux")}
        return verbal == {"gerund"}

    def _after_auxiliary(self, reader: SentenceReader, start: int) -> bool:
        probe = start - 1
        while probe >= 0 and (reader.tokens[probe] in NEGATION or reader.is_adverb(probe)):
            probe -= 1
        return probe >= 0 and any(a.lemma in AUXILIARIES for a in reader.finite_readings(probe))

    def _clitics_before_participles(self, reader: SentenceReader, clusters: list[Cluster]) -> list[Cluster]:
        """``il a le donné``: a clitic between a finite auxiliary and its participle."""
        taken = {i for c in clusters for i in c.clitics}
        found = []
        for index in range(1, len(reader.tokens) - 1):
            token = reader.tokens[index]
            if token not in OBJECT_CLITICS or index in taken or token in ("nous", "vous"):
                continue
            following = reader.readings(index + 1)
            participle = any(a.mood == "participle" and a.pos in ("verb", "aux") for a in following)
            determiner_like = token in ("le", "la", "l'", "les") and reader.has_pos(index + 1, "noun")
            if participle and not determiner_like and self._after_auxiliary(reader, index):
                found.append(Cluster((index,), index + 1, True))
        return found

    def _match(self, reader: SentenceReader, cluster: Cluster, slots: tuple[tuple[str, ...], ...]) -> list[int]:
        """The positions of the slots found in the cluster, each once."""
        matched = []
        used: set[int] = set()
        for position, slot in enumerate(slots):
            for index in cluster.clitics:
                if index not in used and _matches(reader.tokens[index], slot):
                    matched.append(position)
                    used.add(index)
                    break
        return matched

    def _cluster_text(self, reader: SentenceReader, cluster: Cluster) -> str:
        start = min(cluster.clitics)
        while start > 0 and reader.tokens[start - 1] in NE:
            start -= 1
        return join_words(reader.tokens[start : cluster.host + 1])

    # -- judging -------------------------------------------------------------------------------

    def _judge_complete(self, reader: SentenceReader, cluster: Cluster, matched: list[int], expected: str,
                        reciprocal: tuple[tuple[str, ...], ...]) -> Verdict:
        text = self._cluster_text(reader, cluster)
        host = reader.tokens[cluster.host]
        if cluster.after_auxiliary:
            return Verdict.failed(f"{expected}; found {text!r}: the clitic stands after the auxiliary, before "
                                  f"the {'participle' if self._is_participle(reader, cluster.host) else 'infinitive'}"
                                  f" {host!r}, instead of before the auxiliary", text)
        ranks = [CLITIC_RANK.get(citation(reader.tokens[i]), 0) for i in cluster.clitics]
        if ranks != sorted(ranks):
            return Verdict.failed(f"{expected}; found {text!r}: the clitics are not in the French order "
                                  "(me/te/se/nous/vous, le/la/les, lui/leur, y, en)", text)
        if reciprocal:
            phrase = self._reciprocal_phrase(reader, reciprocal)
            if phrase is None and not host.startswith("entre"):
                markers = ", ".join(repr(join_words(p)) for p in reciprocal)
                return Verdict.failed(f"expected se with a reciprocal marker ({markers}); found {text!r} alone, "
                                      "which also reads as reflexive", text)
            if phrase is not None:
                text = f"{text} … {phrase}"
        verbs = sorted(_verb_readings(reader, cluster.host), key=lambda a: (a.pos != "aux", a.mood != "indicative"))
        described = f" ({verbs[0].describe()})" if verbs else ""
        return Verdict.passed(f"found the clitic{'s' if len(matched) > 1 else ''} in {text!r} before the verb "
                              f"{host!r}{described}", text).resting_on(reader.lexical_word(cluster.host))

    def _is_participle(self, reader: SentenceReader, index: int) -> bool:
        return any(a.mood == "participle" for a in reader.readings(index))

    def _reciprocal_phrase(self, reader: SentenceReader, phrases: tuple[tuple[str, ...], ...]) -> str | None:
        """The first reciprocal phrase in the output; each in its feminine form too (*l'une l'autre*, *les
        unes les autres* for *l'un l'autre*, *les uns les autres*)."""
        tokens = reader.tokens
        feminine = {"un": "une", "uns": "unes"}
        phrases = tuple(dict.fromkeys(
            variant for phrase in phrases for variant in (phrase, tuple(feminine.get(t, t) for t in phrase))))
        for phrase in phrases:
            for start in range(len(tokens) - len(phrase) + 1):
                if tuple(tokens[start : start + len(phrase)]) == phrase:
                    return join_words(phrase)
        return None

    def _noun_lemmas(self, reader: SentenceReader, token: str) -> set[str]:
        return {a.lemma for a in readings(reader.lexicon, token) if a.pos == "noun"}

    def _repeated(self, reader: SentenceReader, nouns: Set[str]) -> int:
        return sum(1 for t in reader.tokens if t in nouns or self._noun_lemmas(reader, t) & nouns)

    def _misplaced(self, reader: SentenceReader, slots: tuple[tuple[str, ...], ...]) -> str | None:
        """A required clitic right after a verb, before a preposition or the end: ``il a donné le à l'homme``."""
        wanted = {form for slot in slots for form in slot} - {"nous", "vous", "en", "y"}
        tokens = reader.tokens
        for index in range(1, len(tokens)):
            if not any(_matches(tokens[index], (form,)) for form in wanted):
                continue
            previous_is_verb = any(a.pos in ("verb", "aux") and a.mood is not None for a in reader.readings(index - 1))
            if not previous_is_verb or reader.has_pos(index - 1, "noun", "det", "prep"):
                continue
            following = tokens[index + 1] if index + 1 < len(tokens) else "."
            if following in (".", "!", "?", ",", ";") or (following in ("à", "au", "aux")):
                return f"{tokens[index - 1]} {tokens[index]}: the clitic {tokens[index]!r} stands after the verb"
        return None

    def _strong_pronoun(self, reader: SentenceReader) -> tuple[str, bool] | None:
        """``à elle``, ``à eux`` after a verb; and whether that verb carries se (s'adresser à eux)."""
        tokens = reader.tokens
        for index in range(len(tokens) - 1):
            if tokens[index] == "à" and tokens[index + 1] in STRONG_PRONOUNS - {"nous", "vous"}:
                verb = self._verb_before(reader, index)
                host_has_se = False
                if verb is not None:
                    lemmas = {a.lemma for a in reader.readings(verb) if a.pos in ("verb", "aux")}
                    host_has_se = bool(lemmas & A_STRONG_VERBS) or self._reflexive_before(reader, verb)
                return f"à {tokens[index + 1]}", host_has_se
        return None

    def _verb_before(self, reader: SentenceReader, index: int) -> int | None:
        for probe in range(index - 1, -1, -1):
            if reader.has_pos(probe, "verb", "aux") and not reader.is_nominal_context(probe):
                if any(a.pos in ("verb", "aux") and a.mood is not None for a in reader.readings(probe)):
                    return probe
        return None

    def _reflexive_before(self, reader: SentenceReader, verb: int) -> bool:
        probe = verb - 1
        while probe >= 0 and (reader.tokens[probe] in OBJECT_CLITICS or reader.tokens[probe] in NEGATION
                              or reader.finite_readings(probe)):
            if citation(reader.tokens[probe]) == "se":
                return True
            probe -= 1
        return False

    def _substitute(self, reader: SentenceReader, missing: list[tuple[str, ...]]) -> str | None:
        """A noun phrase or pronoun after the last finite verb that takes the missing pronoun's place."""
        tokens = reader.tokens
        last = None
        for index in range(len(tokens)):
            if tokens[index] in PRONOUN_SUBSTITUTES or tokens[index] in DETERMINER_WORDS:
                continue  # "cela" is also a form of celer
            if reader.finite_readings(index) and not reader.is_nominal_context(index):
                last = index
        if last is None:
            return None
        accusative = any(set(slot) - DATIVE for slot in missing)
        dative = any(set(slot) & DATIVE for slot in missing)
        for index in range(last + 1, len(tokens)):
            token = tokens[index]
            if token in (".", "!", "?", ";"):
                break
            previous = tokens[index - 1]
            if token in NEGATION:
                continue
            if token in PRONOUN_SUBSTITUTES:
                return token
            if token in STRONG_PRONOUNS and previous not in ("à",) and reader.has_pos(index - 1, "prep"):
                return f"{previous} {token}"
            phrase = reader.noun_phrase(index) if token in DETERMINER_WORDS or token in QUANTIFIERS else None
            if phrase is None or phrase.head in PRONOUNS:
                continue
            text = join_words(tokens[index : phrase.end])
            if dative and (previous == "à" or token in ("au", "aux")):
                return f"à {text}" if previous == "à" else text
            if accusative and (previous in NEGATION or not reader.has_pos(index - 1, "prep")):
                return text
        return None


def _verb_readings(reader: SentenceReader, index: int) -> list[Analysis]:
    """Verb readings of a word; a verb prefixed with reciprocal *entre-* reads as its base (s'entre-regardent)."""
    token = reader.tokens[index]
    found = reader.readings(index)
    if not found and token.startswith("entre-"):
        found = readings(reader.lexicon, token.removeprefix("entre-"))
    return [a for a in found if a.pos in ("verb", "aux") and a.mood is not None]
