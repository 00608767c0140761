"""The ``finite_clause`` family: an English NP-to-VP complement rendered as a French finite clause."""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.checkers.participants import Participant
from pytest_mtchallenge.languages.fr.reader import (
    DETERMINERS, NEGATION, OBJECT_CLITICS, PRONOUNS, SUBJECT_CLITICS, SentenceReader,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"subordinators", "prepositions"}
_DEFAULT_SUBORDINATORS = ("que",)
_DEFAULT_PREPOSITIONS = ("pour", "à", "de", "afin")
_CLAUSE_END = frozenset({".", "?", "!", ";", ":"})
_PAUSES = frozenset({",", "mais", "car", "puis"})  # a finite verb after these may belong to another clause
_PREPOSITION_BEFORE_QUE = frozenset({"pour", "afin", "sans", "avant", "parce", "alors", "tandis", "pendant", "dès",
                                     "depuis", "après", "ainsi", "sorte", "façon", "manière", "moins", "plutôt"})
# Verbs that take a bare noun phrase + infinitive in French (laisser Paul partir, voir Paul venir).
_NP_INFINITIVE_VERBS = frozenset({"laisser", "faire", "voir", "entendre", "regarder", "écouter", "sentir", "envoyer",
                                  "emmener", "amener", "mener"})
# Verbs of opinion and judgement that take a noun phrase and its attribute (a small clause): *croire Bill
# malhonnête*, *tenir Bill pour malhonnête*, *juger la chose impossible*.
_ATTRIBUTE_VERBS = frozenset({"croire", "juger", "trouver", "estimer", "considérer", "tenir", "savoir", "supposer",
                              "imaginer", "déclarer", "réputer", "reconnaître", "prétendre"})
# Verbs of will and liking: with an infinitive right after them its subject is theirs (subject control).
_WILL_VERBS = frozenset({"vouloir", "souhaiter", "désirer", "préférer", "aimer", "exiger", "demander", "attendre"})
# Perception verbs: a relative after their object is a predicate of it (*je l'ai vu qui courait*).
_PERCEPTION_VERBS = frozenset({"voir", "entendre", "regarder", "écouter", "sentir", "apercevoir", "observer"})
_ADVERBS_AFTER_VERB = frozenset({"bien", "beaucoup", "vraiment", "toujours", "mieux", "tant", "fort", "tellement",
                                 "plutôt", "surtout", "aussi", "donc", "sincèrement", "fermement"})


def _words(value: object, name: str, default: tuple[str, ...]) -> tuple[str, ...]:
    if value is None:
        return default
    if (isinstance(value, Sequence) and not isinstance(value, str) and value
            and all(isinstance(v, str) and v.strip() and " " not in v.strip() for v in value)):
        return tuple(v.strip().lower() for v in value)
    raise ValueError(f"{name} must be a non-empty list of single words")


def _elided(words: tuple[str, ...]) -> frozenset[str]:
    """The words and their elided forms (que → qu', lorsque → lorsqu', de → d')."""
    forms = set(words)
    forms.update(w[:-1] + "'" for w in words if w.endswith("e"))
    return frozenset(forms)


@dataclass(frozen=True, slots=True)
class Finding:
    """One piece of evidence about the complement: a finite clause, or a wrong construction."""

    correct: bool | None  # None: unclear, for a human
    description: str
    #: The finite clause's verb (its position), whose meaning the clause renders.
    verb: int | None = None


@dataclass(frozen=True, slots=True)
class FiniteClauseParams(FamilyParams):
    """The subordinators and the calque's prepositions, each with its elided form (*qu'*, *d'*)."""

    subordinators: frozenset[str]
    prepositions: frozenset[str]

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> FiniteClauseParams:
        reject_unknown(mapping, _PARAMS)
        return cls(_elided(_words(mapping.get("subordinators"), "subordinators", _DEFAULT_SUBORDINATORS)),
                   _elided(_words(mapping.get("prepositions"), "prepositions", _DEFAULT_PREPOSITIONS)))


