"""The ``contrastive`` family: an item given as candidate translations (correct ones and contrastive variants).

A system that scores is tested by the item's decision rule over its scores
(:mod:`pytest_mtchallenge.contrastive`); an output a system translates is judged here, by the
candidates it equals: one of the correct ones passes, a contrastive variant fails, anything else is
for a human.
"""
from __future__ import annotations

from collections.abc import Sequence

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.contrastive.model import FAMILY, ContrastiveParams
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.verdict import Verdict


class ContrastiveChecker(Checker):
    name = FAMILY
    description = ("Contrastive items: scored by a model under the set's decision rule; a translation equal to a "
                   "correct candidate passes, one equal to a contrastive variant fails")
    Params = ContrastiveParams
    needs_related_output = False  # the candidates are the set's own: no translation of another sentence passes

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        params = ContrastiveParams.of(item)
        found = normalise_text(output)
        for candidate in params.candidates:
            if normalise_text(candidate.text) != found:
                continue
            if candidate.correct:
                return Verdict.passed("the output is a correct candidate translation")
            return Verdict.failed(f"the output is the contrastive variant with a {candidate.error} error")
        return Verdict.undecided("the output is none of the item's candidate translations")
