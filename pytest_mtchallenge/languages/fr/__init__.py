"""The French language pack: the Lefff lexicon and one reader for every French-target checker family."""
from __future__ import annotations

from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.languages.fr.stop_words import STOP_PHRASES, STOP_WORDS


def _signature() -> str:
    from pytest_mtchallenge.languages.fr.lexicon import lexicon_signature

    return lexicon_signature()


def _is_word(word: str) -> bool:
    from pytest_mtchallenge.languages.fr.words import is_french_word

    return is_french_word(word)


def _has_finite_verb(text: str) -> bool:
    from pytest_mtchallenge.languages.fr.words import has_finite_verb

    return has_finite_verb(text)


def _broken_structures(text: str) -> tuple[str, ...]:
    from pytest_mtchallenge.languages.fr.words import broken_structures

    return broken_structures(text)


def _lemmas(word: str) -> frozenset[str]:
    from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
    from pytest_mtchallenge.languages.fr.reader import readings

    return frozenset(analysis.lemma for analysis in readings(default_lexicon(), word))


def _predicates(text: str) -> tuple[str, ...]:
    from pytest_mtchallenge.languages.fr.words import clause_predicates

    return clause_predicates(text)


def _nouns(text: str) -> frozenset[str]:
    from pytest_mtchallenge.languages.fr.words import determined_nouns

    return determined_nouns(text)


PACK = LanguagePack(
    code="fr", stop_words=STOP_WORDS, name="French", signature=_signature, is_word=_is_word,
    has_finite_verb=_has_finite_verb, broken_structures=_broken_structures, lemmas=_lemmas, nouns=_nouns,
    predicates=_predicates, function_phrases=STOP_PHRASES,
    abbreviations=frozenset({"M.", "MM.", "Mme.", "Mlle.", "Dr.", "Pr.", "St.", "Ste.", "p.", "pp.", "cf.", "etc.",
                             "av.", "bd.", "chap.", "env.", "vol.", "n°.", "J.-C."}),
    elisions=frozenset({"c", "d", "j", "l", "m", "n", "s", "t", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu",
                        "presqu"}),
)
