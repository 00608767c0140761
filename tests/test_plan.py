"""The run plan, built without pytester: suites, systems per suite, the per-suite judge, signatures, known failures."""
from __future__ import annotations

from pathlib import Path

import pytest

from pytest_mtchallenge.runs.baseline import BaselineOptions
from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.runs.plan import PlanError, RunPlan
from pytest_mtchallenge.runs.signature import RunSignature
from pytest_mtchallenge.systems import SystemOptions, builtin_system_kinds
from pytest_mtchallenge.verdict import DecidedBy, JudgeMode, Outcome

SUITE = bundled_suites()["isabelle2017-en-fr"]


def plan(tmp_path: Path, *, suites: tuple[str, ...] = ("isabelle2017-en-fr",), systems: tuple[str, ...] = (),
         mode: JudgeMode = JudgeMode.AUTO_HUMAN, baseline: BaselineOptions | None = None) -> RunPlan:
    return RunPlan(suites=suites, systems=systems, mode=mode, checkers=builtin_checkers(),
                   system_kinds=builtin_system_kinds(), system_options=SystemOptions(rootdir=tmp_path),
                   invocation_dir=tmp_path, baseline=baseline)


def test_a_bundled_suite_is_planned_with_its_recorded_systems_and_one_judge(tmp_path: Path) -> None:
    run = plan(tmp_path)
    assert run.suite_paths == [SUITE.resolve()]
    suite_plan = run.suite_plan(SUITE)
    assert suite_plan is run.suite_plan(SUITE)  # built once
    assert [s.name for s in suite_plan.systems] == ["google-2016", "nmt", "pbmt-1"]
    assert suite_plan.judge.languages == ("en", "fr")
    assert set(suite_plan.judge.checkers) == {item.checker for item in suite_plan.suite.items}
    assert run.plans() == [suite_plan]


def test_the_judge_decides_as_the_checker_and_the_result_carries_the_report_fields(tmp_path: Path) -> None:
    suite_plan = plan(tmp_path).suite_plan(SUITE)
    item = suite_plan.suite.items[0]
    judgement = suite_plan.judge(item, system="nmt", output=item.references[0], note="cleaned")
    assert judgement.outcome is Outcome.PASS and judgement.decided_by is DecidedBy.CHECKER
    assert judgement.reason.endswith("[cleaned]")
    result = suite_plan.result(item, judgement)
    assert (result.position, result.system_position, result.judge) == (0, 1, "auto+human")
    assert result.subcategory_title == suite_plan.suite.subcategories[item.subcategory].title
    signature = RunSignature.parse(result.signature)
    assert signature.format() == result.signature
    assert (signature.suite, signature.judge, signature.system) == ("isabelle2017-en-fr", "auto+human", "recorded:nmt")
    assert signature.lexicons and signature.checkers.count("@") == len(suite_plan.judge.checkers)


def test_without_a_system_or_recorded_systems_the_references_are_judged_and_said(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "suite.yaml").write_text(
        "name: mine\ntitle: Mine\ncitation: own\nsource_language: en\ntarget_language: fr\ncategories:\n"
        "- id: C\n  title: C\n  subcategories:\n  - id: S\n    title: S\n    question: ok?\n    checker: human\n"
        "    items:\n    - id: S1\n      source: Hello\n      reference: Bonjour\n", encoding="utf-8")
    run = plan(tmp_path, suites=(str(folder),))
    assert [s.name for s in run.suite_plan(folder / "suite.yaml").systems] == ["reference"]
    assert run.implicit_reference == ["mine"]


def test_options_the_plan_cannot_follow_are_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(PlanError, match="--mt-suite: "):
        plan(tmp_path, suites=("no-such-suite",))
    with pytest.raises(PlanError, match="two --mt-system options have the column name 'a'"):
        plan(tmp_path, systems=("a=reference", "a=recorded:nmt"))
    run = plan(tmp_path, systems=("recorded:nope",))
    run.load(SUITE)
    with pytest.raises(PlanError, match="no suite of this run has a recorded system 'nope'"):
        run.check_systems_cover_suites()


def test_known_failures_from_an_xfail_file_pair_by_system_and_unknown_entries_are_warned(tmp_path: Path) -> None:
    item = plan(tmp_path).suite_plan(SUITE).suite.items[0]
    xfail = tmp_path / "xfail.yaml"
    xfail.write_text(f"nmt: ['{item.id}', 'nope']\nghost: ['{item.id}']\n", encoding="utf-8")
    run = plan(tmp_path, baseline=BaselineOptions.create(base=tmp_path, xfail=str(xfail)))
    suite_plan = run.suite_plan(SUITE)
    nmt = next(s for s in suite_plan.systems if s.name == "nmt")
    google = next(s for s in suite_plan.systems if s.name == "google-2016")
    reason, strict = run.known_failure(suite_plan, item, nmt)
    assert strict and f"{item.id} [nmt] failed in" in reason
    assert run.known_failure(suite_plan, item, google) is None
    warnings = run.xfail_warnings()
    assert any("system 'ghost' matches no system of this run" in w for w in warnings)
    assert any("1 item(s) of 'nmt' are in no suite of this run: nope" in w for w in warnings)


