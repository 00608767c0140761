"""The French pack's third-person pronouns by role, the renderings of *one*, and the words agreeing with a pronoun."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
from pytest_mtchallenge.languages.fr.pronouns import agreeing_words, one_pronouns, pronouns_in
from pytest_mtchallenge.languages.fr.reader import SentenceReader

ALL = ("subject", "object", "disjunctive", "possessive")


def read(sentence: str) -> SentenceReader:
    return SentenceReader(sentence, default_lexicon(), enclitics=True)


@pytest.mark.parametrize(("sentence", "found"), [
    ("Il faut qu'elle les vende.", [("elle", "subject"), ("les", "object")]),
    ("Range-les toutes avec lui.", [("les", "object"), ("lui", "disjunctive")]),
    ("Ce sont eux qui ont gagné, plus vite qu'elles.", [("eux", "disjunctive"), ("elles", "disjunctive")]),
    ("Les maisons de leur rue sont plus vieilles que les siennes.", [("leur", "possessive"), ("les siennes", "possessive")]),
    ("C'est la tienne ?", [("la tienne", "subject")]),
    ("Où les as-tu mises ?", [("les", "object")]),
])
def test_pronouns_by_role(sentence: str, found: list[tuple[str, str]]) -> None:
    assert [(p.form, p.role) for p in pronouns_in(read(sentence), ALL)] == found


@pytest.mark.parametrize(("sentence", "found"), [
    ("J'en ai acheté une hier.", ["une"]), ("L'un d'eux est parti.", ["un"]), ("Prends la moins chère.", ["la moins chère"]),
    ("Je veux celle-là.", ["celle-là"]), ("J'ai une voiture.", []), ("Il est un peu tard.", []),
])
def test_the_renderings_of_one(sentence: str, found: list[str]) -> None:
    assert [p.form for p in one_pronouns(read(sentence))] == found


@pytest.mark.parametrize(("sentence", "words"), [
    ("Elles sont toutes parties.", ["toutes", "parties"]),
    ("Je les ai toutes gardées.", ["toutes", "gardées"]),
    ("Je les vois tous les jours.", []),
    ("Il les a laissées seules.", ["laissées", "seules"]),
])
def test_the_words_agreeing_with_a_pronoun(sentence: str, words: list[str]) -> None:
    reader = read(sentence)
    pronoun = pronouns_in(reader, ALL)[-1 if "les" in reader.tokens else 0]
    assert [reader.tokens[i] for i in agreeing_words(reader, pronoun)] == words