class FiniteClauseChecker(FrenchChecker):
    """An English *NP to VP* complement (*believe Bill to be*, *want her mother to let her*) must
    become a French finite clause: main verb + *que* + subject + finite verb.

    Parameters (from the source sentence, never from an output):

    - ``subordinators``: the words that may introduce the finite clause, ``[que]`` by default
      (``[que, quand, lorsque]`` after *aimer*: *il aimait quand son père lui racontait…*);
    - ``prepositions``: the prepositions of the word-for-word calque main verb + NP +
      preposition + infinitive (``[pour, à, de, afin]`` by default).

    The output passes when a subordinator that follows a verb (or its adverbs) opens a clause
    with a finite verb (indicative, subjunctive or conditional — the mood is not the question);
    it fails on a subordinator with no finite verb after it (*que sa mère de lui laisser*), on
    main verb + NP + preposition + infinitive (*aimait son père pour lui raconter*), on main
    verb + NP + infinitive outside perception and causative verbs (*croit Bill être*), and on a
    purpose clause in place of the complement (*aimait son père pour qu'il…*).

    A verb of opinion with a noun phrase and its attribute, a small clause, is French and passes
    (*croit Bill malhonnête*, *tient Bill pour malhonnête*). A relative clause on the noun phrase in
    place of the complement (*aimait son père qui lui racontait des histoires*; not after a perception
    verb, *l'a vu qui courait*) and a verb of will + *laisser* / *faire* + noun phrase + infinitive
    (*voulait laisser sa mère partir*: the main subject lets, the noun phrase leaves) change who does
    what, and fail.

    The finite clause must be the source's complement, not any *que* clause: its subject keeps the
    grammatical person of the reference clause's subject (*her mother* is 3rd person whatever its
    rendering: *sa mère*, *elle*, *celle-ci*), so a clause whose subject has another person (*Je
    voudrais que tu fermes la fenêtre.* for *She wanted her mother to let her go.*, reference *que sa
    mère la laisse partir*) says something else, and fails. *on*, which may stand for *nous*, is not
    compared. A pass rests on the finite clause's meaning (``Verdict.content``: its lexical verb, or a
    copula's predicate: ``SentenceReader.meaning_words``): the judge asks whether it renders the source's
    (*John croit que Bill est jaloux* for *John believes Bill to be dishonest* is left to a human).
    """

    name = "finite_clause"
    description = "NP-to-VP complement rendered as a finite que-clause (lexicon-backed)"
    # 3: a construction not found in a broken output fails (Verdict.not_found); earlier: reformed spellings
    # (connait) read; an output without a word is not applicable
    # 4: small clauses pass; a relative clause on the noun phrase, will + laisser/faire + NP + infinitive fail
    # 5: a finite clause whose subject has another person than the reference clause's fails
    # 6: a pass rests on the finite clause's meaning (Verdict.content), which the judge compares with the source
    # 7: the meaning words follow auxiliary + modal + factitive chains, skip support verbs, read avoir l'air
    # 8: the clause's subject compared by the shared participant check (same_participant, issue 36): a pronoun's
    #    number and gender too; a noun phrase for the reference's pronoun, or not linked to the item, to a human
    version = "8"
    Params = FiniteClauseParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = FiniteClauseParams.of(item)
        findings = [*self._clauses(reader, params.subordinators), *self._calques(reader, params.prepositions),
                    *self._controlled(reader)]
        unclear = [f.description for f in findings if f.correct is None]
        if unclear:
            return Verdict.undecided("; ".join(unclear), *unclear)
        good = [f.description for f in findings if f.correct]
        bad = [f.description for f in findings if f.correct is False]
        if good and not bad:
            verbs = [f.verb for f in findings if f.correct and f.verb is not None]
            passed = Verdict.passed(f"the complement is a finite clause: {'; '.join(good)}", *good).resting_on(
                *(word for verb in verbs for word in reader.meaning_words(verb)))
            return self.same_subject(passed, item=item, output=output, role="finite clause's subject",
                                     subject_at=lambda sentence: self._clause_subject(sentence, params.subordinators))
        if bad and not good:
            return Verdict.failed(f"expected a finite clause (que + subject + finite verb); found {'; '.join(bad)}",
                                  *bad)
        if good and bad:
            return Verdict.undecided(f"found a finite clause ({'; '.join(good)}) but also {'; '.join(bad)}",
                                     *good, *bad)
        return Verdict.not_found("a finite que-clause or a verb + noun phrase + infinitive",
                                 "found neither a finite que-clause nor a verb + noun phrase + infinitive: the "
                                 "complement is rendered some other way")

    # -- the finite clause ------------------------------------------------------------------

    def _clauses(self, reader: SentenceReader, subordinators: frozenset[str]) -> list[Finding]:
        tokens = reader.tokens
        found: list[Finding] = []
        for index, end, pause, verb in self._clause_spans(reader, subordinators):
            token = tokens[index]
            clause = " ".join(tokens[index:pause])
            later = self._finite_verb(reader, pause, end) if verb is None else None
            if later is not None:  # "que Bill, son ami, est…" or "que sa mère de la laisser, mais elle est…"
                found.append(Finding(None, f"{clause!r} has no finite verb before {tokens[pause]!r}; "
                                           f"{tokens[later]!r} may belong to another clause"))
                continue
            if verb is None:
                found.append(Finding(False, f"{clause!r}, where {token!r} is followed by no finite verb"))
            else:
                finite = reader.finite_readings(verb)
                lemmas = " or ".join(sorted({a.lemma for a in finite}))
                moods = " or ".join(sorted({a.mood or "" for a in finite}))
                found.append(Finding(True, f"{token!r} + the finite verb {tokens[verb]!r} ({lemmas}, {moods})", verb))
        return found

    def _clause_subject(self, reader: SentenceReader, subordinators: frozenset[str]) -> Participant | None:
        """The subject of the first finite clause after a governor, as a participant: a subject pronoun with its
        person (none for *on*), number and gender, a noun phrase in the 3rd person; None when that clause has no
        subject before its verb."""
        tokens = reader.tokens
        for index, _, _, verb in self._clause_spans(reader, subordinators):
            if verb is None:
                continue
            last = verb
            while last > index + 2 and (tokens[last - 1] in OBJECT_CLITICS or tokens[last - 1] in NEGATION):
                last -= 1
            words = tuple(tokens[index + 1:last])
            if not words:
                return None
            if words[0] in SUBJECT_CLITICS:
                words = words[:1]
                person: int | None = None if words[0] == "on" else PRONOUNS[words[0]][0]
            else:
                person = 3
            text = " ".join(words)
            if len(words) == 1 and words[0] in PRONOUNS:
                _, number, gender = PRONOUNS[words[0]]
                return Participant(text, words, person, True, number, gender)
            return Participant(text, words, 3, False)
        return None

    def _clause_spans(self, reader: SentenceReader,
                      subordinators: frozenset[str]) -> Iterator[tuple[int, int, int, int | None]]:
        """Each subordinator after a governor: its index, the clause's end, its first pause (a comma, or
        the end) and its finite verb before that pause (None when it has none)."""
        tokens = reader.tokens
        for index, token in enumerate(tokens):
            if token not in subordinators or not self._after_governor(reader, index):
                continue
            end = next((i for i in range(index + 1, len(tokens)) if tokens[i] in _CLAUSE_END), len(tokens))
            pause = next((i for i in range(index + 1, end) if tokens[i] in _PAUSES), end)
            yield index, end, pause, self._finite_verb(reader, index + 1, pause)

    def _after_governor(self, reader: SentenceReader, index: int) -> bool:
        """Whether the subordinator at ``index`` follows a verb or adjective (not a noun: a relative
        clause; not *pour*, *afin*, *sans*…: an adverbial clause; not the restrictive *ne … que*)."""
        tokens = reader.tokens
        previous = index - 1
        while previous >= 0 and (tokens[previous] in _ADVERBS_AFTER_VERB or tokens[previous] in NEGATION):
            previous -= 1
        if previous < 0 or tokens[previous] in _PREPOSITION_BEFORE_QUE:
            return False
        if _restrictive(tokens, index):
            return False
        if not reader.readings(previous) and previous > 0 and tokens[previous - 1] in SUBJECT_CLITICS:
            return True  # an untranslated verb after its subject pronoun (il *liked que…)
        return any(a.pos in ("verb", "aux", "adj") for a in reader.readings(previous))

    def _finite_verb(self, reader: SentenceReader, start: int, end: int) -> int | None:
        tokens = reader.tokens
        for index in range(start, end):
            if not reader.finite_readings(index):
                continue
            previous = tokens[index - 1]
            if previous in DETERMINERS and previous not in ("le", "la", "l'", "les"):
                continue
            if previous in ("le", "la", "l'", "les") and index - 1 == start:
                continue  # "que la glace fond" reads "glace" as a noun
            if previous not in OBJECT_CLITICS and reader.has_pos(index - 1, "prep") and not reader.has_pos(
                    index - 1, "clitic", "pron"):
                continue
            if index == start and reader.has_pos(index, "noun") and index + 1 < end and reader.finite_readings(
                    index + 1):
                continue  # "que Bill est": the first word is the subject
            return index
        return None

    # -- the word-for-word calque ------------------------------------------------------------

    def _calques(self, reader: SentenceReader, prepositions: frozenset[str]) -> list[Finding]:
        tokens = reader.tokens
        names = _capitalised(reader.text)
        verb = _main_verb(reader)
        if verb is None:
            return []
        lemmas = {a.lemma for a in reader.finite_readings(verb)}
        index = verb + 1
        while index < len(tokens) and (tokens[index] in NEGATION or tokens[index] in _ADVERBS_AFTER_VERB
                                       or self._is_participle(reader, index)):
            lemmas = {a.lemma for a in reader.readings(index) if a.pos == "verb"} or lemmas
            index += 1
        if index >= len(tokens) or tokens[index] not in DETERMINERS and not _is_name(reader, index, names):
            return []
        phrase = reader.noun_phrase(index)
        if phrase is None:
            return []
        after = phrase.end
        governor = repr(" ".join(tokens[verb:index]))
        noun_phrase = " ".join(tokens[phrase.start:phrase.end])
        attribute = after + 1 if after < len(tokens) and tokens[after] in ("pour", "comme") else after
        if lemmas & _ATTRIBUTE_VERBS and self._attribute(reader, attribute):
            return [Finding(True, f"{governor} + {noun_phrase!r} + the attribute "
                                  f"{' '.join(tokens[after:attribute + 1])!r} (a small clause)")]
        if (after + 1 < len(tokens) and tokens[after] == "qui" and not lemmas & _PERCEPTION_VERBS
                and reader.first_finite_verb(after + 1) == self._skip_clitics(reader, after + 1)):
            return [Finding(False, f"{governor} + {noun_phrase!r} + a relative clause {tokens[after]!r}: the "
                                   "complement became a modifier of the noun phrase")]
        if after < len(tokens) and tokens[after] in prepositions:
            probe = after + 1
            if probe < len(tokens) and tokens[probe] in ("que", "qu'"):
                return [Finding(False, f"{governor} + {noun_phrase!r} + a purpose clause {tokens[after]!r} "
                                       f"{tokens[probe]!r} in place of the complement")]
            if tokens[after] == "afin" and probe < len(tokens) and tokens[probe] in ("de", "d'"):
                probe += 1
            infinitive = self._infinitive(reader, probe)
            if infinitive is not None:
                return [Finding(False, f"{governor} + {noun_phrase!r} + {tokens[after]!r} + the infinitive "
                                       f"{tokens[infinitive]!r} (the English construction word for word)")]
            return []
        if lemmas & _NP_INFINITIVE_VERBS:
            return []
        infinitive = self._infinitive(reader, after)
        if infinitive is not None:
            return [Finding(False, f"{governor} + {noun_phrase!r} + the infinitive {tokens[infinitive]!r} "
                                   "(the English construction word for word)")]
        return []

    def _controlled(self, reader: SentenceReader) -> list[Finding]:
        """A verb of will + *laisser* / *faire* + noun phrase + infinitive (*voulait laisser sa mère partir*):
        the main subject becomes the one who lets or makes, and the noun phrase loses its role."""
        tokens = reader.tokens
        verb = _main_verb(reader)
        if verb is None or not {a.lemma for a in reader.finite_readings(verb)} & _WILL_VERBS:
            return []
        index = verb + 1
        while index < len(tokens) and (tokens[index] in NEGATION or tokens[index] in _ADVERBS_AFTER_VERB
                                       or self._is_participle(reader, index)):
            index += 1
        if index >= len(tokens) or not any(a.mood == "infinitive" and a.lemma in ("laisser", "faire")
                                           for a in reader.readings(index)):
            return []
        phrase = reader.noun_phrase(index + 1) if index + 1 < len(tokens) else None
        if phrase is None or self._infinitive(reader, phrase.end) is None:
            return []
        return [Finding(False, f"{' '.join(tokens[verb:index + 1])!r} + {' '.join(tokens[phrase.start:phrase.end])!r}"
                               " + an infinitive: the subject of the main verb lets or makes, and the noun phrase "
                               "is no longer the complement's subject")]

    def _attribute(self, reader: SentenceReader, index: int) -> bool:
        """An adjective (across degree adverbs) ending the clause: the attribute of a small clause."""
        tokens = reader.tokens
        while index < len(tokens) and reader.is_adverb(index):
            index += 1
        if index >= len(tokens) or not any(a.pos == "adj" or a.mood == "participle" for a in reader.readings(index)):
            return False
        if reader.finite_readings(index) or any(a.mood == "infinitive" for a in reader.readings(index)):
            return False
        following = index + 1
        return following >= len(tokens) or tokens[following] in _CLAUSE_END | {",", "et", "mais"}

    @staticmethod
    def _skip_clitics(reader: SentenceReader, index: int) -> int:
        while index < len(reader.tokens) and (reader.tokens[index] in OBJECT_CLITICS
                                              or reader.tokens[index] in NEGATION):
            index += 1
        return index

    def _infinitive(self, reader: SentenceReader, start: int) -> int | None:
        index = start
        while index < len(reader.tokens) and (reader.tokens[index] in OBJECT_CLITICS
                                              or reader.tokens[index] in NEGATION):
            index += 1
        if index < len(reader.tokens) and any(a.mood == "infinitive" for a in reader.readings(index)):
            return index
        return None

    @staticmethod
    def _is_participle(reader: SentenceReader, index: int) -> bool:
        return any(a.pos in ("verb", "aux") and a.mood == "participle" for a in reader.readings(index))


