"""ctxpro at scale: both English–French sets with both DeepL systems (40,644 tests) in one run.

Run from the repository root:  python benchmarks/bench_ctxpro.py [--rounds 3] [--compare-items]

Reads ../shared/external/ctxpro-en-fr (skipped with a message when absent). Every measurement is a
separate process, started back to back and alternated, so the machine's load falls on all sides
alike; the script prints medians and ratios:

1. the loader: both sets in both readings (``ctxpro:`` and ``ctxpro-upstream:``), in this process;
2. the plugin on both sets (40,644 tests, ``--mt-judge=auto``), in each reading, against bare pytest
   running as many trivial parametrized tests with the same outcomes (pass, fail, skip) and messages
   of the same length (taken from the plugin's own report): wall time and peak memory;
3. the plugin in the upstream reading against ``ctxpro score`` (0.0.5, when installed) on the same
   four output files, and whether the rates are ctxpro's;
4. with ``--compare-items``: every item of the four files judged by ``ctxpro-expected`` against
   ctxpro's own functions (its sentence splitter takes about 3 ms a line: minutes).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_scale import run_measured

ROOT = Path(__file__).resolve().parents[1]
CTXPRO = ROOT.parent / "shared" / "external" / "ctxpro-en-fr" / "paper"
SETS = ("mini.formality.opensubtitles.en-fr.test", "auxiliary.opensubtitles.en-fr.test")
READINGS = ("ctxpro", "ctxpro-upstream")
#: ``ctxpro score`` 0.0.5 on the DeepL files, as printed (the README beside them).
UPSTREAM = {("mini.formality.opensubtitles.en-fr.test", "deepl-sentences"): 40.6,
            ("mini.formality.opensubtitles.en-fr.test", "deepl-contexts"): 51.5,
            ("auxiliary.opensubtitles.en-fr.test", "deepl-sentences"): 1.3,
            ("auxiliary.opensubtitles.en-fr.test", "deepl-contexts"): 32.2}


def median_pair(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def bench_loader(rounds: int) -> None:
    sys.path.insert(0, str(ROOT))
    from pytest_mtchallenge.checkers import builtin_checkers
    from pytest_mtchallenge.formats import load_any_suite

    families = builtin_checkers()
    for reading in READINGS:
        for name in SETS:
            times = []
            for _ in range(rounds):
                start = time.perf_counter()
                suite = load_any_suite(CTXPRO / "jsons" / f"{name}.json", format=reading, checkers=families)
                times.append(time.perf_counter() - start)
            median = statistics.median(times)
            print(f"loader {reading:<16} {name:<42} {len(suite.items):>6} items, 2 systems: {median:.2f}s "
                  f"({1e6 * median / len(suite.items):.0f} µs/item)")


def plugin_args(reading: str, report: Path | None = None) -> list[str]:
    args = [f"--mt-suite={reading}:{CTXPRO / 'jsons' / f'{name}.json'}" for name in SETS]
    args += ["--mt-judge=auto", "-p", "no:randomly"]
    return args + ([f"--mt-report={report}"] if report else [])


def bare_suite(directory: Path, report: Path, reading: str) -> tuple[Path, dict[str, int]]:
    """Trivial parametrized tests with the plugin's outcomes and messages of the same length."""
    cases = []
    counts = {"pass": 0, "fail": 0, "skip": 0}
    for run in json.loads(report.read_text(encoding="utf-8"))["runs"]:
        for item in run["items"]:
            outcome = item["outcome"]
            if outcome == "fail":
                message = "\n".join([f"{item['id']} [{item['system']}] — {item['subcategory_title']} "
                                     f"({item['subcategory']}, {item['category']})", f"question:  {item['question']}",
                                     f"source:    {item['source']}", f"reference: {item['reference']}",
                                     f"output:    {item['output']}",
                                     f"verdict:   fail (decided by checker): {item['reason']}"])
            elif outcome == "pass":
                message = ""
            else:
                message = f"n/a: {item['reason']}"
            counts["pass" if outcome == "pass" else "fail" if outcome == "fail" else "skip"] += 1
            cases.append([f"{item['id']}[{item['system']}]", outcome, message])
    data = directory / f"cases-{reading}.json"
    data.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    path = directory / f"test_bare_{reading.replace('-', '_')}.py"
    path.write_text(
        "import json, pathlib\nimport pytest\n\n"
        f"CASES = json.loads(pathlib.Path({str(data)!r}).read_text(encoding='utf-8'))\n\n"
        "@pytest.mark.parametrize('case', CASES, ids=[c[0] for c in CASES])\n"
        "def test_item(case):\n"
        "    if case[1] == 'fail':\n        pytest.fail(case[2], pytrace=False)\n"
        "    if case[1] != 'pass':\n        pytest.skip(case[2])\n", encoding="utf-8")
    return path, counts


def rates(report: Path) -> dict[tuple[str, str], dict[str, int]]:
    return {(run["suite"], run["system"]): run["summary"]["overall"]
            for run in json.loads(report.read_text(encoding="utf-8"))["runs"]}


