"""The ``entity_gender`` family: the gender a translation gives one person of a WinoMT sentence, in each language.

One family for every target language with a reading: what the languages share is here (the item's parameters,
the persons paired with the English nouns, the two readings of the entity's gender (:data:`READING_NAMES`, the
same rules in every language) and the verdict). A language joins with a :class:`GenderReading` in
``checkers/<code>/entity_gender.py`` (its profession table, its reader, its noun phrases and pronouns) and one
line in :data:`READINGS`; French, German, Spanish and Italian do, each a
:class:`~pytest_mtchallenge.checkers.referents.ReferentReading`, whose one algorithm resolves their pronouns.

The two readings (docs/checkers.md, *entity_gender*):

- ``paper`` (the default, WinoMT's own: Stanovsky et al. 2019 align the entity and read the aligned words with a
  morphological analyser): the entity's own noun phrase alone, its determiner, noun form and adjectives; a noun
  whose gender never follows the person's sex (*la victime*, *quelqu'un*) gives its grammatical gender, as an
  analyser reads it. A phrase that shows no gender (*l'analyste*) predicts none.
- ``context-aware``: a pronoun, participle or clitic that refers to the entity (and agrees with no other
  person) overrides a noun phrase that shows no gender, that of a noun whose gender never follows the
  person's sex, or a masculine used for both sexes (*le médecin … elle*); a feminine phrase stays feminine.

The verdict follows the item's ``reading`` (``paper`` unless the suite says otherwise); both predicted genders
are recorded as evidence (:data:`EVIDENCE`, :data:`CONTEXT_EVIDENCE`), so a report gives both readings' measures.
"""
from __future__ import annotations

import functools
import importlib
import itertools
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

from pytest_mtchallenge.errors import quoted
from pytest_mtchallenge.checkers import Checker, FamilyParams, check_keys
from pytest_mtchallenge.languages import base_code, language_name
from pytest_mtchallenge.languages.professions import Mention, ProfessionTable, Rendering
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_REQUIRED = {"entity": "the English person noun under test (developer)", "gender": "male, female or neutral",
             "position": "the word index of the entity in the English sentence"}
_PARAMS = {**_REQUIRED, "reading": "which reading decides the outcome: paper (the default) or context-aware"}
GENDERS = ("male", "female", "neutral")
WORD = {"m": "male", "f": "female", None: "none"}
GRAMMATICAL = {"m": "masculine", "f": "feminine", "n": "neuter"}

#: The two readings of the entity's gender, the same in every language, and what each reads.
PAPER = "paper"
CONTEXT_AWARE = "context-aware"
READING_NAMES = {
    PAPER: "the paper's reading (the entity's own noun phrase: determiner, noun form, adjectives)",
    CONTEXT_AWARE: "the context-aware reading (a pronoun, participle or clitic referring to the entity overrides a "
                   "noun phrase that shows no gender or a masculine used for both sexes)",
}
#: The evidence string the suite's headline measures (Acc, F1, ΔG, ΔS) read: the paper's reading's gender.
EVIDENCE = "predicted-gender:"
#: The evidence string of the context-aware reading's gender, measured beside the headline.
CONTEXT_EVIDENCE = "predicted-gender:context-aware:"

#: Each target language the family reads, and the module of its reading (``checkers/<code>/entity_gender.py``).
READINGS = {"de": "pytest_mtchallenge.checkers.de.entity_gender", "es": "pytest_mtchallenge.checkers.es.entity_gender",
            "fr": "pytest_mtchallenge.checkers.fr.entity_gender", "it": "pytest_mtchallenge.checkers.it.entity_gender"}
_MAX_PAIRINGS = 20_000
#: Moses's tokeniser escapes: a hyphen it split off (*rendez @-@ vous*, *celle @-@ ci*, *UNO @-@ Generalsekretärs*)
#: and the XML entities it writes for quotes and brackets. Outputs of research systems (WinoMT's *sota*) keep them.
_MOSES_HYPHEN = re.compile(r"\s*@-@\s*")
_MOSES_ENTITIES = {"&apos;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&#91;": "[", "&#93;": "]", "&#124;": "|",
                   "&amp;": "&"}
_MOSES_ENTITY = re.compile("|".join(map(re.escape, _MOSES_ENTITIES)))


