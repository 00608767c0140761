"""The CI harness of tests/ci_jobs.py: its expression evaluators, and that it catches the breakages of
issue 34 in deliberately broken copies of docs/ci.md's jobs (no main trigger, ``p<0.05`` pasted
unquoted into the script, a missing baseline turned into a report-only run)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.ci_jobs import (
    DOC,
    GitHubContext,
    GitHubEvent,
    Unsupported,
    documented_jobs,
    github_condition,
    github_expression,
    github_sequence,
    gitlab_expression,
    gitlab_sequence,
    outcome_problem,
    substitute,
    triggered,
)
from tests.loopback import Loopback


def _context(tmp_path: Path, *, event: str = "pull_request", failed: bool = False) -> GitHubContext:
    return GitHubContext(github={"event_name": event, "ref": "refs/heads/main"}, secrets={"MT_URL": "http://x/t0k"},
                         env={}, workspace=tmp_path, job_failed=failed)


def test_conditions_read_as_github_reads_them(tmp_path: Path) -> None:
    context = _context(tmp_path)
    assert github_condition(None, context) and github_condition("always()", context)
    assert github_condition("github.event_name == 'pull_request'", context)
    assert github_condition("${{ github.event_name != 'push' && (github.ref == 'refs/heads/main' || false) }}", context)
    assert not github_condition("!(github.event_name == 'PULL_REQUEST')", context)  # strings compare ignoring case
    failed = _context(tmp_path, failed=True)
    assert not github_condition("github.event_name == 'pull_request'", failed)  # success() && … implied
    assert github_condition("failure()", failed) and github_condition("always()", failed)
    assert not github_condition("success()", failed) and not github_condition(None, failed)


@pytest.mark.parametrize("expression", ["matrix.python", "github.event.pull_request.number", "fromJSON('1')",
                                        "github.event_name === 'push'", "steps.x.outcome == 'success'", "a < b"])
def test_what_the_harness_does_not_know_fails_loudly(tmp_path: Path, expression: str) -> None:
    with pytest.raises(Unsupported):
        github_condition(expression, _context(tmp_path))


def test_expressions_are_pasted_into_the_script_as_text(tmp_path: Path) -> None:
    (tmp_path / "baseline").mkdir()
    context = _context(tmp_path)
    script = ("pytest ${{ hashFiles('baseline/run.json') != '' && '--mt-compare-fail=overall:2%,p<0.05' "
              "|| '--mt-report-only' }} # ${{ secrets.MT_URL }}")
    assert substitute(script, context) == "pytest --mt-report-only # http://x/t0k"
    (tmp_path / "baseline" / "run.json").write_text("{}")
    assert substitute(script, context) == "pytest --mt-compare-fail=overall:2%,p<0.05 # http://x/t0k"  # bash: <0.05
    assert github_expression("hashFiles('nothing/*')", context) == ""


def test_triggers_and_gitlab_rules() -> None:
    import yaml

    workflow = yaml.safe_load("on: [pull_request]\njobs: {}\n")
    assert triggered(workflow, GitHubEvent("pull_request", "feature"))
    assert not triggered(workflow, GitHubEvent("push", "main"))
    workflow = yaml.safe_load("on:\n  push:\n    branches: [main, 'release/**']\njobs: {}\n")
    assert triggered(workflow, GitHubEvent("push", "release/v1/rc"))
    assert not triggered(workflow, GitHubEvent("push", "feature"))
    variables = {"CI_COMMIT_BRANCH": "main", "CI_DEFAULT_BRANCH": "main", "CI_PIPELINE_SOURCE": "push"}
    assert gitlab_expression("$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH", variables)
    assert not gitlab_expression('$CI_PIPELINE_SOURCE == "merge_request_event"', variables)
    assert gitlab_expression('($CI_MERGE_REQUEST_IID || $CI_COMMIT_BRANCH =~ /^ma/) && $CI', {**variables, "CI": "true"})
    assert not gitlab_expression("$CI_MERGE_REQUEST_IID", variables)
    with pytest.raises(Unsupported):
        gitlab_expression("$CI_COMMIT_BRANCH in ['main']", variables)


# -- deliberately broken copies of the documented jobs ------------------------------------------------

def _broken(old: str, new: str) -> str:
    """docs/ci.md with the pattern ``old`` replaced by ``new`` (which must change it)."""
    text = DOC.read_text(encoding="utf-8")
    broken = re.sub(old, new, text, flags=re.M)
    assert broken != text, f"{old!r} is not in docs/ci.md"
    return broken


def _first_problem(outcomes: list) -> str | None:
    for index, outcome in enumerate(outcomes):
        problem = outcome_problem(outcome, outcomes[:index])
        if problem is not None:
            return problem
    return None


@pytest.mark.slow
def test_a_workflow_that_never_runs_on_main_is_caught(tmp_path: Path, loopback: Loopback) -> None:
    text = _broken(r"^  push:\n    branches: \[main\].*\n", "")
    outcomes = github_sequence(documented_jobs(text), tmp_path, loopback)
    assert _first_problem(outcomes) == "main [google-2016]: not run: the job did not run"


@pytest.mark.slow
def test_a_gate_pasted_unquoted_into_the_script_is_caught(tmp_path: Path, loopback: Loopback) -> None:
    text = _broken(r'"\$\{mode\[@\]\}"',
                   "${{ github.event_name == 'pull_request' && '--mt-compare=baseline/challenge-run.json "
                   "--mt-compare-fail=overall:2%,category:5%,p<0.05' || '--mt-save=challenge-run.json --mt-report-only' }}")
    outcomes = github_sequence(documented_jobs(text), tmp_path, loopback)
    assert _first_problem(outcomes) == ("a pull request, same model [google-2016]: failure: "
                                        "failed with the same model as main")
    assert "0.05: No such file or directory" in outcomes[2].job.log


@pytest.mark.slow
def test_a_missing_baseline_turned_report_only_is_caught_on_github(tmp_path: Path, loopback: Loopback) -> None:
    text = _broken(r"if_no_artifact_found: warn\}", "}\n        continue-on-error: true")
    text = re.sub(r'if \[ ! -s baseline/challenge-run.json \]; then\n.*\n.*exit 1\n\s*fi\n(\s*)(mode=.*)\n',
                  r"\2\n\1[ -s baseline/challenge-run.json ] || mode=(--mt-save=challenge-run.json --mt-report-only)\n",
                  text)
    assert "|| mode=(--mt-save" in text
    outcomes = github_sequence(documented_jobs(text), tmp_path, loopback)
    assert _first_problem(outcomes) == ("a pull request before any baseline [google-2016]: success: "
                                        "passed without a baseline (report-only instead of failing)")


@pytest.mark.slow
def test_a_missing_baseline_turned_report_only_is_caught_on_gitlab(tmp_path: Path, loopback: Loopback) -> None:
    text = _broken(r'if ! (curl .*); then\n.*\n\s*exit 1\n(\s*)fi\n(\s*)(set -- --mt-compare.*)\n',
                   r'\1 || true\n\3\n\2[ -s baseline.json ] || set -- --mt-save=challenge-run.json --mt-report-only\n')
    assert '"$url" || true' in text
    outcomes = gitlab_sequence(documented_jobs(text), tmp_path, loopback)
    assert _first_problem(outcomes) == ("a pull request before any baseline [google-2016]: success: "
                                        "passed without a baseline (report-only instead of failing)")
