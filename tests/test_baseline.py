"""Saved runs, pairing, comparison, the gate and known-failure files (plain Python, no pytester)."""
from __future__ import annotations

import gzip
import json
import multiprocessing
from pathlib import Path

import pytest

from pytest_mtchallenge.runs.baseline import (
    BaselineError, BaselineOptions, GateVerdict, SavedRun, compare, load_known_failures, load_saved_runs, pair_runs,
    parse_signature,
)
from pytest_mtchallenge.runs.gate import Gate, GateError
from pytest_mtchallenge.runs.store import RunStatus, RunStore, RunStoreError, resolve_saved


def autosave_path(folder: Path, systems: list[str], status: RunStatus = RunStatus()) -> Path:
    return RunStore(folder).claim(systems, status)
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.reporting import build_runs
from pytest_mtchallenge.verdict import DecidedBy, Judgement, Outcome

SIG = "suite:s|suite-hash:h1|checkers:a@1|lexicon:l@1|verdicts-hash:v1|judge:human|system:x|version:1"


def run(outcomes: dict[str, str], *, system: str = "x", signature: str = SIG) -> SavedRun:
    return SavedRun(suite="s", system=system, signature=signature, outcomes=outcomes,
                    subcategory={i: i[0] for i in outcomes}, category={i: "cat" for i in outcomes},
                    order=tuple(outcomes))


BEFORE = run({"A1": "pass", "A2": "pass", "B1": "pass", "B2": "fail", "B3": "review"})


def test_regressions_improvements_and_rates() -> None:
    now = run({"A1": "pass", "A2": "fail", "B1": "error", "B2": "pass", "B3": "review"})
    comparison = compare(now, BEFORE)
    assert comparison.regressions == ("A2", "B1") and comparison.improvements == ("B2",)
    overall = comparison.rate("overall")[0]
    assert (overall.before, overall.after) == (0.6, 0.4)
    assert {c.group: round(c.delta, 3) for c in comparison.rate("subcategory")} == {"A": -0.5, "B": 0.0}
    assert comparison.p_value == pytest.approx(1.0)  # 1 improved vs 2 regressed: 2*(1+3)/8 > 1 → 1
    assert comparison.signature_differences == ()


def test_signature_differences_ignore_system_and_version() -> None:
    other = SIG.replace("system:x", "system:y").replace("version:1", "version:2")
    assert compare(run({"A1": "pass"}, signature=other), run({"A1": "pass"})).signature_differences == ()
    changed = SIG.replace("checkers:a@1", "checkers:a@2")
    assert compare(run({"A1": "pass"}, signature=changed), run({"A1": "pass"})).signature_differences == (
        "checkers: a@1 → a@2",)
    assert parse_signature(SIG)["verdicts-hash"] == "v1"


def test_pairing_by_system_or_the_single_run_of_a_suite() -> None:
    current = [run({"A1": "pass"}, system="new")]
    assert pair_runs(current, [run({"A1": "fail"}, system="old")])[0][1].system == "old"
    two = [run({"A1": "fail"}, system="old"), run({"A1": "fail"}, system="new")]
    assert pair_runs(current, two)[0][1].system == "new"
    assert pair_runs(current, [run({"A1": "fail"}, system="a"), run({"A1": "fail"}, system="b")]) == []


@pytest.mark.parametrize(("expression", "expected"), [
    ("overall:2%", Gate(overall=0.02)),
    ("overall:2%,category:5%, subcategory:10% items:0 p<0.05",
     Gate(overall=0.02, category=0.05, subcategory=0.10, items=0, alpha=0.05)),
])
def test_gate_parsing(expression: str, expected: Gate) -> None:
    assert Gate.parse(expression) == expected


@pytest.mark.parametrize("expression", ["overall:2", "everything:1%", "p<0.05", "items:-1", ""])
def test_gate_parsing_errors_name_the_option(expression: str) -> None:
    with pytest.raises(GateError, match="--mt-compare-fail"):
        Gate.parse(expression)