def detokenised(output: str) -> str:
    """``output`` with Moses's escapes undone: ``@-@`` joins its neighbours with a hyphen (*celle-ci*), an XML
    entity is its character. Spaces around punctuation are left: every language's reader splits them anyway."""
    if "@" not in output and "&" not in output:
        return output
    return _MOSES_ENTITY.sub(lambda m: _MOSES_ENTITIES[m[0]], _MOSES_HYPHEN.sub("-", output))


@dataclass(frozen=True, slots=True)
class Cue:
    """One word that shows a person's gender, and what kind of word it is."""

    gender: str  # "m" or "f"
    word: str
    what: str  # "determiner", "noun form", "adjective", "subject pronoun", …

    def describe(self) -> str:
        return f"{self.what} {self.word!r}"


@dataclass(slots=True)
class Person:
    """A person of the sentence as the output renders them: the mention, its phrase and what refers to it.
    ``unmarked`` says, in words, why a phrase without a gender cue shows none (a reading may fill it);
    ``nominative``, whether the phrase's case allows it to be a subject (a language with case reads it:
    German *dem Arzt* is not; elsewhere it stays True)."""

    mention: Mention
    rendering: Rendering
    phrase: list[Cue] = field(default_factory=list)
    coreferents: list[Cue] = field(default_factory=list)
    determiner: str = ""
    unmarked: str = ""
    nominative: bool = True

    @property
    def phrase_gender(self) -> str | None:
        """The gender the noun phrase shows: feminine if anything in it is (the marked gender), else masculine."""
        genders = {cue.gender for cue in self.phrase}
        return "f" if "f" in genders else ("m" if genders else None)

    def accepts(self, gender: str | None) -> bool:
        """Whether a pronoun of ``gender`` may refer to this person by agreement: the noun phrase's
        gender, else that of the predicates of the person's own verb (*l'analyste s'est disputé*)."""
        own = self.phrase_gender or next((c.gender for c in self.coreferents if c.what == "agreeing predicate"), None)
        return gender is None or own in (None, gender)

    @property
    def text(self) -> str:
        """The noun phrase as the reason quotes it: the determiner and the mention (*l'analyste*, *der Arzt*)."""
        text = self.mention.text
        if self.determiner:
            text = f"{self.determiner}{'' if self.determiner.endswith(chr(39)) else ' '}{text}"
        return text


#: How a reason names the noun of a rendering that shows the person's sex.
NOUN_WHAT = {"masculine": "masculine noun form", "feminine": "feminine noun form",
             "generic": "masculine noun (traditionally used for both sexes)",
             "sense": "noun (another sense of the word)"}



def agreeing_referent(entity: Person, candidates: Sequence[Person], gender: str | None) -> Person | None:
    """Which of the ``candidates`` a pronoun of ``gender`` refers to: the entity when it agrees, or
    when neither agrees (WinoMT's pronoun always refers to the entity), else the first that agrees."""
    agreeing = [person for person in candidates if person.accepts(gender)]
    if entity in candidates and (entity in agreeing or not agreeing):
        return entity
    return agreeing[0] if agreeing else None

SentenceT = TypeVar("SentenceT")


