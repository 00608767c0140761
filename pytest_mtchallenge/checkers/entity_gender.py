"""The ``entity_gender`` family (WinoMT): one family for every target language that has a gender reader,
and what those readers share: the item's parameters, the persons paired with the English nouns, the rules
that decide the gender from the noun phrase and what refers to the person, and the verdict.

A language joins with a module ``checkers/<code>/entity_gender.py`` whose judge reads its outputs
with the language's pack (the profession table, a reader) and one line in :data:`JUDGES`.
"""
from __future__ import annotations

import functools
import importlib
import itertools
import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from pytest_mtchallenge.checkers import Checker, check_keys
from pytest_mtchallenge.languages import base_code, language_name
from pytest_mtchallenge.languages.professions import Mention, ProfessionTable, Rendering
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

#: Each target language's judge, ``module:class``: a class with ``check(*, item, output)``, a ``version``
#: (bumped when its verdicts change, the profession table's included) and the ``packs`` it reads.
JUDGES: Mapping[str, str] = {
    "es": "pytest_mtchallenge.checkers.es.entity_gender:SpanishEntityGender",
    "fr": "pytest_mtchallenge.checkers.fr.entity_gender:EntityGenderChecker",
    "it": "pytest_mtchallenge.checkers.it.entity_gender:ItalianEntityGender",
}

_PARAMS = {"entity": "the English person noun under test (developer)", "gender": "male, female or neutral",
           "position": "the word index of the entity in the English sentence"}
GENDERS = ("male", "female", "neutral")
#: The evidence string the suite's measures (Acc, F1, ΔG, ΔS) read.
EVIDENCE = "predicted-gender:"
WORD = {"m": "male", "f": "female", None: "none"}
GRAMMATICAL = {"m": "masculine", "f": "feminine"}
_MAX_PAIRINGS = 20_000


class GenderJudge(Protocol):
    """What a language's judge gives the family."""

    version: ClassVar[str]
    packs: ClassVar[tuple[str, ...]]

    def check(self, *, item: ChallengeItem, output: str) -> Verdict: ...


@functools.cache
def judge_class(language: str) -> type[GenderJudge]:
    """The judge of a target language (imported at first use: a French run never loads Spanish)."""
    module, _, name = JUDGES[base_code(language)].partition(":")
    judge: type[GenderJudge] = getattr(importlib.import_module(module), name)
    return judge


class EntityGenderFamily(Checker):
    """Whether the translation gives one person of a WinoMT sentence (Stanovsky et al. 2019) the gold gender.

    Parameters: ``entity`` (the English person noun, e.g. ``developer``), ``gender`` (``male``,
    ``female`` or ``neutral``) and ``position`` (its word index in the English sentence). Each target
    language is read by its own judge (:data:`JUDGES`), with the same contract: the predicted gender is
    recorded as ``predicted-gender:male|female|none`` in the evidence; an output that gives the person no
    gender fails, an entity not rendered is not found, and ``neutral`` items are not applicable.
    """

    name = "entity_gender"
    description = "the translation gives the WinoMT entity its gold gender"
    languages: ClassVar[tuple[str, ...]] = tuple(sorted(JUDGES))
    packs: ClassVar[tuple[str, ...]] = tuple(sorted(JUDGES))

    def __init__(self) -> None:
        self._judges: dict[str, GenderJudge] = {}

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        Params.parse(params, english_nouns(), "WinoMT's English nouns")

    @classmethod
    def version_for(cls, language: str) -> str:
        """The language's judge's version (a change of the Spanish table leaves French runs' signatures alone)."""
        return judge_class(language).version if base_code(language or "") in JUDGES else cls.version

    @classmethod
    def packs_for(cls, language: str) -> tuple[str, ...]:
        return judge_class(language).packs if base_code(language or "") in JUDGES else cls.packs

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        code = base_code(item.target_language or "")
        if code not in JUDGES:
            return Verdict.undecided(f"entity_gender reads {', '.join(sorted(JUDGES))} outputs, not "
                                     f"{language_name(code) if code else 'an output of no target language'}")
        if code not in self._judges:
            self._judges[code] = judge_class(code)()
        return self._judges[code].check(item=item, output=output)


@functools.cache
def english_nouns() -> frozenset[str]:
    """The English person nouns WinoMT names (every judge's profession table holds them all)."""
    from pytest_mtchallenge.languages.es.professions import profession_table

    return frozenset(profession_table().english)


