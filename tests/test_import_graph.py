"""The package's floors (issue 35): no import circle, no arrow pointing up, every part placed — run as
``python tools/import_graph.py --lazy --check`` is run by hand, and shown to catch each fault."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import import_graph  # noqa: E402


def test_the_package_has_no_circle_no_upward_arrow_and_no_unplaced_part() -> None:
    result = subprocess.run([sys.executable, "tools/import_graph.py", "--lazy", "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 circles, 0 upward arrows" in result.stdout


def test_the_top_level_holds_only_shared_words_the_contract_and_the_entry_points() -> None:
    modules = {path.stem for path in (ROOT / "pytest_mtchallenge").glob("*.py")}
    assert modules == {"__init__", "__main__", "cli", "errors", "extension", "extras", "files", "hookspecs",
                       "model", "redaction", "registry", "significance", "verdict"}


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small package laid out on the real floors, for the check to read instead of ours."""
    root = tmp_path / "pytest_mtchallenge"
    for folder in ("text", "judge", "checkers"):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "errors.py").write_text("")
    (root / "text" / "normalise.py").write_text("from pytest_mtchallenge.errors import X\n")
    (root / "judge" / "judge.py").write_text("from pytest_mtchallenge.checkers import Checker\n")
    monkeypatch.setattr(import_graph, "PACKAGE", root)
    return root


def test_a_clean_package_has_no_problem(package: Path) -> None:
    assert import_graph.problems(lazy=True) == []


def test_an_import_of_a_higher_floor_inside_a_function_is_an_upward_arrow(package: Path) -> None:
    (package / "checkers" / "family.py").write_text("def check():\n    from pytest_mtchallenge.judge import judge\n")
    assert import_graph.problems(lazy=False) == []  # a function's import counts only with --lazy
    assert import_graph.problems(lazy=True) == ["circle: checkers ↔ judge", "upward: checkers → judge"]


def test_an_import_for_the_type_checker_counts(package: Path) -> None:
    (package / "errors.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                       "    from pytest_mtchallenge.text import normalise\n")
    assert import_graph.problems(lazy=False) == ["circle: errors ↔ text", "upward: errors → text"]


def test_a_part_on_no_floor_is_named(package: Path) -> None:
    (package / "utils.py").write_text("")
    assert import_graph.problems(lazy=True) == ["unplaced: utils is on no floor (FLOORS)"]
