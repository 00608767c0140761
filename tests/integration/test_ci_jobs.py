"""docs/ci.md's GitHub Actions and GitLab CI jobs, run as their services would run them (tests/ci_jobs.py):
main keeps the baseline, a pull request without one fails, the same model passes, a worse one fails
at the gate (and again when retried), a better main becomes the new baseline, and the MT service's
token shows in no log, JUnit file or saved run."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.ci_jobs import (
    SECRET,
    GitHubEvent,
    documented_jobs,
    github_sequence,
    gitlab_sequence,
    sequence_problems,
    summary,
    triggered,
)
from tests.loopback import Loopback


def _sequence_holds(outcomes: list) -> None:
    problems = sequence_problems(outcomes, SECRET)
    assert not problems, "\n".join(problems) + "\n\n" + summary(outcomes)
    assert len(outcomes) == 8, summary(outcomes)


@pytest.mark.slow
def test_the_github_workflow_keeps_main_as_the_baseline_and_gates_pull_requests(tmp_path: Path,
                                                                                 loopback: Loopback) -> None:
    outcomes = github_sequence(documented_jobs(), tmp_path, loopback)
    _sequence_holds(outcomes)
    worse = outcomes[3].job
    assert worse is not None and "overall:2%" in worse.log and "McNemar" in worse.log
    assert ("Run and gate", "failure") in worse.steps


@pytest.mark.slow
def test_the_gitlab_job_keeps_main_as_the_baseline_and_gates_merge_requests(tmp_path: Path,
                                                                            loopback: Loopback) -> None:
    outcomes = gitlab_sequence(documented_jobs(), tmp_path, loopback)
    _sequence_holds(outcomes)
    worse = outcomes[3].job
    assert worse is not None and "overall:2%" in worse.log and "McNemar" in worse.log


def test_the_first_baseline_can_be_made_by_hand() -> None:
    workflow = yaml.safe_load(documented_jobs().workflow)
    assert triggered(workflow, GitHubEvent("workflow_dispatch", "main"))
    assert triggered(workflow, GitHubEvent("push", "main"))
    assert not triggered(workflow, GitHubEvent("push", "feature"))
