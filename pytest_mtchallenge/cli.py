"""The ``mtchallenge`` command: convert, list, check and print suites; review, agreement, cross-judge; score outputs and compare saved runs outside pytest."""
from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, NoReturn

from pytest_mtchallenge import __version__, files
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.formats import bundled_suites, load_any_suite
from pytest_mtchallenge.formats.yaml import dump_suite, load_suite
from pytest_mtchallenge.text.plurals import agreeing, counted
from pytest_mtchallenge.text.terminal_text import printable, printable_json

if TYPE_CHECKING:
    from pytest_mtchallenge.runs.baseline import Decision
    from pytest_mtchallenge.checkers import Checker
    from pytest_mtchallenge.runs.gate import Gate
    from pytest_mtchallenge.model import Suite
    from pytest_mtchallenge.review.tasks import Review
    from pytest_mtchallenge.runs.saved import SavedDocument
    from pytest_mtchallenge.registry import Registry

#: The exit status after the reader of the output went away (``mtchallenge list | head -1``):
#: 128 + SIGPIPE, what a shell reports for a tool the closed pipe stopped.
CLOSED_PIPE = 141


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error in one line (argparse prints the whole usage first), and help
    that fails as any output does when its reader went away (argparse drops the error)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def print_help(self, file: IO[str] | None = None) -> None:
        (file or sys.stdout).write(self.format_help())



