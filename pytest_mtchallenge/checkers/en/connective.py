"""The ``connective`` family: the reference's explicit discourse connective in an English output (DiP, section 3.4)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, Words
from pytest_mtchallenge.languages.en.connectives import ConnectiveHit, find_connectives
from pytest_mtchallenge.languages.en.reader import Sentence, tokenize
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = ("connective",)
#: The evidence entry that records DiP's ANY measure (whether any connective appears), machine-readable.
ANY_YES = "any-connective:yes"
ANY_NO = "any-connective:no"


def connectives_of(value: object) -> tuple[str, ...]:
    """The ``connective`` parameter: one connective or a list of acceptable ones, tokenized."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError("connective must be an English connective, or a non-empty list of them")
    return tuple(" ".join(tokenize(v)[0]) for v in value)


@dataclass(frozen=True, slots=True)
class ConnectiveParams(FamilyParams):
    connective: Words = ()  # empty: every connective of the reference

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> ConnectiveParams:
        reject_unknown(mapping, _PARAMS)
        return cls(connectives_of(mapping["connective"])) if "connective" in mapping else cls()


class ConnectiveChecker(EnglishChecker):
    """Whether the output keeps the reference's explicit discourse connective.

    DiP (section 3.4) expects the system to produce the same connective as the reference
    (**Acc**) and also reports whether the output has **any** connective at all (**ANY**):
    connectives tend to be dropped altogether. The connective is found with the English pack's
    list (the PDTB's explicit connectives); words that are connectives only in some uses (*and,
    as, since, while, so, still*…) count only where they link clauses.

    - ``connective``: the reference's connective (``after``), or a list of the connectives the
      item accepts. Default: every connective found in the reference.

    Pass: one of them occurs as a connective in the output. Fail: none does (a synonym such as
    *too* for *also* fails Acc, as in DiP). Every verdict records ANY in its evidence as
    ``any-connective:yes`` or ``any-connective:no``, followed by ``connective:WORD`` for each
    connective found.
    """

    name = "connective"
    description = "the reference's explicit discourse connective is kept (DiP's Acc; ANY in the evidence)"
    Params = ConnectiveParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        expected = ConnectiveParams.of(item).connective
        if not expected:
            expected = tuple(dict.fromkeys(hit.connective for hit in find_connectives(Sentence(item.reference).words)))
            if not expected:
                return Verdict.undecided("the reference has no explicit connective: name it (connective)")
        found = find_connectives(sentence.words)
        any_connective = ANY_YES if found else ANY_NO
        evidence = (any_connective, *(f"connective:{hit.connective}" for hit in found))
        wanted = " or ".join(repr(c) for c in expected)
        kept = [hit for hit in found if hit.connective in expected]
        if kept:
            return Verdict.passed(f"{_shown(sentence, kept[0])!r} renders the reference's connective "
                                  f"(ANY: yes)", *evidence)
        if found:
            others = ", ".join(repr(_shown(sentence, hit)) for hit in found)
            return Verdict.failed(f"the reference's connective {wanted} is not in the output; it has {others} "
                                  "instead (ANY: yes)", *evidence)
        return Verdict.failed(f"the reference's connective {wanted} is not in the output, and no other "
                              "connective is (ANY: no)", *evidence)


def _shown(sentence: Sentence, hit: ConnectiveHit) -> str:
    return sentence.text(hit.start, hit.end)