def run_ctxpro_score() -> tuple[float, float] | None:
    """All four ``ctxpro score`` commands, one after the other: their total wall time and largest peak RSS."""
    command = shutil.which("ctxpro")
    if command is None:
        return None
    code = ("import resource, subprocess, sys, time, json; t=time.perf_counter();"
            "[subprocess.run(a.split('\\t'), capture_output=True, check=True) for a in sys.argv[1:]];"
            "print(json.dumps([time.perf_counter()-t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss/1024]))")
    calls = ["\t".join([command, "score", "-t", str(CTXPRO / "outputs" / f"deepl.{name}.{mode}"), "-e",
                        str(CTXPRO / "jsons" / f"{name}.json"), "-l", "fr"])
             for name in SETS for mode in ("sentences", "contexts")]
    completed = subprocess.run([sys.executable, "-c", code, *calls], capture_output=True, text=True, check=True)
    wall, rss = json.loads(completed.stdout.strip().splitlines()[-1])
    return wall, rss


def compare_items() -> None:
    sys.path.insert(0, str(ROOT))
    from ctxpro.score import get_last, passes_test  # type: ignore[import-not-found]
    from sentence_splitter import SentenceSplitter  # type: ignore[import-not-found]

    from pytest_mtchallenge.checkers.generic.ctxpro_expected import CtxproExpectedChecker
    from pytest_mtchallenge.formats import load_any_suite

    splitter = SentenceSplitter(language="fr")
    family = CtxproExpectedChecker()
    for reading in READINGS:
        for name in SETS:
            suite = load_any_suite(CTXPRO / "jsons" / f"{name}.json", format=reading)
            raw = json.loads((CTXPRO / "jsons" / f"{name}.json").read_text(encoding="utf-8"))
            for mode in ("sentences", "contexts"):
                system = suite.systems[f"deepl-{mode}"]
                lines = (CTXPRO / "outputs" / f"deepl.{name}.{mode}").read_text(encoding="utf-8").split("\n")
                differ = 0
                for item, line, ctxpro_item in zip(suite.items, lines, raw):
                    upstream = passes_test(get_last(line.strip(), splitter), ctxpro_item["expected"])
                    judged = family.check(item=item if reading == "ctxpro-upstream" else _expected(item, ctxpro_item),
                                          output=system.outputs[item.id],
                                          context=system.context_outputs.get(item.id, ()))
                    differ += (judged.outcome.value == "pass") != upstream
                print(f"item by item, {reading:<16} {name:<42} {mode:<9}: {len(suite.items)} items, "
                      f"{differ} differ from ctxpro score")


def _expected(item, raw):  # type: ignore[no-untyped-def]
    from dataclasses import replace
    from types import MappingProxyType

    return replace(item, params=MappingProxyType({"expected": raw["expected"]}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compare-items", action="store_true")
    args = parser.parse_args()
    if not CTXPRO.exists():
        print(f"ctxpro sets not found at {CTXPRO}: nothing to measure")
        return
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.rounds} rounds (medians)\n")
    bench_loader(args.rounds)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pytest.ini").write_text("[pytest]\n")
        bare: dict[str, Path] = {}
        for reading in READINGS:  # one run each for the outcomes (and the rates) the bare tests copy
            report = work / f"report-{reading}.json"
            run_measured(plugin_args(reading, report), work)
            bare[reading], counts = bare_suite(work, report, reading)
            figures = rates(report)
            print(f"\n{reading}: {sum(counts.values())} tests ({counts['pass']} pass, {counts['fail']} fail, "
                  f"{counts['skip']} n/a)")
            for (suite, system), overall in sorted(figures.items()):
                decided = overall["pass"] + overall["fail"]
                line = (f"  {suite:<42} {system:<16} pass {overall['pass']:>5} fail {overall['fail']:>5} "
                        f"n/a {overall['na']:>5}: pass/items {100 * overall['pass'] / overall['total']:.1f}%, "
                        f"pass/decided {100 * overall['pass'] / decided:.1f}%" if decided else "")
                if reading == "ctxpro-upstream":
                    line += f" (ctxpro score: {UPSTREAM[(suite, system)]})"
                print(line)
        samples: dict[str, list[tuple[float, float]]] = {key: [] for key in
                                                         [*READINGS, *(f"bare {r}" for r in READINGS), "ctxpro score"]}
        for round_number in range(args.rounds):  # alternate, back to back
            for reading in READINGS:
                samples[reading].append(run_measured(plugin_args(reading), work))
                samples[f"bare {reading}"].append(run_measured([str(bare[reading]), "-p", "no:randomly"], work))
            scored = run_ctxpro_score()
            if scored is not None:
                samples["ctxpro score"].append(scored)
            print(f"round {round_number + 1}: " + ", ".join(f"{key} {runs[-1][0]:.1f}s/{runs[-1][1]:.0f} MiB"
                                                          for key, runs in samples.items() if runs), flush=True)
        print()
        for reading in READINGS:
            plugin, plain = median_pair(samples[reading]), median_pair(samples[f"bare {reading}"])
            print(f"plugin {reading:<16} {plugin[0]:7.2f}s / {plugin[1]:5.0f} MiB; bare pytest {plain[0]:7.2f}s / "
                  f"{plain[1]:5.0f} MiB -> wall ratio {plugin[0] / plain[0]:.2f}x, memory ratio "
                  f"{plugin[1] / plain[1]:.2f}x")
        if samples["ctxpro score"]:
            score = median_pair(samples["ctxpro score"])
            plugin = median_pair(samples["ctxpro-upstream"])
            print(f"ctxpro score (4 files)  {score[0]:7.2f}s / {score[1]:5.0f} MiB; plugin ctxpro-upstream "
                  f"{plugin[0]:.2f}s -> {plugin[0] / score[0]:.1f}x ctxpro score's wall time")
        else:
            print("ctxpro is not installed (pip install ctxpro==0.0.5): its timing is skipped")
    if args.compare_items:
        print()
        compare_items()


if __name__ == "__main__":
    main()