# -- the item ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Params:
    """An item's parameters, read once: the English person noun, its gold gender and its word index."""

    entity: str
    gender: str
    position: int

    @classmethod
    def parse(cls, params: Mapping[str, object], known: Collection[str], where: str) -> Params:
        """The parameters, checked; ``known`` are the English nouns of ``where`` (a pack's table)."""
        check_keys(params, _PARAMS, _PARAMS)
        entity, gender, position = params["entity"], params["gender"], params["position"]
        if not isinstance(entity, str) or not entity.strip():
            raise ValueError("entity must be an English person noun (developer)")
        if entity.strip().lower() not in known:
            raise ValueError(f"entity {entity!r} is not in {where} ({len(known)} nouns: "
                             f"{', '.join(sorted(known)[:6])}, …)")
        if gender not in GENDERS:
            raise ValueError(f"gender must be one of {', '.join(GENDERS)}, found {gender!r}")
        if isinstance(position, bool) or not isinstance(position, int) or position < 0:
            raise ValueError(f"position must be a word index (0 or more), found {position!r}")
        return cls(entity.strip().lower(), gender, position)

    @property
    def who(self) -> str:
        return f"the {self.entity if self.entity != 'ceo' else 'CEO'}"


# -- the persons ---------------------------------------------------------------------------------


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
    ``unmarked`` says, in words, why a phrase without a gender cue shows none (the reader fills it)."""

    mention: Mention
    rendering: Rendering
    phrase: list[Cue] = field(default_factory=list)
    coreferents: list[Cue] = field(default_factory=list)
    determiner: str = ""
    unmarked: str = ""

    @property
    def phrase_gender(self) -> str | None:
        """The gender the noun phrase shows: feminine if anything in it is (the marked gender), else masculine."""
        genders = {cue.gender for cue in self.phrase}
        return "f" if "f" in genders else ("m" if genders else None)

    def accepts(self, gender: str | None) -> bool:
        """Whether a pronoun of ``gender`` may refer to this person by agreement: the noun phrase's
        gender, else that of the predicates of the person's own verb."""
        own = self.phrase_gender or next((c.gender for c in self.coreferents if c.what == "agreeing predicate"), None)
        return gender is None or own in (None, gender)

    @property
    def text(self) -> str:
        text = self.mention.text
        if self.determiner:
            text = f"{self.determiner}{'' if self.determiner.endswith(chr(39)) else ' '}{text}"
        return text


NOUN_WHAT = {"masculine": "masculine noun form", "feminine": "feminine noun form",
             "generic": "masculine noun (traditionally used for both sexes)",
             "sense": "noun (another sense of the word)"}


def english_mentions(source: str, known: Collection[str]) -> list[tuple[int, str]]:
    """The known English nouns in the source, by word index (*construction worker* before *worker*)."""
    words = [word.strip(".,;:!?\"()").lower() for word in source.split()]
    found: list[tuple[int, str]] = []
    index = 0
    while index < len(words):
        pair = " ".join(words[index:index + 2])
        for candidate, size in ((pair, 2), (words[index], 1)):
            noun = candidate if candidate in known else candidate[:-1] if candidate.endswith("s") else ""
            if noun in known and (size == 1 or candidate == pair):
                found.append((index, noun))
                index += size
                break
        else:
            index += 1
    return found


def pair(source: str, params: Params, mentions: Sequence[Mention],
         table: ProfessionTable) -> tuple[Person | None, list[Person]]:
    """The output's persons: each English noun of the source paired with a mention that renders it, as
    many as possible, keeping the English order where the table allows both ways (*the cook … the
    chef* → *el cocinero … el chef*); the entity (None when no mention renders it) and the others."""
    english = english_mentions(source, set(table.english))
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


def not_found(params: Params, table: ProfessionTable) -> Verdict:
    forms = ", ".join(table.forms(params.entity)[:8])
    return Verdict.not_found(f"a rendering of {params.who}",
                             f"no rendering of {params.who} found in the output (looked for {forms}…)",
                             EVIDENCE + "none")


# -- deciding ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Conflicts:
    """How a language's readers settle a noun that does not follow the person's sex against a pronoun or an
    agreeing word that does (WinoMT's annotators differ by language: docs/checkers.md, *entity_gender*).

    ``pronoun_overrides``: a pronoun or agreeing word of the other gender makes a noun traditionally masculine
    for both sexes (*le médecin … elle*) a woman, and gives a fixed noun (*quelqu'un … s'est confiée*) the
    pronoun's gender; without it the noun phrase decides outright. ``fixed_shows``: a fixed noun's own gender
    is read as the person's (*la guardia*: female, *qualcuno*: male) instead of nothing.
    """

    pronoun_overrides: bool = True
    fixed_shows: bool = False