def test_gate_violations() -> None:
    now = run({"A1": "pass", "A2": "fail", "B1": "pass", "B2": "fail", "B3": "review"})
    comparison = compare(now, BEFORE)  # overall 60% → 40%, subcategory A 100% → 50%
    assert Gate(overall=0.25).violations(comparison) == []
    assert Gate(overall=0.10).violations(comparison)[0].startswith("s [x]: overall:10% — overall rate fell by 20.0 points")
    assert "subcategory A fell by 50.0 points" in Gate(subcategory=0.10).violations(comparison)[0]
    assert Gate(items=0).violations(comparison) == ["s [x]: items:0 — 1 items newly fail: A2"]
    assert Gate(items=1).violations(comparison) == []
    # not significant: p = 1 for one regression against none
    assert Gate(overall=0.10, alpha=0.05).violations(comparison) == []


@pytest.mark.parametrize("expression", [
    "overall:2%", "overall:2%,category:5%,subcategory:2.5%,items:0,coverage:100%,p<0.05", "items:3 p<.01"])
def test_a_gate_writes_its_rules_back_as_an_expression_that_parses_to_it(expression: str) -> None:
    gate = Gate.parse(expression)
    assert Gate.parse(gate.expression) == gate
    assert Gate(overall=0.02, items=0, alpha=0.05).expression == "overall:2%,items:0,p<0.05"


def test_the_gate_verdict_for_the_reports(tmp_path: Path) -> None:
    base = tmp_path / "base.json"
    base.write_text(json.dumps({"runs": []}))
    options = BaselineOptions.create(base=tmp_path, compare=str(base), gate="overall:2%")
    tripped = ["s [x]: overall:2% — overall rate fell by 3.1 points (80% → 77%)"]
    verdict = options.verdict(tripped)
    assert verdict == GateVerdict(rules="overall:2%", baseline="base.json", violations=tuple(tripped))
    assert not verdict.passed
    assert verdict.to_dict() == {"rules": "overall:2%", "baseline": "base.json", "passed": False,
                                 "violations": tripped}
    assert options.verdict([]).passed  # type: ignore[union-attr]
    assert BaselineOptions.create(base=tmp_path, compare=str(base)).verdict(tripped) is None  # no gate, no verdict


def test_saved_run_errors_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(BaselineError, match=r"bad.json: invalid JSON"):
        load_saved_runs(bad)
    bad.write_text(json.dumps({"runs": [{"suite": "s", "items": [{"id": "A1"}]}]}))
    with pytest.raises(BaselineError, match=r"field 'runs\[0\].items'"):
        load_saved_runs(bad)
    with pytest.raises(BaselineError, match="saved run not found"):
        load_saved_runs(tmp_path / "missing.json")


def test_known_failures_from_yaml_and_saved_runs(tmp_path: Path) -> None:
    listed = tmp_path / "known.yaml"
    listed.write_text("google-2016: [S7a, S7b]\nnmt: []\n")
    assert load_known_failures(listed) == {"google-2016": {"S7a", "S7b"}, "nmt": set()}
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps({"runs": [{"suite": "s", "system": "x", "items": [
        {"id": "A1", "outcome": "fail"}, {"id": "A2", "outcome": "pass"}, {"id": "A3", "outcome": "review"}]}]}))
    assert load_known_failures(saved) == {"x": {"A1"}}
    listed.write_text("google-2016: S7a\n")
    with pytest.raises(BaselineError, match="field 'google-2016'"):
        load_known_failures(listed)


def test_autosave_numbering_and_resolution(tmp_path: Path) -> None:
    folder = tmp_path / ".mtchallenge" / "runs"
    folder.mkdir(parents=True)
    first = autosave_path(folder, ["nmt", "google-2016"])
    assert first.name == "0001_google-2016+nmt.json.gz"
    first.write_text("{}")
    second = autosave_path(folder, ["nmt"])
    assert second.name == "0002_nmt.json.gz"
    second.write_text("{}")
    assert resolve_saved("last", folder, base=tmp_path) == second
    assert resolve_saved("1", folder, base=tmp_path) == first
    (folder / "0010_old.json").write_text("{}")  # saved by an earlier version, uncompressed
    assert autosave_path(folder, ["nmt"]).name == "0011_nmt.json.gz"
    assert resolve_saved("10", folder, base=tmp_path) == folder / "0010_old.json"
    assert resolve_saved("r.json", folder, base=tmp_path) == tmp_path / "r.json"
    with pytest.raises(RunStoreError, match="no saved run number 0009"):
        resolve_saved("9", folder, base=tmp_path)


