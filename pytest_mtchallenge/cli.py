"""The ``mtchallenge`` command: convert suites from other tools' formats, list bundled suites, cross-judge."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.formats import bundled_suites, load_any_suite
from pytest_mtchallenge.formats.yaml import dump_suite, load_suite


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mtchallenge", description="Machine-translation challenge suites")
    commands = parser.add_subparsers(dest="command", required=True)
    convert = commands.add_parser("convert", help="Convert a suite (e.g. a TQ-AutoTest items.json) to this "
                                                  "project's YAML format, to extend it")
    convert.add_argument("source", type=Path, help="The suite file to convert")
    convert.add_argument("directory", type=Path, help="Where to write suite.yaml, verdicts.yaml and systems/")
    convert.add_argument("--format", choices=("yaml", "tq-autotest"), help="The source format (default: detected)")
    convert.add_argument("--name", help="The converted suite's name (default: the source's)")
    commands.add_parser("list", help="List the bundled suites")
    cross = commands.add_parser("cross-judge", help="Judge a suite's recorded outputs with two readings of it (e.g. "
                                                    "ctxpro's own rule against the French families) and cross-tabulate")
    cross.add_argument("suite", help="The suite, optionally as FORMAT:PATH (e.g. ctxpro:PATH); its families judge first")
    cross.add_argument("--second", default="ctxpro-upstream",
                       help="The format whose reading of the same file judges second (default: ctxpro-upstream)")
    cross.add_argument("--baseline", help="System the context effect is measured against (default: the "
                                          "sentence-mode system when there are two)")
    cross.add_argument("--sample", type=int, default=10, help="How many disagreements to list (default 10)")
    cross.add_argument("--seed", type=int, default=0, help="Seed of the disagreement sample (default 0)")
    cross.add_argument("--json", type=Path, help="Also write every doubly judged output and the tables as JSON")
    args = parser.parse_args(argv)
    try:
        if args.command == "cross-judge":
            return cross_judge(args)
        if args.command == "list":
            for name, path in bundled_suites().items():
                suite = load_suite(path)
                print(f"{name}\t{len(suite.items)} items\t{suite.title}")
            return 0
        suite = load_any_suite(args.source, format=args.format)
        if args.name:
            from dataclasses import replace

            suite = replace(suite, name=args.name, items=tuple(replace(i, suite=args.name) for i in suite.items))
        if (args.directory / "suite.yaml").exists():
            raise MTChallengeError("already holds a suite.yaml; choose an empty directory", file=args.directory)
        path = dump_suite(suite, args.directory)
        families = builtin_checkers()
        load_suite(path, checkers=families, validate_params=lambda name, params: families[name].validate(params))
    except MTChallengeError as exc:
        print(f"mtchallenge: {exc.one_line()}", file=sys.stderr)
        return 2
    problems = sum(1 for item in suite.items if item.problem)
    print(f"wrote {path}: {len(suite.items)} items, {len(suite.subcategories)} subcategories, "
          f"{len(suite.verdicts)} recorded verdicts" + (f", {problems} items with problems (see their notes)"
                                                        if problems else ""))
    return 0


def cross_judge(args: argparse.Namespace) -> int:
    """``mtchallenge cross-judge``: the two judges' verdicts on every recorded output, side by side."""
    import json

    from pytest_mtchallenge import crosstab
    from pytest_mtchallenge.formats import split_format

    stated, location = split_format(args.suite)
    families = builtin_checkers()
    first = load_any_suite(location, format=stated, checkers=families)
    second = load_any_suite(location, format=args.second, checkers=families)
    checkers = {name: families[name]() for name in {i.checker for i in first.items} | {i.checker for i in second.items}}
    judged = crosstab.judge_twice(first, second, checkers)
    systems = list(first.systems.values())
    baseline = args.baseline or next((s.name for s in systems if s.mode == "sentence"), None)
    candidate = next((s.name for s in systems if s.name != baseline), None)
    effects = (crosstab.context_effects(judged, baseline=baseline, candidate=candidate)
               if len(systems) == 2 and baseline and candidate else [])
    first_name = "/".join(sorted({i.checker for i in first.items}))
    second_name = "/".join(sorted({i.checker for i in second.items}))
    disagreements = crosstab.sample_disagreements(judged, args.sample, seed=args.seed)
    print(crosstab.render(judged, first_name=first_name, second_name=second_name, effects=effects,
                          disagreements=disagreements), end="")
    if args.json:
        table = crosstab.cross_tabulate(judged)
        args.json.write_text(json.dumps({
            "suite": first.name, "first": first_name, "second": second_name,
            "crosstab": [{"subcategory": sub, "system": system, "cells": [
                {"first": a, "second": b, "count": n} for (a, b), n in sorted(cells.items())]}
                for (sub, system), cells in sorted(table.items())],
            "context_effect": [effect.to_dict() for effect in effects],
            "disagreements": [record.to_dict() for record in disagreements],
            "outputs": [record.to_dict() for record in judged],
        }, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
