"""The data of contrastive evaluation: candidates, an item's contrastive parameters, scores and decision rules."""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from pytest_mtchallenge.model import FamilyParams

#: The family name of contrastive items (:mod:`pytest_mtchallenge.checkers.generic.contrastive`).
FAMILY = "contrastive"

#: Decision rules, by name, as the peer sets define them.
#: ``all-variants`` (ContraPro): an item is right when its correct candidate scores better than every
#: contrastive variant. ``each-pair`` (Lingeval97): each (correct, contrastive) pair is a decision of its
#: own; an item is right when all its pairs are (a Lingeval97 item holds one pair). ``pairs-and-blocks``
#: (DiscEvalMT): pairs as ``each-pair``, and a block (the items of one ``document``) is right when all
#: its pairs are.
RULES = ("all-variants", "each-pair", "pairs-and-blocks")
DEFAULT_RULE = "all-variants"
#: Scores closer than this (in log-probability, nats) are a near tie, reported as such.
DEFAULT_TOLERANCE = 1e-3


@dataclass(frozen=True, slots=True)
class Candidate:
    """A given translation of an item: a correct one, or a contrastive variant with its error type.

    ``facets`` are what a peer's evaluation breaks results down by for this candidate's pair
    (Lingeval97's distance and frequency bins); ``line`` is the candidate's line in the peer's scores
    file (one number per line, in the order its evaluate.py reads them), when the suite has one."""

    text: str
    correct: bool
    error: str = ""  # the error type of a contrastive variant ("" for a correct candidate)
    facets: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    line: int | None = None


@dataclass(frozen=True, slots=True)
class ContrastiveParams(FamilyParams):
    """A contrastive item's candidates, its suite's decision rule and tie tolerance, and the facets
    its results are broken down by (ContraPro's pronoun category, antecedent distance…)."""

    candidates: tuple[Candidate, ...]
    rule: str = DEFAULT_RULE
    tolerance: float = DEFAULT_TOLERANCE
    facets: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: The target-side context (the reference translation of the preceding sentences) the model is
    #: conditioned on, when the set gives one (ContraPro's ``contrapro.context.de``, DiscEvalMT's).
    target_context: tuple[str, ...] = ()

    @property
    def correct(self) -> tuple[Candidate, ...]:
        return tuple(c for c in self.candidates if c.correct)

    @property
    def contrastive(self) -> tuple[Candidate, ...]:
        return tuple(c for c in self.candidates if not c.correct)

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> ContrastiveParams:
        """``candidates`` (a list of ``{text, correct: true}`` or ``{text, error: TYPE}``, or plain texts
        under ``correct`` and ``contrastive``), ``rule``, ``tolerance``, ``facets``, ``target_context``."""
        unknown = sorted(set(mapping) - {"candidates", "correct", "contrastive", "rule", "tolerance", "facets",
                                         "target_context"})
        if unknown:
            raise ValueError(f"unknown parameter {unknown[0]!r} (contrastive items take candidates, correct, "
                             "contrastive, rule, tolerance, facets, target_context)")
        candidates = [_candidate(entry, index) for index, entry in enumerate(_list(mapping, "candidates"))]
        candidates += [Candidate(text=_text(text, "correct"), correct=True) for text in _list(mapping, "correct")]
        for entry in _list(mapping, "contrastive"):
            if isinstance(entry, Mapping):
                candidates.append(_candidate({**entry, "correct": False}, len(candidates)))
            else:
                candidates.append(Candidate(text=_text(entry, "contrastive"), correct=False, error="contrastive"))
        if not any(c.correct for c in candidates):
            raise ValueError("candidates: no correct candidate (give one with correct: true)")
        if all(c.correct for c in candidates):
            raise ValueError("candidates: no contrastive candidate (give one with error: TYPE)")
        rule = str(mapping.get("rule", DEFAULT_RULE))
        if rule not in RULES:
            raise ValueError(f"rule: {rule!r} is not a decision rule (rules: {', '.join(RULES)})")
        tolerance = mapping.get("tolerance", DEFAULT_TOLERANCE)
        if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not 0 <= tolerance < math.inf:
            raise ValueError(f"tolerance: {tolerance!r} is not a number of nats at least 0")
        facets = mapping.get("facets") or {}
        if not isinstance(facets, Mapping):
            raise ValueError("facets: expected a mapping of names to values")
        context = mapping.get("target_context") or ()
        if isinstance(context, str) or not isinstance(context, (list, tuple)):
            raise ValueError("target_context: expected a list of sentences")
        return cls(candidates=tuple(candidates), rule=rule, tolerance=float(tolerance),
                   facets=MappingProxyType({str(k): str(v) for k, v in facets.items()}),
                   target_context=tuple(_text(s, "target_context") for s in context))


def _list(mapping: Mapping[str, object], key: str) -> Sequence[object]:
    value = mapping.get(key) or []
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ValueError(f"{key}: expected a list")
    return value


def _text(value: object, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{key}: expected a non-empty text, got {value!r}")
    return value


def _candidate(entry: object, index: int) -> Candidate:
    if isinstance(entry, Candidate):
        return entry
    if not isinstance(entry, Mapping):
        raise ValueError(f"candidates[{index}]: expected a mapping with text and correct or error")
    text = _text(entry.get("text"), f"candidates[{index}].text")
    correct = entry.get("correct", not entry.get("error"))
    if not isinstance(correct, bool):
        raise ValueError(f"candidates[{index}].correct: expected true or false")
    error = str(entry.get("error") or ("" if correct else "contrastive"))
    facets = entry.get("facets") or {}
    if not isinstance(facets, Mapping):
        raise ValueError(f"candidates[{index}].facets: expected a mapping")
    line = entry.get("line")
    if line is not None and (isinstance(line, bool) or not isinstance(line, int) or line < 0):
        raise ValueError(f"candidates[{index}].line: expected a line number from 0")
    return Candidate(text=text, correct=correct, error="" if correct else error,
                     facets=MappingProxyType({str(k): str(v) for k, v in facets.items()}), line=line)


@dataclass(frozen=True, slots=True)
class CandidateScore:
    """A model's score of one candidate: the log-probability of each of its tokens and their sum
    (higher is better). A score read from a file has its sum only."""

    total: float
    tokens: tuple[float, ...] = ()


__all__ = ["DEFAULT_RULE", "DEFAULT_TOLERANCE", "FAMILY", "RULES", "Candidate", "CandidateScore",
           "ContrastiveParams"]
