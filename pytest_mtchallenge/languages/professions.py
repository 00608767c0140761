"""What every language's profession table shares: a rendering of an English person noun, a mention, the columns."""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

#: The table's columns after the English noun, in order: what each says about a form's gender.
KINDS = ("masculine", "feminine", "epicene", "generic", "fixed", "sense")
_COLUMN_GENDER = {"masculine": "m", "feminine": "f", "epicene": None, "generic": "m"}


class TableError(ValueError):
    """A profession table is malformed (the line and what is wrong)."""


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


def read_renderings(lines: Iterable[str], *, tokenize: Callable[[str], Sequence[str]], language: str,
                    fixed_genders: Collection[str] = ("m", "f")) -> list[Rendering]:
    """The renderings of a table's text (tab-separated: the English noun, then one column per kind,
    forms separated by ``, ``, ``-`` for none; ``fixed`` and ``sense`` entries as ``FORM:GENDER``):
    a ``TableError`` naming the line when a line is malformed or a form is given twice for one noun."""
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


def _entries(cell: str) -> list[str]:
    cell = cell.strip()
    if cell in ("", "-"):
        return []
    return [entry.strip() for entry in cell.split(",") if entry.strip()]


__all__ = ["KINDS", "Mention", "Rendering", "TableError", "read_renderings"]
