"""Tests of recorded-verdict lookup and of judging an output under the three judge modes."""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import pytest

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.judge import FAMILY, Judge, JudgeMode, VerdictStore, error_judgement
from pytest_mtchallenge.model import ChallengeItem, RecordedVerdict
from pytest_mtchallenge.verdict import DecidedBy, Outcome, Verdict
from tests.items import item

ITEM = item("I want him to come.", ("Je veux qu'il vienne.",), checker="fixed", id="subj-1", suite="tiny",
            category="morpho", subcategory="subjunctive")
RECORDED_OUTPUT = "Je veux qu\u2019il vienne\u00a0: « tout de suite »."
EN_FR = ("en", "fr")


def family_alone(checker: Checker) -> Judge:
    """A judge of ``checker`` alone: its family gate and the length gate, no gate that reads the languages."""
    return Judge(languages=EN_FR, checkers=lambda name: checker, gates=FAMILY)


def judge_of(checkers: dict[str, Checker], mode: JudgeMode = JudgeMode.AUTO, verdicts: object = (), *,
             gates: bool = False) -> Judge:
    """A suite's judge (English to French) of ``checkers`` under ``mode``: every automatic gate with
    ``gates``, else the family alone."""
    return Judge(mode=mode, languages=EN_FR, checkers=checkers, verdicts=verdicts,  # type: ignore[arg-type]
                 **({} if gates else {"gates": FAMILY}))


class FixedChecker(Checker):
    """Answers the same thing for every output."""

    name = "fixed"

    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.calls = 0

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        self.calls += 1
        return self.answer  # type: ignore[return-value]


class CrashingChecker(Checker):
    name = "crashing"

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        raise RuntimeError("lexicon not loaded")


def recorded(verdict: str, output: str = RECORDED_OUTPUT, **fields: object) -> RecordedVerdict:
    return RecordedVerdict(item=ITEM.id, output=output, verdict=verdict, **fields)  # type: ignore[arg-type]


# -- VerdictStore.lookup --------------------------------------------------------------------

@pytest.mark.parametrize("output", [
    pytest.param(unicodedata.normalize("NFD", RECORDED_OUTPUT), id="nfd"),
    pytest.param("  Je veux  qu\u2019il\tvienne : « tout de suite » . ", id="whitespace"),
    pytest.param("Je veux qu'il vienne\u00a0: « tout de suite ».", id="ascii-apostrophe"),
    pytest.param('Je veux qu\u2019il vienne: "tout de suite".', id="ascii-quotes"),
])
def test_lookup_matches_a_normalised_variant_of_the_recorded_output(output: str) -> None:
    store = VerdictStore([recorded("yes")])
    found = store.lookup(ITEM.id, output)
    assert found is not None
    assert found[0] == "yes"


def test_lookup_does_not_match_a_different_output_or_item() -> None:
    store = VerdictStore([recorded("yes")])
    assert store.lookup(ITEM.id, "Je veux qu'il vient : « tout de suite ».") is None
    assert store.lookup("subj-2", RECORDED_OUTPUT) is None
    assert store.lookup(ITEM.id, RECORDED_OUTPUT.upper()) is None  # case is kept


@pytest.mark.parametrize("verdicts, expected", [
    (["yes", "yes", "no"], "yes"),
    (["no", "na", "na"], "na"),
    (["yes", "no"], None),
    (["yes", "no", "na"], None),
    (["yes", "yes", "no", "no", "na"], None),
])
def test_majority_of_recorded_verdicts_decides_and_a_tie_does_not(verdicts: list[str], expected: str | None) -> None:
    store = VerdictStore(recorded(v) for v in verdicts)
    assert len(store) == len(verdicts)
    found = store.lookup(ITEM.id, RECORDED_OUTPUT)
    assert (found[0] if found else None) == expected


def test_lookup_reason_names_the_annotator_tally_and_the_systems() -> None:
    store = VerdictStore([
        recorded("no", system="Google", annotators={"no": 2, "yes": 1}),
        recorded("no", output="Je veux qu'il vienne : « tout de suite ».", system="DeepL"),
    ])
    verdict, reason = store.lookup(ITEM.id, RECORDED_OUTPUT) or ("", "")
    assert verdict == "no"
    assert "2 no" in reason and "1 yes" in reason
    assert "DeepL" in reason and "Google" in reason


# -- judge() --------------------------------------------------------------------------------

