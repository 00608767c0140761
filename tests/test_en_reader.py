"""The one English reader of the English pack: every ``en_*`` family reads outputs and parameters with its tokens, word lists and verb forms."""
from __future__ import annotations

import ast
import inspect

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.checkers.en import EnglishChecker, words_of, words_param
from pytest_mtchallenge.checkers.en.phrase import EnglishPhraseChecker
from pytest_mtchallenge.languages.en.inflection import inflect, is_past_form, is_past_or_participle
from pytest_mtchallenge.languages.en.patterns import Pattern
from pytest_mtchallenge.languages.en.reader import (
    Sentence,
    is_adverb,
    passive_auxiliary,
    pronoun_before_verb,
    pronoun_function,
    subject_at,
    subject_person,
    tokenize,
    verb_group,
)
from pytest_mtchallenge.languages.en.words import PLACE_ADVERBS
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

ENGLISH_FAMILIES = sorted((family for family in builtin_checkers().values() if issubclass(family, EnglishChecker)),
                          key=lambda family: family.name)


@pytest.mark.parametrize(("text", "words", "cased"), [
    ("He has a Ph.D. in rock'n'roll.", ("he", "has", "a", "phd", "in", "rock'n'roll", "."),
     ("He", "has", "a", "Ph.D.", "in", "rock'n'roll", ".")),
    ("Her Ph.D thesis", ("her", "phd", "thesis"), ("Her", "Ph.D", "thesis")),
    ("He lives in the U.S. now", ("he", "lives", "in", "the", "u.s.", "now"), ("He", "lives", "in", "the", "U.S.", "now")),
    ("My mother-in-law's car", ("my", "mother-in-law", "'s", "car"), ("My", "mother-in-law", "'s", "car")),
    ("Can't, won't, ain't", ("can", "n't", ",", "will", "n't", ",", "is", "n't"),
     ("Can", "n't", ",", "will", "n't", ",", "is", "n't")),
    ("John 's book", ("john", "'s", "book"), ("John", "'s", "book")),
    ("the word 'come' here", ("the", "word", "'", "come", "'", "here"), ("the", "word", "'", "come", "'", "here")),
    ("a manœuvre at five o'clock", ("a", "manoeuvre", "at", "five", "o'clock"), ("a", "manœuvre", "at", "five", "o'clock")),
])
def test_tokens(text: str, words: tuple[str, ...], cased: tuple[str, ...]) -> None:
    assert tokenize(text) == (words, cased)


def test_reasons_quote_contractions_as_written() -> None:
    sentence = Sentence("You can't, won't and shan't go.")
    assert sentence.text(0, len(sentence)) == "You can't, won't and shan't go."
    assert sentence.quote(0, len(sentence)) == "You can't won't and shan't go"


