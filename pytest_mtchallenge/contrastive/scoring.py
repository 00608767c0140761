"""What a scoring request is and what a scoring system returns (the systems' side is :mod:`pytest_mtchallenge.systems.scoring`).

A system kind that scores given translations defines ``score(*, suite, requests)`` returning
:class:`Scores`; its scores are log-probabilities (higher is better), a sum over the candidate's
tokens, with the per-token values where the kind has them.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from pytest_mtchallenge.contrastive.model import CandidateScore


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    """One candidate translation to score, given its source and (for a document-level item) the
    preceding source sentences and their target-side translation. ``line`` is the candidate's line
    in a peer's scores file, when the suite has one."""

    key: str
    source: str
    candidate: str
    context: tuple[str, ...] = ()
    target_context: tuple[str, ...] = ()
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Scores:
    """A system's scores of a batch of requests, by key, or an error for each it could not score."""

    scores: Mapping[str, CandidateScore] = field(default_factory=lambda: MappingProxyType({}))
    errors: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    problems: tuple[str, ...] = ()

    @classmethod
    def failed(cls, requests: Sequence[ScoreRequest], reason: str) -> Scores:
        return cls(errors=MappingProxyType({request.key: reason for request in requests}), problems=(reason,))


__all__ = ["ScoreRequest", "Scores"]
