"""The participants a family's construction relies on must be the source's (checkers/participants.py, issue 23, 5)."""
from __future__ import annotations

import functools

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.checkers.en import subject_of as english_subject
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.checkers.participants import Participant, same_participant
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict


@functools.cache
def bundled_item(suite_name: str, item_id: str) -> ChallengeItem:
    return next(item for item in load_suite(bundled_suites()[suite_name]).items if item.id == item_id)


EN_FR, FR_EN = "isabelle2017-en-fr", "isabelle-kuhn2018-fr-en"


@pytest.mark.parametrize(("suite_name", "item_id", "output", "expected"), [
    # recipient: the giver must be the source's (John: a name, rendered as itself or by a pronoun)
    (EN_FR, "S8b", "John a raconté une jolie histoire aux enfants.", Outcome.PASS),
    (EN_FR, "S8b", "Il a raconté une belle histoire aux enfants.", Outcome.PASS),
    (EN_FR, "S8b", "Je leur ai raconté une histoire.", Outcome.FAIL),  # another person
    (EN_FR, "S8c", "Pierre a envoyé une lettre à sa mère.", Outcome.FAIL),  # John nowhere
    # factitive: the causer
    (EN_FR, "S13b", "John a fait fondre une grande quantité de glace.", Outcome.PASS),
    (EN_FR, "S13b", "Le soleil a fait fondre la neige.", Outcome.FAIL),
    (EN_FR, "S13c", "Nous aimons faire pousser des tomates.", Outcome.FAIL),
    # inalienable_possession: the body part's owner is the subject
    (EN_FR, "S25a", "Il se lava les mains.", Outcome.PASS),
    (EN_FR, "S25a", "Je me suis lavé les mains.", Outcome.FAIL),
    (EN_FR, "S25c", "Il s'est brossé les dents.", Outcome.FAIL),
    (EN_FR, "S25c", "Vous vous êtes brossé les dents.", Outcome.PASS),  # vous may address one
    (EN_FR, "S25a", "Ils se lava les mains.", Outcome.PASS),  # ils for il: an agreement slip, not compared
    # zero_relative: the head noun, and the relative clause's subject
    (EN_FR, "S26b", "L'homme que ta soeur déteste est mauvais.", Outcome.PASS),
    (EN_FR, "S26b", "L'homme que tu détestes est méchant.", Outcome.FAIL),
    (EN_FR, "S26c", "Le garçon dont ma sœur parlait est parti.", Outcome.UNDECIDED),
    # en_pronoun: the subject of the pronoun's verb
    (FR_EN, "PP6", "I guess so.", Outcome.PASS),
    (FR_EN, "PP6", "We suppose so.", Outcome.FAIL),  # another number
    (FR_EN, "PP2", "You spoke to them.", Outcome.FAIL),
    (FR_EN, "PP5", "The wife looked at herself in the mirror.", Outcome.PASS),  # femme: woman or wife
    (FR_EN, "PP5", "The little girl looked at herself in the puddle.", Outcome.UNDECIDED),
    # en_chez_soi: whose home
    (FR_EN, "CS2", "My daughter stayed at his house.", Outcome.PASS),
    (FR_EN, "CS2", "I stayed at his place.", Outcome.FAIL),
    (FR_EN, "CS1", "We stayed at home.", Outcome.FAIL),
    # en_manner_of_movement: who moves
    (FR_EN, "MM2", "John rushed into the room.", Outcome.PASS),
    (FR_EN, "MM2", "The children rushed into the classroom.", Outcome.FAIL),
    (FR_EN, "MM1", "My cousin would love to swim across the ocean.", Outcome.FAIL),
    # en_factitive: the causer
    (FR_EN, "FA1", "Max thawed the ice.", Outcome.PASS),
    (FR_EN, "FA1", "Yesterday, Max melted the ice.", Outcome.PASS),
    (FR_EN, "FA1", "The sun melted the snow on the roof.", Outcome.FAIL),
    (FR_EN, "FA2", "We blew up the old bridge.", Outcome.FAIL),
    # a noun phrase for the reference's pronoun: the source names no one there (left to a human)
    (EN_FR, "S25f", "Il a levé les yeux vers le ciel.", Outcome.PASS),
    (EN_FR, "S25f", "Les fidèles levèrent les yeux vers le vitrail.", Outcome.UNDECIDED),
    # movement: the mover
    (EN_FR, "S10a", "John voudrait traverser la rivière à la nage.", Outcome.PASS),
    (EN_FR, "S10a", "Marie aimerait traverser la Manche à la nage.", Outcome.FAIL),  # John nowhere
    (EN_FR, "S10b", "Ils sont entrés dans la pièce en courant.", Outcome.PASS),
    (EN_FR, "S10b", "Les enfants sont entrés dans la cuisine en courant.", Outcome.UNDECIDED),
    # idiom: the subject of the idiom
    (EN_FR, "S15d", "Son argument a vraiment fait mouche.", Outcome.PASS),
    (EN_FR, "S15d", "Sa plaisanterie a fait mouche auprès du public.", Outcome.UNDECIDED),
    (EN_FR, "S15b", "Ils ont mis la charrue devant les bœufs.", Outcome.FAIL),  # ils for vous
    # clitic: the subject of the clitics' verb
    (EN_FR, "S23c", "Les hommes s'observent mutuellement.", Outcome.PASS),
    (EN_FR, "S23c", "Les femmes se regardent l'une l'autre.", Outcome.UNDECIDED),
    (EN_FR, "S23b", "Nous ne leur parlions pas très souvent.", Outcome.FAIL),  # another person
    # factitive, en_factitive: the object of the causative verb (same_object): another thing is left to a
    # human, never failed; a synonym the core lexicon links, or a measure of the source's noun, passes
    (EN_FR, "S13a", "John a fait cuire des pâtes.", Outcome.UNDECIDED),
    (EN_FR, "S13a", "John a fait cuire une grosse poule.", Outcome.PASS),  # poule: chicken by the core lexicon
    (EN_FR, "S13b", "John a fait fondre pas mal de glace.", Outcome.PASS),
    (EN_FR, "S13c", "Elle aime faire pousser des légumes.", Outcome.UNDECIDED),
    (FR_EN, "FA1", "Max melted the chocolate in a bowl.", Outcome.UNDECIDED),
    (FR_EN, "FA1", "Max melted the ice cubes slowly.", Outcome.PASS),
    (FR_EN, "FA2", "Max has blown up a boulder.", Outcome.PASS),  # boulder: rocher by the core lexicon
    (FR_EN, "FA2", "Max blew up the old bridge.", Outcome.UNDECIDED),
])
def test_the_constructions_participants_are_the_sources(suite_name: str, item_id: str, output: str,
                                                        expected: Outcome) -> None:
    item = bundled_item(suite_name, item_id)
    verdict = builtin_checkers()[item.checker]().check(item=item, output=output)
    assert verdict.outcome is expected, verdict.reason


