"""The bilingual table of person nouns (English profession → German renderings), their inflections, loaded lazily."""
from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

from pytest_mtchallenge.languages.de.reader import Sentence, tokenize
from pytest_mtchallenge.languages.professions import (
    KINDS, Mention, ProfessionTable, Rendering, TableError, read_renderings)

TABLE_FILE = "professions-en-de.tsv"

#: Endings of masculine nouns of the weak declension (*der Assistent, den Assistenten*; *der Kunde, des Kunden*).
_WEAK_ENDINGS = ("ent", "ant", "and", "ist", "at", "ot", "ekt", "eut", "urg", "loge", "e")
_WEAK_NOUNS = frozenset({"mensch", "herr", "bauer", "nachbar", "held"})
#: Endings of nouns whose plural is the singular (*der Lehrer, die Lehrer*).
_SAME_PLURAL = ("er", "el", "en", "chen", "lein")
#: A plural given in brackets after a form: *Arzt (Ärzte)*.
_PLURALS = re.compile(r"([^\s,()]+) \(([^)]*)\)")
_SINGULAR = frozenset({"sg"})
_PLURAL = frozenset({"pl"})
_EITHER = frozenset({"sg", "pl"})
#: A compound's head must have this many letters (*Tier-arzt*), its first part at least three.
_MIN_HEAD, _MIN_FIRST = 4, 3


@dataclass(frozen=True, slots=True)
class NounForm:
    """What one written form of a table form says: the rendering, whether it may be singular or
    plural, and for an adjectival noun its ending (*Angestellt-er*: ``er``)."""

    rendering: Rendering
    numbers: frozenset[str]  # {"sg"}, {"pl"} or both
    ending: str = ""  # "", or e, er, en, es, em for an adjectival noun

    @property
    def adjectival(self) -> bool:
        return bool(self.ending)


class InflectedTable(ProfessionTable):
    """English person nouns and their German renderings with their inflections; finds those renderings in a sentence."""

    def __init__(self, renderings: Iterable[Rendering],
                 plurals: Mapping[str, tuple[str, ...]] | None = None) -> None:
        renderings = list(renderings)
        super().__init__(renderings)
        surfaces: dict[str, list[NounForm]] = {}
        for rendering in renderings:
            for surface, form in _inflect(rendering, (plurals or {}).get(rendering.form, ())):
                surfaces.setdefault(surface, []).append(form)
        self._surfaces = {k: tuple(v) for k, v in surfaces.items()}

    def analyse(self, word: str, *, capitalised: bool = True) -> tuple[NounForm, ...]:
        """The table's readings of one written word (lowercased): the forms it inflects, else those
        of the last part of a compound (*Softwareentwickler* → *Entwickler*); a capitalised form
        is a noun and matches only a capitalised word."""
        found = self._known(word, capitalised)
        if found:
            return found
        for start in range(_MIN_FIRST, len(word) - _MIN_HEAD + 1):
            head = word[start:].lstrip("-")
            found = tuple(f for f in self._known(head, capitalised) if f.rendering.form[:1].isupper())
            if found and len(head) >= _MIN_HEAD:
                return found
        return ()

    def _known(self, word: str, capitalised: bool) -> tuple[NounForm, ...]:
        return tuple(f for f in self._surfaces.get(word, ()) if capitalised or not f.rendering.form[:1].isupper())

    def mentions(self, sentence: Sentence) -> list[Mention]:
        """Every rendering of a person noun in the sentence, left to right (one word each)."""
        found = []
        for index, word in enumerate(sentence.tokens):
            forms = self.analyse(word, capitalised=sentence.capitalised(index))
            if forms:
                renderings = tuple(dict.fromkeys(f.rendering for f in forms))
                plural = all(f.numbers == _PLURAL for f in forms)
                found.append(Mention(index, index + 1, (word,), plural, renderings))
        return found


