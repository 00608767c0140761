"""Whole pytest runs, back to back: a cached rerun against a cold run, and -n 2 against serial.

Run from the repository root:  python benchmarks/bench_runs.py [--rounds 3] [--latency 0.05]

1. cold vs cached: the bundled English-French suite through a loopback LibreTranslate-speaking
   server that answers each request after --latency seconds; the cold run translates (empty
   translation cache), the rerun reads everything from the cache and sends no request;
2. -n 2 vs serial: a checker-heavy run (the bundled suite, every recorded system plus the
   reference, --mt-judge=auto so every output goes through its lexicon-backed checker).
Each measurement is one pytest process; medians of --rounds and their ratios are printed.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class Server(BaseHTTPRequestHandler):
    latency = 0.05
    requests = 0

    def do_POST(self) -> None:  # noqa: N802 - the http.server API
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        time.sleep(type(self).latency)
        type(self).requests += 1
        reply = json.dumps({"translatedText": list(body["q"])}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args: object) -> None:
        pass


def pytest_run(args: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    completed = subprocess.run([sys.executable, "-m", "pytest", "-q", "--tb=no", "-p", "no:randomly", *args],
                               cwd=cwd, capture_output=True, text=True)
    if completed.returncode not in (0, 1):
        raise SystemExit(f"pytest exited {completed.returncode}: {completed.stdout[-1500:]}{completed.stderr[-1500:]}")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--latency", type=float, default=0.05)
    args = parser.parse_args()
    Server.latency = args.latency
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Server)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}"
    cold, cached, requests = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pytest.ini").write_text("[pytest]\n")
        system = [f"--mt-suite=isabelle2017-en-fr", f"--mt-system=lt=libretranslate:{url}", "--mt-batch-size=8",
                  "--mt-concurrency=1"]
        for _ in range(args.rounds):
            shutil.rmtree(work / ".pytest_cache", ignore_errors=True)
            before = Server.requests
            cold.append(pytest_run(system, work))
            requests.append(Server.requests - before)
            before = Server.requests
            cached.append(pytest_run(system, work))
            assert Server.requests == before, "the cached rerun sent requests"
        heavy = ["--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:*", "--mt-system=reference",
                 "--mt-judge=auto", "-p", "no:cacheprovider"]
        serial, parallel = [], []
        for _ in range(args.rounds):
            serial.append(pytest_run(heavy, work))
            parallel.append(pytest_run([*heavy, "-n", "2"], work))
    httpd.shutdown()
    c, r = statistics.median(cold), statistics.median(cached)
    print(f"cold run {c:.2f}s ({statistics.median(requests):.0f} requests of {args.latency * 1000:.0f} ms), "
          f"cached rerun {r:.2f}s (0 requests) -> cached/cold {r / c:.2f}")
    s, p = statistics.median(serial), statistics.median(parallel)
    print(f"checker-heavy run (432 tests, --mt-judge=auto): serial {s:.2f}s, -n 2 {p:.2f}s -> speed-up {s / p:.2f}x")


if __name__ == "__main__":
    main()
