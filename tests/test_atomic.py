"""The one atomic writer: the old file or the new one, never half, and no temporary file left."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_mtchallenge.reporting import atomic
from pytest_mtchallenge.reporting.atomic import write_atomically


def test_the_file_is_replaced_and_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    write_atomically(path, b"old")
    path.chmod(0o600)
    write_atomically(path, b"new")
    assert path.read_bytes() == b"new" and path.stat().st_mode & 0o777 == 0o600
    assert sorted(os.listdir(tmp_path)) == ["report.json"]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failure_leaves_the_old_file_and_no_temporary_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             failing: str) -> None:
    path = tmp_path / "report.html"
    path.write_bytes(b"old")

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, failing, fail)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(path, b"new")
    assert path.read_bytes() == b"old"
    assert sorted(os.listdir(tmp_path)) == ["report.html"]


def test_the_writers_share_it() -> None:
    """Reports, saved runs and verdict files: one atomic writer (issue 25, 6 found three)."""
    from pytest_mtchallenge.reporting import html, json
    from pytest_mtchallenge.review import verdict_file

    for module in (html, json, verdict_file):
        assert module.write_atomically is write_atomically
