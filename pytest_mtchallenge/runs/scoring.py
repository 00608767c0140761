"""Scoring outside pytest: the run plan's suites translated and judged as its tests do, item by item, into the same typed runs.

``mtchallenge score`` drives these functions; the pytest run drives the same plan objects through
its nodes (:mod:`pytest_mtchallenge.plugin.nodes`). What one test does with one item and system,
:func:`judge_item` does here, so both give the same outcome for every item.
"""
from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_mtchallenge.judge import error_judgement
from pytest_mtchallenge.redaction import redacted_result
from pytest_mtchallenge.reporting import ItemResult, Run, build_runs
from pytest_mtchallenge.systems import well_known_secrets
from pytest_mtchallenge.text.terminal_text import printable
from pytest_mtchallenge.translation.translator import SystemOutput, Translator
from pytest_mtchallenge.verdict import Outcome

if TYPE_CHECKING:
    from pytest_mtchallenge.model import ChallengeItem
    from pytest_mtchallenge.runs.plan import RunPlan, SuitePlan
    from pytest_mtchallenge.systems import System


@dataclass(frozen=True, slots=True)
class Scored:
    """The runs judged outside pytest and the systems' reply-level faults (one line each)."""

    runs: tuple[Run, ...]
    problems: tuple[str, ...] = ()

    @property
    def errors(self) -> int:
        """Outputs that could not be judged (no output, a checker that could not judge): each a test
        error in the pytest run."""
        return sum(result.outcome == Outcome.ERROR.value for run in self.runs for result in run.items)


def terminal_translator(*, write_line: Callable[[str], None] | None = None) -> Translator:
    """A translator without the translation cache, its progress lines on stderr (drawn as a bar
    only when stderr is a terminal outside CI)."""
    def say(line: str) -> None:
        print(printable(line), file=sys.stderr, flush=True)

    return Translator(cache_path=None, write_line=write_line or say, suspend_capture=contextlib.nullcontext,
                      interactive=lambda: sys.stderr.isatty() and not os.environ.get("CI"))


def judge_item(plan: SuitePlan, item: ChallengeItem, system: System, translator: Translator) -> ItemResult:
    """One item judged for one system, as its pytest test judges it (``ChallengeTest.setup`` and
    ``runtest``): an item with a problem, or without an output, is an error judgement. The output is
    judged as the system gave it; the result shows it with the translator's secrets hidden, as a
    pytest run's reports do."""
    suite = plan.suite
    if item.problem:
        output = SystemOutput(error=f"{suite.path}: item {item.id}: {item.problem}")
    else:
        output = translator.output_for(suite, system, item)
    if output.error is not None:
        judgement = error_judgement(item, system.name, output.error)
    else:
        assert output.text is not None
        judgement = plan.judge(item, system=system.name, output=output.text, context=output.context,
                               note=output.note, repeats=output.repeats)
    return redacted_result(plan.result(item, judgement), translator.redaction)


def score(plan: RunPlan, translator: Translator, *,
          on_suite: Callable[[str], None] | None = None) -> Scored:
    """Every item of the plan's suites judged for every system that covers it, in suite order, as
    the pytest run collects them; raises :class:`~pytest_mtchallenge.runs.plan.PlanError` for a system
    that translates none of the suites, and
    :class:`~pytest_mtchallenge.errors.MTChallengeError` for a suite that does not load."""
    plans = [plan.suite_plan(path) for path in plan.suite_paths]
    plan.check_systems_cover_suites()
    translator.redaction.add(well_known_secrets(plan.system_kinds.values()))
    translator.redaction.add(secret for system in plan.systems for secret in system.secrets)
    results: list[ItemResult] = []
    for suite_plan in plans:
        suite = suite_plan.suite
        if on_suite is not None:
            on_suite(suite.name)
        for item in suite.items:
            for system in suite_plan.systems:
                if system.covers_item(suite, item):
                    results.append(judge_item(suite_plan, item, system, translator))
    return Scored(runs=tuple(build_runs(results)), problems=tuple(translator.problems))



__all__ = ["Scored", "judge_item", "score", "terminal_translator"]
