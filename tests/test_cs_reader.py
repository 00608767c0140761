"""The Czech language pack: tokens, sentences, word-form readings, cases and clause kinds."""
from __future__ import annotations

import subprocess
import sys

import pytest

from pytest_mtchallenge.languages import language_pack
from pytest_mtchallenge.languages.cs import lemmatizer
from pytest_mtchallenge.languages.cs.forms import (
    analyse,
    case_of,
    infinitive_of,
    is_verb_lemma,
    lemma_class,
    lemma_key,
    noun_reading,
    noun_stems,
    passive_infinitives,
    past_infinitives,
    present_infinitives,
)
from pytest_mtchallenge.languages.cs.reader import Sentence, tokenize


def reading_of(word: str, lemma: str) -> str | None:
    """The kind of the first reading of ``word`` that can be a form of ``lemma``."""
    return next((r.kind for r in analyse(word) if lemma_key(lemma) in r.lemmas), None)


def test_tokens_keep_li_numbers_and_diacritics() -> None:
    assert tokenize("Chce-li, zaplatí 2,75 dolaru „hned“.") == ["Chce", "-li", ",", "zaplatí", "2,75", "dolaru", '"',
                                                                 "hned", '"', "."]
    assert tokenize("Kanaďan") == ["Kanaďan"]
    assert tokenize("Kanad\u030can") == ["Kanaďan"]  # NFD is composed


def test_the_pack_splits_sentences_after_czech_abbreviations_only() -> None:
    pack = language_pack("cs")
    assert pack.name == "Czech" and pack.code == "cs"
    assert pack.split_sentences("Přišel např. v 5 hod. ráno. Pak odešel. Prof. Novák řekl, tj. souhlasil.") == [
        "Přišel např. v 5 hod. ráno.", "Pak odešel.", "Prof. Novák řekl, tj. souhlasil."]
    assert pack.signature().startswith("simplemma-")


@pytest.mark.parametrize(("word", "lemma", "kind"), [
    ("báli", "bát se", "past"), ("nazval", "nazvat", "past"), ("nenavrhl", "navrhnout", "past"),
    ("přijal", "přijmout", "past"), ("uvedla", "uvést", "past"), ("šel", "jít", "past"), ("řekl", "říct", "past"),
    ("udeří", "udeřit", "present"), ("přijme", "přijmout", "present"), ("kupuje", "kupovat", "present"),
    ("vyhne", "vyhnout", "present"), ("uzavře", "uzavřít", "present"), ("napíše", "napsat", "present"),
    ("udeřte", "udeřit", "imperative"), ("přijměte", "přijmout", "imperative"), ("dělejte", "dělat", "imperative"),
    ("vyhnout", "vyhnout se", "infinitive"), ("péci", "péct", "infinitive"), ("přijmouti", "přijmout", "infinitive"),
    ("udeřen", "udeřit", "passive"), ("dosazena", "dosadit", "passive"), ("přijat", "přijmout", "passive"),
    ("přijetí", "přijmout", "deverbal_noun"), ("udeřením", "udeřit", "deverbal_noun"),
    ("vypsáním", "vypsat", "deverbal_noun"), ("dosazení", "dosadit", "deverbal_noun"),
    ("navržení", "navrhnout", "deverbal_noun"), ("uvedení", "uvést", "deverbal_noun"),
    ("zaplacení", "zaplatit", "deverbal_noun"), ("vyhnutím", "vyhnout", "deverbal_noun"),
    ("pokrytí", "pokrýt", "deverbal_noun"), ("psaní", "psát", "deverbal_noun"), ("kupováních", "kupovat", "deverbal_noun"),
    ("nakukující", "nakukovat", "participle_adjective"), ("pokrývajícími", "pokrývat", "participle_adjective"),
    ("nesoucího", "nést", "participle_adjective"), ("bojící", "bát se", "participle_adjective"),
    ("napsaného", "napsat", "passive_adjective"), ("pokrytá", "pokrýt", "passive_adjective"),
    ("trvaje", "trvat", "transgressive"), ("uváděje", "uvádět", "transgressive"), ("obávajíce", "obávat se", "transgressive"),
    ("udeřiv", "udeřit", "transgressive"), ("prásknuvši", "prásknout", "transgressive"),
])
def test_a_word_reads_as_the_form_its_ending_makes(word: str, lemma: str, kind: str) -> None:
    assert reading_of(word, lemma) == kind


@pytest.mark.parametrize(("word", "lemma"), [
    ("příjmení", "přijmout"), ("hraje", "hrát"), ("udeření", "udeřovat"), ("zdravotní", "zdravit"), ("let", "letět"),
])
def test_a_word_is_not_read_as_a_form_of_an_unrelated_or_other_verb(word: str, lemma: str) -> None:
    kind = reading_of(word, lemma)
    assert kind is None or (word == "hraje" and kind == "present")


def test_derivations_back_to_the_infinitive() -> None:
    assert {"udeřit", "dosadit"} <= passive_infinitives("udeřen") | passive_infinitives("dosazen")
    assert "přijmout" in passive_infinitives("přijet") and "vést" in passive_infinitives("veden")
    assert "navrhnout" in past_infinitives("navrhl") and "jít" in past_infinitives("přišel") - {"přijít"} | {"jít"}
    assert "přijít" in past_infinitives("přišel") and "číst" in past_infinitives("četl")
    assert "kupovat" in present_infinitives("kupují") and "vést" in present_infinitives("vedou")
    assert present_infinitives("a") == set()


