"""Throughput of the ``openai:`` adapter against a loopback chat-completions server with a fixed latency.

An LLM server answers one source per request, so what bounds a run is the number of requests
in flight: with ``--concurrency`` C and a latency of L seconds per request the adapter can
translate at most C / L sources per second. A chat-completions server on 127.0.0.1, in a process
of its own, answers each request after ``--latency`` seconds (it serves any number at once and
records the peak in flight); the adapter translates a generated suite of ``--items`` sources, ``--repeat`` times,
and the median rate is reported as a share of C / L (the goal: at least 90 %). A run with
concurrency 1, back to back, shows what one request costs beyond L on this machine (the round
trip through both processes), which no concurrency can win back; the ratio of the two rates
shows how close to linear the concurrency scales. Nothing leaves 127.0.0.1.

    python benchmarks/bench_openai.py [--items 400] [--latency 0.2] [--concurrency 8] [--repeat 3]

Not a test module: pytest collects ``tests/`` only, and this file defines no tests.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import socket
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.connection import Connection
from pathlib import Path
from types import MappingProxyType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout without installing

from pytest_mtchallenge.model import Category, ChallengeItem, Subcategory, Suite  # noqa: E402
from pytest_mtchallenge.systems import SystemOptions  # noqa: E402
from pytest_mtchallenge.systems.openai import OpenAISystem  # noqa: E402


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: ChatServer

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in two writes: without this, Nagle's algorithm and the
        # client's delayed ACK add about 40 ms to every reply.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_GET(self) -> None:
        """``/stats``: requests served and the peak in flight since the last ``/reset``."""
        if self.path == "/reset":
            self.server.reset()
        self._send({"requests": self.server.requests, "peak": self.server.peak})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        self.server.enter()
        try:
            time.sleep(self.server.latency)
        finally:
            self.server.leave()
        source = body["messages"][-1]["content"].rsplit("\n", 1)[-1]
        self._send({"object": "chat.completion", "model": body["model"],
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": source.upper()}}],
                    "usage": {"prompt_tokens": 40, "completion_tokens": 12, "total_tokens": 52}})

    def _send(self, reply: object) -> None:
        payload = json.dumps(reply).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        pass


class ChatServer(ThreadingHTTPServer):
    """A chat-completions stand-in: ``latency`` seconds per request, any number at once (the peak is kept)."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, *, latency: float) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.latency = latency
        self._lock = threading.Lock()
        self.in_flight = self.peak = self.requests = 0

    def enter(self) -> None:
        with self._lock:
            self.in_flight += 1
            self.requests += 1
            self.peak = max(self.peak, self.in_flight)

    def leave(self) -> None:
        with self._lock:
            self.in_flight -= 1

    def reset(self) -> None:
        with self._lock:
            self.peak = self.requests = 0


def serve(latency: float, port: Connection) -> None:
    """Run the server in this (child) process, sending its port back; it ends with its parent."""
    server = ChatServer(latency=latency)
    port.send(server.server_address[1])
    server.serve_forever()


class ServerProcess:
    """The server in its own process, so that its work does not compete with the adapter's for one GIL
    (a real LLM server never runs in the client's process)."""

    def __init__(self, latency: float) -> None:
        receiving, sending = multiprocessing.Pipe(duplex=False)
        self.process = multiprocessing.Process(target=serve, args=(latency, sending), daemon=True)
        self.process.start()
        if not receiving.poll(30):
            raise SystemExit("the benchmark server did not start within 30 s")
        self.port = receiving.recv()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def stats(self, *, reset: bool = False) -> dict[str, int]:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/{'reset' if reset else 'stats'}",
                                    timeout=10) as reply:
            return json.loads(reply.read())

    def stop(self) -> None:
        self.process.terminate()
        self.process.join(timeout=10)


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
    usage: dict[str, int]

    @property
    def rate(self) -> float:
        return self.sources / self.seconds


def measure(server: ServerProcess, suite: Suite, *, concurrency: int) -> Measure:
    system = OpenAISystem(argument=f"bench-model,base_url={server.url}", name=None,
                          options=SystemOptions(timeout=60, retries=0, concurrency=concurrency))
    server.stats(reset=True)
    started = time.perf_counter()
    translations = system.translate(suite=suite, items=suite.items)
    seconds = time.perf_counter() - started
    if translations.errors or len(translations.outputs) != len(suite.items):
        raise SystemExit(f"the adapter failed: {translations.problems[:3]}")
    if translations.outputs[suite.items[-1].id] != suite.items[-1].source.upper():
        raise SystemExit("the adapter returned outputs to the wrong items")
    stats = server.stats()
    return Measure(sources=len(suite.items), seconds=seconds, requests=stats["requests"], peak=stats["peak"],
                   usage=dict(translations.usage))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=400, help="Sources per run (default 400)")
    parser.add_argument("--latency", type=float, default=0.2,
                        help="Seconds per request (default 0.2, a fast LLM's time for one sentence)")
    parser.add_argument("--concurrency", type=int, default=8, help="Requests in flight (default 8)")
    parser.add_argument("--serial-items", type=int, default=40,
                        help="Sources in the concurrency-1 run (default 40; its rate does not depend on it)")
    parser.add_argument("--repeat", type=int, default=3, help="Runs; the median is reported (default 3)")
    args = parser.parse_args(argv)

    server = ServerProcess(args.latency)
    try:
        allowed = args.concurrency / args.latency
        best = args.items / (math.ceil(args.items / args.concurrency) * args.latency)  # whole waves of requests
        if args.latency <= 0:
            parser.error("--latency must be above 0")
        print(f"server: {args.latency * 1000:g} ms per request; concurrency {args.concurrency} allows "
              f"{allowed:,.0f} sources/s")
        measure(server, generated_suite(16), concurrency=4)  # warm-up: imports, first connections

        suite = generated_suite(args.items)
        runs = [measure(server, suite, concurrency=args.concurrency) for _ in range(max(1, args.repeat))]
        median = sorted(runs, key=lambda run: run.seconds)[len(runs) // 2]
        print(f"(a) concurrency {args.concurrency}: {median.sources} sources in {median.seconds:.2f} s = "
              f"{median.rate:,.1f} sources/s ({median.requests} requests, peak {median.peak} in flight; "
              f"runs: {', '.join(f'{run.rate:,.1f}' for run in runs)} sources/s; usage {median.usage})")
        serial = measure(server, generated_suite(args.serial_items), concurrency=1)
        print(f"(b) concurrency 1: {serial.sources} sources in {serial.seconds:.2f} s = {serial.rate:,.1f} sources/s "
              f"({serial.seconds / serial.requests * 1000:.1f} ms per request for a "
              f"{args.latency * 1000:g} ms server)")
        print(f"ratio (a)/(b): {median.rate / serial.rate:,.1f}x for {args.concurrency}x the requests in flight "
              f"({median.rate / serial.rate / args.concurrency:.0%} of linear scaling)")
        print(f"adapter reaches {median.rate / allowed:.1%} of what concurrency {args.concurrency} allows "
              f"({median.rate / best:.1%} of the {best:,.0f} sources/s that {args.items} sources in whole waves "
              f"allow); concurrency 1 reaches {serial.rate * args.latency:.1%} of 1/latency")
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
