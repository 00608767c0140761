"""Obtaining a system's scores of a suite's contrastive candidates: the cache first, the rest in one call, once per suite and system."""
from __future__ import annotations

import contextlib
import json
import math
import sqlite3
from collections.abc import Callable, Sequence
from types import MappingProxyType

from pytest_mtchallenge.contrastive.model import CandidateScore, ContrastiveParams
from pytest_mtchallenge.contrastive.scoring import ScoreRequest, Scores
from pytest_mtchallenge.systems.scoring import cannot_score, score
from pytest_mtchallenge.contrastive.judging import requests_for
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import System
from pytest_mtchallenge.translation.cache import Segment
from pytest_mtchallenge.translation.translator import Translator

#: What a stored score row holds, beside the system's translations in the same cache file.
ROW = "score"


def segment(request: ScoreRequest) -> Segment:
    """What identifies a candidate's score in the cache: source, candidate and target-side context
    as structure, and the source context as a segment's context."""
    sentence = json.dumps(["scored", request.source, request.candidate, list(request.target_context)],
                          ensure_ascii=False)
    return Segment(sentence, tuple(request.context) if request.context else None)


def _stored(value: str) -> CandidateScore | None:
    try:
        record = json.loads(value)
        total = float(record["total"])
        tokens = tuple(float(token) for token in record.get("tokens", ()))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    return CandidateScore(total=total, tokens=tokens)


class Scorer:
    """Scores each (suite, system)'s contrastive candidates once per process, through the
    translator's cache (same file, same signature rules: the system's signature, mode and version,
    the language pair; rows of their own kind) and its redaction of messages.

    ``params_of(system, suite, item)`` gives an item's candidates for a system (a contrastive item's
    own, or a challenge item's under ``--mt-contrastive``)."""

    def __init__(self, translator: Translator,
                 params_of: Callable[[System, Suite, ChallengeItem], ContrastiveParams | None]) -> None:
        self.translator = translator
        self.params_of = params_of
        self._scores: dict[tuple[str, str], Scores] = {}

    def scores_for(self, suite: Suite, system: System) -> Scores:
        """Every score of the suite's candidates for ``system``, scored on first use."""
        key = (suite.name, system.name)
        if key not in self._scores:
            requests = [request for item in suite.items
                        for params in (self.params_of(system, suite, item),) if params is not None
                        for request in requests_for(item, params)]
            self._scores[key] = self.score(suite, system, requests)
        return self._scores[key]

    def score(self, suite: Suite, system: System, requests: Sequence[ScoreRequest]) -> Scores:
        """Cached scores first, the rest through the system; new finite scores are cached."""
        translator = self.translator
        translator.redaction.add(system.secrets)
        if cannot_score(system) is not None:
            return score(system, suite=suite, requests=requests)
        scope = (system.signature, system.mode, system.version or "", suite.source_language, suite.target_language,
                 ROW)
        cache = translator.cache if system.cacheable else None
        segments = {request.key: segment(request) for request in requests}
        found: dict[str, CandidateScore] = {}
        if cache is not None:
            try:
                stored = cache.get_many(scope, list(dict.fromkeys(segments.values())))
            except (sqlite3.Error, OSError) as exc:
                translator._cache_unusable(exc)  # noqa: SLF001 - the translator's one way of giving its cache up
                cache, stored = None, {}
            for key, seg in segments.items():
                value = stored.get(seg)
                parsed = _stored(value) if value is not None else None
                if parsed is not None:
                    found[key] = parsed
        todo = [request for request in requests if request.key not in found]
        # one request per distinct candidate: the same pair in two items is scored once
        distinct: dict[Segment, ScoreRequest] = {}
        for request in todo:
            distinct.setdefault(segments[request.key], request)
        result = Scores()
        if distinct:
            try:
                result = score(system, suite=suite, requests=list(distinct.values()))
            except MTChallengeError as exc:
                result = Scores.failed(list(distinct.values()), exc.one_line())
            except Exception as exc:  # a system adapter bug must not lose the run
                result = Scores.failed(list(distinct.values()), f"{system.name} crashed while scoring: "
                                                               f"{type(exc).__name__}: {exc}")
        by_segment = {segments[request.key]: request.key for request in distinct.values()}
        new: dict[Segment, str] = {}
        errors: dict[str, str] = {}
        for request in todo:
            first = by_segment[segments[request.key]]
            if first in result.scores:
                found[request.key] = value = result.scores[first]
                if math.isfinite(value.total):
                    new[segments[request.key]] = json.dumps({"total": value.total, "tokens": list(value.tokens)})
            else:
                errors[request.key] = translator.redaction.redact(
                    result.errors.get(first, f"{system.name} returned no score for item "
                                             f"{request.key.split(chr(31))[0]}"))
        if cache is not None and new:
            with contextlib.suppress(sqlite3.Error, OSError):
                cache.put_many(scope, new)
        for problem in result.problems:
            problem = translator.redaction.redact(problem)
            if problem not in translator.problems:
                translator.problems.append(problem)
        if found and cache is not None and len(todo) < len(requests):
            translator._tell(f"mtchallenge: {system.name}: {len(requests) - len(todo)} of {len(requests)} scores for "  # noqa: SLF001
                             f"{suite.name} from the translation cache (--mt-no-cache scores again)")
        return Scores(scores=MappingProxyType(found), errors=MappingProxyType(errors),
                      problems=tuple(translator.redaction.redact(p) for p in result.problems))


__all__ = ["ROW", "Scorer", "segment"]
