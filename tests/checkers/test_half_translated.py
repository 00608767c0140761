"""Issue 36: half-translated (mixed-language) outputs never pass; legitimate kept source words do not count.

The blind set is ``tests/data/half-translated-heldout.yaml`` (50 half-translated outputs, 10 legitimate ones),
written before the rule change. ``python tests/checkers/test_half_translated.py`` prints its figures.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from variants import SUITES, variant_evaluation  # noqa: E402

SET = ("half-translated-heldout",)


def outcomes(system: str) -> list[tuple[str, str, str, str]]:
    """(item, output, outcome, reason) of each output of the set judged as ``system`` outputs."""
    return [(case.item, case.output, case.auto, case.reason) for name in SUITES
            for case in variant_evaluation(name, SET).cases if case.system == system]


def test_no_half_translated_output_passes() -> None:
    judged = outcomes("half-translated")
    assert len(judged) == 50
    assert [case for case in judged if case[2] == "pass"] == []


def test_legitimate_kept_source_words_keep_their_pass() -> None:
    """All but one: *cafetière*, a French loanword British English keeps, is not in the English lexicon
    (simplemma), so the output reads as half-translated — a known loss, left in the open."""
    judged = outcomes("legitimate")
    assert len(judged) == 10
    assert [(case[0], case[1]) for case in judged if case[2] != "pass"] == [
        ("HI1", "Max knows how to repair a cafetière.")]


def main() -> None:
    for system in ("half-translated", "legitimate"):
        judged = outcomes(system)
        counts = {outcome: sum(case[2] == outcome for case in judged) for outcome in ("pass", "fail", "undecided")}
        print(f"{system}: {len(judged)} outputs; " + ", ".join(f"{n} {outcome}" for outcome, n in counts.items()))
        for item, output, outcome, reason in judged:
            print(f"  {item:5} {outcome:9} {output!r} — {reason}")


if __name__ == "__main__":
    main()
