"""What a person sees in a real browser (headless Chromium): the HTML report's charts and filters,
and the review page driven by the keyboard. Skipped when no Chromium is installed."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from chromium import INSTALL, Browser, Page, find_chromium
from known_report import ITEMS, OUTCOMES, RATES, known_runs
from review_suite import run_document, write_suite
from pytest_mtchallenge.runs.baseline import compare, runs_from_document
from pytest_mtchallenge.formats.yaml import load_suite, load_verdicts
from pytest_mtchallenge.reporting.html import write
from pytest_mtchallenge.review.server import ReviewServer
from pytest_mtchallenge.review.tasks import Review, pending_tasks
from pytest_mtchallenge.review.verdict_file import VerdictFile
from tests.loopback import serving

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=f"no Chromium to render pages in: {INSTALL}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM is not None
    browser = Browser(CHROMIUM)
    yield browser
    browser.close()


@pytest.fixture
def report(tmp_path: Path, browser: Browser) -> Page:
    runs = known_runs()
    alpha, beta = runs_from_document({"runs": [run.to_dict() for run in runs]}, origin="test")
    path = tmp_path / "report.html"
    write(runs, path, comparisons=[compare(alpha, beta)])
    page = browser.new_page()
    page.goto(path.as_uri())
    return page


def visible_rows(page: Page) -> list[list[str]]:
    return page.evaluate("Array.from(document.querySelectorAll('details.item'))"  # type: ignore[return-value]
                         ".filter(row => row.getClientRects().length > 0)"
                         ".map(row => [row.dataset.system, row.dataset.outcome, row.querySelector('.id').textContent])")


def test_the_bars_have_the_heights_of_the_rates(report: Page) -> None:
    bars = report.evaluate("""Array.from(document.querySelectorAll('svg.chart')).flatMap(svg => {
        const plot = svg.querySelector('rect.plot').getBoundingClientRect();
        return Array.from(svg.querySelectorAll('rect.bar'), bar => {
            const box = bar.getBoundingClientRect();
            return [svg.dataset.group, bar.dataset.system, box.height / plot.height, plot.bottom - box.bottom,
                    getComputedStyle(bar).fill];
        });
    })""")
    assert isinstance(bars, list) and len(bars) == len(RATES)
    for group, system, share, gap, fill in bars:
        assert share == pytest.approx(RATES[(system, group)], abs=0.01), (group, system)
        assert abs(gap) < 0.5  # standing on the axis
        assert fill != "none"
    colours = {system: fill for _, system, _, _, fill in bars}
    assert len(set(colours.values())) == 2
    assert report.errors == []


def test_filters_change_the_visible_rows(report: Page) -> None:
    assert len(visible_rows(report)) == len(ITEMS) * 2
    assert report.evaluate("document.querySelector('output.shown').textContent") == "12 of 12 shown"
    report.click("input[name=outcome][value=fail]")
    rows = visible_rows(report)
    assert len(rows) == 12 - sum(outcomes.count("fail") for outcomes in OUTCOMES.values())
    assert all(outcome != "fail" for _, outcome, _ in rows)
    report.click("input[name=system][value=beta]")
    rows = visible_rows(report)
    assert {system for system, _, _ in rows} == {"alpha"} and len(rows) == 5
    assert report.evaluate("document.querySelector('output.shown').textContent") == "5 of 12 shown"
    report.evaluate("(() => { const box = document.querySelector('input[name=q]'); box.value = 'M2';"
                    " box.dispatchEvent(new Event('input', {bubbles: true})); })()")
    assert [row[2] for row in visible_rows(report)] == ["M2a"]  # alpha's M2b failed: hidden
    assert report.errors == []


def test_one_items_outputs_stand_one_under_the_other_and_filters_hide_emptied_items(report: Page) -> None:
    rows = report.evaluate("""Array.from(document.querySelectorAll('.item-group[data-item=M1a] details.item'), row => {
        const box = row.querySelector('.output').getBoundingClientRect();
        return [row.dataset.system, box.left, box.top, box.bottom];
    })""")
    (alpha, left_a, _, bottom_a), (beta, left_b, top_b, _) = rows  # type: ignore[misc]
    assert (alpha, beta) == ("alpha", "beta")
    assert left_a == left_b and 0 <= top_b - bottom_a < 12  # the same column, the next line
    source = report.evaluate("document.querySelector('.item-group[data-item=M1a] dd.source')"
                             ".getBoundingClientRect().left")
    assert source == left_a  # the source reads against the outputs
    visible_groups = ("Array.from(document.querySelectorAll('.item-group'))"
                      ".filter(g => g.getClientRects().length > 0).map(g => g.dataset.item)")
    report.click("input[name=outcome][value=pass]")  # leaves fail, n/a, review: M1b..S1a have no other outcome
    assert report.evaluate(visible_groups) == ["M1a", "M1b", "M2b", "S1b"]
    assert report.evaluate("document.querySelector('output.shown').textContent") == "5 of 12 shown"
    assert report.errors == []


def test_an_item_opens_from_the_comparison(report: Page) -> None:
    report.click(".changes.down a")  # the regression: alpha's S1b
    opened = report.wait_until("Array.from(document.querySelectorAll('details.item[open]'), d => "
                               "[d.dataset.system, d.querySelector('.id').textContent, d.querySelector('dd.reason')"
                               ".getClientRects().length > 0])")
    assert opened == [["alpha", "S1b", True]]
    assert report.errors == []


def test_an_item_row_has_a_marker_and_opens_from_the_keyboard(report: Page) -> None:
    marker = ("(() => { const s = document.querySelector('details.item summary');"
              " const m = getComputedStyle(s, '::before');"
              " return [m.content, s.getBoundingClientRect().width > 0 && m.width !== '0px']; })()")
    closed, shown = report.evaluate(marker)  # type: ignore[misc]
    assert "▸" in closed and shown
    report.evaluate("document.querySelector('details.item summary').focus()")
    assert report.evaluate("document.activeElement.matches('details.item summary')")
    report.press("Enter")
    assert report.wait_until("document.querySelector('details.item').open")
    assert "▾" in report.evaluate(marker)[0]  # type: ignore[index]
    report.press(" ")
    assert report.wait_until("!document.querySelector('details.item').open")
    assert report.errors == []


def test_a_long_subcategory_title_wraps_within_its_card(tmp_path: Path, browser: Browser) -> None:
    title = "Agreement of the past participle with a preceding direct object across a relative clause"
    path = tmp_path / "report.html"
    write(known_runs(titles={"M1": title}), path)
    page = browser.new_page()
    page.goto(path.as_uri())
    shown = page.evaluate("""(() => {
        const chart = document.querySelector('svg.chart[data-group=M1]');
        const caption = chart.closest('figure').querySelector('figcaption b');
        const card = chart.closest('figure').getBoundingClientRect(), box = caption.getBoundingClientRect();
        return [caption.textContent, caption.scrollWidth <= caption.clientWidth, box.right <= card.right,
                box.height / parseFloat(getComputedStyle(caption).lineHeight || '16')];
    })()""")
    text, fits, inside, lines = shown  # type: ignore[misc]
    assert text == title and fits and inside
    assert lines > 2  # wrapped over several lines, not cut
    assert page.errors == []


def test_the_page_requests_nothing_but_itself(report: Page) -> None:
    assert len(report.requests) == 1 and report.requests[0].startswith("file://")


def test_a_reviewer_answers_with_the_keyboard(tmp_path: Path, browser: Browser) -> None:
    suite = load_suite(write_suite(tmp_path))
    file = VerdictFile(tmp_path / "mine.yaml", suite=suite.name, item_ids=[i.id for i in suite.items])
    with serving(ReviewServer(Review(pending_tasks(run_document(), suite), file), title=suite.title)) as server:
        page = browser.new_page()
        page.goto(server.url)
        assert page.wait_until("document.getElementById('item-id').textContent") == "H1a"
        page.press("y")  # no name yet: nothing is recorded, the page asks for one
        assert "Type your name" in str(page.evaluate("document.getElementById('status').textContent"))
        assert not file.path.exists()
        page.evaluate("(() => { const box = document.getElementById('annotator'); box.value = 'Ana';"
                      " box.dispatchEvent(new Event('change')); box.blur(); })()")
        page.wait_until("document.getElementById('progress-text').textContent.startsWith('0 of 5')")
        for key, item in (("y", "H1b"), ("n", "H1b"), ("s", "H1c"), ("a", "H1d")):
            page.press(key)
            assert page.wait_until(f"document.getElementById('item-id').textContent === {json.dumps(item)}"
                                   " && !document.getElementById('status').textContent.startsWith('saving')")
        page.wait_until("document.getElementById('progress-text').textContent.startsWith('3 of 5')")
        assert page.evaluate("document.getElementById('progress-text').textContent") == "3 of 5 answered, 1 skipped"
        recorded = load_verdicts(file.path, {i.id for i in suite.items})
        assert [(v.item, v.verdict, v.annotator) for v in recorded] == [
            ("H1a", "yes", "Ana"), ("H1b", "no", "Ana"), ("H1c", "na", "Ana")]
        page.press("ArrowLeft")
        page.press("ArrowLeft")
        assert page.evaluate("document.getElementById('item-id').textContent") == "H1b"
        assert page.evaluate("document.querySelector('#references mark').textContent") == "cassé sa pipe"
        assert page.errors == []


def test_a_hostile_title_and_outputs_leave_the_review_page_working(tmp_path: Path, browser: Browser) -> None:
    suite = load_suite(write_suite(tmp_path))
    document = run_document()
    document["runs"][0]["items"][0]["output"] = "</script><img src=x onerror=alert(1)> \u2028 \ud800"  # type: ignore[index]
    file = VerdictFile(tmp_path / "mine.yaml", suite=suite.name, item_ids=[i.id for i in suite.items])
    title = "<!--<script> </script><script>document.title='owned'</script>"
    with serving(ReviewServer(Review(pending_tasks(document, suite), file), title=title)) as server:
        page = browser.new_page()
        page.goto(server.url)
        assert page.wait_until("document.getElementById('item-id').textContent") == "H1a"
        assert page.evaluate("document.getElementById('title').textContent") == f"Review: {title}"
        assert page.evaluate("document.querySelectorAll('img').length") == 0
        assert page.errors == []
