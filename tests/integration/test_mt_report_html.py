"""--mt-report=report.html: the HTML report of a real run, with a comparison against a saved run."""
from __future__ import annotations

import re
from pathlib import Path

import pytest


def bars(page: str) -> dict[str, list[tuple[str, float]]]:
    """Chart group → (system, rate) of each bar, in page order."""
    found: dict[str, list[tuple[str, float]]] = {}
    for group, body in re.findall(r'<svg class="chart"[^>]*data-group="([^"]+)">(.*?)</svg>', page):
        found[group] = [(system, float(rate)) for system, rate in
                        re.findall(r'<rect class="bar"[^>]*data-system="([^"]+)" data-rate="([^"]+)"', body)]
    return found


def test_the_bundled_suite_gives_three_categories_by_three_systems(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-judge=human", "--mt-report=out/r.html")
    result.stdout.fnmatch_lines(["*report written to out/r.html*"])
    page = (pytester.path / "out" / "r.html").read_text(encoding="utf-8")
    charts = bars(page)
    categories = ["morpho_syntactic", "lexico_syntactic", "syntactic"]
    assert list(charts)[:4] == ["overall", *categories]
    assert all([system for system, _ in charts[c]] == ["google-2016", "nmt", "pbmt-1"] for c in categories)
    assert charts["overall"] == [("google-2016", pytest.approx(72 / 108)), ("nmt", pytest.approx(54 / 108)),
                                 ("pbmt-1", pytest.approx(32 / 108))]
    assert len(charts) == 1 + 3 + 26
    assert page.count('<details class="item"') == 324


def test_a_comparison_shows_regressions_and_improvements(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.runpytest(str(mini_suite.parent), "--mt-save=base.json", "--mt-judge=human")
    pytester.runpytest(str(mini_suite.parent), "--mt-compare=base.json", "--mt-report=r.html")
    page = (pytester.path / "r.html").read_text(encoding="utf-8")
    assert "Against the baseline" in page
    # human judge: only T1b (recorded yes) passed; the checkers now also pass M1b.
    assert re.search(r"Improvements \(passed now, not in the baseline\): 1</b> <a href=\"#item-[\d-]+\">M1b</a>", page)
    assert "Regressions (passed in the baseline, not now): 0</b> none" in page


def test_a_partial_run_says_so_above_its_figures(pytester: pytest.Pytester) -> None:
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:nmt", "--mt-judge=human", "-m", "S1",
                       "--mt-report=r.html", "-q")
    page = pytester.path.joinpath("r.html").read_text(encoding="utf-8")
    assert '<p class="selection"><b>Partial run:</b> 3 of 108 items selected by -m S1: the figures are for these ' \
           'items only</p>' in page
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:nmt", "--mt-judge=human",
                       "--mt-report=whole.html", "-q")
    assert 'class="selection"' not in pytester.path.joinpath("whole.html").read_text(encoding="utf-8")


def test_lone_surrogates_in_a_suite_are_escaped_and_every_file_is_written(pytester: pytest.Pytester) -> None:
    """A TQ-AutoTest source, category and phenomenon may hold a lone surrogate (a JSON escape such as
    ``\\ud800``): the page writes it as that escape, as the JSON report does, and the saved run is
    written too (issue 25, 6: the page's UnicodeEncodeError left a 0-byte .tmp and no saved run)."""
    import json

    items = [{"id": str(n), "langpair": "deen", "category": "Kategorie \ud800", "phenomenon": "Ph\udfffnomen",
              "source_sentence": f"Satz \udbff {n}.", "positive_regex": "ok", "negative_regex": "",
              "positive_tokens": [], "negative_tokens": []} for n in range(2)]
    (pytester.path / "x.items.json").write_text(json.dumps({"items": items}), encoding="ascii")
    outputs = [json.dumps({"id": str(n), "output": "Das ist ok."}) for n in range(2)]
    (pytester.path / "out.jsonl").write_text("\n".join(outputs) + "\n", encoding="utf-8")
    result = pytester.runpytest("x.items.json", "--mt-system=file:out.jsonl", "--mt-report=r.html",
                                "--mt-report=r.json", "--mt-save=saved.json")
    assert "INTERNALERROR" not in result.stdout.str() and "could not be written" not in result.stdout.str()
    result.stdout.fnmatch_lines(["*report written to r.html*", "*report written to r.json*", "*run saved to *"])
    page = (pytester.path / "r.html").read_text(encoding="utf-8")
    assert "Kategorie \\ud800" in page and "Ph\\udfffnomen" in page
    report = json.loads((pytester.path / "r.json").read_text(encoding="utf-8"))
    assert {item["category"] for item in report["runs"][0]["items"]} == {"Kategorie \ud800"}
    assert json.loads((pytester.path / "saved.json").read_text(encoding="utf-8"))["runs"]
    assert not [path.name for path in pytester.path.iterdir() if path.name.endswith(".tmp")]


def test_a_report_that_cannot_be_written_is_one_line_and_the_other_files_are_written(
        pytester: pytest.Pytester, mini_suite: Path) -> None:
    # patched by the run's own conftest, in a process of its own (an in-process run may import the writer afresh)
    pytester.makeconftest("""
        from pytest_mtchallenge.reporting import html

        def broken(*args, **kwargs):
            raise RuntimeError("the page cannot be rendered")

        html.write = broken
    """)
    result = pytester.runpytest_subprocess(str(mini_suite.parent), "--mt-report=r.html", "--mt-report=r.json",
                                           "--mt-save=saved.json", "--mt-report-only", timeout=300)
    result.stdout.fnmatch_lines(["*report written to r.json*", "*run saved to *saved.json*",
                                 "ERROR mtchallenge: the html report r.html could not be written: RuntimeError: "
                                 "the page cannot be rendered"])
    assert "INTERNALERROR" not in result.stdout.str()
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # a report asked for is missing, whatever the outputs
    assert (pytester.path / "r.json").is_file() and (pytester.path / "saved.json").is_file()
    assert not (pytester.path / "r.html").exists()
    assert not [path.name for path in pytester.path.iterdir() if path.name.endswith(".tmp")]
