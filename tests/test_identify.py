"""The untranslated-output check: copies and source-language outputs fail, translations never do."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.formats import bundled_suites, load_any_suite
from pytest_mtchallenge.languages.identify import untranslated

SUITES = {name: load_any_suite(path) for name, path in bundled_suites().items()}


@pytest.mark.parametrize("name", sorted(SUITES))
def test_no_reference_reads_as_untranslated(name: str) -> None:
    suite = SUITES[name]
    flagged = [(item.id, why) for item in suite.items for reference in item.references
               if (why := untranslated(reference, source=item.source, source_language=suite.source_language,
                                       target_language=suite.target_language))]
    assert flagged == []


@pytest.mark.parametrize("name", ["isabelle2017-en-fr", "isabelle-kuhn2018-fr-en"])
def test_a_copied_source_is_untranslated(name: str) -> None:
    suite = SUITES[name]
    copied = [item for item in suite.items if len(item.source.split()) >= 2]
    caught = [item.id for item in copied if untranslated(item.source, source=item.source,
                                                         source_language=suite.source_language,
                                                         target_language=suite.target_language)]
    assert caught == [item.id for item in copied]


@pytest.mark.parametrize(("output", "source", "pair", "expected"), [
    # word-by-word English left in a French output
    ("The neighbour of my brother have eaten the apples.", "Le voisin de mon frère a mangé les pommes.",
     ("fr", "en"), None),  # English target: a translation
    ("Il a dit qu'il viendrait with us demain.", "He said that he would come with us tomorrow.",
     ("en", "fr"), None),  # one untranslated phrase in a French sentence: for the families to judge
    ("He said that he would come with us.", "Il a dit qu'il viendrait avec nous.", ("fr", "en"), None),
    ("He said that he would come with us.", "He said that he would come with us.", ("en", "fr"),
     "not translated: the output repeats the source"),
    ("  He  said that he would come with us . ", "He said that he would come with us.", ("en", "fr"),
     "not translated: the output repeats the source"),
    ("Er hat gesagt, dass er mit uns kommt.", "Er hat gesagt, dass er mit uns kommt.", ("de", "en"),
     "not translated: the output repeats the source"),
    ("Oui.", "Yes.", ("en", "fr"), None),  # too short to tell
])
def test_examples(output: str, source: str, pair: tuple[str, str], expected: str | None) -> None:
    assert untranslated(output, source=source, source_language=pair[0], target_language=pair[1]) == expected


def test_a_mostly_english_output_with_a_french_opening_is_untranslated() -> None:
    why = untranslated("Il a dit that he would come with us tomorrow.", source="He said that he would come with us tomorrow.",
                       source_language="en", target_language="fr")
    assert why is not None and "of French's only 'il'" in why


def test_an_output_in_the_source_language_names_its_function_words() -> None:
    why = untranslated("He told me that they were at the station.", source="Il m'a dit qu'ils étaient à la gare.",
                       source_language="en", target_language="fr")
    assert why is not None and why.startswith("not translated: the output reads as English (")
    assert "'the'" in why and "none of French's" in why


def test_languages_without_function_words_are_never_judged_untranslated() -> None:
    assert untranslated("Dit is een zin in het Nederlands.", source="This is a sentence in Dutch.",
                        source_language="nl", target_language="xx") is None
