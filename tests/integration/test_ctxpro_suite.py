"""The ctxpro English–French sets run unchanged with DeepL's outputs, from ../shared/external."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

CTXPRO = Path(__file__).resolve().parents[3] / "shared" / "external" / "ctxpro-en-fr" / "paper"
FORMALITY = CTXPRO / "jsons" / "mini.formality.opensubtitles.en-fr.test.json"
AUXILIARY = CTXPRO / "jsons" / "auxiliary.opensubtitles.en-fr.test.json"


@pytest.fixture(autouse=True)
def published() -> None:
    if not FORMALITY.exists():
        pytest.skip(f"the ctxpro English–French sets are not available at {CTXPRO} (read from there, never copied)")


def test_the_formality_set_collects_a_test_per_item_and_deepl_system(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(f"--mt-suite={FORMALITY}", "--mt-judge=auto", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["24000 tests collected*"])


def test_one_rule_judged_by_ctxpros_rule_gives_ctxpros_counts(pytester: pytest.Pytester) -> None:
    """``ctxpro score -p`` prints ACC.FORM+PLUR (vous): 1612 of 2000 (sentences), 1429 (contexts)."""
    result = pytester.runpytest(f"--mt-suite=ctxpro-upstream:{FORMALITY}", "--mt-judge=auto", "-m", "ACC_FORM_PLUR",
                                "--mt-report=r.json", "--mt-report-only", "-q", "-p", "no:randomly")
    assert result.ret == pytest.ExitCode.OK
    runs = {run["system"]: run["summary"]["overall"] for run in json.loads((pytester.path / "r.json").read_text())["runs"]}
    assert {name: (s["pass"], s["total"]) for name, s in runs.items()} == {
        "deepl-sentences": (1612, 2000), "deepl-contexts": (1429, 2000)}


def test_the_french_families_judge_the_rules_of_auxiliary(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(f"--mt-suite={AUXILIARY}", "--mt-judge=auto", "-m", "WOULD_ELL", "-k", "deepl-contexts",
                                "--mt-report=r.json", "--mt-report-only", "-q", "-p", "no:randomly")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["*judged by the verb_ellipsis family*"])
    (run,) = json.loads((pytester.path / "r.json").read_text())["runs"]
    overall = run["summary"]["overall"]
    # a pass on an output that may translate something else is left to a human (languages/relatedness.py):
    # at most 1 % of these real outputs
    assert overall["total"] == 731 and overall["review"] <= 7 and overall["error"] == 0
    assert overall["pass"] and overall["fail"] and overall["na"]
    assert all(item["decided_by"] == "checker" for item in run["items"] if item["outcome"] != "review")
    failed = next(item for item in run["items"] if item["outcome"] == "fail")
    assert "faire" in failed["reason"] or "another verb" in failed["reason"]


@pytest.mark.slow
def test_a_saved_ctxpro_run_is_compressed_and_compared(pytester: pytest.Pytester) -> None:
    """Issue 25, finding 10: both sets saved made 82 MB that --mt-compare refused. An autosaved run is
    gzip-compressed JSON (a tenth of its size here), and the next run compares with it."""
    args = [f"--mt-suite=ctxpro-upstream:{FORMALITY}", "--mt-judge=auto", "-m", "ACC_FORM_PLUR", "-q",
            "-p", "no:randomly"]
    pytester.runpytest(*args, "--mt-autosave", "--mt-report-only")
    (saved,) = (pytester.path / ".mtchallenge" / "runs").iterdir()
    assert saved.name == "0001_deepl-contexts+deepl-sentences.partial.json.gz"  # -m: a selection, still 'last'
    text = gzip.decompress(saved.read_bytes())
    assert len(json.loads(text)["runs"]) == 2 and saved.stat().st_size < len(text) / 10
    result = pytester.runpytest(*args, "--mt-compare=last", "--mt-compare-fail=items:0")
    result.stdout.fnmatch_lines(["*[[]deepl-sentences[]] against [[]deepl-sentences[]], 2000 paired items: "
                                 "80.6% → 80.6% (+0.0 points)*", "gate holds (rules *"])
    assert result.ret == pytest.ExitCode.OK
