"""Decided share and agreement of the checkers on the team's hand-written variants, per kind of output.

    python tools/variant_table.py                      # both bundled challenge sets, every variant file
    python tools/variant_table.py --disagreements      # and list each undecided or disagreeing output
    python tools/variant_table.py --markdown           # the table as Markdown (for notes and docs)
    python tools/variant_table.py --set garbled-heldout    # one set of variants only

The kinds: ``fluent-correct`` and ``fluent-wrong`` are the fluent variants (tests/data/SUITE-variants.yaml)
the team judged "yes" and "no"; ``garbled`` are the broken outputs of tests/data/SUITE-garbled*.yaml
(word-by-word renderings, untranslated words, dropped verbs), whatever their verdict.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "checkers"))

from variants import SUITES, variant_evaluation, variant_kind  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suites", nargs="*", default=list(SUITES), help="bundled suite names")
    parser.add_argument("--disagreements", action="store_true", help="list undecided and disagreeing outputs")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--set", action="append", default=[], dest="sets",
                        help="measure only tests/data/SUITE-SET.yaml (repeatable), e.g. --set garbled-heldout")
    args = parser.parse_args(argv)
    rows = []
    for name in args.suites:
        evaluation = variant_evaluation(name, tuple(args.sets))
        for kind, agreement in sorted(evaluation.by(variant_kind).items()):
            rows.append((name, kind, agreement))
        if args.disagreements:
            for case in evaluation.cases:
                if not case.decided or not case.agrees:
                    print(f"{name} {case.item} [{variant_kind(case)}] human {case.human}, checker {case.auto}: "
                          f"{case.output!r} — {case.reason}")
    header = ("suite", "kind", "outputs", "decided", "share", "agreed", "agreement")
    table = [header] + [(name, kind, str(a.total), str(a.decided), f"{a.coverage:.1%}", str(a.agreed),
                         "—" if a.accuracy is None else f"{a.accuracy:.1%}") for name, kind, a in rows]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("| --- | --- |" + " ---: |" * (len(header) - 2))
        for row in table[1:]:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(row[i]) for row in table) for i in range(len(header))]
        for row in table:
            print("  ".join(cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
