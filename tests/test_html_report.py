"""The HTML report: one self-contained page with the category table, bar charts, comparison and items."""
from __future__ import annotations

from dataclasses import replace
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from known_report import ITEMS, OUTCOMES, RATES, known_runs
from pytest_mtchallenge.runs.baseline import GateVerdict, compare, runs_from_document
from pytest_mtchallenge.reporting import Tally, report_format, write_report
from pytest_mtchallenge.reporting.html import PLOT_HEIGHT, render


class Elements(HTMLParser):
    """Every start tag with its attributes, and the page's text."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def find(self, tag: str, **attributes: str) -> list[dict[str, str]]:
        return [attrs for name, attrs in self.tags if name == tag
                and all(value in attrs.get(key.replace("_", "-"), "").split() or attrs.get(key.replace("_", "-")) == value
                        for key, value in attributes.items())]


def charts(page: str) -> dict[str, dict[str, dict[str, str]]]:
    """group → system → the bar's attributes (in document order, category charts first)."""
    found: dict[str, dict[str, dict[str, str]]] = {}
    group = ""
    for tag, attrs in Elements(page).tags:
        if tag == "svg" and "chart" in attrs.get("class", ""):
            group = attrs["data-group"]
            found.setdefault(group, {})
        if tag == "rect" and attrs.get("class") == "bar":
            found[group][attrs["data-system"]] = attrs
    return found


def style_rules(page: str) -> dict[str, str]:
    """Selector → declarations of the page's style sheet, outside @media blocks."""
    sheet = re.sub(r"/\*.*?\*/", "", page[page.index("<style>") + 7:page.index("</style>")], flags=re.S)
    sheet = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", sheet)
    return {selector.strip(): body.strip() for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", sheet)
            for selector in selectors.split(",")}


def test_html_is_a_report_format_chosen_by_extension_or_prefix() -> None:
    assert report_format("out/report.html") == ("html", Path("out/report.html"))
    assert report_format("html:report.txt") == ("html", Path("report.txt"))


def test_every_category_and_subcategory_has_one_bar_per_system_with_its_rate() -> None:
    found = charts(render(known_runs()))
    assert set(found) == {"overall", "morpho", "syntax", "M1", "M2", "S1"}
    for group, bars in found.items():
        assert list(bars) == ["alpha", "beta"], group
        for system, bar in bars.items():
            rate = RATES[(system, group)]
            assert float(bar["data-rate"]) == pytest.approx(rate, abs=1e-6)
            assert float(bar["height"]) == pytest.approx(rate * PLOT_HEIGHT, abs=0.01)
            plot_bottom = float(bar["y"]) + float(bar["height"])
            assert plot_bottom == pytest.approx(10 + PLOT_HEIGHT, abs=0.01)  # bars stand on the axis


def test_each_system_keeps_one_colour_in_legend_charts_and_table() -> None:
    page = render(known_runs())
    found = charts(page)
    colours = {system: bar["fill"] for system, bar in found["overall"].items()}
    assert len(set(colours.values())) == 2
    assert all(bar["fill"] == colours[system] for bars in found.values() for system, bar in bars.items())
    assert f'background:{colours["alpha"]}"></span>alpha' in page


def test_the_table_shows_rates_wilson_intervals_and_counts() -> None:
    page = render(known_runs())
    text = " ".join("".join(Elements(page).text).split())
    # alpha's morpho row: 3 of 4, Wilson [30–95]; beta's 1 of 4 with one n/a.
    assert "75% [30–95] 3/4" in text
    assert "25% [5–70] 1/4 1 n/a" in text
    assert "67% [30–90] 4/6 1 review" in text  # alpha overall
    low, high = Tally.of_outcomes(["pass"] * 4 + ["fail", "review"]).interval  # type: ignore[misc]
    assert f"[{low * 100:.0f}–{high * 100:.0f}]" == "[30–90]"


def test_every_item_has_a_drill_down_row_that_filters_can_hide() -> None:
    page = render(known_runs())
    elements = Elements(page)
    rows = elements.find("details", **{"class": "item"})
    assert len(rows) == len(ITEMS) * len(OUTCOMES)
    assert [(r["data-system"], r["data-outcome"]) for r in rows] == [  # grouped by item, in suite order
        (system, OUTCOMES[system][index]) for index in range(len(ITEMS)) for system in OUTCOMES]
    boxes = elements.find("input", type="checkbox")
    assert {b["value"] for b in boxes if b["name"] == "outcome"} == {"pass", "fail", "na", "review"}
    assert {b["value"] for b in boxes if b["name"] == "system"} == {"alpha", "beta"}
    text = " ".join(elements.text)
    for field in ("source of M1a", "référence de M1a", "sortie de beta pour M1a", "reason fail M1a", "Is M1a right?"):
        assert field in text