def _inflect(rendering: Rendering, plurals: Sequence[str]) -> Iterable[tuple[str, NounForm]]:
    """The written forms of a rendering, lowercased, each with what it says."""
    base = rendering.form.lower()
    if not rendering.form[:1].isupper():  # a pronoun: jemand, jemanden, jemandem, jemandes
        for ending in ("", "en", "em", "es"):
            yield base + ending, NounForm(rendering, _SINGULAR)
        return
    if rendering.kind == "epicene" and base.endswith("e"):  # declined as an adjective: Angestellte, -er, -en
        for ending in ("e", "er", "en", "es", "em"):
            yield base[:-1] + ending, NounForm(rendering, _EITHER, ending)
        return
    yield base, NounForm(rendering, _EITHER if base.endswith(_SAME_PLURAL) else _SINGULAR)
    for plural in plurals:
        plural = plural.lower()
        yield plural, NounForm(rendering, _PLURAL)
        if not plural.endswith(("n", "s")):
            yield plural + "n", NounForm(rendering, _PLURAL)
    if rendering.gender == "f" or rendering.kind == "feminine":
        if base.endswith("in"):
            yield base + "nen", NounForm(rendering, _PLURAL)
        elif base.endswith("kraft"):
            yield base[:-5] + "kräfte", NounForm(rendering, _PLURAL)
            yield base[:-5] + "kräften", NounForm(rendering, _PLURAL)
        elif not base.endswith(_SAME_PLURAL[2:]):
            yield base + ("n" if base.endswith(("e", "el", "er")) else "en"), NounForm(rendering, _PLURAL)
        return
    if base.endswith(_WEAK_ENDINGS) or base in _WEAK_NOUNS or any(base.endswith(w) for w in _WEAK_NOUNS):
        yield base + ("n" if base.endswith(("e", "er", "el")) else "en"), NounForm(rendering, _EITHER)
        if base.endswith("herr"):
            yield base + "n", NounForm(rendering, _SINGULAR)
        if base.endswith("er"):  # des Bauers beside des Bauern
            yield base + "s", NounForm(rendering, _SINGULAR)
        return
    yield base + "s", NounForm(rendering, _SINGULAR if base.endswith(_SAME_PLURAL) else _EITHER)  # des Lehrers; die Chefs
    if not base.endswith(("s", "x", "z", "ß")) or base.endswith("tz"):
        yield base + "es", NounForm(rendering, _SINGULAR)  # des Arztes
    if base.endswith(_SAME_PLURAL):
        yield base + "n", NounForm(rendering, _PLURAL)  # den Lehrern
    elif not plurals:
        yield base + "e", NounForm(rendering, _PLURAL)  # die Friseure
        yield base + "en", NounForm(rendering, _PLURAL)  # den Friseuren


def parse_table(lines: Iterable[str]) -> InflectedTable:
    """The table from its text (``professions-en-de.tsv``): a ``TableError`` naming the line when
    a line is malformed or a form is given twice for one English noun."""
    plurals: dict[str, tuple[str, ...]] = {}
    plain = []
    for line in lines:
        if not line.startswith("#"):
            for form, given in _PLURALS.findall(line):
                plurals[form] = tuple(p.strip() for p in given.split(",") if p.strip())
            line = _PLURALS.sub(r"\1", line)
        plain.append(line)
    return InflectedTable(read_renderings(plain, tokenize=tokenize, language="German",
                                           fixed_genders=("m", "f", "n")), plurals)


def _table_text() -> str:
    return resources.files("pytest_mtchallenge.languages.de.data").joinpath(TABLE_FILE).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def profession_table() -> InflectedTable:
    """The shipped table, read once per process on first use."""
    return parse_table(_table_text().splitlines())


@functools.lru_cache(maxsize=1)
def table_signature() -> str:
    """``professions-<hash>``: which table judged a run."""
    return "professions-" + hashlib.sha256(_table_text().encode("utf-8")).hexdigest()[:12]


__all__ = ["KINDS", "InflectedTable", "Mention", "NounForm", "ProfessionTable", "Rendering", "TableError", "parse_table",
           "profession_table", "table_signature"]
