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


def test_an_inactive_run_imports_no_yaml_requests_rich_or_lexicon(pytester: pytest.Pytester) -> None:
    """The plugin is installed into every pytest run of its users: without an --mt-* option it must
    not import its heavy dependencies (checked in a fresh interpreter)."""
    pytester.makeconftest(
        "import sys\n"
        "def pytest_sessionfinish(session):\n"
        "    heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('yaml', 'requests', 'rich')\n"
        "                   or m in ('pytest_mtchallenge.languages.fr.lexicon', 'pytest_mtchallenge.plugin.session'))\n"
        "    print('HEAVY-MODULES', heavy)\n")
    pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    result = pytester.runpytest_subprocess("-s", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    assert "HEAVY-MODULES []" in result.stdout.str()
    named = pytester.runpytest_subprocess("-s", "-p", "no:cacheprovider", "test_plain.py")  # an explicit path too
    named.assert_outcomes(passed=1)
    assert "HEAVY-MODULES []" in named.stdout.str()
