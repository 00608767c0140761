"""The ``en_count_mass`` family: a French count noun whose English counterpart is a mass noun (*un conseil*)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.reader import Sentence, is_adverb
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

# Determiners and numerals that only combine with count nouns.
COUNT_DETERMINERS = frozenset({"a", "an", "one", "another", "each", "every", "many", "several", "few", "two", "three",
                               "four", "five", "these", "those", "both", "single"})
# Adjectives that may stand between the determiner and the noun (a good piece of advice, some sound advice).
_ADJECTIVE_ENDINGS = ("ful", "ous", "ive", "al", "able", "ible", "ic", "ent", "ant", "ed", "est", "er")
_ADJECTIVES = frozenset({"good", "wise", "sound", "great", "little", "small", "big", "bad", "new", "last", "brief",
                         "short", "simple", "single", "free", "friendly", "kind", "sage", "solid", "wrong", "real",
                         "best", "better", "further", "more", "fine", "nice", "old", "clear", "honest", "quick"})


@dataclass(frozen=True, slots=True)
class CountMassParams(WordLists):
    nouns: Words
    partitives: Words = ("piece", "word", "bit")
    count_nouns: Words = ()


class CountMassChecker(EnglishChecker):
    """Whether a French count noun became an English mass noun used as one (*a piece of advice*).

    *Max lui a donné un conseil* is *Max gave him a piece of advice* / *some advice* / *advice*;
    *an advice* or *advices* treat the mass noun as a count noun.

    Parameters:

    - ``nouns``: the English mass nouns that render the source noun (``[advice]``).
    - ``partitives``: count nouns that make a unit of the mass (*piece, word, bit*; default those three).
    - ``count_nouns``: English count nouns that render the source noun as a count noun (*tip,
      suggestion, recommendation*): they pass.

    How it reads an output: the determiner of each mass noun, read leftwards across adjectives: *a,
    an, one, another, each*… fail, as does a plural; *of* after a partitive passes; anything else
    (*some, the, his*, no determiner) passes.
    """

    name = "en_count_mass"
    version = "2"  # names the construction it did not find (Verdict.not_found)
    description = "Count vs mass nouns: an English mass noun for a French count noun"
    Params = CountMassParams
    construction_params = ("partitives",)

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        words = sentence.words
        params = CountMassParams.of(item)
        nouns, partitives = params.nouns, params.partitives
        for index, word in enumerate(words):
            if word in {n + "s" for n in nouns}:
                phrase = sentence.text(index, index + 1)
                return Verdict.failed(f"{phrase!r}: the mass noun {word[:-1]!r} is made plural, as a count noun",
                                      phrase)
            if word not in nouns:
                continue
            before = index - 1
            while before >= 0 and _is_adjective(words[before]):
                before -= 1
            determiner = words[before] if before >= 0 else ""
            phrase = sentence.text(max(before, 0), index + 1)
            if determiner in COUNT_DETERMINERS:
                return Verdict.failed(f"{phrase!r}: {word!r} is a mass noun in English and cannot take "
                                      f"{determiner!r}; expected e.g. 'a piece of {word}' or 'some {word}'", phrase)
            if determiner == "of" and before >= 1:
                partitive = before - 1
                while partitive >= 0 and _is_adjective(words[partitive]):
                    partitive -= 1
                if partitive >= 0 and words[partitive] in {p for p in partitives} | {p + "s" for p in partitives}:
                    start = partitive - 1 if partitive >= 1 and words[partitive - 1] in COUNT_DETERMINERS else partitive
                    phrase = sentence.text(start, index + 1)
                    return Verdict.passed(f"{phrase!r}: a partitive noun makes a unit of the mass noun {word!r}",
                                          phrase)
                return Verdict.undecided(f"{phrase!r}: {word!r} after 'of', without a partitive: left to a human",
                                         phrase)
            what = f"with {determiner!r}" if determiner and determiner[0].isalpha() else "without a determiner"
            return Verdict.passed(f"{phrase!r}: the mass noun {word!r} is used as a mass noun ({what})", phrase)
        for count in params.count_nouns:
            for index in sentence.find([count]) + sentence.find([count + "s"]):
                phrase = sentence.text(max(index - 1, 0), index + 1)
                return Verdict.passed(f"{phrase!r}: a count noun of English renders the French count noun", phrase)
        return Verdict.not_found("an English rendering of the source noun",
                                  "none of the expected nouns found (the noun was avoided?): left to a human")


def _is_adjective(word: str) -> bool:
    """An adjective or a degree adverb between a determiner and its noun (a really useful piece)."""
    if word in _ADJECTIVES or is_adverb(word):
        return True
    return len(word) > 5 and word.endswith(_ADJECTIVE_ENDINGS) and word not in COUNT_DETERMINERS
