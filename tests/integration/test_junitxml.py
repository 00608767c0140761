"""--junitxml carries suite, category, subcategory, system, outcome, decided_by and output per test case."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest


def test_junit_properties(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.runpytest(str(mini_suite.parent), "--junitxml=junit.xml")
    root = ET.parse(pytester.path / "junit.xml").getroot()
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert set(cases) == {"M1a[old]", "M1b[old]", "T1a[old]", "T1b[old]"}
    properties = {p.get("name"): p.get("value") for p in cases["T1b[old]"].iter("property")}
    assert properties == {"suite": "mini", "category": "syntax", "subcategory": "T1", "system": "old",
                          "outcome": "pass", "decided_by": "human", "output": "Il était en retard, hein ?"}
    assert cases["M1a[old]"].find("failure") is not None


def test_junit_failure_message_starts_with_the_verdict(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.runpytest(str(mini_suite.parent), "--junitxml=junit.xml")
    root = ET.parse(pytester.path / "junit.xml").getroot()
    failure = next(case for case in root.iter("testcase") if case.get("name") == "M1a[old]").find("failure")
    assert failure is not None
    assert failure.get("message", "").startswith("fail (decided by checker): ")
