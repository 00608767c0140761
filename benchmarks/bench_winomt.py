"""WinoMT English→French at scale: the bundled suite with its five recorded systems (19,440 tests) against bare pytest.

Run from the repository root:  python benchmarks/bench_winomt.py [--rounds 3]

The plugin's run is ``pytest --mt-suite=winomt-en-fr --mt-system='recorded:*' --mt-judge=auto``. The bare run
is ``winomt_mirror.py`` with the plugin switched off: the same bundled gzipped files read, the same
entity_gender family called on the same outputs under the same automatic judge, 19,440 parametrized tests.
Before timing, one run of each records every test's outcome and message (``probe.py``, a small
plugin not loaded in the timed runs); the script asserts that both runs have 19,440 unique ids, the same ids, and
item by item the same outcome (passed, failed, skipped, error at setup) and the same message. Then each
round runs both, in fresh processes, back to back, the order alternating from round to round, so the
machine's load falls on both sides alike; it prints each round, the medians and their ratios (plugin /
bare): wall time, CPU time (user + system: on a shared machine it moves less with the others' load than
wall time) and peak memory (the child's max RSS).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import measure

HERE = Path(__file__).resolve().parent
TESTS = 19_440  # 3,888 lines of en.txt × 5 systems
PLUGIN = ["--mt-suite=winomt-en-fr", "--mt-system=recorded:*", "--mt-judge=auto", "-p", "no:randomly"]
BARE = ["test_winomt_mirror.py", "-p", "no:mtchallenge", "-p", "no:randomly"]
#: (line, system) from a node id: the plugin's ``winomt-en-fr::12[google]``, the mirror's ``...::test_item[12-google]``.
_KEY = re.compile(r"::(?:(\d+)\[(\w+)\]|test_item\[(\d+)-(\w+)\])$")



def run_measured(args: list[str], cwd: Path) -> tuple[float, float, float]:
    """One measured run (``measure.run_measured``): (wall s, CPU s, peak RSS MiB); the run must have failures
    (pytest's exit code 1), anything else is a broken run. On a machine shared with other jobs, CPU time
    (user + system) moves much less with their load than wall time does."""
    sample = measure.run_measured(args, cwd, exit_codes=(1,))
    return sample.wall, sample.cpu, sample.rss


def probed(args: list[str], work: Path, variable: str, out: Path) -> tuple[float, float]:
    """One unmeasured run with probe.py, which writes what ``variable`` asks for to ``out``; its wall
    and CPU time."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
           variable: str(out)}
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=no", "-p", "probe",
                    *args], cwd=work, env=env, capture_output=True, check=False)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def recorded(args: list[str], work: Path, name: str) -> dict[tuple[str, str], tuple[str, str]]:
    """(line, system) → (outcome, message) in one unmeasured run; ids asserted unique."""
    out = work / f"outcomes-{name}.json"
    probed(args, work, "BENCH_OUTCOMES", out)
    found = json.loads(out.read_text(encoding="utf-8"))
    ids = found["ids"]
    assert len(ids) == len(set(ids)) == TESTS, f"{name}: {len(ids)} tests, {len(set(ids))} unique ids"
    keys = {}
    for nodeid in ids:
        match = _KEY.search(nodeid)
        assert match is not None, f"{name}: unexpected node id {nodeid}"
        line, system = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        keys[nodeid] = (line, system)
    assert len(set(keys.values())) == TESTS, f"{name}: two node ids name the same line and system"
    return {keys[nodeid]: tuple(result) for nodeid, result in found["results"].items()}  # type: ignore[misc]


def check_same_outcomes(work: Path) -> None:
    plugin, bare = recorded(PLUGIN, work, "plugin"), recorded(BARE, work, "bare")
    assert plugin.keys() == bare.keys(), "the runs do not hold the same (line, system) tests"
    outcomes = {o: sum(1 for r in plugin.values() if r[0] == o) for o in ("passed", "failed", "skipped", "error")}
    differ = [key for key in plugin if plugin[key] != bare[key]]
    print(f"outcomes: {TESTS} tests, ids unique in both runs, same (line, system) set; plugin: "
          + ", ".join(f"{n} {o}" for o, n in outcomes.items()))
    for key in differ[:10]:
        print(f"  {key[0]}[{key[1]}]: plugin {plugin[key]!r}\n  {' ' * len(key[0])}  bare   {bare[key]!r}")
    if differ:
        raise SystemExit(f"{len(differ)} tests differ in outcome or message: the runs do not do the same work")
    print("item by item: the same outcome and the same message for all 19,440 tests")


