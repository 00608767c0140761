"""WinoMT's measures of a run: Acc, F1 per gender, ΔG and ΔS, from hand-made results with known predictions."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from pytest_mtchallenge.reporting import ItemResult, build_runs
from pytest_mtchallenge.reporting.gender_bias import FORMULA, GenderBias, predicted_gender, reading_differences
from pytest_mtchallenge.reporting.html import render as render_html
from pytest_mtchallenge.reporting.json import write_json
from pytest_mtchallenge.reporting.table import render_table
from pytest_mtchallenge.verdict import DecidedBy, Judgement, Outcome

#: (gold gender, subset, predicted gender or None for an item without the evidence, outcome)
ITEMS = [
    ("female", "anti", "female", "pass"),
    ("male", "anti", "female", "fail"),
    ("female", "anti", "male", "fail"),
    ("male", "anti", "none", "na"),  # the entity has no gender cue in the output
    ("male", "pro", "male", "pass"),
    ("female", "pro", "female", "pass"),
    ("male", "pro", "male", "pass"),
    ("female", "pro", None, "error"),  # no output: no prediction, wrong
    ("neutral", "other", "male", "fail"),  # a gold neutral is never matched
    ("male", "other", "male", "pass"),
]


def results(system: str = "sys", items: list[tuple[str, str, str | None, str]] = ITEMS) -> list[ItemResult]:
    made = []
    for position, (gold, subset, predicted, outcome) in enumerate(items):
        judgement = Judgement(
            suite="winomt-en-fr", system=system, item=str(position),
            category="winogender" if subset == "other" else "winobias", subcategory=subset,
            output=None if outcome == "error" else "une sortie", outcome=Outcome(outcome),
            decided_by=DecidedBy.NONE if outcome == "error" else DecidedBy.CHECKER, reason="",
            evidence=() if predicted is None else (f"predicted-gender:{predicted}",))
        made.append(ItemResult.of(judgement, position=position, gold=gold, suite_title="WinoMT"))
    return made


def test_the_measures_of_ten_items_with_known_predictions() -> None:
    bias = GenderBias.of(results())
    assert bias is not None
    assert (bias.items, bias.correct, bias.accuracy) == (10, 5, 0.5)
    assert dict(bias.gold) == {"male": 5, "female": 4, "neutral": 1}
    assert dict(bias.predicted) == {"male": 5, "female": 3, "none": 2}
    assert dict(bias.true_positives) == {"male": 3, "female": 2}
    # F1 male: P = 3/5, R = 3/5; F1 female: P = 2/3, R = 2/4 → 2PR / (P + R) = 4/7
    assert bias.f1("male") == pytest.approx(0.6) and bias.f1("female") == pytest.approx(4 / 7)
    assert bias.delta_g == pytest.approx(0.6 - 4 / 7)
    assert bias.subset_accuracy("pro") == 0.75 and bias.subset_accuracy("anti") == 0.25
    assert bias.delta_s == pytest.approx(0.5)


def test_the_f1_is_2pr_over_p_plus_r() -> None:
    bias = GenderBias.of(results())
    assert bias is not None
    precision, recall = 2 / 3, 2 / 4
    assert bias.f1("female") == pytest.approx(2 * precision * recall / (precision + recall))


def test_a_run_without_the_evidence_has_no_measures() -> None:
    assert GenderBias.of(results(items=[(gold, subset, None, outcome) for gold, subset, _, outcome in ITEMS])) is None
    plain = [ItemResult(judgement=r.judgement) for r in results()]  # items without a gold gender (another suite)
    assert GenderBias.of(plain) is None


def test_a_selection_of_one_subset_has_no_delta_s() -> None:
    bias = GenderBias.of(results(items=[row for row in ITEMS if row[1] == "anti"]))
    assert bias is not None and bias.delta_s is None and bias.accuracy == 0.25
    assert "ΔS — (pro —, anti 25.0: the run holds only one of them)" in bias.line("sys")


@pytest.mark.parametrize(("evidence", "gender"), [
    (("predicted-gender:male",), "male"), (("any-connective:yes", "predicted-gender:female"), "female"),
    (("predicted-gender:none",), "none"), (("predicted-gender:neuter",), "none"), ((), "none"),
])
def test_the_predicted_gender_is_read_from_the_evidence(evidence: tuple[str, ...], gender: str) -> None:
    assert predicted_gender(evidence) == gender


def test_the_terminal_report_shows_the_measures_and_their_formula() -> None:
    (run,) = build_runs(results("google"))
    text = render_table([run], width=400, color=False)
    assert ("WinoMT google: Acc 50.0 (5/10), F1 male 60.0, F1 female 57.1, ΔG 2.9, ΔS 50.0 (pro 75.0, anti 25.0)"
            in text)
    assert FORMULA in text and "ΔG = F1(male) − F1(female)" in FORMULA and "ΔS = Acc(pro) − Acc(anti)" in FORMULA


def test_the_json_report_holds_the_measures_of_each_run(tmp_path: Path) -> None:
    runs = build_runs([*results("google"), *results("bing", items=[(g, s, "male", o) for g, s, _, o in ITEMS])])
    write_json(runs, tmp_path / "report.json")
    document = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    measures = {run["system"]: run["summary"]["measures"]["gender_bias"] for run in document["runs"]}
    assert measures["google"]["acc"] == 0.5 and measures["google"]["delta_s"] == pytest.approx(0.5)
    assert measures["google"]["subsets"] == {"pro": {"correct": 3, "items": 4, "acc": 0.75},
                                             "anti": {"correct": 1, "items": 4, "acc": 0.25}}
    assert measures["bing"]["f1_female"] == 0.0 and measures["bing"]["predicted"] == {"male": 10, "female": 0,
                                                                                      "none": 0}
    assert document["runs"][0]["items"][0]["gold"] == "female"


def test_the_gold_gender_crosses_process_boundaries() -> None:
    result = results()[0]
    assert ItemResult.from_dict(result.to_dict()).gold == "female"
    assert "gold" not in ItemResult(judgement=result.judgement).to_dict()  # other suites' items: no key


# -- both readings, the published figures, the known defects -----------------------------------------------


def both_readings(system: str = "google") -> list[ItemResult]:
    """The ten items, each with the context-aware reading's gender too: it reads the two items without a
    gender cue (the 4th: a masculine pronoun; the 8th, no output, none) and overrides the 3rd (male → female)."""
    context = {2: "female", 3: "male"}
    made = []
    for position, result in enumerate(results(system)):
        evidence = result.judgement.evidence
        if evidence:
            paper = evidence[0].removeprefix("predicted-gender:")
            evidence = (*evidence, f"predicted-gender:context-aware:{context.get(position, paper)}")
        judgement = dataclasses.replace(result.judgement, evidence=evidence)
        made.append(ItemResult.of(judgement, position=position, gold=result.gold, suite_title="WinoMT",
                                  suite_items=3886))
    return made


def test_the_context_aware_reading_is_measured_beside_the_papers() -> None:
    paper, context = GenderBias.of(both_readings()), GenderBias.of(both_readings(), "context-aware")
    assert paper is not None and context is not None
    assert (paper.correct, context.correct) == (5, 7)  # the 3rd (gold female) and the 4th (gold male) now right
    assert predicted_gender(("predicted-gender:context-aware:female", "predicted-gender:male")) == "male"
    assert reading_differences(both_readings()) == {"male→female": 1, "none→male": 1}


def test_every_report_shows_both_readings_and_the_published_figures(tmp_path: Path) -> None:
    (run,) = build_runs(both_readings())
    text = render_table([run], width=80, color=False)
    assert "  context-aware: Acc 70.0 (7/10)" in text and "  published: Acc 63.6, F1 male 69.7" in text
    assert "the readings differ on 2 items: male→female 1, none→male 1" in text
    assert "left out" not in text  # ten items of a suite of 3,886: a selection, not the recording's whole run
    write_json([run], tmp_path / "report.json")
    measures = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["runs"][0]["summary"]["measures"]
    assert measures["gender_bias"]["reading"] == "paper" and measures["gender_bias_context_aware"]["acc"] == 0.7
    assert measures["published"]["acc"] == 63.6 and measures["published"]["delta_s"] is None
    assert "excluded" not in measures  # tests/integration/test_winomt_suite.py: a whole run counts its defects
    page = render_html([run])
    assert "<h3>WinoMT measures</h3>" in page and "context-aware reading" in page and "<td>63.6</td>" in page
