"""The ``ordinal`` family: a cardinal numeral before *premier*, *dernier*, *autre* (les quatre premiers)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker, Lemmas, lemma_list
from pytest_mtchallenge.languages.fr.reader import is_cardinal, is_empty, readings, tokenize
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"ordinal"}
@dataclass(frozen=True, slots=True)
class OrdinalParams(FamilyParams):
    """The lemmas of the ordinal (*premier*, *dernier*)."""

    ordinal: Lemmas

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> OrdinalParams:
        reject_unknown(mapping, _PARAMS)
        return cls(lemma_list(mapping.get("ordinal"), "ordinal"))


class OrdinalChecker(FrenchChecker):
    """English puts the ordinal first (*the first four men*), French the numeral first (*les
    quatre premiers hommes*, *les trois derniers*, *les deux autres*).

    Parameters (from the source sentence, never from an output):

    - ``ordinal``: the lemma(s) of the ordinal or adjective that the numeral must precede
      (``premier``, ``dernier``, ``autre``); every inflected form counts.

    Any cardinal counts, as a word (*quatre*, *dix-sept*) or in digits (*4*): the question is the
    order, not the number. A numeral right before the ordinal passes, right after it fails
    (*les premiers quatre hommes*, *les autres deux gars*); anything else is left to a human. A pass rests
    on the noun the numeral counts (``Verdict.content``): the judge asks whether it renders the source's
    (*Les deux autres filles* for *The other two guys* is left to a human).
    """

    name = "ordinal"
    description = "Numeral before ordinal: les quatre premiers, not les premiers quatre (lexicon-backed)"
    # 3: a construction not found in a broken output fails (Verdict.not_found); earlier: an output with no word
    # (only punctuation or numbers) is not applicable
    # 4: a pass rests on the counted noun (Verdict.content), which the judge compares with the source
    version = "4"
    Params = OrdinalParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        tokens = tokenize(output)
        if is_empty(tokens):
            return Verdict.not_applicable("the output is empty")
        ordinals = OrdinalParams.of(item).ordinal
        wanted = " or ".join(ordinals)
        positions = [i for i, token in enumerate(tokens)
                     if any(a.lemma in ordinals and a.pos in ("adj", "pron", "noun")
                            for a in readings(self.lexicon, token))]
        if not positions:
            return Verdict.not_found(f"a form of {wanted}", f"found no form of {wanted}")
        after_numeral = [i for i in positions if i > 0 and is_cardinal(tokens[i - 1])]
        good = [f"{tokens[i - 1]} {tokens[i]}" for i in after_numeral]
        bad = [f"{tokens[i]} {tokens[i + 1]}" for i in positions if i + 1 < len(tokens) and is_cardinal(tokens[i + 1])]
        if good and not bad:
            # the noun the numeral and ordinal count is the item's content (*les deux autres types*)
            nouns = [tokens[i + 1] for i in after_numeral if i + 1 < len(tokens)
                     and any(a.pos == "noun" for a in readings(self.lexicon, tokens[i + 1]))]
            return Verdict.passed(f"the numeral precedes {wanted}: {', '.join(map(repr, good))}", *good).resting_on(
                *nouns)
        if bad and not good:
            return Verdict.failed(f"expected the numeral before {wanted}; found {', '.join(map(repr, bad))}, "
                                  "the English order", *bad)
        if good and bad:
            return Verdict.undecided(f"found {', '.join(map(repr, good))} and {', '.join(map(repr, bad))}",
                                     *good, *bad)
        found = ", ".join(repr(tokens[i]) for i in positions)
        if any(is_cardinal(t) for t in tokens):
            return Verdict.undecided(f"the numeral is not next to {found}: for a human to judge")
        return Verdict.undecided(f"found {found} but no numeral: the output drops the number")
