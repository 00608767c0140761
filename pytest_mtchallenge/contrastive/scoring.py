"""The scoring capability of systems: what a scoring request is, what a system returns, and which systems cannot score and why.

A system kind that scores given translations defines ``score(*, suite, requests)`` returning
:class:`Scores`; its scores are log-probabilities (higher is better), a sum over the candidate's
tokens, with the per-token values where the kind has them. Any other kind says in one line why it
cannot (:func:`cannot_score`).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from pytest_mtchallenge.contrastive.model import CandidateScore

if TYPE_CHECKING:
    from pytest_mtchallenge.model import Suite
    from pytest_mtchallenge.systems import System


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


#: Why a kind that translates cannot score given translations, by kind (the one line its tests show).
REASONS: Mapping[str, str] = MappingProxyType({
    "recorded": "a recorded system holds outputs, not a model",
    "reference": "the reference system is no model",
    "file": "a file of outputs is no model (score with scores:PATH instead)",
    "cmd": "a command returns translations, not log-probabilities (write them to a file and use scores:PATH)",
    "http": "an HTTP translation API returns translations, not log-probabilities of given ones",
    "https": "an HTTP translation API returns translations, not log-probabilities of given ones",
    "libretranslate": "LibreTranslate returns translations, not log-probabilities of given ones",
    "deepl": "DeepL returns translations, not log-probabilities of given ones",
    "openai": "a chat model's API gives no log-probabilities of a given prompt",
})


def cannot_score(system: System) -> str | None:
    """Why ``system`` cannot score given translations, in one line; None when it can."""
    reason_of = getattr(system, "cannot_score", None)
    if callable(reason_of):
        return reason_of()  # type: ignore[no-any-return]
    if callable(getattr(system, "score", None)):
        return None
    why = REASONS.get(system.kind, "its kind has no scoring function")
    return f"{system.name} cannot score given translations: {why}"


def score(system: System, *, suite: Suite, requests: Sequence[ScoreRequest]) -> Scores:
    """``system``'s scores of ``requests`` (every request errors, saying why, when it cannot score)."""
    why = cannot_score(system)
    if why is not None:
        return Scores.failed(requests, why)
    return system.score(suite=suite, requests=requests)  # type: ignore[attr-defined,no-any-return]


__all__ = ["REASONS", "ScoreRequest", "Scores", "cannot_score", "score"]
