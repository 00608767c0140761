"""The ``mtchallenge`` command: convert suites from other tools' formats, list bundled suites."""
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
    args = parser.parse_args(argv)
    try:
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


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
