"""Decided share and agreement of the context families on the team's held-out variants.

    python tools/context_table.py                 # both families
    python tools/context_table.py -v              # and each undecided or disagreeing output
    python tools/context_table.py verb_ellipsis   # one family
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "checkers"))

from context_variants import FAMILIES, context_cases, ctxpro_available  # noqa: E402


def main(argv: list[str]) -> int:
    families = [name for name in argv if not name.startswith("-")] or list(FAMILIES)
    if not ctxpro_available():
        print("note: ../shared/external/ctxpro-en-fr is absent: the cases taken from ctxpro are left out")
    for family in families:
        cases = context_cases(family)
        decided = [case for case in cases if case.decided]
        agreed = [case for case in decided if case.agrees]
        print(f"{family}: {len(cases)} outputs, decided {len(decided)} ({len(decided) / len(cases):.1%}), "
              f"agreed {len(agreed)} ({len(agreed) / max(1, len(decided)):.1%})")
        if "-v" in argv:
            for case in cases:
                if not case.decided or not case.agrees:
                    print(f"  {case.case} human {case.human}, judge {case.auto}: {case.output!r} — {case.reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
