"""Every package of the source tree is shipped: a folder missing from pyproject.toml's list would be
left out of the wheel (the German pack once was)."""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_folder_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "pytest_mtchallenge").rglob("__init__.py")}
    assert found - listed == set()
