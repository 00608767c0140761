"""The English–Czech suite equals examples (1)-(15) and Table 2 of Cinková & Bojar (2018), apart from
documented corrections and marked project items."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.model import Suite

ROOT = Path(__file__).resolve().parents[1]
SUITE_DIR = ROOT / "suites" / "cinkova-bojar2018-en-cs"
SEED = ROOT.parent / "shared" / "seeds" / "003_9650c2369ac516a7.txt"
PROJECT = "Project item (not in the paper)."
# A correction quotes what the text conversion reads.
QUOTED = re.compile(r'conversion reads "(.*?)"(?: \(|;|$)')
EXAMPLE = re.compile(r"Example \((\d+)\)")
PAIRS = {
    "EN-gerund": ["EN-gerund-CS-finclause", "EN-gerund-CS-nofinclause"],
    "EN-control": ["EN-control-CS-nofinclause", "EN-control-CS-finclause", "EN-control-CS-subjunctclause"],
}
EXPECTED = {"finclause": "finclause", "nofinclause": "nofinclause", "subjunctclause": "subjunctclause"}


def plain(text: str) -> str:
    """The seed's text without its markup: bold and italic asterisks, the brackets of examples (8)
    and (9), and runs of whitespace."""
    return " ".join(re.sub(r"\*+|[\[\]]", "", text).split())


@pytest.fixture(scope="module")
def seed() -> str:
    if not SEED.exists():
        pytest.skip(f"the seed publication is not available at {SEED}")
    return SEED.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def suite() -> Suite:
    checkers = builtin_checkers()
    return load_suite(SUITE_DIR, checkers=checkers,
                      validate_params=lambda name, params: checkers[name].parse_params(params))


def test_the_five_pairs_of_table_2_in_two_categories_with_five_items_each(suite: Suite, seed: str) -> None:
    assert {c.id: list(c.subcategory_ids) for c in suite.categories} == PAIRS
    table = seed[seed.index("Total\tBad\tGood\tUnk"):seed.index("Table 2:")]
    for pair, subcategory in suite.subcategories.items():
        assert subcategory.title == pair and f"\n{pair}\t" in table
        assert len(subcategory.item_ids) >= 5, pair
        assert subcategory.params["expected"] == pair.rsplit("-", 1)[1]


def test_the_suite_declares_good_bad_unknown_and_good_over_good_plus_bad(suite: Suite) -> None:
    assert dict(suite.labels) == {"pass": "Good", "fail": "Bad", "na": "Unknown"}
    assert suite.rate == "decided"
    assert suite.source_language == "en" and suite.target_language == "cs"
    assert "Cinková" in suite.citation and "Bojar" in suite.citation and "2018" in suite.citation


def test_examples_1_to_15_are_items_and_12_is_the_alternative_of_11(suite: Suite, seed: str) -> None:
    numbers = []
    for item in suite.items:
        numbers += [int(n) for n in EXAMPLE.findall(item.notes)[:1]]
    assert sorted(numbers) == [n for n in range(1, 16) if n != 12]
    strike = suite.item("CN2")
    assert "Example (11)" in strike.notes and "example (12)" in strike.notes
    assert len(strike.references) == 2
    assert plain(strike.references[1]) in plain(seed[seed.index("- (12)"):seed.index("2.2.2")])


def test_texts_equal_the_seed_or_their_correction_is_quoted(suite: Suite, seed: str) -> None:
    text = plain(seed)
    problems = []
    for item in suite.items:
        if PROJECT in item.notes:
            if plain(item.source) in text:
                problems.append((item.id, "a project item that the paper does contain"))
            continue
        quoted = QUOTED.findall(item.notes)
        for quote in quoted:
            if plain(quote) not in text:
                problems.append((item.id, "a quoted reading that is not in the seed", quote))
        number = int(EXAMPLE.findall(item.notes)[0])
        start = text.index(f"({number})")
        following = re.search(rf"\({number + 1}\)|Figure 1:", text[start + 3:])
        example = text[start:start + 3 + following.start()] if following else text[start:]
        for what, value in [("source", item.source), *(("reference", r) for r in item.references[:1])]:
            corrected = f"{what.capitalize()} corrected" in item.notes and quoted
            if plain(value) not in example and not corrected:
                problems.append((item.id, what, value))
    assert problems == []


def test_the_corrections_restore_czech_diacritics_and_the_dollar_sign(suite: Suite, seed: str) -> None:
    assert "Kanad'an ukončil" in seed and suite.item("GN4").reference.startswith("Kanaďan ukončil")
    assert "gained \\$2.75" in seed and "gained $2.75" in suite.item("CF1").source
    for item_id in ("GN6", "GN7"):
        assert "[" not in suite.item(item_id).source + suite.item(item_id).reference


def test_project_items_are_marked_and_every_item_says_where_it_comes_from(suite: Suite) -> None:
    for item in suite.items:
        assert (PROJECT in item.notes) != bool(EXAMPLE.search(item.notes)), item.id
        assert item.params["keyword"].lower() in item.source.lower(), item.id
        assert item.source_locus and item.locus, item.id


def test_the_readme_quotes_table_2_as_printed(seed: str) -> None:
    readme = (SUITE_DIR / "README.md").read_text(encoding="utf-8")
    rows = [line.split("\t") for line in seed.splitlines() if line.startswith("EN-")]
    assert len(rows) == 45
    for row in rows:
        cells = " | ".join(row)
        assert f"| {cells} |" in readme, row[:2]
    quoted = [line for line in readme.splitlines() if line.startswith("| EN-") and line.count("|") == 12]
    assert len(quoted) == 45
    for line in quoted:
        cells = [c.strip() for c in line.strip("|").split("|")]
        bad, good = (float(c.lstrip("∧")) for c in cells[3:5])
        assert float(cells[10]) == pytest.approx(100 * good / (good + bad), abs=0.06), cells[:2]
