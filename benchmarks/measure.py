"""Whole pytest processes measured and compared: what the plugin-against-bare-pytest benchmarks share.

- :func:`run_measured`: one pytest run in a fresh process, its wall time, CPU time (user + system) and
  peak RSS, as its parent sees them (``resource.getrusage(RUSAGE_CHILDREN)``);
- :func:`outcomes`: one unmeasured run with ``probe.py`` loaded, each test's outcome and message by
  node id, the node ids asserted unique;
- :func:`same_outcomes`: two such runs compared item by item, each node id turned into a key by the
  benchmark (suite, item, system), the keys asserted unique and equal;
- :func:`interleaved`: plugin, baseline, plugin, baseline… in fresh processes, back to back, so that the
  machine's load falls on both sides alike; each round printed, then the medians and their ratios.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: The options every measured run gets: quiet, no cache plugin (no file written between runs), no tracebacks.
COMMON = ("-q", "-p", "no:cacheprovider", "--tb=no", "-p", "no:randomly")


@dataclass(frozen=True, slots=True)
class Sample:
    """One pytest process: seconds of wall time, seconds of CPU time (user + system), peak RSS in MiB."""

    wall: float
    cpu: float
    rss: float


def run_measured(args: Sequence[str], cwd: Path, *, exit_codes: Sequence[int] = (0, 1),
                 env: Mapping[str, str] | None = None, prefix: Sequence[str] = ()) -> Sample:
    """Run ``pytest ARGS`` in a child of a fresh interpreter that reports what the run cost, so that
    every measurement is independent of this process and of the others. ``prefix`` goes before the
    command (``taskset -c 0,1``: the run sees fewer cores); ``env`` replaces the environment."""
    code = ("import resource, subprocess, sys, time, json; t=time.perf_counter();"
            "p=subprocess.run(sys.argv[1:], capture_output=True);"
            "w=time.perf_counter()-t; u=resource.getrusage(resource.RUSAGE_CHILDREN);"
            "print(json.dumps([w, u.ru_utime+u.ru_stime, u.ru_maxrss/1024, p.returncode]))")
    command = [*prefix, sys.executable, "-c", code, sys.executable, "-m", "pytest", *COMMON, *args]
    completed = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=True,
                               env=None if env is None else dict(env))
    wall, cpu, rss, returncode = json.loads(completed.stdout.strip().splitlines()[-1])
    if returncode not in exit_codes:
        raise SystemExit(f"pytest exited {returncode} for {' '.join(args)}")
    return Sample(wall, cpu, rss)


def outcomes(args: Sequence[str], cwd: Path, *, label: str,
             env: Mapping[str, str] | None = None) -> dict[str, tuple[str, str]]:
    """Node id → (outcome, message) of every test in one unmeasured run with ``probe.py`` loaded:
    ``passed``, ``failed``, ``skipped`` or ``error`` (at setup), and the failure's or skip's message.
    Asserts that the run's node ids are unique and that every collected test has an outcome."""
    out = cwd / f"outcomes-{label}.json"
    base = os.environ if env is None else env
    env = {**base, "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), base.get("PYTHONPATH")])),
           "BENCH_OUTCOMES": str(out)}
    completed = subprocess.run([sys.executable, "-m", "pytest", *COMMON, "-p", "probe", *args], cwd=cwd, env=env,
                               capture_output=True, text=True, check=False)
    if completed.returncode not in (0, 1) or not out.is_file():
        raise SystemExit(f"{label}: pytest exited {completed.returncode}:\n{completed.stdout[-2000:]}"
                         f"{completed.stderr[-2000:]}")
    found = json.loads(out.read_text(encoding="utf-8"))
    ids: list[str] = found["ids"]
    duplicates = len(ids) - len(set(ids))
    assert not duplicates, f"{label}: {len(ids)} tests but {len(set(ids))} unique node ids"
    results = {nodeid: (outcome, message) for nodeid, (outcome, message) in found["results"].items()}
    assert results.keys() == set(ids), f"{label}: {len(set(ids) - results.keys())} tests without an outcome"
    return results


def same_outcomes(plugin: Mapping[str, tuple[str, str]], bare: Mapping[str, tuple[str, str]],
                  key_of: Callable[[str], Hashable | None], *, expected: int | None = None) -> dict[str, int]:
    """Compare two runs item by item: every node id turned into its key by ``key_of`` (None: a node id
    it does not recognise, an error), the keys asserted unique within each run and the same in both,
    then the same outcome and the same message (up to its lines' trailing spaces) for every key. Returns the
    plugin's counts per outcome; exits with the first differences when any."""
    keyed = []
    for label, run in (("plugin", plugin), ("bare", bare)):
        by_key: dict[Hashable, tuple[str, str]] = {}
        for nodeid, result in run.items():
            key = key_of(nodeid)
            assert key is not None, f"{label}: a node id the benchmark does not recognise: {nodeid}"
            assert key not in by_key, f"{label}: two node ids name the same test {key}"
            outcome, message = result
            # pytest renders a ``pytest.fail(..., pytrace=False)`` message without the lines' trailing spaces
            by_key[key] = outcome, "\n".join(line.rstrip() for line in message.split("\n"))
        if expected is not None:
            assert len(by_key) == expected, f"{label}: {len(by_key)} tests, expected {expected}"
        keyed.append(by_key)
    mine, theirs = keyed
    only_plugin, only_bare = len(mine.keys() - theirs.keys()), len(theirs.keys() - mine.keys())
    assert not only_plugin and not only_bare, (f"the runs do not hold the same tests: {only_plugin} only in the "
                                               f"plugin's, {only_bare} only in the bare one")
    differ = [key for key in mine if mine[key] != theirs[key]]
    for key in differ[:10]:
        print(f"  {key}:\n    plugin {mine[key]!r}\n    bare   {theirs[key]!r}")
    if differ:
        raise SystemExit(f"{len(differ)} of {len(mine)} tests differ in outcome or message: the runs do not do the "
                         "same work")
    counts: dict[str, int] = {}
    for outcome, _ in mine.values():
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts


