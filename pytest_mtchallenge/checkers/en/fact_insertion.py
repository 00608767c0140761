"""The ``en_fact_insertion`` family: *de ce que* + clause → *from the fact that* + clause."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.inflection import is_gerund, is_past_form
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.languages.en.words import AUXILIARIES, BE_FORMS, DETERMINERS, MODALS, PERSONAL_PRONOUNS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_DEFAULT_LITERAL = ("what", "that", "this", "it")


@dataclass(frozen=True, slots=True)
class FactInsertionParams(WordLists):
    accepted: Words
    prepositions: Words
    literal: Words = _DEFAULT_LITERAL


class FactInsertionChecker(EnglishChecker):
    """Whether a French *de ce que / à ce que* clause has an English nominal head (*the fact that*).

    English prepositions do not take a *that*-clause: *cela provient de ce que Max a trop dormi*
    is *that arises from the fact that Max has slept too much* (or a gerund: *from Max having
    slept*, or a conjunction: *because Max slept*), not *from what Max has slept*.

    Parameters:

    - ``accepted``: phrases that render the construction (*the fact that, the fact, because*).
    - ``prepositions``: the English prepositions of the governing verb or adjective (*from, of, to*).
    - ``literal``: words that, right after one of the prepositions and before a clause, render
      *ce que* word for word (default: *what, that, this, it*): fail.

    A preposition followed by a subject and an *-ing* form (*from Max having slept*, *from Max's
    sleeping*) is a correct gerund clause. A *that*-clause made the object of a lexical verb, with
    no preposition (*This shows that Max slept*, *That means that…*), loses the relation the French
    verb has with *de ce que* (the clause as a source or cause): fail. After *be* (*The reason is
    that…*) it is not read.
    """

    name = "en_fact_insertion"
    #: 2: names the construction it did not find (Verdict.not_found). 3: a that-clause as a verb's object fails
    version = "3"
    description = "de/à ce que + clause → from the fact that + clause"
    Params = FactInsertionParams
    construction_params = ("accepted", "prepositions")

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        words = sentence.words
        params = FactInsertionParams.of(item)
        literal = params.literal
        for phrase in params.accepted:
            for start, end in sentence.find_phrase(phrase):
                found = sentence.text(start, end)
                return Verdict.passed(f"the clause is introduced by {found!r}", found)
        for index, word in enumerate(words):
            if word not in params.prepositions or index + 2 >= len(words):
                continue
            following = words[index + 1]
            if following in literal and _opens_clause(sentence, index + 2):
                found = sentence.text(index, index + 3)
                return Verdict.failed(f"{found!r}: the preposition is followed by {following!r} and a clause, a "
                                      "word-for-word rendering of 'ce que'; expected 'the fact that'", found)
            ing = next((i for i in range(index + 1, min(index + 5, len(words))) if is_gerund(words[i])), None)
            if ing is not None and all(w[0].isalpha() or w in ("'s", "'") for w in words[index + 1:ing]):
                found = sentence.text(index, ing + 1)
                return Verdict.passed(f"{found!r}: a gerund clause after the preposition", found)
        verb = _verb_before_that(sentence)
        if verb is not None:
            found = sentence.text(verb, verb + 2)
            return Verdict.failed(f"{found!r}: the clause is the object of {sentence.cased[verb]!r}, with no "
                                  "preposition and no 'the fact that': the relation the French verb has with 'de ce "
                                  "que' (the clause as its source or cause) is lost", found)
        return Verdict.not_found("a rendering of the clause of 'de ce que' (the fact that, a gerund, a that-clause)",
                                  "no 'the fact that', gerund or literal 'what / that' clause found: left to a human")


def _opens_clause(sentence: Sentence, index: int) -> bool:
    """A subject starts here: a name, a pronoun, or a determiner, followed somewhere by a verb."""
    word = sentence.words[index]
    if word in PERSONAL_PRONOUNS or word in DETERMINERS:
        return True
    if sentence.cased[index][:1].isupper():
        return True
    return word in AUXILIARIES


def _verb_before_that(sentence: Sentence) -> int | None:
    """*This shows that Max slept*, *That means that…*: a lexical verb (not *be*) right before *that*
    and a clause, after the subject *this / that / it* or an auxiliary: the index of the verb."""
    words = sentence.words
    for index in range(2, len(words) - 1):
        if words[index] != "that" or not _opens_clause(sentence, index + 1):
            continue
        verb, before = words[index - 1], words[index - 2]
        if verb in BE_FORMS or verb in AUXILIARIES or not verb[0].isalpha():
            continue
        third = verb.endswith("s") and not verb.endswith("ss") and before in ("this", "that", "it", "which")
        if third or (is_past_form(verb) and before in ("this", "that", "it", "which")) or before in MODALS:
            return index - 1
    return None
