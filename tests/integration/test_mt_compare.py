"""--mt-compare, --mt-compare-fail and --mt-compare-strict: the release gate decides the exit status."""
from __future__ import annotations

import json
from pathlib import Path

import pytest


def saved_reference_run(pytester: pytest.Pytester, mini_suite: Path) -> Path:
    pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", "--mt-save=base.json")
    return pytester.path / "base.json"


def test_a_regression_beyond_the_threshold_exits_1_and_names_the_items(pytester: pytest.Pytester,
                                                                       mini_suite: Path) -> None:
    base = saved_reference_run(pytester, mini_suite)
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=recorded:old", f"--mt-compare={base}",
                                "--mt-compare-fail=overall:10%")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([
        "mini [[]old[]] against [[]reference[]], 4 paired items: 100.0% → 50.0% (-50.0 points), McNemar exact p = 0.5*",
        "  newly failing (2): M1a, T1a",
        "gate FAILED (rules *):",
        "  TRIPPED  mini [[]old[]]: overall:10% — overall rate fell by 50.0 points (100% → 50%)",
    ])


def test_the_reports_of_a_gated_run_carry_the_gate_verdict(pytester: pytest.Pytester, mini_suite: Path) -> None:
    base = saved_reference_run(pytester, mini_suite)
    args = [str(mini_suite.parent), "--mt-system=recorded:old", f"--mt-compare={base}", "--mt-report=r.html",
            "--mt-report=r.json"]
    failed = pytester.runpytest(*args, "--mt-compare-fail=overall:10%")
    assert failed.ret == pytest.ExitCode.TESTS_FAILED
    page = (pytester.path / "r.html").read_text(encoding="utf-8")
    header = page[:page.index("</header>")]
    assert "<b>✗ Release gate: FAILED</b> (rules <code>overall:10%</code> against <code>base.json</code>)" in header
    assert "<li>mini [old]: overall:10% — overall rate fell by 50.0 points (100% → 50%)</li>" in header
    assert json.loads((pytester.path / "r.json").read_text(encoding="utf-8"))["gate"] == {
        "rules": "overall:10%", "baseline": "base.json", "passed": False,
        "violations": ["mini [old]: overall:10% — overall rate fell by 50.0 points (100% → 50%)"],
        "checks": [{"where": "mini [old]", "rule": "overall:10%", "exceeded": True, "verdict": "tripped",
                    "measured": "overall rate fell by 50.0 points (100% → 50%)", "excused_by": None}]}
    held = pytester.runpytest(*args, "--mt-compare-fail=overall:60%")
    assert held.ret == pytest.ExitCode.OK
    assert "<b>✓ Release gate: PASSED</b>" in (pytester.path / "r.html").read_text(encoding="utf-8")
    assert json.loads((pytester.path / "r.json").read_text(encoding="utf-8"))["gate"]["passed"] is True


def test_an_equal_run_exits_0_although_items_fail(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.runpytest(str(mini_suite.parent), "--mt-save=old.json")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-compare=old.json", "--mt-compare-fail=overall:0%,items:0")
    result.assert_outcomes(passed=2, failed=2)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["gate holds (rules *"])


def test_significance_rule_lets_a_non_significant_drop_pass(pytester: pytest.Pytester, mini_suite: Path) -> None:
    base = saved_reference_run(pytester, mini_suite)
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=recorded:old", f"--mt-compare={base}",
                                "--mt-compare-fail=overall:10%,p<0.05")
    assert result.ret == pytest.ExitCode.OK  # 2 regressions, 0 improvements: p = 0.5


def test_signature_mismatch_warns_and_strict_refuses(pytester: pytest.Pytester, mini_suite: Path) -> None:
    base = saved_reference_run(pytester, mini_suite)
    document = json.loads(base.read_text())
    document["runs"][0]["signature"] = document["runs"][0]["signature"].replace("judge:auto+human", "judge:human")
    base.write_text(json.dumps(document))
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", f"--mt-compare={base}")
    result.stdout.fnmatch_lines(["*WARNING: the signatures differ*judge: human → auto+human*"])
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", f"--mt-compare={base}",
                                "--mt-compare-strict", "--mt-compare-fail=items:0")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*not comparable (--mt-compare-strict): judge: human → auto+human*"])