ANSWERS = {
    "pass": Verdict.passed("subjunctive vienne found"),
    "fail": Verdict.failed("indicative vient found"),
    "na": Verdict.not_applicable("the output avoids the subordinate clause"),
    "undecided": Verdict.undecided("verb not in the lexicon"),
}


@pytest.mark.parametrize("mode, answer, human, outcome, decided_by", [
    (JudgeMode.AUTO, "pass", None, Outcome.PASS, DecidedBy.CHECKER),
    (JudgeMode.AUTO, "fail", "yes", Outcome.FAIL, DecidedBy.CHECKER),
    (JudgeMode.AUTO, "na", None, Outcome.NA, DecidedBy.CHECKER),
    (JudgeMode.AUTO, "undecided", "yes", Outcome.REVIEW, DecidedBy.NONE),
    (JudgeMode.HUMAN, "pass", "no", Outcome.FAIL, DecidedBy.HUMAN),
    (JudgeMode.HUMAN, "fail", "na", Outcome.NA, DecidedBy.HUMAN),
    (JudgeMode.HUMAN, "pass", None, Outcome.REVIEW, DecidedBy.NONE),
    (JudgeMode.AUTO_HUMAN, "fail", "yes", Outcome.FAIL, DecidedBy.CHECKER),
    (JudgeMode.AUTO_HUMAN, "na", "yes", Outcome.NA, DecidedBy.CHECKER),
    (JudgeMode.AUTO_HUMAN, "undecided", "yes", Outcome.PASS, DecidedBy.HUMAN),
    (JudgeMode.AUTO_HUMAN, "undecided", None, Outcome.REVIEW, DecidedBy.NONE),
])
def test_judge_modes(
    mode: JudgeMode, answer: str, human: str | None, outcome: Outcome, decided_by: DecidedBy,
) -> None:
    checker = FixedChecker(ANSWERS[answer])
    store = VerdictStore([recorded(human)] if human else [])
    judgement = judge_of({"fixed": checker}, mode, store)(ITEM, system="sysA", output=RECORDED_OUTPUT)
    assert (judgement.outcome, judgement.decided_by) == (outcome, decided_by)
    assert (judgement.item, judgement.system, judgement.output) == (ITEM.id, "sysA", RECORDED_OUTPUT)
    assert (judgement.category, judgement.subcategory) == ("morpho", "subjunctive")
    assert checker.calls == (0 if mode is JudgeMode.HUMAN else 1)
    if decided_by is DecidedBy.CHECKER:
        assert judgement.reason == ANSWERS[answer].reason
    if decided_by is DecidedBy.HUMAN:
        assert "recorded human verdict" in judgement.reason


def test_review_reason_gives_the_checker_reason_and_the_missing_human_verdict() -> None:
    judge = judge_of({"fixed": FixedChecker(ANSWERS["undecided"])}, JudgeMode.AUTO_HUMAN)
    judgement = judge(ITEM, system="sysA", output="Je veux qu'il vienne.")
    assert "verb not in the lexicon" in judgement.reason
    assert "no recorded human verdict" in judgement.reason


def test_human_mode_needs_no_checker() -> None:
    judge = judge_of({}, JudgeMode.HUMAN, VerdictStore([recorded("yes")]))
    judgement = judge(ITEM, system="sysA", output=RECORDED_OUTPUT)
    assert judgement.outcome is Outcome.PASS


# -- the family gate: a faulty checker never loses the run ----------------------------------

def test_a_crashing_checker_gives_an_undecided_verdict_naming_the_exception() -> None:
    verdict = family_alone(CrashingChecker()).verdict(ITEM, "x")
    assert verdict.outcome is Outcome.UNDECIDED
    assert "crashing" in verdict.reason
    assert "RuntimeError: lexicon not loaded" in verdict.reason


@pytest.mark.parametrize("answer", ["pass", True, None, Outcome.PASS])
def test_a_checker_returning_a_non_verdict_gives_an_undecided_verdict(answer: object) -> None:
    verdict = family_alone(FixedChecker(answer)).verdict(ITEM, "x")
    assert verdict.outcome is Outcome.UNDECIDED
    assert type(answer).__name__ in verdict.reason
    assert "not a Verdict" in verdict.reason


