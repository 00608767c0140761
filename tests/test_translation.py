"""Translator: one call per suite and system, the cache first, errors never cached (no pytester)."""
from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.systems import System, SystemOptions, Translations
from pytest_mtchallenge.translation.translator import SystemOutput, Translator

SUITE = load_suite(bundled_suites()["isabelle2017-en-fr"])


class Counting(System):
    """Uppercases the sources; fails the items listed in ``failing``; counts calls and sources."""

    kind = "counting"
    needs_argument = False

    def __init__(self, failing: frozenset[str] = frozenset()) -> None:
        super().__init__(argument="", name=None, options=SystemOptions(batch_size=50))
        self.failing = failing
        self.calls: list[int] = []

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem]) -> Translations:
        self.calls.append(len(items))
        good = [i for i in items if i.id not in self.failing]
        return Translations(outputs={i.id: i.source.upper() for i in good},
                            errors={i.id: "model refused" for i in items if i.id in self.failing},
                            problems=("model refused",) if self.failing else ())


def translator(tmp_path: Path | None, lines: list[str]) -> Translator:
    return Translator(cache_path=tmp_path / "cache.sqlite" if tmp_path else None, write_line=lines.append,
                      suspend_capture=contextlib.nullcontext, interactive=lambda: False)


def test_one_call_per_suite_and_system_then_the_cache(tmp_path: Path) -> None:
    lines: list[str] = []
    system = Counting()
    first = translator(tmp_path, lines)
    assert first.output_for(SUITE, system, SUITE.items[0]) == SystemOutput(text=SUITE.items[0].source.upper())
    first.output_for(SUITE, system, SUITE.items[5])
    assert system.calls == [108]
    assert lines[-1].startswith("mtchallenge: counting translated 108 of 108 sources of isabelle2017-en-fr in")
    second = translator(tmp_path, lines)
    assert second.output_for(SUITE, system, SUITE.items[7]).text == SUITE.items[7].source.upper()
    assert system.calls == [108]  # everything came from the cache


def test_errors_are_reported_and_never_cached(tmp_path: Path) -> None:
    failing = Counting(failing=frozenset({"S1a", "S2b"}))
    run = translator(tmp_path, [])
    assert run.output_for(SUITE, failing, SUITE.item("S1a")) == SystemOutput(error="model refused")
    assert run.problems == ["model refused"]
    healthy = Counting()
    translator(tmp_path, []).output_for(SUITE, healthy, SUITE.item("S1a"))
    assert healthy.calls == [2]  # only the two items that errored before


def test_without_a_cache_every_process_translates(tmp_path: Path) -> None:
    system = Counting()
    for _ in range(2):
        translator(None, []).output_for(SUITE, system, SUITE.items[0])
    assert system.calls == [108, 108]