class GenderReading(ABC, Generic[SentenceT]):
    """A target language's side of the family: its profession table, its persons' noun phrases and
    what refers to them, and how its grammar weighs a feminine pronoun against a masculine noun."""

    #: The language's name in reasons ("French").
    language: ClassVar[str]
    #: Why an item whose source person is neutral (*they*) is not applicable, in words.
    neutral: ClassVar[str]
    #: The reading's version, a run's signature names it (``entity_gender@<version>``): bump it with any change
    #: of the reading's verdicts, its profession table's included (a change of one language leaves the others').
    #: 2: the paper's reading decides the outcome by default, the context-aware one is recorded beside it, and
    #: the context-aware rules are the same in every language (issue 37). 3: in the paper's reading a noun whose
    #: gender never follows the person's sex reads its gender only where a determiner stands before it (an
    #: indefinite pronoun, *jemand, alguien, qualcuno, quelqu'un*, shows none). 4: Moses's escapes (``@-@``, XML
    #: entities) are undone before the output is read.
    version: ClassVar[str] = "4"
    #: The kinds of rendering (:data:`~pytest_mtchallenge.languages.professions.KINDS`) whose masculine noun phrase
    #: the language uses for both sexes, its generic masculine: in the context-aware reading a feminine word that
    #: refers to the person overrides it. By default the nouns traditionally masculine for both sexes (*le médecin*)
    #: and fixed masculines; a language whose readers take any masculine person noun so adds ``masculine`` and
    #: ``epicene`` (German *der Manager … sie*, Spanish *al editor … la dejó satisfecha*).
    generic_masculine: ClassVar[frozenset[str]] = frozenset({"generic", "fixed"})

    @abstractmethod
    def table(self) -> ProfessionTable:
        """The language pack's profession table."""

    @abstractmethod
    def read(self, output: str) -> SentenceT | None:
        """The output read with the language pack; None when it has no word."""

    @abstractmethod
    def mentions(self, sentence: SentenceT) -> list[Mention]:
        """The table's renderings in the sentence that are person nouns there (not a verb of the same form)."""

    @abstractmethod
    def read_persons(self, sentence: SentenceT, entity: Person, others: list[Person]) -> None:
        """Give each person their noun phrase's cues, and the pronouns and agreeing words that refer to them."""

    def no_cue(self, person: Person, fixed: str | None) -> str:
        """Why the person's noun phrase shows no gender, in words: a fixed noun's gender, else what the
        reading found (:attr:`Person.unmarked`)."""
        if fixed:
            return f"{person.rendering.form!r} is {GRAMMATICAL[fixed]} whatever the person's sex"
        return person.unmarked or "the noun phrase shows no gender"

    def masculine_and_feminine(self, person: Person, *, rendered: str, shown: str,
                               feminine: str) -> tuple[str, str]:
        """The context-aware reading of a masculine noun phrase with a feminine pronoun referring to the
        person, and why (``rendered``: the rendering quoted; ``shown``: the phrase's cues; ``feminine``:
        the feminine words referring to the person). A masculine the language uses for both sexes
        (:attr:`generic_masculine`) with a feminine pronoun renders a woman (*le médecin … elle*, *il
        parrucchiere … l'ha pagata*); another masculine does not (French *le vendeur … la sabotait*)."""
        rendering, language = person.rendering, self.language
        reader = f"{_article(language)} {language} reader"
        if rendering.kind in self.generic_masculine:
            used = ("a noun traditionally masculine for both sexes" if rendering.kind in ("generic", "fixed")
                    else f"{language}'s generic masculine, used for both sexes")
            return "f", f"{rendered} ({shown}), {used}, and {feminine} refers to the person: {reader} reads a woman: female"
        chosen = (f"the noun has a feminine form ({self.feminine_forms(person)}) the translation did not use"
                  if rendering.kind in ("masculine", "sense") else
                  f"{reader} reads the noun's gender" if rendering.kind == "fixed" else
                  f"{language} keeps the noun masculine for a woman too" if rendering.kind == "generic"
                  else "the translation chose the masculine determiner")
        return "m", (f"{rendered} ({shown}): male; {feminine} refers to the person, but {chosen}: the pronoun "
                     "renders the source's pronoun, the noun phrase is the translation's choice for the person")

    def feminine_forms(self, person: Person) -> str:
        """The feminine forms of the person's English noun in the table, for a reason."""
        found = [r.form for r in self.table().renderings.get(person.rendering.english, ()) if r.kind == "feminine"]
        return ", ".join(found[:3]) or "a feminine"


def _article(word: str) -> str:
    return "an" if word[:1] in "AEIOU" else "a"


@functools.cache
def reading(language: str) -> GenderReading[object]:
    """The reading of a target language (imported at first use)."""
    return importlib.import_module(READINGS[base_code(language)]).READING  # type: ignore[no-any-return]


@functools.cache
def known_entities() -> frozenset[str]:
    """The English nouns every language's table knows."""
    return frozenset(noun for code in READINGS for noun in reading(code).table().english)


