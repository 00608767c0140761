"""The reading interface every entity_gender language's reader implements (languages/reading.py)."""
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