def test_autosave_claims_its_number_before_the_run_is_written(tmp_path: Path) -> None:
    """Two runs ending together both ask for a number before either has written its file."""
    folder = tmp_path / ".mtchallenge" / "runs"
    folder.mkdir(parents=True)
    first = autosave_path(folder, ["nmt"])
    second = autosave_path(folder, ["google-2016"])
    third = autosave_path(folder, ["nmt"])
    assert [first.name, second.name, third.name] == ["0001_nmt.json.gz", "0002_google-2016.json.gz", "0003_nmt.json.gz"]
    assert list(folder.iterdir()) == []  # the claims live beside the folder, not in it


def _autosave(base: str, system: str) -> str:
    """One run's --mt-autosave (in a process of its own)."""
    judgement = Judgement(suite="s", system=system, item="a", category="c", subcategory="x", output="o",
                          outcome=Outcome.PASS, decided_by=DecidedBy.CHECKER, reason="r")
    runs = build_runs([{**judgement.to_dict(), "position": 0}])
    saved = BaselineOptions.create(base=Path(base), autosave=True).save(runs)
    assert saved is not None
    return saved.name


def test_concurrent_autosaves_get_a_number_each_and_whole_files(tmp_path: Path) -> None:
    """20 runs saving at once, 4 at a time, some with the same systems: 20 files numbered 1 to 20."""
    systems = [f"sys{n % 3}" for n in range(20)]
    context = multiprocessing.get_context("spawn")
    with context.Pool(4) as pool:
        names = pool.starmap(_autosave, [(str(tmp_path), system) for system in systems], chunksize=1)
    folder = tmp_path / ".mtchallenge" / "runs"
    assert sorted(names) == sorted(p.name for p in folder.iterdir())  # every file is a saved run, no .tmp
    assert sorted(int(name[:4]) for name in names) == list(range(1, 21))
    for name, system in zip(names, systems):  # each file holds the whole run that claimed it
        (saved,) = load_saved_runs(folder / name)
        assert saved.system == system and name.endswith(f"_{system}.json.gz")


@pytest.mark.parametrize(("expression", "reason"), [
    ("overall:200%", "cannot be above 100%"),
    ("category:100.5%", "cannot be above 100%"),
    ("overall:2% p<0", "cannot read gate rule"),
    ("overall:2% p<.0", "above 0 and at most 1"),
    ("overall:2%,overall:5%", "given twice"),
    ("   ", "empty gate"),
])
def test_a_gate_that_could_never_hold_or_fail_is_refused(expression: str, reason: str) -> None:
    with pytest.raises(GateError, match=reason) as info:
        Gate.parse(expression)
    assert "--mt-compare-fail" in str(info.value)


def test_an_empty_gate_option_is_an_error_not_no_gate(tmp_path: Path) -> None:
    base = tmp_path / "base.json"
    base.write_text(json.dumps({"runs": []}))
    with pytest.raises(BaselineError, match="empty gate"):
        BaselineOptions.create(base=tmp_path, compare=str(base), gate="")
    assert BaselineOptions.create(base=tmp_path, compare=str(base), gate=None).gate is None


