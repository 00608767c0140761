"""A challenge test's flat keywords: the same keys and values pytest's NodeKeywords would give."""
from __future__ import annotations

import json

import pytest

from pytest_mtchallenge.plugin.nodes import SuiteKeywords


def test_own_keywords_come_first_and_shadow_the_inherited_ones() -> None:
    keywords = SuiteKeywords("S1a[nmt]", {"suite.yaml": True, "tests": True, "morpho": "parent"})
    keywords["morpho"] = "own"
    keywords.update({"xfail": 1}, extra=2)
    assert list(keywords) == ["S1a[nmt]", "morpho", "xfail", "extra", "suite.yaml", "tests"]
    assert len(keywords) == 6
    assert keywords["morpho"] == "own" and keywords["tests"] is True
    assert "suite.yaml" in keywords and "elsewhere" not in keywords
    with pytest.raises(KeyError):
        keywords["elsewhere"]
    with pytest.raises(ValueError, match="cannot delete"):
        del keywords["morpho"]


def test_a_run_gives_each_test_its_parents_keywords(pytester: pytest.Pytester) -> None:
    """The keywords pytest would give: the test's name, its markers, its suite file's and directories'."""
    pytester.makeconftest(
        "import json\n"
        "def pytest_collection_modifyitems(items):\n"
        "    item = items[0]\n"
        "    expected = {item.name, *(m.name for m in item.own_markers), *item.parent.keywords}\n"
        "    json.dump([sorted(item.keywords), sorted(expected), type(item.keywords).__name__],\n"
        "              open('keywords.json', 'w'))\n")
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:nmt", "-k", "S1a", "--co")
    assert result.ret == pytest.ExitCode.OK
    found, expected, kind = json.loads((pytester.path / "keywords.json").read_text())
    assert kind == "SuiteKeywords"
    assert found == expected
    assert "isabelle2017-en-fr" in found and len(found) > 3  # the suite file's name, markers, the item's name
