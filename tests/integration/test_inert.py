"""Installed, the plugin adds nothing to a run that names no --mt-* option, ini setting or suite path."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest


def test_inert_in_another_projects_run(pytester: pytest.Pytester, mini_suite: Path) -> None:
    shutil.copytree(mini_suite.parent, pytester.path / "tests" / "data")
    pytester.makepyfile(test_plain="def test_one():\n    assert 1 + 1 == 2\n")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)
    assert "category success report" not in result.stdout.str()
    assert "suite.yaml" not in result.stdout.str()


def test_an_ini_setting_activates_it(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.makeini(f"[pytest]\nmt_suite = {mini_suite}\nmt_system = reference\n")
    result = pytester.runpytest()
    result.assert_outcomes(passed=4)