def test_an_xfail_system_paired_with_the_runs_one_system_of_another_name_is_warned(tmp_path: Path) -> None:
    """Applied by position (a new release against the old one), but said: a mistyped name is not silent."""
    item = plan(tmp_path).suite_plan(SUITE).suite.items[0]
    xfail = tmp_path / "xfail.yaml"
    xfail.write_text(f"old-release: ['{item.id}']\n", encoding="utf-8")
    run = plan(tmp_path, systems=("candidate=recorded:nmt",),
               baseline=BaselineOptions.create(base=tmp_path, xfail=str(xfail)))
    suite_plan = run.suite_plan(SUITE)
    (candidate,) = suite_plan.systems
    assert run.known_failure(suite_plan, item, candidate) is not None
    (warning,) = run.xfail_warnings()
    assert warning.startswith(f"--mt-xfail={xfail}: system 'old-release' matches no system of this run by name: "
                              "its known failures were applied to 'candidate', the run's only system")
    named = plan(tmp_path, systems=("old-release=recorded:nmt",),
                 baseline=BaselineOptions.create(base=tmp_path, xfail=str(xfail)))
    named_plan = named.suite_plan(SUITE)
    assert named.known_failure(named_plan, item, named_plan.systems[0]) is not None
    assert named.xfail_warnings() == []


def test_a_workers_record_holds_only_what_the_worker_knows_and_rebuilds_the_same_result(tmp_path: Path) -> None:
    worker, controller = plan(tmp_path), plan(tmp_path)
    suite_plan = worker.suite_plan(SUITE)
    for item in suite_plan.suite.items[:20]:
        judgement = suite_plan.judge(item, system="nmt", output=item.references[0])
        result = suite_plan.result(item, judgement)
        record = suite_plan.record(result)
        assert not {"suite", "category", "subcategory", "source", "question", "reference", "signature",
                    "suite_title"} & set(record)
        assert len(repr(record)) < len(repr(result.to_dict())) / 2
        assert controller.result_from_record(record) == result


def test_a_judgement_whose_category_is_not_the_items_keeps_it_in_the_record(tmp_path: Path) -> None:
    import dataclasses

    run = plan(tmp_path)
    suite_plan = run.suite_plan(SUITE)
    item = suite_plan.suite.items[0]
    judgement = dataclasses.replace(suite_plan.judge(item, system="nmt", output="x"), category="elsewhere")
    record = suite_plan.record(suite_plan.result(item, judgement))
    assert record["category"] == "elsewhere"
    assert run.result_from_record(record).judgement.category == "elsewhere"


@pytest.mark.parametrize(("change", "message"), [
    ({"path": None}, "has no 'path'"),
    ({"path": "nowhere/suite.yaml"}, "names a suite this process cannot load"),
    ({"id": "NO-SUCH-ITEM"}, "a worker judged item 'NO-SUCH-ITEM', which the suite lacks"),
    ({"outcome": "maybe"}, "a worker's judgement record is unreadable"),
])
def test_a_record_the_controller_cannot_rebuild_is_a_plan_error(tmp_path: Path, change: dict[str, object],
                                                                message: str) -> None:
    run = plan(tmp_path)
    suite_plan = run.suite_plan(SUITE)
    item = suite_plan.suite.items[0]
    record = suite_plan.record(suite_plan.result(item, suite_plan.judge(item, system="nmt", output="x")))
    record.update(change)
    record = {key: value for key, value in record.items() if value is not None}
    with pytest.raises(PlanError, match=message.replace("(", r"\(")):
        run.result_from_record(record)


def test_a_crashed_test_is_its_item_s_error_found_by_its_suite_and_name(tmp_path: Path) -> None:
    run = plan(tmp_path)
    item = run.suite_plan(SUITE).suite.items[3]
    result = run.unjudged_result(SUITE, f"{item.id}[pbmt-1]")
    assert (result.judgement.item, result.judgement.system, result.judgement.outcome) == (item.id, "pbmt-1",
                                                                                          Outcome.ERROR)
    assert result.position == 3 and result.system_position == 2
    for name in (f"{item.id}[nobody]", "NO-SUCH-ITEM[nmt]", item.id):
        with pytest.raises(PlanError, match="no item and system of the suite is the crashed test"):
            run.unjudged_result(SUITE, name)
    with pytest.raises(PlanError, match="names a suite this process cannot load"):
        run.unjudged_result(tmp_path / "nowhere.yaml", f"{item.id}[nmt]")
