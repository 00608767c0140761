"""The ``en_chez_soi`` family: *chez lui* as *at home* (reflexive only) or *at his place*."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys, flag
from pytest_mtchallenge.checkers.en import EnglishChecker, Words, words_of
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.languages.en.words import PERSONAL_PRONOUNS, POSSESSIVE_DETERMINERS, POSSESSIVE_PRONOUNS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"reflexive", "possessor", "pronoun", "dwellings"}
DWELLINGS = ("place", "house", "home", "apartment", "flat", "residence", "quarters", "room", "pad", "lodgings",
             "household", "dwelling", "abode")


@dataclass(frozen=True, slots=True)
class ChezSoiParams(FamilyParams):
    reflexive: bool
    possessor: Words
    pronoun: Words
    dwellings: Words = DWELLINGS

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> ChezSoiParams:
        check_keys(mapping, _PARAMS, required=("reflexive", "possessor", "pronoun"))
        reflexive = flag(mapping, "reflexive")
        possessor = words_of(mapping["possessor"], "possessor")
        if not set(possessor) <= POSSESSIVE_DETERMINERS:
            raise ValueError("possessor must list English possessive determiners (his, her, their…)")
        pronoun = words_of(mapping["pronoun"], "pronoun")
        if not set(pronoun) <= set(PERSONAL_PRONOUNS):
            raise ValueError("pronoun must list English object pronouns (him, her, them…)")
        return cls(reflexive, possessor, pronoun,
                   words_of(mapping.get("dwellings"), "dwellings", required=False) or DWELLINGS)


class ChezSoiChecker(EnglishChecker):
    """Whether *chez* + pronoun became *at home* only where the pronoun refers back to the subject.

    Parameters (from the source sentence):

    - ``reflexive``: true when the pronoun of *chez* may co-refer with the subject (*Mon fils est
      demeuré chez lui*: both *at home* and *at his place*), false when it cannot (*Ma fille …
      chez lui*: only *at his place*).
    - ``possessor``: the possessive determiners that render the pronoun (``[his]``).
    - ``pronoun``: the object pronouns accepted after *with* (``[him]``: *stayed with him*).
    - ``dwellings``: the nouns accepted after the possessive (default: place, house, home,
      apartment, flat, residence…).

    How it reads an output: a possessive determiner before a dwelling noun (*at his place*, *in
    her own home*) is judged by its features; *home* without a possessive (*at home*, *stayed
    home*) passes only when ``reflexive``; *with* + pronoun is judged by its features, and fails when
    ``reflexive`` (an object pronoun cannot refer back to the subject of its clause: *stayed with
    him* loses the subject's own home the item probes); *at* + object pronoun (*at him*) is the
    literal rendering of *chez* and fails.

    Whose home must be the source's (issue 23): the subject is compared with the reference's
    (:meth:`EnglishChecker.same_subject`): *I stayed at his place* for *Ma fille est demeurée chez lui*
    fails, *My daughter stayed at his house* passes.
    """

    name = "en_chez_soi"
    # 2: names what it did not find (Verdict.not_found); reflexive chez as with + pronoun fails
    # 3: the subject (whose home chez names) must be the reference's (issue 23, 5)
    version = "3"
    description = "chez + pronoun: at home only when reflexive, else at his/her place"
    Params = ChezSoiParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        verdict = self._construction(item=item, output=output)
        return self.same_subject(verdict, item=item, output=output, role='subject (whose home chez names)')

    def _construction(self, *, item: ChallengeItem, output: str) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        words = sentence.words
        params = ChezSoiParams.of(item)
        reflexive, possessors, pronouns, dwellings = params.reflexive, params.possessor, params.pronoun, params.dwellings
        expected = " / ".join(f"at {p} place" for p in possessors)
        for index, word in enumerate(words):
            if word in dwellings:
                before = index - 1
                if before >= 0 and words[before] == "own":
                    before -= 1
                if before >= 0 and words[before] in POSSESSIVE_DETERMINERS:
                    phrase = sentence.text(before, index + 1)
                    if words[before] in possessors:
                        return Verdict.passed(f"{phrase!r} renders chez + pronoun with the pronoun's features", phrase)
                    return Verdict.failed(f"expected {expected}; found {phrase!r}: the possessor does not have "
                                          "the features of the pronoun of chez", phrase)
                if word == "home" and (before < 0 or words[before] not in ("a", "the", "this", "that", "'s", "'")):
                    phrase = sentence.text(max(0, index - 1), index + 1)
                    if reflexive:
                        return Verdict.passed(f"{phrase!r}: the pronoun of chez refers back to the subject, so "
                                              "'at home' is correct", phrase)
                    return Verdict.failed(f"{phrase!r} renders chez + pronoun as the subject's own home, but the "
                                          f"pronoun cannot refer back to the subject: expected {expected}", phrase)
            if word == "at" and index + 1 < len(words):
                following = words[index + 1]
                at_end = index + 2 >= len(words) or not words[index + 2][0].isalpha()
                if following in POSSESSIVE_PRONOUNS and at_end:
                    phrase = sentence.text(index, index + 2)
                    if following in possessors:
                        return Verdict.passed(f"{phrase!r} (at his [place]) renders chez + pronoun", phrase)
                    return Verdict.failed(f"expected {expected}; found {phrase!r}", phrase)
                if following in PERSONAL_PRONOUNS and following not in ("her",) or (following == "her" and at_end):
                    phrase = sentence.text(index, index + 2)
                    return Verdict.failed(f"{phrase!r} renders chez literally as a preposition; expected {expected}",
                                          phrase)
            if word == "with" and index + 1 < len(words) and words[index + 1] in PERSONAL_PRONOUNS:
                following = words[index + 1]
                if following == "her" and index + 2 < len(words) and words[index + 2][0].isalpha():
                    continue
                phrase = sentence.text(index, index + 2)
                if following in pronouns and reflexive:
                    return Verdict.failed(f"{phrase!r}: an English object pronoun in the subject's own clause cannot "
                                          "refer back to the subject, so it names someone else's home; the pronoun of "
                                          f"chez refers back to the subject: expected {expected} or 'at home'", phrase)
                if following in pronouns:
                    return Verdict.passed(f"{phrase!r} renders chez + pronoun (at the home of the person)", phrase)
                return Verdict.failed(f"expected {expected} or with {' / '.join(pronouns)}; found {phrase!r}: the "
                                      "pronoun does not have the features of the pronoun of chez", phrase)
        return Verdict.not_found("a rendering of 'chez' + pronoun (home, a possessive + place, with + pronoun)",
                                  "no 'home', possessive + place, or with + pronoun found: left to a human")
