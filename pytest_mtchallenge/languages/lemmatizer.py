"""Word lemmas for any target language that simplemma knows (imported at first use)."""
from __future__ import annotations

import functools
import importlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.languages import base_code
from pytest_mtchallenge.text.normalise import normalise_text

#: Words are runs of letters: hyphens and apostrophes split them (*Landsham-Süd* → *Landsham*, *Süd*;
#: *l'immeuble* → *l*, *immeuble*), so that a compound rendering still shows its parts.
_WORD = re.compile(r"[^\W\d_]+|\d+(?:[.,]\d+)*", re.UNICODE)


class LemmatizerError(MTChallengeError):
    """No lemmatizer for the language, or simplemma is not installed."""


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a text: its index among the words, its form as written and its lemma (casefolded)."""

    index: int
    form: str
    lemma: str


def supports(language: str) -> bool:
    """Whether simplemma has a dictionary for ``language`` (an ISO 639-1 code)."""
    return base_code(language) in _supported()


@functools.cache
def _supported() -> frozenset[str]:
    try:
        factory = importlib.import_module("simplemma.strategies.dictionaries.dictionary_factory")
    except ModuleNotFoundError:
        return frozenset()
    return frozenset(getattr(factory, "SUPPORTED_LANGUAGES", ()))


@functools.cache
def _simplemma():  # type: ignore[no-untyped-def]
    try:
        return importlib.import_module("simplemma")
    except ModuleNotFoundError:
        raise LemmatizerError("the lemmatizer simplemma is not installed (pip install simplemma)") from None


@functools.lru_cache(maxsize=65536)
def lemma(form: str, language: str) -> str:
    """The casefolded lemma of one word form (the form itself, casefolded, when the dictionary lacks it)."""
    code = base_code(language)
    if code not in _supported():
        raise LemmatizerError(f"no lemmatizer for language {language!r} (simplemma knows: "
                              f"{', '.join(sorted(_supported())) or 'nothing: it is not installed'})")
    found = _simplemma().lemmatize(form, lang=code)
    if found.casefold() == form.casefold() and not form.islower():
        found = _simplemma().lemmatize(form.lower(), lang=code)  # a sentence-initial capital
    return fold(found)


@functools.lru_cache(maxsize=65536)
def readings(form: str, language: str) -> frozenset[str]:
    """Every lemma a word form may have, casefolded: the form itself, simplemma's lemma and that
    lemma's own (German *geschlossene* → geschlossen → schließen), and the lemmas of the language
    pack's lexicon where it has one (French *prise* → prendre, prise, priser; *actrice* → acteur).
    Two forms are the same word when their readings meet (*pris* and *prise*: prendre)."""
    from pytest_mtchallenge.languages import language_pack

    first = lemma(form, language)
    found = {fold(form), first, lemma(first, language)}
    pack = language_pack(language)
    if pack.lemmas is not None:
        found |= {fold(reading) for reading in pack.lemmas(fold(form))}
    return frozenset(found)


def fold(text: str) -> str:
    """Casefolded NFC text, for comparing lemmas and names."""
    return unicodedata.normalize("NFC", text).casefold()


def words(text: str, language: str) -> tuple[Word, ...]:
    """The words of ``text`` with their lemmas."""
    forms = _WORD.findall(normalise_text(text))
    return tuple(Word(index, form, lemma(form, language)) for index, form in enumerate(forms))


def lemmas_of(phrase: str, language: str) -> tuple[str, ...]:
    """The lemmas of a word or phrase given as a parameter (*party conference* → (party, conference))."""
    return tuple(word.lemma for word in words(phrase, language))


def count_readings(phrase: tuple[frozenset[str], ...], words: Iterable[frozenset[str]]) -> int:
    """How often ``phrase`` occurs in ``words`` (non-overlapping), each given as its readings
    (:func:`readings`): a word matches when its readings meet the phrase word's."""
    sequence = tuple(words)
    size, found, index = len(phrase), 0, 0
    while size and index + size <= len(sequence):
        if all(sequence[index + offset] & phrase[offset] for offset in range(size)):
            found += 1
            index += size
        else:
            index += 1
    return found


def count(phrase: tuple[str, ...], lemmas: Iterable[str]) -> int:
    """How often the lemma sequence ``phrase`` occurs in ``lemmas`` (non-overlapping)."""
    sequence = tuple(lemmas)
    size, found, index = len(phrase), 0, 0
    while size and index + size <= len(sequence):
        if sequence[index:index + size] == phrase:
            found += 1
            index += size
        else:
            index += 1
    return found


def signature() -> str:
    """``simplemma-<version>``: which lemmatizer judged a run."""
    try:
        version = importlib.import_module("simplemma").__version__
    except ModuleNotFoundError:
        return "simplemma-missing"
    return f"simplemma-{version}"


__all__ = ["LemmatizerError", "Word", "count", "count_readings", "fold", "lemma", "lemmas_of", "readings",
           "signature", "supports", "words"]
