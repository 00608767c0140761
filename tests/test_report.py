"""Tests of the category success report: runs, tallies, JSON document and terminal table."""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from pytest_mtchallenge.runs.baseline import GateVerdict
from pytest_mtchallenge.reporting import Run, Tally, build_runs, report_format
from pytest_mtchallenge.reporting.json import report_document, write_json
from pytest_mtchallenge.reporting.table import error_lines, render_table
from pytest_mtchallenge.verdict import DecidedBy, Judgement, Outcome

# The suite in order: (item id, category, subcategory). Categories are deliberately not alphabetical.
SUITE_ORDER = [
    ("s1", "syntax", "subjunctive"),
    ("s2", "syntax", "subjunctive"),
    ("s3", "syntax", "coordination"),
    ("m1", "morpho", "plural"),
    ("m2", "morpho", "agreement"),
]
TITLES = {
    "syntax": "Syntax", "morpho": "Morphology", "subjunctive": "Subjunctive mood",
    "coordination": "Coordinated subjects", "plural": "Irregular plurals", "agreement": "Past participle agreement",
}


def record(item_id: str, outcome: str = "pass", *, system: str = "sysA", suite: str = "tiny") -> dict[str, object]:
    """A report record as the session builds it: the judgement plus suite context."""
    position, (_, category, subcategory) = next((i, row) for i, row in enumerate(SUITE_ORDER) if row[0] == item_id)
    judgement = Judgement(
        suite=suite, system=system, item=item_id, category=category, subcategory=subcategory,
        output=None if outcome == "error" else f"sortie {item_id} évaluée", outcome=Outcome(outcome),
        decided_by=DecidedBy.CHECKER if outcome in ("pass", "fail", "na") else DecidedBy.NONE,
        reason=f"because of {item_id}",
    )
    return {
        **judgement.to_dict(), "suite_title": f"The {suite} suite", "judge": "auto+human", "position": position,
        "category_title": TITLES[category], "subcategory_title": TITLES[subcategory],
        "question": "Is it right?", "source": f"source {item_id}", "reference": f"référence {item_id}", "labels": {},
    }


def all_items(outcome: str = "pass", **where: str) -> list[dict[str, object]]:
    return [record(item_id, outcome, **where) for item_id, _, _ in SUITE_ORDER]


# -- build_runs -----------------------------------------------------------------------------

def test_runs_group_records_by_suite_and_system() -> None:
    records = [r for suite in ("tiny", "big") for system in ("sysB", "sysA")
               for r in all_items(suite=suite, system=system)]
    runs = build_runs(records[1::2] + records[::2])  # interleaved input
    assert [(run.suite, run.system) for run in runs] == [
        ("big", "sysA"), ("big", "sysB"), ("tiny", "sysA"), ("tiny", "sysB"),
    ]
    for run in runs:
        assert {(r.suite, r.system) for r in run.items} == {(run.suite, run.system)}
        assert run.overall.total == len(SUITE_ORDER)
        assert run.suite_title == f"The {run.suite} suite"
        assert run.judge == "auto+human"


def test_items_are_in_suite_order_whatever_the_input_order() -> None:
    (run,) = build_runs(list(reversed(all_items())))
    assert [r.id for r in run.items] == [item_id for item_id, _, _ in SUITE_ORDER]


def test_the_last_record_of_an_item_wins() -> None:
    records = all_items("fail") + [record("s2", "pass"), record("m1", "error"), record("m1", "na")]
    (run,) = build_runs(records)
    outcomes = {r.id: r.outcome for r in run.items}
    assert outcomes == {"s1": "fail", "s2": "pass", "s3": "fail", "m1": "na", "m2": "fail"}
    assert run.overall.counts["fail"] == 3 and run.overall.total == 5


def test_no_records_no_runs() -> None:
    assert build_runs([]) == []


# -- Tally ----------------------------------------------------------------------------------

def test_tally_counts_each_outcome_and_the_rate_is_pass_over_all_items() -> None:
    outcomes = ["pass", "pass", "fail", "na", "review", "error"]
    tally = Tally.of_outcomes(outcomes)
    assert tally.counts == {"pass": 2, "fail": 1, "na": 1, "review": 1, "error": 1}
    assert tally.total == 6
    assert tally.rate == pytest.approx(2 / 6)
    assert tally.to_dict()["rate"] == pytest.approx(2 / 6)


