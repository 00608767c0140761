"""ctxpro at scale: both English–French sets with both DeepL systems (40,644 tests) against a same-work bare pytest.

Run from the repository root:  python benchmarks/bench_ctxpro.py [--rounds 3] [--limit N] [--compare-items]

Reads ../shared/external/ctxpro-en-fr (skipped with a message when absent; with ``--limit N``, the first N items
of each set and the same lines of its inputs and outputs are written to a temporary folder and read from there).
For each reading of the sets, ``ctxpro:`` (French families) and ``ctxpro-upstream:`` (ctxpro's own rule):

1. the loader: both sets, in this process;
2. the item-by-item check: one unmeasured run of the plugin (``--mt-judge=auto``, the sets' recorded systems)
   and one of its bare-pytest mirror (``mirror.py``: the same files read with the same loader, the same outputs
   judged by the same families and judge, one parametrized test per item and system, ids ``SUITE/ITEM/SYSTEM``),
   both with ``probe.py``: the node ids of each run are asserted unique, both runs must hold the same
   (set, item, system) tests, and each test must end with the same outcome and the same message;
3. the timing: plugin, bare, plugin, bare… (``--rounds`` of each), every run a fresh process; medians of wall
   time, CPU time (user + system) and peak RSS, and their ratios;
4. ``ctxpro score`` (0.0.5, when installed) on the four output files, against the upstream reading;
5. with ``--compare-items``: every item of the four files judged by ``ctxpro-expected`` against ctxpro's own
   functions (its sentence splitter takes about 3 ms a line: minutes).
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

import measure

ROOT = Path(__file__).resolve().parents[1]
CTXPRO = ROOT.parent / "shared" / "external" / "ctxpro-en-fr" / "paper"
SETS = ("mini.formality.opensubtitles.en-fr.test", "auxiliary.opensubtitles.en-fr.test")
READINGS = ("ctxpro", "ctxpro-upstream")
#: The families the mirror needs: the French families of the ``ctxpro:`` reading, ctxpro's rule of the upstream one.
FAMILIES = {"formality": "pytest_mtchallenge.checkers.fr.formality:FormalityChecker",
            "verb_ellipsis": "pytest_mtchallenge.checkers.fr.verb_ellipsis:VerbEllipsisChecker",
            "ctxpro-expected": "pytest_mtchallenge.checkers.generic.ctxpro_expected:CtxproExpectedChecker"}
#: ``ctxpro score`` 0.0.5 on the DeepL files, as printed (the README beside them).
UPSTREAM = {("mini.formality.opensubtitles.en-fr.test", "deepl-sentences"): 40.6,
            ("mini.formality.opensubtitles.en-fr.test", "deepl-contexts"): 51.5,
            ("auxiliary.opensubtitles.en-fr.test", "deepl-sentences"): 1.3,
            ("auxiliary.opensubtitles.en-fr.test", "deepl-contexts"): 32.2}


def limited_copy(paper: Path, limit: int, work: Path) -> Path:
    """The first ``limit`` items of each set, with the same lines of its inputs and output files, as a
    ``paper/`` folder in ``work``."""
    root = work / "ctxpro-limited" / "paper"
    for folder in ("jsons", "inputs", "outputs"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for name in SETS:
        items = json.loads((paper / "jsons" / f"{name}.json").read_text(encoding="utf-8"))[:limit]
        (root / "jsons" / f"{name}.json").write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
        for lines_file in [paper / "inputs" / name, *sorted((paper / "outputs").glob(f"*.{name}.*"))]:
            lines = lines_file.read_text(encoding="utf-8").split("\n")[:limit]
            (root / lines_file.parent.name / lines_file.name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def bench_loader(paper: Path, rounds: int) -> None:
    sys.path.insert(0, str(ROOT))
    from pytest_mtchallenge.checkers import builtin_checkers
    from pytest_mtchallenge.formats import load_any_suite

    families = builtin_checkers()
    for reading in READINGS:
        for name in SETS:
            times = []
            for _ in range(rounds):
                start = time.perf_counter()
                suite = load_any_suite(paper / "jsons" / f"{name}.json", format=reading, checkers=families)
                times.append(time.perf_counter() - start)
            median = statistics.median(times)
            print(f"loader {reading:<16} {name:<42} {len(suite.items):>6} items, 2 systems: {median:.2f}s "
                  f"({1e6 * median / len(suite.items):.0f} µs/item)")


def plugin_args(reading: str, paper: Path) -> list[str]:
    return [*(f"--mt-suite={reading}:{paper / 'jsons' / f'{name}.json'}" for name in SETS), "--mt-judge=auto"]


def mirror_config(reading: str, paper: Path) -> dict[str, object]:
    """What ``mirror.py`` is told: the plugin's suites in the plugin's order, its judge, the families."""
    return {"suites": [{"path": str(paper / "jsons" / f"{name}.json"), "format": reading} for name in SETS],
            "judge": "auto", "families": FAMILIES, "outputs": None}


def check_same_outcomes(reading: str, paper: Path, work: Path, bare: list[str], tests: int) -> Path:
    """One unmeasured run of each side, compared item by item; the plugin's JSON report (for its rates)."""
    report = work / f"report-{reading}.json"
    plugin = measure.outcomes([*plugin_args(reading, paper), f"--mt-report={report}"], work, label=f"plugin-{reading}")
    mirrored = measure.outcomes(bare, work, label=f"bare-{reading}")
    suite_of_file = {f"{name}.json": name for name in SETS}
    counts = measure.same_outcomes(plugin, mirrored, lambda nodeid: measure.key_of_test(nodeid, suite_of_file),
                                   expected=tests)
    print(f"{reading}: {tests} tests, node ids unique in both runs, the same (set, item, system) tests; item by item "
          f"the same outcome and message: " + ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items())))
    return report


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
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each side, interleaved (default 3)")
    parser.add_argument("--limit", type=int, default=0, metavar="N", help="only the first N items of each set")
    parser.add_argument("--reading", choices=READINGS, action="append", help="only this reading (repeatable)")
    parser.add_argument("--compare-items", action="store_true")
    args = parser.parse_args()
    if not CTXPRO.exists():
        print(f"ctxpro sets not found at {CTXPRO}: nothing to measure")
        return
    readings = args.reading or list(READINGS)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.rounds} rounds (medians), "
          f"load average {os.getloadavg()[0]:.1f}\n")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pytest.ini").write_text("[pytest]\n")
        paper = limited_copy(CTXPRO, args.limit, work) if args.limit else CTXPRO
        bench_loader(paper, args.rounds)
        items = sum(len(json.loads((paper / "jsons" / f"{name}.json").read_text(encoding="utf-8"))) for name in SETS)
        tests = 2 * items  # two recorded systems (sentences, contexts) per set
        ratios = {}
        for reading in readings:
            print()
            bare = measure.write_mirror(work, reading.replace("-", "_"), mirror_config(reading, paper))
            report = check_same_outcomes(reading, paper, work, bare, tests)
            for (suite, system), overall in sorted(rates(report).items()):
                decided = overall["pass"] + overall["fail"]
                line = (f"  {suite:<42} {system:<16} pass {overall['pass']:>5} fail {overall['fail']:>5} "
                        f"n/a {overall['na']:>5}: pass/items {100 * overall['pass'] / overall['total']:.1f}%"
                        + (f", pass/decided {100 * overall['pass'] / decided:.1f}%" if decided else ""))
                if reading == "ctxpro-upstream" and not args.limit:
                    line += f" (ctxpro score: {UPSTREAM[(suite, system)]})"
                print(line)
            print(f"timing {reading}, {tests} tests: plugin, bare, plugin, bare…", flush=True)
            samples = measure.interleaved({"plugin": plugin_args(reading, paper), "bare": bare}, work, args.rounds)
            ratios[reading] = measure.print_ratios(f"{reading}, {tests} tests", samples["plugin"], samples["bare"])
        if "ctxpro-upstream" in readings and not args.limit:
            scored = [run_ctxpro_score() for _ in range(args.rounds)]
            if scored[0] is not None:
                wall = statistics.median(s[0] for s in scored if s)
                rss = statistics.median(s[1] for s in scored if s)
                print(f"\nctxpro score (4 files, one after the other): {wall:.2f}s / {rss:.0f} MiB (medians)")
            else:
                print("\nctxpro is not installed (pip install ctxpro==0.0.5): its timing is skipped")
        print()
        for reading, (wall, cpu, rss) in ratios.items():
            print(f"plugin / bare pytest, {reading}: {wall:.2f}x wall, {cpu:.2f}x CPU, {rss:.2f}x peak RSS")
    if args.compare_items:
        print()
        compare_items()


if __name__ == "__main__":
    main()
