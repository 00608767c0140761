"""The Spanish and Italian packs and the reader they share (languages/romance.py): found by code, their function
words catch an untranslated output, sentence splitting, articles told from object pronouns, verbs, agreement."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.languages import language_pack, split_sentences
from pytest_mtchallenge.languages.es.reader import SentenceReader as Spanish
from pytest_mtchallenge.languages.identify import untranslated
from pytest_mtchallenge.languages.it.reader import SentenceReader as Italian

SOURCE = "The developer argued with the designer because she did not like the design."


@pytest.mark.parametrize(("code", "name", "word"), [("es", "Spanish", "desarrolladora"), ("it", "Italian", "stanca")])
def test_the_packs_are_found_by_code_and_know_their_words(code: str, name: str, word: str) -> None:
    pack = language_pack(code)
    assert pack.name == name and pack.is_word is not None and pack.is_word(word)
    assert pack.signature().startswith("simplemma-")


@pytest.mark.parametrize(("target", "translation"), [
    ("es", "La desarrolladora discutió con el diseñador porque no le gustaba el diseño."),
    ("it", "La sviluppatrice ha litigato con il progettista perché non le piaceva il design."),
])
def test_an_english_output_is_untranslated_and_a_translation_is_not(target: str, translation: str) -> None:
    english = "The developer argued with the designer because she did not like it."
    assert untranslated(english, source=SOURCE, source_language="en", target_language=target) is not None
    assert untranslated(translation, source=SOURCE, source_language="en", target_language=target) is None


def test_abbreviations_do_not_end_a_sentence() -> None:
    assert split_sentences("El Sr. García llegó tarde. Luego se fue.", "es") == [
        "El Sr. García llegó tarde.", "Luego se fue."]
    assert split_sentences("Il Dott. Rossi è arrivato. Poi è andato via.", "it") == [
        "Il Dott. Rossi è arrivato.", "Poi è andato via."]


@pytest.mark.parametrize(("sentence", "word", "clitic"), [
    ("El jefe la contrató ayer.", "la", True),
    ("Y la ayudó con la mudanza.", "la", True),
    ("Habló a la secretaria.", "la", False),
    ("Vio la casa del jefe.", "la", False),
])
def test_an_article_is_told_from_an_object_pronoun_by_what_stands_around_it(sentence: str, word: str,
                                                                             clitic: bool) -> None:
    reader = Spanish(sentence)
    assert reader.is_clitic(reader.tokens.index(word)) is clitic


@pytest.mark.parametrize(("sentence", "verbs"), [
    ("L'analista è stanca e la porta è chiusa.", ["è", "è"]),  # la porta: an article and a noun
    ("La guardia chiese al cassiere di aspettare.", ["chiese"]),  # simplemma reads chiese as churches
])
def test_finite_verbs(sentence: str, verbs: list[str]) -> None:
    reader = Italian(sentence)
    assert [reader.tokens[i] for i in range(len(reader.tokens)) if reader.is_finite(i)] == verbs


@pytest.mark.parametrize(("word", "gender"), [("stanca", "f"), ("stanchi", "m"), ("stanche", "f"), ("felice", None),
                                              ("felici", None), ("egoista", None), ("licenziate", "f")])
def test_the_gender_an_italian_form_shows(word: str, gender: str | None) -> None:
    assert Italian(word).form_gender(0) == gender
