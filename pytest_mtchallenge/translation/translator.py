"""Obtaining a system's outputs for a suite: the cache first, the rest in one batched call, with progress."""
from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge.translation.cache import TranslationCache
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.translation.progress import TranslationProgress
from pytest_mtchallenge.systems import DOCUMENT, System, Translations, document_text, split_document_output

@dataclass(frozen=True, slots=True)
class SystemOutput:
    """What a system gave for one item: its output and the translation of the item's context (for
    document-level items in document mode), or the error that stands for them."""

    text: str | None = None
    context: tuple[str, ...] = ()
    error: str | None = None
    note: str = ""  # what the system changed in its raw output (an LLM's preamble removed, say)


def _cache_text(item: ChallengeItem, document_mode: bool) -> str:
    """What identifies an item's translation in the cache: its sentence, and in document mode its
    context too (a system that gets documents as one text has them folded into ``source``)."""
    if document_mode and item.context:
        return json.dumps([*item.context, item.source], ensure_ascii=False)
    return item.source


#: System kinds whose outputs are read, not translated: no progress, no capture suspension.
QUIET_KINDS = frozenset({"recorded", "reference", "file"})


class Translator:
    """Translates each (suite, system) once per process and keeps the result.

    ``write_line`` shows progress lines; ``suspend_capture`` returns a context in which the
    terminal may be drawn on (pytest's capture suspended); ``interactive`` says whether a
    progress bar may be drawn. ``problems`` collects the one-line reply-level faults.
    """

    def __init__(self, *, cache_path: Path | None, write_line: Callable[[str], None],
                 suspend_capture: Callable[[], AbstractContextManager[object]],
                 interactive: Callable[[], bool]) -> None:
        self.cache_path = cache_path
        self.write_line = write_line
        self.suspend_capture = suspend_capture
        self.interactive = interactive
        self.problems: list[str] = []
        #: Tokens and requests a system reported (LLM systems), by (suite, system): summed over calls.
        self.usage: dict[tuple[str, str], dict[str, int]] = {}
        self._cache: TranslationCache | None = None
        self._translations: dict[tuple[str, str], Translations] = {}

    @property
    def cache(self) -> TranslationCache | None:
        """The shared translation cache, opened on first use (None when caching is off)."""
        if self.cache_path is None:
            return None
        if self._cache is None:
            self._cache = TranslationCache(self.cache_path)
        return self._cache

    def output_for(self, suite: Suite, system: System, item: ChallengeItem) -> SystemOutput:
        """The system's output for an item (or why there is none), translating the whole suite in one
        batch on first use."""
        key = (suite.name, system.name)
        if key not in self._translations:
            self._translations[key] = self.translate(suite, system)
        translations = self._translations[key]
        if item.id in translations.outputs:
            return SystemOutput(text=translations.outputs[item.id],
                                context=translations.context_outputs.get(item.id, ()),
                                note=translations.notes.get(item.id, ""))
        return SystemOutput(error=translations.errors.get(item.id, f"{system.name} returned no output for item {item.id}"))

    def translate(self, suite: Suite, system: System) -> Translations:
        """Cached outputs first, the rest through the system; new successful outputs are cached.

        In document mode a document-level item is keyed by its context and sentence; a system that
        does not handle documents itself receives the document as one text, and its output is split
        into the item's output (the last sentence) and the context's translation.
        """
        document_mode = system.mode == DOCUMENT
        folded = document_mode and not system.handles_documents
        sent = [replace(item, source=document_text(item), context=()) if folded and item.context else item
                for item in suite.items]
        texts = {item.id: _cache_text(item, document_mode) for item in sent}
        identity = system.signature + ("|mode=document" if document_mode else "") + (
            f"|version={system.version}" if system.version else "")
        cache = self.cache if system.cacheable else None
        lock = cache.exclusive(f"{identity}|{suite.name}") if cache is not None else contextlib.nullcontext()
        languages = (suite.source_language, suite.target_language)
        with lock:
            cached: dict[str, str] = {}
            cached_contexts: dict[str, str] = {}
            cached_notes: dict[str, str] = {}
            if cache is not None:
                cached = cache.get_many(identity, *languages, list(texts.values()))
                cached_contexts = cache.get_many(identity + "|context", *languages, list(texts.values()))
                cached_notes = cache.get_many(identity + "|note", *languages, list(texts.values()))
            todo = [item for item in sent if texts[item.id] not in cached]
            translations = self._call_system(suite, system, todo) if todo else Translations()
            if cache is not None and translations.outputs:
                cache.put_many(identity, *languages,
                               {texts[i]: output for i, output in translations.outputs.items()})
                if translations.context_outputs:
                    cache.put_many(identity + "|context", *languages,
                                   {texts[i]: json.dumps(list(context), ensure_ascii=False)
                                    for i, context in translations.context_outputs.items()})
                if translations.notes:
                    cache.put_many(identity + "|note", *languages,
                                   {texts[i]: note for i, note in translations.notes.items()
                                    if i in translations.outputs})
        outputs = {i: cached[text] for i, text in texts.items() if text in cached}
        if outputs and system.cacheable:
            with self.suspend_capture():  # judged tests capture output: this line is for the terminal
                self.write_line(f"mtchallenge: {system.name}: {len(outputs)} of {len(texts)} outputs for "
                                f"{suite.name} from the translation cache (--mt-no-cache translates again)")
        outputs.update(translations.outputs)
        contexts = {i: tuple(json.loads(cached_contexts[text])) for i, text in texts.items()
                    if i in outputs and text in cached_contexts}
        contexts.update(translations.context_outputs)
        notes = {i: cached_notes[text] for i, text in texts.items() if i in outputs and text in cached_notes}
        notes.update(translations.notes)
        if translations.usage:
            totals = self.usage.setdefault((suite.name, system.name), {})
            for key, count in translations.usage.items():
                totals[key] = totals.get(key, 0) + int(count)
        if folded:
            for item in suite.items:
                if item.context and item.id in outputs:
                    outputs[item.id], contexts[item.id] = split_document_output(outputs[item.id],
                                                                                suite.target_language)
        errors = dict(translations.errors)
        for item_id in [i for i, output in outputs.items() if not output.strip()]:
            # An empty output renders nothing: an error that counts against the system, never a skip.
            del outputs[item_id]
            errors[item_id] = f"{system.name} returned an empty output for item {item_id}"
        for problem in translations.problems:
            if problem not in self.problems:
                self.problems.append(problem)
        return Translations(outputs=MappingProxyType(outputs), errors=MappingProxyType(errors),
                            problems=translations.problems, context_outputs=MappingProxyType(contexts),
                            usage=translations.usage, notes=MappingProxyType(notes))

    def _call_system(self, suite: Suite, system: System, items: list[ChallengeItem]) -> Translations:
        quiet = system.kind in QUIET_KINDS
        progress = None
        original = system.options
        if not quiet:
            progress = TranslationProgress(f"mtchallenge: {system.name} translating {suite.name}", len(items),
                                           write_line=self.write_line, interactive=self.interactive())
            system.options = dataclasses.replace(original, on_batch=progress.advance)
        try:
            with contextlib.nullcontext() if quiet else self.suspend_capture():
                try:
                    translations = system.translate(suite=suite, items=items)
                except MTChallengeError as exc:
                    translations = Translations.failed(items, exc.one_line())
                except Exception as exc:  # a system adapter bug must not lose the run
                    translations = Translations.failed(items, f"{system.name} crashed: {type(exc).__name__}: {exc}")
                if progress is not None:
                    progress.finish(f"mtchallenge: {system.name} translated {len(translations.outputs)} of "
                                    f"{len(items)} sources of {suite.name}")
        finally:
            system.options = original
        return translations
