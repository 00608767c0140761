"""Scale benchmark: the DFKI suites (5,091 items) against a same-work bare pytest, and a generated 50,000-item suite.

Run from the repository root:  python benchmarks/bench_scale.py [--rounds 3] [--limit N] [--no-generated]

Every measurement is a separate pytest process started from here, back to back and interleaved, so the
machine's load affects both sides alike; the script reports medians and their ratios:

1. plugin vs bare pytest doing the same work: both DFKI files (read from ../shared/external/dfki-mt-testsuite,
   skipped when absent; with ``--limit N`` the first N items of each, written to a temporary folder) against
   one JSONL file of outputs (``--mt-system=candidate=file:…``, the default judge ``auto+human``). The bare run
   is ``mirror.py``: the same two suite files read with the same loader (the same regexes compiled, the same
   positive and negative tokens as recorded human verdicts), the same JSONL file read, each output judged by
   the same ``tq-regex`` family and judge, one parametrized test per item (ids ``SUITE/ITEM/SYSTEM``). One
   unmeasured run of each, with ``probe.py``, is compared item by item first: node ids asserted unique, the
   same (suite, item, system) tests, the same outcome and message for each. Then plugin, bare, plugin, bare…:
   wall time, CPU time (user + system) and peak RSS (max RSS of the child process);
2. scaling: a generated 50,000-item TQ-AutoTest suite against a generated 5,000-item one (the plugin alone).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

import measure

ROOT = Path(__file__).resolve().parents[1]
DFKI = ROOT.parent / "shared" / "external" / "dfki-mt-testsuite"
FILES = ("de-en.items.json", "en-de.items.json")
FAMILIES = {"tq-regex": "pytest_mtchallenge.checkers.generic.tq_regex:TqRegexChecker"}


def outputs_for(items_files: list[Path], out: Path) -> None:
    """One output per item: a positive token, else a negative one, else the source."""
    lines = []
    for items_file in items_files:
        suite = items_file.name.removesuffix(".json").removesuffix(".items")
        for item in json.loads(items_file.read_text(encoding="utf-8"))["items"]:
            output = (item.get("positive_tokens") or item.get("negative_tokens") or [item["source_sentence"]])[0]
            lines.append(json.dumps({"suite": suite, "id": item["id"], "output": output}, ensure_ascii=False))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def limited_copy(limit: int, work: Path) -> Path:
    """The first ``limit`` items of each DFKI file, in a folder of ``work`` named as the original."""
    folder = work / DFKI.name
    folder.mkdir()
    for name in FILES:
        items = json.loads((DFKI / name).read_text(encoding="utf-8"))["items"][:limit]
        (folder / name).write_text(json.dumps({"items": items}, ensure_ascii=False), encoding="utf-8")
    return folder


def bench_dfki(work: Path, rounds: int, limit: int) -> None:
    folder = limited_copy(limit, work) if limit else DFKI
    files = [folder / name for name in FILES]
    out = work / "dfki-outputs.jsonl"
    outputs_for(files, out)  # one file of outputs for both suites, told apart by "suite"
    plugin = [*(f"--mt-suite={f}" for f in files), f"--mt-system=candidate=file:{out}"]
    bare = measure.write_mirror(work, "dfki", {
        "suites": [{"path": str(f), "format": "tq-autotest"} for f in files], "judge": "auto+human",
        "families": FAMILIES, "outputs": {"file": str(out), "system": "candidate"}})
    tests = sum(len(json.loads(f.read_text(encoding="utf-8"))["items"]) for f in files)
    suite_of_file = {name: name.removesuffix(".json").removesuffix(".items") for name in FILES}
    counts = measure.same_outcomes(measure.outcomes(plugin, work, label="plugin-dfki"),
                                   measure.outcomes(bare, work, label="bare-dfki"),
                                   lambda nodeid: measure.key_of_test(nodeid, suite_of_file), expected=tests)
    print(f"DFKI: {tests} tests, node ids unique in both runs, the same (suite, item, system) tests; item by item the "
          "same outcome and message: " + ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items())))
    print("timing: plugin, bare, plugin, bare…", flush=True)
    samples = measure.interleaved({"plugin": plugin, "bare": bare}, work, rounds)
    wall, cpu, rss = measure.print_ratios(f"DFKI, {tests} tests", samples["plugin"], samples["bare"])
    print(f"plugin / bare pytest, DFKI: {wall:.2f}x wall, {cpu:.2f}x CPU, {rss:.2f}x peak RSS")


def generated_suite(directory: Path, count: int) -> tuple[Path, Path]:
    """A TQ-AutoTest suite of ``count`` items in 20 categories × 10 phenomena, and its outputs."""
    items = []
    for n in range(count):
        items.append({"id": f"{n:06d}", "langpair": "deen", "category": f"Category {n % 20}",
                      "phenomenon": f"Phenomenon {n % 20}.{n % 10}", "source_sentence": f"Das ist Satz {n}.",
                      "positive_regex": r"\bsentence\b", "negative_regex": r"\bset\b",
                      "positive_tokens": [f"This is sentence {n}."], "negative_tokens": []})
    suite = directory / f"generated-{count}.items.json"
    suite.write_text(json.dumps({"items": items}))
    out = directory / f"generated-{count}.jsonl"
    out.write_text("".join(json.dumps({"id": i["id"], "output": ("This is sentence" if n % 2 else "This is set")
                                       + f" {n}."}) + "\n" for n, i in enumerate(items)))
    return suite, out


def bench_generated(work: Path, rounds: int) -> None:
    small = generated_suite(work, 5_000)
    large = generated_suite(work, 50_000)
    samples = measure.interleaved({"5,000 items": [f"--mt-suite={small[0]}", f"--mt-system=file:{small[1]}"],
                                   "50,000 items": [f"--mt-suite={large[0]}", f"--mt-system=file:{large[1]}"]},
                                  work, rounds)
    s, g = measure.median(samples["5,000 items"]), measure.median(samples["50,000 items"])
    print(f"generated: 5,000 items {s.wall:.2f}s / {s.cpu:.2f}s CPU / {s.rss:.0f} MiB, 50,000 items {g.wall:.2f}s / "
          f"{g.cpu:.2f}s CPU / {g.rss:.0f} MiB -> time ratio {g.wall / s.wall:.1f}x, memory ratio {g.rss / s.rss:.1f}x "
          "(10x the items)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each side, interleaved (default 3)")
    parser.add_argument("--limit", type=int, default=0, metavar="N", help="only the first N items of each DFKI file")
    parser.add_argument("--no-generated", action="store_true", help="skip part 2 (the generated suites)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pytest.ini").write_text("[pytest]\n")
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.rounds} rounds (medians), "
              f"load average {os.getloadavg()[0]:.1f}\n")
        if DFKI.exists():
            bench_dfki(work, args.rounds, args.limit)
        else:
            print(f"DFKI suite not found at {DFKI}: part 1 skipped")
        if not args.no_generated:
            print()
            bench_generated(work, args.rounds)


if __name__ == "__main__":
    main()