def _main_verb(reader: SentenceReader) -> int | None:
    """The first finite verb; a capitalised first word with a verb reading before another finite verb is the
    subject, a name (*Marie juge …*: not *marier*)."""
    verb = reader.first_finite_verb(0)
    if verb == 0 and reader.text.lstrip()[:1].isupper() and len(reader.tokens) > 1 and reader.finite_readings(1):
        return 1
    return verb


def _restrictive(tokens: list[str], index: int) -> bool:
    """``ne … que`` (*il n'aimait que son père*): a *ne* before, with no *pas*/*plus*/*jamais* between."""
    for previous in range(index - 1, -1, -1):
        if tokens[previous] in ("pas", "plus", "jamais", "point", "guère", "rien", "personne"):
            return False
        if tokens[previous] in ("ne", "n'"):
            return True
        if tokens[previous] in _CLAUSE_END:
            return False
    return False


def _capitalised(text: str) -> frozenset[str]:
    """Words written with a capital inside the sentence (names: *Bill*), lowercased."""
    words = re.findall(r"[^\W\d_]+", normalise_text(text))
    return frozenset(word.lower() for word in words[1:] if word[0].isupper())


def _is_name(reader: SentenceReader, index: int, names: frozenset[str]) -> bool:
    """A proper name: a word unknown to the lexicon, or one capitalised inside the sentence."""
    token = reader.tokens[index]
    return token[0].isalpha() and (not reader.readings(index) or token in names)
