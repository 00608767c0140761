"""docs/ci.md's CI jobs run as GitHub Actions and GitLab CI would run them, in a sandbox on this machine.

The jobs are taken from the doc as a user copies them: the workflow's YAML block and the adapter
``ci/mt_service.py`` under "## GitHub Actions", the job's YAML block under "## GitLab CI".

GitHub Actions (:class:`GitHubActions`): the workflow's ``on:`` decides whether an event runs it;
each step's ``if:`` is evaluated (:func:`github_expression`: ``always()``, ``success()``,
``failure()``, ``cancelled()``, ``hashFiles()``, ``contains()``, ``startsWith()``, the ``github``,
``secrets`` and ``env`` contexts, ``==``, ``!=``, ``&&``, ``||``, ``!`` and parentheses; anything
else raises :class:`Unsupported`, so a job using what the harness does not know fails its test
loudly); ``${{ … }}`` in ``run:``, ``env:`` and ``with:`` is replaced by its value as text before
the shell sees it, exactly as GitHub does; ``run:`` steps run with GitHub's shell command lines
(``bash -e {0}`` by default, ``bash --noprofile --norc -eo pipefail {0}`` for ``shell: bash``) in
the workspace, with the workflow's, job's and step's ``env:`` and the variables the runner sets
(``CI``, ``GITHUB_EVENT_NAME``, ``GITHUB_REF``, ``GITHUB_WORKSPACE``, …); ``continue-on-error``
is honoured, and the job succeeds unless a step failed without it. Actions are stand-ins:
``actions/checkout`` and ``actions/setup-python`` do nothing (the test lays the workspace out and
puts its own Python first on PATH); ``dawidd6/action-download-artifact`` copies the named
artifact of the newest run of that workflow on that branch with the wanted conclusion
("success" unless ``workflow_conclusion`` says otherwise) from :class:`ArtifactStore`, and fails
when there is none unless ``if_no_artifact_found`` says to warn or ignore; ``actions/upload-artifact``
stores the listed files under the run. Any other ``uses:`` raises :class:`Unsupported`.

GitLab CI (:class:`GitLabCI`): the job's ``rules:`` (or ``only:``/``except:``; neither means
branch pipelines only, GitLab's default) are evaluated against the pipeline's variables
(:func:`gitlab_expression`), ``before_script`` and ``script`` run in one bash with ``set -eo
pipefail`` as the runner runs them, each entry echoed as ``$ …``; ``artifacts:`` are kept per
``when:`` (``on_success`` by default); the artifacts API
(``$CI_API_V4_URL/projects/ID/jobs/artifacts/REF/raw/PATH?job=NAME``) is :meth:`GitLabCI.respond`,
served by the test's loopback server: the artifact of the newest pipeline on REF whose job
succeeded, 404 otherwise, 401 without a valid ``JOB-TOKEN`` header.

The ``pip install`` line is not run: :func:`shim_bin` writes a ``pip`` first on PATH that checks
its requirement names this project's wheel (``ci/pytest_mtchallenge-VERSION-py3-none-any.whl``
with pyproject.toml's version, present in the workspace, where the test puts a stand-in file) and
exits 0, since the package is already installed in the test's environment; the network is never
reached. The "model" is :class:`ModelService`, an HTTP MT service answering
``POST <path>/translate`` from a recorded system of isabelle2017-en-fr (or the references), served
by the test's loopback server. :func:`run_sequence` drives a job through the life of a project
(a pull request before any baseline, main, pull requests with the same and a worse model, a retry,
a better main, the service down) and :func:`sequence_problems` says what went wrong.
"""
from __future__ import annotations

import hashlib
import os
import re
import secrets as token_source
import shutil
import socket
import subprocess
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol
from urllib.parse import parse_qs, unquote, urlsplit

import yaml

from tests.loopback import ReceivedRequest, Reply

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "ci.md"
SUITE = ROOT / "suites" / "isabelle2017-en-fr"
#: Seconds one step or script may run.
STEP_TIMEOUT = 120


class Unsupported(Exception):
    """The job uses syntax or an action the harness does not know: its test must fail, not guess."""


# -- the jobs as the doc gives them -------------------------------------------------------------