def interleaved(sides: Mapping[str, Sequence[str]], cwd: Path, rounds: int, *,
                env: Mapping[str, str] | None = None,
                prefixes: Mapping[str, Sequence[str]] | None = None) -> dict[str, list[Sample]]:
    """``rounds`` rounds of every side in the order given (plugin, bare, plugin, bare…), each run a
    fresh process; each round printed as it ends. ``prefixes``: a side's command prefix."""
    samples: dict[str, list[Sample]] = {side: [] for side in sides}
    for number in range(rounds):
        for side, args in sides.items():
            samples[side].append(run_measured(args, cwd, env=env, prefix=(prefixes or {}).get(side, ())))
        shown = ", ".join(f"{side} {runs[-1].wall:.1f}s wall / {runs[-1].cpu:.1f}s CPU / {runs[-1].rss:.0f} MiB"
                          for side, runs in samples.items())
        print(f"  round {number + 1}: {shown} (load average {os.getloadavg()[0]:.1f})", flush=True)
    return samples


def median(samples: Sequence[Sample]) -> Sample:
    return Sample(statistics.median(s.wall for s in samples), statistics.median(s.cpu for s in samples),
                  statistics.median(s.rss for s in samples))


def print_ratios(label: str, plugin: Sequence[Sample], bare: Sequence[Sample]) -> tuple[float, float, float]:
    """The medians of both sides and plugin / bare for wall time, CPU time and peak RSS (with the
    rounds' range); returns the three ratios of medians."""
    mine, theirs = median(plugin), median(bare)
    print(f"{label}: plugin {mine.wall:.2f}s wall, {mine.cpu:.2f}s CPU, {mine.rss:.0f} MiB; bare pytest "
          f"{theirs.wall:.2f}s, {theirs.cpu:.2f}s, {theirs.rss:.0f} MiB (medians of {len(plugin)})")
    ratios = []
    for what in ("wall", "cpu", "rss"):
        ratio = getattr(mine, what) / getattr(theirs, what)
        rounds = [getattr(p, what) / getattr(b, what) for p, b in zip(plugin, bare)]
        name = {"wall": "wall", "cpu": "CPU", "rss": "peak RSS"}[what]
        print(f"  {name} ratio plugin / bare: {ratio:.2f}x (rounds {min(rounds):.2f}-{max(rounds):.2f}x)")
        ratios.append(ratio)
    return ratios[0], ratios[1], ratios[2]


#: A plugin test's node id: ``[FOLDER/]FILE::ITEM[SYSTEM]``.
_PLUGIN_ID = re.compile(r"^(?:.*/)?(?P<file>[^/:]+)::(?P<item>[^\[\]/:]+)\[(?P<system>[^\[\]/]+)\]$")
#: A test of ``mirror.py``: ``test_mirror_NAME.py::test_item[SUITE/ITEM/SYSTEM]`` (``test_item_without_output``
#: for those that error at setup).
_MIRROR_ID = re.compile(r"::test_item(?:_without_output)?"
                        r"\[(?P<suite>[^\[\]/]+)/(?P<item>[^\[\]/]+)/(?P<system>[^\[\]/]+)\]$")


def key_of_test(nodeid: str, suite_of_file: Mapping[str, str]) -> tuple[str, str, str] | None:
    """(suite, item, system) of a plugin test (its suite named by its file's name through ``suite_of_file``)
    or of a ``mirror.py`` test; None for any other node id."""
    mirrored = _MIRROR_ID.search(nodeid)
    if mirrored is not None:
        return mirrored["suite"], mirrored["item"], mirrored["system"]
    found = _PLUGIN_ID.match(nodeid)
    if found is None or found["file"] not in suite_of_file:
        return None
    return suite_of_file[found["file"]], found["item"], found["system"]


def write_mirror(work: Path, name: str, config: Mapping[str, object]) -> list[str]:
    """``mirror.py`` copied into ``work`` as ``test_mirror_NAME.py`` with its configuration beside it; the
    arguments of the bare pytest run (the plugin switched off)."""
    module = work / f"test_mirror_{name}.py"
    shutil.copy(HERE / "mirror.py", module)
    module.with_suffix(".json").write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")
    return [module.name, "-p", "no:mtchallenge"]
