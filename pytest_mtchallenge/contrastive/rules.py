"""The decision rules of contrastive evaluation: which candidate a model prefers, by what margin, and whether that is right."""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.contrastive.model import Candidate, CandidateScore, ContrastiveParams


#: The evidence entry of one candidate and its score (a JSON object follows).
CANDIDATE = "contrastive-candidate:"


@dataclass(frozen=True, slots=True)
class PairDecision:
    """One (correct, contrastive) pair: the correct candidate's score minus the variant's, and
    whether the correct one scored strictly better."""

    contrastive: Candidate
    margin: float
    right: bool
    tie: bool


@dataclass(frozen=True, slots=True)
class Decision:
    """What the scores of an item's candidates say under its rule.

    ``margin`` is the best correct candidate's score minus the best contrastive variant's (higher
    scores are better: log-probabilities); the item is right when it is above 0, as the peers'
    evaluate.py count a decision (a strict comparison: equal scores are wrong). ``tie`` says that
    ``|margin|`` is within the suite's tolerance: reported, never a change of the outcome."""

    rule: str
    right: bool
    margin: float
    tie: bool
    tolerance: float
    preferred: Candidate  # the candidate with the best score
    closest: Candidate  # the best-scoring contrastive variant
    pairs: tuple[PairDecision, ...]
    scores: tuple[float, ...] = ()  # each candidate's score, in the item's order

    @property
    def reason(self) -> str:
        """The decision in words: which translation the model preferred, and by how much."""
        closest = self.closest
        if self.right:
            text = (f"prefers the correct translation (margin {self.margin:.4g} over the closest variant, "
                    f"{closest.error}: {closest.text!r})")
        else:
            text = (f"prefers the {closest.error} variant (margin {self.margin:.4g} for the correct translation): "
                    f"{closest.text!r}")
        wrong = [pair for pair in self.pairs if not pair.right]
        if self.rule != "all-variants" and len(self.pairs) > 1:
            text += f"; {len(self.pairs) - len(wrong)} of {len(self.pairs)} pairs right"
        if self.tie:
            text += f" — a near tie: within the tolerance of {self.tolerance:g}"
        return text

    def evidence(self, params: ContrastiveParams) -> tuple[str, ...]:
        """Machine-readable entries the report and the peers' breakdowns read: the margin, the tie and
        its tolerance, each pair's result and error type, each candidate with its score (a JSON
        object: ``text``, ``correct``, ``error``, ``score``), and the item's facets."""
        entries = [f"contrastive-margin:{self.margin!r}", f"contrastive-tie:{'yes' if self.tie else 'no'}",
                   f"contrastive-rule:{self.rule}", f"contrastive-tolerance:{self.tolerance!r}"]
        entries += [f"contrastive-pair:{'right' if pair.right else 'wrong'}:{pair.contrastive.error}"
                    for pair in self.pairs]
        entries += [CANDIDATE + json.dumps({"text": candidate.text, "correct": candidate.correct,
                                            "error": candidate.error, "score": score}, ensure_ascii=False)
                    for candidate, score in zip(params.candidates, self.scores)]
        entries += [f"facet:{name}={value}" for name, value in params.facets.items()]
        return tuple(entries)


def decide(params: ContrastiveParams, scores: Sequence[CandidateScore]) -> Decision:
    """The decision of ``params``' rule on ``scores`` (one per candidate, in order, higher better)."""
    if len(scores) != len(params.candidates):
        raise ValueError(f"{len(scores)} scores for {len(params.candidates)} candidates")
    scored = list(zip(params.candidates, (score.total for score in scores)))
    correct = [(c, s) for c, s in scored if c.correct]
    contrastive = [(c, s) for c, s in scored if not c.correct]
    best, best_score = max(correct, key=lambda pair: pair[1])
    closest, closest_score = max(contrastive, key=lambda pair: pair[1])
    margin = best_score - closest_score
    pairs = tuple(PairDecision(contrastive=c, margin=best_score - s, right=best_score > s,
                               tie=abs(best_score - s) <= params.tolerance) for c, s in contrastive)
    right = all(pair.right for pair in pairs)  # NaN scores are never right, as in evaluate.py
    return Decision(rule=params.rule, right=right, margin=margin, tie=abs(margin) <= params.tolerance,
                    tolerance=params.tolerance, preferred=best if right else closest,
                    closest=closest, pairs=pairs, scores=tuple(score for _, score in scored))


__all__ = ["CANDIDATE", "Decision", "PairDecision", "decide"]
