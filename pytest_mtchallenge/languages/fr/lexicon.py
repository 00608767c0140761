"""The French morphological lexicon (Lefff 3.4): analyses of a word form as lemma, part of speech and features."""
from __future__ import annotations

import functools
import gzip
import re
import unicodedata
import zlib
from dataclasses import dataclass, fields
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_mtchallenge.errors import MTChallengeError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

LEXICON_FILE = "lefff-3.4.tsv.gz"
FORMAT_MAGIC = b"#pytest-mtchallenge-lefff\t1"

# Lefff category -> normalised part of speech.
PARTS_OF_SPEECH: dict[str, str] = {
    "v": "verb",
    "auxAvoir": "aux",
    "auxEtre": "aux",
    "nc": "noun",
    "adj": "adj",
    "det": "det",
    "pro": "pron",
    "prel": "pron",
    "pri": "pron",
    "caimp": "pron",
    "cln": "clitic",
    "cla": "clitic",
    "cld": "clitic",
    "clr": "clitic",
    "clar": "clitic",
    "cldr": "clitic",
    "clg": "clitic",
    "cll": "clitic",
    "clneg": "clitic",
    "ilimp": "clitic",
    "ce": "clitic",
    "prep": "prep",
    "csu": "conj",
    "coo": "conj",
    "que": "conj",
    "que_restr": "adv",
    "adv": "adv",
    "advneg": "adv",
}

# Lefff category -> words a linguist reads in describe().
CATEGORY_NAMES: dict[str, str] = {
    "v": "verb",
    "auxAvoir": "auxiliary",
    "auxEtre": "auxiliary",
    "nc": "noun",
    "adj": "adjective",
    "det": "determiner",
    "pro": "pronoun",
    "prel": "relative pronoun",
    "pri": "interrogative pronoun",
    "caimp": "impersonal pronoun",
    "cln": "subject clitic",
    "cla": "accusative clitic",
    "cld": "dative clitic",
    "clr": "reflexive clitic",
    "clar": "reflexive accusative clitic",
    "cldr": "reflexive dative clitic",
    "clg": "genitive clitic",
    "cll": "locative clitic",
    "clneg": "negative clitic",
    "ilimp": "impersonal subject clitic",
    "ce": "subject clitic",
    "prep": "preposition",
    "csu": "subordinating conjunction",
    "coo": "coordinating conjunction",
    "que": "complementiser",
    "que_restr": "restrictive adverb",
    "adv": "adverb",
    "advneg": "negative adverb",
    "pres": "presentative or interjection",
}

# Verbal tag letter -> (mood, tense).
MOODS: dict[str, tuple[str, str | None]] = {
    "P": ("indicative", "present"),
    "I": ("indicative", "imperfect"),
    "J": ("indicative", "simple_past"),
    "F": ("indicative", "future"),
    "S": ("subjunctive", "present"),
    "T": ("subjunctive", "imperfect"),
    "C": ("conditional", None),
    "Y": ("imperative", None),
    "W": ("infinitive", None),
    "G": ("gerund", None),
    "K": ("participle", "past"),
}

# A Lefff tag: verbal letters, persons, gender, number, then the possessor of a possessive (_P1s).
# "e" alone marks an elided form (d', qu', n') and carries no feature.
_TAG = re.compile(
    r"(?P<moods>[PIJFSTCYWGK]*)(?P<persons>[123]*)(?P<gender>[mf]?)(?P<number>[sp]?)"
    r"(?:_P(?P<possessor_person>[123])(?P<possessor_number>[sp]))?"
)