# -- issue 36: what the shared check and the packs' sentence subjects read ----------------------------------

PASSED = Verdict.passed("found")


def noun(*words: str) -> Participant:
    return Participant(" ".join(words), words, 3, False)


def judged(found: Participant, expected: Participant, names: frozenset[str] = frozenset()) -> Outcome:
    return same_participant(PASSED, role="subject", found=found, expected=[expected], names=names,
                            output_words=found.words, function_words={"this", "that", "the"}).outcome


def test_a_noun_phrase_without_a_content_word_names_no_one_to_compare() -> None:
    assert judged(noun("this"), noun("the", "proof")) is Outcome.PASS      # *This is proof*: a demonstrative
    assert judged(noun("the", "divers"), noun("the", "boat")) is Outcome.UNDECIDED


@pytest.mark.parametrize(("found", "name", "outcome"), [
    ("marie", "mary", Outcome.PASS),      # the target language's form of the name
    ("johnny", "john", Outcome.PASS),
    ("jean", "john", Outcome.FAIL),       # no spelling rule gives it: another name
    ("lisa", "mary", Outcome.FAIL),
])
def test_a_name_in_another_languages_form_renders_it(found: str, name: str, outcome: Outcome) -> None:
    assert judged(noun(found), noun(name), frozenset({name})) is outcome


@pytest.mark.parametrize(("text", "subject"), [
    ("Paul has read this story.", "Paul"),
    ("When I'm working, I like to listen to music.", "I"),        # a subordinate clause first: after the comma
    ("Who did Max give a book to?", None),                         # a wh-word first: no subject at the start
    ("This shows he was in the know.", None),                      # no noun phrase runs on past *he*
])
def test_the_english_sentence_subject(text: str, subject: str | None) -> None:
    found = english_subject(Sentence(text))
    assert (found.text if found else None) == subject


@pytest.mark.parametrize(("text", "subject"), [
    ("Les enfants ont déjà vu ce film.", "les enfants"),
    ("Est-ce que les enfants ont déjà vu ce film ?", "les enfants"),   # the question's subject
    ("Au cas où Paul partirait, je serais triste.", None),             # a subordinate clause first
    ("Si Paul partait, je serais triste.", None),
])
def test_the_french_sentence_subject(text: str, subject: str | None) -> None:
    checker = FrenchChecker()
    found = checker.subject_of(checker.read(text))
    assert (found.text if found else None) == subject


@pytest.mark.parametrize(("text", "compared"), [
    ("Les enquêteurs n'ont pas vu la pertinence de ce point.", True),   # a determiner first
    ("Comment se fait-il que tu sois si silencieux ?", False),           # a wh-word a reader takes for a noun
    ("Madame, j'en ai.", False),                                         # set off by a comma: no subject
    ("Je n'ai pas vu la pertinence de ce point.", False),                # a pronoun: not compared, not read
])
def test_the_french_subject_the_sentence_comparison_reads(text: str, compared: bool) -> None:
    checker = FrenchChecker()
    sentence = checker.read(text)
    found = checker.subject_of(sentence)
    read = not checker.opens_with_pronoun(text) and found is not None and not found.pronoun \
        and checker.plain_subject(sentence, found)
    assert read is compared