def doc_section(text: str, heading: str) -> str:
    """The text of the ``## heading`` section of a Markdown document (up to the next ``## ``)."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    if match is None:
        raise LookupError(f"no section '## {heading}'")
    return match.group(1)


def code_blocks(section: str, language: str) -> list[str]:
    """The fenced code blocks of ``language`` in a section, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```", section, re.S | re.M)


@dataclass(frozen=True)
class DocumentedJobs:
    """What docs/ci.md gives a user to copy."""

    workflow: str  # the GitHub workflow's YAML text
    workflow_file: str  # its file name, from the block's first comment (challenge.yml)
    adapter: str  # ci/mt_service.py
    gitlab: str  # the GitLab job's YAML text


def documented_jobs(text: str | None = None) -> DocumentedJobs:
    text = DOC.read_text(encoding="utf-8") if text is None else text
    github = doc_section(text, "GitHub Actions")
    (adapter,) = [block for block in code_blocks(github, "python") if "ci/mt_service.py" in block.splitlines()[0]]
    (workflow,) = code_blocks(github, "yaml")
    name = re.match(r"#\s*\.github/workflows/(\S+)", workflow)
    if name is None:
        raise LookupError("the workflow block does not start with '# .github/workflows/NAME'")
    (gitlab,) = code_blocks(doc_section(text, "GitLab CI"), "yaml")
    return DocumentedJobs(workflow=workflow, workflow_file=name.group(1), adapter=adapter, gitlab=gitlab)


def project_version() -> str:
    match = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert match is not None
    return match.group(1)


def wheel_name() -> str:
    return f"pytest_mtchallenge-{project_version()}-py3-none-any.whl"


PIP_SHIM = """\
#!{python}
# Stands in for pip in the CI sandbox: checks the requirement names this project's wheel, installs nothing.
import os, sys
args = sys.argv[1:]
wheel = "ci/{wheel}"
if args[:1] != ["install"] or args[-1:] != [wheel]:
    sys.exit("pip stand-in: expected 'pip install {{}}', got: pip {{}}".format(wheel, " ".join(args)))
if not os.path.isfile(wheel):
    sys.exit("pip stand-in: ERROR: " + wheel + " does not exist")
print("Processing ./" + wheel)
print("Successfully installed pytest-mtchallenge-{version}")
"""


def shim_bin(directory: Path) -> Path:
    """A folder holding the ``pip`` stand-in, to put first on PATH."""
    directory.mkdir(parents=True, exist_ok=True)
    pip = directory / "pip"
    pip.write_text(PIP_SHIM.format(python=sys.executable, wheel=wheel_name(), version=project_version()),
                   encoding="utf-8")
    pip.chmod(0o755)
    return directory


def base_environment(shims: Path) -> dict[str, str]:
    """What a fresh runner's shell starts with: PATH (the shims, then this Python's bin folder), HOME,
    a UTF-8 locale; nothing of the environment the tests run in (no PYTEST_ADDOPTS, no CI variables)."""
    python_bin = Path(sys.executable).parent
    return {"PATH": os.pathsep.join([str(shims), str(python_bin), "/usr/local/bin", "/usr/bin", "/bin"]),
            "HOME": os.environ.get("HOME", str(shims)), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}


def lay_out_workspace(workspace: Path, jobs: DocumentedJobs) -> None:
    """A checkout of the user's repository: the adapter and the wheel beside the workflow."""
    (workspace / "ci").mkdir(parents=True)
    (workspace / "ci" / "mt_service.py").write_text(jobs.adapter, encoding="utf-8")
    (workspace / "ci" / wheel_name()).write_bytes(b"stand-in: the package is installed in the test's environment\n")
    (workspace / ".github" / "workflows").mkdir(parents=True)
    (workspace / ".github" / "workflows" / jobs.workflow_file).write_text(jobs.workflow, encoding="utf-8")
    (workspace / ".gitlab-ci.yml").write_text(jobs.gitlab, encoding="utf-8")


def run_script(command: list[str], *, cwd: Path, env: Mapping[str, str]) -> tuple[int, str]:
    """Run a step's shell; its exit status and its output (stdout and stderr as one log)."""
    try:
        done = subprocess.run(command, cwd=cwd, env=dict(env), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=STEP_TIMEOUT, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        output = exc.stdout if isinstance(exc.stdout, str) else (exc.stdout or b"").decode("utf-8", "replace")
        return 124, output + f"\n[harness] step timed out after {STEP_TIMEOUT} s\n"
    return done.returncode, done.stdout


# -- runs and their artifacts ---------------------------------------------------------------------

@dataclass
class StoredRun:
    """One finished run (GitHub) or pipeline (GitLab) and the artifacts it kept."""

    number: int
    workflow: str  # the workflow file (GitHub) or the job's name (GitLab)
    event: str
    branch: str  # the head branch (GitHub) or the pipeline's ref (GitLab)
    conclusion: str  # success / failure
    artifacts: dict[str, Path] = field(default_factory=dict)  # name → folder of files


class ArtifactStore:
    """Every run of the sandboxed CI service, newest last, with artifacts kept under ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.runs: list[StoredRun] = []

    def new_run(self, *, workflow: str, event: str, branch: str) -> StoredRun:
        run = StoredRun(number=len(self.runs) + 1, workflow=workflow, event=event, branch=branch,
                        conclusion="in_progress")
        self.runs.append(run)
        return run

    def artifact_folder(self, run: StoredRun, name: str) -> Path:
        if name in run.artifacts:
            raise RuntimeError(f"an artifact named {name!r} was already uploaded by run {run.number}")
        folder = self.root / str(run.number) / name
        folder.mkdir(parents=True)
        run.artifacts[name] = folder
        return folder


def keep_files(patterns: Sequence[str], workspace: Path, folder: Path) -> list[str]:
    """Copy the workspace files matching ``patterns`` into ``folder`` (paths relative to their
    common folder, as upload-artifact keeps them); the relative paths kept."""
    found: list[Path] = []
    for pattern in patterns:
        if pattern.startswith("!"):
            raise Unsupported(f"exclusion patterns in an artifact's path: {pattern}")
        found += sorted(path for path in workspace.glob(pattern) if path.is_file())
    if not found:
        return []
    common = Path(os.path.commonpath([path.parent for path in found]))
    kept = []
    for path in dict.fromkeys(found):
        relative = path.relative_to(common)
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, folder / relative)
        kept.append(str(relative))
    return kept


# -- GitHub Actions ---------------------------------------------------------------------------------

_GITHUB_TOKEN = re.compile(r"""\s*(?:(?P<string>'(?:[^']|'')*')|(?P<number>\d+(?:\.\d+)?)|(?P<op>&&|\|\||==|!=|<=|>=|[!()<>,])
                               |(?P<name>[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[\*\])*))""", re.X)
STATUS_FUNCTIONS = ("always", "success", "failure", "cancelled")


@dataclass
class GitHubContext:
    """What an expression can read: the ``github`` and ``secrets`` contexts, ``env``, the job's status."""

    github: dict[str, str]
    secrets: Mapping[str, str]
    env: Mapping[str, str]
    workspace: Path
    job_failed: bool = False


def _truthy(value: object) -> bool:
    return value not in (None, False, 0, "", 0.0)


def _github_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _equal(left: object, right: object) -> bool:
    if isinstance(left, str) and isinstance(right, str):
        return left.casefold() == right.casefold()  # GitHub compares strings ignoring case
    if isinstance(left, str) != isinstance(right, str):
        raise Unsupported(f"comparing {left!r} with {right!r} (GitHub's type coercion)")
    return left == right


def hash_files(workspace: Path, patterns: Sequence[str]) -> str:
    """``hashFiles``: '' when no file matches, else a SHA-256 over the files' own hashes."""
    files = sorted({path for pattern in patterns for path in workspace.glob(pattern) if path.is_file()})
    if not files:
        return ""
    total = hashlib.sha256()
    for path in files:
        total.update(hashlib.sha256(path.read_bytes()).digest())
    return total.hexdigest()


class _GitHubParser:
    """A recursive-descent evaluator of one GitHub expression (``||`` < ``&&`` < ``==`` < ``!``)."""

    def __init__(self, text: str, context: GitHubContext) -> None:
        self.text, self.context = text, context
        self.tokens: list[tuple[str, str]] = []
        position = 0
        while position < len(text):
            if text[position:].strip() == "":
                break
            match = _GITHUB_TOKEN.match(text, position)
            if match is None or match.end() == position:
                raise Unsupported(f"cannot read the expression {text!r} at {text[position:]!r}")
            kind = match.lastgroup
            assert kind is not None
            self.tokens.append((kind, match.group(kind)))
            position = match.end()
        self.position = 0

    def parse(self) -> object:
        value = self.or_()
        if self.position != len(self.tokens):
            raise Unsupported(f"unexpected {self.tokens[self.position][1]!r} in {self.text!r}")
        return value

    def peek(self) -> str | None:
        return self.tokens[self.position][1] if self.position < len(self.tokens) else None

    def take(self, expected: str | None = None) -> tuple[str, str]:
        if self.position >= len(self.tokens):
            raise Unsupported(f"the expression {self.text!r} ends too early")
        token = self.tokens[self.position]
        if expected is not None and token[1] != expected:
            raise Unsupported(f"expected {expected!r}, found {token[1]!r} in {self.text!r}")
        self.position += 1
        return token

    def or_(self) -> object:
        value = self.and_()
        while self.peek() == "||":
            self.take()
            right = self.and_()
            value = value if _truthy(value) else right
        return value

    def and_(self) -> object:
        value = self.comparison()
        while self.peek() == "&&":
            self.take()
            right = self.comparison()
            value = right if _truthy(value) else value
        return value

    def comparison(self) -> object:
        value = self.unary()
        while self.peek() in ("==", "!=", "<", ">", "<=", ">="):
            operator = self.take()[1]
            if operator not in ("==", "!="):
                raise Unsupported(f"the operator {operator} in {self.text!r}")
            right = self.unary()
            value = _equal(value, right) == (operator == "==")
        return value

    def unary(self) -> object:
        if self.peek() == "!":
            self.take()
            return not _truthy(self.unary())
        return self.primary()

    def primary(self) -> object:
        kind, token = self.take()
        if token == "(" and kind == "op":
            value = self.or_()
            self.take(")")
            return value
        if kind == "string":
            return token[1:-1].replace("''", "'")
        if kind == "number":
            return float(token)
        if kind != "name":
            raise Unsupported(f"unexpected {token!r} in {self.text!r}")
        if token in ("true", "false"):
            return token == "true"
        if token == "null":
            return None
        if self.peek() == "(":
            return self.call(token)
        return self.lookup(token)

    def call(self, name: str) -> object:
        self.take("(")
        arguments: list[object] = []
        while self.peek() != ")":
            arguments.append(self.or_())
            if self.peek() == ",":
                self.take()
        self.take(")")
        if name in STATUS_FUNCTIONS and arguments:
            raise Unsupported(f"{name}() takes no arguments")
        if name == "always":
            return True
        if name == "success":
            return not self.context.job_failed
        if name == "failure":
            return self.context.job_failed
        if name == "cancelled":
            return False
        if name == "hashFiles":
            return hash_files(self.context.workspace, [_github_text(argument) for argument in arguments])
        if name in ("contains", "startsWith", "endsWith") and len(arguments) == 2:
            haystack, needle = (_github_text(argument).casefold() for argument in arguments)
            return {"contains": needle in haystack, "startsWith": haystack.startswith(needle),
                    "endsWith": haystack.endswith(needle)}[name]
        raise Unsupported(f"the function {name}() in {self.text!r}")

    def lookup(self, name: str) -> object:
        context, _, key = name.partition(".")
        if not key or "." in key or "[" in key:
            raise Unsupported(f"the property {name} in {self.text!r}")
        if context == "github":
            if key not in self.context.github:
                raise Unsupported(f"github.{key} (not set by the harness)")
            return self.context.github[key]
        if context == "secrets":
            return self.context.secrets.get(key, "")  # an unset secret reads as ''
        if context == "env":
            return self.context.env.get(key)
        raise Unsupported(f"the context {context} in {self.text!r}")


def _unwrap(expression: str) -> str:
    text = expression.strip()
    if text.startswith("${{") and text.endswith("}}"):
        return text[3:-2]
    return text


def github_expression(expression: str, context: GitHubContext) -> object:
    """The value of a GitHub expression (with or without its ``${{ }}``)."""
    return _GitHubParser(_unwrap(expression), context).parse()


def github_condition(expression: object, context: GitHubContext) -> bool:
    """Whether an ``if:`` holds: ``success()`` when absent, and ``success() && (…)`` around one
    that calls no status function, as GitHub does."""
    if expression is None:
        return not context.job_failed
    if isinstance(expression, bool):
        return expression and not context.job_failed
    text = _unwrap(str(expression))
    value = _truthy(_GitHubParser(text, context).parse())
    if not re.search(r"\b(?:%s)\s*\(" % "|".join(STATUS_FUNCTIONS), text):
        return value and not context.job_failed
    return value


def substitute(text: str, context: GitHubContext) -> str:
    """``text`` with every ``${{ … }}`` replaced by its value as text, before any shell reads it."""
    return re.sub(r"\$\{\{(.*?)\}\}", lambda match: _github_text(github_expression(match.group(1), context)),
                  text, flags=re.S)


def _glob_match(pattern: str, name: str) -> bool:
    """GitHub's branch filter patterns: ``*`` within a path segment, ``**`` across them."""
    regex = re.escape(pattern).replace(r"\*\*", "\0").replace(r"\*", "[^/]*").replace("\0", ".*")
    return re.fullmatch(regex, name) is not None


@dataclass(frozen=True)
class GitHubEvent:
    """What happened: a push to a branch, a pull request from ``branch`` into ``base``, a manual run."""

    name: str  # push / pull_request / workflow_dispatch
    branch: str  # the branch pushed or run on, or the pull request's head branch
    base: str = "main"
    number: int = 1  # the pull request's number
    sha: str = "0123456789abcdef0123456789abcdef01234567"

    @property
    def ref(self) -> str:
        return f"refs/pull/{self.number}/merge" if self.name == "pull_request" else f"refs/heads/{self.branch}"

    @property
    def ref_name(self) -> str:
        return f"{self.number}/merge" if self.name == "pull_request" else self.branch


def workflow_triggers(workflow: Mapping[object, object]) -> dict[str, Mapping[str, object]]:
    """The workflow's events and their filters (``on:`` as a string, a list or a mapping)."""
    on = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    if isinstance(on, str):
        return {on: {}}
    if isinstance(on, list):
        return {str(name): {} for name in on}
    if isinstance(on, dict):
        return {str(name): (filters or {}) for name, filters in on.items()}
    raise Unsupported(f"on: {on!r}")


def triggered(workflow: Mapping[object, object], event: GitHubEvent) -> bool:
    """Whether ``event`` starts the workflow."""
    filters = workflow_triggers(workflow).get(event.name)
    if filters is None:
        return False
    unknown = set(filters) - {"branches", "branches-ignore", "types", "inputs"}
    if unknown:
        raise Unsupported(f"filters {sorted(unknown)} of on.{event.name}")
    if event.name == "pull_request" and "types" in filters and "synchronize" not in filters["types"]:
        return False
    branch = event.base if event.name == "pull_request" else event.branch
    if "branches" in filters and not any(_glob_match(str(pattern), branch) for pattern in filters["branches"]):
        return False
    if "branches-ignore" in filters and any(_glob_match(str(pattern), branch) for pattern in filters["branches-ignore"]):
        return False
    return True


@dataclass
class JobRun:
    """A job as the CI service shows it: whether it succeeded, its log, each step's outcome."""

    conclusion: str  # success / failure
    log: str
    steps: list[tuple[str, str]] = field(default_factory=list)  # (step name, success / failure / skipped)
    workspace: Path | None = None

    @property
    def succeeded(self) -> bool:
        return self.conclusion == "success"


SHELLS = {None: ["bash", "-e"], "bash": ["bash", "--noprofile", "--norc", "-eo", "pipefail"], "sh": ["sh", "-e"]}


class GitHubActions:
    """A repository on a sandboxed GitHub: runs the workflow for events, keeps its runs and artifacts."""

    def __init__(self, workflow_text: str, *, workflow_file: str, store: ArtifactStore, shims: Path,
                 secrets: Mapping[str, str]) -> None:
        self.workflow = yaml.safe_load(workflow_text)
        self.workflow_file = workflow_file
        self.store = store
        self.shims = shims
        self.secrets = secrets

    def run(self, event: GitHubEvent, workspace: Path) -> JobRun | None:
        """Run the workflow for ``event`` in ``workspace``; None when the event does not start it."""
        if not triggered(self.workflow, event):
            return None
        unknown = set(self.workflow) - {"name", "on", True, "jobs", "env", "permissions", "concurrency"}
        if unknown:
            raise Unsupported(f"workflow keys {sorted(map(str, unknown))}")
        run = self.store.new_run(workflow=self.workflow_file, event=event.name, branch=event.branch)
        logs, steps, failed = [], [], False
        for job_name, job in self.workflow["jobs"].items():
            job_run = self._job(job_name, job, event, workspace, run)
            logs.append(job_run.log)
            steps += job_run.steps
            failed = failed or not job_run.succeeded
        run.conclusion = "failure" if failed else "success"
        return JobRun(conclusion=run.conclusion, log="".join(logs), steps=steps, workspace=workspace)

    def _environment(self, event: GitHubEvent, workspace: Path, temp: Path) -> dict[str, str]:
        environment = base_environment(self.shims)
        environment.update({
            "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": event.name, "GITHUB_REF": event.ref,
            "GITHUB_REF_NAME": event.ref_name, "GITHUB_SHA": event.sha, "GITHUB_WORKSPACE": str(workspace),
            "GITHUB_REPOSITORY": "example/model", "GITHUB_WORKFLOW": str(self.workflow.get("name", "")),
            "GITHUB_HEAD_REF": event.branch if event.name == "pull_request" else "",
            "GITHUB_BASE_REF": event.base if event.name == "pull_request" else "",
            "RUNNER_OS": "Linux", "RUNNER_TEMP": str(temp), "GITHUB_ENV": str(temp / "github_env"),
            "GITHUB_OUTPUT": str(temp / "github_output"), "GITHUB_STEP_SUMMARY": str(temp / "step_summary")})
        return environment

    def _job(self, job_name: str, job: Mapping[str, object], event: GitHubEvent, workspace: Path,
             run: StoredRun) -> JobRun:
        unknown = set(job) - {"name", "runs-on", "steps", "env", "defaults", "if", "permissions", "timeout-minutes"}
        if unknown:
            raise Unsupported(f"job keys {sorted(unknown)}")
        temp = workspace.parent / f"{workspace.name}.runner-temp"
        temp.mkdir(exist_ok=True)
        base = self._environment(event, workspace, temp)
        github = {"event_name": event.name, "ref": event.ref, "ref_name": event.ref_name, "sha": event.sha,
                  "head_ref": base["GITHUB_HEAD_REF"], "base_ref": base["GITHUB_BASE_REF"],
                  "workspace": str(workspace), "repository": base["GITHUB_REPOSITORY"], "workflow": base["GITHUB_WORKFLOW"]}
        context = GitHubContext(github=github, secrets=self.secrets, env={}, workspace=workspace)
        job_env = {str(k): substitute(str(v), context) for k, v in {**(self.workflow.get("env") or {}),
                                                                  **(job.get("env") or {})}.items()}
        context.env = job_env
        defaults = ((job.get("defaults") or {}).get("run") or {})  # type: ignore[union-attr]
        if set(defaults) - {"shell"}:
            raise Unsupported(f"defaults.run keys {sorted(defaults)}")
        log = [f"##[group]job {job_name} ({event.name} on {event.ref})\n"]
        steps: list[tuple[str, str]] = []
        if not github_condition(job.get("if"), context):
            return JobRun(conclusion="success", log="".join(log) + "job skipped\n", steps=[], workspace=workspace)
        for index, step in enumerate(job["steps"]):  # type: ignore[union-attr]
            name = str(step.get("name") or step.get("uses") or f"Run {str(step.get('run', '')).splitlines()[0]}")
            unknown = set(step) - {"name", "id", "if", "uses", "with", "run", "env", "shell", "continue-on-error"}
            if unknown:
                raise Unsupported(f"step keys {sorted(unknown)} in step {index + 1}")
            if not github_condition(step.get("if"), context):
                log.append(f"##[step {index + 1}] {name}: skipped\n")
                steps.append((name, "skipped"))
                continue
            log.append(f"##[step {index + 1}] {name}\n")
            step_env = {**job_env, **{str(k): substitute(str(v), context) for k, v in (step.get("env") or {}).items()}}
            if "run" in step:
                status, output = self._run_step(step, defaults.get("shell"), {**base, **step_env}, workspace, temp, context)
            elif "uses" in step:
                status, output = self._use(step, event, workspace, run, context)
            else:
                raise Unsupported(f"step {index + 1} has neither run nor uses")
            log.append(output if output.endswith("\n") or not output else output + "\n")
            if status != 0:
                log.append(f"##[error]Process completed with exit code {status}.\n")
                if step.get("continue-on-error") is True:
                    steps.append((name, "failure (continue-on-error)"))
                    continue
                if step.get("continue-on-error") not in (None, False):
                    raise Unsupported(f"continue-on-error: {step.get('continue-on-error')!r}")
                context.job_failed = True
                steps.append((name, "failure"))
            else:
                steps.append((name, "success"))
            job_env.update(self._github_env(temp))
        conclusion = "failure" if context.job_failed else "success"
        log.append(f"##[job] {job_name}: {conclusion}\n")
        return JobRun(conclusion=conclusion, log="".join(log), steps=steps, workspace=workspace)

    @staticmethod
    def _github_env(temp: Path) -> dict[str, str]:
        path = temp / "github_env"
        if not path.exists():
            return {}
        values = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            if "<<" in line:
                raise Unsupported("multi-line values in GITHUB_ENV")
            name, sep, value = line.partition("=")
            if sep:
                values[name] = value
        return values

    def _run_step(self, step: Mapping[str, object], default_shell: object, env: dict[str, str], workspace: Path,
                  temp: Path, context: GitHubContext) -> tuple[int, str]:
        shell = step.get("shell", default_shell)
        if shell not in SHELLS:
            raise Unsupported(f"shell: {shell}")
        script = substitute(str(step["run"]), context)  # textually, as GitHub does, before bash reads it
        path = temp / "step.sh"
        path.write_text(script, encoding="utf-8")
        return run_script([*SHELLS[shell], str(path)], cwd=workspace, env=env)  # type: ignore[index]

    def _use(self, step: Mapping[str, object], event: GitHubEvent, workspace: Path, run: StoredRun,
             context: GitHubContext) -> tuple[int, str]:
        action = str(step["uses"])
        inputs = {str(k): substitute(_github_text(v), context) for k, v in (step.get("with") or {}).items()}
        name, _, version = action.partition("@")
        if name == "actions/checkout":
            return 0, "checkout: the workspace is already laid out by the test\n"
        if name == "actions/setup-python":
            return 0, f"setup-python: using the test's Python ({sys.version.split()[0]})\n"
        if name == "dawidd6/action-download-artifact":
            return self._download(inputs, workspace)
        if name == "actions/upload-artifact":
            return self._upload(inputs, workspace, run)
        raise Unsupported(f"the action {action}")

    def _download(self, inputs: dict[str, str], workspace: Path) -> tuple[int, str]:
        known = {"github_token", "workflow", "workflow_conclusion", "branch", "event", "name", "path",
                 "if_no_artifact_found", "search_artifacts", "check_artifacts"}
        if set(inputs) - known:
            raise Unsupported(f"download-artifact inputs {sorted(set(inputs) - known)}")
        workflow = inputs.get("workflow") or self.workflow_file
        conclusion = inputs.get("workflow_conclusion", "success")
        name = inputs.get("name")
        if not name:
            raise Unsupported("download-artifact without a name")
        search = inputs.get("search_artifacts", "false") == "true" or inputs.get("check_artifacts", "false") == "true"
        candidates = [run for run in reversed(self.store.runs)
                      if run.workflow == workflow and run.conclusion != "in_progress"
                      and (conclusion in ("", "completed") or run.conclusion == conclusion)
                      and ("branch" not in inputs or run.branch == inputs["branch"])
                      and ("event" not in inputs or run.event == inputs["event"])
                      and (not search or name in run.artifacts)]
        missing = inputs.get("if_no_artifact_found", "fail")
        if missing not in ("fail", "warn", "ignore"):
            raise Unsupported(f"if_no_artifact_found: {missing}")

        def nothing(message: str) -> tuple[int, str]:
            if missing == "fail":
                return 1, f"##[error]{message}\n"
            return 0, (f"##[warning]{message}\n" if missing == "warn" else f"{message}\n")

        if not candidates:
            return nothing("no matching workflow run found with any artifacts?")
        chosen = candidates[0]
        if name not in chosen.artifacts:
            return nothing("no artifacts found")
        target = workspace / inputs.get("path", ".")
        shutil.copytree(chosen.artifacts[name], target, dirs_exist_ok=True)
        return 0, f"==> (found) Run ID: {chosen.number}\n==> Artifact: {name}\n==> Extracting to {target}\n"

    def _upload(self, inputs: dict[str, str], workspace: Path, run: StoredRun) -> tuple[int, str]:
        known = {"name", "path", "if-no-files-found", "retention-days", "overwrite", "compression-level",
                 "include-hidden-files"}
        if set(inputs) - known:
            raise Unsupported(f"upload-artifact inputs {sorted(set(inputs) - known)}")
        name = inputs.get("name", "artifact")
        patterns = [line.strip() for line in inputs.get("path", "").splitlines() if line.strip()]
        folder = self.store.artifact_folder(run, name)
        kept = keep_files(patterns, workspace, folder)
        if not kept:
            del run.artifacts[name]
            if inputs.get("if-no-files-found", "warn") == "error":
                return 1, f"##[error]No files were found with the provided path: {' '.join(patterns)}\n"
            return 0, f"##[warning]No files were found with the provided path: {' '.join(patterns)}. No artifacts will be uploaded.\n"
        return 0, f"Artifact {name} has been successfully uploaded: {', '.join(kept)}\n"


# -- GitLab CI ----------------------------------------------------------------------------------------

_GITLAB_TOKEN = re.compile(r"""\s*(?:(?P<string>"[^"]*"|'[^']*')|(?P<regex>/(?:[^/\\]|\\.)*/[im]*)
                               |(?P<op>&&|\|\||==|!=|=~|!~|[()])|(?P<variable>\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)
                               |(?P<null>null\b))""", re.X)


def gitlab_expression(expression: str, variables: Mapping[str, str]) -> bool:
    """Whether a ``rules: if:`` holds: ``$VAR``, strings, ``null``, ``==``, ``!=``, ``=~``, ``!~``,
    ``&&``, ``||`` and parentheses; an undefined variable is null."""
    tokens: list[tuple[str, str]] = []
    position = 0
    while expression[position:].strip():
        match = _GITLAB_TOKEN.match(expression, position)
        if match is None or match.end() == position:
            raise Unsupported(f"cannot read the rule {expression!r} at {expression[position:]!r}")
        kind = match.lastgroup
        assert kind is not None
        tokens.append((kind, match.group(kind)))
        position = match.end()
    index = 0

    def value() -> object:
        nonlocal index
        kind, token = tokens[index]
        index += 1
        if kind == "string":
            return token[1:-1]
        if kind == "null":
            return None
        if kind == "variable":
            return variables.get(token.strip("${}"))
        if kind == "regex":
            body, _, flags = token[1:].rpartition("/")
            return re.compile(body, re.I if "i" in flags else 0)
        raise Unsupported(f"unexpected {token!r} in {expression!r}")

    def comparison() -> bool:
        nonlocal index
        if index < len(tokens) and tokens[index][1] == "(":
            index += 1
            result = either()
            if index >= len(tokens) or tokens[index][1] != ")":
                raise Unsupported(f"unbalanced parentheses in {expression!r}")
            index += 1
            return result
        left = value()
        if index < len(tokens) and tokens[index][1] in ("==", "!=", "=~", "!~"):
            operator = tokens[index][1]
            index += 1
            right = value()
            if operator in ("==", "!="):
                return (left == right) == (operator == "==")
            if not isinstance(right, re.Pattern):
                raise Unsupported(f"{operator} without a /regex/ in {expression!r}")
            found = left is not None and right.search(str(left)) is not None
            return found == (operator == "=~")
        return left not in (None, "")

    def both() -> bool:
        nonlocal index
        result = comparison()
        while index < len(tokens) and tokens[index][1] == "&&":
            index += 1
            result = comparison() and result
        return result

    def either() -> bool:
        nonlocal index
        result = both()
        while index < len(tokens) and tokens[index][1] == "||":
            index += 1
            result = both() or result
        return result

    result = either()
    if index != len(tokens):
        raise Unsupported(f"unexpected {tokens[index][1]!r} in {expression!r}")
    return result


@dataclass(frozen=True)
class GitLabPipeline:
    """A pipeline's trigger: a push to ``branch``, or a merge request from ``branch`` into ``target``."""

    source: str  # push / merge_request_event / web
    branch: str
    target: str = "main"
    iid: int = 1

    @property
    def ref(self) -> str:
        return f"refs/merge-requests/{self.iid}/head" if self.source == "merge_request_event" else self.branch


def _only_matches(patterns: object, pipeline: GitLabPipeline) -> bool:
    if isinstance(patterns, dict):
        if set(patterns) - {"refs"}:
            raise Unsupported(f"only/except keys {sorted(patterns)}")
        patterns = patterns["refs"]
    for pattern in patterns:  # type: ignore[union-attr]
        if pattern == "branches" and pipeline.source != "merge_request_event":
            return True
        if pattern == "merge_requests" and pipeline.source == "merge_request_event":
            return True
        if pattern in ("tags", "api", "schedules", "triggers", "pipelines", "external", "chat", "web"):
            if pattern == "web" and pipeline.source == "web":
                return True
            continue
        if pattern == pipeline.branch and pipeline.source != "merge_request_event":
            return True
    return False


class GitLabCI:
    """A project on a sandboxed GitLab: runs its one job for pipelines, keeps pipelines and
    artifacts, and answers the artifacts API (:meth:`respond`, served by the test's loopback server)."""

    PROJECT_ID = "42"
    DEFAULT_BRANCH = "main"

    def __init__(self, job_text: str, *, store: ArtifactStore, shims: Path, variables: Mapping[str, str]) -> None:
        document = yaml.safe_load(job_text)
        unknown_top = {key for key, value in document.items()
                       if not isinstance(value, dict) or "script" not in value} - {"variables", "workflow", "stages", "default", "image"}
        if unknown_top:
            raise Unsupported(f"top-level keys {sorted(unknown_top)}")
        jobs = {name: job for name, job in document.items() if isinstance(job, dict) and "script" in job}
        if len(jobs) != 1:
            raise Unsupported(f"{len(jobs)} jobs (the harness runs one)")
        ((self.job_name, self.job),) = jobs.items()
        self.document = document
        self.store = store
        self.shims = shims
        self.variables = variables  # the project's CI/CD variables (secrets)
        self.api_url = ""  # set by the test once its loopback server listens: http://127.0.0.1:PORT/api/v4
        self.tokens: set[str] = set()
        self.requests: list[str] = []

    def pipeline_variables(self, pipeline: GitLabPipeline, workspace: Path, token: str) -> dict[str, str]:
        variables = {"CI": "true", "GITLAB_CI": "true", "CI_PIPELINE_SOURCE": pipeline.source,
                     "CI_DEFAULT_BRANCH": self.DEFAULT_BRANCH, "CI_COMMIT_REF_NAME": pipeline.branch,
                     "CI_COMMIT_SHA": "0123456789abcdef0123456789abcdef01234567", "CI_JOB_NAME": self.job_name,
                     "CI_JOB_TOKEN": token, "CI_API_V4_URL": self.api_url, "CI_PROJECT_ID": self.PROJECT_ID,
                     "CI_PROJECT_DIR": str(workspace), "CI_SERVER_URL": self.api_url.removesuffix("/api/v4")}
        if pipeline.source == "merge_request_event":
            variables.update({"CI_MERGE_REQUEST_IID": str(pipeline.iid),
                              "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": pipeline.branch,
                              "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": pipeline.target,
                              "CI_MERGE_REQUEST_EVENT_TYPE": "detached"})
        else:
            variables["CI_COMMIT_BRANCH"] = pipeline.branch
        return {**self.variables, **variables}

    def _rules_allow(self, rules: object, variables: Mapping[str, str]) -> bool:
        for rule in rules or []:  # type: ignore[union-attr]
            unknown = set(rule) - {"if", "when"}
            if unknown:
                raise Unsupported(f"rule keys {sorted(unknown)}")
            if "if" in rule and not gitlab_expression(str(rule["if"]), variables):
                continue
            when = rule.get("when", "on_success")
            if when not in ("on_success", "always", "never"):
                raise Unsupported(f"rules: when: {when}")
            return when != "never"
        return False

    def runs_for(self, pipeline: GitLabPipeline, variables: Mapping[str, str]) -> bool:
        """Whether the pipeline is created (``workflow: rules``) and has the job."""
        workflow = self.document.get("workflow")
        if workflow is not None and not self._rules_allow(workflow.get("rules"), variables):
            return False
        if "rules" in self.job:
            if "only" in self.job or "except" in self.job:
                raise Unsupported("rules with only/except")
            return self._rules_allow(self.job["rules"], variables)
        only = self.job.get("only", ["branches", "tags"])
        allowed = _only_matches(only, pipeline)
        if "except" in self.job and _only_matches(self.job["except"], pipeline):
            return False
        return allowed

    def run(self, pipeline: GitLabPipeline, workspace: Path) -> JobRun | None:
        """Run the job in a pipeline for ``pipeline`` in ``workspace``; None when it has no such job."""
        token = token_source.token_hex(10)
        variables = self.pipeline_variables(pipeline, workspace, token)
        if not self.runs_for(pipeline, variables):
            return None
        known = {"image", "stage", "variables", "script", "before_script", "after_script", "artifacts", "rules",
                 "only", "except", "timeout", "interruptible", "tags"}
        if set(self.job) - known:
            raise Unsupported(f"job keys {sorted(set(self.job) - known)}")
        run = self.store.new_run(workflow=self.job_name, event=pipeline.source, branch=pipeline.ref)
        environment = base_environment(self.shims)
        for layer in (self.document.get("variables") or {}, (self.document.get("default") or {}).get("variables") or {},
                      self.job.get("variables") or {}):
            for name, value in layer.items():
                variables[str(name)] = re.sub(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?",
                                              lambda match: variables.get(match.group(1), ""), str(value))
        environment.update(variables)
        entries = [*(self.job.get("before_script") or (self.document.get("default") or {}).get("before_script") or []),
                   *self.job["script"]]
        script = ["set -eo pipefail"]
        for entry in entries:
            shown = str(entry).splitlines()[0] + (" # collapsed multi-line command" if "\n" in str(entry).strip() else "")
            script += [f"printf '%s\\n' {_shell_quote('$ ' + shown)}", str(entry)]
        self.tokens.add(token)
        temp = workspace.parent / f"{workspace.name}.runner-temp"
        temp.mkdir(exist_ok=True)
        (temp / "script.sh").write_text("\n".join(script) + "\n", encoding="utf-8")
        status, output = run_script(["bash", str(temp / "script.sh")], cwd=workspace, env=environment)
        self.tokens.discard(token)
        log = [f"Running job {self.job_name} for {pipeline.source} on {pipeline.ref}\n", output]
        succeeded = status == 0
        if "after_script" in self.job:
            (temp / "after.sh").write_text("\n".join(map(str, self.job["after_script"])) + "\n", encoding="utf-8")
            log.append(run_script(["bash", str(temp / "after.sh")], cwd=workspace, env=environment)[1])
        log.append(self._keep_artifacts(run, workspace, succeeded))
        log.append("Job succeeded\n" if succeeded else f"ERROR: Job failed: exit code {status}\n")
        run.conclusion = "success" if succeeded else "failure"
        return JobRun(conclusion=run.conclusion, log="".join(log), workspace=workspace,
                      steps=[(self.job_name, run.conclusion)])

    def _keep_artifacts(self, run: StoredRun, workspace: Path, succeeded: bool) -> str:
        artifacts = self.job.get("artifacts")
        if not artifacts:
            return ""
        unknown = set(artifacts) - {"when", "paths", "reports", "expire_in", "name"}
        if unknown:
            raise Unsupported(f"artifacts keys {sorted(unknown)}")
        when = artifacts.get("when", "on_success")
        if when not in ("on_success", "on_failure", "always"):
            raise Unsupported(f"artifacts: when: {when}")
        if (when == "on_success" and not succeeded) or (when == "on_failure" and succeeded):
            return "Skipping artifacts (when: %s)\n" % when
        patterns = [str(path) for path in artifacts.get("paths") or []]
        reports = artifacts.get("reports") or {}
        if set(reports) - {"junit"}:
            raise Unsupported(f"artifacts reports {sorted(reports)}")
        junit = reports.get("junit", [])
        patterns += [junit] if isinstance(junit, str) else list(junit)
        folder = self.store.artifact_folder(run, "artifacts")
        kept = []
        for pattern in patterns:
            for path in sorted(workspace.glob(pattern)):
                if path.is_file():
                    relative = path.relative_to(workspace)
                    (folder / relative).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, folder / relative)
                    kept.append(str(relative))
        return f"Uploading artifacts: {', '.join(kept) or 'none found'}\n"

    def respond(self, request: ReceivedRequest) -> Reply:
        """The artifacts API: ``GET /api/v4/projects/ID/jobs/artifacts/REF/raw/PATH?job=NAME``."""
        self.requests.append(request.path)
        parts = urlsplit(request.path)
        match = re.fullmatch(r"/api/v4/projects/([^/]+)/jobs/artifacts/([^/]+)/raw/(.+)", parts.path)
        if request.method != "GET" or match is None:
            return Reply(status=404, body={"message": "404 Not found"})
        if request.headers.get("job-token") not in self.tokens:
            return Reply(status=401, body={"message": "401 Unauthorized"})
        project, ref, path = (unquote(group) for group in match.groups())
        job = parse_qs(parts.query).get("job", [""])[0]
        if project != self.PROJECT_ID:
            return Reply(status=404, body={"message": "404 Project Not Found"})
        for run in reversed(self.store.runs):
            if run.branch == ref and run.workflow == job and run.conclusion == "success":
                file = run.artifacts.get("artifacts", Path("/nonexistent")) / path
                if file.is_file():
                    return Reply(body=file.read_bytes(), headers={"Content-Type": "application/octet-stream"})
                break  # the latest successful pipeline is the one asked for, file or not
        return Reply(status=404, body={"message": "404 Not found"})


def _shell_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


# -- the model, and the life of a project ------------------------------------------------------------

def _suite_items() -> list[dict[str, str]]:
    suite = yaml.safe_load((SUITE / "suite.yaml").read_text(encoding="utf-8"))
    return [item for category in suite["categories"] for subcategory in category["subcategories"]
            for item in subcategory["items"]]


class ModelService:
    """The in-house MT service of docs/ci.md: ``POST <path>/translate`` with ``{"q": [...], "source",
    "target"}`` answers ``{"translations": [...]}``, each source looked up in a recorded system of
    isabelle2017-en-fr (``serving``: a system's name, or "references")."""

    def __init__(self, path: str) -> None:
        self.path = path
        items = _suite_items()
        self.ids = {item["source"]: item["id"] for item in items}
        self.references = {item["id"]: item["reference"] for item in items}
        self.serving = "google-2016"
        self.requests = 0

    def outputs(self) -> Mapping[str, str]:
        if self.serving == "references":
            return self.references
        return yaml.safe_load((SUITE / "systems" / f"{self.serving}.yaml").read_text(encoding="utf-8"))["outputs"]

    def respond(self, request: ReceivedRequest) -> Reply:
        if request.method != "POST" or request.path != f"{self.path}/translate":
            return Reply(status=404, body={"error": "not found"})
        self.requests += 1
        body = request.json
        if body.get("source") != "en" or body.get("target") != "fr":
            return Reply(status=400, body={"error": "only en→fr"})
        outputs = self.outputs()
        return Reply(body={"translations": [outputs.get(self.ids.get(source, ""), "") for source in body["q"]]})


@dataclass
class Outcome:
    """One step of the sequence: what was done, with which model, and what the CI service showed."""

    step: str
    model: str
    job: JobRun | None  # None: the job did not run at all

    def describe(self) -> str:
        return f"{self.step} [{self.model}]: " + ("not run" if self.job is None else self.job.conclusion)


@dataclass(frozen=True)
class Change:
    """What a developer does: push to main (``main``), open or update a pull request (``pr``), or
    start the workflow by hand on main (``dispatch``)."""

    kind: str
    branch: str = "main"


def run_sequence(run: Callable[[Change, Path], JobRun | None], model: ModelService, workspaces: Path, *,
                 down: Callable[[bool], None], stop_at_first_problem: bool = True) -> list[Outcome]:
    """Drive a job through a project's life, each run in a fresh workspace; stop at the first step
    whose outcome is wrong (unless told not to). ``down(True)`` makes the MT service unreachable."""
    plan = [("a pull request before any baseline", "google-2016", Change("pr", "feature-0")),
            ("main", "google-2016", Change("main")),
            ("a pull request, same model", "google-2016", Change("pr", "feature-1")),
            ("a pull request, worse model", "pbmt-1", Change("pr", "feature-2")),
            ("the same pull request retried", "pbmt-1", Change("pr", "feature-2")),
            ("main, better model", "references", Change("main")),
            ("a pull request, the first model again", "google-2016", Change("pr", "feature-3")),
            ("a pull request while the MT service is down", "google-2016", Change("pr", "feature-4"))]
    outcomes: list[Outcome] = []
    for number, (step, serving, change) in enumerate(plan):
        model.serving = serving
        down(step.endswith("is down"))
        workspace = workspaces / f"{number:02d}-{change.kind}-{change.branch}"
        outcome = Outcome(step, serving, run(change, workspace))
        outcomes.append(outcome)
        if stop_at_first_problem and outcome_problem(outcome, outcomes):
            break
    down(False)
    return outcomes


#: "gate FAILED (rules …):" and, below it, the rule that tripped ("isabelle2017-en-fr [candidate]: overall:2% — …").
GATE_FAILED = re.compile(r"gate FAILED[^\n]*\n(?:[^\n]*\n)*?[^\n]*isabelle2017-en-fr \[[^\]]+\]: "
                         r"(?:overall|category|subcategory|items|coverage):\S+ — ")
COMPARED = re.compile(r"isabelle2017-en-fr \[[^\]]+\] against \[[^\]]+\], 108 paired items: ([\d.]+)% → ([\d.]+)%")


def outcome_problem(outcome: Outcome, before: Sequence[Outcome]) -> str | None:
    """What is wrong with one step's outcome (None when it is as a gating job's must be)."""
    job = outcome.job
    name = outcome.describe()
    if job is None:
        return f"{name}: the job did not run"
    log = job.log
    step = outcome.step
    if step == "a pull request before any baseline":
        if job.succeeded:
            return f"{name}: passed without a baseline (report-only instead of failing)"
        if not re.search(r"no baseline", log, re.I):
            return f"{name}: failed without saying that no baseline exists"
    elif step.startswith("main"):
        if not job.succeeded:
            return f"{name}: the main run failed, so it keeps no baseline"
    elif step == "a pull request, same model":
        if not job.succeeded:
            return f"{name}: failed with the same model as main"
        if COMPARED.search(log) is None:
            return f"{name}: passed without comparing with main's baseline"
    elif step in ("a pull request, worse model", "the same pull request retried"):
        if job.succeeded:
            return f"{name}: a worse model passed the gate"
        if GATE_FAILED.search(log) is None:
            return f"{name}: failed, but not at the gate (no 'gate FAILED: … RULE:' line)"
    elif step == "a pull request, the first model again":
        if job.succeeded:
            return f"{name}: passed against the better baseline"
        compared = COMPARED.search(log)
        mains = [earlier for earlier in before if earlier.step == "main, better model"]
        better_rate = _main_rate(mains[-1]) if mains else None
        if compared is None or better_rate is None or compared.group(1) != better_rate:
            return f"{name}: not compared with the better main run's baseline ({better_rate}%)"
    elif step.endswith("is down"):
        if job.succeeded:
            return f"{name}: passed while the MT service was down"
        if re.search(r"ConnectionError\b.*url: /\*\*\*/translate", log) is None:
            return f"{name}: the log does not show the service's error with its token hidden ('url: /***/translate')"
    return None


def _main_rate(outcome: Outcome) -> str | None:
    """The overall rate a main run printed in its report table (the last 'overall' row)."""
    if outcome.job is None:
        return None
    match = re.search(r"(\d+) failed, (\d+) passed", outcome.job.log)
    if match is None:
        match_all = re.search(r"(\d+) passed", outcome.job.log)
        return "100.0" if match_all and int(match_all.group(1)) == 108 else None
    failed, passed = int(match.group(1)), int(match.group(2))
    return f"{100 * passed / (failed + passed):.1f}"


def sequence_problems(outcomes: Sequence[Outcome], secret: str) -> list[str]:
    """Every wrong outcome of the sequence, and every log, JUnit file or artifact showing ``secret``."""
    problems = [problem for index, outcome in enumerate(outcomes)
                if (problem := outcome_problem(outcome, outcomes[:index])) is not None]
    for outcome in outcomes:
        if outcome.job is None:
            continue
        if secret.casefold() in outcome.job.log.casefold():
            line = next(line for line in outcome.job.log.splitlines() if secret.casefold() in line.casefold())
            problems.append(f"{outcome.describe()}: the log shows the secret: {line.strip()[:200]}")
        workspace = outcome.job.workspace
        for path in sorted(workspace.rglob("*")) if workspace else []:
            if path.is_file() and path.suffix in (".json", ".xml", ".log", ".html") and \
                    secret.lower().encode() in path.read_bytes().lower():
                problems.append(f"{outcome.describe()}: {path.name} shows the secret")
    return problems


def summary(outcomes: Sequence[Outcome]) -> str:
    """The sequence as a reader wants it in an assertion message: each step, then each log."""
    return "\n".join(outcome.describe() for outcome in outcomes) + "\n\n" + "\n".join(
        textwrap.indent(outcome.job.log[-4000:], "    ") for outcome in outcomes if outcome.job is not None)


__all__ = ["ArtifactStore", "Change", "DocumentedJobs", "GitHubActions", "GitHubContext", "GitHubEvent", "GitLabCI",
           "GitLabPipeline", "JobRun", "SECRET", "github_sequence", "gitlab_sequence", "ModelService", "Outcome", "Unsupported", "documented_jobs",
           "github_condition", "github_expression", "gitlab_expression", "lay_out_workspace", "run_sequence",
           "sequence_problems", "shim_bin", "substitute", "summary", "triggered"]


# -- the two documented jobs through the sequence -------------------------------------------------------

#: The token in the MT service's URL: no log, JUnit file or artifact may show it.
SECRET = "tok3nSECRET"


class Served(Protocol):
    url: str


Serve = Callable[[Callable[[ReceivedRequest], Reply]], Served]


def unreachable_url() -> str:
    """The service's URL on a loopback port nobody listens on (the service is down)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/{SECRET}"


def github_sequence(jobs: DocumentedJobs, root: Path, serve: Serve, *,
                    stop_at_first_problem: bool = True) -> list[Outcome]:
    """The workflow of ``jobs`` through :func:`run_sequence` on a sandboxed GitHub."""
    model = ModelService(f"/{SECRET}")
    url = f"{serve(model.respond).url}/{SECRET}"
    secrets = {"MT_URL": url}
    actions = GitHubActions(jobs.workflow, workflow_file=jobs.workflow_file, store=ArtifactStore(root / "artifacts"),
                            shims=shim_bin(root / "shims"), secrets=secrets)

    def run(change: Change, workspace: Path) -> JobRun | None:
        lay_out_workspace(workspace, jobs)
        if change.kind == "pr":
            event = GitHubEvent("pull_request", change.branch, number=int(change.branch.rpartition("-")[2]) + 1)
        else:
            event = GitHubEvent("workflow_dispatch" if change.kind == "dispatch" else "push", change.branch)
        return actions.run(event, workspace)

    def down(is_down: bool) -> None:
        secrets["MT_URL"] = unreachable_url() if is_down else url

    return run_sequence(run, model, root / "runs", down=down, stop_at_first_problem=stop_at_first_problem)


def gitlab_sequence(jobs: DocumentedJobs, root: Path, serve: Serve, *,
                    stop_at_first_problem: bool = True) -> list[Outcome]:
    """The GitLab job of ``jobs`` through :func:`run_sequence` on a sandboxed GitLab: a merge request
    runs a merge request pipeline when the job has one, else its branch's pipeline."""
    model = ModelService(f"/{SECRET}")
    url = f"{serve(model.respond).url}/{SECRET}"
    variables = {"MT_URL": url}
    gitlab = GitLabCI(jobs.gitlab, store=ArtifactStore(root / "artifacts"), shims=shim_bin(root / "shims"),
                      variables=variables)
    gitlab.api_url = f"{serve(gitlab.respond).url}/api/v4"

    def run(change: Change, workspace: Path) -> JobRun | None:
        lay_out_workspace(workspace, jobs)
        if change.kind != "pr":
            return gitlab.run(GitLabPipeline("push", change.branch), workspace)
        iid = int(change.branch.rpartition("-")[2]) + 1
        job = gitlab.run(GitLabPipeline("merge_request_event", change.branch, iid=iid), workspace)
        if job is None:
            job = gitlab.run(GitLabPipeline("push", change.branch), workspace)
        return job

    def down(is_down: bool) -> None:
        variables["MT_URL"] = unreachable_url() if is_down else url

    return run_sequence(run, model, root / "runs", down=down, stop_at_first_problem=stop_at_first_problem)
