"""Property tests over every checker family: no crash on any text, invariance under spelling variants."""
from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.verdict import Verdict

SUITE = load_suite(bundled_suites()["isabelle2017-en-fr"])
FR_EN = load_suite(bundled_suites()["isabelle-kuhn2018-fr-en"])
CHECKERS = {name: family() for name, family in builtin_checkers().items()}
ITEMS = st.sampled_from(SUITE.items)
FRENCH_WORDS = st.sampled_from(
    "les le la l' appels de sa mère auraient aurait dû nous alerter et elle a promis à son frère d' être "
    "arrogant arrogante sont heureux heureuses chat chien vache poule doivent surveillés moi toi vous lui , . ? "
    "qu' il vienne veniez que très plus n' est-ce pas".split()
)
SENTENCES = st.lists(FRENCH_WORDS, min_size=0, max_size=14).map(" ".join)
APOSTROPHES = st.sampled_from(["'", "\u2019", "\u02bc"])


@given(item=ITEMS, output=st.text(max_size=80))
def test_no_checker_crashes_on_arbitrary_text(item, output) -> None:  # type: ignore[no-untyped-def]
    verdict = CHECKERS[item.checker].check(item=item, output=output)
    assert isinstance(verdict, Verdict) and verdict.reason


@given(item=ITEMS, output=SENTENCES)
def test_no_checker_crashes_on_french_like_text(item, output) -> None:  # type: ignore[no-untyped-def]
    assert isinstance(CHECKERS[item.checker].check(item=item, output=output), Verdict)


@given(item=ITEMS, output=SENTENCES, apostrophe=APOSTROPHES)
def test_verdicts_do_not_depend_on_unicode_form_apostrophes_or_spacing(item, output, apostrophe) -> None:  # type: ignore[no-untyped-def]
    checker = CHECKERS[item.checker]
    expected = checker.check(item=item, output=output).outcome
    variants = [
        unicodedata.normalize("NFD", output),
        output.replace("'", apostrophe),
        output.replace(" ?", "\u00a0?").replace(" ,", ","),
        "  " + output.replace(" ", "  ") + " ",
    ]
    for variant in variants:
        assert checker.check(item=item, output=variant).outcome is expected, variant


def test_every_reference_passes_its_checker() -> None:
    for item in SUITE.items + FR_EN.items:
        verdict = CHECKERS[item.checker].check(item=item, output=item.reference)
        assert verdict.outcome.value == "pass", (item.id, verdict.reason)


# Both bundled suites, with outputs built from the item's own reference words (shuffled, dropped,
# repeated): text close to what a system could produce, so every family's parsing paths are walked.
ALL_ITEMS = st.sampled_from(SUITE.items + FR_EN.items)
EXTRA_WORDS = "not n't no never the a to of and , ? . ' it he she they did does will would".split()


@st.composite
def item_and_output(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    item = draw(ALL_ITEMS)
    vocabulary = [w for reference in item.references for w in reference.split()] + EXTRA_WORDS
    words = draw(st.lists(st.sampled_from(vocabulary), min_size=0, max_size=16))
    return item, " ".join(words)


@given(case=item_and_output(), apostrophe=APOSTROPHES)
def test_every_family_is_total_and_invariant_on_near_reference_text(case, apostrophe) -> None:  # type: ignore[no-untyped-def]
    item, output = case
    checker = CHECKERS[item.checker]
    verdict = checker.check(item=item, output=output)
    assert isinstance(verdict, Verdict) and verdict.reason
    for variant in (unicodedata.normalize("NFD", output), output.replace("'", apostrophe),
                    output.replace("’", apostrophe), " " + output.replace(" ", "  ") + " "):
        assert checker.check(item=item, output=variant).outcome is verdict.outcome, variant


@given(item=st.sampled_from(FR_EN.items), output=st.text(max_size=60), apostrophe=APOSTROPHES)
def test_english_families_are_total_and_invariant_on_arbitrary_text(item, output, apostrophe) -> None:  # type: ignore[no-untyped-def]
    checker = CHECKERS[item.checker]
    verdict = checker.check(item=item, output=output)
    assert isinstance(verdict, Verdict) and verdict.reason
    for variant in (unicodedata.normalize("NFD", output), output.replace("'", apostrophe),
                    output.replace(" ?", "\u00a0?"), "  " + output.replace(" ", "  ") + " "):
        assert checker.check(item=item, output=variant).outcome is verdict.outcome, variant
