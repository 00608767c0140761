"""The English language pack: one reader for every English-target checker family."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.languages.en.stop_words import STOP_PHRASES, STOP_WORDS

def _is_word(word: str) -> bool:
    from pytest_mtchallenge.languages.en.lexicon import is_english_word

    return is_english_word(word)


def _has_finite_verb(text: str) -> bool | None:
    from pytest_mtchallenge.languages.en.lexicon import has_finite_verb

    return has_finite_verb(text)


def _predicates(text: str) -> tuple[str, ...]:
    from pytest_mtchallenge.languages.en.reader import clause_predicates

    return clause_predicates(text)


def _nouns(text: str) -> frozenset[str]:
    from pytest_mtchallenge.languages.en.lexicon import determined_nouns

    return determined_nouns(text)


PACK = LanguagePack(
    code="en", stop_words=STOP_WORDS, name="English", is_word=_is_word, has_finite_verb=_has_finite_verb,
    nouns=_nouns, predicates=_predicates, function_phrases=STOP_PHRASES,
    abbreviations=frozenset({"Mr.", "Mrs.", "Ms.", "Dr.", "Prof.", "St.", "Jr.", "Sr.", "vs.", "etc.", "e.g.", "i.e.",
                             "Inc.", "Ltd.", "Co.", "No.", "Mt.", "Ave.", "approx.", "Ph.D.", "U.S.", "a.m.", "p.m."}),
)
