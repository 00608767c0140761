"""The ``en_fact_insertion`` family: *de ce que* + clause → *from the fact that* + clause."""
from __future__ import annotations

from collections.abc import Mapping

from pytest_mtchallenge.checkers.en import EnglishChecker, check_word_lists, words_of
from pytest_mtchallenge.languages.en.inflection import is_gerund
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.languages.en.words import AUXILIARIES, DETERMINERS, PERSONAL_PRONOUNS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_DEFAULT_LITERAL = ("what", "that", "this", "it")


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
    sleeping*) is a correct gerund clause.
    """

    name = "en_fact_insertion"
    version = "2"  # names the construction it did not find (Verdict.not_found)
    description = "de/à ce que + clause → from the fact that + clause"

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        check_word_lists(params, required=("accepted", "prepositions"), optional=("literal",))

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        words = sentence.words
        literal = words_of(item.params.get("literal"), "literal", required=False) or _DEFAULT_LITERAL
        for phrase in words_of(item.params["accepted"], "accepted"):
            for start, end in sentence.find_phrase(phrase):
                found = sentence.text(start, end)
                return Verdict.passed(f"the clause is introduced by {found!r}", found)
        for index, word in enumerate(words):
            if word not in words_of(item.params["prepositions"], "prepositions") or index + 2 >= len(words):
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