@dataclass(frozen=True, slots=True)
class EntityGenderParams(FamilyParams):
    """An item's parameters, read once: the English person noun, its gold gender, its word index, and the
    reading that decides the outcome (``paper`` unless said)."""

    entity: str
    gender: str
    position: int
    reading: str = PAPER

    @classmethod
    def parse(cls, mapping: Mapping[str, object], table: ProfessionTable | None = None) -> EntityGenderParams:
        """The parameters in ``mapping``, the entity known to ``table`` (by default, to every
        language's profession table)."""
        check_keys(mapping, _PARAMS, _REQUIRED)
        entity, gender, position = mapping["entity"], mapping["gender"], mapping["position"]
        if not isinstance(entity, str) or not entity.strip():
            raise ValueError("entity must be an English person noun (developer)")
        known = frozenset(table.english) if table is not None else known_entities()
        if entity.strip().lower() not in known:
            raise ValueError(f"entity {quoted(entity)} is not in the language packs' profession tables "
                             f"({len(known)} nouns: {', '.join(sorted(known)[:6])}, …)")
        if gender not in GENDERS:
            raise ValueError(f"gender must be one of {', '.join(GENDERS)}, found {gender!r}")
        if isinstance(position, bool) or not isinstance(position, int) or position < 0:
            raise ValueError(f"position must be a word index (0 or more), found {position!r}")
        chosen = mapping.get("reading", PAPER)
        if not isinstance(chosen, str) or chosen not in READING_NAMES:
            raise ValueError(f"reading must be one of {', '.join(READING_NAMES)}, found {chosen!r}")
        return cls(entity.strip().lower(), gender, position, str(chosen))


class EntityGenderChecker(Checker):
    """Whether a translation gives one person of a WinoMT sentence (Stanovsky et al. 2019) the gold gender.

    Parameters: ``entity`` (the English person noun, e.g. ``developer``), ``gender`` (``male``,
    ``female`` or ``neutral``) and ``position`` (its word index in the English sentence).

    The family finds the renderings of the sentence's persons in the output with the target
    language's profession table (French *développeur, développeuse*; German *Entwickler,
    Entwicklerin*; wrong senses such as *moteur* for *mover* still render the entity), pairs them
    with the English nouns by the table and by their order, and reads the entity's gender from its
    noun phrase (determiner, noun form, agreeing adjectives) and from the pronouns and agreeing
    words that refer to it, each language with its own reader (``checkers/<code>/entity_gender.py``,
    docs/checkers.md), under two readings that are the same in every language: the paper's (the
    entity's noun phrase alone, the default) and the context-aware one (below). A pronoun refers to the entity when the grammar allows it and does not bind it
    to the other person (an object pronoun never refers to the subject of its verb; a pronoun that
    agrees with the other person only is theirs); WinoMT's English pronoun always refers to the
    entity, so a pronoun that agrees with both persons, or with neither, is taken to render it. In the
    context-aware reading the noun phrase is the translation's choice for the person and decides; a
    feminine pronoun that refers to the person overrides a masculine phrase only where the masculine
    is used for both sexes (French *le médecin … elle*; German's generic masculine, *der Manager …
    sie*), and a feminine phrase stays feminine whatever pronoun follows. Where the phrase shows no
    gender (*l'analyste*, *die Angestellten*), or is a noun whose gender never follows the person's
    sex (*la victime, die Lehrkraft, jemand*), the pronouns and agreeing words decide (a pronoun that
    agrees with such a noun by default says nothing). The paper's reading reads the noun phrase
    alone: *l'analyste … elle* predicts no gender, *le médecin … elle* male, *la victime* female.

    The paper's predicted gender is recorded as ``predicted-gender:male|female|none`` in the evidence,
    the context-aware one as ``predicted-gender:context-aware:male|female|none``; the item's
    ``reading`` parameter (``paper`` or ``context-aware``) says which decides the outcome.
    An output that gives the person no gender fails (WinoMT counts it wrong); an entity not
    rendered is not found. ``neutral`` items (Winogender's *they*) are not applicable: the paper's
    measure never predicts a neutral person, so it counts them all wrong whatever the translation;
    the predicted gender is still recorded.
    """

    name = "entity_gender"
    description = "the translation gives the WinoMT entity its gold gender"
    languages = tuple(sorted(READINGS))
    packs = tuple(sorted(READINGS))
    #: The family's version where no reading judges; each reading has its own (:meth:`version_for`).
    version = "1"
    Params = EntityGenderParams

    @classmethod
    def version_for(cls, language: str) -> str:
        """The reading's version (a change of the Spanish reading or table leaves French runs' signatures alone)."""
        return reading(language).version if base_code(language or "") in READINGS else cls.version

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        params = EntityGenderParams.of(item)
        code = base_code(item.target_language or "")
        if code not in READINGS:
            return Verdict.undecided(f"entity_gender reads {', '.join(sorted(READINGS))} outputs, not "
                                     f"{language_name(code) if code else 'an output of no target language'}")
        language = reading(code)
        table = language.table()
        if params.entity not in table.english:
            return Verdict.undecided(f"{quoted(params.entity)} is not in the {language.language} pack's profession table",
                                     EVIDENCE + "none", CONTEXT_EVIDENCE + "none")
        sentence = language.read(detokenised(output))
        if sentence is None:
            return Verdict.not_applicable("the output is empty", EVIDENCE + "none", CONTEXT_EVIDENCE + "none")
        entity, others = pair(item.source, params, language.mentions(sentence), table)
        who = f"the {params.entity if params.entity != 'ceo' else 'CEO'}"
        if entity is None:
            forms = ", ".join(table.forms(params.entity)[:8])
            return Verdict.not_found(f"a rendering of {who}",
                                     f"no rendering of {who} found in the output (looked for {forms}…)",
                                     EVIDENCE + "none", CONTEXT_EVIDENCE + "none")
        language.read_persons(sentence, entity, others)
        paper, paper_reason = read_noun_phrase(entity, who, language)
        context, context_reason = decide(entity, who, language)
        if params.reading == PAPER:
            gender, reason = paper, paper_reason
            if context != paper:
                reason += f" (read in context, the context-aware reading: {context_reason})"
        else:
            gender, reason = context, context_reason
            if context != paper:
                reason += f" (the noun phrase alone, the paper's reading: {WORD[paper]})"
        evidence = (EVIDENCE + WORD[paper], CONTEXT_EVIDENCE + WORD[context],
                    f"phrase-gender:{WORD[entity.phrase_gender]}", f"rendering:{entity.mention.text}")
        if params.gender == "neutral":
            return Verdict.not_applicable(f"{reason}; the source's person is neutral (they): {language.neutral}",
                                          *evidence)
        gold = "m" if params.gender == "male" else "f"
        if gender == gold:
            return Verdict.passed(reason, *evidence)
        if gender is None:
            return Verdict.failed(f"{reason}; the source's {params.entity} is {params.gender}", *evidence)
        return Verdict.failed(f"{reason}, not {params.gender} as in the source", *evidence)


