"""The finite_clause family (NP-to-VP complements) on hand-written French variants."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.fr.finite_clause import FiniteClauseChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = FiniteClauseChecker()
QUE: Mapping[str, object] = {"subordinators": ["que"]}
QUE_QUAND: Mapping[str, object] = {"subordinators": ["que", "quand", "lorsque"]}


def french(params: Mapping[str, object], reference: str = "(reference)", source: str = "(source)") -> ChallengeItem:
    return item(source, references=(reference,), checker="finite_clause", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=french(params), output=output).outcome


@pytest.mark.parametrize(("output", "expected"), [
    ("John pense que Bill est malhonnête.", Outcome.PASS),
    ("John croyait que Bill était malhonnête.", Outcome.PASS),
    ("John croit que Bill soit malhonnête.", Outcome.PASS),  # the mood is not the question
    ("John pense que Bill n'est pas honnête.", Outcome.PASS),
    ("John est convaincu que Bill est malhonnête.", Outcome.PASS),
    ("John croit qu’il est malhonnête.", Outcome.PASS),
    ("John croit Bill être malhonnête.", Outcome.FAIL),
    ("John croit Bill pour être malhonnête.", Outcome.FAIL),
    ("John croit que Bill d'être malhonnête.", Outcome.FAIL),
    ("John croit que Bill être malhonnête.", Outcome.FAIL),
    ("John croit Bill malhonnête.", Outcome.PASS),  # attribut du complément d'objet: a French small clause
    ("John considère Bill comme malhonnête.", Outcome.PASS),
])
def test_believe_np_to_vp(output: str, expected: Outcome) -> None:
    assert outcome(QUE, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("Il aimait que son père lui racontât des histoires.", Outcome.PASS),
    ("Il aimait bien que son père lui raconte des histoires.", Outcome.PASS),
    ("Il adorait que son père lui lise des histoires.", Outcome.PASS),
    ("Il aimait quand son père lui racontait des histoires.", Outcome.PASS),
    ("Il aimait lorsque son père lui racontait des histoires.", Outcome.PASS),
    ("Il aimait son père de lui raconter des histoires.", Outcome.FAIL),
    ("Il a aimé son père pour lui raconter des histoires.", Outcome.FAIL),
    ("Il aimait beaucoup son père pour lui avoir raconté des histoires.", Outcome.FAIL),
    ("Il aimait son père pour qu'il lui raconte des histoires.", Outcome.FAIL),  # a purpose clause
    ("Il aimait son père lui raconter des histoires.", Outcome.FAIL),
    ("Il aimait que son père lui raconter des histoires.", Outcome.FAIL),
    ("Il aimait les histoires que son père lui racontait.", Outcome.UNDECIDED),  # a relative clause
    ("Il n'aimait que son père.", Outcome.UNDECIDED),  # restrictive ne … que
    ("Il aimait écouter son père lui raconter des histoires.", Outcome.UNDECIDED),
])
def test_like_np_to_vp(output: str, expected: Outcome) -> None:
    assert outcome(QUE_QUAND, output) is expected


@pytest.mark.parametrize(("output", "expected"), [
    ("Elle voulait que sa mère la laissât partir.", Outcome.PASS),
    ("Elle souhaitait que sa mère la laisse s'en aller.", Outcome.PASS),
    ("Elle aurait voulu que sa mère la laisse partir.", Outcome.PASS),
    ("Elle voulait que sa mère l'autorise à partir.", Outcome.PASS),
    ("Tu voulais que ta mère te laisse partir ?", Outcome.PASS),
    ("Elle voulait que sa mère la laisse partir .", Outcome.PASS),
    ("Elle voulait sa mère pour la laisser partir.", Outcome.FAIL),
    ("Elle voulait sa mère à la laisser partir.", Outcome.FAIL),
    ("Elle voulait sa mère la laisser partir.", Outcome.FAIL),
    ("Elle voulait que sa mère de la laisser partir.", Outcome.FAIL),
    ("Elle voulait partir.", Outcome.UNDECIDED),
    ("", Outcome.NA),
])
def test_want_np_to_vp(output: str, expected: Outcome) -> None:
    assert outcome(QUE, output) is expected


def test_perception_and_causative_verbs_take_np_plus_infinitive() -> None:
    assert outcome(QUE, "Elle laissait sa mère partir.") is Outcome.UNDECIDED
    assert outcome(QUE, "Il voyait son père raconter des histoires.") is Outcome.UNDECIDED


def test_a_finite_verb_after_a_pause_may_belong_to_another_clause() -> None:
    assert outcome(QUE, "John croit que Bill, son ami, est malhonnête.") is Outcome.UNDECIDED
    assert outcome(QUE, "Elle voulait que sa mère de la laisser partir, mais elle est restée.") is Outcome.UNDECIDED
    assert outcome(QUE, "John croit que Bill, son ami, être malhonnête.") is Outcome.FAIL


def test_subordinators_come_from_the_parameters() -> None:
    assert outcome(QUE, "Il aimait quand son père lui racontait des histoires.") is Outcome.UNDECIDED
    assert outcome(QUE_QUAND, "Il aimait quand son père lui racontait des histoires.") is Outcome.PASS


def test_reasons_name_the_construction() -> None:
    passed = CHECKER.check(item=french(QUE), output="Elle voulait que sa mère la laisse partir.")
    assert passed.outcome is Outcome.PASS
    assert passed.reason == ("the complement is a finite clause: 'que' + the finite verb 'laisse' "
                             "(laisser, indicative or subjunctive)")
    failed = CHECKER.check(item=french(QUE), output="Il aimait son père à lui raconter des histoires.")
    assert failed.reason == ("expected a finite clause (que + subject + finite verb); found 'aimait' + 'son père' "
                             "+ 'à' + the infinitive 'raconter' (the English construction word for word)")
    no_verb = CHECKER.check(item=french(QUE), output="Elle voulait que sa mère de lui laisser aller.")
    assert "'que sa mère de lui laisser aller', where 'que' is followed by no finite verb" in no_verb.reason


@pytest.mark.parametrize(("params", "message"), [
    ({"subordinators": "que"}, "subordinators"),
    ({"subordinators": []}, "subordinators"),
    ({"subordinators": ["parce que"]}, "subordinators"),
    ({"prepositions": [1]}, "prepositions"),
    ({"verbs": ["croire"]}, "verbs"),
])
def test_invalid_parameters_are_rejected(params: Mapping[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        FiniteClauseChecker.parse_params(params)


@pytest.mark.parametrize(("output", "expected"), [
    ("Marie juge son voisin très impoli.", Outcome.PASS),
    ("Marie tient son voisin pour responsable.", Outcome.PASS),
    ("Marie estime son voisin d'être impoli.", Outcome.FAIL),  # the calque, not a small clause
    ("Marie adorait sa tante qui lui chantait des chansons.", Outcome.FAIL),  # a relative, not the complement
    ("Marie a vu sa tante qui chantait.", Outcome.UNDECIDED),  # after a perception verb: a predicate relative
    ("Marie voulait laisser son frère sortir.", Outcome.FAIL),  # Marie lets; her brother goes out
    ("Marie voulait faire venir son frère.", Outcome.UNDECIDED),  # no noun phrase before the infinitive
])
def test_small_clauses_relatives_and_control(output: str, expected: Outcome) -> None:
    assert outcome(QUE, output) is expected


# -- the clause must be the source's complement: its subject keeps its person (issue 23, 5) ----------

def judged(reference: str, output: str, params: Mapping[str, object] = QUE,
           source: str = "(source)") -> tuple[Outcome, str]:
    verdict = CHECKER.check(item=french(params, reference, source), output=output)
    return verdict.outcome, verdict.reason


@pytest.mark.parametrize(("reference", "output"), [
    ("Il voulait que son fils reste à la maison.", "J'aimerais que vous veniez dîner samedi."),
    ("Il voulait que son fils reste à la maison.", "Il voulait que je reste à la maison."),
    ("Je croyais que tu étais parti.", "Je croyais que Paul était parti."),
])
def test_a_finite_clause_whose_subject_has_another_person_fails(reference: str, output: str) -> None:
    found, reason = judged(reference, output)
    assert found is Outcome.FAIL and "is not the reference's" in reason  # the shared participant check (issue 36)


SON = "He wanted his son to stay at home."


@pytest.mark.parametrize(("reference", "output", "params"), [
    ("Il voulait que son fils reste à la maison.", "Il souhaitait que son garçon demeure chez eux.", QUE),
    ("Il voulait que son fils reste à la maison.", "Il voulait qu'il reste à la maison.", QUE),   # a pronoun
    ("Il voulait que son fils reste à la maison.", "Il voulait qu'on le garde à la maison.", QUE),  # on
    ("Je croyais que tu étais parti.", "Je pensais que vous étiez parti.", QUE),               # tu / vous
    ("Elle aimait que sa sœur lui chante des chansons.", "Elle aimait quand sa sœur lui chantait des chansons.",
     QUE_QUAND),
])
def test_a_clause_with_the_same_person_in_other_words_passes(reference: str, output: str,
                                                             params: Mapping[str, object]) -> None:
    assert judged(reference, output, params, SON)[0] is Outcome.PASS


def test_a_noun_phrase_linked_to_nothing_of_the_item_is_left_to_a_human() -> None:
    """The shared participant check (issue 36): *garçon* renders *son* by the core lexicon; *voisin* renders no word
    of the source nor of a reference."""
    assert judged("Il voulait que son fils reste à la maison.", "Il souhaitait que son voisin demeure chez eux.",
                  QUE, SON)[0] is Outcome.UNDECIDED



@pytest.mark.parametrize(("output", "content"), [
    ("John pense que Bill est malhonnête.", ("malhonnête",)),   # after a copula, its predicate
    ("Il aimait que son père lui raconte des histoires.", ("raconte",)),
    ("John pense que Bill n'est pas honnête.", ()),              # a negated predicate may render an antonym
])
def test_a_pass_rests_on_the_clauses_meaning(output: str, content: tuple[str, ...]) -> None:
    verdict = CHECKER.check(item=french(QUE), output=output)
    assert verdict.outcome is Outcome.PASS and verdict.content == content
