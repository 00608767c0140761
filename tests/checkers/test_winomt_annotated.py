"""The entity_gender family on the team's blind annotations of real WinoMT outputs (issue 37), in both readings.

``tests/data/winomt-{de,es,it}-annotated-heldout.yaml``: 120 outputs of WinoMT's recorded systems per language, each
annotated by hand, blind to the family, with ``noun_phrase`` (what the entity's own noun phrase marks: the paper's
reading) and ``reading`` (what a reader gives the entity from the whole translation: the context-aware reading),
each ``male``, ``female``, ``none`` or ``not_found``, and ``ambiguous``. Each output is judged as the suite's run
judges it: the bundled suite ``winomt-en-<lang>``'s item of that line (its source, entity, gold and position, as
the suite loads them) and the output as its translation file holds it (stripped), read by the family once; the
paper's reading is the evidence ``predicted-gender:…``, the context-aware one ``predicted-gender:context-aware:…``,
and an entity the family does not find is ``not_found`` (as ``tools/winomt_entity_gender.py`` reads them).

The figures, per language and reading, over the unambiguous outputs:

- **decided**: the share the family reads as an annotator can: it found the entity, or the annotator found no
  rendering either; the undecided ones are those whose rendering the annotator read and the family did not find;
- **agreement**: of the decided ones, the share where the family's value is the annotator's.

Issue 37's bar, on every language and both readings: ≥ 95 % decided, ≥ 97 % agreement.
``python tests/checkers/test_winomt_annotated.py`` prints the figures and lists every disagreement.
"""
from __future__ import annotations

import functools
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

if __name__ == "__main__":  # run as a script: the repository on the path, as pytest puts it there
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pytest
import yaml

from pytest_mtchallenge.checkers.entity_gender import CONTEXT_AWARE, PAPER, EntityGenderChecker
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats import winomt
from pytest_mtchallenge.model import ChallengeItem
from tests.checkers.winomt_items import predicted_or_missing

DATA = Path(__file__).resolve().parents[1] / "data"
LANGUAGES = ("de", "es", "it")
#: Each reading and the annotation field it is judged against.
FIELDS = {PAPER: "noun_phrase", CONTEXT_AWARE: "reading"}
VALUES = ("male", "female", "none", "not_found")
#: Issue 37's bar on the team's annotated sample.
DECIDED, AGREEMENT = 0.95, 0.97
CHECKER = EntityGenderChecker()


@dataclass(frozen=True, slots=True)
class Annotated:
    """One annotated output and what the family read on it, in both readings."""

    line: int
    system: str
    entity: str
    output: str
    ambiguous: bool
    annotated: dict[str, str]  # reading -> the annotator's value
    read: dict[str, str]  # reading -> the family's value
    reason: str
    note: str

    def decided(self, reading: str) -> bool:
        return self.read[reading] != "not_found" or self.annotated[reading] == "not_found"


@dataclass(frozen=True, slots=True)
class Figures:
    """One language's figures in one reading."""

    language: str
    reading: str
    outputs: int
    unambiguous: int
    decided: int
    agree: int
    disagreements: tuple[Annotated, ...]
    undecided: tuple[Annotated, ...]

    @property
    def decided_share(self) -> float:
        return self.decided / self.unambiguous if self.unambiguous else 0.0

    @property
    def agreement(self) -> float:
        return self.agree / self.decided if self.decided else 0.0

    def line(self) -> str:
        return (f"{self.language} {self.reading:<13} n={self.outputs} unambiguous={self.unambiguous} "
                f"decided={self.decided} ({100 * self.decided_share:.1f} %) agree={self.agree} "
                f"({100 * self.agreement:.1f} %)")


def annotated_file(language: str) -> Path:
    return DATA / f"winomt-{language}-annotated-heldout.yaml"


@functools.cache
def suite_items(language: str) -> dict[str, ChallengeItem]:
    """The bundled suite's items by id (en.txt's line), loaded as a run loads them."""
    suite = winomt.load(bundled_suites()[f"winomt-en-{language}"])
    return {item.id: item for item in suite.items}


