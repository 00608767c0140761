"""What the broken-output signals cost the automatic judge: the same outputs judged with and without them.

    python benchmarks/bench_garbling.py              # the variant files of both challenge sets
    python benchmarks/bench_garbling.py --ctxpro     # and DeepL's ctxpro outputs (../shared/external)

In one process, alternating, each round judges every output twice with the automatic judge
(`judging.automatic_verdict`, the suite's languages given): once as it is, once with the
broken-output rule (`judging.not_rendered`) replaced by the family's own verdict. It prints the
median seconds of each and their ratio, and how many outcomes the rule changed.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "checkers"))

from pytest_mtchallenge import judging  # noqa: E402
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


def judge_all(checkers, found) -> tuple[float, list[str]]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    outcomes = [judging.automatic_verdict(checkers[item.checker], item=item, output=output, context=context,
                                          languages=languages).outcome.value
                for item, output, context, languages in found]
    return time.perf_counter() - start, outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ctxpro", action="store_true", help="add DeepL's ctxpro outputs")
    args = parser.parse_args()
    checkers = {name: family() for name, family in builtin_checkers().items()}
    found = cases(args.ctxpro)
    judge_all(checkers, found)  # warm the lexicon and the lemmatizer caches
    rule = judging.not_rendered
    without: list[float] = []
    with_rule: list[float] = []
    for _ in range(args.rounds):
        judging.not_rendered = lambda verdict, **_: verdict  # type: ignore[assignment]
        seconds, plain = judge_all(checkers, found)
        without.append(seconds)
        judging.not_rendered = rule  # type: ignore[assignment]
        seconds, judged = judge_all(checkers, found)
        with_rule.append(seconds)
        print(f"round: without {without[-1]:.2f} s, with {with_rule[-1]:.2f} s", flush=True)
    changed = sum(a != b for a, b in zip(plain, judged))
    base, new = statistics.median(without), statistics.median(with_rule)
    print(f"{len(found)} outputs: without the rule {base:.2f} s, with it {new:.2f} s "
          f"(ratio {new / base:.3f}); {changed} outcomes changed")


if __name__ == "__main__":
    main()
