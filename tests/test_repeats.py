"""Outputs a system repeats for many different sources."""
from __future__ import annotations

from pytest_mtchallenge.translation.repeats import MIN_SOURCES, repeated_outputs


def test_one_output_for_every_source_is_repeated() -> None:
    sources = {f"i{n}": f"Source sentence number {n}." for n in range(20)}
    outputs = dict.fromkeys(sources, "Le chat est assis sur le tapis.")
    assert repeated_outputs(outputs, sources) == dict.fromkeys(sources, 20)


def test_the_same_source_translated_alike_is_not_repeated() -> None:
    sources = {f"i{n}": "I do." for n in range(20)}  # one sentence in twenty contexts
    assert repeated_outputs(dict.fromkeys(sources, "Oui."), sources) == {}


def test_a_short_answer_shared_by_a_few_sources_of_a_large_suite_is_not_repeated() -> None:
    sources = {f"i{n}": f"Sentence {n}." for n in range(1000)}
    outputs = {item: f"Traduction {n}." for n, item in enumerate(sources)}
    outputs.update(dict.fromkeys(list(sources)[:25], "Oui, c'est vrai."))  # 2.5 % of the outputs
    assert repeated_outputs(outputs, sources) == {}
    outputs.update(dict.fromkeys(list(sources)[:60], "Oui, c'est vrai."))  # 6 %
    assert set(repeated_outputs(outputs, sources)) == set(list(sources)[:60])


def test_case_and_punctuation_do_not_hide_a_repeat() -> None:
    sources = {f"i{n}": f"Sentence {n}." for n in range(MIN_SOURCES)}
    outputs = {item: ("le chat dort" if n % 2 else "Le chat dort !") for n, item in enumerate(sources)}
    assert len(repeated_outputs(outputs, sources)) == MIN_SOURCES
    assert repeated_outputs(dict(list(outputs.items())[:-1]), sources) == {}  # fewer than MIN_SOURCES
