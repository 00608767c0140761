"""WinoMT items and the predicted gender, built alike by the entity_gender tests of every language."""
from __future__ import annotations

from pytest_mtchallenge.checkers.entity_gender import CONTEXT_AWARE, CONTEXT_EVIDENCE, EVIDENCE, PAPER, EntityGenderChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict
from tests.items import item


def winomt_item(source: str, entity: str, gender: str, position: int, language: str,
                reading: str = CONTEXT_AWARE) -> ChallengeItem:
    """A WinoMT item (the entity, its gold gender and word position) judged in ``language`` under ``reading``:
    the per-language tables were written for the context-aware reading (the paper's has tests of its own)."""
    params = {"entity": entity, "gender": gender, "position": position, "reading": reading}
    EntityGenderChecker.parse_params(params)
    return item(source, (), checker="entity_gender", params=params, target_language=language)


def predicted(verdict: Verdict, reading: str = CONTEXT_AWARE) -> str:
    """The gender a verdict records for ``reading`` (``predicted-gender:…``, ``predicted-gender:context-aware:…``)."""
    if reading == PAPER:
        return next(e.removeprefix(EVIDENCE) for e in verdict.evidence
                    if e.startswith(EVIDENCE) and not e.startswith(CONTEXT_EVIDENCE))
    return next(e.removeprefix(CONTEXT_EVIDENCE) for e in verdict.evidence if e.startswith(CONTEXT_EVIDENCE))


def predicted_or_missing(verdict: Verdict, reading: str = CONTEXT_AWARE) -> str:
    """The gender a verdict predicted under ``reading``, or ``not_found`` when the entity was not found."""
    if verdict.missing:
        return "not_found"
    return predicted(verdict, reading)
