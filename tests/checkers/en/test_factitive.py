"""The en_factitive family on hand-written English variants of factitives (FA1-FA2), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.factitive import FactitiveChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = FactitiveChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_factitive", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Max a fait fondre la glace. → Max melted the ice.
FA1: dict[str, object] = {'verbs': ['melt', 'thaw', 'defrost', 'liquefy', 'dissolve'],
                         'infinitives': ['melt', 'thaw', 'defrost', 'liquefy', 'dissolve']}
# Max a fait exploser un rocher. → Max blew up a rock.
FA2: dict[str, object] = {'verbs': ['blow up', 'blow apart', 'explode', 'blast', 'detonate', 'dynamite'],
                         'infinitives': ['explode', 'blow up', 'blow apart', 'burst', 'blast', 'detonate']}

VARIANTS = [
    (FA1, 'Max melted the ice.', Outcome.PASS),
    (FA1, 'Max has melted the ice.', Outcome.PASS),
    (FA1, 'Max thawed the ice.', Outcome.PASS),
    (FA1, 'Max melted the ice cream.', Outcome.PASS),
    (FA1, 'Max had melted the ice.', Outcome.PASS),
    (FA1, 'Max has thawed the ice.', Outcome.PASS),
    (FA1, 'Max made the ice melt.', Outcome.FAIL),
    (FA1, 'Max has made the ice melt.', Outcome.FAIL),
    (FA1, 'Max made melt the ice.', Outcome.FAIL),
    (FA1, 'Max caused the ice to melt.', Outcome.FAIL),
    (FA1, 'Max made the ice melted.', Outcome.FAIL),
    (FA1, 'Max got the ice to melt.', Outcome.FAIL),
    (FA1, 'Max has made the ice cream melt.', Outcome.FAIL),
    (FA1, 'Max has melted the ice cream.', Outcome.PASS),
    (FA1, 'Max had the ice melt.', Outcome.FAIL),
    (FA1, 'Max made the ice cream melt.', Outcome.FAIL),
    (FA1, 'Max melted down the ice.', Outcome.PASS),
    (FA1, 'Max let the ice melt.', Outcome.FAIL),
    (FA1, 'Max thawed out the ice.', Outcome.PASS),
    (FA1, 'Max melted the ice with a torch.', Outcome.PASS),
    (FA1, 'Max made the ice to melt.', Outcome.FAIL),
    (FA2, 'Max blew up a rock.', Outcome.PASS),
    (FA2, 'Max has blown up a rock.', Outcome.PASS),
    (FA2, 'Max blew a rock up.', Outcome.PASS),
    (FA2, 'Max exploded a rock.', Outcome.PASS),
    (FA2, 'Max blasted a rock.', Outcome.PASS),
    (FA2, 'Max has blasted a boulder.', Outcome.PASS),
    (FA2, 'Max blew up a boulder.', Outcome.PASS),
    (FA2, 'Max made a rock explode.', Outcome.FAIL),
    (FA2, 'Max has made a rock explode.', Outcome.FAIL),
    (FA2, 'Max made explode a rock.', Outcome.FAIL),
    (FA2, 'Max caused a rock to explode.', Outcome.FAIL),
    (FA2, 'Max made a boulder blow up.', Outcome.FAIL),
    (FA2, 'Max got a rock to explode.', Outcome.FAIL),
    (FA2, 'Max blew up a boulder.', Outcome.PASS),
    (FA2, 'Max caused a boulder to explode.', Outcome.FAIL),
    (FA2, 'Max has made a rock blow up.', Outcome.FAIL),
    (FA2, 'Max had blown up a rock.', Outcome.PASS),
    (FA2, 'Max blasted a rock apart.', Outcome.PASS),
    (FA2, 'Max made a rock burst.', Outcome.FAIL),
    (FA2, 'Max blew up a large rock.', Outcome.PASS),
    (FA2, 'Max caused a rock to blow up.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reasons_name_the_causative() -> None:
    verdict = CHECKER.check(item=english(**FA1), output="Max made the ice melt.")
    assert verdict.outcome is Outcome.FAIL and "'made the ice melt'" in verdict.reason and "'made'" in verdict.reason
    verdict = CHECKER.check(item=english(**FA2), output="Max blew a rock up.")
    assert verdict.outcome is Outcome.PASS and "one transitive verb" in verdict.reason


def test_the_perfect_and_the_passive_are_not_causatives() -> None:
    assert outcome(FA1, "Max had melted the ice.") is Outcome.PASS
    assert outcome(FA1, "Max had already melted the ice.") is Outcome.PASS
    assert outcome(FA1, "Max had the ice melted.") is Outcome.FAIL


@pytest.mark.parametrize(("params", "output"), [
    (FA1, "The ice melted."), (FA1, "The ice melted in the sun."), (FA1, "The ice thawed because of Max."),
    (FA2, "The boulder exploded near Max."), (FA2, "A rock blew up beside Max."), (FA2, "The rock exploded."),
])
def test_an_intransitive_use_loses_the_agent(params: Mapping[str, object], output: str) -> None:
    """The patient as the subject of the verb, no object: what *faire* adds (an agent causing it) is lost."""
    verdict = CHECKER.check(item=english(**params), output=output)
    assert verdict.outcome is Outcome.FAIL and "intransitively" in verdict.reason


@pytest.mark.parametrize(("params", "output", "expected"), [
    (FA1, "The ice was melted by Max.", Outcome.PASS),
    (FA2, "A rock was blown up by Max.", Outcome.PASS),
    (FA1, "Max melted down the ice.", Outcome.PASS),
    (FA2, "Max blew a boulder.", Outcome.FAIL),  # blow without its particle: blow air on it
    (FA2, "Max has blown the rock.", Outcome.FAIL),
    (FA2, "Max blew the rock apart.", Outcome.PASS),
])
def test_passives_particles_and_lost_particles(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_an_empty_output_is_not_applicable() -> None:
    assert outcome(FA1, "") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"verbs": ["melt"]},
    {"verbs": "melt", "infinitives": ["melt"]},
    {"verbs": ["melt"], "infinitives": ["melt"], "causatives": "make"},
    {"verbs": ["melt"], "infinitives": ["melt"], "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        FactitiveChecker.parse_params(params)
