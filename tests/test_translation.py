"""Translator: one call per suite and system, the cache first and written batch by batch, errors never
cached and redacted, outputs that are not text turned into errors (no pytester)."""
from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.systems import DOCUMENT, SENTENCE, OnBatch, System, SystemOptions, Translations, document_text
from pytest_mtchallenge.systems.batching import translate_in_batches
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

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
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


class Killed(BaseException):
    """The process dying mid-translation: nothing after it runs (not even the end-of-suite store)."""


class Batched(System):
    """Uppercases in batches through translate_in_batches, one at a time; logs each batch's sources;
    the call after ``die_after`` finished batches kills the "process"."""

    kind = "batched"
    needs_argument = False

    def __init__(self, *, batch_size: int = 10, die_after: int | None = None, mode: str = SENTENCE) -> None:
        super().__init__(argument="", name=None, options=SystemOptions(batch_size=batch_size, concurrency=1), mode=mode)
        self.die_after = die_after
        self.batches: list[list[str]] = []

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        def upper(sources: list[str]) -> list[str]:
            if self.die_after is not None and len(self.batches) == self.die_after:
                raise Killed()
            self.batches.append(sources)
            return [source.upper() for source in sources]

        return translate_in_batches(items, upper, options=self.options, origin="batched", on_batch=on_batch)


def test_each_batch_is_cached_as_it_finishes_so_a_crash_loses_only_the_batch_in_flight(tmp_path: Path) -> None:
    dying = Batched(die_after=4)
    with pytest.raises(Killed):
        translator(tmp_path, []).output_for(SUITE, dying, SUITE.items[0])
    finished = [source for batch in dying.batches for source in batch]
    assert len(finished) == 40
    rerun = Batched()
    output = translator(tmp_path, []).output_for(SUITE, rerun, SUITE.items[0])
    assert output.text == SUITE.items[0].source.upper()  # from the cache
    requested = [source for batch in rerun.batches for source in batch]
    assert requested == [item.source for item in SUITE.items if item.source not in finished]
    assert len(requested) == len(SUITE.items) - 40


def test_in_document_mode_batches_are_cached_under_the_documents_key(tmp_path: Path) -> None:
    """A system receiving each document-level item as one text: its batches are stored under the
    document's key as they finish, and a rerun splits cached documents like fresh ones."""
    items = tuple(replace(item, context=(f"Context {n}.",)) if n % 2 == 0 else item
                  for n, item in enumerate(SUITE.items[:30]))
    suite = replace(SUITE, items=items)
    dying = Batched(die_after=1, mode=DOCUMENT)
    with pytest.raises(Killed):
        translator(tmp_path, []).output_for(suite, dying, items[0])
    assert dying.batches[0][0] == f"Context 0. {items[0].source}"  # the document as one text
    rerun = Batched(mode=DOCUMENT)
    run = translator(tmp_path, [])
    assert run.output_for(suite, rerun, items[0]) == SystemOutput(text=items[0].source.upper(),
                                                                   context=("CONTEXT 0.",))
    assert run.output_for(suite, rerun, items[1]) == SystemOutput(text=items[1].source.upper())
    assert [source for batch in rerun.batches for source in batch] == [
        document_text(item) for item in items[10:]]
    sentence_mode = Batched()  # the same sentences alone never share the documents' entries
    translator(tmp_path, []).output_for(suite, sentence_mode, items[0])
    assert len([source for batch in sentence_mode.batches for source in batch]) == 30


def test_an_unusable_cache_file_is_set_aside_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "cache.sqlite").write_bytes(b"\x00garbage" * 512)
    lines: list[str] = []
    system = Counting()
    assert translator(tmp_path, lines).output_for(SUITE, system, SUITE.items[0]).text == SUITE.items[0].source.upper()
    assert any(line.startswith(f"mtchallenge: the translation cache {tmp_path / 'cache.sqlite'} is not usable")
               for line in lines)
    translator(tmp_path, []).output_for(SUITE, system, SUITE.items[0])
    assert system.calls == [108]  # the new cache kept the outputs


