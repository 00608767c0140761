"""The ``mtchallenge`` command: convert and list suites, review outputs, measure annotator agreement, cross-judge."""
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
    review = commands.add_parser("review", help="Give the human verdicts a run left open, in a local web page "
                                                "(or the terminal with --tty)")
    review.add_argument("run", nargs="?", default="last",
                        help="A saved run or --mt-report JSON, or a run number in .mtchallenge/runs/, or last "
                             "(default)")
    review.add_argument("--suite", metavar="NAME|PATH", help="The run's suite (default: the bundled suite it names)")
    review.add_argument("--verdicts", metavar="PATH", help="The verdict file to add to (default: the suite's own "
                                                           "verdicts.yaml; required for bundled suites)")
    review.add_argument("--annotator", metavar="NAME", help="Your name, recorded with each verdict")
    review.add_argument("--port", type=int, default=0, help="Port of the page on 127.0.0.1 (default: a free one)")
    review.add_argument("--no-browser", action="store_true", help="Print the page's address without opening it")
    review.add_argument("--tty", action="store_true", help="Ask in the terminal instead of a web page")
    agreement = commands.add_parser("agreement", help="Agreement between annotators (raw, Cohen's κ, Fleiss' κ, "
                                                      "Gwet's AC1) and of the checkers with their majority")
    agreement.add_argument("verdicts", type=Path, nargs="+", help="Verdict files (an unnamed verdict's annotator "
                                                                  "is its file)")
    agreement.add_argument("--suite", metavar="NAME|PATH", help="The suite (default: the bundled suite the files "
                                                                "name), for subcategories and checkers")
    agreement.add_argument("--json", action="store_true", help="Print the figures as JSON")
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
        if args.command == "review":
            return _review(args)
        if args.command == "agreement":
            return _agreement(args)
        if args.command == "cross-judge":
            return cross_judge(args)
        if args.command == "list":
            for name, path in bundled_suites().items():
                suite = load_any_suite(path)
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


def _review(args: argparse.Namespace) -> int:
    from pytest_mtchallenge.review.tasks import NothingToReview, Review, clean_annotator, plan_review
    from pytest_mtchallenge.review.verdict_file import VerdictFile

    try:
        plan = plan_review(run=args.run, suite=args.suite, verdicts=args.verdicts, base=Path.cwd())
    except NothingToReview as exc:
        print(f"mtchallenge: {exc.one_line()}")
        return 0
    verdict_file = VerdictFile(plan.verdict_path, suite=plan.suite.name, item_ids=(i.id for i in plan.suite.items),
                               source="mtchallenge review")
    review = Review(plan.tasks, verdict_file)
    items = len({task.item for task in plan.tasks})
    print(f"{len(plan.tasks)} outputs of {items} items of {plan.suite.name} need a verdict (from "
          f"{_shown(plan.run_path)}); verdicts go to {_shown(plan.verdict_path)}", flush=True)
    try:
        annotator = clean_annotator(args.annotator) if args.annotator else ""
    except ValueError as exc:
        print(f"mtchallenge: --annotator: {exc}", file=sys.stderr)
        return 2
    try:
        if args.tty:
            from rich.console import Console

            from pytest_mtchallenge.review.terminal import review_in_terminal

            console = Console()
            while not annotator:
                try:
                    annotator = clean_annotator(console.input("your name (recorded with each verdict): "))
                except ValueError as exc:
                    console.print(str(exc))
            review_in_terminal(review, annotator=annotator, console=console)
        else:
            from pytest_mtchallenge.review.server import ReviewServer

            try:
                server = ReviewServer(review, title=plan.suite.title, annotator=annotator, port=args.port)
            except OSError as exc:
                raise MTChallengeError(f"cannot serve the review page on port {args.port}: {exc.strerror}",
                                       field="--port") from None
            print(f"review page: {server.url} (keys y / n / a / s, arrows; Ctrl-C or Finish to stop)", flush=True)
            if not args.no_browser:
                import webbrowser

                webbrowser.open(server.url)
            with server:
                server.serve_forever()
    except KeyboardInterrupt:
        print()
    recorded = len(verdict_file.read())
    print(f"{_shown(plan.verdict_path)} holds {recorded} verdicts"
          + ("" if plan.suite_own else f"; the next run uses them with --mt-verdicts={_shown(plan.verdict_path)}"))
    return 0


def _shown(path: Path) -> Path:
    """A path relative to the working directory when inside it, as the user would write it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return path


def _agreement(args: argparse.Namespace) -> int:
    from pytest_mtchallenge.agreement import agreement_report, render_agreement, units_of
    from pytest_mtchallenge.formats import bundled_suites, resolve_suite
    from pytest_mtchallenge.formats.yaml import load_verdicts, read_yaml
    from pytest_mtchallenge.review.verdict_file import verdict_file_suite

    suite = None
    named = {name for path in args.verdicts if (name := verdict_file_suite(path)) is not None}
    if args.suite:
        suite = load_any_suite(resolve_suite(args.suite, rootdir=Path.cwd()))
    elif len(named) == 1 and (name := next(iter(named))) in bundled_suites():
        suite = load_any_suite(bundled_suites()[name])
    rated = []
    for path in args.verdicts:
        if suite is not None:
            item_ids: object = {item.id for item in suite.items}
        else:
            document = read_yaml(path)
            entries = document.get("verdicts") if isinstance(document, dict) else None
            item_ids = {str(e.get("item")) for e in entries or () if isinstance(e, dict)}
        rated.extend((verdict, path.name) for verdict in load_verdicts(path, item_ids))  # type: ignore[arg-type]
    checkers = None
    if suite is not None:
        families = builtin_checkers()
        needed = {item.checker for item in suite.items}
        if needed <= set(families):
            checkers = {name: families[name]() for name in needed}
    report = agreement_report(units_of(rated), suite=suite, checkers=checkers)
    if args.json:
        import json

        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
    else:
        import shutil

        if suite is None:
            print("no suite named (--suite NAME|PATH): agreement overall only, without the checkers")
        print(render_agreement(report, width=shutil.get_terminal_size((120, 24)).columns), end="")
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
