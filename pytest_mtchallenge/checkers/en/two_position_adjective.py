"""The ``en_two_position_adjective`` family: French adjectives whose sense depends on their position (*simple*)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.reader import Sentence, is_adverb
from pytest_mtchallenge.languages.en.words import BE_FORMS, DETERMINERS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict



@dataclass(frozen=True, slots=True)
class TwoPositionAdjectiveParams(WordLists):
    nouns: Words
    accepted: Words
    rejected: Words

    def __post_init__(self) -> None:
        overlap = set(self.accepted) & set(self.rejected)
        if overlap:
            raise ValueError(f"accepted and rejected share {min(overlap)!r}")


class TwoPositionAdjectiveChecker(EnglishChecker):
    """Whether a French two-position adjective got the English sense of its position.

    *une idée simple* (after the noun) is *a simple idea*; *la simple idée* (before the noun) is
    *the mere idea* (or *the very idea*, *just the idea*).

    Parameters:

    - ``nouns``: the English renderings of the modified noun (*idea, thought, notion*); plurals
      match too.
    - ``accepted``: the English adjectives (before the noun, or predicative: *an idea that is
      simple*) or focus adverbs before the determiner (*just the idea*) of the right sense.
    - ``rejected``: those of the other position's sense (*mere, very, just* for post-nominal
      *simple*; *simple, single, plain* for pre-nominal *simple*): fail.

    An adjective of either list left right after its noun, in the French order (*one idea simple*,
    *the idea mere of leaving*), still modifies that noun: its sense is judged as before the noun
    (the order is another question). A noun with neither is left to a human.
    """

    name = "en_two_position_adjective"
    #: 2: names the construction it did not find (Verdict.not_found). 3: an adjective left after its noun
    version = "3"
    description = "Two-position adjectives: the sense of the French adjective's position"
    Params = TwoPositionAdjectiveParams
    construction_params = ("accepted", "rejected")

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        words = sentence.words
        params = TwoPositionAdjectiveParams.of(item)
        nouns = set(params.nouns)
        nouns |= {n + "s" for n in nouns}
        accepted, rejected = set(params.accepted), set(params.rejected)
        for index, word in enumerate(words):
            if word not in nouns:
                continue
            modifiers = []
            before = index - 1
            while before >= 0 and words[before] not in DETERMINERS and words[before][0].isalpha() \
                    and index - before <= 2:
                modifiers.append(before)
                before -= 1
            if before >= 1 and words[before] in DETERMINERS:
                modifiers.append(before - 1)  # *just the idea*, *merely an idea*
            for position in modifiers:
                modifier = words[position]
                phrase = sentence.text(position, index + 1)
                if modifier in accepted:
                    return Verdict.passed(f"{phrase!r}: {modifier!r} has the sense of the French adjective in its "
                                          "position", phrase)
                if modifier in rejected:
                    return Verdict.failed(f"{phrase!r}: {modifier!r} has the sense of the adjective in the other "
                                          f"position; expected {' / '.join(sorted(accepted))}", phrase)
            after = index + 1
            if after < len(words) and words[after] in accepted | rejected and not is_adverb(words[after]):
                phrase = sentence.text(index, after + 1)  # *idea simple*: the French order kept
                if words[after] in accepted:
                    return Verdict.passed(f"{phrase!r}: {words[after]!r}, left after its noun in the French order, "
                                          "has the sense of the French adjective in its position", phrase)
                return Verdict.failed(f"{phrase!r}: {words[after]!r}, left after its noun in the French order, has the "
                                      f"sense of the adjective in the other position; expected "
                                      f"{' / '.join(sorted(accepted))}", phrase)
            predicate = self._predicate(sentence, index)
            if predicate is not None:
                phrase = sentence.text(index, predicate + 1)
                if words[predicate] in accepted:
                    return Verdict.passed(f"{phrase!r}: the predicative {words[predicate]!r} has the expected sense",
                                          phrase)
                if words[predicate] in rejected:
                    return Verdict.failed(f"{phrase!r}: the predicative {words[predicate]!r} has the other sense",
                                          phrase)
        return Verdict.not_found("the adjective next to its noun",
                                  "no accepted or rejected adjective next to the noun: left to a human")

    @staticmethod
    def _predicate(sentence: Sentence, noun: int) -> int | None:
        """*an idea that is simple*: the adjective of a relative copula clause right after the noun."""
        words = sentence.words
        index = noun + 1
        if index < len(words) and words[index] in ("that", "which"):
            index += 1
            if index < len(words) and (words[index] in BE_FORMS or words[index] == "'s"):
                return index + 1 if index + 1 < len(words) else None
        return None