# Clitics whose Lefff lemma is their category name get a citation form instead.
_ELIDED_CLITICS: dict[tuple[str, str], str] = {
    ("cln", "j'"): "je",
    ("cln", "ch'"): "je",
    ("cln", "t'"): "tu",
    ("cla", "m'"): "me",
    ("cld", "m'"): "me",
    ("clr", "m'"): "me",
    ("cla", "t'"): "te",
    ("cld", "t'"): "te",
    ("clr", "t'"): "te",
    ("clr", "s'"): "se",
    ("clar", "s'"): "se",
    ("cldr", "s'"): "se",
}
_CATEGORY_LEMMAS = frozenset({"cln", "cla", "cld", "clr", "clar", "cldr", "clg", "cll", "ilimp", "çaimp"})

# Query folding: Lefff writes the straight apostrophe and spells œ/æ as oe/ae.
_FOLD = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'", "`": "'", "\u00b4": "'",
     "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"}
)

_PERSON_WORDS = {1: "1st person", 2: "2nd person", 3: "3rd person"}
_GENDER_WORDS = {"m": "masculine", "f": "feminine"}
_NUMBER_WORDS = {"s": "singular", "p": "plural"}


class LexiconError(MTChallengeError):
    """The lexicon file is missing, unreadable or not in the expected format."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """One reading of a word form: lemma, part of speech and the features of that single reading."""

    form: str
    lemma: str
    pos: str
    lefff_category: str
    gender: str | None = None
    number: str | None = None
    person: int | None = None
    mood: str | None = None
    tense: str | None = None
    possessor_person: int | None = None
    possessor_number: str | None = None
    lefff_tag: str = ""

    def describe(self) -> str:
        """The reading in words, e.g. "venir, subjunctive present, 2nd person plural"."""
        parts = [self.lemma]
        if self.pos == "aux":
            parts.append("auxiliary")
        if self.mood is None:
            parts.append(CATEGORY_NAMES.get(self.lefff_category, self.lefff_category))
        elif self.pos == "adj":
            parts.append("adjective (past participle)")
        elif self.mood == "participle":
            parts.append("past participle")
        elif self.mood == "gerund":
            parts.append("present participle (gerund)")
        else:
            parts.append(" ".join(word for word in (self.mood, self.tense) if word).replace("_", " "))
        features = " ".join(
            word
            for word in (
                _PERSON_WORDS.get(self.person) if self.person else None,
                _GENDER_WORDS.get(self.gender) if self.gender else None,
                _NUMBER_WORDS.get(self.number) if self.number else None,
            )
            if word
        )
        if features:
            parts.append(features)
        if self.possessor_person:
            possessor = f"possessor {_PERSON_WORDS[self.possessor_person]}"
            if self.possessor_number:
                possessor += f" {_NUMBER_WORDS[self.possessor_number]}"
            parts.append(possessor)
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class TagReading:
    """The features of one single reading of a Lefff morphological tag."""

    mood: str | None = None
    tense: str | None = None
    person: int | None = None
    gender: str | None = None
    number: str | None = None
    possessor_person: int | None = None
    possessor_number: str | None = None


def decode_tag(tag: str) -> tuple[TagReading, ...]:
    """The single readings of a Lefff tag: a combined tag such as PS13s gives four.

    Raises ValueError for a tag outside the Lefff 3.4 tagset as found in the data.
    """
    if tag == "e":
        return (TagReading(),)
    match = _TAG.fullmatch(tag)
    if match is None:
        raise ValueError(f"unknown Lefff tag {tag!r}")
    persons: list[int | None] = [int(digit) for digit in match["persons"]] or [None]
    moods: list[tuple[str | None, str | None]] = [MOODS[letter] for letter in match["moods"]] or [(None, None)]
    possessor_person = int(match["possessor_person"]) if match["possessor_person"] else None
    return tuple(
        TagReading(
            mood=mood,
            tense=tense,
            person=person,
            gender=match["gender"] or None,
            number=match["number"] or None,
            possessor_person=possessor_person,
            possessor_number=match["possessor_number"],
        )
        for mood, tense in moods
        for person in persons
    )


def citation_lemma(*, form: str, lemma: str, category: str, gender: str | None) -> str:
    """The Lefff lemma as a linguist cites it.

    Clitics whose Lefff lemma is their category name (cln, cla ...) get their own form, unelided
    (j' -> je, l' -> le or la) and without the inversion hyphen (-t-il -> il); interrogative
    pronouns lose the "?" Lefff appends (qui? -> qui). Every other lemma is Lefff's.
    """
    if category == "pri":
        return lemma.removesuffix("?")
    if lemma not in _CATEGORY_LEMMAS:
        return lemma
    bare = form.lower().removeprefix("-").removeprefix("t-")
    if bare == "l'":
        return "la" if gender == "f" else "le"
    return _ELIDED_CLITICS.get((category, bare), bare)


def analyse_entry(form: str, entry: list[str]) -> tuple[Analysis, ...]:
    """Analyses of a form from the flat (category, lemma, tag, category, lemma, tag ...) fields of its line."""
    if not entry or len(entry) % 3:
        raise ValueError(f"the line of {form!r} does not hold (category, lemma, tag) triples")
    analyses: list[Analysis] = []
    for index in range(0, len(entry), 3):
        category, lemma, tag = entry[index : index + 3]
        for reading in decode_tag(tag):
            analyses.append(
                Analysis(
                    form=form,
                    lemma=citation_lemma(form=form, lemma=lemma, category=category, gender=reading.gender),
                    pos=PARTS_OF_SPEECH.get(category, "other"),
                    lefff_category=category,
                    gender=reading.gender,
                    number=reading.number,
                    person=reading.person,
                    mood=reading.mood,
                    tense=reading.tense,
                    possessor_person=reading.possessor_person,
                    possessor_number=reading.possessor_number,
                    lefff_tag=tag,
                )
            )
    return tuple(analyses)


def fold(form: str) -> str:
    """A query form spelled as Lefff spells it: NFC, straight apostrophe, oe/ae for œ/æ."""
    return unicodedata.normalize("NFC", form).translate(_FOLD)


class Lexicon:
    """Word forms and their analyses, read from the shipped Lefff file.

    The file is kept in memory as its decompressed bytes (one sorted line per form);
    a lookup is a binary search, and the analyses of a form are parsed on first use.
    """

    def __init__(self, content: bytes, *, source: str) -> None:
        self.source = source
        self._content = content
        self._body_start = content.index(b"\n") + 1
        self._parsed: dict[str, tuple[Analysis, ...]] = {}
        self._forms_by_lemma: dict[str, tuple[str, ...]] | None = None

    @classmethod
    def load(cls, path: str | Path | None = None) -> Lexicon:
        """Read a lexicon file (default: the one shipped in pytest_mtchallenge/languages/fr/data)."""
        source: Traversable | Path = Path(path) if path is not None else _shipped_file()
        try:
            compressed = source.read_bytes()
        except FileNotFoundError:
            raise LexiconError("Lefff lexicon file not found", file=str(source)) from None
        except OSError as error:
            message = f"cannot read the Lefff lexicon file: {error.strerror or error}"
            raise LexiconError(message, file=str(source)) from None
        try:
            content = gzip.decompress(compressed)
        except (OSError, EOFError, zlib.error) as error:
            message = f"corrupt Lefff lexicon file (not a complete gzip file: {error})"
            raise LexiconError(message, file=str(source)) from None
        if not content.startswith(FORMAT_MAGIC + b"\t") or not content.endswith(b"\n"):
            raise LexiconError(
                "corrupt Lefff lexicon file (not in the pytest-mtchallenge lexicon format 1; "
                "regenerate it with tools/build_lefff.py)",
                file=str(source),
            )
        return cls(content, source=str(source))

    def analyses(self, form: str) -> tuple[Analysis, ...]:
        """Every reading of a form: the form as written, else folded (’ → ', œ → oe), else lowercased."""
        folded = fold(form)
        for candidate in dict.fromkeys((form, folded, folded.lower())):
            found = self._analyses_of(candidate)
            if found:
                return found
        return ()

    def __contains__(self, form: object) -> bool:
        return isinstance(form, str) and bool(self.analyses(form))

    def lemmas(self, form: str) -> frozenset[str]:
        """The lemmas of every reading of a form."""
        return frozenset(analysis.lemma for analysis in self.analyses(form))

    def forms(self, lemma: str, **features: object) -> tuple[str, ...]:
        """Forms of a lemma that have a reading with every given feature.

        ``forms("venir", mood="subjunctive", person=2)``; the lemma-to-forms index is built
        on the first call (about 0.6 s and 75 MB).
        """
        known = {field.name for field in fields(Analysis)}
        unknown = sorted(set(features) - known)
        if unknown:
            raise TypeError(f"unknown Analysis feature(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        found = [
            form
            for form in self._reverse_index().get(lemma, ())
            if any(
                analysis.lemma == lemma and all(getattr(analysis, name) == value for name, value in features.items())
                for analysis in self._analyses_of(form)
            )
        ]
        return tuple(found)

    def _analyses_of(self, form: str) -> tuple[Analysis, ...]:
        cached = self._parsed.get(form)
        if cached is not None:
            return cached
        line = self._line_of(form)
        if line is None:
            return ()
        try:
            analyses = analyse_entry(form, line.decode("utf-8").split("\t")[1:])
        except (UnicodeDecodeError, ValueError) as error:
            raise LexiconError(f"corrupt Lefff lexicon entry: {error}", file=self.source) from None
        self._parsed[form] = analyses
        return analyses

    def _line_of(self, form: str) -> bytes | None:
        """Binary search of the sorted lines (UTF-8 byte order is code-point order)."""
        if not form or "\t" in form or "\n" in form:
            return None
        key = form.encode("utf-8")
        content = self._content
        low, high = self._body_start, len(content)
        while low < high:
            middle = (low + high) // 2
            newline = content.rfind(b"\n", low, middle)
            start = low if newline < 0 else newline + 1
            end = content.index(b"\n", start)
            tab = content.find(b"\t", start, end)
            current = content[start : tab if tab >= 0 else end]
            if current == key:
                return content[start:end]
            if current < key:
                low = end + 1
            else:
                high = start
        return None

    def _reverse_index(self) -> dict[str, tuple[str, ...]]:
        if self._forms_by_lemma is None:
            index: dict[str, dict[str, None]] = {}
            for line in self._content[self._body_start :].decode("utf-8").splitlines():
                form, *entry = line.split("\t")
                for position in range(0, len(entry) - 2, 3):
                    category, lemma = entry[position], entry[position + 1]
                    for gender in ("m", "f"):  # l' is le or la
                        citation = citation_lemma(form=form, lemma=lemma, category=category, gender=gender)
                        index.setdefault(citation, {})[form] = None
            self._forms_by_lemma = {lemma: tuple(forms) for lemma, forms in index.items()}
        return self._forms_by_lemma


def _shipped_file() -> Traversable | Path:
    try:
        shipped = resources.files("pytest_mtchallenge.languages.fr.data").joinpath(LEXICON_FILE)
    except (ModuleNotFoundError, TypeError):
        return Path(__file__).parent / "data" / LEXICON_FILE
    return shipped if shipped.is_file() else Path(__file__).parent / "data" / LEXICON_FILE


@functools.lru_cache(maxsize=1)
def default_lexicon() -> Lexicon:
    """The shipped lexicon, loaded once per process on first use."""
    return Lexicon.load()


@functools.lru_cache(maxsize=1)
def lexicon_signature() -> str:
    """``lefff-3.4@<hash>``: which lexicon judged a run (for run signatures)."""
    import hashlib

    data = _shipped_file().read_bytes()
    return f"lefff-3.4@{hashlib.sha256(data).hexdigest()[:10]}"