class Leaky(System):
    """A system whose error message quotes a secret it should not know (another system's key)."""

    kind = "leaky"
    needs_argument = False

    def __init__(self) -> None:
        super().__init__(argument="", name=None, options=SystemOptions())

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        reason = "backend refused: Authorization: DeepL-Auth-Key k3y%2Fx%3Afx"
        return Translations.failed(items, reason)


def test_every_error_and_problem_hides_every_secret_of_the_run(tmp_path: Path) -> None:
    from pytest_mtchallenge.redaction import Redaction

    run = translator(tmp_path, [])
    run.redaction = Redaction(["k3y/x:fx"])  # a key of another system of the run (URL-encoded here)
    output = run.output_for(SUITE, Leaky(), SUITE.items[0])
    assert output.error == "backend refused: Authorization: DeepL-Auth-Key ***"
    assert run.problems == ["backend refused: Authorization: DeepL-Auth-Key ***"]


class Surrogates(Counting):
    """Gives a lone surrogate (as a JSON "\\ud800" escape decodes to) for the items in ``broken``."""

    kind = "surrogates"

    def __init__(self, broken: frozenset[str]) -> None:
        super().__init__()
        self.broken = broken

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        self.calls.append(len(items))
        return Translations(outputs={i.id: "\ud800 x" if i.id in self.broken else i.source.upper() for i in items})


def test_an_output_that_is_not_valid_unicode_errors_its_item_and_is_not_cached(tmp_path: Path) -> None:
    system = Surrogates(frozenset({"S1a"}))
    run = translator(tmp_path, [])
    assert run.output_for(SUITE, system, SUITE.item("S1a")) == SystemOutput(
        error="surrogates: the output for item S1a holds a lone surrogate U+D800 at character 1, "
              "which is not valid Unicode text")
    assert run.output_for(SUITE, system, SUITE.item("S1b")).text == SUITE.item("S1b").source.upper()
    healthy = Counting()
    healthy.kind = "surrogates"  # the same signature: reads the same cache entries
    translator(tmp_path, []).output_for(SUITE, healthy, SUITE.item("S1a"))
    assert healthy.calls == [1]


class Settling(Batched):
    """Handles documents itself and settles each item (as openai: does): output, context translation, note."""

    kind = "settling"
    handles_documents = True

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        by_id = {item.id: item for item in items}

        def settle(item_ids: list[str]) -> Translations:
            if self.die_after is not None and len(self.batches) == self.die_after:
                raise Killed()
            self.batches.append(item_ids)
            chosen = [by_id[i] for i in item_ids]
            return Translations(outputs={i.id: i.source.upper() for i in chosen},
                                context_outputs={i.id: tuple(c.upper() for c in i.context) for i in chosen if i.context},
                                notes={i.id: "quotes removed" for i in chosen})

        stand_ins = [replace(item, source=item.id) for item in items]
        return translate_in_batches(stand_ins, settle, options=self.options, origin="settling", on_batch=on_batch)


def test_items_settled_by_the_system_are_cached_whole_batch_by_batch(tmp_path: Path) -> None:
    items = tuple(replace(item, context=(f"Context {n}.",)) for n, item in enumerate(SUITE.items[:20]))
    suite = replace(SUITE, items=items)
    dying = Settling(die_after=1, mode=DOCUMENT)
    with pytest.raises(Killed):
        translator(tmp_path, []).output_for(suite, dying, items[0])
    rerun = Settling(mode=DOCUMENT)
    assert translator(tmp_path, []).output_for(suite, rerun, items[3]) == SystemOutput(
        text=items[3].source.upper(), context=("CONTEXT 3.",), note="quotes removed")  # from the cache, whole
    assert [i for batch in rerun.batches for i in batch] == [item.id for item in items[10:]]