def decide(person: Person, who: str, *, language: str, feminine_forms: Callable[[Person], str],
           conflicts: Conflicts = Conflicts()) -> tuple[str | None, str]:
    """The gender the output gives the person, and why, in words. The noun phrase decides; where it
    shows no gender, the words that refer to the person do. A feminine pronoun or agreeing word
    overrides a masculine phrase only when the noun is traditionally masculine for both sexes (or a
    fixed masculine noun: *quelqu'un*) and ``conflicts.pronoun_overrides``; a feminine phrase stays feminine."""
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
        why = (f"{rendering.form!r} is {GRAMMATICAL[fixed]} whatever the person's sex" if fixed
               else person.unmarked or "the noun phrase shows no gender")
        if not genders:
            extra = (f" ({', '.join(c.word for c in default)} agree{'s' if len(default) == 1 else ''} with the noun "
                     "by default)") if default else ""
            return None, f"{rendered}: {why} and no pronoun or agreeing word shows the person's gender{extra}"
        if fixed and not conflicts.pronoun_overrides:
            return None, (f"{rendered}: {why}, and {referring} does not make it the person's: {_article(language)} "
                          f"{language} reader reads no gender in the noun")
        if len(genders) > 1:
            return None, f"{rendered}: {why}, and the words that refer to the person disagree ({referring})"
        gender = genders.pop()
        verb = "refers" if len(coreferents) == 1 else "refer"
        return gender, f"{rendered}: {why}; {referring} {verb} to the person: {WORD[gender]}"
    if phrase == "m" and "f" in genders:
        feminine = "; ".join(c.describe() for c in coreferents if c.gender == "f")
        if rendering.kind in ("generic", "fixed") and conflicts.pronoun_overrides:
            return "f", (f"{rendered} ({shown}), a noun traditionally masculine for both sexes, and {feminine} "
                         f"refers to the person: {_article(language)} {language} reader reads a woman: female")
        chosen = (f"the noun has a feminine form ({feminine_forms(person)}) the translation did not use"
                  if rendering.kind in ("masculine", "sense") else
                  f"{_article(language)} {language} reader reads the noun's gender" if rendering.kind == "fixed" else
                  f"{language} keeps the noun masculine for a woman too" if rendering.kind == "generic"
                  else "the translation chose the masculine determiner")
        return "m", (f"{rendered} ({shown}): male; {feminine} refers to the person, but {chosen}: the pronoun "
                     "renders the source's pronoun, the noun phrase is the translation's choice for the person")
    if phrase == "f" and "m" in genders:
        masculine = "; ".join(c.describe() for c in coreferents if c.gender == "m")
        return "f", (f"{rendered} ({shown}): female; {masculine} does not undo the feminine the translation chose "
                     "for the person")
    also = f"; {referring} agree" if coreferents else ""
    return phrase, f"{rendered} ({shown}{also}): {WORD[phrase]}"


def _article(word: str) -> str:
    return "an" if word[:1] in "AEIOU" else "a"


def feminine_forms_of(table: ProfessionTable) -> Callable[[Person], str]:
    """The feminine forms of a person's English noun in ``table``, for the reason."""
    def forms(person: Person) -> str:
        found = [r.form for r in table.renderings.get(person.rendering.english, ()) if r.kind == "feminine"]
        return ", ".join(found[:3]) or "a feminine"
    return forms


def conclude(params: Params, person: Person, gender: str | None, reason: str, *, language: str) -> Verdict:
    """The verdict on the gender read: pass when it is the source's, fail otherwise; neutral items n/a."""
    evidence = (EVIDENCE + WORD[gender], f"phrase-gender:{WORD[person.phrase_gender]}",
                f"rendering:{person.mention.text}")
    if params.gender == "neutral":
        return Verdict.not_applicable(
            f"{reason}; the source's person is neutral (they): {language} gives every person a gender, and "
            f"WinoMT's {language} measure counts these items wrong whatever the translation", *evidence)
    gold = "m" if params.gender == "male" else "f"
    if gender == gold:
        return Verdict.passed(reason, *evidence)
    if gender is None:
        return Verdict.failed(f"{reason}; the source's {params.entity} is {params.gender}", *evidence)
    return Verdict.failed(f"{reason}, not {params.gender} as in the source", *evidence)


__all__ = ["EVIDENCE", "GENDERS", "JUDGES", "Conflicts", "Cue", "EntityGenderFamily", "GenderJudge", "Params", "Person",
           "conclude", "decide", "english_mentions", "english_nouns", "feminine_forms_of", "judge_class",
           "not_found", "pair"]
