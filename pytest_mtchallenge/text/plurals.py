"""Counts in words, as the command's messages say them: 1 output, 2 outputs."""
from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, the noun plural unless the number is one (``plural`` when the noun
    does not take an ``s``: ``counted(2, "family", "families")``)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def agreeing(number: int, singular: str, plural: str) -> str:
    """The verb form that agrees with ``number``: ``agreeing(1, "needs", "need")`` → ``needs``."""
    return singular if number == 1 else plural