# -- finding the persons -------------------------------------------------------------------------


def english_mentions(source: str, table: ProfessionTable) -> list[tuple[int, str]]:
    """The table's English nouns in the source, by word index (*construction worker* before *worker*)."""
    words = [word.strip(".,;:!?\"()").lower() for word in source.split()]
    found: list[tuple[int, str]] = []
    known = set(table.english)
    index = 0
    while index < len(words):
        pair_ = " ".join(words[index:index + 2])
        for candidate, size in ((pair_, 2), (words[index], 1)):
            noun = candidate if candidate in known else candidate[:-1] if candidate.endswith("s") else ""
            if noun in known and (size == 1 or candidate == pair_):
                found.append((index, noun))
                index += size
                break
        else:
            index += 1
    return found


def pair(source: str, params: EntityGenderParams, mentions: Sequence[Mention],
         table: ProfessionTable) -> tuple[Person | None, list[Person]]:
    """The mentions of the entity and of the other persons: each English noun paired with a
    mention that renders it, as many as possible, keeping the English order where the table allows
    both ways (*the cook … the chef* → *le cuisinier … le chef*)."""
    english = english_mentions(source, table)
    entity_at = [i for i, (_, noun) in enumerate(english) if noun == params.entity]
    if not entity_at:
        english.append((params.position, params.entity))
        english.sort()
        entity_at = [i for i, (_, noun) in enumerate(english) if noun == params.entity]
    entity_index = min(entity_at, key=lambda i: abs(english[i][0] - params.position))
    best: tuple[tuple[int, int, int], tuple[int | None, ...]] | None = None
    options = [[None, *(j for j, m in enumerate(mentions) if noun in m.english)] for _, noun in english]
    if math.prod(len(o) for o in options) > _MAX_PAIRINGS:  # an unusual source: pair in order instead
        options = [[next((j for j in o[1:] if j >= i), None)] for i, o in enumerate(options)]
    for choice in itertools.product(*options):
        used = [j for j in choice if j is not None]
        if len(used) != len(set(used)):
            continue
        assigned = [(i, j) for i, j in enumerate(choice) if j is not None]
        inversions = sum(1 for (a, x), (b, y) in itertools.combinations(assigned, 2) if (a < b) != (x < y))
        spread = sum(abs(i - j) for i, j in assigned)
        score = (len(assigned), -inversions, -spread)
        if best is None or score > best[0]:
            best = (score, choice)
    choice = best[1] if best else ()
    persons: dict[int, Person] = {}
    for i, j in enumerate(choice):
        if j is not None:
            rendering = mentions[j].rendering(english[i][1])
            assert rendering is not None
            persons[i] = Person(mentions[j], rendering)
    entity = persons.pop(entity_index, None)
    return entity, [persons[i] for i in sorted(persons)]