@functools.cache
def registry() -> Registry:
    """The extensions a pytest run started here would have: the built-in ones, the installed plugins'
    and those of the ``conftest.py`` files from the project's root down to this folder."""
    from pytest_mtchallenge.registry import Registry, RegistryError

    try:
        return Registry.outside_pytest(directory=Path.cwd())
    except RegistryError as exc:  # two plugins, or a plugin and a built-in, under one name
        raise MTChallengeError(str(exc)) from None


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0–65535 (0: a free one), not {port}")
    return port


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mtchallenge", description="Machine-translation challenge suites")
    parser.add_argument("--version", action="store_true", help="Print the version and exit")
    commands = parser.add_subparsers(dest="command")
    convert = commands.add_parser("convert", help="Convert a suite (e.g. a TQ-AutoTest items.json) to this "
                                                  "project's YAML format, to extend it")
    convert.add_argument("source", metavar="SUITE", help="The suite to convert: a file, a directory, or a bundled "
                                                         "suite's name (to extend a copy of it)")
    convert.add_argument("directory", type=Path, help="Where to write suite.yaml, verdicts.yaml and systems/")
    convert.add_argument("--format", choices=("yaml", "tq-autotest"), help="The source format (default: detected)")
    convert.add_argument("--name", help="The converted suite's name (default: the source's)")
    commands.add_parser("list", help="List the bundled suites")
    check = commands.add_parser("check", help="Judge each item's references with its checker, as --mt-judge=auto "
                                              "judges an output, and name those that do not pass (a pattern that "
                                              "cannot match, a wrong parameter)")
    check.add_argument("suite", metavar="SUITE", help="A bundled suite's name, or a suite file or directory "
                                                      "(optionally FORMAT:PATH)")
    sources = commands.add_parser("sources", help="Print a suite's sources in item order, one a line (to translate "
                                                  "outside pytest and judge with --mt-system=file:PATH)")
    sources.add_argument("suite", metavar="SUITE", help="A bundled suite's name, or a suite file or directory "
                                                        "(optionally FORMAT:PATH)")
    sources.add_argument("--jsonl", action="store_true", help='One JSON object a line: {"id": ..., "source": ...}')
    sources.add_argument("--with-context", action="store_true",
                         help="Document-level items with their context: the whole document on the item's line, "
                              "or a \"context\" list in JSONL")
    review = commands.add_parser("review", help="Give the human verdicts a run left open, in a local web page "
                                                "(or the terminal with --tty)")
    review.add_argument("run", nargs="?", default="last",
                        help="A saved run or --mt-report JSON, or a run number in .mtchallenge/runs/, or last "
                             "(default)")
    review.add_argument("--suite", metavar="NAME|PATH", help="The run's suite (default: the bundled suite it names)")
    review.add_argument("--verdicts", metavar="PATH", help="The verdict file to add to (default: the suite's own "
                                                           "verdicts.yaml; required for bundled suites)")
    review.add_argument("--annotator", metavar="NAME", help="Your name, recorded with each verdict")
    review.add_argument("--port", type=_port, default=0, help="Port of the page on 127.0.0.1 (default: a free one)")
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
    score = commands.add_parser("score", help="Judge a system's outputs outside pytest, with the run plan and "
                                              "checkers of a pytest run (the same outcome for every item), and print "
                                              "the category success report")
    score.add_argument("suites", metavar="SUITE", nargs="+", help="A bundled suite's name, or a suite file or "
                                                                  "directory (optionally FORMAT:PATH)")
    score.add_argument("--system", action="append", required=True, metavar="SPEC",
                       help="The outputs, as --mt-system takes them: file:PATH, recorded:NAME, cmd:COMMAND, "
                            "python:MODULE:FUNCTION…, optionally NAME=SPEC (repeatable)")
    score.add_argument("--judge", choices=("auto", "human", "auto+human"), default="auto+human",
                       help="Who decides: auto (checkers), human (recorded verdicts) or auto+human (default)")
    score.add_argument("--verdicts", action="append", type=Path, default=[], metavar="PATH",
                       help="Human verdicts of your own added to the suite's recorded ones, as --mt-verdicts "
                            "(repeatable)")
    score.add_argument("--format", choices=("table", "json"), default="table",
                       help="Print the report as a table (default) or as the JSON of --mt-report=PATH.json")
    score.add_argument("--report", action="append", default=[], metavar="[FORMAT:]PATH",
                       help="Also write the report to PATH, as --mt-report does (json, html; repeatable)")
    _comparing(score, baseline="--compare")
    runs = commands.add_parser("runs", help="The saved runs of .mtchallenge/runs/: list them, show one, compare "
                                            "two as --mt-compare does")
    what = runs.add_subparsers(dest="runs_command", metavar="{list,show,compare}", required=True)
    listing = what.add_parser("list", help="The numbered runs, with their state, date, suites, systems and "
                                           "overall success rates")
    shown = what.add_parser("show", help="A saved run: its status, signature and category success report")
    shown.add_argument("run", metavar="RUN", help="A saved run's path, a run number, last (the last accepted run) "
                                                  "or latest (the last saved)")
    compared = what.add_parser("compare", help="Compare two saved runs and apply a release gate, with the decision "
                                               "--mt-compare would take")
    compared.add_argument("baseline", metavar="BASELINE", help="The baseline: a path, a run number, last or latest")
    compared.add_argument("current", metavar="CURRENT", help="The run compared with it: a path, a run number, "
                                                             "last or latest")
    compared.add_argument("--format", choices=("text", "json"), default="text",
                          help="Print the comparison as text (default) or JSON")
    _comparing(compared, baseline=None)
    for command in (listing, shown, compared):
        command.add_argument("--dir", type=Path, metavar="DIR",
                             help="The folder of numbered runs (default: .mtchallenge/runs)")
    return parser


