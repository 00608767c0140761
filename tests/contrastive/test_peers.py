"""Parity with the peers' evaluate.py: fed the same scores, the same per-category accuracies, digit for digit.

ContraPro's ``evaluate.py`` itself runs in a subprocess from ``../shared/external/contrapro/`` (skipped
with a reason when that folder is absent). Lingeval97's script is not vendored: its rule (each pair
counts, by error type, distance bin and frequency bin) is checked against counts made here by hand.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_mtchallenge.contrastive.judging import all_requests, contrastive_params, judge_scores
from pytest_mtchallenge.reporting.peers import Decided, contrapro_text, decided_items, lingeval97_text
from pytest_mtchallenge.systems.scoring import score
from pytest_mtchallenge.formats import load_any_suite
from pytest_mtchallenge.formats.lingeval97 import frequency_bin
from pytest_mtchallenge.reporting import ItemResult
from pytest_mtchallenge.systems import SystemOptions
from pytest_mtchallenge.systems.scores import ScoresFileSystem
from tests.contrastive.peer_files import write_contrapro, write_lingeval97

CONTRAPRO = Path(__file__).resolve().parents[3] / "shared" / "external" / "contrapro"
if not CONTRAPRO.is_dir():
    CONTRAPRO = Path("/work/shared/external/contrapro")


def judged(suite_path: Path, scores_path: Path, *, better: str = "lower") -> list[ItemResult]:
    suite = load_any_suite(suite_path, checkers={"contrastive": object})
    system = ScoresFileSystem(argument=f"{scores_path},better={better}", name="scores", options=SystemOptions())
    system.check_suite(suite)
    items = [(item, contrastive_params(item)) for item in suite.items]
    scores = score(system, suite=suite, requests=all_requests(items))  # type: ignore[arg-type]
    return [ItemResult(judgement=judge_scores(item, params, system="scores", scores=scores.scores,  # type: ignore[arg-type]
                                              errors=scores.errors)[0]) for item, params in items]


def run_contrapro_evaluate(tmp_path: Path, reference: Path, scores: Path, *, maximize: bool = False) -> str:
    if not (CONTRAPRO / "evaluate.py").is_file():
        pytest.skip(f"ContraPro's evaluate.py is not at {CONTRAPRO} (../shared/external/contrapro)")
    stub = tmp_path / "stub"  # evaluate.py imports scipy and never uses it (see ABOUT.md)
    (stub / "scipy").mkdir(parents=True)
    (stub / "scipy" / "__init__.py").write_text("")
    (stub / "scipy" / "stats.py").write_text("")
    try:
        import scipy  # noqa: F401
        path = ""
    except ImportError:
        path = str(stub)
    command = [sys.executable, "evaluate.py", "--reference", str(reference), "--scores", str(scores)]
    done = subprocess.run(command + (["--maximize"] if maximize else []), cwd=CONTRAPRO, capture_output=True,
                          text=True, env={"PYTHONPATH": path, "PATH": "/usr/bin:/bin"}, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_contrapro_file_has_every_category_and_distance_bin(tmp_path):
    reference, _ = write_contrapro(tmp_path)
    records = json.loads(reference.read_text())
    assert len(records) >= 200 and all(1 <= len(r["errors"]) <= 4 for r in records)
    assert sum(len(r["errors"]) > 1 for r in records) > 100
    bins = {(">3" if r["ante distance"] > 3 else str(r["ante distance"])) for r in records}
    assert bins == {"0", "1", "2", "3", ">3"}
    categories = {f"{r['src pronoun'].lower()}:{r['ref pronoun']}" for r in records}
    assert categories == {"it:er", "it:sie", "it:es", "they:sie", "you:du", "you:sie"}


@pytest.mark.parametrize("maximize", [False, True], ids=["lower-is-better", "maximize"])
def test_contrapro_accuracies_equal_evaluate_py(tmp_path, maximize):
    reference, scores = write_contrapro(tmp_path / "set")
    results = judged(reference, scores, better="higher" if maximize else "lower")
    expected = run_contrapro_evaluate(tmp_path, reference, scores, maximize=maximize)
    assert contrapro_text(decided_items(results)) == expected


def test_contrapro_reads_the_extracted_text_and_context_in_place(tmp_path):
    reference, scores = write_contrapro(tmp_path / "set", texts=True)
    suite = load_any_suite(reference, checkers={"contrastive": object})
    first = suite.items[0]
    assert suite.name == "contrapro" and suite.source_language == "en" and suite.target_language == "de"
    assert first.source.startswith("The ") and first.reference.startswith("Der ")
    assert len(suite.data_paths) == 4  # hashed into the run's signature, never copied
    with_context = next(item for item in suite.items if item.context)
    assert with_context.context_references and with_context.context[0].startswith("Before")
    expected = run_contrapro_evaluate(tmp_path, reference, scores)
    assert contrapro_text(decided_items(judged(reference, scores))) == expected


def test_ties_are_wrong_as_in_evaluate_py_and_reported_as_near_ties(tmp_path):
    reference, scores = write_contrapro(tmp_path)
    results = judged(reference, scores)
    ties = [r for r in results if "contrastive-tie:yes" in r.judgement.evidence]
    assert ties and any(r.outcome == "fail" for r in ties)
    assert all("near tie" in r.judgement.reason for r in ties)


def lingeval97_expected(reference: Path, scores: Path) -> dict[str, dict[str, list[int]]]:
    """Lingeval97's counts by hand: each pair on its own, lower scores better, bins as its script's."""
    values = [float(line) for line in scores.read_text().splitlines()]
    counts: dict[str, dict[str, list[int]]] = {"type": {}, "distance": {}, "frequency": {}}
    line = 0
    for record in json.loads(reference.read_text()):
        correct = values[line]
        line += 1
        for error in record["errors"]:
            right = int(correct < values[line])
            line += 1
            keys = {"type": error["type"]}
            if "distance" in error:
                keys["distance"] = str(error["distance"]) if error["distance"] <= 15 else ">15"
            if "frequency" in error:
                keys["frequency"] = frequency_bin(error["frequency"])
            for name, key in keys.items():
                counts[name].setdefault(key, [0, 0])
                counts[name][key][0] += right
                counts[name][key][1] += 1
    return counts


def test_frequency_bins_follow_lingeval97s_table():
    assert [frequency_bin(n) for n in (0, "0", 1, 2, 3, 5, 6, 10, 11, 10000, 10001, -3, 2.0)] == [
        "0", "0", "1", "2", ">2", ">2", ">5", ">5", ">10", ">5k", ">10k", ">10k", "2"]


def test_lingeval97_accuracies_follow_its_rule(tmp_path):
    reference, scores = write_lingeval97(tmp_path)
    results = judged(reference, scores)
    assert len(results) == sum(len(r["errors"]) for r in json.loads(reference.read_text()))  # one item per pair
    text = lingeval97_text(decided_items(results))
    expected = lingeval97_expected(reference, scores)
    for name, prefix in (("type", "{} : "), ("distance", "distance {}: "), ("frequency", "{} : ")):
        assert len(expected[name]) > (12 if name == "type" else 10)
        for key, (right, total) in expected[name].items():
            assert f"{prefix.format(key)}{right} {total} {right / total}\n" in text
    right = sum(c[0] for c in expected["type"].values())
    total = sum(c[1] for c in expected["type"].values())
    assert text.startswith(f"total : {right} {total} {right / total}\n\nstatistics by error category\n")
    assert text.endswith("\n\n")


def test_lingeval97_leaves_out_error_types_its_script_does_not_know():
    decided = [Decided(right=True, facets={"type": "np_agreement"}, pairs=((True, "np_agreement"),)),
               Decided(right=False, facets={"type": "made_up"}, pairs=((False, "made_up"),))]
    assert lingeval97_text(decided).startswith("total : 1 1 1.0\n")
