"""Packaging and the first commands of a checkout: every package of the source tree is shipped (a folder
left out of the wheel, as the German pack once was from a hand-written list), and the
README's first command runs without the test extra."""
from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_folder_is_shipped() -> None:
    """setup.py's discovery finds every package folder, and ships suites/ as pytest_mtchallenge.suites
    (pyproject.toml maps it there and lists its data)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_mtchallenge_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_module)  # the guard keeps setup() from running
    shipped = set(setup_module.packages())
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "pytest_mtchallenge").rglob("__init__.py")}
    assert found <= shipped and "pytest_mtchallenge.suites" in shipped
    configuration = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert configuration["package-dir"] == {"pytest_mtchallenge.suites": "suites"}
    assert "packages" not in configuration


def test_the_readmes_first_command_runs_in_the_checkout_without_the_test_extra(tmp_path: Path) -> None:
    """`pip install . && pytest --mt-suite=…` from the repository root: the bundled suites are found
    although the checkout's package (without its suites folder) is the one imported, and no conftest
    imports what only the test extra installs (Hypothesis, pytest-xdist), here made unimportable."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    # As after `pip install .` (not editable): no import hook maps pytest_mtchallenge.suites to the
    # checkout's suites/, and pytest's pythonpath makes the run import the checkout's package.
    run = ("import sys; sys.meta_path[:] = [f for f in sys.meta_path if '__editable__' not in "
           "getattr(f, '__module__', '') + type(f).__module__]; "
           "sys.modules['hypothesis'] = None; sys.modules['xdist'] = None; import pytest; "
           "raise SystemExit(pytest.main(['-p', 'mtchallenge', '-p', 'no:cacheprovider', '-q', "
           f"'--mt-suite=isabelle2017-en-fr', '--mt-report-only', '--mt-report={tmp_path / 'report.json'}']))")
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    result = subprocess.run([sys.executable, "-c", run], cwd=root, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert len(json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["runs"]) == 3


def test_every_file_of_the_bundled_suites_is_package_data() -> None:
    """A suite's data file that no package-data pattern names is left out of the wheel: the suite would
    load in a checkout and fail once installed (WinoMT's gzipped sets and translations)."""
    import glob

    suites = ROOT / "suites"
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["pytest_mtchallenge.suites"]
    shipped = {found for pattern in patterns for found in glob.glob(pattern, root_dir=suites)}
    files = {path.relative_to(suites).as_posix() for path in suites.rglob("*")
             if path.is_file() and "__pycache__" not in path.parts and path.name != "__init__.py"}
    assert files - shipped == set()
    assert "winomt/translations/sota/en-fr.txt.gz" in shipped
