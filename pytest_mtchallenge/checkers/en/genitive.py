"""The ``en_genitive`` family: a French *de* genitive rendered with the English *'s* (*le livre de mon frère*)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_DEFAULT_PREPOSITIONS = ("of", "from")


@dataclass(frozen=True, slots=True)
class GenitiveParams(WordLists):
    possessor: Words
    possessed: Words
    prepositions: Words = _DEFAULT_PREPOSITIONS


class GenitiveChecker(EnglishChecker):
    """Whether a French *de* genitive became the English *'s* genitive.

    *Il a pris le livre de mon frère aîné* is *He took my elder brother's book*; *the book of my
    elder brother* keeps the French prepositional genitive, and *the book from my brother* reads
    *de* as a source.

    Parameters:

    - ``possessor``: the English head nouns of the possessor (``[brother]``; plurals match too).
    - ``possessed``: the English head nouns of the thing possessed (``[book, novel]``).
    - ``prepositions``: prepositions that render *de* word for word (default: of, from): fail.

    How it reads an output: the possessor noun followed by *'s* (or *'* after a plural) and, within
    two words, the possessed noun passes; the possessed noun followed, within its clause, by one of
    ``prepositions`` and then the possessor fails; the two nouns side by side without *'s* (*my
    brother book*) fail.
    """

    name = "en_genitive"
    version = "2"  # names the construction it did not find (Verdict.not_found)
    description = "Genitives: de + possessor → possessor's"
    Params = GenitiveParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        words = sentence.words
        params = GenitiveParams.of(item)
        possessors = set(params.possessor)
        possessors |= {p + "s" for p in possessors}
        possessed = set(params.possessed)
        possessed |= {p + "s" for p in possessed}
        prepositions = params.prepositions
        for index, word in enumerate(words):
            if word not in possessors:
                continue
            following = words[index + 1] if index + 1 < len(words) else ""
            if following in ("'s", "'"):
                thing = next((i for i in range(index + 2, min(index + 5, len(words))) if words[i] in possessed), None)
                if thing is not None:
                    phrase = sentence.text(index, thing + 1)
                    return Verdict.passed(f"{phrase!r}: the genitive is marked with 's on the possessor", phrase)
            elif following in possessed:
                phrase = sentence.text(index, index + 2)
                return Verdict.failed(f"{phrase!r}: the possessor stands before the noun without 's; expected "
                                      f"\"{word}'s {following}\"", phrase)
        for index, word in enumerate(words):
            if word not in possessed:
                continue
            end = sentence.clause_end(index)
            after = index + 1
            if after < end and words[after] in prepositions:
                owner = next((i for i in range(after + 1, min(after + 6, end)) if words[i] in possessors), None)
                if owner is not None:
                    if owner + 1 < len(words) and words[owner + 1] in ("'s", "'"):
                        return Verdict.undecided(f"{sentence.text(index, owner + 2)!r}: a double genitive, left to "
                                                 "a human")
                    phrase = sentence.text(index, owner + 1)
                    return Verdict.failed(f"{phrase!r}: the genitive is rendered with {words[after]!r}; expected the "
                                          f"possessor with 's before {word!r}", phrase)
        return Verdict.not_found("the possessor (with 's or in a prepositional genitive)",
                                  "no possessor with 's and no prepositional genitive found: left to a human")

