"""The atomic writer's former home, kept for imports from before it moved to :mod:`pytest_mtchallenge.files`."""
from __future__ import annotations

from pytest_mtchallenge.files import write_atomically

__all__ = ["write_atomically"]