@pytest.mark.parametrize(("content", "reason"), [
    ('{"runs": [', "invalid JSON"),  # truncated
    ('{"runs": ' + "[" * 10_000 + "]" * 10_000 + "}", "nested deeper than 100 levels"),
    ('{"runs": [{"suite": "s", "items": [{"id": ' + "1" * 5000 + ', "outcome": "pass"}]}]}', "invalid JSON"),
    ('{"runs": [{"suite": "s", "items": [{"id": {"a": 1}, "outcome": "pass"}]}]}', "needs an 'id'"),
    ("\udcff", "not UTF-8"),
])
def test_a_corrupt_baseline_is_refused_when_the_options_are_read(tmp_path: Path, content: str, reason: str) -> None:
    base = tmp_path / "base.json"
    base.write_bytes(b"\xff\xfe" if content == "\udcff" else content.encode())
    with pytest.raises(BaselineError, match=reason) as info:
        BaselineOptions.create(base=tmp_path, compare=str(base))
    assert "base.json" in str(info.value) and "\n" not in str(info.value)


def test_the_baseline_is_read_once_when_the_options_are_created(tmp_path: Path) -> None:
    base = tmp_path / "base.json"
    base.write_text(json.dumps({"runs": [{"suite": "s", "system": "x", "signature": SIG,
                                          "items": [{"id": "A1", "outcome": "pass"}]}]}))
    options = BaselineOptions.create(base=tmp_path, compare=str(base))
    base.unlink()  # what the run compares with is what was checked before it started
    assert [r.outcomes for r in options.baseline_runs] == [{"A1": "pass"}]


def test_an_unreadable_or_hostile_xfail_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "folder.yaml").mkdir()
    with pytest.raises(BaselineError, match="folder.yaml: field '--mt-xfail': cannot read"):
        BaselineOptions.create(base=tmp_path, xfail="folder.yaml")
    (tmp_path / "deep.yaml").write_text("old: " + "[" * 50_000 + "]" * 50_000 + "\n")
    with pytest.raises(BaselineError, match="deep.yaml:1: field '--mt-xfail': nested deeper"):
        BaselineOptions.create(base=tmp_path, xfail="deep.yaml")
    (tmp_path / "twice.yaml").write_text("old: [A1]\nold: [A2]\n")
    with pytest.raises(BaselineError, match="twice.yaml:2: .*'old' is given twice"):
        BaselineOptions.create(base=tmp_path, xfail="twice.yaml")


def test_xfail_ids_are_read_as_written(tmp_path: Path) -> None:
    (tmp_path / "known.yaml").write_text("old: [010, 1.10, yes]\n")
    assert load_known_failures(tmp_path / "known.yaml") == {"old": {"010", "1.10", "yes"}}


