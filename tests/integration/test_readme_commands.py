"""The README's "Using it" commands, run as a user copies them."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_command(needle: str) -> str:
    """The one command line of the README's "Using it" block that contains ``needle``."""
    block = re.search(r"## Using it\n+```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert block is not None, "README.md has no 'Using it' block"
    (line,) = [line for line in block.group(1).splitlines() if needle in line and not line.startswith("#")]
    return line


@pytest.mark.slow
def test_the_cmd_example_never_serves_outputs_of_a_script_edited_since(tmp_path: Path) -> None:
    """Issue 34, 8: after editing model.py, which ./translate.sh runs, the example served the old
    outputs from the cache (only files on the command line were digested)."""
    command = readme_command('cmd:"./translate.sh en fr"')
    (tmp_path / "translate.sh").write_text('#!/bin/sh\nexec python3 model.py "$@"\n', encoding="utf-8")
    (tmp_path / "translate.sh").chmod(0o755)
    model = "import sys\nfor line in sys.stdin:\n    print({!r})\n"
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("PYTEST_ADDOPTS", None)
    outputs = []
    for release in ("première version", "seconde version"):
        (tmp_path / "model.py").write_text(model.format(release), encoding="utf-8")
        done = subprocess.run(["bash", "-c", f"{command} --mt-report=r.json"], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode in (0, 1), done.stdout + done.stderr
        (run,) = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["runs"]
        outputs.append({item["output"] for item in run["items"]})
    assert outputs == [{"première version"}, {"seconde version"}]
