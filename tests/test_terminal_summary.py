"""The terminal summary written from typed data, with a recording writer in place of pytest's reporter."""
from __future__ import annotations

from pathlib import Path

from pytest_mtchallenge.reporting import ItemResult, build_runs
from pytest_mtchallenge.reporting.terminal import Summary, write_summary
from tests.test_report import all_items


class Recorder:
    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    def section(self, title: str) -> None:
        self.lines.append(("section", title))

    def write(self, content: str) -> None:
        self.lines.append(("write", content))

    def write_line(self, line: str, **markup: bool) -> None:
        self.lines.append(("red" if markup.get("red") else "yellow" if markup.get("yellow") else "line", line))


def test_the_category_report_then_files_then_faults() -> None:
    runs = build_runs([ItemResult.from_dict(record) for record in all_items("pass")])
    writer = Recorder()
    write_summary(writer, Summary(runs=runs, implicit_reference=["tiny"], written_reports=[Path("r.json")],
                                  saved_path=Path("runs/0001.json"), write_errors=["ERROR mtchallenge: x"]),
                  width=100, color=False)
    kinds = [kind for kind, _ in writer.lines]
    assert writer.lines[0] == ("section", "mtchallenge: category success report")
    assert kinds[1] == "yellow" and "no recorded system and no --mt-system" in writer.lines[1][1]
    assert kinds[2] == "write" and "Overall" in writer.lines[2][1]
    assert writer.lines[3:] == [("line", "report written to r.json"), ("line", "run saved to runs/0001.json"),
                                ("red", "ERROR mtchallenge: x")]


def test_suites_not_collected_come_first_escaped_and_nothing_else_without_runs() -> None:
    writer = Recorder()
    write_summary(writer, Summary(collection_errors=["suite.yaml: bad \x1b[31mfield"]), width=80, color=False)
    assert writer.lines == [("section", "mtchallenge: suites that could not be collected"),
                            ("red", "ERROR suite.yaml: bad \\x1b[31mfield")]


def test_a_comparison_section_when_a_baseline_was_named_even_without_pairs() -> None:
    runs = build_runs([ItemResult.from_dict(record) for record in all_items("pass")])
    writer = Recorder()
    write_summary(writer, Summary(runs=runs, compare_path=Path("base.json")), width=100, color=False)
    assert ("section", "mtchallenge: comparison with base.json") in writer.lines


def test_outputs_left_for_review_end_with_the_command_that_gives_them() -> None:
    runs = build_runs([ItemResult.from_dict(record) for record in all_items("review")])
    pending = len(runs[0].items)
    writer = Recorder()
    write_summary(writer, Summary(runs=runs, saved_path=Path("my runs/0001.json")), width=100, color=False)
    assert writer.lines[-1] == ("yellow", f"{pending} outputs need review: mtchallenge review 'my runs/0001.json'")
    writer = Recorder()
    write_summary(writer, Summary(runs=runs, written_reports=[Path("r.html"), Path("r.json")]), width=100,
                  color=False)
    assert writer.lines[-1] == ("yellow", f"{pending} outputs need review: mtchallenge review r.json")
    writer = Recorder()
    write_summary(writer, Summary(runs=runs), width=100, color=False)
    assert writer.lines[-1][1].startswith(f"{pending} outputs need review: save the run (--mt-autosave")
    writer = Recorder()
    write_summary(writer, Summary(runs=build_runs([ItemResult.from_dict(r) for r in all_items("pass")])),
                  width=100, color=False)
    assert not any("need review" in line for _, line in writer.lines)


def test_outputs_judged_na_are_counted_by_reason() -> None:
    """Issue 36: an n/a is no pass; the summary says what it stands for (ctxpro's cut-off subtitles)."""
    from pytest_mtchallenge.reporting.terminal import NA_REASONS, not_applicable_lines
    from pytest_mtchallenge.verdict import DecidedBy, Judgement, Outcome

    def judged(item: str, outcome: Outcome, reason: str) -> ItemResult:
        return ItemResult(Judgement(suite="s", system="sys", item=item, category="c", subcategory="s1",
                                    output="o", outcome=outcome, decided_by=DecidedBy.CHECKER, reason=reason))

    cut = "the English answer stops after its auxiliary (a subtitle cut off): its verb is missing"
    results = [judged(f"c{n}", Outcome.NA, cut) for n in range(3)]
    results += [judged("p", Outcome.PASS, "fine"), judged("q", Outcome.NA, "an idiomatic answer without the verb: x")]
    results += [judged(f"o{n}", Outcome.NA, f"reason {n}: y") for n in range(NA_REASONS)]
    lines = not_applicable_lines(build_runs(results))
    assert lines[0] == f"{3 + 1 + NA_REASONS} outputs judged n/a (not counted as passes), by reason:"
    assert lines[1] == "        3  the English answer stops after its auxiliary (a subtitle cut off)"
    assert lines[-1] == "        2  other reasons (2)"
    assert len(lines) == 1 + NA_REASONS + 1 and all(len(line) <= 80 for line in lines)
    assert not_applicable_lines(build_runs([judged("p", Outcome.PASS, "fine")])) == []