def test_a_save_path_that_cannot_be_written_is_refused_before_the_run(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    with pytest.raises(BaselineError, match="field '--mt-save': cannot create its folder"):
        BaselineOptions.create(base=tmp_path, save="a-file/run.json")
    (tmp_path / "folder").mkdir()
    with pytest.raises(BaselineError, match="field '--mt-save': is a folder"):
        BaselineOptions.create(base=tmp_path, save="folder")
    assert BaselineOptions.create(base=tmp_path, save="new/deeper/run.json").save_path == tmp_path / "new/deeper/run.json"
    assert not (tmp_path / "new").exists()  # checked, not created


# -- saved runs the plugin writes, it reads back (issue 25, finding 10) ------------------------------

def _judged(count: int, *, padding: int = 0, system: str = "s") -> list[dict[str, object]]:
    """``count`` judged items of suite "big", every third failing; outputs ``padding`` characters longer."""
    filler = " et puis" * (padding // 8)
    return [{**Judgement(suite="big", system=system, item=f"i{n}", category="c", subcategory="x",
                         output=f"Sortie {n}{filler}", outcome=Outcome.FAIL if n % 3 == 0 else Outcome.PASS,
                         decided_by=DecidedBy.CHECKER, reason="r").to_dict(), "position": n} for n in range(count)]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["big.json", "big.json.gz"])
def test_a_saved_run_larger_than_the_file_limit_is_read_back_and_compared(tmp_path: Path, name: str) -> None:
    """Both ctxpro sets saved with --mt-save made 82 MB, which --mt-compare then refused as larger than
    the 64 MiB of any file read: saved runs have a limit of their own, far above what runs need."""
    from pytest_mtchallenge import files

    runs = build_runs(_judged(30_000, padding=2_400))
    saved = BaselineOptions.create(base=tmp_path, save=name).save(runs)
    assert saved == tmp_path / name
    size = len(gzip.decompress(saved.read_bytes())) if name.endswith(".gz") else saved.stat().st_size
    assert size > files.MAX_FILE_BYTES
    assert saved.read_bytes()[:2] == (b"\x1f\x8b" if name.endswith(".gz") else b"{\n")
    options = BaselineOptions.create(base=tmp_path, compare=name, gate="items:0")
    (baseline,) = options.baseline_runs
    assert len(baseline.outcomes) == 30_000 and baseline.outcomes["i3"] == "fail"
    decision = options.compare(runs)
    (comparison,) = decision.comparisons
    assert comparison.paired == 30_000 and not comparison.regressions and decision.violations == ()


def test_autosaved_runs_are_compressed_and_known_by_their_bytes_whatever_their_name(tmp_path: Path) -> None:
    saved = BaselineOptions.create(base=tmp_path, autosave=True).save(build_runs(_judged(30)))
    assert saved is not None and saved.name == "0001_s.json.gz" and saved.read_bytes()[:2] == b"\x1f\x8b"
    renamed = saved.rename(tmp_path / "baseline.json")  # compressed, under a plain name
    (run,) = load_saved_runs(renamed)
    assert run.outcomes["i0"] == "fail" and len(run.outcomes) == 30
    assert load_known_failures(renamed) == {"s": {f"i{n}" for n in range(0, 30, 3)}}


def test_a_run_too_large_to_be_read_back_is_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mtchallenge import files

    monkeypatch.setattr(files, "MAX_RUN_BYTES", 4096)
    with pytest.raises(MTChallengeError, match=r"big.json: the run is 0 MiB of JSON, more than the 0 MiB a saved run"):
        BaselineOptions.create(base=tmp_path, save="big.json").save(build_runs(_judged(100)))
    assert list(tmp_path.iterdir()) == []


# -- how a run ended, where it is saved, and what "last" finds (issue 34, points 4 and 5) -----------

def _runs(outcome: str = "pass", count: int = 3):  # type: ignore[no-untyped-def]
    return build_runs([{**Judgement(suite="s", system="x", item=f"i{n}", category="c", subcategory="x", output="o",
                                    outcome=Outcome(outcome), decided_by=DecidedBy.CHECKER, reason="r").to_dict(),
                        "position": n, "suite_items": count} for n in range(count)])


@pytest.mark.parametrize(("status", "state", "accepted"), [
    (RunStatus(), "accepted", True),
    (RunStatus(gate="passed"), "accepted", True),
    (RunStatus(gate="failed"), "rejected", False),
    (RunStatus(interrupted=True, partial="1 of 3 items"), "interrupted", False),
    (RunStatus(stopped=True, partial="1 of 3 items"), "stopped", False),
    (RunStatus(partial="1 of 3 items selected by -m S1"), "partial", True),  # finished what it was asked
])
def test_a_run_status_says_whether_the_run_was_accepted(status: RunStatus, state: str, accepted: bool) -> None:
    assert (status.state, status.accepted) == (state, accepted)
    assert status.complete == (state == "accepted")
    assert RunStatus.from_document({"status": status.to_dict()}) == status


def test_an_interrupted_run_never_replaces_a_saved_run_and_says_it_was_interrupted(tmp_path: Path) -> None:
    options = BaselineOptions.create(base=tmp_path, save="base.json")
    assert options.save(_runs()) == tmp_path / "base.json"
    before = (tmp_path / "base.json").read_bytes()
    interrupted = RunStatus(interrupted=True, partial="1 of 3 items selected by a selection")
    written = options.save(_runs(count=1), status=interrupted)
    assert written == tmp_path / "base.interrupted.json"
    assert (tmp_path / "base.json").read_bytes() == before  # byte-identical
    status = json.loads(written.read_text())["status"]
    assert status["state"] == "interrupted" and status["interrupted"] is True and status["accepted"] is False


def test_a_partial_run_is_saved_where_asked_only_when_nothing_is_there(tmp_path: Path) -> None:
    options = BaselineOptions.create(base=tmp_path, save="s6.json.gz")
    partial = RunStatus(partial="1 of 3 items selected by -m S6")
    assert options.save(_runs(), status=partial) == tmp_path / "s6.json.gz"  # a baseline of S6 on purpose
    assert options.save(_runs(), status=partial) == tmp_path / "s6.partial.json.gz"


def test_a_run_failing_its_gate_never_replaces_the_baseline_it_was_compared_with(tmp_path: Path) -> None:
    BaselineOptions.create(base=tmp_path, save="base.json").save(_runs())
    before = (tmp_path / "base.json").read_bytes()
    options = BaselineOptions.create(base=tmp_path, save="base.json", compare="base.json", gate="items:0")
    assert options.save(_runs("fail"), status=RunStatus(gate="failed")) == tmp_path / "base.rejected.json"
    assert (tmp_path / "base.json").read_bytes() == before
    assert options.save(_runs(), status=RunStatus(gate="passed")) == tmp_path / "base.json"  # accepted: replaces


def test_last_is_the_last_accepted_run_so_a_rejected_model_never_becomes_the_baseline(tmp_path: Path) -> None:
    """Issue 34, 5: --mt-autosave --mt-compare=last: a worse model failed its gate, was saved as the next
    run, and the retried job compared with it and held."""
    folder = tmp_path / ".mtchallenge" / "runs"
    good = BaselineOptions.create(base=tmp_path, autosave=True).save(_runs())
    assert good is not None and good.name == "0001_x.json.gz"
    for attempt in (1, 2):
        options = BaselineOptions.create(base=tmp_path, autosave=True, compare="last", gate="items:0")
        assert options.compare_path == good
        decision = options.compare(_runs("fail"))
        assert decision.violations, f"attempt {attempt}: the worse model passed its gate"
        saved = options.save(_runs("fail"), status=RunStatus(gate="failed"))
        assert saved is not None and saved.name == f"000{attempt + 1}_x.rejected.json.gz"
    assert resolve_saved("last", folder, base=tmp_path) == good
    assert resolve_saved("latest", folder, base=tmp_path).name == "0003_x.rejected.json.gz"
    assert resolve_saved("3", folder, base=tmp_path).name == "0003_x.rejected.json.gz"  # by number: any run


def test_last_with_no_accepted_run_says_so(tmp_path: Path) -> None:
    folder = tmp_path / ".mtchallenge" / "runs"
    autosave_path(folder, ["x"], RunStatus(interrupted=True)).write_text("{}")
    with pytest.raises(RunStoreError, match="no accepted run yet: the 1 saved runs were interrupted, stopped"):
        resolve_saved("last", folder, base=tmp_path)



# -- the gate explains itself (issue 34, point 6) -----------------------------------------------------

def _suite_of(passing: int, total: int = 108) -> dict[str, str]:
    return {f"i{n:03d}": "pass" if n < passing else "fail" for n in range(total)}


def test_a_non_significant_drop_names_the_exceeded_rule_and_the_p_value_that_excused_it() -> None:
    """overall:2%,p<0.05 on a 3.7-point drop (4 regressions of 108, p = 0.125)."""
    from pytest_mtchallenge.runs.baseline import decide

    decision = decide([run(_suite_of(68))], [run(_suite_of(72))], gate=Gate.parse("overall:2%,p<0.05"),
                      baseline_name="base.json")
    assert decision.violations == ()
    verdict = decision.verdict
    assert verdict is not None and verdict.passed
    (check,) = verdict.checks
    assert (check.rule, check.verdict, check.exceeded) == ("overall:2%", "excused", True)
    assert check.measured == "overall rate fell by 3.7 points (67% → 63%)"
    assert check.excused == "McNemar p = 0.125 is not below 0.05"
    assert verdict.notes == ("s [x]: at 108 paired items, p < 0.05 needs at least 6 regressions with no improvement "
                             "(a fall of 5.6 points); each improvement raises that number",)
    document = verdict.to_dict()
    assert document["checks"] == [{"where": "s [x]", "rule": "overall:2%", "measured": check.measured,
                                   "exceeded": True, "verdict": "excused",
                                   "excused_by": "McNemar p = 0.125 is not below 0.05"}]


def test_every_rule_is_listed_with_its_measure_tripped_or_not() -> None:
    from pytest_mtchallenge.runs.baseline import decide
    from pytest_mtchallenge.reporting.comparison import render_comparisons

    gate = Gate.parse("overall:2%,category:50%,items:0,coverage:100%")
    decision = decide([run(_suite_of(60))], [run(_suite_of(72))], gate=gate, baseline_name="base.json")
    verdicts = {check.rule: check.verdict for check in decision.verdict.checks}  # type: ignore[union-attr]
    assert verdicts == {"coverage:100%": "held", "overall:2%": "tripped", "category:50%": "held", "items:0": "tripped"}
    text = render_comparisons(decision.comparisons, decision.violations, gate, verdict=decision.verdict)
    assert "gate FAILED (rules overall:2%,category:50%,items:0,coverage:100% against base.json):" in text
    assert "  TRIPPED  s [x]: overall:2% — overall rate fell by 11.1 points (67% → 56%)" in text
    assert "  held     s [x]: category:50% — largest category fall: cat fell by 11.1 points (67% → 56%), within 50" in text
    assert "  held     s [x]: coverage:100% — the baseline covers 108 of 108 items of this run (100%)" in text


@pytest.mark.parametrize(("paired", "alpha", "least"), [(108, 0.05, 6), (108, 0.01, 8), (5, 0.05, None), (6, 0.05, 6)])
def test_the_least_regression_a_suite_size_can_show(paired: int, alpha: float, least: int | None) -> None:
    from pytest_mtchallenge.runs.gate import least_significant_regressions
    from pytest_mtchallenge.significance import mcnemar_exact

    assert least_significant_regressions(paired, alpha) == least
    if least is not None:
        assert mcnemar_exact(0, least) < alpha <= mcnemar_exact(0, least - 1)


# -- regressions side by side (issue 34, point 7) -------------------------------------------------------

def test_a_regression_carries_both_outputs_and_reasons() -> None:
    before = SavedRun(suite="s", system="x", signature=SIG, outcomes={"A1": "pass"}, subcategory={"A1": "A"},
                      category={"A1": "c"}, order=("A1",), outputs={"A1": "Elles sont venues."},
                      reasons={"A1": "agrees"}, sources={"A1": "They came."})
    now = SavedRun(suite="s", system="x", signature=SIG, outcomes={"A1": "fail"}, subcategory={"A1": "A"},
                   category={"A1": "c"}, order=("A1",), outputs={"A1": "Elles sont venu."},
                   reasons={"A1": "expected feminine plural"}, sources={"A1": "They came."})
    (change,) = compare(now, before).details
    assert (change.source, change.before_output, change.before_reason, change.after_output, change.after_reason) == (
        "They came.", "Elles sont venues.", "agrees", "Elles sont venu.", "expected feminine plural")


def test_a_claim_or_a_run_number_written_with_other_digits_is_no_number(tmp_path: Path) -> None:
    """Issue 39, 7: a file ``²`` in runs.numbers kept the autosaved run from being written; ``review ²``
    was a traceback."""
    folder = tmp_path / ".mtchallenge" / "runs"
    (tmp_path / ".mtchallenge" / "runs.numbers").mkdir(parents=True)
    (tmp_path / ".mtchallenge" / "runs.numbers" / "²").write_text("")
    assert autosave_path(folder, ["x"]).name == "0001_x.json.gz"
    assert resolve_saved("²", folder, base=tmp_path) == tmp_path / "²"  # a path, then "not found"


# -- what a saved run, an xfail file and the options name is checked (issue 39, point 11) -----------

@pytest.mark.parametrize(("runs", "reason"), [
    ([{"suite": "s", "system": "x", "items": [{"id": "A1", "outcome": "maybe"}]}],
     "run.json: item A1: field 'runs[0].outcome': unknown outcome 'maybe' (known: pass, fail, na, review, error, "
     "undecided)"),
    ([{"suite": "s", "system": "x", "items": [{"id": "A1", "outcome": "pass"}, {"id": "A1", "outcome": "fail"}]}],
     "run.json: item A1: field 'runs[0].items': this item is already in the run"),
    ([{"suite": "s", "system": None, "items": []}], "run.json: field 'runs[0].system': expected text, got null"),
    ([{"suite": "s", "system": "x", "items": []}, {"suite": "s", "system": "x", "items": []}],
     "run.json: field 'runs[1]': suite 's' and system 'x' are already runs[0]"),
])
def test_a_saved_run_s_contents_are_checked_in_one_line(tmp_path: Path, runs: list[object], reason: str) -> None:
    """An outcome "maybe", an item given twice and ``system: null`` were read as they were."""
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps({"runs": runs}))
    with pytest.raises(BaselineError) as error:
        load_saved_runs(saved)
    assert error.value.one_line() == f"{saved.parent}/{reason}"
    with pytest.raises(BaselineError, match="--mt-xfail|runs\\["):
        BaselineOptions.create(base=tmp_path, xfail=str(saved))