def test_bad_gate_or_baseline_is_a_usage_error(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-compare=missing.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*missing.json: field '--mt-compare': saved run not found*"])
    base = saved_reference_run(pytester, mini_suite)
    result = pytester.runpytest(str(mini_suite.parent), f"--mt-compare={base}", "--mt-compare-fail=overall:two")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*cannot read gate rule 'overall:two'*"])


class TestBundledSuite:
    """The acceptance scenarios on the English–French suite, judged by the recorded verdicts."""

    @pytest.fixture
    def google_run(self, pytester: pytest.Pytester) -> Path:
        pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:google-2016", "--mt-judge=human",
                           "--mt-save=google.json")
        return pytester.path / "google.json"

    def test_pbmt_against_google_fails_the_gate_and_lists_s4b2(self, pytester: pytest.Pytester,
                                                               google_run: Path) -> None:
        result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:pbmt-1", "--mt-judge=human",
                                    f"--mt-compare={google_run}", "--mt-compare-fail=overall:2%")
        assert result.ret == pytest.ExitCode.TESTS_FAILED
        newly_failing = next(line for line in result.outlines if line.startswith("  newly failing"))
        assert "S4b2" in newly_failing.split(": ", 1)[1].split(", ")

    def test_google_against_itself_exits_0(self, pytester: pytest.Pytester, google_run: Path) -> None:
        result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:google-2016",
                                    "--mt-judge=human", f"--mt-compare={google_run}", "--mt-compare-fail=overall:2%")
        assert result.ret == pytest.ExitCode.OK
        result.assert_outcomes(passed=72, failed=36)

    def test_google_with_its_own_known_failures_exits_0_with_36_xfailed(self, pytester: pytest.Pytester,
                                                                         google_run: Path) -> None:
        result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:google-2016",
                                    "--mt-judge=human", f"--mt-xfail={google_run}")
        assert result.ret == pytest.ExitCode.OK
        result.assert_outcomes(passed=72, xfailed=36)


def test_a_partial_baseline_is_reported_with_its_coverage_and_a_gate_can_require_it_all(
        pytester: pytest.Pytester) -> None:
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:google-2016", "--mt-judge=human",
                       "-m", "S6", "--mt-save=partial.json", "--mt-report-only")
    args = ["--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:google-2016", "--mt-judge=human",
            "--mt-compare=partial.json"]
    lenient = pytester.runpytest(*args, "--mt-compare-fail=overall:2%")
    lenient.stdout.fnmatch_lines(["*WARNING: the baseline covers 3 of 108 items of this run (3%)*", "gate holds (rules *"])
    assert lenient.ret == pytest.ExitCode.OK
    strict = pytester.runpytest(*args, "--mt-compare-fail=overall:2%,coverage:100%")
    strict.stdout.fnmatch_lines(["gate FAILED (rules *):", "*coverage:100% — the baseline covers 3 of 108 items of this run (3%)*"])
    assert strict.ret == pytest.ExitCode.TESTS_FAILED


@pytest.mark.parametrize(("gate", "message"), [
    ("", "*field '--mt-compare-fail': empty gate*"),
    ("overall:200%", "*gate rule 'overall:200%': a percentage cannot be above 100%*"),
])
def test_a_gate_that_decides_nothing_is_a_usage_error(pytester: pytest.Pytester, mini_suite: Path, gate: str,
                                                      message: str) -> None:
    base = saved_reference_run(pytester, mini_suite)
    result = pytester.runpytest(str(mini_suite.parent), f"--mt-compare={base}", f"--mt-compare-fail={gate}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])


def test_a_hostile_baseline_is_a_usage_error_before_any_test(pytester: pytest.Pytester, mini_suite: Path) -> None:
    (pytester.path / "hostile.json").write_text('{"runs": ' + "[" * 100_000 + "]" * 100_000 + "}")
    result = pytester.runpytest_subprocess(str(mini_suite.parent), "--mt-compare=hostile.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*hostile.json: field '--mt-compare': nested deeper than 100 levels"])
    assert "passed" not in result.stdout.str() and "failed" not in result.stdout.str()