def _comparing(command: argparse.ArgumentParser, *, baseline: str | None) -> None:
    """The options of a command that applies the release gate (``--gate``, ``--strict``), and of the
    baseline it compares with when the command does not take two runs."""
    if baseline:
        command.add_argument(baseline, metavar="RUN", help="Compare with a saved run: a path, a run number in "
                                                           ".mtchallenge/runs/, last or latest (as --mt-compare)")
    command.add_argument("--gate", metavar="EXPR", help="Release gate, e.g. overall:2%%,items:0,p<0.05 (as "
                                                        "--mt-compare-fail): exit 1 when it does not hold")
    command.add_argument("--strict", action="store_true", help="Refuse to compare runs whose signatures differ (as "
                                                               "--mt-compare-strict)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; a reader that goes away early (``| head``) ends it quietly with :data:`CLOSED_PIPE`."""
    try:
        try:
            status = _run(argv)
        except SystemExit as exc:  # argparse: --help, --version, a usage error
            status = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
        sys.stdout.flush()  # inside the try: a buffered line written after the reader left fails here
    except BrokenPipeError:
        _drop_stdout()
        return CLOSED_PIPE
    return status


def _drop_stdout() -> None:
    """Send what is still buffered for the closed pipe to the null device, so that Python's own
    flush at exit does not fail again (the recipe of the ``signal`` module's documentation)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # a stdout without a file descriptor (a test's StringIO)
        pass


def _run(argv: Sequence[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.version:
        print(f"mtchallenge {__version__}")
        return 0
    if args.command is None:
        parser.error("the following arguments are required: command")
    try:
        return COMMANDS[args.command](args)
    except MTChallengeError as exc:
        print(f"mtchallenge: {printable(exc.one_line())}", file=sys.stderr)
        return 2


def _list(args: argparse.Namespace) -> int:
    for name, path in bundled_suites().items():
        suite = load_any_suite(path)
        print(f"{name}\t{counted(len(suite.items), 'item')}\t{suite.title}")
    return 0


def _convert(args: argparse.Namespace) -> int:
    from pytest_mtchallenge.formats import resolve_suite

    suite = load_any_suite(resolve_suite(args.source, rootdir=Path.cwd()), format=args.format)
    if args.name:
        from dataclasses import replace

        suite = replace(suite, name=args.name, items=tuple(replace(i, suite=args.name) for i in suite.items))
    if (args.directory / "suite.yaml").exists():
        raise MTChallengeError("already holds a suite.yaml; choose an empty directory", file=args.directory)
    files.check_writable(args.directory / "suite.yaml")
    try:
        path = dump_suite(suite, args.directory)
    except OSError as exc:
        raise MTChallengeError(f"cannot write: {exc.strerror or exc}", file=exc.filename or args.directory) from None
    families = registry().checkers
    written = load_suite(path, checkers=families, validate_params=lambda name, params: families[name].parse_params(params))
    _check_read_back(suite, written, path)
    problems = sum(1 for item in suite.items if item.problem)
    print(f"wrote {path}: {counted(len(suite.items), 'item')}, "
          f"{counted(len(suite.subcategories), 'subcategory', 'subcategories')}, "
          f"{counted(len(suite.verdicts), 'recorded verdict')}"
          + (f", {counted(problems, 'item')} with problems (see their notes)" if problems else ""))
    return 0


def _check_read_back(suite: Suite, written: Suite, path: Path) -> None:
    """Refuse a conversion whose file does not read back as the suite it was written from: every
    item's texts, and every recorded system's outputs, compared as written."""
    read = {item.id: item for item in written.items}
    for item in suite.items:
        again = read.get(item.id)
        for field in ("source", "references", "context", "context_references"):
            if again is None or getattr(again, field) != getattr(item, field):
                raise MTChallengeError("does not read back as it was written (a text changed on the way)",
                                       file=path, item=item.id, field=field)
    for name, system in suite.systems.items():
        again_system = written.systems.get(name)
        if again_system is None or dict(again_system.outputs) != dict(system.outputs):
            raise MTChallengeError("does not read back as it was written (an output changed on the way)",
                                   file=path, field=f"systems/{name}")


def _suite_named(spec: str, *, families: Mapping[str, type[Checker]] | None = None) -> Suite:
    """The suite a command's SUITE argument names: a bundled suite's name, or a file or directory,
    optionally as FORMAT:PATH (as ``--mt-suite`` reads it). With the checker ``families`` that will
    judge it, a suite naming an unknown family or bad parameters does not load."""
    from pytest_mtchallenge.formats import resolve_suite, split_format

    stated, location = split_format(spec)
    path = resolve_suite(location, rootdir=Path.cwd())
    if families is None:
        return load_any_suite(path, format=stated)
    return load_any_suite(path, format=stated, checkers=families,
                          validate_params=lambda name, params: families[name].parse_params(params))


def _sources(args: argparse.Namespace) -> int:
    from pytest_mtchallenge.runs.sources import source_lines, source_records

    suite = _suite_named(args.suite)
    if args.jsonl:
        import json

        for record in source_records(suite, with_context=args.with_context):
            print(printable_json(json.dumps(record, ensure_ascii=False)))
    else:  # the text kept, what a terminal would obey escaped (--jsonl gives the exact text)
        for line in source_lines(suite, with_context=args.with_context):
            print(printable(line))
    return 0


def _check(args: argparse.Namespace) -> int:
    """``mtchallenge check``: 0 when every reference passes, 1 otherwise (2: the suite does not load)."""
    from pytest_mtchallenge.judge.lint import check_references

    families = registry().checkers
    suite = _suite_named(args.suite, families=families)
    checked = check_references(suite, {name: families[name]() for name in {item.checker for item in suite.items}})
    for finding in checked.findings:
        print(printable(f"{_shown(checked.path)}: item {finding.item}: {finding.describe()}"))
    print(printable(checked.summary()))
    return 0 if checked.ok else 1


def _review(args: argparse.Namespace) -> int:
    from pytest_mtchallenge.review.tasks import NothingToReview, Review, clean_annotator, plan_review
    from pytest_mtchallenge.review.verdict_file import VerdictFile

    try:
        plan = plan_review(run=args.run, suite=args.suite, verdicts=args.verdicts, base=Path.cwd())
    except NothingToReview as exc:
        print(f"mtchallenge: {printable(exc.one_line())}")
        return 0
    verdict_file = VerdictFile(plan.verdict_path, suite=plan.suite.name, item_ids=(i.id for i in plan.suite.items),
                               source="mtchallenge review")
    review = Review(plan.tasks, verdict_file)
    items = len({task.item for task in plan.tasks})
    print(printable(f"{counted(len(plan.tasks), 'output')} of {counted(items, 'item')} of {plan.suite.name} "
                    f"{agreeing(len(plan.tasks), 'needs', 'need')} a verdict (from "
                    f"{_shown(plan.run_path)}); verdicts go to {_shown(plan.verdict_path)}"), flush=True)
    for line in plan.left_out:
        print(printable(f"left out, a verdict file could not hold its verdict: {line}"))
    try:
        annotator = clean_annotator(args.annotator) if args.annotator else ""
    except ValueError as exc:
        print(f"mtchallenge: --annotator: {printable(str(exc))}", file=sys.stderr)
        return 2
    try:
        if args.tty:
            status = _review_in_terminal(review, annotator=annotator, verdict_path=plan.verdict_path)
            if status is not None:
                return status
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
    shown = _shown(plan.verdict_path)
    print(printable(f"{shown} holds {counted(recorded, 'verdict')}"
                    + ("" if plan.suite_own else f"; the next run uses them with --mt-verdicts={shown}")))
    return 0


def _review_in_terminal(review: Review, *, annotator: str, verdict_path: Path) -> int | None:
    """``review --tty``: single keys on a terminal, lines from anything else. When the input ends
    (EOF, Ctrl-D), one line says what was saved, and the exit status is 1 while outputs are left."""
    from rich.console import Console

    from pytest_mtchallenge.review.terminal import Sitting, answers_from, ask_annotator, review_in_terminal

    console = Console()
    annotator = annotator or ask_annotator(console, sys.stdin) or ""
    if annotator:
        sitting = review_in_terminal(review, annotator=annotator, answers=answers_from(sys.stdin), console=console)
    else:
        sitting = Sitting(saved=0, answered=0, total=review.total, input_ended=True)
    if not sitting.input_ended:
        return None
    left = (f"{sitting.left} of {counted(sitting.total, 'output')} still {agreeing(sitting.left, 'needs', 'need')} one"
            if sitting.left else "every output is answered")
    print(printable(f"end of input: {counted(sitting.saved, 'verdict')} saved to {_shown(verdict_path)}; {left}"))
    return 1 if sitting.left else 0


def _shown(path: Path) -> Path:
    """A path relative to the working directory when inside it, as the user would write it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return path


def _agreement(args: argparse.Namespace) -> int:
    from pytest_mtchallenge.judge.annotators import agreement_report, render_agreement, units_of
    from pytest_mtchallenge.formats import bundled_suites, resolve_suite
    from pytest_mtchallenge.formats.yaml import load_verdicts, read_yaml
    from pytest_mtchallenge.formats.yaml import verdict_file_suite

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
        families = registry().checkers
        needed = {item.checker for item in suite.items}
        if needed <= set(families):
            checkers = {name: families[name]() for name in needed}
    report = agreement_report(units_of(rated), suite=suite, checkers=checkers)
    if args.json:
        import json

        print(printable_json(json.dumps(report.to_dict(), ensure_ascii=False, indent=2)))
    else:
        import shutil

        if suite is None:
            print("no suite named (--suite NAME|PATH): agreement overall only, without the checkers")
        print(render_agreement(report, width=shutil.get_terminal_size((120, 24)).columns), end="")
    return 0


def cross_judge(args: argparse.Namespace) -> int:
    """``mtchallenge cross-judge``: the two judges' verdicts on every recorded output, side by side."""
    import json

    from pytest_mtchallenge.judge import crosstab
    from pytest_mtchallenge.formats import split_format

    stated, location = split_format(args.suite)
    if args.json:
        files.check_writable(args.json, field="--json")
    families = registry().checkers
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
        _write(args.json, json.dumps({
            "suite": first.name, "first": first_name, "second": second_name,
            "crosstab": [{"subcategory": sub, "system": system, "cells": [
                {"first": a, "second": b, "count": n} for (a, b), n in sorted(cells.items())]}
                for (sub, system), cells in sorted(table.items())],
            "context_effect": [effect.to_dict() for effect in effects],
            "disagreements": [record.to_dict() for record in disagreements],
            "outputs": [record.to_dict() for record in judged],
        }, ensure_ascii=False, indent=1), field="--json")
    return 0


def _score(args: argparse.Namespace) -> int:
    """``mtchallenge score``: the outputs judged as the pytest run judges them (the same plan, judge
    and reports). Exit 0, or 1 when an output could not be judged (a test error in pytest); with
    ``--gate``, 0 when the gate holds and 1 when not, as ``--mt-compare-fail``."""
    from pytest_mtchallenge.runs.baseline import BaselineOptions, Decision, decide, runs_from_document
    from pytest_mtchallenge.runs.delivery import Delivery
    from pytest_mtchallenge.runs.plan import PlanError, RunPlan
    from pytest_mtchallenge.registry import RegistryError
    from pytest_mtchallenge.runs.scoring import score, terminal_translator
    from pytest_mtchallenge.systems import SystemOptions
    from pytest_mtchallenge.verdict import JudgeMode

    base = Path.cwd()
    reports = [_report_target(spec, base) for spec in args.report]
    gate = _gate(args.gate)
    baseline = _saved_run(args.compare, None, field="--compare") if args.compare else None
    if gate is not None and baseline is None:
        raise MTChallengeError("a gate needs a baseline: add --compare=RUN", field="--gate")
    try:
        checkers, kinds = registry().checkers, registry().system_kinds
        plan = RunPlan(suites=args.suites, systems=args.system, mode=JudgeMode(args.judge), checkers=checkers,
                       system_kinds=kinds, system_options=SystemOptions(rootdir=base), invocation_dir=base,
                       verdict_files=[path if path.is_absolute() else base / path for path in args.verdicts])
        scored = score(plan, terminal_translator())
    except (PlanError, RegistryError) as exc:
        raise MTChallengeError(_in_command_words(str(exc))) from None
    except KeyboardInterrupt:  # Ctrl-C while a system translates: nothing judged, nothing written
        print("mtchallenge: interrupted; nothing was judged or written", file=sys.stderr)
        return 130
    runs = list(scored.runs)
    decision = Decision()
    if baseline is not None:
        current = runs_from_document({"runs": [run.to_dict() for run in runs]}, origin="this run")
        decision = decide(current, baseline.saved, gate=gate, baseline_name=baseline.path.name, strict=args.strict,
                          baseline_status=baseline.status)
    delivery = Delivery(reports, BaselineOptions(base=base), shown=_shown, formats=registry().report_formats)
    delivery.write_reports(runs, meta_evaluation=None, decision=decision)
    if args.format == "json":
        import json

        from pytest_mtchallenge.reporting.json import report_document

        document = report_document(runs, gate=decision.verdict, comparisons=decision.comparisons)
        print(printable_json(json.dumps(document, ensure_ascii=False, indent=2)))
    else:
        from pytest_mtchallenge.reporting.table import error_lines, render_table

        width = _width()
        print(render_table(runs, width=width, color=_color()), end="")
        for path in delivery.written_reports:
            print(printable(f"report written to {_shown(path)}"))
        for line in error_lines(runs, problems=scored.problems):
            print(line)
        if baseline is not None:
            _print_comparison(baseline.path, decision, gate, width=width)
    for line in delivery.write_errors:
        print(line, file=sys.stderr)
    if gate is not None:
        status = _gate_status(decision.violations, errors=scored.errors,
                              where="this run" if args.format == "table" else None)
    else:
        status = 1 if scored.errors or scored.problems else 0
    return 1 if delivery.failed else status


def _in_command_words(message: str) -> str:
    """A run plan's message with the pytest options it names as this command's."""
    return message.replace("--mt-system", "--system").replace("--mt-suite: ", "")


def _report_target(spec: str, base: Path) -> tuple[str, Path]:
    """``--report=[FORMAT:]PATH`` → (format, absolute path), checked writable before any work."""
    from pytest_mtchallenge.reporting import report_format

    try:
        fmt, path = report_format(spec, registry().report_formats)
    except ValueError as exc:
        raise MTChallengeError(str(exc).replace("--mt-report=", "--report=", 1)) from None
    path = path if path.is_absolute() else base / path
    files.check_writable(path, field="--report")
    return fmt, path


def _gate(expression: str | None) -> Gate | None:
    from pytest_mtchallenge.runs.gate import Gate

    return Gate.parse(expression, field="--gate") if expression is not None else None


def _saved_run(spec: str, folder: Path | None, *, field: str) -> SavedDocument:
    """A saved run named as ``--mt-compare`` names one (a path, a number, last, latest), read."""
    from pytest_mtchallenge.runs.baseline import BaselineError
    from pytest_mtchallenge.runs.store import AUTOSAVE_FOLDER, RunStoreError, resolve_saved
    from pytest_mtchallenge.runs.saved import read_saved

    base = Path.cwd()
    try:
        path = resolve_saved(spec, folder or base / AUTOSAVE_FOLDER, base=base)
        return read_saved(path)
    except (RunStoreError, BaselineError) as exc:
        raise MTChallengeError(exc.message, file=exc.file, item=exc.item, field=exc.field or field) from None


def _gate_status(violations: Sequence[str], *, errors: int, where: str | None) -> int:
    """The gate's exit status, as the pytest run's: it holds when no rule tripped and no output of
    the run was an error (a test error fails a gated pytest run too); said in a line, ``where``
    naming the run, when only the errors fail it."""
    if errors and not violations and where is not None:
        print(printable(f"gate FAILED: {counted(errors, 'output')} of {where} could not be judged (no output, or a "
                        "checker that could not judge it), as a test error fails a gated pytest run"))
    return 0 if not violations and not errors else 1


def _print_comparison(baseline: Path, decision: Decision, gate: Gate | None, *, width: int) -> None:
    """The comparison section of the pytest run's summary, under a line naming the baseline."""
    from pytest_mtchallenge.reporting.comparison import render_comparisons

    print(printable(f"comparison with {_shown(baseline)}"))
    print(render_comparisons(decision.comparisons, decision.violations, gate, width=width,
                             verdict=decision.verdict), end="")


def _width() -> int:
    """The terminal's width as pytest's terminal reporter takes it (80 when unknown or under 40)."""
    import shutil

    width = shutil.get_terminal_size((80, 24)).columns
    return width if width >= 40 else 80


def _color() -> bool:
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def _runs(args: argparse.Namespace) -> int:
    """``mtchallenge runs list|show|compare``."""
    return {"list": _runs_list, "show": _runs_show, "compare": _runs_compare}[args.runs_command](args)


def _runs_list(args: argparse.Namespace) -> int:
    from pytest_mtchallenge.runs.store import AUTOSAVE_FOLDER
    from pytest_mtchallenge.runs.saved import run_rows, table_lines

    folder = args.dir or Path.cwd() / AUTOSAVE_FOLDER
    rows = run_rows(folder)
    if not rows:
        print(printable(f"no saved runs in {_shown(folder)} (save one with pytest --mt-autosave)"))
        return 0
    for line in table_lines(rows):
        print(printable(line))
    return 0


def _runs_show(args: argparse.Namespace) -> int:
    from pytest_mtchallenge.reporting.table import render_table
    from pytest_mtchallenge.runs.saved import status_text

    saved = _saved_run(args.run, args.dir, field="RUN")
    print(printable(f"run: {_shown(saved.path)}"))
    print(printable(f"status: {status_text(saved.status)}"))
    if saved.date:
        print(printable(f"date: {saved.date}"))
    if saved.command_line:
        print(printable(f"command: {saved.command_line}"))
    for run in saved.runs:
        print(printable(f"signature [{run.suite} {run.system}]: {run.signature}"))
    print(render_table(saved.runs, width=_width(), color=_color()), end="")
    return 0


def _runs_compare(args: argparse.Namespace) -> int:
    """``mtchallenge runs compare``: --mt-compare's decision over two saved runs; exit 1 when the
    gate does not hold (as the run that saved CURRENT with the same gate would have exited)."""
    from pytest_mtchallenge.runs.baseline import decide

    gate = _gate(args.gate)
    baseline = _saved_run(args.baseline, args.dir, field="BASELINE")
    current = _saved_run(args.current, args.dir, field="CURRENT")
    decision = decide(current.saved, baseline.saved, gate=gate, baseline_name=baseline.path.name,
                      strict=args.strict, baseline_status=baseline.status)
    errors = sum(outcome == "error" for run in current.saved for outcome in run.outcomes.values())
    if args.format == "json":
        import json

        document = {"gate": decision.verdict.to_dict() if decision.verdict is not None else None,
                    "violations": list(decision.violations),
                    "comparisons": [comparison.to_dict() for comparison in decision.comparisons]}
        print(printable_json(json.dumps(document, ensure_ascii=False, indent=2)))
    else:
        _print_comparison(baseline.path, decision, gate, width=_width())
    if gate is None:
        return 0
    return _gate_status(decision.violations, errors=errors,
                        where=str(_shown(current.path)) if args.format == "text" else None)


def _write(path: Path, text: str, *, field: str) -> None:
    try:
        files.write_atomically(path, text.encode("utf-8"))
    except OSError as exc:
        raise MTChallengeError(f"cannot write: {exc.strerror or exc}", file=path, field=field) from None


#: Each command's function, by name.
COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "convert": _convert, "list": _list, "sources": _sources, "check": _check, "review": _review,
    "agreement": _agreement, "cross-judge": cross_judge, "score": _score, "runs": _runs,
}


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
