"""Tests of text normalisation (normalise_text) and word tokens (tokens)."""
from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.text.normalise import normalise_text, tokens

APOSTROPHES = ("\u2019", "\u2018", "\u02bc")  # ’ ‘ ʼ
FRENCH_SPACES = (" ", "\u00a0", "\u202f")  # space, no-break space, narrow no-break space


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


# -- Unicode composition --------------------------------------------------------------------

def test_nfc_and_nfd_inputs_give_the_same_composed_text() -> None:
    composed = "Élève à côté de l'hôpital, où ça crée un problème"
    assert nfd(composed) != composed  # the test really feeds decomposed text
    assert normalise_text(nfd(composed)) == normalise_text(composed) == composed


def test_tokens_of_nfd_text_equal_tokens_of_nfc_text() -> None:
    expected = ["les", "élèves", "sont", "allées", "à", "l'", "école"]
    assert tokens(nfd("Les élèves sont allées à l'école")) == expected


# -- apostrophes and quotes -----------------------------------------------------------------

@pytest.mark.parametrize("apostrophe", APOSTROPHES)
def test_typographic_apostrophes_become_ascii(apostrophe: str) -> None:
    assert normalise_text(f"Je pense qu{apostrophe}il viendra aujourd{apostrophe}hui") == (
        "Je pense qu'il viendra aujourd'hui"
    )


@pytest.mark.parametrize("opening, closing", [("\u201c", "\u201d"), ("\u00ab", "\u00bb"), ("\u201d", "\u201c")])
def test_typographic_quotes_become_ascii_double_quotes(opening: str, closing: str) -> None:
    assert normalise_text(f"Il a dit {opening}viens{closing}.") == 'Il a dit "viens".'


# -- French spacing -------------------------------------------------------------------------

@pytest.mark.parametrize("space", FRENCH_SPACES)
@pytest.mark.parametrize("mark", ["?", "!", ":", ";"])
def test_french_space_before_high_punctuation_is_removed(space: str, mark: str) -> None:
    assert normalise_text(f"Vraiment{space}{mark} Oui") == f"Vraiment{mark} Oui"


@pytest.mark.parametrize("space", FRENCH_SPACES)
def test_french_space_inside_guillemets_is_removed(space: str) -> None:
    assert normalise_text(f"Il a dit \u00ab{space}viens{space}\u00bb ce soir") == 'Il a dit "viens" ce soir'


def test_french_and_english_typography_of_the_same_sentence_agree() -> None:
    french = "Elle demande\u202f: \u00ab\u00a0Tu viens\u202f?\u00a0\u00bb"
    english = 'Elle demande: "Tu viens?"'
    assert normalise_text(french) == normalise_text(english) == english


# -- whitespace and case --------------------------------------------------------------------

def test_whitespace_runs_collapse_and_ends_are_stripped() -> None:
    assert normalise_text("  Le \t chat\n\n dort\u00a0\u00a0ici \u2009 ") == "Le chat dort ici"


def test_case_is_kept() -> None:
    assert normalise_text("Le Chat de PARIS") == "Le Chat de PARIS"


def test_tokens_are_lowercased_and_keep_elisions() -> None:
    assert tokens("L\u2019homme qu\u2019il a vu : 42 chats-huants\u202f!") == [
        "l'", "homme", "qu'", "il", "a", "vu", "42", "chats-huants",
    ]


# -- properties -----------------------------------------------------------------------------

@given(st.text())
def test_normalisation_is_idempotent(text: str) -> None:
    once = normalise_text(text)
    assert normalise_text(once) == once


@given(st.text())
def test_normalisation_ignores_unicode_decomposition(text: str) -> None:
    assert normalise_text(nfd(text)) == normalise_text(text)


@given(st.text(alphabet=st.sampled_from("aé ’«»\u00a0\u202f?!:;\"'")))
def test_normalisation_is_idempotent_on_punctuation_heavy_text(text: str) -> None:
    once = normalise_text(text)
    assert normalise_text(once) == once


ELIDED = st.sampled_from(["l", "L", "qu", "d", "j", "n", "s", "c", "jusqu", "aujourd", "presqu"])
WORDS = st.sampled_from(["homme", "il", "elle", "école", "ami", "hui", "Élise", "en", "ont", "île"])
SEPARATORS = st.sampled_from([" ", "  ", "\u00a0", ", ", " ; ", "\u202f? ", " ! ", "\n"])


@given(st.lists(st.tuples(ELIDED, st.sampled_from(APOSTROPHES), WORDS, SEPARATORS), min_size=1, max_size=8))
def test_apostrophe_variants_do_not_change_the_result(
    phrases: list[tuple[str, str, str, str]],
) -> None:
    typographic = "".join(f"{elided}{apostrophe}{word}{sep}" for elided, apostrophe, word, sep in phrases)
    plain = "".join(f"{elided}'{word}{sep}" for elided, _, word, sep in phrases)
    assert normalise_text(typographic) == normalise_text(plain)
    assert tokens(typographic) == tokens(plain)
    assert all(f"{elided.lower()}'" in tokens(plain) for elided, _, _, _ in phrases)
