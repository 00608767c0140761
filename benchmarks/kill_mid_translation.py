"""Fault injection: kill -9 a run in the middle of a translation; the rerun requests only the unfinished batches.

Run from the repository root:
    python benchmarks/kill_mid_translation.py [--items 80] [--batch-size 2] [--kill-after 17]

In a temporary directory it writes a generated suite of --items items and a ``python:`` system
(``slow_mt.translate``) that logs the sources of each call it starts and finishes. A first pytest
run translates the suite in batches of --batch-size; the call after --kill-after finished calls
never returns, and once it has started (so --kill-after batches have come back) the script kills
that pytest process with SIGKILL: no cleanup, no atexit, no finally. A second run then translates
what is missing. The translation cache promises that at most the batches in flight are lost
(here: the one hanging call), so the rerun must request exactly the sources of the batches that
had not come back, and its tests must pass. The script prints what each run did and exits 1 when
the promise does not hold (POSIX only: it needs SIGKILL).
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SYSTEM = '''\
import json
import os
import time

LOG = os.environ["MT_CALLS_LOG"]


def _log(event, sources):
    with open(LOG, "a", encoding="utf-8") as log:
        log.write(json.dumps({"event": event, "sources": sources}) + "\\n")
        log.flush()
        os.fsync(log.fileno())


def translate(sources):
    with open(LOG, encoding="utf-8") as log:
        finished = sum(json.loads(line)["event"] == "end" for line in log)
    _log("start", sources)
    hang_after = os.environ.get("MT_HANG_AFTER")
    if hang_after is not None and finished >= int(hang_after):
        time.sleep(3600)  # the batch in flight when the run is killed
    time.sleep(float(os.environ.get("MT_DELAY", "0")))
    _log("end", sources)
    return ["la phrase numéro " + source.split()[-1] for source in sources]
'''


def suite_yaml(items: int) -> str:
    lines = ["format: mtchallenge-suite/1", "name: generated", "title: Generated", "citation: none",
             "source_language: en", "target_language: fr", "categories:", "- id: c", "  title: C",
             "  subcategories:", "  - id: S1", "    title: Numbered", "    question: Is the number kept?",
             "    checker: regex", '    params: {positive: "^la phrase numéro [0-9]+$"}', "    items:"]
    lines += [f"    - {{id: g{n}, source: sentence {n}, reference: la phrase numéro {n}}}" for n in range(items)]
    return "\n".join(lines) + "\n"


def events(log: Path) -> list[dict[str, object]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def pytest_command(batch_size: int) -> list[str]:
    return [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "--mt-suite=suite.yaml",
            "--mt-system=slow=python:slow_mt:translate", f"--mt-batch-size={batch_size}", "--mt-judge=auto"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=80)
    parser.add_argument("--batch-size", type=int, default=2)
    parser.add_argument("--kill-after", type=int, default=17, help="finished batches before the kill")
    parser.add_argument("--wait", type=float, default=120.0, help="longest wait for the hanging batch (seconds)")
    arguments = parser.parse_args()
    batches = -(-arguments.items // arguments.batch_size)
    if not 0 < arguments.kill_after < batches:
        parser.error(f"--kill-after must be between 1 and {batches - 1} (the suite has {batches} batches)")

    with tempfile.TemporaryDirectory(prefix="mt-kill-") as folder:
        work = Path(folder)
        (work / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
        (work / "suite.yaml").write_text(suite_yaml(arguments.items), encoding="utf-8")
        (work / "slow_mt.py").write_text(SYSTEM, encoding="utf-8")
        log = work / "calls.log"
        log.touch()
        environment = dict(os.environ, MT_CALLS_LOG=str(log), MT_HANG_AFTER=str(arguments.kill_after),
                           PYTHONPATH=os.pathsep.join([str(ROOT), str(work), os.environ.get("PYTHONPATH", "")]))
        environment.pop("CI", None)

        # 1. The run to kill: wait until the call after --kill-after finished ones has started.
        started = time.monotonic()
        run = subprocess.Popen(pytest_command(arguments.batch_size), cwd=work, env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while sum(e["event"] == "start" for e in events(log)) <= arguments.kill_after:
                if run.poll() is not None or time.monotonic() - started > arguments.wait:
                    print(f"FAILED: the run never reached batch {arguments.kill_after + 1} "
                          f"(exit status {run.poll()}, {len(events(log))} calls logged)")
                    return 1
                time.sleep(0.05)
            os.kill(run.pid, signal.SIGKILL)
        finally:
            if run.poll() is None:
                run.kill()
            run.wait()
        before = events(log)
        finished = [source for e in before if e["event"] == "end" for source in e["sources"]]  # type: ignore[union-attr]
        cache = work / ".pytest_cache" / "d" / "mtchallenge" / "translations.sqlite"
        with sqlite3.connect(cache) as connection:
            rows = connection.execute("SELECT COUNT(*) FROM translation").fetchone()[0]
        print(f"killed (SIGKILL) with batch {arguments.kill_after + 1} of {batches} in flight: "
              f"{len(finished)} sources translated, {rows} rows in the cache")

        # 2. The rerun: it must ask for exactly the sources whose batches had not come back.
        environment.pop("MT_HANG_AFTER")
        rerun = subprocess.run(pytest_command(arguments.batch_size), cwd=work, env=environment,
                               capture_output=True, text=True, timeout=arguments.wait)
        requested = [e["sources"] for e in events(log)[len(before):] if e["event"] == "start"]
        sources = [f"sentence {n}" for n in range(arguments.items)]
        unfinished = [source for source in sources if source not in finished]
        flat = [source for batch in requested for source in batch]  # type: ignore[union-attr]
        summary = rerun.stdout.strip().splitlines()[-1] if rerun.stdout.strip() else "(no output)"
        print(f"rerun requested {len(requested)} of {batches} batches ({len(flat)} sources); "
              f"{len(unfinished)} sources were unfinished; pytest: {summary}")
        problems = []
        if rows != len(finished):
            problems.append(f"{rows} cache rows for {len(finished)} finished sources")
        if sorted(flat) != sorted(unfinished):
            problems.append(f"the rerun requested {sorted(set(flat) - set(unfinished))[:5]} beyond the unfinished "
                            f"sources and missed {sorted(set(unfinished) - set(flat))[:5]}")
        if rerun.returncode != 0:
            problems.append(f"the rerun exited with status {rerun.returncode}")
        for problem in problems:
            print(f"FAILED: {problem}")
        if not problems:
            print("ok: at most the batch in flight was lost")
        return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
