"""The reading interface every language pack's reader implements (languages/reading.py)."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from pytest_mtchallenge.languages.de.reader import Sentence
from pytest_mtchallenge.languages.es.reader import SentenceReader as SpanishReader
from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
from pytest_mtchallenge.languages.fr.reader import SentenceReader as FrenchReader
from pytest_mtchallenge.languages.it.reader import SentenceReader as ItalianReader
from pytest_mtchallenge.languages.reading import Reading


@pytest.mark.parametrize(("read", "text", "verb"), [
    (lambda text: FrenchReader(text, default_lexicon()), "La développeuse était fatiguée.", "était"),
    (SpanishReader, "La desarrolladora estaba cansada.", "estaba"),
    (ItalianReader, "La sviluppatrice era stanca.", "era"),
])
def test_a_reader_is_a_reading_that_finds_the_finite_verb(read: Callable[[str], Reading], text: str, verb: str) -> None:
    sentence = read(text)
    assert isinstance(sentence, Reading)
    assert not sentence.is_empty
    found = sentence.first_finite_verb(0)
    assert found is not None and sentence.tokens[found] == verb


def test_the_czech_reader_is_a_reading_that_finds_the_finite_verb() -> None:
    from pytest_mtchallenge.languages.cs.reader import Sentence as CzechSentence

    sentence = CzechSentence("Vývojářka byla unavená.")
    assert isinstance(sentence, Reading)
    assert not sentence.is_empty and sentence.tokens[0] == "vývojářka"
    found = sentence.first_finite_verb(0)
    assert found is not None and sentence.tokens[found] == "byla"
    assert sentence.first_finite_verb(found + 1) is None
    assert CzechSentence("…").is_empty


def test_the_german_reader_is_a_reading_that_reads_no_verbs() -> None:
    sentence = Sentence.read("Die Entwicklerin war müde.")
    assert isinstance(sentence, Reading)
    assert sentence.tokens[:2] == ("die", "entwicklerin")
    assert sentence.first_finite_verb(0) is None
    assert Sentence.read("…").is_empty


@pytest.mark.parametrize(("text", "verb"), [
    ("The developer was tired.", "was"),
    ("They go home.", "go"),
    ("She often writes letters.", "writes"),  # an adverb between the subject and its verb
    ("I want to have a dog.", "want"),
    ("His will was read.", "was"),  # a modal's form after a determiner is a noun
    ("It's late.", "'s"),
    ("John's car broke down.", "broke"),  # a possessive 's is no verb; a past that is no participle is
    ("He could have gone.", "could"),
    ("Having eaten, we left.", "left"),
    ("Do you like it?", "do"),
    ("The boy who loves Mary came.", "loves"),
    ("Reading books is fun.", "is"),
    ("The cats sleep.", None),  # without parts of speech, a plural noun and its present verb are unsure
    ("To be or not to be.", None),
])
def test_the_english_reader_is_a_reading_that_finds_the_finite_verbs_it_is_sure_of(text: str, verb: str | None) -> None:
    from pytest_mtchallenge.languages.en.reader import Sentence as EnglishSentence

    sentence = EnglishSentence(text)
    assert isinstance(sentence, Reading)
    found = sentence.first_finite_verb(0)
    assert (sentence.tokens[found] if found is not None else None) == verb


def test_the_english_reader_reads_on_from_where_it_is_asked() -> None:
    from pytest_mtchallenge.languages.en.reader import Sentence as EnglishSentence

    sentence = EnglishSentence("She said that they had left.")
    first = sentence.first_finite_verb(0)
    assert first is not None and sentence.tokens[first] == "said"
    second = sentence.first_finite_verb(first + 1)
    assert second is not None and sentence.tokens[second] == "had"
    assert sentence.first_finite_verb(second + 1) is None  # "left" after "had" is its participle
    assert EnglishSentence("…").is_empty and EnglishSentence("…").first_finite_verb(0) is None
