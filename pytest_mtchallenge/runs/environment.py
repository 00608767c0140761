"""Where and how a run was made: date, the project's git commit, machine, versions, command line.

Saved runs carry it (as pytest-benchmark's ``commit_info`` and ``machine_info``), so a baseline
says what produced it. Nothing here fails a run: what cannot be found is left out.
"""
from __future__ import annotations

import datetime
import os
import platform
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path


def git_commit(directory: Path) -> dict[str, object] | None:
    """The commit checked out in ``directory`` (and whether the tree has changes), or None."""
    def git(*args: str) -> str | None:
        try:
            done = subprocess.run(["git", *args], cwd=directory, capture_output=True, text=True, timeout=5,
                                  check=False)
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    commit = git("rev-parse", "HEAD")
    if not commit:
        return None
    status = git("status", "--porcelain", "--untracked-files=no")
    return {"id": commit, "branch": git("rev-parse", "--abbrev-ref", "HEAD") or "", "dirty": bool(status)}


def environment(*, directory: Path, arguments: Sequence[str], redact: Callable[[str], str] = str) -> dict[str, object]:
    """What a saved run records about its making. The command line is stored as the reports show
    it: every URL without its password and key-like query values, and ``redact`` hiding every
    secret of the run."""
    import pytest

    from pytest_mtchallenge import __version__
    from pytest_mtchallenge.redaction import redact_urls

    found: dict[str, object] = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": {"node": platform.node(), "machine": platform.machine(), "system": platform.platform(),
                    "cpus": os.cpu_count() or 0},
        "python": platform.python_version(),
        "implementation": sys.implementation.name,
        "pytest": pytest.__version__,
        "pytest_mtchallenge": __version__,
        "command_line": redact(redact_urls(" ".join(["pytest", *arguments]))),
    }
    commit = git_commit(directory)
    if commit is not None:
        found["commit"] = commit
    return found
