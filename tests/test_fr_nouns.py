"""The French pack's noun matching: plurals, compounds, misspellings and a lemma's gender."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
from pytest_mtchallenge.languages.fr.nouns import (
    NounLemma,
    compound_gender,
    find_noun,
    singular,
    within_one_edit,
)
from pytest_mtchallenge.languages.fr.reader import SentenceReader


@pytest.mark.parametrize(("plural", "expected"), [
    ("maisons", "maison"), ("bijoux", "bijou"), ("chevaux", "cheval"), ("pas", "pa"), ("os", "os"), ("ciel", "ciel"),
])
def test_singular_strips_a_plural_ending(plural: str, expected: str) -> None:
    assert singular(plural) == expected


@pytest.mark.parametrize(("first", "second", "near"), [
    ("maisom", "maison", True), ("bicylette", "bicyclette", True), ("vélo", "vélos", True),
    ("chmeise", "chemise", True), ("bicylete", "bicyclette", False), ("maison", "raison", True),
    ("chemise", "cerise", False),
])
def test_within_one_edit(first: str, second: str, near: bool) -> None:
    assert within_one_edit(first, second) is near
    assert within_one_edit(second, first) is near


def test_a_lemmas_gender_and_head() -> None:
    lexicon = default_lexicon()
    assert NounLemma.parse("sœur", lexicon).words == ("soeur",)
    assert NounLemma.parse("pomme de terre", lexicon).gender(lexicon) == "f"
    assert NounLemma.parse("chemin de fer", lexicon).gender(lexicon) == "m"
    assert NounLemma.parse("cours d'eau", lexicon).words == ("cours", "d'", "eau")
    assert NounLemma.parse("pâtes", lexicon).gender(lexicon) == "f"
    assert NounLemma.parse("artiste", lexicon).gender(lexicon) is None  # both genders
    assert NounLemma.parse("SMS", lexicon).gender(lexicon) == "m"  # an acronym, looked up in capitals


@pytest.mark.parametrize(("compound", "gender"), [
    ("lave-pinceau", "m"),  # verb + noun
    ("chou-navet", "m"),  # noun + noun: the first
    ("wagon-citerne", "m"),
    ("haute-chaise", "f"),  # adjective + noun: the noun
])
def test_the_gender_of_a_hyphenated_noun_from_its_parts(compound: str, gender: str) -> None:
    assert compound_gender(default_lexicon(), compound) == gender


@pytest.mark.parametrize(("sentence", "lemma", "found", "how"), [
    ("Les pommes de terre cuisent.", "pomme de terre", "pommes de terre", "compound"),
    ("Mes grands-tantes arrivent.", "grand-tante", "grands-tantes", "lemma"),
    ("Mes lunettes sont cassées.", "lunettes", "lunettes", "form"),
    ("Ses bijous brillent.", "bijou", "bijous", "form"),
    ("Une maisom ancienne.", "maison", "maisom", "misspelt"),
    ("Les malheureuses attendent.", "malheureux", "malheureuses", "form"),
])
def test_a_lemma_is_found_in_a_sentence(sentence: str, lemma: str, found: str, how: str) -> None:
    lexicon = default_lexicon()
    reader = SentenceReader(sentence, lexicon)
    noun = NounLemma.parse(lemma, lexicon)
    matches = [m for i in range(len(reader.tokens)) if (m := find_noun(reader, i, noun)) is not None]
    assert [(m.text(reader), m.how) for m in matches] == [(found, how)]


def test_an_unknown_word_without_a_determiner_is_no_misspelling() -> None:
    lexicon = default_lexicon()
    reader = SentenceReader("Maisom est un nom.", lexicon)
    assert find_noun(reader, 0, NounLemma.parse("maison", lexicon)) is None


def test_a_finite_verb_after_a_clitic_is_no_mention_of_its_homograph_noun() -> None:
    lexicon = default_lexicon()
    farm = NounLemma.parse("ferme", lexicon)
    reader = SentenceReader("Il ferme la ferme.", lexicon)
    assert [m.start for i in range(len(reader.tokens)) if (m := find_noun(reader, i, farm))] == [3]


def test_the_usual_genders_fill_only_the_lexicons_gaps_and_leave_senses_and_persons_open() -> None:
    from pytest_mtchallenge.languages.fr.nouns import _noun_genders, usual_gender, usual_genders

    lexicon = default_lexicon()
    listed = usual_genders()
    assert listed["oeuvre"] == "f" and listed["après-midi"] == "m" and listed["tour"] == "sense"
    for lemma in listed:  # every listed noun is one the lexicon lists without a gender
        assert _noun_genders(lexicon, lemma, lemma) == {None}, lemma
    assert usual_gender(lexicon, "œuvre") == "f" and usual_gender(lexicon, "espace") == "m"
    assert usual_gender(lexicon, "tour") is None            # le tour / la tour: the text must say
    assert usual_gender(lexicon, "élève") is None           # a person noun: the person's gender
    assert usual_gender(lexicon, "maison") is None          # the lexicon genders it: not this list's
    assert NounLemma.parse("œuvre", lexicon).gender(lexicon) == "f"
    assert NounLemma.parse("œuvre", lexicon).both_genders(lexicon)
