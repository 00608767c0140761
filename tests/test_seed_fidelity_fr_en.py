"""The French–English suite equals the examples of Isabelle & Kuhn (2018), apart from documented
corrections and marked project additions."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.formats.yaml import load_suite

SUITE_DIR = Path(__file__).resolve().parents[1] / "suites" / "isabelle-kuhn2018-fr-en"
SEED = Path(__file__).resolve().parents[1].parent / "shared" / "seeds" / "001_8ed40275570221b7.txt"
ADDITION = "Project addition, not in the paper"
# A correction quotes what the text conversion (or the paper itself) reads.
QUOTED = re.compile(r'(?:conversion|paper) reads "(.*?)"')
# How far after its source the paper prints an item's reference ("Src \rightarrow Ref", Figure 1's Src/Ref lines).
NEAR = 300
CATEGORIES = ["morpho_syntactic", "lexico_syntactic", "syntactic", "lexical"]


def plain(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def seed() -> str:
    if not SEED.exists():
        pytest.skip(f"the seed publication is not available at {SEED}")
    return plain(SEED.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def suite() -> Suite:
    checkers = builtin_checkers()
    return load_suite(SUITE_DIR, checkers=checkers,
                      validate_params=lambda name, params: checkers[name].parse_params(params))


def test_suite_loads_with_the_four_categories_of_table_3(suite: Suite) -> None:
    assert [c.id for c in suite.categories] == CATEGORIES
    assert [c.title for c in suite.categories] == ["Morpho-syntactic", "Lexico-syntactic", "Purely syntactic",
                                                   "Purely lexical"]
    assert len(suite.subcategories) == 30
    assert all(s.item_ids for s in suite.subcategories.values())
    assert set(suite.systems) == {"paper-figure1"}


def test_subcategory_titles_are_those_of_table_3(suite: Suite, seed: str) -> None:
    table = seed[seed.index("Category Subcategory #"):seed.index("Table 3:")]
    positions = []
    for sub in suite.subcategories.values():
        title = sub.title.replace("→", "\\rightarrow")
        assert title in table, sub.id
        positions.append(table.index(title))
    assert positions == sorted(positions), "subcategories follow the order of Table 3"


def test_sources_and_references_equal_the_seed_or_the_correction_is_documented(suite: Suite, seed: str) -> None:
    problems = []
    for item in suite.items:
        if ADDITION in item.notes:
            if item.source in seed:
                problems.append((item.id, "a project addition that the paper does contain", item.source))
            continue
        corrected = item.notes.count("corrected:")
        for quoted in QUOTED.findall(item.notes):
            if plain(quoted) not in seed:
                problems.append((item.id, "a quoted reading that is not in the seed", quoted))
        source_at = seed.find(plain(item.source))
        if source_at < 0 and "Source corrected" in item.notes and corrected:
            # The corrected source stands where the seed prints what the note quotes.
            source_at = seed.find(plain(QUOTED.findall(item.notes)[0]))
        elif source_at < 0:
            problems.append((item.id, "source", item.source))
        for reference in item.references:
            found = seed.find(plain(reference), max(source_at, 0))
            near = source_at >= 0 and 0 <= found - source_at <= NEAR
            documented = re.search(r"References? corrected", item.notes) is not None and corrected
            if not near and not documented:
                problems.append((item.id, "reference (not printed right after the source)", reference))
    assert problems == []


def test_every_correction_is_noted(suite: Suite) -> None:
    """Items whose texts differ from the seed say so; the others carry no stray correction note."""
    for item in suite.items:
        if "corrected:" in item.notes:
            assert QUOTED.search(item.notes), f"{item.id}: a correction quotes what the seed reads"


def test_figure_1_outputs_and_verdicts(suite: Suite, seed: str) -> None:
    figure = seed[seed.index("Src La femme"):seed.index("Figure 1:")]
    outputs = suite.systems["paper-figure1"].outputs
    for item_id, output in outputs.items():
        assert f"Sys {plain(output)}" in figure, item_id
    recorded = {(v.item, v.output): v.verdict for v in suite.verdicts if v.system == "paper-figure1"}
    assert recorded == {("PP5", outputs["PP5"]): "yes", ("PP6", outputs["PP6"]): "no"}


def test_paper_alternatives_are_the_asterisked_and_listed_ones(suite: Suite, seed: str) -> None:
    assert {v.system for v in suite.verdicts} == {"paper-acceptable", "paper-unacceptable", "paper-figure1"}
    for verdict in suite.verdicts:
        if verdict.system == "paper-acceptable":
            assert verdict.verdict == "yes"
            assert verdict.output in suite.item(verdict.item).references, verdict
        elif verdict.system == "paper-unacceptable":
            assert verdict.verdict == "no"
            assert verdict.output not in suite.item(verdict.item).references, verdict
    unacceptable = sorted(v.item for v in suite.verdicts if v.system == "paper-unacceptable")
    assert unacceptable == ["CM1", "CS2", "CV1", "CV2", "SV1", "SV2", "TC1", "TP1", "TP2"]
    # The English asterisks of the seed: nine marked alternatives (the two factitive ones mark French).
    starred = re.findall(r"\*(\w+)", seed[seed.index("2.1 Morpho-Syntactic"):seed.index("2.5 Our New")])
    english = [w for w in starred if w not in ("fondu", "explosé", "make")]
    assert len(english) == len(unacceptable)
