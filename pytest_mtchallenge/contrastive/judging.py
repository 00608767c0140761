"""A contrastive item judged from its candidates' scores: the requests it makes, and the judgement its rule gives."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from pytest_mtchallenge.contrastive.model import CandidateScore, ContrastiveParams
from pytest_mtchallenge.contrastive.rules import Decision, decide
from pytest_mtchallenge.contrastive.scoring import ScoreRequest
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import DecidedBy, Judgement, Outcome


def request_key(item: ChallengeItem, index: int) -> str:
    """The key of an item's ``index``-th candidate among a suite's requests."""
    return f"{item.id}\x1f{index}"


def requests_for(item: ChallengeItem, params: ContrastiveParams) -> list[ScoreRequest]:
    """One request per candidate of ``item``: its source, context and target-side context."""
    return [ScoreRequest(key=request_key(item, index), source=item.source, candidate=candidate.text,
                         context=item.context, target_context=params.target_context, line=candidate.line)
            for index, candidate in enumerate(params.candidates)]


def judge_scores(item: ChallengeItem, params: ContrastiveParams, *, system: str,
                 scores: Mapping[str, CandidateScore], errors: Mapping[str, str]) -> tuple[Judgement, Decision | None]:
    """The item's judgement from its candidates' scores: pass or fail by its rule, the preferred
    candidate as the output, the margin and near tie in the reason and evidence; an error when a
    candidate has no score."""
    keys = [request_key(item, index) for index in range(len(params.candidates))]
    missing = [key for key in keys if key not in scores]
    if missing:
        reason = errors.get(missing[0]) or f"{system} returned no score for a candidate of item {item.id}"
        return Judgement(suite=item.suite, system=system, item=item.id, category=item.category,
                         subcategory=item.subcategory, output=None, outcome=Outcome.ERROR,
                         decided_by=DecidedBy.NONE, reason=reason), None
    decision = decide(params, [scores[key] for key in keys])
    return Judgement(suite=item.suite, system=system, item=item.id, category=item.category,
                     subcategory=item.subcategory, output=decision.preferred.text,
                     outcome=Outcome.PASS if decision.right else Outcome.FAIL, decided_by=DecidedBy.CHECKER,
                     reason=decision.reason, evidence=decision.evidence(params)), decision


def contrastive_params(item: ChallengeItem) -> ContrastiveParams | None:
    """The item's contrastive parameters, when it is a contrastive item."""
    parsed = item.parsed_params
    if isinstance(parsed, ContrastiveParams):
        return parsed
    if item.checker == "contrastive":
        return ContrastiveParams.parse(item.params)
    return None


def all_requests(items: Sequence[tuple[ChallengeItem, ContrastiveParams]]) -> list[ScoreRequest]:
    return [request for item, params in items for request in requests_for(item, params)]


__all__ = ["all_requests", "contrastive_params", "judge_scores", "request_key", "requests_for"]
