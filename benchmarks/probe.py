"""A pytest plugin for the benchmarks' unmeasured runs: each test's outcome, where a run's time and memory go.

Loaded with ``-p probe`` (its folder on PYTHONPATH) by ``measure.outcomes`` and ``bench_winomt.py``, never in a
timed run. With BENCH_OUTCOMES set it writes the collected node ids and each test's outcome and message there
(JSON); with BENCH_REPORT_BYTES set, each xdist worker writes there (``.WORKERID`` appended) how many
bytes its reports took on the wire; with BENCH_PHASES set, the wall and CPU time and the memory (current and peak RSS) at each phase of
the run, the time spent in the automatic judge (``judge.Judge.verdict``, called by the plugin and by
the mirror alike) and in the garbage collector, by generation.
"""
from __future__ import annotations

import functools
import gc
import json
import os
import resource
import time
from collections.abc import Callable, Generator

import pytest

IDS: list[str] = []
RESULTS: dict[str, tuple[str, str]] = {}
PHASES: list[tuple[str, float, float, float, float]] = []  # (phase, wall, cpu, rss MiB, peak MiB)
JUDGE = {"calls": 0, "seconds": 0.0}
GC = {f"gen{n}": [0, 0.0] for n in range(3)}
BYTES: dict[str, list[int]] = {}  # report phase -> [reports, bytes, bytes of the judgement record]
_gc_started = [0.0]
_PAGE = os.sysconf("SC_PAGE_SIZE")


def _since_start() -> float:
    """Seconds since this process started (/proc: clock ticks since boot, 10 ms steps)."""
    with open("/proc/self/stat") as stat, open("/proc/uptime") as uptime:
        started = int(stat.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
        return float(uptime.read().split()[0]) - started


#: The process start, as a first mark: what comes before the first hook (interpreter, imports, plugins) is start-up.
PHASES.append(("process start", time.perf_counter() - _since_start(), 0.0, 0.0, 0.0))


def mark(phase: str) -> None:
    with open("/proc/self/statm") as statm:
        rss = int(statm.read().split()[1]) * _PAGE / 2**20
    PHASES.append((phase, time.perf_counter(), time.process_time(), rss,
                   resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))


def _on_gc(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _gc_started[0] = time.perf_counter()
    else:
        entry = GC[f"gen{info['generation']}"]
        entry[0] += 1
        entry[1] += time.perf_counter() - _gc_started[0]


def _timed(function: Callable[..., object]) -> Callable[..., object]:
    @functools.wraps(function)
    def wrapper(*args: object, **kwargs: object) -> object:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            JUDGE["calls"] += 1
            JUDGE["seconds"] += time.perf_counter() - start
    return wrapper


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("BENCH_PHASES"):
        from pytest_mtchallenge.judge import Judge

        Judge.verdict = _timed(Judge.verdict)  # type: ignore[method-assign]  # the automatic gates, on both sides
        gc.callbacks.append(_on_gc)
        mark("configured (start-up)")


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    mark("collection starts")
    result = yield
    mark("collected")
    return result


def pytest_collection_finish(session: pytest.Session) -> None:
    IDS.extend(item.nodeid for item in session.items)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: object, ids: list[str]) -> None:
    """Under pytest-xdist the controller collects nothing: the node ids are those a worker collected
    (every worker collects them all)."""
    if not IDS:
        IDS.extend(ids)


@pytest.hookimpl(wrapper=True)
def pytest_report_to_serializable(config: pytest.Config, report: object) -> Generator[None, object, object]:
    """With BENCH_REPORT_BYTES set, in an xdist worker: the bytes each report takes on the wire
    (execnet's serialisation, as the worker sends it) and those of the plugin's judgement record."""
    data = yield
    if os.environ.get("BENCH_REPORT_BYTES") and hasattr(config, "workerinput") and isinstance(data, dict):
        import execnet

        entry = BYTES.setdefault(str(data.get("when")), [0, 0, 0])
        entry[0] += 1
        entry[1] += len(execnet.dumps(data))
        if data.get("mtchallenge") is not None:
            entry[2] += len(execnet.dumps(data["mtchallenge"]))
    return data


@pytest.hookimpl(wrapper=True)
def pytest_runtestloop(session: pytest.Session) -> Generator[None, object, object]:
    mark("tests start")
    result = yield
    mark("tests ran")
    return result


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" or report.outcome != "passed":
        longrepr = report.longrepr
        message = longrepr[2] if isinstance(longrepr, tuple) else "" if longrepr is None else str(longrepr)
        outcome = "error" if report.when != "call" and report.outcome == "failed" else report.outcome
        RESULTS.setdefault(report.nodeid, (outcome, message))


@pytest.hookimpl(wrapper=True)
def pytest_sessionfinish(session: pytest.Session) -> Generator[None, object, object]:
    result = yield
    mark("session finished")
    return result


@pytest.hookimpl(wrapper=True)
def pytest_terminal_summary(terminalreporter: object) -> Generator[None, object, object]:
    result = yield
    mark("terminal summary written")
    return result


def pytest_unconfigure(config: pytest.Config) -> None:
    worker = getattr(config, "workerinput", None)
    if worker is not None:  # an xdist worker: its report sizes only; the controller writes the rest
        if os.environ.get("BENCH_REPORT_BYTES"):
            with open(f"{os.environ['BENCH_REPORT_BYTES']}.{worker['workerid']}", "w", encoding="utf-8") as handle:
                json.dump(BYTES, handle)
        return
    if os.environ.get("BENCH_OUTCOMES"):
        with open(os.environ["BENCH_OUTCOMES"], "w", encoding="utf-8") as handle:
            json.dump({"ids": IDS, "results": RESULTS}, handle, ensure_ascii=False)
    if os.environ.get("BENCH_PHASES"):
        mark("unconfigured")
        gc.callbacks.remove(_on_gc)
        with open(os.environ["BENCH_PHASES"], "w", encoding="utf-8") as handle:
            json.dump({"phases": PHASES, "judge": JUDGE, "gc": GC, "objects": len(gc.get_objects())}, handle)
