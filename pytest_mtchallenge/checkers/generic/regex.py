"""The ``regex`` family: TQ-AutoTest-style positive and negative patterns."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.text import regexes
from pytest_mtchallenge.checkers import Checker, FamilyParams, flag, reject_unknown
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"positive", "negative", "ignore_case", "normalise"}


def _patterns(value: object, name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Sequence) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ValueError(f"{name} must be a regular expression or a list of them")


@dataclass(frozen=True, slots=True)
class RegexParams(FamilyParams):
    positive: tuple[str, ...]
    negative: tuple[str, ...]
    ignore_case: bool = True
    normalise: bool = True

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> RegexParams:
        reject_unknown(mapping, _PARAMS)
        positive = _patterns(mapping.get("positive"), "positive")
        negative = _patterns(mapping.get("negative"), "negative")
        if not positive and not negative:
            raise ValueError("needs at least one 'positive' or 'negative' pattern")
        for pattern in positive + negative:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"pattern {pattern!r} does not compile: {exc}") from None
        return cls(positive, negative, flag(mapping, "ignore_case", True), flag(mapping, "normalise", True))


class RegexChecker(Checker):
    """Positive patterns describe correct renderings, negative ones known errors.

    Upstream semantics (TQ-AutoTest): a positive match alone passes, a negative match alone
    fails, both or neither leave the output undecided. Patterns are searched anywhere in the
    output; by default the output is normalised first (NFC, apostrophes, quotes, spacing) and
    matching is case-insensitive (``ignore_case: false`` and ``normalise: false`` turn that off).
    Patterns keep Python's ``re`` meaning and are searched within a time bound
    (:mod:`pytest_mtchallenge.text.regexes`): a pattern that runs past it makes the item an error.
    """

    name = "regex"
    description = "Positive/negative regular expressions (TQ-AutoTest style)"
    Params = RegexParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        params = RegexParams.of(item)
        flags = re.IGNORECASE if params.ignore_case else 0
        text = normalise_text(output) if params.normalise else output
        positive = _first_match(params.positive, text, flags, "params.positive")
        negative = _first_match(params.negative, text, flags, "params.negative")
        if positive and negative:
            return Verdict.undecided(
                f"both a correct rendering ({positive!r}) and a known error ({negative!r}) were found", positive, negative
            )
        if positive:
            return Verdict.passed(f"found the expected rendering {positive!r}", positive)
        if negative:
            return Verdict.failed(f"found {negative!r}, a known wrong rendering", negative)
        return Verdict.undecided("neither an expected nor a known wrong rendering was found")


def _first_match(patterns: tuple[str, ...], text: str, flags: int, field: str) -> str | None:
    for pattern in patterns:
        match = regexes.search(pattern, text, flags=flags, field=field)
        if match is not None:
            return match
    return None