def test_a_saved_run_larger_than_any_other_file_is_compared(pytester: pytest.Pytester, mini_suite: Path) -> None:
    """Issue 25, finding 10: a run saved with --mt-save (82 MB for both ctxpro sets) was refused by
    --mt-compare as larger than 64 MiB. The saved run is made as --mt-save makes it: the mini suite's
    run, and a large suite's beside it."""
    from pytest_mtchallenge.runs.baseline import BaselineOptions
    from pytest_mtchallenge.reporting import build_runs
    from pytest_mtchallenge.verdict import DecidedBy, Judgement, Outcome

    def judged(suite: str, items: list[str], outcome: Outcome, output: str) -> list[dict[str, object]]:
        return [{**Judgement(suite=suite, system="long", item=item, category="c", subcategory="s", output=output,
                             outcome=outcome, decided_by=DecidedBy.CHECKER, reason="r").to_dict(), "position": n}
                for n, item in enumerate(items)]

    large = judged("large", [f"L{n}" for n in range(30_000)], Outcome.PASS, "Il était en retard." + " Et puis" * 300)
    mini = judged("mini", ["M1a", "M1b", "T1a", "T1b"], Outcome.PASS, "Il était en retard, n'est-ce pas ?")
    BaselineOptions.create(base=pytester.path, save="big.json").save(build_runs(mini + large))
    assert (pytester.path / "big.json").stat().st_size > 64 * 1024 * 1024
    result = pytester.runpytest_subprocess(str(mini_suite.parent), "--mt-system=recorded:old", "--mt-compare=big.json",
                                           "--mt-compare-fail=items:0")
    result.stdout.fnmatch_lines(["mini [[]old[]] against [[]long[]], 4 paired items: 100.0% → 50.0%*",
                                 "  newly failing (2): M1a, T1a", "gate FAILED (rules *):"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_a_non_significant_drop_on_a_real_suite_names_the_exceeded_rule_and_the_excusing_p(
        pytester: pytest.Pytester) -> None:
    """Issue 34, 6: overall:2%,p<0.05 on a 3.7-point drop (p = 0.125) printed "gate holds" and nothing
    else. Google's 2016 outputs, four of its passes swapped for the phrase-based system's failures."""
    both = ["--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:google-2016", "--mt-system=recorded:pbmt-1",
            "--mt-report=both.json", "-p", "no:cacheprovider"]
    pytester.runpytest(*both)
    runs = {run["system"]: run for run in json.loads((pytester.path / "both.json").read_text())["runs"]}
    google = {item["id"]: item for item in runs["google-2016"]["items"]}
    pbmt = {item["id"]: item for item in runs["pbmt-1"]["items"]}
    swapped = [i for i in google if google[i]["outcome"] == "pass" and pbmt[i]["outcome"] == "fail"][:4]
    assert len(swapped) == 4
    outputs = [{"id": i, "output": (pbmt if i in swapped else google)[i]["output"]} for i in google]
    pytester.makefile(".jsonl", outputs="\n".join(json.dumps(o, ensure_ascii=False) for o in outputs))
    baseline = {**json.loads((pytester.path / "both.json").read_text()), "runs": [runs["google-2016"]]}
    (pytester.path / "google.json").write_text(json.dumps(baseline), encoding="utf-8")
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=mine=file:outputs.jsonl",
                                "--mt-compare=google.json", "--mt-compare-fail=overall:2%,p<0.05", "--mt-report=r.json",
                                "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines([
        "gate holds (rules overall:2%,p<0.05 against google.json)",
        "  excused  isabelle2017-en-fr [[]mine[]]: overall:2% — overall rate fell by 3.7 points (*), exceeded but "
        "McNemar p = 0.125 is not below 0.05",
        "  isabelle2017-en-fr [[]mine[]]: at 108 paired items, p < 0.05 needs at least 6 regressions with no "
        "improvement (a fall of 5.6 points)*",
    ])
    gate = json.loads((pytester.path / "r.json").read_text())["gate"]
    assert gate["passed"] is True and gate["checks"][0]["verdict"] == "excused"
    assert gate["checks"][0]["excused_by"] == "McNemar p = 0.125 is not below 0.05"
    assert "needs at least 6 regressions" in gate["notes"][0]
    comparison = json.loads((pytester.path / "r.json").read_text())["comparisons"][0]
    assert [item["id"] for item in comparison["regressions"]] == swapped
    assert comparison["regressions"][0]["baseline"]["output"] == google[swapped[0]]["output"]
    assert comparison["regressions"][0]["now"]["output"] == pbmt[swapped[0]]["output"]
