"""The scoring capability of systems: which kinds cannot score given translations and why, and a system's scores of a batch.

A kind scores when its system has ``score(*, suite, requests)``
(:class:`~pytest_mtchallenge.contrastive.scoring.Scores` back); any other says in one line why it
cannot (:func:`cannot_score`).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from pytest_mtchallenge.contrastive.scoring import ScoreRequest, Scores

if TYPE_CHECKING:
    from pytest_mtchallenge.model import Suite
    from pytest_mtchallenge.systems import System


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


__all__ = ["REASONS", "cannot_score", "score"]