@pytest.mark.parametrize(("listed", "reason"), [
    ("null: [A1]\n", "known.yaml: expected a system's name, got None"),
    ("x: [A1, A2, A1]\n", "known.yaml: item A1: field 'x': this item is listed twice"),
])
def test_an_xfail_list_s_contents_are_checked_in_one_line(tmp_path: Path, listed: str, reason: str) -> None:
    known = tmp_path / "known.yaml"
    known.write_text(listed)
    with pytest.raises(BaselineError) as error:
        load_known_failures(known)
    assert error.value.one_line() == f"{tmp_path}/{reason}"


def test_a_baseline_that_is_no_regular_file_says_so(tmp_path: Path) -> None:
    """``--mt-compare=/dev/zero`` said "saved run not found"."""
    with pytest.raises(BaselineError) as error:
        BaselineOptions.create(base=tmp_path, compare="/dev/zero")
    assert error.value.one_line() == "/dev/zero: field '--mt-compare': not a regular file"
    with pytest.raises(BaselineError, match="saved run not found"):
        BaselineOptions.create(base=tmp_path, compare=str(tmp_path / "missing.json"))


def test_an_autosave_folder_that_is_a_file_is_refused_before_the_run(tmp_path: Path) -> None:
    """``.mtchallenge/runs`` being a file was found only once the run had ended, and its run was lost."""
    (tmp_path / ".mtchallenge").mkdir()
    (tmp_path / ".mtchallenge" / "runs").write_text("not a folder\n")
    with pytest.raises(BaselineError) as error:
        BaselineOptions.create(base=tmp_path, autosave=True)
    assert error.value.one_line() == (f"{tmp_path}/.mtchallenge/runs: field '--mt-autosave': not a folder: "
                                      "--mt-autosave keeps its runs in this folder")
    assert BaselineOptions.create(base=tmp_path).autosave is False  # without the option, no matter


def test_a_partial_autosave_is_named_so_and_is_still_last(tmp_path: Path) -> None:
    """A run of -m S1 finished what it was asked: it is what the next -m S1 run compares with."""
    folder = tmp_path / ".mtchallenge" / "runs"
    partial = autosave_path(folder, ["x"], RunStatus(partial="1 of 3 items selected by -m S1"))
    partial.write_text("{}")
    assert partial.name == "0001_x.partial.json.gz"
    assert resolve_saved("last", folder, base=tmp_path) == partial
    stopped = autosave_path(folder, ["x"], RunStatus(stopped=True))
    stopped.write_text("{}")
    assert stopped.name == "0002_x.stopped.json.gz" and resolve_saved("last", folder, base=tmp_path) == partial
