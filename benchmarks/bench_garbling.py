"""What the broken-output rule costs the automatic judge, and what it changes.

    python benchmarks/bench_garbling.py              # the variant files of both challenge sets
    python benchmarks/bench_garbling.py --ctxpro     # and DeepL's ctxpro outputs (../shared/external)

Each round runs in a fresh interpreter (cold caches, as a real run judges each output once) and
judges every output once with the automatic judge (`judge.Judge.verdict`, one judge per
suite's languages), timing the whole and the time spent in the broken-output gate
(`judge.gates.not_rendered`: the packs' signals for a family's n/a or "not found"). It prints the
medians, the judge's time without the rule over its time with it (the ratio the rule costs), and
how many outcomes the rule changed.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "checkers"))

from pytest_mtchallenge.judge import AUTOMATIC, Gate, Judge, gates  # noqa: E402
from pytest_mtchallenge.checkers import builtin_checkers  # noqa: E402
from pytest_mtchallenge.model import ChallengeItem  # noqa: E402

CTXPRO = ROOT.parent / "shared" / "external" / "ctxpro-en-fr" / "paper" / "jsons"


def cases(with_ctxpro: bool) -> list[tuple[ChallengeItem, str, tuple[str, ...], tuple[str, str]]]:
    from variants import SUITES, variants  # tests/checkers/variants.py

    from pytest_mtchallenge.formats import bundled_suites
    from pytest_mtchallenge.formats.yaml import load_suite

    found = []
    for name in SUITES:
        suite = load_suite(bundled_suites()[name])
        items = {item.id: item for item in suite.items}
        languages = (suite.source_language, suite.target_language)
        found += [(items[v.item], v.output, (), languages) for v in variants(name)]
    if with_ctxpro:
        if not CTXPRO.is_dir():
            sys.exit(f"skipped: {CTXPRO} is absent")
        from pytest_mtchallenge.formats.ctxpro import load

        for path in sorted(CTXPRO.glob("*.json")):
            suite = load(path, checkers=builtin_checkers())
            items = {item.id: item for item in suite.items}
            languages = (suite.source_language, suite.target_language)
            for system in suite.systems.values():
                found += [(items[i], output, tuple(system.context_outputs.get(i, ())), languages)
                          for i, output in system.outputs.items()]
    return found


def one_round(with_ctxpro: bool) -> tuple[float, float, int, int]:
    """(seconds judging, seconds inside the rule, outputs, outcomes the rule changed) in this process."""
    checkers = {name: family() for name, family in builtin_checkers().items()}
    found = cases(with_ctxpro)
    rule = gates.not_rendered
    spent = 0.0
    changed = 0

    def timed(item, output, context, verdict):  # type: ignore[no-untyped-def]
        nonlocal spent, changed
        start = time.perf_counter()
        result = rule.read(item, output, context, verdict)
        spent += time.perf_counter() - start
        changed += result is not None and verdict is not None and result.outcome is not verdict.outcome
        return result

    timed_gates = tuple(Gate(gate.name, timed) if gate is rule else gate for gate in AUTOMATIC)
    judges: dict[tuple[str, str], Judge] = {}
    start = time.perf_counter()
    for item, output, context, languages in found:
        if languages not in judges:
            judges[languages] = Judge(languages=languages, checkers=checkers, gates=timed_gates)
        judges[languages].verdict(item, output, context=context)
    return time.perf_counter() - start, spent, len(found), changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ctxpro", action="store_true", help="add DeepL's ctxpro outputs")
    parser.add_argument("--one-round", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_round:
        print(json.dumps(one_round(args.ctxpro)))
        return
    rounds = []
    for _ in range(args.rounds):
        command = [sys.executable, __file__, "--one-round"] + (["--ctxpro"] if args.ctxpro else [])
        total, spent, outputs, changed = json.loads(subprocess.run(command, check=True, capture_output=True,
                                                                   text=True).stdout)
        rounds.append((total, spent))
        print(f"round: judging {total:.2f} s, of which the rule {spent:.3f} s", flush=True)
    total = statistics.median(t for t, _ in rounds)
    spent = statistics.median(s for _, s in rounds)
    print(f"{outputs} outputs: judging {total:.2f} s, the rule {spent:.3f} s "
          f"(without it / with it = {(total - spent) / total:.3f}); {changed} outcomes changed")


if __name__ == "__main__":
    main()
