"""The run's files at its end: each report and the saved run written on its own, a failure one line."""
from __future__ import annotations

import json
from pathlib import Path

from pytest_mtchallenge.runs.baseline import BaselineOptions
from pytest_mtchallenge.runs.delivery import Delivery
from pytest_mtchallenge.reporting import ItemResult, build_runs
from tests.test_report import all_items


def runs():  # type: ignore[no-untyped-def]
    return build_runs([ItemResult.from_dict(record) for record in all_items("pass")])


def test_every_report_and_the_saved_run_are_written(tmp_path: Path) -> None:
    reports = [("json", tmp_path / "report.json"), ("html", tmp_path / "report.html")]
    delivery = Delivery(reports, BaselineOptions.create(base=tmp_path, save=str(tmp_path / "saved.json")))
    delivery.write_reports(runs(), meta_evaluation=None)
    delivery.save(runs(), environment=lambda: {"python": "3"})
    assert delivery.written_reports == [tmp_path / "report.json", tmp_path / "report.html"]
    assert delivery.saved_path == tmp_path / "saved.json"
    assert json.loads((tmp_path / "saved.json").read_text(encoding="utf-8"))["runs"]
    assert not delivery.failed and delivery.write_errors == []


def test_a_report_that_cannot_be_written_is_one_line_and_keeps_nothing_else_from_being_written(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    reports = [("json", blocked / "report.json"), ("json", tmp_path / "report.json")]
    delivery = Delivery(reports, BaselineOptions.create(base=tmp_path, save=str(tmp_path / "saved.json")),
                        shown=lambda path: path.relative_to(tmp_path))
    delivery.write_reports(runs(), meta_evaluation=None)
    delivery.save(runs(), environment=lambda: {})
    (line,) = delivery.write_errors
    assert line.startswith("ERROR mtchallenge: the json report a-file/report.json could not be written: ")
    assert "\n" not in line
    assert delivery.written_reports == [tmp_path / "report.json"] and delivery.saved_path is not None
    assert delivery.failed


def test_without_save_options_nothing_is_saved_and_nothing_fails(tmp_path: Path) -> None:
    delivery = Delivery([], BaselineOptions.create(base=tmp_path))
    delivery.save(runs(), environment=lambda: {})
    assert delivery.saved_path is None and not delivery.failed