@pytest.mark.parametrize("outcome", ["fail", "na", "review", "error"])
def test_anything_but_pass_counts_as_not_passed(outcome: str) -> None:
    assert Tally.of_outcomes(["pass", outcome]).rate == pytest.approx(0.5)


def test_an_empty_tally_has_no_rate() -> None:
    tally = Tally.of_outcomes([])
    assert tally.total == 0
    assert tally.rate is None


# -- categories -----------------------------------------------------------------------------

def test_categories_and_subcategories_follow_suite_order_with_their_tallies() -> None:
    records = [record("m2", "fail"), record("s3", "na"), record("m1"), record("s2", "review"), record("s1")]
    (run,) = build_runs(records)
    assert [c.id for c in run.categories] == ["syntax", "morpho"]
    syntax, morpho = run.categories
    assert [s.id for s in syntax.children] == ["subjunctive", "coordination"]
    assert [s.id for s in morpho.children] == ["plural", "agreement"]
    assert (syntax.title, syntax.children[1].title) == ("Syntax", "Coordinated subjects")
    assert syntax.tally.counts["pass"] == 1 and syntax.tally.total == 3
    assert syntax.children[0].tally.rate == pytest.approx(0.5)
    assert morpho.children[1].tally.rate == 0.0


# -- JSON -----------------------------------------------------------------------------------

ITEM_KEYS = {"id", "category", "subcategory", "source", "reference", "output", "outcome", "decided_by", "reason"}


def test_report_document_lists_runs_with_items_and_summary() -> None:
    runs = build_runs(all_items(system="sysA") + all_items("fail", system="sysB"))
    document = report_document(runs)
    assert document["tool"] == "pytest-mtchallenge"
    assert [run["system"] for run in document["runs"]] == ["sysA", "sysB"]
    first = document["runs"][0]
    assert ITEM_KEYS <= first["items"][0].keys()
    assert first["summary"]["overall"]["rate"] == 1.0
    assert document["runs"][1]["summary"]["overall"]["fail"] == 5
    assert [c["id"] for c in first["summary"]["categories"]] == ["syntax", "morpho"]
    assert [s["id"] for s in first["summary"]["categories"][0]["subcategories"]] == ["subjunctive", "coordination"]
    json.dumps(document)  # serialisable as it is


def test_the_gate_verdict_comes_before_the_runs_and_only_with_a_gate(tmp_path: Path) -> None:
    runs = build_runs(all_items())
    assert "gate" not in report_document(runs)
    verdict = GateVerdict(rules="overall:2%", baseline="base.json", violations=("s [x]: overall:2% — fell",))
    path = tmp_path / "mt.json"
    write_json(runs, path, gate=verdict)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert list(document)[:3] == ["tool", "version", "gate"]
    assert document["gate"] == {"rules": "overall:2%", "baseline": "base.json", "passed": False,
                                "violations": ["s [x]: overall:2% — fell"]}


def test_write_json_writes_the_document_into_a_new_directory(tmp_path: Path) -> None:
    path = tmp_path / "reports" / "mt.json"
    runs = build_runs(all_items() + [record("m1", "error")])
    write_json(runs, path)
    assert json.loads(path.read_text(encoding="utf-8")) == report_document(runs)
    assert "référence s1" in path.read_text(encoding="utf-8")  # not \u-escaped
    (item,) = [i for i in json.loads(path.read_text(encoding="utf-8"))["runs"][0]["items"] if i["id"] == "m1"]
    assert ITEM_KEYS <= item.keys()
    assert (item["outcome"], item["output"], item["decided_by"]) == ("error", None, "none")
    assert sorted(p.name for p in path.parent.iterdir()) == ["mt.json"]  # no temporary file left


def test_a_lone_surrogate_is_written_as_its_json_escape(tmp_path: Path) -> None:
    """A suite's "\\ud800" escape reaches the report as a lone surrogate: the file is still UTF-8 and
    reads back as the same string, and nothing else is escaped."""
    path = tmp_path / "mt.json"
    broken = {**record("s1"), "source": "source \ud800 s1"}
    runs = build_runs([broken, record("s2")])
    write_json(runs, path)
    text = path.read_bytes().decode("utf-8")
    assert '"source": "source \\ud800 s1"' in text and "référence s2" in text
    assert json.loads(text) == report_document(runs)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mt.json"]


