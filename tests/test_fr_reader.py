"""The one French reader of the French pack: spelling-reform readings, the one list of subject pronouns, clause-level syntax."""
from __future__ import annotations

import ast
import inspect

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.checkers.fr.agreement import AgreementChecker
from pytest_mtchallenge.checkers.fr.lexical_choice import LexicalChoiceChecker
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
from pytest_mtchallenge.languages.fr.reader import SUBJECT_CLITICS, SentenceReader, readings, tokenize_enclitics
from pytest_mtchallenge.languages.fr.syntax import describe_readings, is_impersonal_il, read_french, skip_preverbal
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

FRENCH_FAMILIES = sorted((family for family in builtin_checkers().values() if issubclass(family, FrenchChecker)),
                         key=lambda family: family.name)


def lemmas(token: str) -> set[str]:
    return {analysis.lemma for analysis in readings(default_lexicon(), token)}


@pytest.mark.parametrize(("reformed", "lemma"), [
    ("connait", "connaître"), ("paraitra", "paraître"), ("paraitre", "paraître"), ("tait", "taire"),
    ("disparaitront", "disparaître"), ("gout", "goût"),
])
def test_reformed_spellings_are_read_as_their_circumflexed_form(reformed: str, lemma: str) -> None:
    assert lemma in lemmas(reformed)


def test_an_unknown_word_stays_unknown() -> None:
    assert readings(default_lexicon(), "connaiz") == ()


def test_the_sentence_reader_finds_reformed_finite_verbs() -> None:
    reader = SentenceReader("Il connait la femme et il paraitra content.", default_lexicon())
    subject = reader.subject()
    assert subject is not None
    verb = reader.first_finite_verb(subject[1])
    assert verb is not None and reader.tokens[verb] == "connait"
    assert [reader.tokens[i] for i in reader.coordinated_finite_verbs(verb + 1)] == ["paraitra"]
    paraitra = reader.tokens.index("paraitra")
    assert [reader.tokens[i] for i in reader.predicates(paraitra)] == ["content"]
    assert "paraître" in describe_readings(reader, paraitra)


def test_every_family_reads_the_reformed_spelling() -> None:
    agreement = item("He knows the woman and he will seem happy.", (), checker="agreement",
                     params={"subject": {"person": 3, "number": "s", "gender": "m"}})
    verdict = AgreementChecker().check(item=agreement, output="Il connait la femme et il paraitra content.")
    assert verdict.outcome is Outcome.PASS, verdict.reason
    assert "'connait' (connaître" in verdict.reason and "'content' (content, adjective" in verdict.reason
    assert "conter" not in verdict.reason  # 'content' is the adjective, not a form of conter
    choice = item("He knows the woman.", (), checker="lexical_choice",
                  params={"expected": "connaître", "rejected": "savoir"})
    assert LexicalChoiceChecker().check(item=choice, output="Il connait la femme.").outcome is Outcome.PASS


