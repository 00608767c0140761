"""The broken-output signals: untranslated words and a missing verb, from the language packs."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.languages.en.lexicon import has_finite_verb as english_finite_verb
from pytest_mtchallenge.languages.fr.words import has_finite_verb as french_finite_verb
from pytest_mtchallenge.languages.garbling import garbling, left_untranslated

@pytest.mark.parametrize("name", ["isabelle2017-en-fr", "isabelle-kuhn2018-fr-en", "cinkova-bojar2018-en-cs",
                                  "dip-discourse-en-fr"])
def test_no_reference_is_broken(name: str) -> None:
    suite = load_suite(bundled_suites()[name])
    broken = [(item.id, signals.describe()) for item in suite.items for reference in item.references
              if (signals := garbling(reference, source=item.source, source_language=suite.source_language,
                                      target_language=suite.target_language)).broken]
    assert broken == []


@pytest.mark.parametrize(("output", "source", "pair", "untranslated"), [
    ("Les appels répétés de sa mère *should avoir alerté nous.", "The repeated calls from his mother should have "
     "alerted us.", ("en", "fr"), ("*should",)),
    ("Les calls répétés de sa mère auraient dû nous alerter.", "The repeated calls from his mother should have "
     "alerted us.", ("en", "fr"), ("calls",)),  # an English plural the Lefff lists as a loan, unknown to simplemma
    ("The calls of sa mère should have alerted us.", "Les appels de sa mère auraient dû nous alerter.",
     ("fr", "en"), ("sa", "mère")),
    ("He has been warned by Paul.", "Il a été averti par Paul.", ("fr", "en"), ()),  # a name travels unchanged
    ("John a pris un taxi jusqu'à New York.", "John took a taxi to New York.", ("en", "fr"), ()),  # a shared word
    ("Il a #venir @hier.", "He came yesterday.", ("en", "fr"), ("#venir", "@hier")),  # an engine's marks
    ("Je suis heureux.", "Je suis heureux.", ("fr", "fr"), ()),  # a same-language suite decides nothing
    # a name or form of address closing the sentence travels unchanged, even a word of the source language
    ("C'est sûr, padre.", "You sure did, padre.", ("en", "fr"), ()),
    ("Bien joué, buddy.", "Well done, buddy.", ("en", "fr"), ()),
    ("Oui, je l'ai fait, Will. Au revoir.", "Yes, I did, Will. Goodbye.", ("en", "fr"), ()),
    ("Bien joué, buddy, vraiment.", "Well done, buddy.", ("en", "fr"), ("buddy",)),  # inside the sentence
])
def test_untranslated_words(output: str, source: str, pair: tuple[str, str], untranslated: tuple[str, ...]) -> None:
    signals = garbling(output, source=source, source_language=pair[0], target_language=pair[1])
    assert signals.untranslated == untranslated
    assert signals.broken is bool(untranslated)
    if untranslated:
        assert all(f"'{word}'" in signals.describe() for word in untranslated)


@pytest.mark.parametrize(("text", "expected"), [
    ("Il aller à la maison.", False),
    ("Nous crier une insulte et laisser abruptement.", False),
    ("Le bruit soudain dans les chambres.", None),  # no verb at all: a reply or a title, not a broken clause
    ("Oui, monsieur.", None),
    ("Avant de partir, hum...", None),  # an infinitive after its preposition
    ("Il tourné la tête.", False),  # a participle without its auxiliary
    ("Une fois le travail terminé, Marie est partie.", True),
    ("Il ne leur parlait pas très souvent.", True),  # leur is a clitic here, not a determiner
    ("Jamais avant avait-elle été si malheureuse.", True),
    ("Mettez la charrue avant les bœufs !", True),  # an imperative
    ("La ferme de mes parents.", None),  # ferme after an article is a noun
])
def test_french_finite_verbs(text: str, expected: bool | None) -> None:
    assert french_finite_verb(text) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("He to go home.", False),
    ("She be tall.", False),
    ("The woman looking at herself in the mirror.", False),
    ("I spoke to them.", True),
    ("Being late, he ran.", True),  # a participial clause before the finite verb
    ("Just the idea of leaving terrified her.", True),
    ("I like listening to music.", True),
    ("They will leave.", True),
    ("The cats sleep.", None),  # no parts of speech: a present tense after a noun is unsure
    ("The children like to play.", None),
    ("Stop beating around the bush.", None),  # an imperative or a noun: unsure
])
def test_english_finite_verbs(text: str, expected: bool | None) -> None:
    assert english_finite_verb(text) is expected


def test_a_missing_verb_needs_a_verb_in_the_source() -> None:
    assert garbling("Le chien être sur la table.", source="The dog is on the table.", source_language="en",
                    target_language="fr").missing_verb
    assert not garbling("Le chien être sur la table.", source="The dog to be on the table.", source_language="en",
                        target_language="fr").missing_verb
    assert not garbling("Oui, monsieur.", source="I do, sir.", source_language="en", target_language="fr").missing_verb


@pytest.mark.parametrize(("output", "structures"), [
    ("Le garçon qui manger la pomme est mon frère.", ("no finite verb in the relative clause after 'qui' ('manger')",)),
    ("Le gâteau que ma tante préparé était délicieux.",
     ("no finite verb in the relative clause after 'que' ('préparé')",)),
    ("Le livre mon oncle a écrit est long.",
     ("the relative pronoun is missing between 'livre' and 'mon oncle' (an English zero relative)",)),
    ("Je pense que il viendra.", ("'que il' is not elided",)),
    ("Il sort de le magasin.", ("'de le' is not contracted to 'du'",)),
    ("Si il pleut, elle vouloir rester.", ("no finite verb after the subject 'elle' ('vouloir')", "'si il' is not elided")),
    ("Le gâteau que ma tante préparer était délicieux.",
     ("no finite verb in the relative clause after 'que' ('préparer')",)),
    ("Il exige que les voisins ne pas faire de bruit.",
     ("no finite verb in the clause after 'que' ('faire')",)),
    ("Pierre réparé le vélo que son fils a cassé.", ("no finite verb after the subject 'pierre' ('réparé')",)),
    ("Pierre jardinier une petite parcelle.", ("no finite verb after the subject 'pierre' ('jardinier')",)),
    # well-formed French
    ("Pierre a réparé le vélo que son fils a cassé.", ()),
    ("Pierre, jardinier de métier, cultive des roses.", ()),  # an apposition set off by commas
    ("Le gâteau que ma tante veut préparer était délicieux.", ()),
    ("Il exige que les voisins ne fassent pas de bruit.", ()),
    ("Il ne fait que dormir.", ()),  # the restrictive ne … que before an infinitive
    ("Il a décidé de le faire.", ()),  # le is the clitic of faire
    ("Le héros de un à dix.", ()),  # an aspirated h does not elide; a numeral may keep de
    ("Dois-je partir ?", ()),  # an inverted subject before the infinitive
    ("Il lui a parlé.", ()),  # lui is a pronoun, not the participle of luire
    ("Le garçon qui mange la pomme est mon frère.", ()),
    ("Le gâteau que ma tante a préparé était délicieux.", ()),
    ("Je ne sais pas qui appeler.", ()),  # an indirect question after a verb takes an infinitive
    ("Il ne fait que dormir.", ()),
    ("Ce matin mon oncle est arrivé.", ()),  # a fronted time phrase, not a zero relative
    ("Une fois la porte ouverte, il n'y a pas de retour.", ()),  # an absolute construction
    ("Il a offert un livre à mon oncle.", ()),
])
def test_french_broken_structures(output: str, structures: tuple[str, ...]) -> None:
    signals = garbling(output, source="(an English source with a verb: it is.)", source_language="en",
                       target_language="fr")
    assert signals.structures == structures
    assert all(s in signals.describe() for s in structures)


@pytest.mark.parametrize(("output", "untranslated"), [
    ("Odmítl disclose, kolik peněz dostal.", ("disclose",)),
    ("Odmítl the informace o penězích.", ("the",)),
    ("Odmítl prozradit, kolik peněz dostal.", ()),
    ("Odmítl prozradit, kolik peněz dostal od Bank of America.", ()),  # a name keeps its function words
])
def test_czech_untranslated_words(output: str, untranslated: tuple[str, ...]) -> None:
    signals = garbling(output, source="He refused the information to disclose how much money he received from "
                               "Bank of America.",
                       source_language="en", target_language="cs")
    assert signals.untranslated == untranslated


@pytest.mark.parametrize(("output", "source", "reference", "left"), [
    # issue 36: half-translated outputs, the source's words named
    ("Les appels repeated de sa mère auraient dû nous alerter.", "The repeated calls from his mother should have "
     "alerted us.", "Les appels répétés de sa mère auraient dû nous alerter.", ("repeated",)),
    ("John aimerait traverser la river à la nage.", "John would like to swim across the river.",
     "John aimerait traverser la rivière à la nage.", ("river",)),  # French *river* (to rivet): a homograph
    # a word the reference keeps, a title, a quoted term: kept as a translation keeps them
    ("Utilisez le couteau à steak.", "Use the steak knife.", "Utilisez le couteau à steak.", ()),
    ("Il a écrit un scénario intitulé The Planet Wyh.", "He wrote a script called The Planet Wyh.",
     "Il a écrit un scénario intitulé La Planète Wyh.", ()),
    ("Je vous assure.", "I assure you.", "Je vous le garantis.", ()),  # *assure*, a form of *assurer*
])
def test_left_untranslated_names_the_source_words_a_half_translated_output_keeps(
        output: str, source: str, reference: str, left: tuple[str, ...]) -> None:
    assert left_untranslated(output, source=source, references=(reference,), source_language="en",
                             target_language="fr") == left
