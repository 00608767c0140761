"""Replay issue 25's hostile inputs against real pytest runs: no traceback, no hang, bounded memory.

Run from the repository root (POSIX; loopback only, nothing leaves the machine):
    python benchmarks/replay_hostile.py [--timeout 5] [--only NAME …]

Each input is one pytest run, in a subprocess of its own, in a temporary folder: a server on
127.0.0.1 started by this script (a gzip bomb, a 200 MB body, a chat model answering with 420 KB
of unclosed reasoning or with a preamble alone), a command printing 300 MB, a ``python:``
function that returns 300 MB, calls ``os._exit()``, raises ``KeyboardInterrupt`` or returns a
``str`` whose ``__str__`` raises, a ctxpro set nested 100,000 deep or with a 5,000-digit number
beside a 1 GiB (sparse) outputs file, a TQ-AutoTest suite of lone surrogates written to every
report, and 200 KB outputs for every item of a bundled suite. For each run the script measures:

- **tracebacks**: lines ``Traceback (most recent call last)`` and ``INTERNALERROR`` in its output
  (the plugin's faults are one line each: 0 expected);
- **hang**: whether it ran longer than a run of the same shape with a well-behaved system, plus
  ``--timeout`` (the run's ``--mt-timeout``) plus 5 s; every run is killed at 180 s at most;
- **peak RSS**: the largest resident set of the pytest process and everything it started
  (``os.wait4``'s ``ru_maxrss``: the process's own peak and its waited-for descendants'),
  expected under 1 GiB;
- **expected**: the one line the run should print about that input, and its pytest outcomes.

It prints a table and exits 1 when any run has a traceback, a hang, a peak of 1 GiB or more, or
misses its expected line.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

MIB = 1024 * 1024
RSS_LIMIT = 1024 * MIB
KILL_AFTER = 180.0

SUITE = """\
format: mtchallenge-suite/1
name: hostile
title: Hostile replies
citation: none
source_language: en
target_language: fr
categories:
  - id: c
    title: Greetings
    subcategories:
      - id: s
        title: Hello
        question: Is it a greeting?
        checker: regex
        params: {positive: "[Bb]onjour"}
        items:
"""
HTTP_INI = '[pytest]\nmt_http_request = {"q": "{sources}"}\nmt_http_response = translations\n'


def suite_yaml(count: int) -> str:
    return SUITE + "".join(f"          - {{id: i{n}, source: Hello number {n}., reference: Bonjour numéro {n}.}}\n"
                           for n in range(count))


# -- loopback servers -----------------------------------------------------------------------------

@dataclass
class Reply:
    body: bytes | Callable[[], Iterator[bytes]]
    length: int
    headers: dict[str, str] = field(default_factory=dict)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def do_POST(self) -> None:  # noqa: N802 - http.server's API
        request = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"null")
        reply = self.server.respond(request)
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(reply.length))
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.end_headers()
            for block in ([reply.body] if isinstance(reply.body, bytes) else reply.body()):
                self.wfile.write(block)
        except OSError:
            self.close_connection = True  # the client stopped reading: what the limits are for

    def log_message(self, *args: object) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, respond: Callable[[object], Reply]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.respond = respond

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that stops reading a body past its limit resets the connection: expected


@contextmanager
def serving(respond: Callable[[object], Reply]) -> Iterator[str]:
    server = _Server(respond)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def gzip_bomb(size: int) -> bytes:
    """``size`` bytes of JSON-looking spaces, gzip-compressed (about a thousandth of ``size``)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    parts = [compressor.compress(b'{"translations": ["')]
    block = b" " * MIB
    parts += [compressor.compress(block) for _ in range(size // MIB)]
    return b"".join(parts) + compressor.flush()


def chat(content: str) -> bytes:
    return json.dumps({"choices": [{"index": 0, "finish_reason": "stop",
                                    "message": {"role": "assistant", "content": content}}]}).encode()


# -- the inputs -------------------------------------------------------------------------------------

@dataclass
class Input:
    name: str
    what: str
    expected: tuple[str, ...]  # fragments the run's output must hold (its one line about the input)
    prepare: Callable[[Path, ExitStack, float], list[str]]  # writes files, starts servers; returns pytest's arguments


def _http_suite(folder: Path, stack: ExitStack, reply: Callable[[], Reply], timeout: float) -> list[str]:
    (folder / "suite.yaml").write_text(suite_yaml(4), encoding="utf-8")
    (folder / "pytest.ini").write_text(HTTP_INI, encoding="utf-8")
    url = stack.enter_context(serving(lambda request: reply()))
    return ["suite.yaml", f"--mt-system={url}/mt", "--mt-retries=0", f"--mt-timeout={timeout:g}"]


def gzip_bomb_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    bomb = gzip_bomb(1024 * MIB)  # 1 MB on the wire, 1 GiB once inflated
    return _http_suite(folder, stack, lambda: Reply(bomb, len(bomb), {"Content-Encoding": "gzip"}), timeout)


def huge_body_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    size = 200 * 1000 * 1000

    def blocks() -> Iterator[bytes]:
        yield b'{"translations": ["'
        for _ in range((size - 19) // MIB):
            yield b"x" * MIB

    return _http_suite(folder, stack, lambda: Reply(blocks, 19 + (size - 19) // MIB * MIB), timeout)


def _openai_suite(folder: Path, stack: ExitStack, hostile: str, timeout: float) -> list[str]:
    (folder / "suite.yaml").write_text(suite_yaml(6), encoding="utf-8")

    def respond(request: object) -> Reply:
        source = request["messages"][-1]["content"].splitlines()[-1]  # type: ignore[index]
        body = chat(hostile if source.endswith(" 0.") else "Bonjour numéro " + source.split()[-1])
        return Reply(body, len(body))

    url = stack.enter_context(serving(respond))
    return ["suite.yaml", f"--mt-system=openai:m,base_url={url}/v1", "--mt-retries=0", f"--mt-timeout={timeout:g}",
            "--mt-concurrency=4"]


def quadratic_reply_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    return _openai_suite(folder, stack, "<think>" * 60_000, timeout)  # 420 KB of reasoning never closed


def preamble_only_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    return _openai_suite(folder, stack, "Here is the French translation:", timeout)


def _python_suite(folder: Path, body: str, timeout: float) -> list[str]:
    (folder / "suite.yaml").write_text(suite_yaml(4), encoding="utf-8")
    (folder / "hostile_mt.py").write_text(textwrap.dedent(body), encoding="utf-8")
    return ["suite.yaml", "--mt-system=python:hostile_mt:translate", f"--mt-timeout={timeout:g}", "--mt-batch-size=2"]


def python_huge_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    return _python_suite(folder, """\
        def translate(sources):  # 300 MB for the batch of item i0, a greeting for the other batch
            return ["x" * 300_000_000 if source.endswith(" 0.") else "Bonjour" for source in sources]
    """, timeout)


def python_exit_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    return _python_suite(folder, "import os\ndef translate(sources):\n    os._exit(3)\n", timeout)


def python_interrupt_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    return _python_suite(folder, "def translate(sources):\n    raise KeyboardInterrupt\n", timeout)


def python_str_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    return _python_suite(folder, """\
        class Hostile(str):
            def __str__(self):
                raise RuntimeError("no")
        def translate(sources):
            return [Hostile("Bonjour.") for _ in sources]
    """, timeout)


def huge_cmd_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    (folder / "suite.yaml").write_text(suite_yaml(4), encoding="utf-8")
    (folder / "flood.py").write_text("import sys\nsys.stdin.read()\nfor _ in range(300):\n"
                                     "    sys.stdout.write('x' * 1_000_000)\n", encoding="utf-8")
    return ["suite.yaml", f"--mt-system=cmd:{sys.executable} flood.py", f"--mt-timeout={timeout:g}"]


def deep_json_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    sets = folder / "paper" / "jsons"
    sets.mkdir(parents=True)
    head = '[{"src segment": "You.", "ref segment": "Vous.", "expected": "vous", "rule": "NOM.FORM+PLUR", "n": '
    (sets / "deep.formality.x.en-fr.test.json").write_text(head + "[" * 100_000 + "]" * 100_000 + "}]")
    (sets / "digits.formality.x.en-fr.test.json").write_text(head + "9" * 5000 + "}]")
    item = {"src segment": "You.", "ref segment": "Vous.", "expected": "vous", "rule": "NOM.FORM+PLUR"}
    (sets / "big.formality.x.en-fr.test.json").write_text(json.dumps([item]))
    (folder / "paper" / "outputs").mkdir()
    with (folder / "paper" / "outputs" / "deepl.big.formality.x.en-fr.test.sentences").open("wb") as handle:
        handle.truncate(1024 * MIB)  # 1 GiB, sparse: no disk used
    (folder / "suite.yaml").write_text(suite_yaml(4), encoding="utf-8")
    return [*(f"--mt-suite={path}" for path in sorted(sets.iterdir())), "--mt-suite=suite.yaml",
            "--mt-system=reference"]


def surrogates_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    items = [{"id": str(n), "langpair": "deen", "category": "Kategorie \ud800", "phenomenon": "Ph\udfffnomen",
              "source_sentence": f"Satz \udbff {n}.", "positive_regex": "ok", "negative_regex": "",
              "positive_tokens": [], "negative_tokens": []} for n in range(3)]
    (folder / "x.items.json").write_text(json.dumps({"items": items}), encoding="ascii")
    (folder / "out.jsonl").write_text("".join(json.dumps({"id": str(n), "output": "Das ist ok."}) + "\n"
                                              for n in range(3)), encoding="utf-8")
    return ["x.items.json", "--mt-system=file:out.jsonl", "--mt-report=r.html", "--mt-report=r.json",
            "--mt-save=saved.json"]


def long_outputs_input(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    from pytest_mtchallenge.formats import bundled_suites
    from pytest_mtchallenge.formats.yaml import load_suite

    suite = load_suite(bundled_suites()["isabelle2017-en-fr"])
    hostile = "que " * 50_000  # 200 KB: a family reading it clause by clause ran for minutes
    (folder / "out.jsonl").write_text("".join(json.dumps({"id": item.id, "output": hostile + item.id}) + "\n"
                                              for item in suite.items), encoding="utf-8")
    return ["--mt-suite=isabelle2017-en-fr", "--mt-system=file:out.jsonl", "--mt-judge=auto", "-rs"]


INPUTS = [
    Input("gzip-bomb", "HTTP reply: 1 MB of gzip inflating to 1 GiB",
          ("the reply's body is larger than 64 MiB", "4 errors"), gzip_bomb_input),
    Input("huge-body", "HTTP reply: a 200 MB body", ("the reply's body is larger than 64 MiB", "4 errors"),
          huge_body_input),
    Input("huge-cmd", "cmd: printing 300 MB", ("its standard output is larger than 64 MiB", "4 errors"),
          huge_cmd_input),
    Input("python-huge", "python: returning 300 MB",
          ("what it returned for the batch is larger than 64 MiB", "2 passed, 2 errors"), python_huge_input),
    Input("python-os-exit", "python: calling os._exit(3)",
          ("ended the process it runs in (exit status 3)", "not called: an earlier call", "4 errors"),
          python_exit_input),
    Input("python-ctrl-c", "python: raising KeyboardInterrupt",
          ("raised KeyboardInterrupt", "not called: an earlier call", "4 errors"), python_interrupt_input),
    Input("python-str", "python: a str whose __str__ raises", ("4 passed",), python_str_input),
    Input("quadratic-reply", "openai: 420 KB of unclosed <think>, 5 other requests beside it",
          ("not read: 420,000 characters", "5 passed, 1 error"), quadratic_reply_input),
    Input("preamble-only", "openai: 'Here is the French translation:' alone",
          ("removed the preamble", "5 passed, 1 error"), preamble_only_input),
    Input("deep-json", "ctxpro: 100,000-deep arrays, a 5,000-digit number, a 1 GiB outputs file",
          ("nested deeper than 100 levels", "invalid JSON", "larger than 64 MiB", "4 passed, 3 errors"),
          deep_json_input),
    Input("surrogates", "TQ-AutoTest: lone surrogates, HTML + JSON reports and a saved run",
          ("report written to r.html", "report written to r.json", "run saved to"), surrogates_input),
    Input("long-outputs", "file: 200 KB of 'que que …' for each of 108 items",
          ("not read: the output has 200,00", "108 skipped"), long_outputs_input),
]


def _small_suite(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    (folder / "suite.yaml").write_text(suite_yaml(4), encoding="utf-8")
    return ["suite.yaml", "--mt-system=reference"]


def _well_behaved_http(folder: Path, stack: ExitStack, timeout: float) -> list[str]:
    body = json.dumps({"translations": ["Bonjour."] * 4}).encode()
    return _http_suite(folder, stack, lambda: Reply(body, len(body)), timeout)


#: The same shapes with well-behaved systems: what a run costs here without a hostile input.
BASELINES = [_small_suite, _well_behaved_http,
             lambda folder, stack, timeout: ["--mt-suite=isabelle2017-en-fr", "--mt-system=reference",
                                             "--mt-judge=auto"]]


# -- running ---------------------------------------------------------------------------------------

@dataclass
class Outcome:
    name: str
    what: str
    seconds: float
    limit: float
    tracebacks: int
    peak_mib: float
    exit_code: int
    summary: str
    missing: tuple[str, ...]

    @property
    def hang(self) -> bool:
        return self.seconds > self.limit

    @property
    def ok(self) -> bool:
        return not self.hang and self.tracebacks == 0 and self.peak_mib * MIB < RSS_LIMIT and not self.missing


def run_pytest(folder: Path, arguments: list[str]) -> tuple[float, int, float, str]:
    """Run pytest in ``folder``: (seconds, exit code, peak RSS in MiB of it and its descendants, output)."""
    log = folder / "pytest-output.txt"
    environment = dict(os.environ, NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost",
                       PYTHONDONTWRITEBYTECODE="1")
    command = [sys.executable, "-m", "pytest", *arguments, "-p", "no:cacheprovider", "--mt-no-cache", "-q",
               "--tb=short", "-p", "no:randomly"]
    started = time.monotonic()
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=folder, stdout=output, stderr=subprocess.STDOUT, env=environment,
                                   start_new_session=True)
        killer = threading.Timer(KILL_AFTER, lambda: os.killpg(process.pid, signal.SIGKILL))
        killer.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            killer.cancel()
    seconds = time.monotonic() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    return seconds, process.returncode, usage.ru_maxrss / 1024, log.read_text(encoding="utf-8", errors="replace")


def replay(item: Input, *, timeout: float, baseline: float) -> Outcome:
    with tempfile.TemporaryDirectory(prefix=f"mt-hostile-{item.name}-") as temporary:
        folder = Path(temporary)
        (folder / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
        with ExitStack() as stack:
            arguments = item.prepare(folder, stack, timeout)
            seconds, code, peak, output = run_pytest(folder, arguments)
    lines = output.splitlines()
    tracebacks = sum("Traceback (most recent call last)" in line or "INTERNALERROR" in line for line in lines)
    summary = next((line.strip("= ") for line in reversed(lines) if " in " in line and line.startswith("=")), "")
    summary = summary or next((line for line in reversed(lines) if line.strip()), "")
    missing = tuple(fragment for fragment in item.expected if fragment not in output)
    return Outcome(item.name, item.what, seconds, baseline + timeout + 5, tracebacks, peak, code, summary, missing)


def measure_baseline(timeout: float) -> float:
    """The longest of a few well-behaved runs of the inputs' shapes: what starting pytest and
    judging a small suite costs here."""
    longest = 0.0
    for prepare in BASELINES:
        with tempfile.TemporaryDirectory(prefix="mt-hostile-baseline-") as temporary, ExitStack() as stack:
            folder = Path(temporary)
            (folder / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
            longest = max(longest, run_pytest(folder, prepare(folder, stack, timeout))[0])
    return longest


def table(outcomes: list[Outcome], baseline: float) -> str:
    rows = ["| input | what | wall s | limit s | hang | tracebacks | peak RSS MiB | exit | expected lines "
            "| pytest says |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
    for outcome in outcomes:
        expected = "yes" if not outcome.missing else "**missing** " + "; ".join(outcome.missing)
        rows.append(f"| {outcome.name} | {outcome.what} | {outcome.seconds:.1f} | {outcome.limit:.1f} | "
                    f"{int(outcome.hang)} | {outcome.tracebacks} | {outcome.peak_mib:.0f} | {outcome.exit_code} | "
                    f"{expected} | {outcome.summary} |")
    rows.append(f"\nbaseline (a well-behaved run of the same shape): {baseline:.1f} s; limit = baseline + "
                "--mt-timeout + 5 s; peak RSS: os.wait4's ru_maxrss of the pytest process (it and its descendants)")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=5.0, help="The runs' --mt-timeout, in seconds")
    parser.add_argument("--only", nargs="*", default=None, help="Replay only these inputs (by name)")
    options = parser.parse_args(argv)
    chosen = [item for item in INPUTS if options.only is None or item.name in options.only]
    baseline = measure_baseline(options.timeout)
    outcomes = []
    for item in chosen:
        outcome = replay(item, timeout=options.timeout, baseline=baseline)
        print(f"{outcome.name}: {outcome.seconds:.1f} s, {outcome.tracebacks} tracebacks, {outcome.peak_mib:.0f} MiB, "
              f"exit {outcome.exit_code}: {outcome.summary}", file=sys.stderr, flush=True)
        outcomes.append(outcome)
    print(table(outcomes, baseline))
    return 0 if all(outcome.ok for outcome in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
