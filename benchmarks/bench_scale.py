"""Scale benchmark: the DFKI suites (5,091 items) and a generated 50,000-item suite.

Run from the repository root:  python benchmarks/bench_scale.py [--rounds 3]

Every measurement is a separate pytest process started from here, back to back and alternated,
so the machine's load affects both sides alike; the script reports medians and their ratios:

1. plugin vs bare pytest: both DFKI files (read from ../shared/external/dfki-mt-testsuite, skipped
   when absent) against outputs given as file: systems, compared with a bare pytest run of as many
   trivial parametrized tests; wall time and peak memory (max RSS of the child process);
2. scaling: a generated 50,000-item TQ-AutoTest suite against a generated 5,000-item one.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DFKI = ROOT.parent / "shared" / "external" / "dfki-mt-testsuite"


def run_measured(args: list[str], cwd: Path) -> tuple[float, float]:
    """Run pytest in a child that reports its own peak RSS, so every measurement is independent."""
    code = ("import resource, subprocess, sys, time, json; t=time.perf_counter();"
            "p=subprocess.run(sys.argv[1:], capture_output=True);"
            "w=time.perf_counter()-t;"
            "print(json.dumps([w, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss/1024, p.returncode]))")
    command = [sys.executable, "-c", code, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "--tb=no", *args]
    completed = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=True)
    wall, rss, returncode = json.loads(completed.stdout.strip().splitlines()[-1])
    if returncode not in (0, 1):
        raise SystemExit(f"pytest exited {returncode} for {args}")
    return wall, rss


def bare_suite(directory: Path, count: int) -> Path:
    path = directory / f"test_bare_{count}.py"
    path.write_text(f"import pytest\n\n@pytest.mark.parametrize('n', range({count}))\n"
                    "def test_item(n):\n    assert n >= 0\n")
    return path


def outputs_for(items_files: list[Path], out: Path) -> None:
    """One output per item: a positive token, else a negative one, else the source."""
    lines = []
    for items_file in items_files:
        suite = items_file.name.removesuffix(".json").removesuffix(".items")
        for item in json.loads(items_file.read_text(encoding="utf-8"))["items"]:
            output = (item.get("positive_tokens") or item.get("negative_tokens") or [item["source_sentence"]])[0]
            lines.append(json.dumps({"suite": suite, "id": item["id"], "output": output}, ensure_ascii=False))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pytest.ini").write_text("[pytest]\n")
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.rounds} rounds (medians)\n")
        if DFKI.exists():
            files = [DFKI / "de-en.items.json", DFKI / "en-de.items.json"]
            out = work / "dfki-outputs.jsonl"
            outputs_for(files, out)  # one file of outputs for both suites, told apart by "suite"
            plugin_args = [f"--mt-suite={f}" for f in files] + [f"--mt-system=candidate=file:{out}"]
            total = sum(len(json.loads(f.read_text(encoding='utf-8'))["items"]) for f in files)
            bare = bare_suite(work, total)
            samples = {"plugin": [], "bare": []}
            for _ in range(args.rounds):  # alternate, back to back
                samples["plugin"].append(run_measured(plugin_args, work))
                samples["bare"].append(run_measured([str(bare)], work))
            plugin = (statistics.median(s[0] for s in samples["plugin"]), statistics.median(s[1] for s in samples["plugin"]))
            plain = (statistics.median(s[0] for s in samples["bare"]), statistics.median(s[1] for s in samples["bare"]))
            print(f"DFKI, {total} tests: plugin {plugin[0]:.2f}s / {plugin[1]:.0f} MiB, bare pytest "
                  f"{plain[0]:.2f}s / {plain[1]:.0f} MiB -> wall ratio {plugin[0] / plain[0]:.2f}x, "
                  f"memory ratio {plugin[1] / plain[1]:.2f}x")
        else:
            print(f"DFKI suite not found at {DFKI}: part 1 skipped")
        small = generated_suite(work, 5_000)
        large = generated_suite(work, 50_000)
        samples = {"small": [], "large": []}
        for _ in range(args.rounds):
            samples["small"].append(run_measured([f"--mt-suite={small[0]}", f"--mt-system=file:{small[1]}"], work))
            samples["large"].append(run_measured([f"--mt-suite={large[0]}", f"--mt-system=file:{large[1]}"], work))
        s = (statistics.median(x[0] for x in samples["small"]), statistics.median(x[1] for x in samples["small"]))
        g = (statistics.median(x[0] for x in samples["large"]), statistics.median(x[1] for x in samples["large"]))
        print(f"generated: 5,000 items {s[0]:.2f}s / {s[1]:.0f} MiB, 50,000 items {g[0]:.2f}s / {g[1]:.0f} MiB "
              f"-> time ratio {g[0] / s[0]:.1f}x, memory ratio {g[1] / s[1]:.1f}x (10x the items)")


if __name__ == "__main__":
    main()
