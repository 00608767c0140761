"""Throughput of the ``libretranslate:`` adapter against a loopback server of known capacity.

A LibreTranslate-speaking server answers each request after a fixed latency and serves at most
``--capacity`` requests at once (a semaphore), so its capacity is capacity × batch / latency
sources per second. The adapter translates a generated suite (a) in batches with as many
requests in flight as the server serves, and (b) one request per item, one at a time; both run
back to back in this process. Nothing leaves 127.0.0.1.

    python benchmarks/bench_libretranslate.py [--items 2000] [--latency 0.05] [--capacity 4]
                                              [--batch-size 32] [--naive-items 200] [--repeat 3]

Not a test module: pytest collects ``tests/`` only, and this file defines no tests.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import socket
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import MappingProxyType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout without installing

from pytest_mtchallenge.model import Category, ChallengeItem, Subcategory, Suite  # noqa: E402
from pytest_mtchallenge.systems import SystemOptions  # noqa: E402
from pytest_mtchallenge.systems.libretranslate import LibreTranslateSystem  # noqa: E402


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: LatencyServer

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in two writes: without this, Nagle's algorithm and the
        # client's delayed ACK add about 40 ms to every reply.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        with self.server.serving():
            time.sleep(self.server.latency)
        q = body["q"]
        translated = [text.upper() for text in q] if isinstance(q, list) else q.upper()
        payload = json.dumps({"translatedText": translated}).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        pass


class LatencyServer(ThreadingHTTPServer):
    """A LibreTranslate stand-in: ``latency`` seconds per request, ``capacity`` requests at once."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, *, latency: float, capacity: int) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.latency = latency
        self.capacity = capacity
        self._slots = threading.BoundedSemaphore(capacity)
        self._lock = threading.Lock()
        self.in_flight = 0
        self.peak = 0
        self.requests = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    @contextlib.contextmanager
    def serving(self) -> Iterator[None]:
        """Hold one of the ``capacity`` slots (waiting for one) while a request is served."""
        with self._slots:
            with self._lock:
                self.in_flight += 1
                self.requests += 1
                self.peak = max(self.peak, self.in_flight)
            try:
                yield
            finally:
                with self._lock:
                    self.in_flight -= 1

    def reset(self) -> None:
        with self._lock:
            self.peak = self.requests = 0


def generated_suite(count: int) -> Suite:
    items = tuple(ChallengeItem(id=f"b{n}", suite="bench", category="c", subcategory="s",
                                source=f"The letters from my brother number {n} should have warned us.",
                                references=("r",), question="?", checker="human") for n in range(count))
    subcategory = Subcategory(id="s", title="s", category="c", question="?", checker="human",
                              params=MappingProxyType({}), explanation="", item_ids=tuple(i.id for i in items))
    return Suite(name="bench", title="Benchmark", citation="", source_language="en", target_language="fr",
                 path=Path("bench.yaml"), categories=(Category(id="c", title="c", subcategory_ids=("s",)),),
                 subcategories=MappingProxyType({"s": subcategory}), items=items, systems=MappingProxyType({}),
                 verdicts=())


@dataclass(frozen=True, slots=True)
class Measure:
    sources: int
    seconds: float
    requests: int
    peak: int

    @property
    def rate(self) -> float:
        return self.sources / self.seconds


def measure(server: LatencyServer, suite: Suite, *, batch_size: int, concurrency: int) -> Measure:
    system = LibreTranslateSystem(argument=server.url, name=None, options=SystemOptions(
        timeout=60, retries=0, batch_size=batch_size, concurrency=concurrency))
    server.reset()
    started = time.perf_counter()
    translations = system.translate(suite=suite, items=suite.items)
    seconds = time.perf_counter() - started
    if translations.errors or len(translations.outputs) != len(suite.items):
        raise SystemExit(f"the adapter failed: {translations.problems[:3]}")
    if translations.outputs[suite.items[-1].id] != suite.items[-1].source.upper():
        raise SystemExit("the adapter returned outputs out of order")
    return Measure(sources=len(suite.items), seconds=seconds, requests=server.requests, peak=server.peak)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=2000, help="Sources in the batched run (default 2000)")
    parser.add_argument("--latency", type=float, default=0.05, help="Seconds per request (default 0.05)")
    parser.add_argument("--capacity", type=int, default=4, help="Requests the server serves at once (default 4)")
    parser.add_argument("--batch-size", type=int, default=32, help="Sources per request (default 32)")
    parser.add_argument("--naive-items", type=int, default=200,
                        help="Sources in the one-request-per-item run (default 200; its rate does not depend on it)")
    parser.add_argument("--repeat", type=int, default=3, help="Batched runs; the median is reported (default 3)")
    args = parser.parse_args(argv)

    server = LatencyServer(latency=args.latency, capacity=args.capacity)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        capacity = args.capacity * args.batch_size / args.latency
        batches = math.ceil(args.items / args.batch_size)
        best = args.items / (math.ceil(batches / args.capacity) * args.latency)  # whole waves of requests
        print(f"server: {args.latency * 1000:g} ms per request, {args.capacity} requests at once; "
              f"capacity {capacity:,.0f} sources/s at {args.batch_size} sources per request")
        measure(server, generated_suite(8), batch_size=4, concurrency=2)  # warm-up: imports, first connections

        suite = generated_suite(args.items)
        runs = [measure(server, suite, batch_size=args.batch_size, concurrency=args.capacity)
                for _ in range(max(1, args.repeat))]
        batched = sorted(runs, key=lambda run: run.seconds)[len(runs) // 2]
        print(f"(a) batch {args.batch_size}, concurrency {args.capacity}: {batched.sources} sources in "
              f"{batched.seconds:.2f} s = {batched.rate:,.0f} sources/s ({batched.requests} requests, peak "
              f"{batched.peak} in flight; runs: {', '.join(f'{run.rate:,.0f}' for run in runs)} sources/s)")

        naive = measure(server, generated_suite(args.naive_items), batch_size=1, concurrency=1)
        print(f"(b) batch 1, concurrency 1: {naive.sources} sources in {naive.seconds:.2f} s = "
              f"{naive.rate:,.1f} sources/s ({naive.requests} requests; "
              f"{naive.seconds / naive.requests * 1000:.1f} ms per request)")

        print(f"ratio (a)/(b): {batched.rate / naive.rate:,.0f}x; (a)/capacity: {batched.rate / capacity:.1%}; "
              f"(b)/capacity: {naive.rate / capacity:.2%}")
        print(f"adapter reaches {batched.rate / capacity:.0%} of server capacity "
              f"({batched.rate / best:.0%} of the {best:,.0f} sources/s that {args.items} sources in whole "
              f"waves of {args.capacity} requests allow)")
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
