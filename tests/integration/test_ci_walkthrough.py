"""docs/ci.md's walkthrough, run as it stands: the gate fails on a worse model and holds on an equal
one, the model edited in place between runs, without --mt-no-cache."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "ci.md"


def walkthrough() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Walkthrough", 1)[1]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


@pytest.mark.slow
def test_the_walkthrough_gates_a_worse_release_and_passes_an_equal_one(tmp_path: Path) -> None:
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("PYTEST_ADDOPTS", None)
    done = subprocess.run(["bash", "-c", walkthrough()], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.stdout.splitlines() == ["release 1 saved (exit 0)", "release 2: gate exit 1",
                                        "release 3: gate exit 0"], done.stdout + done.stderr
    release2 = (tmp_path / "release2.log").read_text()
    assert "gate FAILED" in release2 and "overall:2%" in release2 and "McNemar" in release2
    release3 = (tmp_path / "release3.log").read_text()
    assert "from the translation cache" in release3  # the same model file again: its outputs are reused
