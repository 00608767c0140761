"""Agreement statistics (pytest_mtchallenge.judge.annotators) and ``mtchallenge agreement``, against
examples computed by hand."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from review_suite import write_suite
from pytest_mtchallenge.judge.annotators import (
    AgreementFigures,
    Unit,
    agreement_report,
    cohen_kappa,
    fleiss_kappa,
    gwet_ac1,
    observed_agreement,
    units_of,
)
from pytest_mtchallenge.cli import main
from pytest_mtchallenge.model import RecordedVerdict
from pytest_mtchallenge.review.verdict_file import VerdictFile

# Two annotators, ten outputs. They agree on 8 (p_o = 0.8).
# A: yes 6, no 3, na 1; B: yes 5, no 3, na 2.
#   Cohen:  p_e = .6·.5 + .3·.3 + .1·.2 = .41;             κ = (.8 − .41) / .59 = 39/59
#   Fleiss: π = (11/20, 6/20, 3/20); p_e = Σπ² = .415;     κ = (.8 − .415) / .585 = 77/117
#   AC1:    p_e = Σπ(1 − π) / (3 − 1) = .585 / 2 = .2925; AC1 = (.8 − .2925) / .7075 = 203/283
ANA = "yes yes yes yes yes no no no na yes".split()
BEN = "yes yes yes no yes no no na na yes".split()

# Three annotators, four outputs:
#   unit 1: yes yes yes → Σn(n−1)/(3·2) = 6/6 = 1;  unit 2: yes yes no → 2/6;  unit 3: no no no → 1;  unit 4: yes no na → 0
#   p_a = (1 + 1/3 + 1 + 0) / 4 = 7/12;  π = (6/12, 5/12, 1/12)
#   Fleiss: p_e = (36 + 25 + 1) / 144 = 62/144;  κ = (84 − 62) / (144 − 62) = 22/82
#   AC1:    p_e = (36 + 35 + 11) / 144 / 2 = 41/144;  AC1 = (84 − 41) / (144 − 41) = 43/103
THREE = [("yes", "yes", "yes"), ("yes", "yes", "no"), ("no", "no", "no"), ("yes", "no", "na")]


def rated(*annotations: tuple[str, list[str]]) -> list[tuple[RecordedVerdict, str]]:
    return [(RecordedVerdict(item=f"I{n}", output=f"sortie {n}", verdict=value, annotator=name), "")
            for name, values in annotations for n, value in enumerate(values)]


def three_raters() -> list[Unit]:
    names = ("ana", "ben", "chloé")
    return units_of([(RecordedVerdict(item=f"I{n}", output="o", verdict=value, annotator=name), "")
                     for n, values in enumerate(THREE) for name, value in zip(names, values)])


def test_two_annotators_match_the_hand_computed_figures() -> None:
    units = units_of(rated(("ana", ANA), ("ben", BEN)))
    assert len(units) == 10
    assert observed_agreement(units) == pytest.approx(0.8)
    assert cohen_kappa(units, "ana", "ben") == pytest.approx(39 / 59)
    assert fleiss_kappa(units) == pytest.approx(77 / 117)
    assert gwet_ac1(units) == pytest.approx(203 / 283)


def test_three_annotators_match_the_hand_computed_figures() -> None:
    units = three_raters()
    figures = AgreementFigures.of("overall", units)
    assert figures.units == 4 and figures.ratings == 12
    assert figures.observed == pytest.approx(7 / 12)
    assert figures.fleiss == pytest.approx(22 / 82)
    assert figures.ac1 == pytest.approx(43 / 103)
    assert figures.cohen is None  # three annotators: no Cohen's κ


def test_anonymous_counts_give_the_same_figures_as_named_annotators() -> None:
    counted = units_of([(RecordedVerdict(item=f"I{n}", output="o", verdict="yes",
                                         annotators={v: values.count(v) for v in set(values)}), "")
                        for n, values in enumerate(THREE)])
    assert fleiss_kappa(counted) == pytest.approx(22 / 82)
    assert gwet_ac1(counted) == pytest.approx(43 / 103)
    assert AgreementFigures.of("overall", counted).cohen is None


def test_unanimous_verdicts_leave_kappa_undefined_but_not_ac1() -> None:
    # The "κ paradox" that made DiP report AC1: every rating "yes" gives p_e = 1 for κ.
    units = units_of(rated(("ana", ["yes"] * 5), ("ben", ["yes"] * 5)))
    assert cohen_kappa(units, "ana", "ben") is None and fleiss_kappa(units) is None
    assert gwet_ac1(units) == pytest.approx(1.0)


def test_an_annotators_later_verdict_replaces_the_earlier_and_outputs_match_after_normalisation() -> None:
    units = units_of([
        (RecordedVerdict(item="I1", output="C'est ça.", verdict="no", annotator="ana"), ""),
        (RecordedVerdict(item="I1", output="C’est  ça .", verdict="yes", annotator="ben"), ""),
        (RecordedVerdict(item="I1", output="C'est ça.", verdict="yes", annotator="ana"), ""),
    ])
    (unit,) = units
    assert dict(unit.ratings) == {"ana": "yes", "ben": "yes"}
    assert unit.majority() == "yes"


def test_outputs_rated_once_are_left_out() -> None:
    units = units_of(rated(("ana", ANA), ("ben", BEN[:4])))
    report = agreement_report(units)
    assert report.overall.units == 4 and report.rated_once == 6
    assert observed_agreement([u for u in units if u.size < 2]) is None


def test_the_notes_count_one_output_in_the_singular() -> None:
    from pytest_mtchallenge.judge.annotators import render_agreement

    units = units_of(rated(("ana", ["yes", "no"]), ("ben", ["no"])))  # the first a tie, the second rated once
    text = render_agreement(agreement_report(units), width=120)
    assert "1 output rated by one annotator only is left out" in text
    assert "1 output has no majority verdict (a tie)" in text


def test_agreement_per_subcategory_and_the_checker_against_the_majority(tmp_path: Path) -> None:
    from pytest_mtchallenge.checkers import builtin_checkers
    from pytest_mtchallenge.formats.yaml import load_suite

    suite = load_suite(write_suite(tmp_path))
    units = units_of([(RecordedVerdict(item=item, output="o", verdict=value, annotator=name), "")
                      for item, values in zip(("H1a", "H1b", "H1c"), (("yes", "yes"), ("no", "yes"), ("no", "no")))
                      for name, value in zip(("ana", "ben"), values)])
    report = agreement_report(units, suite=suite, checkers={"human": builtin_checkers()["human"]()})
    assert [f.group for f in report.subcategories] == ["H1"]
    assert report.ties == 1  # H1b: one yes, one no
    assert report.checker is not None
    overall = report.checker.overall
    assert (overall.total, overall.decided) == (2, 0)  # the human family decides nothing


def write_verdicts(path: Path, annotator: str, values: list[str]) -> Path:
    items = [f"H1{letter}" for letter in "abcd"]
    file = VerdictFile(path, suite="demo-review", item_ids=items)
    file.append([RecordedVerdict(item=items[n % 4], output=f"sortie {n}", verdict=value, annotator=annotator)
                 for n, value in enumerate(values)])
    return path


def test_the_command_prints_the_hand_computed_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite = write_suite(tmp_path)
    ana = write_verdicts(tmp_path / "ana.yaml", "ana", ANA)
    ben = write_verdicts(tmp_path / "ben.yaml", "ben", BEN)
    assert main(["agreement", str(ana), str(ben), "--suite", str(suite)]) == 0
    out = capsys.readouterr().out
    assert "annotators: ana, ben" in out
    overall = next(line for line in out.splitlines() if line.startswith("overall"))
    assert [cell for cell in overall.split() if cell != "│"][1:7] == ["10", "20", "80%", f"{39 / 59:.3f}", f"{77 / 117:.3f}", f"{203 / 283:.3f}"]
    assert main(["agreement", str(ana), str(ben), "--suite", str(suite), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["overall"]["cohen_kappa"] == pytest.approx(39 / 59)
    assert figures["overall"]["gwet_ac1"] == pytest.approx(203 / 283)
    assert figures["subcategories"][0]["group"] == "H1"


def test_unnamed_verdicts_take_their_files_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text('verdicts:\n- {item: A, output: "x", verdict: "yes"}\n- {item: B, output: "y", verdict: "no"}\n')
    second.write_text('verdicts:\n- {item: A, output: "x", verdict: "yes"}\n- {item: B, output: "y", verdict: "yes"}\n')
    assert main(["agreement", str(first), str(second), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["annotators"] == ["first.yaml", "second.yaml"]
    assert figures["overall"]["raw_agreement"] == pytest.approx(0.5)
    assert figures["subcategories"] == [] and "checker_against_majority" not in figures


def test_a_bad_verdict_file_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text('verdicts:\n- {item: A, output: "x", verdict: "maybe"}\n')
    assert main(["agreement", str(bad)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"mtchallenge: {bad}: item A: field 'verdicts[0].verdict': expected one of yes, no, na, found 'maybe'")