@pytest.mark.parametrize("checker", [CrashingChecker(), FixedChecker("pass")], ids=["raises", "non-verdict"])
def test_a_faulty_checker_defers_to_the_human_verdict_in_auto_human_mode(checker: Checker) -> None:
    store = VerdictStore([recorded("no")])
    judgement = judge_of({"fixed": checker}, JudgeMode.AUTO_HUMAN, store)(ITEM, system="sysA", output=RECORDED_OUTPUT)
    assert (judgement.outcome, judgement.decided_by) == (Outcome.FAIL, DecidedBy.HUMAN)
    auto = judge_of({"fixed": checker}, JudgeMode.AUTO, store)(ITEM, system="sysA", output=RECORDED_OUTPUT)
    assert (auto.outcome, auto.decided_by) == (Outcome.REVIEW, DecidedBy.NONE)


# -- the checker signature: check(*, item, output, context) -------------------------------------

class ContextEcho(Checker):
    """Passes, saying which context translation it was given."""

    name = "echo"

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        return Verdict.passed(" | ".join(context) or "no context")


def test_every_family_is_given_the_context_translation() -> None:
    assert family_alone(ContextEcho()).verdict(ITEM, "x", context=("Il pleut.", "Il vient.")).reason == (
        "Il pleut. | Il vient.")
    assert family_alone(ContextEcho()).verdict(ITEM, "x").reason == "no context"


# -- error_judgement ------------------------------------------------------------------------

def test_error_judgement_has_no_output_and_keeps_the_reason() -> None:
    judgement = error_judgement(ITEM, "cmd:marian", "cmd 'marian' exited with status 1: CUDA error")
    assert judgement.outcome is Outcome.ERROR
    assert judgement.decided_by is DecidedBy.NONE
    assert judgement.output is None
    assert judgement.reason == "cmd 'marian' exited with status 1: CUDA error"
    assert (judgement.suite, judgement.system, judgement.item) == ("tiny", "cmd:marian", ITEM.id)
    record = judgement.to_dict()
    assert record["outcome"] == "error" and record["output"] is None


@pytest.mark.parametrize("answer, output, outcome", [
    # a broken output: the construction not found, or n/a, is not rendered
    (Verdict.not_found("a subjunctive trigger", "no trigger"), "Je *want qu'il vient.", Outcome.FAIL),
    (Verdict.not_applicable("no clause"), "Je vouloir lui venir.", Outcome.FAIL),
    # a fluent output: the family's answer stands
    (Verdict.not_found("a subjunctive trigger", "no trigger"), "J'aimerais le voir arriver.", Outcome.REVIEW),
    (Verdict.not_applicable("no clause"), "J'aimerais le voir arriver.", Outcome.NA),
    # found but unsure, or decided: never changed by the signals
    (Verdict.undecided("the verb is replaced"), "Je *want qu'il vient.", Outcome.REVIEW),
    # a pass on a half-translated output fails as broken (issue 36), naming the word left untranslated
    (Verdict.passed("subjunctive"), "Je *want qu'il vienne.", Outcome.FAIL),
    (Verdict.passed("subjunctive"), "Je veux qu'il vienne.", Outcome.PASS),
])
def test_a_broken_output_without_the_construction_fails_as_not_rendered(
        answer: Verdict, output: str, outcome: Outcome) -> None:
    judgement = judge_of({"fixed": FixedChecker(answer)}, gates=True)(ITEM, system="sysA", output=output)
    assert judgement.outcome is outcome
    if outcome is Outcome.FAIL and answer.outcome is Outcome.PASS:
        assert judgement.reason.startswith("broken: a half-translated output, left untranslated: *want;")
    elif outcome is Outcome.FAIL:
        assert judgement.reason.startswith(
            f"not rendered: {answer.missing or 'the phenomenon'} is missing from a broken output (")
        assert answer.reason in judgement.reason


def test_the_family_alone_reads_nothing_as_broken() -> None:
    """The cross-judge's gates (:data:`~pytest_mtchallenge.judge.gates.FAMILY`): the family's verdict stands."""
    judge = judge_of({"fixed": FixedChecker(Verdict.not_found("a trigger", "no trigger"))})
    judgement = judge(ITEM, system="sysA", output="Je *want qu'il vient.")
    assert judgement.outcome is Outcome.REVIEW


@pytest.mark.parametrize("answer, output, outcome", [
    (Verdict.failed("the developer is male", "predicted-gender:male", "a note"), "Le développeur…", Outcome.FAIL),
    (Verdict.not_found("the entity", "not found", "predicted-gender:none"), "Il pleut.", Outcome.REVIEW),
    (Verdict.not_found("the entity", "not found", "predicted-gender:none"), "Il *argued.", Outcome.FAIL),
])
def test_the_predicted_gender_of_winomts_entity_reaches_the_judgement(
        answer: Verdict, output: str, outcome: Outcome) -> None:
    """WinoMT's measures read the gender the family found on the entity, whatever the outcome."""
    judgement = judge_of({"fixed": FixedChecker(answer)}, gates=True)(ITEM, system="sysA", output=output)
    assert judgement.outcome is outcome
    assert judgement.evidence == tuple(e for e in answer.evidence if e.startswith("predicted-gender:"))


