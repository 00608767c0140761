"""English families on broken, calqued and rephrased outputs (issue 16), written by hand (none of them a
variant file's or a recorded output): what the automatic judge says of each through the family."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.verdict import Outcome
from tests.checkers.suite_items import judged

#: Broken or calqued outputs the family fails, with a word of the reason.
BROKEN_FAILS = [
    ('en_argument_switch', 'AS1', 'Mary *manque a lot to John.', 'not rendered'),
    ('en_chez_soi', 'CS1', 'My son remained with him.', 'cannot refer back to the subject'),
    ('en_chez_soi', 'CS1', 'My son is stayed *chez lui.', 'not rendered'),
    ('en_clause_tense', 'VT1', 'It is *essentiel he arrives in time.', 'not rendered'),
    ('en_clause_tense', 'TC1', 'Max is going to go from that you will wake.', 'word for word'),
    ('en_clause_tense', 'TC1', 'Max will leave as soon as you yourself will get up.', 'future'),
    ('en_count_mass', 'CM1', 'Max him has given one *conseil.', 'not rendered'),
    ('en_fact_insertion', 'FI1', 'That *provient of what Max has too much slept.', 'word-for-word'),
    ('en_factitive', 'FA2', 'Max has made *exploser one rock.', 'not rendered'),
    ('en_finite_clause', 'NF1', 'Max thinks understand the truth.', 'without a subject'),
    ('en_finite_clause', 'NF3', 'Once her job end, Mary left.', 'bare'),
    ('en_finite_clause', 'NF3', 'As soon as she finish her work, Mary left.', 'bare'),
    ('en_finite_clause', 'NF1', 'Max croit knowing the truth.', 'not rendered'),
    ('en_genitive', 'GE1', 'He has taken the *livre.', 'not rendered'),
    ('en_how_insertion', 'HI1', 'Max *sait repair a coffee pot.', 'not rendered'),
    ('en_manner_of_movement', 'MM2', 'John *entra the room *en *courant.', 'not rendered'),
    ('en_middle_voice', 'MV1', 'This sort of motor itself fixes without trouble.', 'French clitic position'),
    ('en_middle_voice', 'MV1', 'This type of engine se *répare easily.', 'not rendered'),
    ('en_negation', 'NE2', 'Max *comprend nullement this idea.', 'not rendered'),
    ('en_phrase', 'GW6', 'He has been *averti *par Paul.', 'not rendered'),
    ('en_possession', 'IP2', 'She has *levé the *main.', 'not rendered'),
    ('en_pronoun', 'PP2', 'We them have talked.', 'French clitic position'),
    ('en_pronoun', 'PP3', 'I to them have borrowed a pen.', "'borrow' needs 'from' or 'off'"),
    ('en_pronoun', 'PP4', 'She the has seen.', "French clitic le/la read as the article"),
    ('en_pronoun', 'PP4', 'Max her has seen.', 'French clitic position'),
    ('en_pronoun', 'PP5', 'The lady herself has looked in the glass.', "reflexive 'herself' stands before"),
    ('en_pronoun', 'PP5', 'The woman was watched in the mirror.', 'passive'),
    ('en_pronoun', 'CV1', 'Max got his daughter to not herself sacrifice.', "reflexive 'herself' stands before"),
    ('en_pronoun', 'CV2', 'Max promised his daughter that he would never sacrifice.', 'has no object'),
    ('en_pronoun', 'PP1', 'This machine se *répare.', 'not rendered'),
    ('en_pronoun', 'PP1', 'This device is mended itself.', 'a passive verb takes no object'),
    ('en_question', 'YN1', 'As you already read this book?', 'no auxiliary before the subject'),
    ('en_question', 'YN1', 'If you have read this book?', 'no auxiliary before the subject'),
    ('en_question', 'YN1', 'This book, *as-tu *lu?', 'not rendered'),
    ('en_subject_order', 'SI1', 'The *livre that has *écrit my *frère is excellent.', 'not rendered'),
    ('en_tag_question', 'TQ1', 'He has seen the *photo yesterday, he not?', ''),
    ('en_two_position_adjective', 'TP2', 'The *simple *idée of to leave her terrorised.', 'not rendered'),
    ('en_verb_adverb', 'VA1', 'Max has *fini by *comprendre the difficulty.', 'not rendered'),
    ('en_voila_time', 'VO1', 'Here two hours that I you *attends.', 'not rendered'),
    ('en_wh_preposition', 'WR2', 'The girl about what he talked is brilliant.', "'what' does not relate a clause"),
    ('en_wh_preposition', 'WR3', 'the girl you *dansé with', 'not rendered'),
]

#: Fluent rephrasings without the construction: the family names what it did not find and a human judges.
REPHRASINGS = [
    ('en_argument_switch', 'AS1', 'John is very sad without Mary.'),
    ('en_chez_soi', 'CS1', 'My son did not go out.'),
    ('en_clause_tense', 'VT1', 'He has to be punctual, that is key.'),
    ('en_clause_tense', 'TC1', 'Max will leave as soon as for you to get up.'),
    ('en_clause_tense', 'TC1', 'Max will leave from that you get up.'),
    ('en_count_mass', 'CM1', 'Max told him what to do.'),
    ('en_fact_insertion', 'FI1', 'Max slept too long, hence that.'),
    ('en_factitive', 'FA2', 'A rock went up because of Max.'),
    ('en_genitive', 'GE1', 'He took the one that belongs to him.'),
    ('en_how_insertion', 'HI1', 'Coffee makers hold no secrets for Max.'),
    ('en_manner_of_movement', 'MM2', 'John was running when he reached the room.'),
    ('en_middle_voice', 'MV1', 'Engines like this are no trouble to look after.'),
    ('en_negation', 'NE2', 'This idea is beyond Max.'),
    ('en_possession', 'IP2', 'She volunteered.'),
    ('en_pronoun', 'CV1', 'Max talked his daughter into giving her life.'),
    ('en_pronoun', 'PP4', 'Let her see.'),
    ('en_question', 'YN1', 'Is this book familiar to you?'),
    ('en_subject_order', 'SI1', "My sibling's novel is excellent."),
    ('en_tag_question', 'TQ1', 'Did he see the picture yesterday?'),
    ('en_two_position_adjective', 'TP2', 'Just thinking of leaving terrified her.'),
    ('en_verb_adverb', 'VA1', 'The difficulty became clear to Max.'),
    ('en_voila_time', 'VO1', 'I am still here for you.'),
]

#: Correct outputs near the new failing patterns (an emphatic reflexive, a fronted preposition…).
CORRECT = [
    ('en_chez_soi', 'CS2', 'My daughter remained with him.'),
    ('en_clause_tense', 'VT1', 'It is vital for her brother to come on time.'),
    ('en_clause_tense', 'TC1', 'Max will go as soon as you yourself get up.'),
    ('en_finite_clause', 'NF3', 'As soon as her work was done, Mary left.'),
    ('en_phrase', 'GW6', 'Paul had told him beforehand.'),
    ('en_pronoun', 'PP2', 'I myself have talked to them.'),
    ('en_pronoun', 'PP3', 'I from them have borrowed a book.'),  # a prepositional phrase may precede the verb
    ('en_pronoun', 'PP5', 'The woman found herself staring at herself in the mirror.'),
    ('en_wh_preposition', 'WQ2', 'For what company does he work?'),
    ('en_wh_preposition', 'WR3', 'the girl with whom you danced'),
]


@pytest.mark.parametrize(("family", "item_id", "output", "why"), BROKEN_FAILS)
def test_broken_or_calqued_outputs_fail(family: str, item_id: str, output: str, why: str) -> None:
    verdict = judged(family, item_id, output)
    assert verdict.outcome is Outcome.FAIL, verdict.reason
    assert why in verdict.reason


@pytest.mark.parametrize(("family", "item_id", "output"), REPHRASINGS)
def test_fluent_rephrasings_stay_for_a_human(family: str, item_id: str, output: str) -> None:
    assert judged(family, item_id, output).outcome is Outcome.UNDECIDED


@pytest.mark.parametrize(("family", "item_id", "output"), CORRECT)
def test_correct_outputs_near_the_new_rules_pass(family: str, item_id: str, output: str) -> None:
    verdict = judged(family, item_id, output)
    assert verdict.outcome is Outcome.PASS, verdict.reason
