"""WinoMT items and the predicted gender, built alike by the entity_gender tests of every language."""
from __future__ import annotations

from pytest_mtchallenge.checkers.entity_gender import EVIDENCE, EntityGenderChecker
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict


def winomt_item(source: str, entity: str, gender: str, position: int, language: str) -> ChallengeItem:
    """A WinoMT item (the entity, its gold gender and word position) judged in ``language``."""
    params = {"entity": entity, "gender": gender, "position": position}
    EntityGenderChecker.parse_params(params)
    return ChallengeItem(id="W1", suite="winomt", category="gender", subcategory="entity_gender", source=source,
                         references=(), question="(question)", checker="entity_gender", params=params,
                         target_language=language)


def predicted_or_missing(verdict: Verdict) -> str:
    """The gender a verdict predicted (``predicted-gender:…``), or ``not_found`` when the entity was not found."""
    if verdict.missing:
        return "not_found"
    return next(e.removeprefix(EVIDENCE) for e in verdict.evidence if e.startswith(EVIDENCE))
