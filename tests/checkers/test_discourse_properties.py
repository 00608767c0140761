"""Properties of the document-level families over the items of the DiP suites: the reference
passes with its own context, and no family crashes or changes its mind on odd text."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.formats import load_any_suite
from pytest_mtchallenge.judge import FAMILY, Judge
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome

pytest.importorskip("simplemma", reason="the lemmatizer is not installed (pip install simplemma)")

SUITES = Path(__file__).resolve().parents[2] / "suites"
FAMILIES = builtin_checkers()
CHECKERS = {name: family() for name, family in FAMILIES.items()}
#: Each family alone (the judge's family gate: the suites' languages are read by no other gate here).
JUDGE = Judge(languages=("en", "fr"), checkers=CHECKERS, gates=FAMILY)
ITEMS: list[ChallengeItem] = [
    item for name in ("dip-discourse", "dip-discourse-ru-en", "dip-discourse-zh-en", "dip-discourse-en-fr")
    for item in load_any_suite(SUITES / name, checkers=FAMILIES,
                               validate_params=lambda family, params: FAMILIES[family].parse_params(params)).items]


@pytest.mark.parametrize("item", [i for i in ITEMS if i.checker != "coherence"], ids=lambda i: i.id)
def test_the_reference_with_its_context_passes(item: ChallengeItem) -> None:
    """What a document-mode reference system gives: the context references as the context translation."""
    verdict = JUDGE.verdict(item, item.reference, context=item.context_references)
    assert verdict.outcome is Outcome.PASS, verdict.reason


@settings(max_examples=30, deadline=None)
@given(item=st.sampled_from(ITEMS), output=st.text(max_size=80),
       context=st.lists(st.text(max_size=60), max_size=3))
def test_no_family_crashes_on_arbitrary_text(item: ChallengeItem, output: str, context: list[str]) -> None:
    verdict = JUDGE.verdict(item, output, context=tuple(context))
    assert "crashed" not in verdict.reason


@settings(max_examples=25, deadline=None)
@given(item=st.sampled_from(ITEMS), apostrophe=st.sampled_from(["'", "\u2019"]))
def test_verdicts_do_not_depend_on_unicode_form_or_apostrophes(item: ChallengeItem, apostrophe: str) -> None:
    output = item.reference.replace("'", apostrophe)
    context = tuple(c.replace("'", apostrophe) for c in item.context_references)
    composed = JUDGE.verdict(item, unicodedata.normalize("NFC", output), context=context)
    decomposed = JUDGE.verdict(item, unicodedata.normalize("NFD", output),
                               context=tuple(unicodedata.normalize("NFD", c) for c in context))
    assert composed.outcome is decomposed.outcome, (composed.reason, decomposed.reason)