def test_one_list_of_subject_pronouns() -> None:
    assert SUBJECT_CLITICS == {"je", "j'", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles"}
    for family in FRENCH_FAMILIES:
        tree = ast.parse(inspect.getsource(inspect.getmodule(family)))
        for node in ast.walk(tree):
            if isinstance(node, ast.Set):
                words = {element.value for element in node.elts if isinstance(element, ast.Constant)}
                assert not {"je", "tu", "ils"} <= words, f"{family.name} lists the subject pronouns again"


def test_no_family_reads_the_lexicon_around_the_reader() -> None:
    """Every lookup goes through the pack's ``readings`` (reformed spellings included), never
    ``Lexicon.analyses`` directly."""
    for family in FRENCH_FAMILIES:
        source = inspect.getsource(inspect.getmodule(family))
        assert ".analyses(" not in source, family.name
        assert "checkers.fr.question import" not in source and "checkers.fr.lexical_choice import" not in source


def test_hyphenated_inversions_and_the_verb_after_preverbal_clitics() -> None:
    reader, inversions = read_french("Ne l'a-t'il pas vu ?", default_lexicon())
    assert [inversion.text(reader) for inversion in inversions] == ["a-t-il"]
    assert reader.tokens[skip_preverbal(reader, 0)] == "a"
    reader, _ = read_french("La maison, la vois-tu ?", default_lexicon())
    assert skip_preverbal(reader, reader.tokens.index(",") + 1) == reader.tokens.index(",") + 1  # 'la' may open a noun phrase


@pytest.mark.parametrize("output", ["...", "42 !", "?"])
def test_an_output_without_a_word_is_not_applicable_in_every_family(output: str) -> None:
    suite = load_suite(bundled_suites()["isabelle2017-en-fr"])
    first_items = {item.checker: item for item in reversed(suite.items)}
    judged = [family for family in FRENCH_FAMILIES if family.name in first_items]
    assert len(judged) >= 20
    for family in judged:
        verdict = family().check(item=first_items[family.name], output=output)
        assert verdict.outcome is Outcome.NA, (family.name, verdict.reason)


@pytest.mark.parametrize(("sentence", "impersonal"), [
    ("Il faut partir.", True), ("Il ne lui faudra pas longtemps.", True), ("Il n'y en a plus.", True),
    ("Il s'agit de ton frère.", True), ("Il vaut mieux attendre.", True), ("Il nous semble juste.", True),
    ("Il semble que tout va bien.", True), ("Il est rare d'en voir un.", True), ("Il est clair qu'il ment.", True),
    ("Il était une fois un roi.", True), ("Il reste deux places.", True), ("Il fait beau.", True), ("Il ne fait pas trop chaud.", True),
    ("Merci, s'il te plaît.", True),
    ("Il est plein de touristes.", False), ("Il est fier de son fils.", False), ("Il est facile à lire.", False),
    ("Il s'applique partout.", False), ("Il semble fatigué.", False), ("Il manque de sel.", False),
    ("Il y est allé hier.", False), ("Il fait du bruit.", False), ("Il reste chez lui.", False),
])
def test_an_impersonal_il_is_told_from_a_referring_one(sentence: str, impersonal: bool) -> None:
    reader = SentenceReader(sentence, default_lexicon())
    assert is_impersonal_il(reader, reader.tokens.index("il")) is impersonal


def test_pronouns_joined_to_an_imperative_are_split_off_and_marked() -> None:
    tokens, enclitics = tokenize_enclitics("Passe-le-moi, va-t-en et range-les ; celle-là, peut-être, a-t-il dit.")
    assert tokens == ["passe", "le", "moi", ",", "va", "en", "et", "range", "les", ";", "celle-là", ",", "peut-être",
                      ",", "a", "il", "dit", "."]
    assert sorted(tokens[i] for i in enclitics) == ["en", "le", "les", "moi"]


@pytest.mark.parametrize(("text", "verb", "meaning"), [
    ("Il parlait souvent.", 1, ("parlait",)),
    ("Il ne lui a pas vendu le livre.", 3, ("vendu",)),            # the participle after the auxiliary
    ("Il ne lui a pas donné le livre.", 3, ()),                    # a support verb says little alone
    ("Ils auraient dû nous mettre en garde.", 1, ()),              # (*mettre en garde*, *mettre la puce à l'oreille*)
    ("Les appels auraient dû nous alerter.", 2, ("alerter",)),     # through the chain auxiliary, modal, infinitive
    ("Le bruit aurait dû nous faire fuir.", 2, ("fuir",)),          # after factitive *faire*, its infinitive
    ("Ne devrais-je pas appeler un médecin ?", 1, ("appeler",)),  # the infinitive after a modal
    ("Jamais elle n'avait été aussi heureuse.", 3, ("heureuse",)),  # after a copula, its predicate
    ("Elle est très grande et extrêmement forte.", 1, ("grande", "forte")),
    ("Il a un chien.", 1, ("a",)),                                 # avoir as the verb itself
    ("Mary avait l'air vraiment heureuse ce soir.", 1, ("heureuse",)),  # avoir l'air: a copula
])
def test_the_words_that_carry_a_verb_groups_meaning(text: str, verb: int, meaning: tuple[str, ...]) -> None:
    reader = SentenceReader(text, default_lexicon())
    assert reader.meaning_words(verb) == meaning, reader.tokens
