"""Bilingual tables of person nouns (an English profession → its renderings in one target language and
what each form says of the person's sex): the table format every pack's ``professions.py`` reads.

A pack ships ``data/professions-en-<code>.tsv`` and binds it with :func:`load_table`, giving its
tokeniser (forms are matched on the pack's tokens) and its plural rule (plurals are not listed): a
:class:`PluralRuleTable`. A pack whose nouns inflect beyond a plural rule (German: case endings, adjectival
nouns, compounds) reads the same format with :func:`read_renderings` and matches the renderings with a
:class:`ProfessionTable` subclass of its own.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

#: The table's columns after the English noun, in order: what each says about a form's gender.
KINDS = ("masculine", "feminine", "epicene", "generic", "fixed", "sense")
_COLUMN_GENDER = {"masculine": "m", "feminine": "f", "epicene": None, "generic": "m"}

#: A pack's tokeniser and plural rule: a word's plural forms (an invariable word has none).
Tokenize = Callable[[str], Sequence[str]]
Plurals = Callable[[str], Iterable[str]]


class TableError(ValueError):
    """The profession table is malformed (the line and what is wrong)."""


@dataclass(frozen=True, slots=True)
class Rendering:
    """One rendering of an English person noun in the target language.

    ``kind`` says what its form tells of the person: ``masculine`` / ``feminine`` (a form with a
    distinct form for the other sex), ``epicene`` (one form, the determiner shows the gender),
    ``generic`` (a masculine form traditionally used for both sexes: *médecin*, German *Lehrer*),
    ``fixed`` (a grammatical gender that never follows the person's sex: *la victime*, *das Kind*),
    ``sense`` (another sense of the word: *moteur* for *mover*). ``gender`` is the form's
    grammatical gender (``m``, ``f``, ``n``; None for an epicene form).
    """

    english: str
    form: str
    words: tuple[str, ...]
    kind: str
    gender: str | None

    @property
    def tells_sex(self) -> bool:
        """Whether the form itself shows the person's sex (*développeuse*, not *secrétaire* or *victime*)."""
        return self.kind in ("masculine", "feminine", "generic", "sense")


@dataclass(frozen=True, slots=True)
class Mention:
    """A stretch of a sentence that renders one or more English person nouns."""

    start: int
    end: int  # the index after its last word
    words: tuple[str, ...]
    plural: bool
    renderings: tuple[Rendering, ...]  # one per English noun the form renders

    @property
    def english(self) -> frozenset[str]:
        return frozenset(r.english for r in self.renderings)

    def rendering(self, english: str) -> Rendering | None:
        return next((r for r in self.renderings if r.english == english), None)

    @property
    def text(self) -> str:
        return " ".join(self.words).replace("' ", "'")


class ProfessionTable:
    """English person nouns and their renderings in one target language: what every pack's table answers
    (the ``entity_gender`` family reads tables through it). Each pack's table finds the renderings in a
    sentence its own way: :class:`PluralRuleTable` in tokens, German's by its inflections and compounds."""

    def __init__(self, renderings: Iterable[Rendering]) -> None:
        by_english: dict[str, list[Rendering]] = {}
        for rendering in renderings:
            by_english.setdefault(rendering.english, []).append(rendering)
        self.renderings: Mapping[str, tuple[Rendering, ...]] = {k: tuple(v) for k, v in by_english.items()}

    @property
    def english(self) -> tuple[str, ...]:
        """The English nouns the table knows."""
        return tuple(self.renderings)

    def forms(self, english: str) -> tuple[str, ...]:
        """The renderings' forms of an English noun, each once, in the table's order."""
        return tuple(dict.fromkeys(r.form for r in self.renderings.get(english, ())))


class PluralRuleTable(ProfessionTable):
    """A table whose forms inflect by a plural rule only (French, Spanish, Italian); finds its renderings in tokens."""

    def __init__(self, renderings: Iterable[Rendering], plurals: Plurals) -> None:
        renderings = list(renderings)
        super().__init__(renderings)
        by_head: dict[str, list[Rendering]] = {}
        for rendering in renderings:
            by_head.setdefault(rendering.words[0], []).append(rendering)
        # longest forms first, so that *rédacteur en chef* is read before *rédacteur*
        self._by_head = {k: tuple(sorted(v, key=lambda r: -len(r.words))) for k, v in by_head.items()}
        self._plurals = plurals
        by_plural: dict[str, list[str]] = {}
        for head in self._by_head:
            for plural in plurals(head):
                if plural != head:
                    by_plural.setdefault(plural, []).append(head)
        self._by_plural = by_plural

    def mentions(self, tokens: Sequence[str]) -> list[Mention]:
        """Every rendering of a person noun in ``tokens`` (lowercased, as the pack tokenises),
        left to right, the longest form at each place, singular or plural."""
        found: list[Mention] = []
        index = 0
        while index < len(tokens):
            mention = self._mention_at(tokens, index)
            if mention is None:
                index += 1
                continue
            found.append(mention)
            index = mention.end
        return found

    def _mention_at(self, tokens: Sequence[str], index: int) -> Mention | None:
        token = tokens[index]
        heads = [(token, False), *((head, True) for head in self._by_plural.get(token, ()))]
        for head, plural in heads:
            for rendering in self._by_head.get(head, ()):
                size = len(rendering.words)
                rest = tokens[index + 1:index + size]
                if tuple(rest) == rendering.words[1:] or plural and self._plural_rest(rest, rendering.words[1:]):
                    same = tuple(r for r in self._by_head[head] if r.words == rendering.words)
                    return Mention(index, index + size, tuple(tokens[index:index + size]), plural, same)
        return None

    def _plural_rest(self, rest: Sequence[str], words: Sequence[str]) -> bool:
        """The rest of a plural form: its adjectives may be plural too (*directeurs généraux* is not
        listed, *ouvriers du bâtiment* is)."""
        return len(rest) == len(words) and all(r == w or r in self._plurals(w) for r, w in zip(rest, words))


def read_renderings(lines: Iterable[str], *, tokenize: Tokenize, language: str,
                    fixed_genders: Collection[str] = ("m", "f")) -> list[Rendering]:
    """The renderings of a table's text (tab-separated: the English noun, then one column per kind,
    forms separated by ``, ``, ``-`` for none; ``fixed`` and ``sense`` entries as ``FORM:GENDER``):
    a ``TableError`` naming the line when a line is malformed or a form is given twice for one noun.
    ``language`` names the target language in messages; ``fixed_genders`` are the genders a fixed or
    sense entry may have (German adds ``n``)."""
    renderings: list[Rendering] = []
    seen_english: set[str] = set()
    header_seen = False
    genders = " or ".join(f"FORM:{g}" for g in fixed_genders)
    for number, line in enumerate(lines, 1):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header_seen:
            if cells != ["english", *KINDS[:-1], "senses"]:
                raise TableError(f"line {number}: expected the header 'english, {', '.join(KINDS[:-1])}, senses'")
            header_seen = True
            continue
        if len(cells) != len(KINDS) + 1:
            raise TableError(f"line {number}: {len(cells)} columns, expected {len(KINDS) + 1}")
        english = cells[0].strip()
        if not english or english != english.lower() or english in seen_english:
            raise TableError(f"line {number}: the English noun {english!r} is empty, not lowercase or given twice")
        seen_english.add(english)
        forms: set[str] = set()
        for kind, cell in zip(KINDS, cells[1:]):
            for entry in _entries(cell):
                form, gender = entry, _COLUMN_GENDER.get(kind)
                if kind in ("fixed", "sense"):
                    form, _, gender = entry.rpartition(":")
                    if gender not in fixed_genders or not form:
                        raise TableError(f"line {number}: {kind} entry {entry!r} must be {genders}")
                words = tuple(tokenize(form))
                if not words or form in forms:
                    raise TableError(f"line {number}: the form {form!r} is empty or given twice for {english!r}")
                forms.add(form)
                renderings.append(Rendering(english, form, words, kind, gender))
        if not forms:
            raise TableError(f"line {number}: {english!r} has no {language} form")
    if not header_seen:
        raise TableError("the table has no header line")
    return renderings


def parse_table(lines: Iterable[str], *, tokenize: Tokenize, plurals: Plurals, language: str) -> PluralRuleTable:
    """The table from its text (``professions-en-<code>.tsv``): a ``TableError`` naming the line when
    a line is malformed or a form is given twice for one English noun. ``language`` names the
    target language in messages."""
    return PluralRuleTable(read_renderings(lines, tokenize=tokenize, language=language), plurals)


def _entries(cell: str) -> list[str]:
    cell = cell.strip()
    if cell in ("", "-"):
        return []
    return [entry.strip() for entry in cell.split(",") if entry.strip()]


def load_table(package: str, name: str, *, tokenize: Tokenize, plurals: Plurals, language: str) -> PluralRuleTable:
    """A pack's shipped table (``name`` in the data package ``package``); the pack caches it."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return parse_table(text.splitlines(), tokenize=tokenize, plurals=plurals, language=language)


def pack_table(code: str, language: str, *, tokenize: Tokenize, plurals: Plurals) -> Callable[[], PluralRuleTable]:
    """The loader of the table a pack ships (``languages/<code>/data/professions-en-<code>.tsv``), giving its
    tokeniser and plural rule: the table is read once per process, at the loader's first call."""
    @functools.lru_cache(maxsize=1)
    def profession_table() -> PluralRuleTable:
        """The shipped table, read once per process on first use."""
        return load_table(f"pytest_mtchallenge.languages.{code}.data", f"professions-en-{code}.tsv", tokenize=tokenize,
                          plurals=plurals, language=language)
    return profession_table


__all__ = ["KINDS", "Mention", "PluralRuleTable", "Plurals", "ProfessionTable", "Rendering", "TableError", "Tokenize", "load_table", "pack_table",
           "parse_table", "read_renderings"]