def test_the_page_is_self_contained_and_forbids_requests() -> None:
    page = render(known_runs())
    elements = Elements(page)
    policy = elements.find("meta", http_equiv="Content-Security-Policy")
    assert policy and "default-src 'none'" in policy[0]["content"]
    assert not elements.find("link") and not elements.find("img")
    assert not [attrs for _, attrs in elements.tags if attrs.get("src")]
    assert not [attrs for _, attrs in elements.tags if attrs.get("href", "#").split(":")[0] in ("http", "https", "//")]


def test_outputs_are_escaped() -> None:
    hostile = '<script>alert("x")</script> & « guillemets »'
    page = render(known_runs(output_of={("alpha", "M1a"): hostile}))
    assert hostile not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; « guillemets »" in page
    assert page.count("<script>") == 1  # the page's own


def test_suite_labels_name_the_outcomes() -> None:
    runs = [replace(run, labels={"pass": "Good", "fail": "Bad"}) for run in known_runs()]
    page = render(runs)
    assert '<span class="badge pass">Good</span>' in page and '<span class="badge fail">Bad</span>' in page


def test_a_rate_of_nothing_decided_has_no_bar() -> None:
    runs = known_runs()
    undecided = replace(runs[0], overall=Tally.of_outcomes(["na", "review"], basis="decided"))
    found = charts(render([undecided, runs[1]]))
    assert "alpha" not in found["overall"] and "beta" in found["overall"]


def test_a_comparison_lists_regressions_and_improvements_linked_to_items() -> None:
    runs = known_runs()
    documents = runs_from_document({"runs": [run.to_dict() for run in runs]}, origin="test")
    alpha, beta = documents
    comparison = compare(alpha, beta)  # alpha now, beta as the baseline
    assert comparison.regressions == ("S1b",) and comparison.improvements == ("M1a", "M1b")
    page = render(runs, comparisons=[comparison])
    elements = Elements(page)
    anchors = {row["id"]: row for row in elements.find("details", **{"class": "item"})}
    links = [attrs["href"] for tag, attrs in elements.tags if tag == "a" and attrs.get("href", "").startswith("#item-")]
    assert len(links) == 6  # each changed item named in its list, and again in the side-by-side table
    assert len(set(links)) == 3
    linked = [anchors[href[1:]] for href in links]
    assert {(row["data-system"], row["data-outcome"]) for row in linked} == {("alpha", "review"), ("alpha", "pass")}
    text = " ".join("".join(elements.text).split())
    assert "Regressions (passed in the baseline, not now): 1 S1b" in text
    assert "Improvements (passed now, not in the baseline): 2 M1a, M1b" in text
    assert "50% → 67% (+16.7 points)" in text
    assert "Agreement M1" in text  # subcategory changes are named by title
    tables = [attrs for tag, attrs in elements.tags if tag == "table" and attrs.get("class") == "side-by-side"]
    assert len(tables) == 2  # the regressions' and the improvements'
    regression = comparison.detail("S1b")
    assert regression is not None and regression.before_outcome == "pass" and regression.after_outcome != "pass"
    assert regression.before_output and regression.before_output in page  # the baseline's output beside the new


def test_meta_evaluation_figures_are_shown() -> None:
    evaluation = {"overall": {"total": 10, "decided": 8, "agreed": 6, "coverage": 0.8, "agreement": 0.75},
                  "subcategories": [{"suite": "demo", "subcategory": "M1", "total": 10, "decided": 8, "agreed": 6,
                                     "coverage": 0.8, "agreement": 0.75}]}
    text = " ".join("".join(Elements(render(known_runs(), meta_evaluation=evaluation)).text).split())
    assert "the checkers decide 80% of them and agree with the annotators on 75% of those" in text


def test_write_report_writes_the_page(tmp_path: Path) -> None:
    path = tmp_path / "out" / "report.html"
    write_report("html", known_runs(), path)
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and page.rstrip().endswith("</html>")
    assert not list(path.parent.glob("*.tmp"))