def test_every_english_family_reads_with_the_one_reader() -> None:
    """No ``en_*`` family module defines a tokeniser, a sentence class or a word list of its own
    kind: each imports the English pack's reader."""
    assert len(ENGLISH_FAMILIES) >= 20
    for family in ENGLISH_FAMILIES:
        module = inspect.getmodule(family)
        tree = ast.parse(inspect.getsource(module))
        defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
        assigned = {target.id for node in tree.body if isinstance(node, ast.Assign)
                    for target in node.targets if isinstance(target, ast.Name)}
        assert not defined & {"tokenize", "fold", "inflect", "forms_of", "is_past_form", "is_adverb", "Sentence",
                              "EnglishSentence", "VerbForms"}, family.name
        assert not assigned & {"ADVERBS", "AUXILIARIES", "PREPOSITIONS", "DETERMINERS", "MODALS", "NEGATORS",
                               "SUBJECT_PRONOUNS", "_TOKEN", "_WORD"}, family.name
        imports = {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
        assert imports & {"pytest_mtchallenge.languages.en.reader", "pytest_mtchallenge.checkers.en"}, family.name


@pytest.mark.parametrize("output", ["He has a Ph.D. in rock'n'roll.", "He has a PhD in rock'n'roll."])
def test_ph_d_and_rock_n_roll_read_the_same_in_outputs_patterns_and_parameters(output: str) -> None:
    sentence = Sentence(output)
    assert "phd" in sentence.words and "rock'n'roll" in sentence.words
    span = Pattern.parse("=phd in rock'n'roll").find(sentence)
    assert span is not None and span.words in ("Ph.D. in rock'n'roll", "PhD in rock'n'roll")
    assert Pattern.parse("Ph.D. in rock'n'roll").find(sentence) is not None
    assert words_of(["Ph.D.", "rock'n'roll"], "words") == ("phd", "rock'n'roll")
    assert {"phd", "rock'n'roll"} <= words_param(["Ph.D.", "rock'n'roll"], "words")
    phd = item("Il a un doctorat.", ("He has a PhD.",), checker="en_phrase",
               params={"accepted": ["phd in rock'n'roll"], "rejected": ["doctor"]})
    assert EnglishPhraseChecker().check(item=phd, output=output).outcome is Outcome.PASS


@pytest.mark.parametrize("word", [
    # adverbs that only one of the two former readers knew
    "actually", "certainly", "eventually", "finally", "probably", "suddenly", "usually", "right", "straight",
    "constantly", "continually", "forever", "therefore", "thus", "twice", "yet", "far",
])
def test_one_adverb_list(word: str) -> None:
    assert is_adverb(word)
    assert Sentence(f"he {word} said").adverb_length(1) == 1
    assert Sentence(f"he {word} said").skip_adverbs(1) == 2


@pytest.mark.parametrize("word", ["family", "early", "likely", "costly", "assembly", "italy"])
def test_words_in_ly_that_a_verb_group_does_not_skip(word: str) -> None:
    assert Sentence(f"he {word} said").skip_adverbs(1) == 1


def test_place_adverbs_are_skipped_by_a_pattern_not_by_a_verb_group() -> None:
    for word in PLACE_ADVERBS:
        assert not is_adverb(word)
        assert Sentence(f"go {word} home").adverb_length(1) == 1
    assert Pattern.parse("=go ~ home").find(Sentence("They went back home.")) is not None


def test_adverbs_inside_verb_groups_and_patterns_alike() -> None:
    sentence = Sentence("that he constantly arrives late")
    subject = subject_at(sentence, 1)
    assert subject is not None
    assert verb_group(sentence, subject.end, third_singular=subject.third_singular).tense == "present"
    assert Pattern.parse("=be ~ able").find(Sentence("He is certainly able to come.")) is not None


def test_each_adverb_slot_of_a_pattern_has_its_own_two_adverbs() -> None:
    pattern = Pattern.parse("=be ~ not ~ able")
    assert pattern.find(Sentence("He is really truly not really truly able.")) is not None
    assert pattern.find(Sentence("He is really truly very not able.")) is None


def test_past_forms() -> None:
    assert is_past_form("swam") and not is_past_form("swum") and is_past_or_participle("swum")
    assert not is_past_or_participle("jagged") and not is_past_or_participle("tweed")
    assert is_past_or_participle("agreed") and is_past_or_participle("been")


@pytest.mark.parametrize(("lemma", "form"), [("speak", "speaked"), ("beat", "beated"), ("teach", "teached"),
                                             ("write", "writed"), ("swim", "swimmed"), ("understand", "understanded")])
def test_an_irregular_verb_is_found_in_its_over_regularised_forms(lemma: str, form: str) -> None:
    assert {"past", "participle"} <= inflect(lemma).kinds(form)
    assert Sentence(f"He {form} it.").verb_hits([lemma])


def test_an_over_regularised_form_that_spells_another_word_is_not_read() -> None:
    assert not inflect("see").kinds("seed")


@pytest.mark.parametrize(("text", "verb", "pronoun"), [
    ("We them have phoned.", "phoned", "them"),  # an object pronoun after the subject, before the auxiliary
    ("They to us have written.", "written", "to us"),  # with the preposition of a French dative clitic
    ("Anna him never saw.", "saw", "him"),  # after a name, across an adverb
    ("The dog itself was washing.", "washing", "itself"),  # a reflexive before the verb group
    ("He decided not himself to defend.", "defend", "himself"),  # before an infinitive
])
def test_a_pronoun_left_before_the_verb_group(text: str, verb: str, pronoun: str) -> None:
    sentence = Sentence(text)
    found = pronoun_before_verb(sentence, sentence.words.index(verb))
    assert found is not None and sentence.text(found.start, found.index + 1) == pronoun


@pytest.mark.parametrize(("text", "verb"), [
    ("Let them go.", "go"),  # the object of an imperative verb
    ("We watched them leave.", "leave"),  # the object of a perception verb
    ("She allowed herself to rest.", "rest"),  # a reflexive object of the verb before
    ("He caught himself smiling.", "smiling"),
    ("They say it works.", "works"),  # a subject pronoun
    ("I told her that we would phone.", "phone"),
    ("Give him the book.", "give"),
])
def test_no_pronoun_left_before_the_verb_group(text: str, verb: str) -> None:
    sentence = Sentence(text)
    assert pronoun_before_verb(sentence, sentence.words.index(verb)) is None


@pytest.mark.parametrize(("text", "verb", "passive"), [
    ("The letter was quickly written.", "written", True),
    ("The car got repaired.", "repaired", True),
    ("She has written the letter.", "written", False),
    ("She wrote the letter.", "wrote", False),
])
def test_passive_auxiliary(text: str, verb: str, passive: bool) -> None:
    sentence = Sentence(text)
    assert (passive_auxiliary(sentence, sentence.words.index(verb)) is not None) is passive


@pytest.mark.parametrize(("text", "words"), [
    ("Have-you read this book?", ("have", "you", "read", "this", "book", "?")),
    ("For which company works-he?", ("for", "which", "company", "works", "he", "?")),
    ("Has-t-he gone?", ("has", "he", "gone", "?")),
    ("A well-known it-girl.", ("a", "well-known", "it-girl", ".")),  # hyphenated words stay whole
])
def test_a_french_inversion_left_hyphenated_is_read_as_its_words(text: str, words: tuple[str, ...]) -> None:
    assert tokenize(text)[0] == words


@pytest.mark.parametrize(("sentence", "pronoun", "function"), [
    ("It was built in 1920.", "it", "subject"), ("Is it yours?", "it", "subject"),
    ("I think it works.", "it", "subject"), ("When it rains, we stay in.", "it", "subject"),
    ("He drives it every day.", "it", "object"), ("Where did you take them?", "them", "object"),
    ("I am stronger than them.", "them", "prepositional"), ("I gave it to them.", "them", "dative"),
    ("It wasn't her who decided.", "her", "predicative"), ("Their roof leaks.", "their", "possessive"),
    ("I gave her flowers.", "her", None), ("Wash them and dry them.", "them", None), ("He left.", "it", None),
])
def test_the_function_of_a_pronoun_from_word_order(sentence: str, pronoun: str, function: str | None) -> None:
    assert pronoun_function(tokenize(sentence)[0], pronoun) == function


@pytest.mark.parametrize(("sentence", "person"), [
    ("But I miss them.", 1), ("You'll need it.", 2), ("Well, we tried.", 1), ("They left.", 3),
    ("The children left.", None), ("Take it.", None), ("Me too.", None),
    # a question's subject after its inverted auxiliary
    ("Why do you like it?", 2), ("Do you like it?", 2), ("Can't we stay?", 1), ("What did she say?", 3),
    ("Where is the book?", None), ("Why not?", None),
])
def test_the_person_of_a_sentence_opening_subject_pronoun(sentence: str, person: int | None) -> None:
    assert subject_person(tokenize(sentence)[0]) == person


@pytest.mark.parametrize(("text", "inverted"), [
    ("For which company works-he?", {"he"}), ("To whom has-t-he given it?", {"he"}),
    ("For what company works he?", set()), ("A self-made man, so-so.", set()),
])
def test_a_hyphenated_french_inversion_is_remembered(text: str, inverted: set[str]) -> None:
    sentence = Sentence(text)
    assert {sentence.words[i] for i in sentence.hyphen_inversions} == inverted
