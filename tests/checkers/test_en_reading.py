"""The English reading shared by the en_* families: tokens, verb forms, subjects and verb groups."""
from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.languages.en.inflection import inflect, is_past_form, is_regular_past
from pytest_mtchallenge.languages.en.reader import Sentence, subject_at, tokenize, verb_group


@pytest.mark.parametrize(("text", "tokens"), [
    ("I've talked to them.", ("i", "'ve", "talked", "to", "them", ".")),
    ("He took my elder brother\u2019s book.", ("he", "took", "my", "elder", "brother", "'s", "book", ".")),
    ("my brothers' book", ("my", "brothers", "'", "book")),
    ("He can't, won't, cannot", ("he", "can", "n't", ",", "will", "n't", ",", "can", "not")),
    ("It\u2019s essential he arrive .", ("it", "'s", "essential", "he", "arrive", ".")),
    ("a self-repairing coffee-maker", ("a", "self-repairing", "coffee-maker")),
])
def test_tokens_split_contractions_and_possessives(text: str, tokens: tuple[str, ...]) -> None:
    assert tokenize(text)[0] == tokens


@pytest.mark.parametrize(("lemma", "third", "past", "participle", "gerund"), [
    ("repair", "repairs", "repaired", "repaired", "repairing"),
    ("swim", "swims", "swam", "swum", "swimming"),
    ("carry", "carries", "carried", "carried", "carrying"),
    ("leave", "leaves", "left", "left", "leaving"),
    ("understand", "understands", "understood", "understood", "understanding"),
    ("die", "dies", "died", "died", "dying"),
    ("stop", "stops", "stopped", "stopped", "stopping"),
    ("go", "goes", "went", "gone", "going"),
])
def test_inflection(lemma: str, third: str, past: str, participle: str, gerund: str) -> None:
    forms = inflect(lemma)
    assert forms.third == third and past in forms.past and participle in forms.participle and gerund in forms.gerund


def test_regular_pasts_are_not_base_forms_in_ed() -> None:
    assert is_regular_past("arrived") and is_regular_past("agreed")
    assert not is_regular_past("need") and not is_regular_past("proceed") and not is_regular_past("hundred")
    assert is_past_form("swam") and not is_past_form("swim")


@pytest.mark.parametrize(("text", "start", "tense"), [
    ("that he arrive on time", 1, "base"),
    ("that he arrives on time", 1, "present"),
    ("that he should arrive", 1, "should"),
    ("that he will arrive", 1, "future"),
    ("that he'll arrive", 1, "future"),
    ("as soon as you get up", 3, "plain"),
    ("as soon as you've got up", 3, "present_perfect"),
    ("as soon as you are going to get up", 3, "going_to"),
    ("once her work was over", 1, "past"),
    ("once she had finished", 1, "past_perfect"),
    ("once her work done", 1, "nonfinite"),
    ("that he does not arrive", 1, "present"),
    ("that he not arrive", 1, "base"),
    ("that he'd arrived", 1, "past_perfect"),
    ("that he would arrive", 1, "conditional"),
    ("he's been gone", 0, "present_perfect"),
    ("he's gone", 0, "perfect_or_passive"),
])
def test_verb_groups_are_classified_by_tense(text: str, start: int, tense: str) -> None:
    sentence = Sentence(text)
    subject = subject_at(sentence, start)
    assert subject is not None
    assert verb_group(sentence, subject.end, third_singular=subject.third_singular).tense == tense


def test_subjects() -> None:
    sentence = Sentence("as soon as her work was over")
    subject = subject_at(sentence, 3)
    assert subject is not None and subject.text == "her work" and subject.third_singular
    assert subject_at(Sentence("for him to arrive"), 0) is None


def test_phrasal_verbs_may_have_their_object_before_the_particle() -> None:
    hits = Sentence("Max blew a rock up.").verb_hits(["blow up"])
    assert [(h.index, h.lemma) for h in hits] == [(1, "blow up")]
    assert not Sentence("Max blew. Up there.").verb_hits(["blow up"])


@given(st.text(max_size=60))
def test_reading_never_crashes_and_ignores_unicode_form(text: str) -> None:
    sentence = Sentence(text)
    for index in range(len(sentence)):
        subject = subject_at(sentence, index)
        if subject is not None:
            verb_group(sentence, subject.end, third_singular=subject.third_singular)
    assert Sentence(unicodedata.normalize("NFD", text)).words == sentence.words
