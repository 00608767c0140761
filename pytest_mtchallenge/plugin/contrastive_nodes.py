"""The pytest test of a contrastive item and system: the system scores the candidates, the suite's rule decides."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pytest_mtchallenge.contrastive.judging import contrastive_params, judge_scores
from pytest_mtchallenge.contrastive.model import ContrastiveParams
from pytest_mtchallenge.translation.contrastive_view import ContrastiveView
from pytest_mtchallenge.judge import error_judgement
from pytest_mtchallenge.plugin.nodes import ChallengeTest, JudgementFailure
from pytest_mtchallenge.text.terminal_text import printable
from pytest_mtchallenge.verdict import Judgement, Outcome

if TYPE_CHECKING:
    from pytest_mtchallenge.model import ChallengeItem, Suite
    from pytest_mtchallenge.systems import System
    from pytest_mtchallenge.translation.scorer import Scorer


def params_of(system: System, suite: Suite, item: ChallengeItem) -> ContrastiveParams | None:
    """The candidates ``system`` scores for ``item``: a contrastive item's own, a challenge item's
    reference and rejected outputs for a contrastive column, else none (the item is translated)."""
    if isinstance(system, ContrastiveView):
        return system.params_for(suite, item)
    return contrastive_params(item)


def is_scored(system: System, suite: Suite, item: ChallengeItem) -> bool:
    """Whether the test of ``item`` and ``system`` scores candidates instead of translating."""
    return isinstance(system, ContrastiveView) or item.checker == "contrastive"


class ContrastiveTest(ChallengeTest):
    """One contrastive item scored by one system: pass or fail by the suite's rule, the margin and
    a near tie in the reason; an error when the system cannot score, saying why in one line."""

    def __init__(self, *, scorer: Scorer, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.scorer = scorer
        self._judgement: Judgement | None = None

    def setup(self) -> None:
        item, system = self.challenge, self.system
        params = None
        problem = item.problem
        if not problem:
            try:
                params = params_of(system, self.suite, item)
            except ValueError as exc:
                problem = str(exc)
        if params is None:
            error = f"{self.suite.path}: item {item.id}: {problem or 'no candidates to score'}"
            self._record(error_judgement(item, system.name, error))
            pytest.fail(printable(f"{item.id} cannot be judged: {error}"), pytrace=False)
        scores = self.scorer.scores_for(self.suite, system)
        judgement, _ = judge_scores(item, params, system=system.name, scores=scores.scores, errors=scores.errors)
        if judgement.outcome is Outcome.ERROR:
            self._record(judgement)
            pytest.fail(printable(f"{system.name} gave no score for {item.id}: {judgement.reason}"), pytrace=False)
        self._judgement = judgement

    def runtest(self) -> None:
        judgement, self._judgement = self._judgement, None
        assert judgement is not None
        self._record(judgement)
        if judgement.outcome is Outcome.FAIL:
            raise JudgementFailure(judgement)

    def describe(self, judgement: Judgement, *, full: bool = True) -> str:
        verdict = f"{judgement.outcome.value}: {judgement.reason}"
        if not full:
            return "\n".join(printable(line) for line in (verdict, f"preferred: {judgement.output}"))
        item = self.challenge
        lines = [f"verdict:   {verdict}", f"rule:      {self._rule()} (on the model's scores, higher is better)",
                 f"{item.id} [{self.system.name}] — {self.suite.subcategories[item.subcategory].title}",
                 f"source:    {item.source}"]
        if item.context:
            lines.insert(2, f"context:   {' '.join(item.context)}")
        params = params_of(self.system, self.suite, item)
        for candidate in params.candidates if params else ():
            lines.append(f"{'correct' if candidate.correct else candidate.error}: {candidate.text}")
        lines.append(f"preferred: {judgement.output}")
        return "\n".join(printable(line) for line in lines)

    def _rule(self) -> str:
        params = params_of(self.system, self.suite, self.challenge)
        return params.rule if params else "contrastive"


__all__ = ["ContrastiveTest", "is_scored", "params_of"]