# -- outputs too long to read (issue 25, 5) ----------------------------------------------------

def test_an_output_longer_than_the_limit_is_left_to_a_human_without_the_family_reading_it() -> None:
    from pytest_mtchallenge.judge import MAX_JUDGED_CHARS

    checker = FixedChecker(Verdict.passed("subjunctive found"))
    longest = "Je veux qu'il vienne. " * (MAX_JUDGED_CHARS // 22) + "a" * (MAX_JUDGED_CHARS % 22)
    assert len(longest) == MAX_JUDGED_CHARS
    assert family_alone(checker).verdict(ITEM, longest).outcome is Outcome.PASS and checker.calls == 1
    verdict = Judge(languages=EN_FR, checkers=lambda name: checker).verdict(ITEM, longest + "!")
    assert checker.calls == 1  # neither the family nor the language checks read it
    assert verdict.outcome is Outcome.UNDECIDED
    assert verdict.reason == (f"not read: the output has {MAX_JUDGED_CHARS + 1:,} characters, more than the "
                              f"{MAX_JUDGED_CHARS:,} the automatic judge reads (MAX_JUDGED_CHARS)")
    judgement = judge_of({"fixed": checker}, JudgeMode.AUTO)(ITEM, system="s", output=longest + "!")
    assert judgement.outcome is Outcome.REVIEW and "not read: the output has 2,001 characters" in judgement.reason
    assert family_alone(checker).verdict(ITEM, longest + "!").reason == verdict.reason and checker.calls == 1


def test_a_context_translation_may_have_the_limit_for_each_context_sentence() -> None:
    from dataclasses import replace

    from pytest_mtchallenge.judge import MAX_JUDGED_CHARS, too_long_to_judge

    document = replace(ITEM, context=("He said so.", "He left."))
    assert too_long_to_judge(document, "Il vient.", ("a" * MAX_JUDGED_CHARS, "b" * MAX_JUDGED_CHARS)) is None
    assert too_long_to_judge(document, "Il vient.", ("a" * MAX_JUDGED_CHARS, "b" * MAX_JUDGED_CHARS, "c")) == (
        "not read: the context's translation has 4,001 characters, more than the 4,000 the automatic judge reads "
        "for 2 context sentences (MAX_JUDGED_CHARS each)")


# -- the construction's own words are no evidence of relatedness (issue 23, 5) -----------------

class TriggerChecker(FixedChecker):
    """Passes every output; its ``triggers`` parameter names its construction's words."""

    construction_params = ("triggers",)


TRIGGER_ITEM = item("Il faut qu'il parte tôt.", ("It is necessary that he leave early.",), checker="trigger",
                    params={"triggers": ["necessary", "essential"]}, id="tense-1")


@pytest.mark.parametrize("output, outcome", [
    ("It is necessary that the bakery open on Sundays.", Outcome.REVIEW),  # only the trigger is shared
    ("It is essential that he leave early.", Outcome.PASS),
    ("He must leave early.", Outcome.PASS),
])
def test_a_pass_sharing_only_the_construction_words_is_left_to_a_human(output: str, outcome: Outcome) -> None:
    judge = Judge(mode=JudgeMode.AUTO, languages=("fr", "en"),
                  checkers={"trigger": TriggerChecker(Verdict.passed("found"))})
    judgement = judge(TRIGGER_ITEM, system="sysA", output=output)
    assert judgement.outcome is outcome
    if outcome is Outcome.REVIEW:
        assert "outside the construction ('necessary')" in judgement.reason


# -- a pass resting on a word of another sentence (issue 23, 5) ---------------------------------

class ContentChecker(Checker):
    """Passes every output, resting on its last word (as agreement rests on its predicate)."""

    name = "content"

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        return Verdict.passed("found", output).resting_on(output.rstrip(".").split()[-1])


STRONG_ITEM = item("The woman was extremely strong.", ("La femme était extrêmement forte.",), checker="content",
                   id="S3x")


@pytest.mark.parametrize("output, outcome", [
    ("La femme était extrêmement forte.", Outcome.PASS),     # the reference
    ("La femme était extrêmement robuste.", Outcome.PASS),   # a translation of 'strong'
    ("La femme était extrêmement triste.", Outcome.REVIEW),  # 'sad': another sentence, or a synonym
])
def test_a_pass_resting_on_a_word_of_another_sentence_is_left_to_a_human(output: str, outcome: Outcome) -> None:
    judgement = judge_of({"content": ContentChecker()}, gates=True)(STRONG_ITEM, system="sysA", output=output)
    assert judgement.outcome is outcome
    if outcome is Outcome.REVIEW:
        assert "rests on a word of another sentence ('triste' translates" in judgement.reason
        assert "'strong'" in judgement.reason
    # a recorded human verdict still decides it
    store = VerdictStore([RecordedVerdict(item="S3x", output=output, verdict="no")])
    judge = judge_of({"content": ContentChecker()}, JudgeMode.AUTO_HUMAN, store, gates=True)
    assert judge(STRONG_ITEM, system="sysA", output=output).outcome is (
        Outcome.PASS if outcome is Outcome.PASS else Outcome.FAIL)


# -- a pass needs the source's participants (issue 23, 5) ----------------------------------------

class PassingChecker(Checker):
    """Passes every output, resting on no word (as a family whose construction is the item's own words)."""

    name = "passing"

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        return Verdict.passed("found")


class FigurativeChecker(PassingChecker):
    figurative = True


STORY_ITEM = item("Paul knows this story is hard to believe.",
                  ("Paul sait que cette histoire est difficile à croire.",), checker="passing", id="S11x")


@pytest.mark.parametrize("output, outcome", [
    ("Paul sait que cette histoire est difficile à croire.", Outcome.PASS),   # the reference
    ("Paul sait que ce récit est difficile à croire.", Outcome.PASS),         # another translation of 'story'
    ("Paul sait que cette fable est difficile à croire.", Outcome.PASS),      # a noun the lexicon does not know
    ("Paul sait que cette voiture est trop chère.", Outcome.REVIEW),          # 'car': another participant
])
def test_a_pass_on_an_output_naming_another_participant_is_left_to_a_human(output: str, outcome: Outcome) -> None:
    judgement = judge_of({"passing": PassingChecker()}, gates=True)(STORY_ITEM, system="sysA", output=output)
    assert judgement.outcome is outcome, judgement.reason
    if outcome is Outcome.REVIEW:
        assert "names a participant of another sentence ('voiture' translates" in judgement.reason
        assert "'story'" in judgement.reason
        # a figurative family (an idiom) is asked only of the source words the reference renders word for word
        # ('story': 'histoire'), and of the output's nouns
        judge = judge_of({"passing": FigurativeChecker()}, gates=True)
        found = judge(STORY_ITEM, system="sysA", output=output)
        assert found.outcome is Outcome.REVIEW and "the idiom may be said of something else" in found.reason


BUSH_ITEM = item("Stop beating around the bush.", ("Cessez de tourner autour du pot.",), checker="passing", id="S15x")


@pytest.mark.parametrize("output, outcome", [
    ("Cessez de tourner autour du pot.", Outcome.PASS),                # the reference
    ("Arrête de tourner autour du pot.", Outcome.PASS),                # 'stop' rendered by another verb
    ("Arrêtez de prendre des gants.", Outcome.PASS),                   # another idiom: other nouns ('gants'), 'stop' rendered
    ("Cessez donc de finalement tourner autour du pot.", Outcome.PASS),  # an adverb added: only nouns are asked
    ("Le ministre a longtemps tourné autour du pot.", Outcome.REVIEW),  # the idiom, said of someone else
    ("Il a tourné autour du pot pendant toute la réunion.", Outcome.REVIEW),
])
def test_an_idioms_pass_naming_another_participant_while_a_literal_word_goes_unrendered_is_left_to_a_human(
        output: str, outcome: Outcome) -> None:
    # 'beating', 'bush': the reference says them otherwise (the idiom), so only 'stop' (cessez) must be rendered
    judgement = judge_of({"passing": FigurativeChecker()}, gates=True)(BUSH_ITEM, system="sysA", output=output)
    assert judgement.outcome is outcome, judgement.reason
    if outcome is Outcome.REVIEW:
        assert "the idiom may be said of something else" in judgement.reason and "'stop'" in judgement.reason


# -- a pass whose sentence's subject, a noun phrase, may be someone else (issue 36) --------------

class FrenchPassingChecker(FrenchChecker):
    """Passes every output: a French family, whose language reads participants."""

    name = "french_passing"

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        return Verdict.passed("found")


RELEVANCE_ITEM = item("John failed to see the relevance of this point.",
                      ("John n'a pas vu la pertinence de ce point.",), checker="french_passing", id="S9x")
ORDER_ITEM = item("The other two guys left without paying.", ("Les deux autres types sont partis sans payer.",),
                  checker="french_passing", id="S24x")


@pytest.mark.parametrize("item_, output, outcome", [
    (RELEVANCE_ITEM, "John n'a pas compris la pertinence de ce point.", Outcome.PASS),
    (RELEVANCE_ITEM, "Il n'a pas vu la pertinence de ce point.", Outcome.PASS),       # a pronoun: not compared
    (RELEVANCE_ITEM, "Kevin n'a pas vu la pertinence de ce point.", Outcome.REVIEW),  # another name: John nowhere
    (RELEVANCE_ITEM, "Les enquêteurs n'ont pas vu la pertinence de ce point.", Outcome.REVIEW),
    (ORDER_ITEM, "Les deux autres gars sont partis sans payer.", Outcome.PASS),      # a synonym the lexicon has
    (ORDER_ITEM, "Les clients sont partis sans payer.", Outcome.REVIEW),              # linked to nothing
    (ORDER_ITEM, "Les deux autres type sont partis sans payer.", Outcome.PASS),       # its number is not read
    (ORDER_ITEM, "Si tu veux, les deux autres types partiront sans payer.", Outcome.PASS),  # a clause first
])
def test_a_pass_whose_sentence_subject_may_be_someone_else_is_left_to_a_human(item_: ChallengeItem, output: str,
                                                                              outcome: Outcome) -> None:
    judgement = judge_of({"french_passing": FrenchPassingChecker()}, gates=True)(item_, system="sysA", output=output)
    assert judgement.outcome is outcome, judgement.reason
    if outcome is Outcome.REVIEW:
        assert "the sentence's subject" in judgement.reason and "may say something of someone else" in judgement.reason


# -- a pass on an output that says several things its source does not (issue 36) ---------------

TRAIN_ITEM = item("The train left the station late, didn't it?",
                  ("Le train a quitté la gare en retard, n'est-ce pas ?",), checker="passing", id="S30x")


@pytest.mark.parametrize("output, outcome", [
    ("Le train a quitté la gare en retard, n'est-ce pas ?", Outcome.PASS),         # the reference
    ("Le train est parti de la gare avec du retard, non ?", Outcome.PASS),          # reworded
    ("Le train était propre et confortable à la gare, n'est-ce pas ?", Outcome.REVIEW),  # its participants, other
    ("Le train a attendu longtemps à la gare, n'est-ce pas ?", Outcome.REVIEW),           # things said of them
    ("Le train a ralenti doucement près de la gare, n'est-ce pas ?", Outcome.PASS),  # words the lexicon lacks
])
def test_a_pass_on_an_output_saying_other_things_is_left_to_a_human(output: str, outcome: Outcome) -> None:
    judgement = judge_of({"passing": PassingChecker()}, gates=True)(TRAIN_ITEM, system="sysA", output=output)
    assert judgement.outcome is outcome, judgement.reason
    if outcome is Outcome.REVIEW:
        assert "translate no word of the source nor of a reference" in judgement.reason


class FailingChecker(Checker):
    """Fails every output with a phenomenon error (as a family that reads another sentence's construction)."""

    name = "failing"

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        return Verdict.failed("expected the tag n'est-ce pas")


def test_a_fail_on_an_output_that_translates_another_sentence_says_so_first() -> None:
    failing = item(TRAIN_ITEM.source, TRAIN_ITEM.references, checker="failing", id=TRAIN_ITEM.id)
    judge = judge_of({"failing": FailingChecker()}, gates=True)
    unrelated = judge(failing, system="sysA", output="Le chat dort sur le tapis du salon depuis ce matin.")
    assert unrelated.outcome is Outcome.FAIL
    assert unrelated.reason.startswith("the output does not translate this source (")
    assert unrelated.reason.endswith("in it, the family found: expected the tag n'est-ce pas")
    # an output that translates this source keeps the family's reason alone
    related = judge(failing, system="sysA", output="Le train a quitté la gare en retard.")
    assert (related.outcome, related.reason) == (Outcome.FAIL, "expected the tag n'est-ce pas")