def test_lemma_keys_and_infinitive_shapes() -> None:
    assert lemma_key("Bát se") == lemma_key("bat") == "bat"
    assert infinitive_of("moci") == "moct" and infinitive_of("vésti") == "vést" and infinitive_of("znalost") is None
    assert is_verb_lemma("bát se") and is_verb_lemma("péct") and lemma_class("přijmout") == "verb"
    assert lemma_class("růst") == lemma_class("návrat") == "both"
    assert not is_verb_lemma("nábor") and not is_verb_lemma("let") and not is_verb_lemma("znalost")
    assert not is_verb_lemma("test")


def test_event_nouns_in_their_case_forms() -> None:
    assert noun_reading("náboru", "nábor") is not None
    assert noun_reading("podpoře", "podpora") is not None
    assert noun_reading("výpočtu", "výpočet") is not None
    assert noun_reading("stávkou", "stávka") is not None
    assert noun_reading("nenáboru", "nábor") is not None and noun_reading("nenáboru", "nábor").negated
    assert noun_reading("obava", "nábor") is None
    assert noun_reading("přijetím", "přijetí").kind == "deverbal_noun"
    assert noun_stems("výpočet") == ("výpočet", "výpočt")


@pytest.mark.parametrize(("ending", "preposition", "case"), [
    ("ím", "s", "instrumental"), ("ím", None, "instrumental singular or dative plural"), ("ím", "k", "dative"),
    ("í", "o", "accusative or locative"), ("í", "při", "locative"), ("í", "bez", "genitive"), ("ích", "v", "locative"),
    ("ími", None, "instrumental"), ("í", None, "nominative, genitive, dative, accusative or locative"),
])
def test_the_case_of_a_deverbal_noun_narrowed_by_its_preposition(ending: str, preposition: str | None, case: str) -> None:
    from pytest_mtchallenge.languages.cs.words import PREPOSITION_CASES

    assert case_of(ending, preposition, PREPOSITION_CASES.get(preposition) if preposition else None) == case


@pytest.mark.parametrize(("text", "lemma", "kind", "words"), [
    ("Báli se, protože se báli, že přijdou pozdě.", "bát se", "finite", "protože se báli"),
    ("Nazval ji prudkou.", "nazvat", "finite", "Nazval"),
    ("Přiměli ho k tomu, aby na tom trval.", "trvat", "subjunctive", "aby … trval"),
    ("Kdybychom trvali na svém, vyhráli bychom.", "trvat", "subjunctive", "Kdybychom trvali"),
    ("Trvá-li na tom, odejdu.", "trvat", "finite", "Trvá-li"),
    ("Souhlasil s udeřením soupeře.", "udeřit", "nonfinite", "udeřením"),
    ("Odmítla uvést cenu.", "uvést", "nonfinite", "uvést"),
    ("Nemohla uvést cenu.", "uvést", "finite", "Nemohla"),
    ("Cenu bude uvádět později.", "uvádět", "finite", "bude"),
    ("Střechy pokrývající předměstí.", "pokrývat", "nonfinite", "pokrývající"),
    ("Řekl, že by to uvedl jinak.", "uvést", "finite", "že by to uvedl"),
    ("Ceny letos rostou.", "růst", "finite", "rostou"),
    ("Očekává se další růst cen.", "růst", "nonfinite", "růst"),
    ("Mluvil o růstu cen.", "růst", "nonfinite", "růstu"),
])
def test_the_clause_a_found_form_makes(text: str, lemma: str, kind: str, words: str) -> None:
    sentence = Sentence(text)
    found = sentence.find([lemma])[-1]
    clause = sentence.clause(found)
    assert clause.kind == kind, clause.description
    assert clause.words == words


def test_the_preposition_of_a_noun_skips_its_attributes() -> None:
    sentence = Sentence("Souhlasil s rychlým a tvrdým udeřením. Zvažte přijetí jména.")
    assert sentence.preposition_before(sentence.lower.index("tvrdým")) is None  # "a" is not an attribute
    assert Sentence("Souhlasil s rychlým udeřením.").preposition_before(3) == "s"
    assert Sentence("Zvažte přijetí jména.").preposition_before(1) is None


def test_simplemma_is_imported_at_first_use_not_with_the_plugin() -> None:
    code = ("import sys, pytest_mtchallenge.plugin, pytest_mtchallenge.plugin.session\n"
            "from pytest_mtchallenge.checkers import builtin_checkers\n"
            "from pytest_mtchallenge.languages import language_pack\n"
            "builtin_checkers(); language_pack('cs').signature()\n"
            "assert 'simplemma' not in sys.modules, 'imported too early'\n"
            "from pytest_mtchallenge.languages.cs import lemmatizer\n"
            "assert lemmatizer.lemma('báli') == 'bát' and 'simplemma' in sys.modules\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_the_lemmatizer_knows_czech_forms() -> None:
    assert lemmatizer.load() >= 0
    assert lemmatizer.lemma("Vytvořila") == "vytvořit"
    assert lemmatizer.is_known("báli") and not lemmatizer.is_known("xyzqw")
