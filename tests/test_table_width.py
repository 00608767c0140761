"""The terminal table fits the terminal: no line wider than it, whatever the number of systems,
every system and every label shown, titles wrapped with their continuation lines indented."""
from __future__ import annotations

import pytest
from rich.cells import cell_len

from pytest_mtchallenge.reporting import build_runs
from pytest_mtchallenge.reporting.table import render_table
from tests.test_gender_bias import results
from tests.test_report import LONG_TITLES, SUITE_ORDER, all_items

SYSTEMS = ["google-translate-2016", "nmt", "pbmt-1", "deepl-pro", "opus-mt-en-fr", "marian-big"]
OUTCOMES = ["pass", "fail", "na", "review", "error"]  # every count a cell can show


def runs_of(count: int):  # type: ignore[no-untyped-def]
    records = []
    for number, system in enumerate(SYSTEMS[:count]):
        for index, item in enumerate(all_items(system=system)):
            item["outcome"] = OUTCOMES[(index + number) % len(OUTCOMES)]
            item["category_title"] = LONG_TITLES[str(item["category"])]
            item["subcategory_title"] = LONG_TITLES[str(item["subcategory"])]
            item["signature"] = "|".join(f"part{n}:{'x' * 12}" for n in range(6)) + f"|system:recorded:{system}"
            records.append(item)
    return build_runs(records)


def label_column(lines: list[str]) -> str:
    """The text of the category / subcategory column, its wrapped lines joined."""
    return " ".join(" ".join(line.replace("┃", "│").split("│")[0].split()) for line in lines)


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("systems", [1, 3, 6])
def test_no_line_exceeds_the_width_and_every_system_and_label_appears(width: int, systems: int) -> None:
    text = render_table(runs_of(systems), width=width, color=False)
    lines = text.splitlines()
    assert max(cell_len(line.rstrip()) for line in lines) <= width, text
    assert "…" not in text  # nothing cut
    for system in SYSTEMS[:systems]:
        assert any(system in line.split() for line in lines), system
    labels = label_column(lines)
    for _, category, subcategory in SUITE_ORDER:
        assert LONG_TITLES[category] in labels and f"{subcategory} {LONG_TITLES[subcategory]}" in labels
    assert sum(line.startswith("Overall") for line in lines) >= 1


@pytest.mark.parametrize("width", [80, 60])
def test_systems_that_do_not_fit_side_by_side_are_wrapped_into_blocks_repeating_the_labels(width: int) -> None:
    lines = render_table(runs_of(6), width=width, color=False).splitlines()
    headers = [line for line in lines if line.startswith("category / subcategory")]
    assert len(headers) > 1
    overall = [line for line in lines if line.startswith("Overall")]
    assert len(overall) == len(headers) and sum(line.count("%") for line in overall) == 6


def test_a_wrapped_subcategory_title_continues_indented() -> None:
    lines = render_table(runs_of(3), width=60, color=False).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("  coordination Syntactically"))
    continuation = lines[first + 1].split("│")[0]
    assert continuation.startswith("      ") and continuation.strip()  # under the title, not at column 0


@pytest.mark.parametrize("width", [80, 60])
def test_winomt_measures_wrap_with_their_continuation_indented(width: int) -> None:
    runs = build_runs([*results("google"), *results("bing"), *results("systran")])
    lines = render_table(runs, width=width, color=False).splitlines()
    assert max(cell_len(line.rstrip()) for line in lines) <= width
    start = next(i for i, line in enumerate(lines) if line.startswith("WinoMT google: Acc 50.0 (5/10),"))
    assert lines[start + 1].startswith("    ")
    measures = " ".join(line.strip() for line in lines[start:])
    assert "ΔG 2.9, ΔS 50.0 (pro 75.0, anti 25.0)" in measures