@functools.cache
def annotated(language: str) -> tuple[Annotated, ...]:
    """The language's annotated outputs, each read by the family as the suite's run reads it."""
    entries = yaml.safe_load(annotated_file(language).read_text(encoding="utf-8"))["outputs"]
    items = suite_items(language)
    found = []
    for entry in entries:
        item = items[str(entry["line"])]
        verdict = CHECKER.check(item=item, output=str(entry["output"]).strip())
        found.append(Annotated(
            line=entry["line"], system=entry["system"], entity=entry["entity"], output=entry["output"],
            ambiguous=bool(entry["ambiguous"]), annotated={r: entry[f] for r, f in FIELDS.items()},
            read={r: predicted_or_missing(verdict, r) for r in FIELDS}, reason=verdict.reason,
            note=str(entry.get("note", ""))))
    return tuple(found)


def figures(language: str, reading: str) -> Figures:
    outputs = annotated(language)
    clear = [a for a in outputs if not a.ambiguous]
    decided = [a for a in clear if a.decided(reading)]
    agree = [a for a in decided if a.read[reading] == a.annotated[reading]]
    return Figures(language, reading, len(outputs), len(clear), len(decided), len(agree),
                   disagreements=tuple(a for a in decided if a.read[reading] != a.annotated[reading]),
                   undecided=tuple(a for a in clear if not a.decided(reading)))


# -- the data ------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_annotated_output_is_a_line_of_the_bundled_suite(language: str) -> None:
    """Every entry's source, entity and gold are those of the suite's item of its line, and its values are known."""
    entries = yaml.safe_load(annotated_file(language).read_text(encoding="utf-8"))["outputs"]
    items = suite_items(language)
    assert len(entries) >= 100
    for entry in entries:
        item = items[str(entry["line"])]
        assert (item.source, item.params["entity"], item.gold) == (entry["source"], entry["entity"], entry["gold"])
        assert entry["noun_phrase"] in VALUES and entry["reading"] in VALUES, entry["line"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_figures_count_every_output_once(language: str) -> None:
    for reading in FIELDS:
        found = figures(language, reading)
        assert found.outputs == len(annotated(language)) >= 100
        assert found.decided == found.unambiguous - len(found.undecided)
        assert found.agree == found.decided - len(found.disagreements)


@pytest.mark.parametrize("reading", list(FIELDS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_reading_meets_issue_37s_bar(language: str, reading: str) -> None:
    """≥ 95 % of the unambiguous outputs decided, ≥ 97 % of the decided ones agreeing with the annotator."""
    found = figures(language, reading)
    listed = [(c.line, c.output, c.annotated[reading], c.read[reading]) for c in found.disagreements]
    assert found.decided_share >= DECIDED, [(c.line, c.output) for c in found.undecided]
    assert found.agreement >= AGREEMENT, listed


def test_the_documented_command_prints_every_languages_figures() -> None:
    """``python tests/checkers/test_winomt_annotated.py`` as docs/checkers.md gives it (``--quiet``: figures only)."""
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--quiet"], capture_output=True, text=True,
                          timeout=600, cwd=Path(__file__).resolve().parents[2], check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [[code, reading] for code in LANGUAGES for reading in FIELDS]
    assert all("decided=" in line and "agree=" in line for line in lines)


# -- the figures ---------------------------------------------------------------------------------


def describe(language: str, reading: str, found: Figures, show: bool = True) -> list[str]:
    lines = [found.line()]
    if show:
        for case in (*found.undecided, *found.disagreements):
            what = "undecided" if case in found.undecided else "disagrees"
            lines.append(f"  {what}: line {case.line} {case.system} {case.entity}: annotated "
                         f"{case.annotated[reading]}, read {case.read[reading]}: {case.output}")
            if case.note:
                lines.append(f"      note: {case.note}")
            lines.append(f"      reason: {case.reason}")
    return lines


def main(argv: Sequence[str] = ()) -> int:
    """Print the figures of every language and reading, and each disagreement (``--quiet``: the figures only)."""
    show = "--quiet" not in argv
    for language in LANGUAGES:
        for reading in FIELDS:
            print("\n".join(describe(language, reading, figures(language, reading), show)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
