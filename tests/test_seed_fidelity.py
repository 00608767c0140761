"""The bundled English–French suite equals Appendix B of the seed, apart from documented corrections."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite

SEED = Path(__file__).resolve().parents[1].parent / "shared" / "seeds" / "000_86d00dca61a8dfe1.txt"
FIELD = re.compile(r"^\s*(?:(S\d+[a-z]\d?)\s+)?(Source|Ref|PBMT-1|NMT|Google)\s+(.*)$")
SYSTEMS = {"PBMT-1": "pbmt-1", "NMT": "nmt", "Google": "google-2016"}


def parse_appendix(text: str) -> dict[str, dict[str, str]]:
    appendix = text[text.index("B Challenge Set"):]
    items: dict[str, dict[str, str]] = {}
    current: dict[str, str] = {}
    for line in appendix.splitlines():
        match = FIELD.match(line)
        if not match:
            continue
        item_id, field, value = match.groups()
        if item_id:
            current = items.setdefault(item_id, {})
        current[field] = value.strip()
    return items


def plain(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def without_space_before_punctuation(text: str) -> str:
    return re.sub(r"\s+([.?!,])", r"\1", plain(text))


@pytest.fixture(scope="module")
def seed_items() -> dict[str, dict[str, str]]:
    if not SEED.exists():
        pytest.skip(f"the seed publication is not available at {SEED}")
    return parse_appendix(SEED.read_text(encoding="utf-8"))


def test_every_item_of_the_appendix_is_in_the_suite(seed_items: dict[str, dict[str, str]]) -> None:
    suite = load_suite(bundled_suites()["isabelle2017-en-fr"])
    assert len(seed_items) == 108
    assert [i.id for i in suite.items] == list(seed_items)


@pytest.mark.parametrize("field", ["Source", "Ref", "PBMT-1", "NMT", "Google"])
def test_texts_equal_the_seed_or_the_correction_is_documented(seed_items: dict[str, dict[str, str]], field: str) -> None:
    suite = load_suite(bundled_suites()["isabelle2017-en-fr"])
    mismatches = []
    for item in suite.items:
        seed = seed_items[item.id][field]
        if field in SYSTEMS:
            seed = seed.rstrip("✓✗ ").strip()
            ours = suite.systems[SYSTEMS[field]].outputs[item.id]
            label = f"{field} output"
        else:
            ours = item.source if field == "Source" else item.reference
            label = "Source" if field == "Source" else "Reference"
        if plain(ours) == plain(seed):
            continue
        documented_spacing = f"{label}: space before final punctuation removed" in item.notes
        if documented_spacing and plain(ours) == without_space_before_punctuation(seed):
            continue
        if f"{label} corrected" in item.notes:
            continue
        mismatches.append((item.id, seed, ours))
    assert mismatches == []


def test_recorded_verdicts_are_the_majority_marks(seed_items: dict[str, dict[str, str]]) -> None:
    suite = load_suite(bundled_suites()["isabelle2017-en-fr"])
    for verdict in suite.verdicts:
        field = next(k for k, v in SYSTEMS.items() if v == verdict.system)
        mark = seed_items[verdict.item][field][-1]
        assert verdict.verdict == {"✓": "yes", "✗": "no"}[mark], verdict.item
