"""The ctxpro-expected family: ctxpro score's rule, item by item, and its sentence splitting."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.checkers.generic.ctxpro_expected import (
    CtxproExpectedChecker,
    ctxpro_last_sentence,
    ctxpro_passes,
    ctxpro_sentences,
)
from pytest_mtchallenge.formats import load_any_suite
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CTXPRO = Path(__file__).resolve().parents[4] / "shared" / "external" / "ctxpro-en-fr" / "paper"
SETS = ("mini.formality.opensubtitles.en-fr.test", "auxiliary.opensubtitles.en-fr.test")
#: What ``ctxpro score`` 0.0.5 prints on the published DeepL files (the README beside them).
UPSTREAM_SCORES = {("mini.formality.opensubtitles.en-fr.test", "sentences"): 40.6,
                   ("mini.formality.opensubtitles.en-fr.test", "contexts"): 51.5,
                   ("auxiliary.opensubtitles.en-fr.test", "sentences"): 1.3,
                   ("auxiliary.opensubtitles.en-fr.test", "contexts"): 32.2}


def expecting(expected: str) -> ChallengeItem:
    return item("You.", (), checker="ctxpro-expected", params={"expected": expected})


CHECKER = CtxproExpectedChecker()


@pytest.mark.parametrize(("expected", "output", "outcome"), [
    ("vous", "Je vous attendrai.", Outcome.PASS),
    ("vous", "Qu'attendez-vous de moi ?", Outcome.FAIL),  # the hyphen is removed: "quattendezvous"
    ("vous", "Vous !", Outcome.PASS),  # lowercased
    ("tu", "Je t'attendrai.", Outcome.FAIL),
    ("te", "Je te vois. Merci.", Outcome.FAIL),  # only the last sentence counts
    ("te", "Merci. Je te vois.", Outcome.PASS),
    ("te", "Oui. - Je te vois.", Outcome.PASS),  # a dialogue dash starts no sentence
    ("vous", "M. Dupont vous attend.", Outcome.PASS),  # an abbreviation ends no sentence
    ("t'", "Je t'attendrai.", Outcome.FAIL),  # the apostrophe is removed from the output: never found
    ("connaissait", "Gibbons le connaissait.", Outcome.PASS),
    ("connaissait", "Gibbons connaissaient.", Outcome.FAIL),  # a whole word only
    ("sais", "Je le sais...", Outcome.PASS),
])
def test_the_expected_word_in_the_last_sentence(expected: str, output: str, outcome: Outcome) -> None:
    assert CHECKER.check(item=expecting(expected), output=output).outcome is outcome


def test_an_elided_form_says_why_it_never_matches() -> None:
    verdict = CHECKER.check(item=expecting("t'"), output="Je t'aime.")
    assert "apostrophe" in verdict.reason


def test_the_context_translation_is_joined_before_the_last_sentence_is_taken() -> None:
    # the document split the dash turn off; ctxpro's splitter keeps it with the sentence before
    assert CHECKER.check(item=expecting("vous"), output="- Bien sûr.",
                         context=("Je vous aide.",)).outcome is Outcome.PASS
    assert CHECKER.check(item=expecting("vous"), output="- Bien sûr.").outcome is Outcome.FAIL


@pytest.mark.parametrize(("text", "sentences"), [
    ("Oui. Non.", ["Oui.", "Non."]),
    ("Quoi ? Rien !", ["Quoi ?", "Rien !"]),
    ("Et alors... Il est parti.", ["Et alors...", "Il est parti."]),
    ("Il a dit « Viens. » Puis il est parti.", ["Il a dit « Viens. »", "Puis il est parti."]),
    ("Voir p. 12 du livre.", ["Voir p. 12 du livre."]),
    ("Les U.S.A. Encore.", ["Les U.S.A. Encore."]),
    ("Oui. - Non.", ["Oui. - Non."]),
    ("un. deux.", ["un. deux."]),
    ("Mme. Dupont est là.", ["Mme.", "Dupont est là."]),  # the splitter's French list lacks Mme
    ("", []),
])
def test_ctxpros_sentence_splitting(text: str, sentences: list[str]) -> None:
    assert ctxpro_sentences(text) == sentences


def test_validation() -> None:
    CtxproExpectedChecker.parse_params({"expected": "vous"})
    with pytest.raises(ValueError, match="expected is required"):
        CtxproExpectedChecker.parse_params({})
    with pytest.raises(ValueError, match="unknown parameter"):
        CtxproExpectedChecker.parse_params({"expected": "vous", "register": "tu"})


def _splitter():  # type: ignore[no-untyped-def]
    module = pytest.importorskip("sentence_splitter", reason="the reference splitter (pip install ctxpro==0.0.5)")
    return module.SentenceSplitter(language="fr")


_WORDS = st.sampled_from(["Oui", "non", "M", "Mme", "Dr", "p", "etc", "U.S.A", "Il", "vous", "«", "»", "-", "\"",
                          "(", ")", "12", "É", "ça", "A.-B", "Œ", "x", "…", "’", "CNN", "mot"])
_MARKS = st.sampled_from(["", "", ".", "..", "...", "?", "!", ",", ".\"", ".)", "?»", ". ", "  "])


@given(st.lists(st.tuples(_WORDS, _MARKS), min_size=1, max_size=14))
def test_the_splitting_agrees_with_sentence_splitter(words: list[tuple[str, str]]) -> None:
    text = " ".join(word + mark for word, mark in words)
    assert ctxpro_sentences(text.strip()) == _splitter().split(text=text.strip())


def _ctxpro_score_module():  # type: ignore[no-untyped-def]
    return pytest.importorskip("ctxpro.score", reason="ctxpro 0.0.5 is not installed (pip install ctxpro==0.0.5)")


@pytest.fixture(scope="module")
def published() -> Path:
    if not (CTXPRO / "jsons" / f"{SETS[0]}.json").exists():
        pytest.skip(f"the ctxpro English–French sets are not available at {CTXPRO} (read from there, never copied)")
    return CTXPRO


@pytest.mark.parametrize("reading", ["ctxpro-upstream", "ctxpro"])
@pytest.mark.parametrize("name", SETS)
def test_the_published_scores(published: Path, name: str, reading: str) -> None:
    """ctxpro's printed scores, from every item, in both readings of the document-mode file: the
    upstream one (ctxpro's last sentence as the output) and the linguist's (the output and its
    context translation, joined again by the family)."""
    suite = load_any_suite(published / "jsons" / f"{name}.json", format=reading)
    expected = {i.id: i.locus[0] for i in suite.items}
    for mode in ("sentences", "contexts"):
        system = suite.systems[f"deepl-{mode}"]
        passed = sum(CHECKER.check(item=expecting(expected[i]), output=output,
                                   context=system.context_outputs.get(i, ())).outcome is Outcome.PASS
                     for i, output in system.outputs.items())
        assert round(100 * passed / len(suite.items), 1) == UPSTREAM_SCORES[(name, mode)]


@pytest.mark.parametrize("name", SETS)
def test_items_as_ctxpro_score_judges_them(published: Path, name: str) -> None:
    """Item by item against ctxpro's own functions (every 20th item: its splitter takes about 3 ms a
    line; benchmarks/bench_ctxpro.py compares them all)."""
    score = _ctxpro_score_module()
    splitter = _splitter()
    raw = json.loads((published / "jsons" / f"{name}.json").read_text(encoding="utf-8"))
    suite = load_any_suite(published / "jsons" / f"{name}.json", format="ctxpro")
    for mode in ("sentences", "contexts"):
        system = suite.systems[f"deepl-{mode}"]
        lines = (published / "outputs" / f"deepl.{name}.{mode}").read_text(encoding="utf-8").split("\n")
        for ctxpro_item, line, loaded in list(zip(raw, lines, suite.items))[::20]:
            upstream = score.passes_test(score.get_last(line.strip(), splitter), ctxpro_item["expected"])
            verdict = CHECKER.check(item=expecting(ctxpro_item["expected"]), output=system.outputs[loaded.id],
                                    context=system.context_outputs.get(loaded.id, ()))
            assert (verdict.outcome is Outcome.PASS) == upstream, (name, mode, loaded.id, line)


def test_the_last_sentence_and_the_padded_match() -> None:
    assert ctxpro_last_sentence("Bon. Alors, tu viens ?") == "Alors, tu viens ?"
    assert ctxpro_passes("Alors, tu viens ?", "TU")
    assert not ctxpro_passes("Alors, tuviens ?", "tu")
    assert not ctxpro_passes("Je t'aime.", "t'")


def test_splitting_reads_a_long_run_of_dots_or_a_long_word_once() -> None:
    """The splitter's rules, as regular expressions, read a run of dots again from each dot, and a
    word ending in a full stop again from each of its characters (issue 25, 5): 1 MB of either is
    split at once now; a quadratic reading again would run for hours, past the subprocess's timeout."""
    import subprocess
    import sys

    script = ("from pytest_mtchallenge.checkers.generic.ctxpro_expected import ctxpro_sentences as split\n"
              "assert split('Oui' + '.' * 1_000_000 + ' Non.') == ['Oui' + '.' * 1_000_000, 'Non.']\n"
              "assert split('a' * 1_000_000 + '#. Non.') == ['a' * 1_000_000 + '#.', 'Non.']\n"
              "assert split(')' * 1_000_000 + '. Non.') == [')' * 1_000_000 + '.', 'Non.']\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
