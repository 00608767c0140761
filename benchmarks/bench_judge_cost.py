"""The cost of a change to the judge: the ctxpro run (both English–French sets, both DeepL systems, the French
families, ``--mt-judge=auto``: 40,644 tests) under an earlier revision and under this checkout, back to back.

Run from the repository root:  python benchmarks/bench_judge_cost.py --base REV [--rounds 3] [--limit N]

1. the check: one unmeasured run of each side with ``probe.py``: node ids unique, the same tests on both sides;
   the tests whose outcome differs are counted and the first ones printed (a change to the judge may change
   outcomes: ``tools/outcome_snapshot.py diff`` explains each one; here they are only counted);
2. the timing: base, now, base, now… in fresh processes, ``--rounds`` times; the medians of wall time, CPU time
   and peak RSS, and now / base.

Both sides load the plugin with ``-p`` from their own tree on PYTHONPATH (``git archive REV`` for the base,
this checkout for now), never an installed copy. ``--ctxpro`` (or BENCH_CTXPRO) names the ctxpro-en-fr folder.
"""
from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import measure
from bench_ctxpro import SETS, limited_copy, plugin_args

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CTXPRO = Path(os.environ.get("BENCH_CTXPRO", ROOT.parent / "shared" / "external" / "ctxpro-en-fr"))
LOAD = ["-p", "no:mtchallenge", "-p", "pytest_mtchallenge.plugin"]


def archive(revision: str, folder: Path) -> Path:
    """The package of ``revision`` (``git archive``) unpacked in ``folder``."""
    data = subprocess.run(["git", "archive", revision, "pytest_mtchallenge"], cwd=ROOT, capture_output=True,
                          check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the git revision to compare with (e.g. main~5, a tag)")
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each side (default 3)")
    parser.add_argument("--limit", type=int, default=0, metavar="N", help="only the first N items of each set")
    parser.add_argument("--ctxpro", type=Path, default=DEFAULT_CTXPRO, help="the ctxpro-en-fr folder")
    args = parser.parse_args()
    paper = args.ctxpro / "paper"
    if not (paper / "jsons").exists():
        print(f"ctxpro sets not found at {paper}: nothing to measure")
        return
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, base {args.base}, {args.rounds} rounds (medians), "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pytest.ini").write_text("[pytest]\n")
        base_tree = archive(args.base, work / "base")
        data = limited_copy(paper, args.limit, work) if args.limit else paper
        run = [*LOAD, *plugin_args("ctxpro", data), "--mt-no-cache"]
        trees = {"base": base_tree, "now": ROOT}
        envs = {side: {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tree),
                                                                               os.environ.get("PYTHONPATH")]))}
                for side, tree in trees.items()}
        suite_of_file = {f"{name}.json": name for name in SETS}
        found = {side: measure.outcomes(run, work, label=side, env=envs[side]) for side in trees}
        keyed = {side: {measure.key_of_test(nodeid, suite_of_file): result[0] for nodeid, result in tests.items()}
                 for side, tests in found.items()}
        assert keyed["base"].keys() == keyed["now"].keys(), "the two sides do not run the same tests"
        changed = [key for key in keyed["base"] if keyed["base"][key] != keyed["now"][key]]
        print(f"{len(keyed['now'])} tests on both sides, node ids unique; {len(changed)} outcomes differ", flush=True)
        for key in changed[:10]:
            print(f"  {'/'.join(map(str, key))}: {keyed['base'][key]} -> {keyed['now'][key]}")
        samples: dict[str, list[measure.Sample]] = {side: [] for side in trees}
        for number in range(args.rounds):
            for side in (trees if number % 2 == 0 else reversed(list(trees))):
                samples[side].append(measure.run_measured(run, work, env=envs[side]))
            print(f"  round {number + 1}: " + ", ".join(f"{side} {runs[-1].wall:.1f}s wall / {runs[-1].cpu:.1f}s CPU"
                                                        for side, runs in samples.items()), flush=True)
        now, base = measure.median(samples["now"]), measure.median(samples["base"])
        print(f"base {base.wall:.2f}s wall, {base.cpu:.2f}s CPU, {base.rss:.0f} MiB; now {now.wall:.2f}s, {now.cpu:.2f}s, "
              f"{now.rss:.0f} MiB (medians of {args.rounds})")
        for what in ("wall", "cpu", "rss"):
            rounds = [getattr(n, what) / getattr(b, what) for n, b in zip(samples["now"], samples["base"])]
            print(f"  {what} now / base: {getattr(now, what) / getattr(base, what):.2f}x "
                  f"(rounds {min(rounds):.2f}-{max(rounds):.2f}x)")


if __name__ == "__main__":
    main()
