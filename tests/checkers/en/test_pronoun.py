"""The en_pronoun family on hand-written English variants of proclitic pronouns (PP1-PP6) and control verbs (CV1-CV2), none of them a recorded output."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from pytest_mtchallenge.checkers.en.pronoun import PronounChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

CHECKER = PronounChecker()


def english(**params: object) -> ChallengeItem:
    return item(checker="en_pronoun", params=params)


def outcome(params: Mapping[str, object], output: str) -> Outcome:
    return CHECKER.check(item=english(**params), output=output).outcome


# The items' parameters, as in the suite; the variants were written before the checker was tuned.
# Cette machine se répare elle-même. → This machine repairs itself.
PP1: dict[str, object] = {'pronoun': ['itself'],
                         'verbs': {'repair': [''], 'fix': [''], 'mend': [''], 'service': [''], 'maintain': [''], 'restore': ['']},
                         'any_verb': True}
# Je leur ai parlé. → I spoke to them.
PP2: dict[str, object] = {'pronoun': ['them'],
                         'verbs': {'speak': ['to', 'with'],
                                   'talk': ['to', 'with'],
                                   'chat': ['to', 'with'],
                                   'say': ['to'],
                                   'converse': ['with'],
                                   'discuss': ['with'],
                                   'tell': [''],
                                   'address': [''],
                                   'contact': ['']}}
# Je leur ai emprunté un livre. → I borrowed a book from them.
PP3: dict[str, object] = {'pronoun': ['them'], 'verbs': {'borrow': ['from', 'off']}, 'misreadings': ['lend', 'loan']}
# Il la voit. → He sees her.
PP4: dict[str, object] = {'pronoun': ['her', 'it'],
                         'verbs': {'see': [''], 'watch': [''], 'notice': [''], 'spot': [''], 'observe': [''], 'view': ['']},
                         'any_verb': True}
# La femme s’est regardée dans le miroir. → The woman looked at herself in the mirror.
PP5: dict[str, object] = {'pronoun': ['herself'],
                         'verbs': {'look': ['at'],
                                   'gaze': ['at'],
                                   'stare': ['at'],
                                   'glance': ['at'],
                                   'peer': ['at'],
                                   'watch': [''],
                                   'see': [''],
                                   'observe': [''],
                                   'admire': [''],
                                   'regard': [''],
                                   'contemplate': [''],
                                   'examine': [''],
                                   'study': [''],
                                   'view': [''],
                                   'check': ['']},
                         'any_verb': True}
# Je le suppose. → I suppose so.
PP6: dict[str, object] = {'pronoun': ['so'],
                         'verbs': {'suppose': [''],
                                   'guess': [''],
                                   'assume': [''],
                                   'presume': [''],
                                   'imagine': [''],
                                   'think': [''],
                                   'believe': [''],
                                   'expect': [''],
                                   'reckon': [''],
                                   'figure': [''],
                                   'gather': ['']}}
# Max a convaincu sa fille de se sacrifier. → Max convinced his daughter to sacrifice herself.
CV1: dict[str, object] = {'any_verb': True, 'pronoun': ['herself'], 'verbs': {'sacrifice': ['']}}
# Max a promis à sa fille de ne pas se sacrifier. → Max promised his daughter not to sacrifice himself.
CV2: dict[str, object] = {'any_verb': True, 'pronoun': ['himself'], 'verbs': {'sacrifice': ['']}}

VARIANTS = [
    (PP1, 'This machine repairs itself.', Outcome.PASS),
    (PP1, 'This machine fixes itself.', Outcome.PASS),
    (PP1, 'This machine can repair itself.', Outcome.PASS),
    (PP1, 'This device repairs itself.', Outcome.PASS),
    (PP1, 'The machine is repairing itself.', Outcome.PASS),
    (PP1, 'This machine mends itself.', Outcome.PASS),
    (PP1, 'This machine repairs itself on its own.', Outcome.PASS),
    (PP1, 'This machine repaired itself.', Outcome.PASS),
    (PP1, 'This machine repairs herself.', Outcome.FAIL),
    (PP1, 'This machine repairs himself.', Outcome.FAIL),
    (PP1, 'This machine repairs themselves.', Outcome.FAIL),
    (PP1, 'This machine fixes herself.', Outcome.FAIL),
    (PP1, 'This machine is repaired by herself.', Outcome.FAIL),
    (PP1, 'This machine is self-repairing.', Outcome.UNDECIDED),
    (PP1, 'This machine repairs itself!', Outcome.PASS),
    (PP1, 'That machine fixes itself by itself.', Outcome.PASS),
    (PP1, 'THIS MACHINE REPAIRS ITSELF.', Outcome.PASS),
    (PP1, 'This machine repairs by herself.', Outcome.FAIL),
    (PP1, 'This machine repairs her own.', Outcome.UNDECIDED),
    (PP1, 'This appliance is able to repair itself.', Outcome.PASS),
    (PP1, 'This machine repairs itself automatically.', Outcome.PASS),
    (PP1, 'This machine repairs it itself.', Outcome.FAIL),
    (PP2, 'I spoke to them.', Outcome.PASS),
    (PP2, 'I talked to them.', Outcome.PASS),
    (PP2, 'I have spoken to them.', Outcome.PASS),
    (PP2, 'I’ve talked to them.', Outcome.PASS),
    (PP2, 'I spoke with them.', Outcome.PASS),
    (PP2, 'I talked with them.', Outcome.PASS),
    (PP2, 'I told them.', Outcome.PASS),
    (PP2, 'I have talked to them.', Outcome.PASS),
    (PP2, 'I spoke them.', Outcome.FAIL),
    (PP2, 'I talked them.', Outcome.FAIL),
    (PP2, 'I spoke to him.', Outcome.FAIL),
    (PP2, 'I have spoken to her.', Outcome.FAIL),
    (PP2, 'I spoke of them.', Outcome.FAIL),
    (PP2, 'I spoke about them.', Outcome.FAIL),
    (PP2, 'I them spoke.', Outcome.FAIL),
    (PP2, 'I spoke to it.', Outcome.FAIL),
    (PP2, "I've spoken to them.", Outcome.PASS),
    (PP2, 'I spoke to them yesterday.', Outcome.PASS),
    (PP2, 'I had spoken to them.', Outcome.PASS),
    (PP2, 'I spoke to her.', Outcome.FAIL),
    (PP2, 'I talked to him.', Outcome.FAIL),
    (PP2, 'I have talked them.', Outcome.FAIL),
    (PP2, 'I did speak to them.', Outcome.PASS),
    (PP2, 'I spoke to them on the phone.', Outcome.PASS),
    (PP2, 'I spoke to him on the phone.', Outcome.FAIL),
    (PP3, 'I borrowed a book from them.', Outcome.PASS),
    (PP3, 'I have borrowed a book from them.', Outcome.PASS),
    (PP3, 'I’ve borrowed a book from them.', Outcome.PASS),
    (PP3, 'I borrowed a book off them.', Outcome.PASS),
    (PP3, 'I borrowed from them a book.', Outcome.PASS),
    (PP3, 'I borrowed a novel from them.', Outcome.PASS),
    (PP3, 'I borrowed them a book.', Outcome.FAIL),
    (PP3, 'I borrowed a book to them.', Outcome.FAIL),
    (PP3, 'I have borrowed them a book.', Outcome.FAIL),
    (PP3, 'I borrowed a book for them.', Outcome.FAIL),
    (PP3, 'I borrowed a book from him.', Outcome.FAIL),
    (PP3, 'I borrowed a book from her.', Outcome.FAIL),
    (PP3, 'I lent them a book.', Outcome.FAIL),
    (PP3, 'I borrowed a book from them yesterday.', Outcome.PASS),
    (PP3, 'I’ve borrowed a book from them.', Outcome.PASS),
    (PP3, 'I borrowed him a book.', Outcome.FAIL),
    (PP3, 'I borrowed their book.', Outcome.UNDECIDED),
    (PP3, 'I have borrowed a book to them.', Outcome.FAIL),
    (PP3, 'I borrowed a book off of them.', Outcome.PASS),
    (PP3, 'I lent a book to them.', Outcome.FAIL),
    (PP4, 'He sees her.', Outcome.PASS),
    (PP4, 'He sees it.', Outcome.PASS),
    (PP4, 'He can see her.', Outcome.PASS),
    (PP4, "He's seeing her.", Outcome.PASS),
    (PP4, 'He sees her!', Outcome.PASS),
    (PP4, 'He watches her.', Outcome.PASS),
    (PP4, 'He saw her.', Outcome.PASS),
    (PP4, 'He sees him.', Outcome.FAIL),
    (PP4, 'He sees them.', Outcome.FAIL),
    (PP4, 'He her sees.', Outcome.FAIL),
    (PP4, 'He sees.', Outcome.FAIL),
    (PP4, 'He sees she.', Outcome.FAIL),
    (PP4, 'He sees you.', Outcome.FAIL),
    (PP4, 'He sees her now.', Outcome.PASS),
    (PP4, 'He is seeing her.', Outcome.PASS),
    (PP4, 'He is seeing him.', Outcome.FAIL),
    (PP4, 'He sees them clearly.', Outcome.FAIL),
    (PP4, 'He does see her.', Outcome.PASS),
    (PP4, 'He can see her from here.', Outcome.PASS),
    (PP4, 'He sees him from here.', Outcome.FAIL),
    (PP5, 'The woman looked at herself in the mirror.', Outcome.PASS),
    (PP5, 'The woman has looked at herself in the mirror.', Outcome.PASS),
    (PP5, 'The woman watched herself in the mirror.', Outcome.PASS),
    (PP5, 'The woman saw herself in the mirror.', Outcome.PASS),
    (PP5, 'The woman looked at herself in the looking glass.', Outcome.PASS),
    (PP5, 'The lady looked at herself in the mirror.', Outcome.PASS),
    (PP5, 'The woman gazed at herself in the mirror.', Outcome.PASS),
    (PP5, 'The woman looked at himself in the mirror.', Outcome.FAIL),
    (PP5, 'The woman looked at itself in the mirror.', Outcome.FAIL),
    (PP5, 'The woman looked herself in the mirror.', Outcome.FAIL),
    (PP5, 'The woman was looking at him in the mirror.', Outcome.FAIL),
    (PP5, 'The woman looked at her in the mirror.', Outcome.FAIL),
    (PP5, 'The woman looked at themselves in the mirror.', Outcome.FAIL),
    (PP5, 'The woman looked in the mirror.', Outcome.UNDECIDED),
    (PP5, 'The woman was looking at herself in the mirror.', Outcome.PASS),
    (PP5, 'The woman looked at herself into the mirror.', Outcome.PASS),
    (PP5, 'The woman had looked at himself in the mirror.', Outcome.FAIL),
    (PP5, 'The woman contemplated herself in the mirror.', Outcome.PASS),
    (PP5, 'The woman looked at herself in the glass.', Outcome.PASS),
    (PP5, 'The woman looked to herself in the mirror.', Outcome.FAIL),
    (PP6, 'I suppose so.', Outcome.PASS),
    (PP6, 'I guess so.', Outcome.PASS),
    (PP6, 'I assume so.', Outcome.PASS),
    (PP6, 'I presume so.', Outcome.PASS),
    (PP6, 'I think so.', Outcome.PASS),
    (PP6, 'I suppose so!', Outcome.PASS),
    (PP6, 'I imagine so.', Outcome.PASS),
    (PP6, 'I suppose it.', Outcome.FAIL),
    (PP6, 'I suppose.', Outcome.FAIL),
    (PP6, "I'm guessing.", Outcome.FAIL),
    (PP6, 'I assume it.', Outcome.FAIL),
    (PP6, 'I presume it.', Outcome.FAIL),
    (PP6, 'I suppose him.', Outcome.FAIL),
    (PP6, 'I guess.', Outcome.FAIL),
    (PP6, 'I do suppose so.', Outcome.PASS),
    (PP6, 'I would suppose so.', Outcome.PASS),
    (PP6, 'I suppose it!', Outcome.FAIL),
    (PP6, 'I am supposing it.', Outcome.FAIL),
    (PP6, 'I suppose so, yes.', Outcome.PASS),
    (PP6, 'I assume so.', Outcome.PASS),
    (PP6, 'I assume.', Outcome.FAIL),
    (CV1, 'Max convinced his daughter to sacrifice herself.', Outcome.PASS),
    (CV1, 'Max persuaded his daughter to sacrifice herself.', Outcome.PASS),
    (CV1, 'Max has convinced his daughter to sacrifice herself.', Outcome.PASS),
    (CV1, 'Max convinced his daughter that she should sacrifice herself.', Outcome.PASS),
    (CV1, 'Max talked his daughter into sacrificing herself.', Outcome.PASS),
    (CV1, 'Max convinced his girl to sacrifice herself.', Outcome.PASS),
    (CV1, 'Max convinced his daughter to sacrifice himself.', Outcome.FAIL),
    (CV1, 'Max has convinced his daughter to sacrifice himself.', Outcome.FAIL),
    (CV1, 'Max persuaded his daughter to sacrifice himself.', Outcome.FAIL),
    (CV1, 'Max convinced his daughter to sacrifice itself.', Outcome.FAIL),
    (CV1, 'Max convinced his daughter to sacrifice oneself.', Outcome.FAIL),
    (CV1, 'Max convinced his daughter to sacrifice.', Outcome.FAIL),  # sacrifice without its object is not reflexive
    (CV1, 'Max convinced his daughter to sacrifice themselves.', Outcome.FAIL),
    (CV1, 'Max persuaded his daughter to sacrifice herself for him.', Outcome.PASS),
    (CV1, 'Max persuaded his daughter that he would sacrifice himself.', Outcome.FAIL),
    (CV1, 'Max convinced his daughter to sacrifice hisself.', Outcome.FAIL),
    (CV1, 'Max has persuaded his daughter to sacrifice herself.', Outcome.PASS),
    (CV1, 'Max convinced his daughter of sacrificing himself.', Outcome.FAIL),
    (CV1, 'Max convinced his daughter to sacrifice herself for the family.', Outcome.PASS),
    (CV1, 'Max convinced his daughter to sacrifice himself for the family.', Outcome.FAIL),
    (CV2, 'Max promised his daughter not to sacrifice himself.', Outcome.PASS),
    (CV2, 'Max promised his daughter he would not sacrifice himself.', Outcome.PASS),
    (CV2, 'Max has promised his daughter not to sacrifice himself.', Outcome.PASS),
    (CV2, 'Max promised his daughter that he wouldn’t sacrifice himself.', Outcome.PASS),
    (CV2, 'Max promised to his daughter not to sacrifice himself.', Outcome.PASS),
    (CV2, 'Max promised his daughter not to sacrifice herself.', Outcome.FAIL),
    (CV2, 'Max has promised his daughter not to sacrifice herself.', Outcome.FAIL),
    (CV2, 'Max promised his daughter that she would not sacrifice herself.', Outcome.FAIL),
    (CV2, 'Max promised his daughter not to sacrifice oneself.', Outcome.FAIL),
    (CV2, 'Max promised his daughter not to sacrifice itself.', Outcome.FAIL),
    (CV2, 'Max promised his daughter not to sacrifice.', Outcome.FAIL),
    (CV2, 'Max promised his daughter that he would not sacrifice himself.', Outcome.PASS),
    (CV2, "Max promised his daughter she wouldn't sacrifice herself.", Outcome.FAIL),
    (CV2, 'Max promised his daughter not to sacrifice himself for her.', Outcome.PASS),
    (CV2, 'Max promised to his daughter not to sacrifice herself.', Outcome.FAIL),
    (CV2, "Max has promised his daughter he won't sacrifice himself.", Outcome.PASS),
    (CV2, 'Max promised his daughter not to sacrifice herself for her.', Outcome.FAIL),
]


@pytest.mark.parametrize(("params", "output", "expected"), VARIANTS)
def test_hand_written_variants(params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


def test_reason_names_the_pronoun_its_features_and_the_expected_form() -> None:
    verdict = CHECKER.check(item=english(**PP1), output="This machine repairs herself.")
    assert verdict.outcome is Outcome.FAIL
    assert "'itself' (3rd person neuter singular)" in verdict.reason
    assert "'herself' (3rd person feminine singular)" in verdict.reason


def test_reason_names_the_missing_preposition() -> None:
    verdict = CHECKER.check(item=english(**PP3), output="I borrowed them a book.")
    assert verdict.outcome is Outcome.FAIL
    assert "'from'" in verdict.reason and "no preposition" in verdict.reason


def test_french_clitic_order_is_reported() -> None:
    verdict = CHECKER.check(item=english(**PP4), output="He her sees.")
    assert verdict.outcome is Outcome.FAIL and "clitic position" in verdict.reason


def test_a_dropped_object_pronoun_fails_but_a_dropped_reflexive_is_deferred() -> None:
    assert outcome(PP6, "I'm guessing.") is Outcome.FAIL
    assert outcome(PP2, "I spoke.") is Outcome.FAIL
    assert outcome(PP5, "The woman looked in the mirror.") is Outcome.UNDECIDED
    assert outcome(PP5, "The woman looked at her reflection in the mirror.") is Outcome.UNDECIDED


def test_an_embedded_clause_is_not_the_pronoun_slot() -> None:
    assert outcome(PP6, "I suppose it is.") is Outcome.UNDECIDED
    assert outcome(PP6, "I suppose that.") is Outcome.UNDECIDED


@pytest.mark.parametrize("output", ["I spoke to them.", "I spoke to them .", "  I  spoke to   them.  ",
                                    "I SPOKE TO THEM.", "I\u2019ve spoken to them.", "I've spoken to them."])
def test_typography_and_case_do_not_matter(output: str) -> None:
    assert outcome(PP2, output) is Outcome.PASS


def test_empty_output_is_not_applicable() -> None:
    assert outcome(PP2, "") is Outcome.NA
    assert outcome(PP2, " ... ") is Outcome.NA


@pytest.mark.parametrize("params", [
    {},
    {"pronoun": ["them"]},
    {"pronoun": "them", "verbs": {"speak": ["to"]}},
    {"pronoun": ["table"], "verbs": {"speak": ["to"]}},
    {"pronoun": ["them"], "verbs": {"speak": "to"}},
    {"pronoun": ["them"], "verbs": {"speak": ["towards the"]}},
    {"pronoun": ["them"], "verbs": {"speak": ["to"]}, "any_verb": "yes"},
    {"pronoun": ["them"], "verbs": {"speak": ["to"]}, "colour": "blue"},
])
def test_invalid_parameters_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        PronounChecker.parse_params(params)


@pytest.mark.parametrize(("params", "output", "expected"), [
    # a preposition + pronoun between subject and verb is a prepositional phrase English allows there
    # (I, to them, have spoken): its form and preposition are judged; a bare object there is not English
    (PP2, "We to them have talked.", Outcome.PASS),
    (PP2, "I with them have spoken.", Outcome.PASS),
    (PP2, "I to her have spoken.", Outcome.FAIL),
    (PP2, "I of them have spoken.", Outcome.FAIL),
    (PP3, "I from them have borrowed a novel.", Outcome.PASS),
    (PP3, "I to them have borrowed a novel.", Outcome.FAIL),
    (PP2, "We them have talked.", Outcome.FAIL),
    (PP4, "He her has seen.", Outcome.FAIL),
])
def test_a_prepositional_phrase_before_the_verb_is_judged_on_its_form(
        params: Mapping[str, object], output: str, expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output"), [
    (PP4, "She the sees."), (PP4, "He the watched."), (PP4, "He the has seen."), (PP6, "I the suppose."),
    (PP6, "We the assume."),
])
def test_the_clitic_read_as_the_article_fails(params: Mapping[str, object], output: str) -> None:
    """*le / la* read as the article: *the* between a subject pronoun and the verb, no noun after it."""
    verdict = CHECKER.check(item=english(**params), output=output)
    assert verdict.outcome is Outcome.FAIL and "read as the article" in verdict.reason


@pytest.mark.parametrize(("params", "output", "expected"), [
    (PP4, "He sees her there.", Outcome.PASS),  # a place adverb after "her": the pronoun, not a possessive
    (PP4, "He can see her here.", Outcome.PASS),
    (PP4, "He sees her back.", Outcome.PASS),
    (PP3, "I had a book on loan from them.", Outcome.UNDECIDED),  # the noun "loan", not the verb
    (PP3, "I loaned them a book.", Outcome.FAIL),
])
def test_place_adverbs_and_nouns_of_misreading_verbs(params: Mapping[str, object], output: str,
                                                     expected: Outcome) -> None:
    assert outcome(params, output) is expected


@pytest.mark.parametrize(("params", "output", "content"), [
    (CV1, "Max convinced his daughter to give up herself.", ("give",)),       # past the particle
    (CV1, "Max persuaded his daughter to devote herself.", ("devote",)),      # none of the item's verbs
    (CV1, "Max convinced his daughter to look after herself.", ("look",)),    # past the preposition
    (CV1, "Max convinced his daughter to sacrifice herself.", ()),            # the item's verb renders the source's
])
def test_a_pass_with_any_verb_rests_on_the_pronouns_verb(params: Mapping[str, object], output: str,
                                                          content: tuple[str, ...]) -> None:
    # the judge asks whether this verb translates the source's (*hears her* for *la voit* is another sentence)
    found = CHECKER.check(item=english(**params), output=output)
    assert found.outcome is Outcome.PASS and found.content == content