def test_signatures_and_usage_are_shown() -> None:
    runs = [replace(run, usage={"prompt_tokens": 1234, "requests": 6}) if run.system == "beta" else run
            for run in known_runs()]
    text = " ".join("".join(Elements(render(runs)).text).split())
    assert "usage beta: 1,234 prompt tokens, 6 requests" in text and "usage alpha" not in text


def test_a_failed_gate_is_shown_first_with_the_rules_that_tripped() -> None:
    tripped = ("demo [alpha]: overall:2% — overall rate fell by 3.1 points (80% → 77%)",
               "demo [alpha]: items:0 — 1 items newly fail: <S1b>")
    page = render(known_runs(), gate=GateVerdict(rules="overall:2%,items:0", baseline="0003_a&b.json",
                                                 violations=tripped))
    gate = page.index('<div class="gate failed">')
    assert gate < page.index("</header>") < page.index('<section class="suite"')  # at the top
    banner = page[gate:page.index("</div>", gate)]
    assert "".join(Elements(banner).text).startswith(
        "✗ Release gate: FAILED (rules overall:2%,items:0 against 0003_a&b.json):")
    assert f"<li>{tripped[0]}</li>" in banner  # each tripped rule in words
    assert "1 items newly fail: &lt;S1b&gt;" in page and "0003_a&amp;b.json" in page  # escaped


def test_a_gate_that_holds_says_so_and_no_gate_shows_nothing() -> None:
    page = render(known_runs(), gate=GateVerdict(rules="overall:2%", baseline="base.json"))
    text = " ".join("".join(Elements(page).text).split())
    assert "✓ Release gate: PASSED (rules overall:2% against base.json): no rule tripped" in text
    assert 'class="gate' not in render(known_runs())


def test_an_item_row_shows_a_marker_that_turns_when_it_opens() -> None:
    rules = style_rules(render(known_runs()))
    # The summary is a grid, which drops the browser's own triangle: the page draws one.
    assert "display: grid" in rules["details.item summary"] and "list-style: none" in rules["details.item summary"]
    assert 'content: "▸"' in rules["details.item summary::before"]
    assert 'content: "▾"' in rules["details.item[open] summary::before"]
    assert "outline" in rules["details.item summary:focus-visible"]  # where the keyboard is


def item_groups(page: str) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Each item block: its id, and (system, outcome, output) of each row in it."""
    found = []
    for block in page.split('<div class="item-group"')[1:]:
        elements = Elements("<div" + block.split("</section>")[0])
        rows = [(row["data-system"], row["data-outcome"]) for row in elements.find("details", **{"class": "item"})]
        outputs = re.findall(r'<span class="output">([^<]*)</span>', block)
        found.append((elements.tags[0][1]["data-item"],
                      [(system, outcome, output) for (system, outcome), output in zip(rows, outputs)]))
    return found


def test_the_outputs_of_one_item_are_side_by_side_under_what_the_systems_were_given() -> None:
    page = render(known_runs(output_of={("beta", "S1a"): "<b>trop</b> & « plus »"}))
    groups = item_groups(page)
    assert [item for item, _ in groups] == [item for item, _, _ in ITEMS]  # suite order
    for index, (item, rows) in enumerate(groups):
        expected = {("beta", "S1a"): "&lt;b&gt;trop&lt;/b&gt; &amp; « plus »"}
        assert rows == [(system, OUTCOMES[system][index],
                         expected.get((system, item), f"sortie de {system} pour {item}")) for system in OUTCOMES]
    # What every system was given is shown once per item, not once per output.
    assert page.count(">source of M1a<") == 1 and page.count(">référence de M1a<") == 1
    assert page.count(">Is M1a right?<") == 1


LONG_TITLE = "Agreement of the past participle with a preceding direct object across a relative clause"


def test_a_long_chart_title_is_written_whole_and_may_wrap() -> None:
    page = render(known_runs(titles={"M1": LONG_TITLE}))
    caption = re.search(r'<figcaption><b>([^<]*)</b><span class="muted">M1 · 2 items</span></figcaption>', page)
    assert caption and caption.group(1) == LONG_TITLE  # in the text, not only in a tooltip
    rule = style_rules(page)[".card figcaption b"]
    assert "nowrap" not in rule and "ellipsis" not in rule and "overflow: hidden" not in rule