def phases(work: Path, rounds: int) -> None:
    """Where each run's time and memory go: ``rounds`` probed runs of each side, alternated; medians."""
    found: dict[str, list[dict[str, float]]] = {"plugin": [], "bare": []}
    for round_number in range(rounds):
        for side in (("plugin", "bare") if round_number % 2 == 0 else ("bare", "plugin")):
            out = work / f"phases-{side}.json"
            total_wall, total_cpu = probed(PLUGIN if side == "plugin" else BARE, work, "BENCH_PHASES", out)
            probe = json.loads(out.read_text(encoding="utf-8"))
            marks = probe["phases"]
            last = marks[-1]
            marks.append(("process exit", marks[0][1] + total_wall, total_cpu, last[3], last[4]))
            row = {"objects": probe["objects"], "judge": probe["judge"]["seconds"],
                   "gc": sum(seconds for _, seconds in probe["gc"].values()),
                   "gc2": probe["gc"]["gen2"][1], "gc2 runs": probe["gc"]["gen2"][0]}
            for (_, wall, cpu, _, _), (phase, wall_after, cpu_after, rss, peak) in zip(marks, marks[1:]):
                row[f"{phase} wall"] = wall_after - wall
                row[f"{phase} cpu"] = cpu_after - cpu
                row[f"{phase} rss"], row[f"{phase} peak"] = rss, peak
            row["whole run wall"], row["whole run cpu"] = total_wall, total_cpu
            row["whole run rss"], row["whole run peak"] = last[3], last[4]
            found[side].append(row)
    median = {side: {key: statistics.median(row[key] for row in rows) for key in rows[0]}
              for side, rows in found.items()}
    print(f"\nphases, medians of {rounds} probed runs each (wall s / CPU s / RSS at the end MiB / peak MiB):")
    print(f"{'phase, up to':<28} {'plugin':>30} {'bare':>30}")
    for key in median["plugin"]:
        if key.endswith(" wall"):
            phase = key.removesuffix(" wall")
            cells = [f"{m.get(f'{phase} wall', 0):6.2f} / {m.get(f'{phase} cpu', 0):6.2f} / "
                     f"{m.get(f'{phase} rss', 0):4.0f} / {m.get(f'{phase} peak', 0):4.0f}" for m in median.values()]
            print(f"{phase:<28} {cells[0]:>30} {cells[1]:>30}")
    for key, label in (("judge", "automatic judge, s"), ("gc", "garbage collector, s"), ("gc2", "of which generation 2"),
                       ("gc2 runs", "generation-2 collections"), ("objects", "objects tracked at the end")):
        print(f"{label:<28} {median['plugin'][key]:>30.2f} {median['bare'][key]:>30.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-check", action="store_true", help="skip the item-by-item check (two more runs)")
    parser.add_argument("--phases", type=int, default=0, metavar="N",
                        help="instead of timing, N probed runs of each side: time, memory, judge and GC by phase")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.rounds} rounds (medians), "
          f"load average {os.getloadavg()[0]:.1f}\n")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pytest.ini").write_text("[pytest]\n")
        shutil.copy(HERE / "winomt_mirror.py", work / "test_winomt_mirror.py")
        if not args.no_check:
            check_same_outcomes(work)
        if args.phases:
            phases(work, args.phases)
            return
        samples: dict[str, list[tuple[float, float, float]]] = {"plugin": [], "bare": []}
        for round_number in range(args.rounds):
            order = ("plugin", "bare") if round_number % 2 == 0 else ("bare", "plugin")
            for side in order:
                samples[side].append(run_measured(PLUGIN if side == "plugin" else BARE, work))
            (pw, pc, pm), (bw, bc, bm) = samples["plugin"][-1], samples["bare"][-1]
            print(f"round {round_number + 1} ({' first, '.join(order)} second): plugin {pw:.1f}s wall, {pc:.1f}s CPU, "
                  f"{pm:.0f} MiB; bare {bw:.1f}s, {bc:.1f}s, {bm:.0f} MiB -> {pw / bw:.2f}x wall, {pc / bc:.2f}x CPU, "
                  f"{pm / bm:.2f}x memory (load average {os.getloadavg()[0]:.1f})", flush=True)
    plugin = [statistics.median(s[i] for s in samples["plugin"]) for i in (0, 1, 2)]
    plain = [statistics.median(s[i] for s in samples["bare"]) for i in (0, 1, 2)]
    spread = {what: [p[i] / b[i] for p, b in zip(samples["plugin"], samples["bare"])] for i, what in enumerate(
        ("wall", "cpu", "memory"))}
    print(f"\nmedians: plugin {plugin[0]:.2f}s wall, {plugin[1]:.2f}s CPU, {plugin[2]:.0f} MiB; bare pytest "
          f"{plain[0]:.2f}s, {plain[1]:.2f}s, {plain[2]:.0f} MiB")
    for i, what in enumerate(("wall", "cpu", "memory")):
        print(f"{what} ratio plugin / bare: {plugin[i] / plain[i]:.2f}x (rounds {min(spread[what]):.2f}–"
              f"{max(spread[what]):.2f}x)")


if __name__ == "__main__":
    main()