def test_a_failed_write_keeps_the_old_report_and_leaves_no_temporary_file(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "mt.json"
    path.write_text("the previous report\n", encoding="utf-8")

    def full_disk(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_json(build_runs(all_items()), path)
    assert path.read_text(encoding="utf-8") == "the previous report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mt.json"]


def test_concurrent_writers_of_one_report_never_collide(tmp_path: Path) -> None:
    """Runs writing the same --mt-report path at once: each write is whole, none fails."""
    path = tmp_path / "mt.json"
    documents = [build_runs([record("s1", system=f"sys{n}")]) for n in range(8)]
    start = threading.Barrier(len(documents))
    failures: list[BaseException] = []

    def writer(runs: list[Run]) -> None:
        start.wait()
        try:
            for _ in range(15):
                write_json(runs, path)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion below
            failures.append(exc)

    threads = [threading.Thread(target=writer, args=(runs,)) for runs in documents]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    assert json.loads(path.read_text(encoding="utf-8")) in [report_document(runs) for runs in documents]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mt.json"]


# -- terminal table -------------------------------------------------------------------------

def test_table_has_a_column_per_system_a_row_per_subcategory_and_overall() -> None:
    records = all_items(system="marian") + all_items("fail", system="deepl") + [record("s1", "fail", system="deepl")]
    runs = build_runs(records)
    text = render_table(runs, width=120, color=False)
    assert "\x1b[" not in text
    header = next(line for line in text.splitlines() if "category / subcategory" in line)
    assert "marian" in header and "deepl" in header
    for _, _, subcategory in SUITE_ORDER:
        assert f"{subcategory} {TITLES[subcategory]}" in text
    overall = next(line for line in text.splitlines() if line.startswith("Overall"))
    assert "100%" in overall and "5/5" in overall and "0/5" in overall


def test_table_shows_the_not_passed_outcomes_in_the_cell() -> None:
    records = all_items() + [record("s1", "na"), record("s2", "review"), record("s3", "error")]
    text = render_table(build_runs(records), color=False)
    overall = next(line for line in text.splitlines() if line.startswith("Overall"))
    assert "2/5" in overall
    assert "1 n/a" in overall and "1 ?" in overall and "1 err" in overall


def test_a_system_that_failed_as_a_whole_is_one_error_line() -> None:
    """Every item errors with the system's one reason, which is also its problem: said once, not twice."""
    down = "cannot connect to http://127.0.0.1:9/v1 (connection refused)"
    records = [{**r, "reason": down} for r in all_items("error", system="gpt")] + all_items(system="marian")
    assert error_lines(build_runs(records), problems=[down, "out.jsonl:4: item Z9: not an item of suite tiny"]) == [
        f"ERROR gpt: {down} (5 items: s1, s2, s3, m1, m2)",
        "ERROR out.jsonl:4: item Z9: not an item of suite tiny",
    ]


def test_table_title_names_the_suite_and_the_judge() -> None:
    text = render_table(build_runs(all_items(suite="tiny")), color=False)
    assert "The tiny suite [tiny]" in text
    assert "auto+human" in text


def test_table_shows_subcategory_titles_verbatim() -> None:
    records = [{**r, "subcategory_title": "Mood after [verb] of wishing"} for r in all_items()]
    text = render_table(build_runs(records), width=120, color=False)
    assert "Mood after [verb] of wishing" in text


# -- formats and rate bases -----------------------------------------------------------------

@pytest.mark.parametrize(("spec", "expected"), [
    ("report.json", ("json", "report.json")),
    ("out/Report.JSON", ("json", "out/Report.JSON")),
    ("json:report.txt", ("json", "report.txt")),
])
def test_the_report_format_comes_from_a_prefix_or_the_extension(spec: str, expected: tuple[str, str]) -> None:
    fmt, path = report_format(spec)
    assert (fmt, str(path)) == expected


@pytest.mark.parametrize("spec", ["report.txt", "report", "xml:report.xml"])
def test_an_unknown_report_format_names_the_known_ones(spec: str) -> None:
    with pytest.raises(ValueError, match=r"known formats: contrastive, html, json.*FORMAT:PATH"):
        report_format(spec)


def test_a_decided_rate_leaves_na_review_and_error_out() -> None:
    tally = Tally.of_outcomes(["pass", "pass", "fail", "na", "na", "review", "error"], basis="decided")
    assert tally.denominator == 3 and tally.rate == pytest.approx(2 / 3)
    assert Tally.of_outcomes(["na", "na"], basis="decided").rate is None


def test_a_suite_with_a_decided_rate_and_labels_shows_them() -> None:
    records = [{**r, "rate": "decided", "labels": {"pass": "Good", "fail": "Bad", "na": "Unknown"}}
               for r in [record("s1"), record("s2", "fail"), record("s3", "na"), record("m1"), record("m2")]]
    (run,) = build_runs(records)
    assert run.rate == "decided" and run.overall.rate == pytest.approx(3 / 4)
    assert run.to_dict()["summary"]["rate"] == "decided"
    text = render_table([run], width=160, color=False)
    assert "75%" in text and "3/4 1 Unknown" in text
    assert "Good/(Good + Bad)" in text and "n/a = Unknown" in text and "pass / (pass + fail)" in text


def test_dip_measures_any_connective_and_the_coherence_ranking() -> None:
    def with_evidence(item_id: str, outcome: str, system: str, *evidence: str) -> dict[str, object]:
        return {**record(item_id, outcome, system=system), "evidence": list(evidence), "rate": "decided"}

    records = [with_evidence("s1", "pass", "A", "any-connective:yes", "coherence-difference:0.5"),
               with_evidence("s2", "fail", "A", "any-connective:no", "coherence-difference:1.5"),
               with_evidence("s3", "na", "A", "coherence-difference:0.25"),
               with_evidence("s1", "fail", "B", "any-connective:yes", "coherence-difference:0.125"),
               with_evidence("s2", "fail", "B", "any-connective:yes", "coherence-difference:0.125")]
    run_a, run_b = build_runs(records)
    assert run_a.any_connective == (1, 2) and run_b.any_connective == (2, 2)
    assert run_a.coherence == (2.25, 3) and run_b.coherence == (0.25, 2)
    summary = run_a.to_dict()["summary"]
    assert summary["measures"] == {"any_connective": {"yes": 1, "total": 2},
                                   "coherence": {"difference_sum": 2.25, "items": 3}}
    assert summary["overall"]["full_rate"] == pytest.approx(1 / 3) and summary["overall"]["rate"] == 0.5
    text = render_table([run_a, run_b], width=160, color=False)
    assert "ANY A: an explicit connective in 1 of 2 outputs (50%)" in text
    assert "1. B 0.250 (2 items), 2. A 2.250 (3 items)" in text


# -- narrow terminals and partial runs --------------------------------------------------------

LONG_TITLES = {**TITLES, "agreement": "S-V agreement, feature calculus on coordinated source",
               "coordination": "Syntactically flexible idioms and their many passive variants"}


def test_at_80_columns_titles_wrap_cells_take_one_line_and_the_signature_fits() -> None:
    records = []
    for system in ("google-2016", "nmt", "pbmt-1"):
        for item in all_items(system=system):
            item["subcategory_title"] = LONG_TITLES[str(item["subcategory"])]
            item["signature"] = "|".join(f"part{n}:{'x' * 20}" for n in range(8)) + f"|system:recorded:{system}"
            records.append(item)
    text = render_table(build_runs(records), width=80, color=False)
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "…" not in text  # nothing cut
    flat = " ".join(" ".join(line.split("│")[0].split()) for line in lines)
    for title in LONG_TITLES.values():
        assert title in flat, title  # every title whole, wrapped within its column
    overall = next(line for line in lines if line.startswith("Overall"))
    assert overall.count("/") == 3 and "[" not in overall  # one line per cell: no interval on a line below
    assert sum(line.startswith("signature: ") for line in lines) == 1


def test_a_run_of_some_items_says_how_many_of_the_suite_and_why() -> None:
    records = [{**item, "suite_items": 108} for item in all_items()]
    run = build_runs(records)[0]
    assert not run.partial and run.selection_text == "" or run.partial
    import dataclasses
    selected = dataclasses.replace(run, selection="-m S1")
    assert selected.partial and selected.selection_text == "5 of 108 items selected by -m S1"
    text = render_table([selected], width=100, color=False)
    assert "5 of 108 items selected by -m S1: the figures are for these items only" in text
    assert selected.to_dict()["selection"] == {"items": 5, "suite_items": 108, "by": "-m S1",
                                               "text": "5 of 108 items selected by -m S1"}
    whole = dataclasses.replace(run, suite_items=5)
    assert not whole.partial and "selection" not in whole.to_dict() and "items selected" not in render_table([whole])
