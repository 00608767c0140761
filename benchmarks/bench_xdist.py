"""pytest-xdist at scale: the 40,644 ctxpro tests (both English–French sets, both DeepL systems, French families)
run serially and with ``-n K`` workers, checked item by item, then timed.

Run from the repository root:  python benchmarks/bench_xdist.py [--workers 2,4,8] [--rounds 2] [--cpus N]
                                                                [--limit N] [--ctxpro PATH] [--plugin]

1. the check: one unmeasured serial run and one per worker count, all with ``probe.py``: node ids unique,
   the same tests, each with the same outcome and message, and the same ``--mt-report`` JSON report as the
   serial run; in the xdist runs, the bytes each report took on the wire (execnet's serialisation, as a
   worker sends it) and those of the plugin's judgement record;
2. the timing: serial, -n K1, -n K2… in fresh processes, back to back, ``--rounds`` times; medians of wall
   time, CPU time (all processes) and peak RSS (the largest process), and each speed-up serial / -n K.

``--cpus N`` runs every process under ``taskset -c 0-(N-1)`` (a machine of N cores on a larger one);
``--plugin`` loads the plugin with ``-p pytest_mtchallenge.plugin`` (a checkout on PYTHONPATH, not installed;
``--package DIR``: another tree's, e.g. an earlier commit's ``git archive``, to time before and after).
``--ctxpro`` (or BENCH_CTXPRO) names the ctxpro-en-fr folder (default ../shared/external/ctxpro-en-fr).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

import measure
from bench_ctxpro import SETS, limited_copy, plugin_args

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CTXPRO = Path(os.environ.get("BENCH_CTXPRO", ROOT.parent / "shared" / "external" / "ctxpro-en-fr"))

DIFFERENT: list[str] = []  # the worker counts whose JSON report differs from the serial run's


def report_bytes(folder: Path, stem: str) -> dict[str, list[int]]:
    """The workers' report sizes summed: phase -> [reports, bytes, bytes of the judgement record]."""
    total: dict[str, list[int]] = {}
    for path in folder.glob(f"{stem}.*"):
        for phase, counts in json.loads(path.read_text(encoding="utf-8")).items():
            entry = total.setdefault(phase, [0, 0, 0])
            for index, count in enumerate(counts):
                entry[index] += count
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="2,4,8", help="worker counts, comma-separated (default 2,4,8)")
    parser.add_argument("--rounds", type=int, default=2, help="timed runs of each configuration (default 2)")
    parser.add_argument("--cpus", type=int, default=0, help="run every process on this many cores (taskset)")
    parser.add_argument("--limit", type=int, default=0, metavar="N", help="only the first N items of each set")
    parser.add_argument("--ctxpro", type=Path, default=DEFAULT_CTXPRO, help="the ctxpro-en-fr folder")
    parser.add_argument("--plugin", action="store_true", help="load the plugin with -p (not installed)")
    parser.add_argument("--package", type=Path, default=ROOT,
                        help="with --plugin, the folder holding the pytest_mtchallenge to load (default: this checkout)")
    parser.add_argument("--skip-check", action="store_true", help="time only (the check ran before)")
    args = parser.parse_args()
    paper = args.ctxpro / "paper"
    if not (paper / "jsons").exists():
        print(f"ctxpro sets not found at {paper}: nothing to measure")
        return
    workers = [int(n) for n in args.workers.split(",") if n.strip()]
    prefix = ["taskset", "-c", f"0-{args.cpus - 1}"] if args.cpus else []
    env = dict(os.environ)
    load = []
    if args.plugin:  # this checkout's package, not an installed one
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(args.package.resolve()), os.environ.get("PYTHONPATH")]))
        load = ["-p", "no:mtchallenge", "-p", "pytest_mtchallenge.plugin"]  # never an installed one too
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores"
          + (f" (runs on {args.cpus}: taskset)" if args.cpus else "")
          + f", {args.rounds} rounds (medians), load average {os.getloadavg()[0]:.1f}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pytest.ini").write_text("[pytest]\n")
        data = limited_copy(paper, args.limit, work) if args.limit else paper
        base = [*load, *plugin_args("ctxpro", data)]
        sides = {"serial": base, **{f"-n {n}": [*base, "-n", str(n)] for n in workers}}
        if not args.skip_check:
            check(sides, work, env)  # outcomes do not depend on the cores: no taskset
        print(f"timing: {', '.join(sides)}, {args.rounds} rounds", flush=True)
        samples = measure.interleaved(sides, work, args.rounds, env=env, prefixes={side: prefix for side in sides})
        if DIFFERENT:
            print(f"the --mt-report JSON of {', '.join(DIFFERENT)} differs from the serial run's")
        serial = measure.median(samples["serial"])
        print(f"serial: {serial.wall:.2f}s wall, {serial.cpu:.2f}s CPU, {serial.rss:.0f} MiB peak RSS")
        for side in sides:
            if side == "serial":
                continue
            mine = measure.median(samples[side])
            rounds = [s.wall / p.wall for s, p in zip(samples["serial"], samples[side])]
            print(f"{side}: {mine.wall:.2f}s wall, {mine.cpu:.2f}s CPU, {mine.rss:.0f} MiB; speed-up serial / {side}: "
                  f"{serial.wall / mine.wall:.2f}x (rounds {min(rounds):.2f}-{max(rounds):.2f}x), "
                  f"CPU {mine.cpu / serial.cpu:.2f}x serial's", flush=True)


def check(sides: dict[str, list[str]], work: Path, env: dict[str, str]) -> None:
    """Every side run once with the probe: the same tests, outcomes, messages and JSON report as serial."""
    suite_of_file = {f"{name}.json": name for name in SETS}
    found: dict[str, dict[str, tuple[str, str]]] = {}
    reports: dict[str, object] = {}
    for side, side_args in sides.items():
        label = side.replace(" ", "")
        report = work / f"report-{label}.json"
        side_env = {**env, "BENCH_REPORT_BYTES": str(work / f"bytes-{label}")}
        found[side] = measure.outcomes([*side_args, f"--mt-report={report}"], work, label=label, env=side_env)
        reports[side] = json.loads(report.read_text(encoding="utf-8"))  # compared whole: nothing may differ
        if side != "serial":
            counts = measure.same_outcomes(found["serial"], found[side],
                                           lambda nodeid: measure.key_of_test(nodeid, suite_of_file))
            same_report = reports[side] == reports["serial"]
            print(f"{side}: {len(found[side])} tests, node ids unique, item by item the same outcome and message as "
                  f"serial ({', '.join(f'{n} {o}' for o, n in sorted(counts.items()))}); JSON report "
                  f"{'identical' if same_report else 'DIFFERENT'}", flush=True)
            if not same_report:
                DIFFERENT.append(side)
            sizes = report_bytes(work, f"bytes-{label}")
            reports_sent = sum(entry[0] for entry in sizes.values())
            sent = sum(entry[1] for entry in sizes.values())
            call = sizes.get("call", [0, 0, 0])
            if call[0]:
                print(f"  on the wire: {reports_sent} reports, {sent / 1e6:.1f} MB; a call report "
                      f"{call[1] / call[0]:.0f} bytes of which the judgement record {call[2] / call[0]:.0f}; "
                      f"{sent / max(1, call[0]):.0f} bytes per test (setup, call, teardown)", flush=True)
        else:
            print(f"serial: {len(found[side])} tests, node ids unique", flush=True)


if __name__ == "__main__":
    main()
    raise SystemExit(1 if DIFFERENT else 0)