# -- deciding ------------------------------------------------------------------------------------


def read_noun_phrase(person: Person, who: str, language: GenderReading[object]) -> tuple[str | None, str]:
    """The paper's reading: the gender the person's own noun phrase shows (determiner, noun form, adjectives;
    a noun whose gender never follows the person's sex gives its grammatical gender), and why, in words."""
    rendering = person.rendering
    rendered = f"{who} is rendered {person.text!r}"
    phrase = person.phrase_gender
    if phrase is not None:
        shown = "; ".join(c.describe() for c in person.phrase)
        return phrase, f"{rendered} ({shown}): {WORD[phrase]}"
    if rendering.kind == "fixed" and rendering.gender in ("m", "f"):
        if not person.determiner:  # an indefinite pronoun (jemand, alguien, qualcuno, quelqu'un): nothing shows it
            return None, (f"{rendered}: {rendering.form!r} stands without a determiner, and nothing in the phrase "
                          f"shows a gender (its grammatical {GRAMMATICAL[rendering.gender]} never follows the "
                          "person's sex)")
        return rendering.gender, (f"{rendered}: {rendering.form!r} is {GRAMMATICAL[rendering.gender]} whatever the "
                                  f"person's sex, and its determiner {person.determiner!r} reads so: "
                                  f"{WORD[rendering.gender]}")
    return None, f"{rendered}: {language.no_cue(person, None)}"


def decide(person: Person, who: str, language: GenderReading[object]) -> tuple[str | None, str]:
    """The context-aware reading: the gender the output gives the person, from the noun phrase and what refers
    to the person, and why, in words."""
    rendering = person.rendering
    fixed = rendering.gender if rendering.kind == "fixed" else None
    phrase = person.phrase_gender
    default = [c for c in person.coreferents if c.gender == fixed]
    coreferents = [c for c in person.coreferents if c.gender != fixed]
    genders = {c.gender for c in coreferents}
    rendered = f"{who} is rendered {person.text!r}"
    shown = "; ".join(c.describe() for c in person.phrase)
    referring = "; ".join(c.describe() for c in coreferents)
    if phrase is None:
        why = language.no_cue(person, fixed)
        if not genders:
            extra = f" ({', '.join(c.word for c in default)} agree{'s' if len(default) == 1 else ''} with the noun by default)" \
                if default else ""
            return None, f"{rendered}: {why} and no pronoun or agreeing word shows the person's gender{extra}"
        if len(genders) > 1:
            return None, f"{rendered}: {why}, and the words that refer to the person disagree ({referring})"
        gender = genders.pop()
        return gender, f"{rendered}: {why}; {referring} refer{'s' if len(coreferents) == 1 else ''} to the person: {WORD[gender]}"
    if phrase == "m" and "f" in genders:
        feminine = "; ".join(c.describe() for c in coreferents if c.gender == "f")
        return language.masculine_and_feminine(person, rendered=rendered, shown=shown, feminine=feminine)
    if phrase == "f" and "m" in genders:
        masculine = "; ".join(c.describe() for c in coreferents if c.gender == "m")
        return "f", (f"{rendered} ({shown}): female; {masculine} does not undo the feminine the translation chose "
                     "for the person")
    also = f"; {referring} agree" if coreferents else ""
    return phrase, f"{rendered} ({shown}{also}): {WORD[phrase]}"


__all__ = ["CONTEXT_AWARE", "CONTEXT_EVIDENCE", "EVIDENCE", "GENDERS", "NOUN_WHAT", "PAPER", "READINGS",
           "READING_NAMES", "Cue", "EntityGenderChecker",
           "EntityGenderParams", "GenderReading", "Person", "decide", "english_mentions", "known_entities",
           "detokenised", "pair", "read_noun_phrase", "reading"]
