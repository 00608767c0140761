"""The English pack's reading of verb-phrase ellipsis, on hand-written dialogue (none of it from a corpus)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.languages.en.ellipsis import read_ellipsis, verb_lemma


@pytest.mark.parametrize(("source", "negative"), [
    ("I did.", False), ("No, you won't!", True), ("I do not.", True), ("Why wouldn't he?", True),
    ("No one would.", True), ("Nobody at the office did.", True), ("Neither can I.", True), ("So would I.", False),
    ("I never did.", True), ("Not everybody does.", True), ("Of course she does.", False),
    ("Yes, you did. I saw you.", False), ("She did, didn't she?", False),  # the tag is no answer
    ("- No, you wouldn't. - Yeah, I would.", None),  # two answers, two polarities
    ("I barely do.", None),  # nearly negative: French says it either way
    ("Don't.", None),  # a bare imperative: French may say it with a positive verb (Arrête !)
])
def test_the_answers_polarity(source: str, negative: bool | None) -> None:
    assert read_ellipsis(source).negative is negative


@pytest.mark.parametrize(("source", "context", "lemma"), [
    ("I do.", ("Do you know him?",), "know"),
    ("She did.", ("Did she call you?",), "call"),
    ("We will.", ("I want to meet your boss.",), "meet"),  # the infinitive a will-answer elides
    ("No, you don't.", ("I have to try.",), "have to"),
    ("He will.", ("What if he never comes back?",), "come back"),
    ("I did.", ("I thought you wanted to come.",), "want"),  # not the opinion: its complement
    ("No, I won't!", ("Get in the car!",), "get in"),
    ("She does.", ("She never listens to me.",), "listen"),
])
def test_the_antecedent_is_the_nearest_clause_with_a_verb(source: str, context: tuple[str, ...], lemma: str) -> None:
    antecedent = read_ellipsis(source, context).antecedent
    assert antecedent is not None and antecedent.lemma == lemma


def test_a_verb_that_renders_the_expected_one_is_the_antecedent_wherever_it_stands() -> None:
    context = ("I don't know how it works.", "I thought you guys knew how it worked.")
    assert read_ellipsis("We do.", context).antecedent.lemma == "work"  # the nearest
    found = read_ellipsis("We do.", context, renderings={"know"})
    assert found.antecedent.lemma == "know" and found.antecedent.verb == "knew"
    assert found.contradicts is False  # you knew: we do


@pytest.mark.parametrize(("source", "context", "contradicts"), [
    ("Yes you do.", ("I don't know him.",), True),
    ("I do.", ("Do you know him?",), False),
    ("You do.", ("I don't think I have a choice.",), True),  # a negated think negates its complement
    ("Of course he does.", ("Your father loves you.", "No, he does not."), True),  # the latest echo
    ("- You did.", ("I promised you if we won.", "We didn't."), True),
    ("No, you won't.", ("I'll die.",), True),
    ("What if I do?", ("You don't like it.",), None),  # an if clause claims nothing
    ("Do you?", ("I don't like it.",), None),  # neither does a question
    ("I did, I'm sure of it.", ("You didn't lock the door, did you?",), True),  # the tag is no echo
])
def test_whether_the_answer_contradicts_the_clause_it_answers(source: str, context: tuple[str, ...],
                                                            contradicts: bool | None) -> None:
    assert read_ellipsis(source, context).contradicts is contradicts


@pytest.mark.parametrize(("source", "context", "agentive"), [
    ("I will.", ("Will you call her?",), True),
    ("She did.", ("Did she pay?",), True),
    ("I do.", ("Do you know him?",), False),
    ("No, you don't.", ("I have to try.",), False),
    ("It does.", ("Does the printer work?",), False),  # no agent
    ("No, we wouldn't.", ("We'd like to see the manager.",), False),  # would like
    ("We will.", ("We'd like to call the manager.",), True),  # the will-answer elides call
    ("I will.", ("Something",), None),  # no verb found
])
def test_whether_the_elided_verb_phrase_is_an_action(source: str, context: tuple[str, ...],
                                                     agentive: bool | None) -> None:
    assert read_ellipsis(source, context).agentive is agentive


@pytest.mark.parametrize(("source", "cut"), [
    ("I wouldn't…", True), ("Would you--", True), ("I didn't...", True), ("She would never...", True),
    ("How did you...?", True), ("Why do you always...", True), ("Of course I will...", False),
    ("Yes, I do...", False), ("I will.", False),
    ("Of course I did, only it didn't...", False),  # one answer is whole
])
def test_an_answer_cut_off_after_its_auxiliary(source: str, cut: bool) -> None:
    assert read_ellipsis(source).cut is cut


def test_main_verb_do_is_no_ellipsis() -> None:
    for source in ("I did it.", "What did you do?", "I will do that.", "You do a lot of traveling, don't you?"):
        ellipsis = read_ellipsis(source)
        assert ellipsis.groups and all(group.main_do for group in ellipsis.groups), source
    assert not read_ellipsis("It does a little.").groups[0].main_do  # a little: an adverb
    assert not read_ellipsis("So does his sister.").groups[0].main_do


def test_idioms_of_the_answer() -> None:
    assert read_ellipsis("You'd better.").modal == "better"
    assert read_ellipsis("I know, but I want to.").governor == "want"
    assert read_ellipsis("I know, but I want to.").other_verbs == ("know",)


def test_verb_lemmas_of_known_verbs() -> None:
    assert verb_lemma("knew") == "know"
    assert verb_lemma("celebrated") == "celebrate"
    assert verb_lemma("xyzzy") is None


@given(st.text(alphabet=st.sampled_from(list("Idonwt'Yesn ,.?!-…")), max_size=40),
       st.lists(st.text(alphabet=st.sampled_from(list("Idonwtk'hYesn ,.?!-…")), max_size=30), max_size=3))
def test_any_text_reads_without_crashing(source: str, context: list[str]) -> None:
    ellipsis = read_ellipsis(source, context, renderings={"know"})
    assert ellipsis.negative in (True, False, None)
    assert ellipsis.contradicts in (True, False, None)
