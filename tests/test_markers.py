"""Category and subcategory markers: names, reserved names, declarations once, and unknown -m names."""
from __future__ import annotations

from pytest_mtchallenge.formats.markers import Markers, declared_names, marker_name
from tests.items import item


def test_marker_names_are_usable_in_m_expressions_and_avoid_reserved_and_taken_names() -> None:
    assert marker_name("S1a") == "S1a"
    assert marker_name("verb phrase / tense") == "verb_phrase_tense"
    assert marker_name("xfail") == "xfail_"
    assert marker_name("slow", taken={"slow"}) == "slow_"
    assert marker_name("!!!") == "category"


def test_each_marker_is_declared_once_and_a_name_the_ini_file_declared_is_not_taken_over() -> None:
    lines = ["slow: the ini file's marker", "parametrize(argnames, argvalues): pytest's"]
    markers = Markers(declared=lambda: lines, declare=lines.append)
    assert markers.names_for(item(category="slow", subcategory="S1")) == ("slow_", "S1")
    assert markers.names_for(item(category="slow", subcategory="S1")) == ("slow_", "S1")
    markers.declare([item(category="slow", subcategory="S2"), item(category="slow", subcategory="S2")])
    assert [line.split(":")[0] for line in lines[2:]] == ["slow_", "S1", "S2"]
    assert declared_names(lines) >= {"slow", "slow_", "S1", "S2", "parametrize"}


def test_an_m_expression_naming_no_marker_gets_a_line_with_a_suggestion() -> None:
    lines: list[str] = ["skip: pytest's"]
    markers = Markers(declared=lambda: lines, declare=lines.append)
    for sub in ("S1", "S2", "S10"):
        markers.names_for(item(category="morpho", subcategory=sub))
    (warning,) = markers.unknown("s1 or S2")
    assert "no marker is named 's1'" in warning and "S1" in warning
    assert "the suites' markers: S1, S2, S10, morpho" in warning
    assert markers.unknown("S1 and not morpho") == []
    assert Markers(declared=lambda: [], declare=lambda line: None).unknown("anything") == []  # no suite markers yet


def test_a_subcategory_id_with_a_superscript_digit_sorts_without_a_crash() -> None:
    """Issue 39, 7: ``"²".isdigit()`` is true and ``int("²")`` raises: with an unknown -m marker, a
    subcategory ``²`` was an INTERNALERROR."""
    lines: list[str] = []
    markers = Markers(declared=lambda: lines, declare=lines.append)
    for sub in ("S2", "²", "S10", "S1²"):
        markers.names_for(item(category="morpho", subcategory=sub))
    (warning,) = markers.unknown("S99")
    assert "no marker is named 'S99'" in warning and "S10" in warning
