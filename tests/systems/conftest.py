"""Fixtures for the system tests: generated suites (the loopback server is tests/loopback.py's)."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType

import pytest

from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.model import Category, Subcategory, Suite
from tests.items import item
from tests.suites import TINY, write_suite


def generated_suite(count: int, *, source_language: str = "en", target_language: str = "fr") -> Suite:
    """A suite of ``count`` items with sources ``source 0`` … in one subcategory."""
    items = tuple(item(f"source {n}", (f"reference {n}",), id=f"g{n}", suite="generated", category="morpho",
                       subcategory="S1") for n in range(count))
    subcategory = Subcategory(id="S1", title="Generated", category="morpho", question="?", checker="human",
                              params=MappingProxyType({}), explanation="", item_ids=tuple(i.id for i in items))
    return Suite(name="generated", title="Generated", citation="", source_language=source_language,
                 target_language=target_language, path=Path("generated.yaml"),
                 categories=(Category(id="morpho", title="Morphology", subcategory_ids=("S1",)),),
                 subcategories=MappingProxyType({"S1": subcategory}), items=items,
                 systems=MappingProxyType({}), verdicts=())


@pytest.fixture
def make_suite() -> Callable[..., Suite]:
    """``make_suite(count, source_language=..., target_language=...)``: a generated suite."""
    return generated_suite


@pytest.fixture
def suite(tmp_path: Path) -> Suite:
    """The tiny two-subcategory suite (:data:`tests.suites.TINY`) written into ``tmp_path``."""
    return load_suite(write_suite(tmp_path, subcategories=TINY))
