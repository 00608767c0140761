"""The ``en_possession`` family: the French definite article of inalienable possession (*Il s'est cassé la jambe*) rendered by an English possessive (*his leg*)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, source_phrase, words_param
from pytest_mtchallenge.languages.en.inflection import forms_of
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.languages.en.words import (
    ARTICLES,
    AUXILIARIES,
    DETERMINERS,
    POSSESSIVE_DETERMINERS,
    PREPOSITIONS,
    REFLEXIVES,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"body_parts", "possessives"}
MODIFIERS = 2  # the most words (own, left, broken …) between a determiner and the body-part noun
#: The possessive determiners, *whose* included.
_POSSESSIVES = POSSESSIVE_DETERMINERS | {"whose"}
_INDEFINITE = frozenset({"a", "an", "one", "some", "any"})


@dataclass(frozen=True, slots=True)
class PossessionParams(FamilyParams):
    nouns: frozenset[str]  # every form of the body parts
    possessives: frozenset[str]

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> PossessionParams:
        reject_unknown(mapping, _PARAMS)
        body_parts = words_param(mapping.get("body_parts"), "body_parts")
        possessives = words_param(mapping.get("possessives"), "possessives")
        strange = sorted(possessives - _POSSESSIVES)
        if strange:
            raise ValueError(f"possessives: {strange[0]!r} is not an English possessive determiner")
        return cls(frozenset(f for word in body_parts for f in forms_of(word)), possessives)


class EnglishPossessionChecker(EnglishChecker):
    """French marks the possessor of a body part with a definite article (and, with some verbs, a
    reflexive or dative clitic): *Il s'est cassé la jambe*, *Elle a levé la main*. English needs
    the possessive determiner of the possessor (*He broke his leg*, *She raised her hand*); *the
    leg* and the reflexive calque *broke himself the leg* are errors.

    Parameters (from the source sentence):

    - ``body_parts``: the lemmas of the English nouns for the body part (``[leg]``; ``[hand]``);
    - ``possessives``: the possessive determiners of the possessor (``[his]``; ``[her]``).

    How it reads an output: for the first body-part noun (any number), the determiner before it,
    across up to two modifiers (*his own leg*, *her right hand*): an accepted possessive passes,
    *the* or another possessive fails, an indefinite (*a hand*) is for a human; a reflexive
    pronoun before the noun phrase (*broke himself his leg*) fails.
    """

    name = "en_possession"
    version = "2"  # names the construction it did not find (Verdict.not_found)
    description = "Inalienable possession: French definite article → English possessive determiner"
    Params = PossessionParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        tokens = sentence.words
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = PossessionParams.of(item)
        nouns, accepted = params.nouns, params.possessives
        source = source_phrase(item)
        noun = next((i for i, t in enumerate(tokens) if t in nouns), None)
        if noun is None:
            return Verdict.not_found(f"the body part of {source!r}",
                                     f"the body part of {source!r} ({', '.join(sorted(nouns))}) is not in the output")
        determiner = noun - 1
        while determiner >= 0 and noun - determiner <= MODIFIERS and sentence.is_word(determiner) and \
                tokens[determiner] not in DETERMINERS | AUXILIARIES | PREPOSITIONS | REFLEXIVES | {"'s"}:
            determiner -= 1
        phrase = sentence.quote(max(determiner, 0), noun + 1)
        word = tokens[determiner] if determiner >= 0 else ""
        if determiner > 0 and tokens[determiner - 1] in REFLEXIVES:
            return Verdict.failed(f"found {sentence.quote(determiner - 1, noun + 1)!r}: the French reflexive clitic "
                                  "copied as an English reflexive; expected the possessive alone", phrase)
        if word in REFLEXIVES:
            return Verdict.failed(f"found {phrase!r}: the French reflexive clitic copied as an English reflexive; "
                                  "expected a possessive determiner", phrase)
        if word in accepted:
            return Verdict.passed(f"found the possessive {phrase!r} for {source!r}", phrase)
        if word == "the":
            return Verdict.failed(f"expected a possessive ({', '.join(sorted(accepted))}) before "
                                  f"{sentence.cased[noun]!r}; found the article calqued from French ({phrase!r})",
                                  phrase)
        if word in _POSSESSIVES:
            return Verdict.failed(f"found {phrase!r}: the possessive {word!r} names another possessor than the "
                                  f"source's subject (expected {', '.join(sorted(accepted))})", phrase)
        if word in _INDEFINITE or word in ARTICLES:
            return Verdict.undecided(f"found the indefinite {phrase!r}: for a human to judge")
        return Verdict.undecided(f"no determiner read before {sentence.cased[noun]!r} ({phrase!r})")
