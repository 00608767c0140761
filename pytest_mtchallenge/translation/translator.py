"""Obtaining a system's outputs for a suite: the cache first, the rest in one batched call, with progress."""
from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge.translation.cache import TranslationCache
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.translation.progress import TranslationProgress
from pytest_mtchallenge.systems import System, Translations

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

    def output_for(self, suite: Suite, system: System, item: ChallengeItem) -> tuple[str | None, str | None]:
        """The system's output for an item (or why there is none), translating the whole suite in one
        batch on first use."""
        key = (suite.name, system.name)
        if key not in self._translations:
            self._translations[key] = self.translate(suite, system)
        translations = self._translations[key]
        if item.id in translations.outputs:
            return translations.outputs[item.id], None
        return None, translations.errors.get(item.id, f"{system.name} returned no output for item {item.id}")

    def translate(self, suite: Suite, system: System) -> Translations:
        """Cached outputs first, the rest through the system; new successful outputs are cached."""
        cache = self.cache if system.cacheable else None
        lock = cache.exclusive(f"{system.signature}|{suite.name}") if cache is not None else contextlib.nullcontext()
        with lock:
            cached: dict[str, str] = {}
            if cache is not None:
                cached = cache.get_many(system.signature, suite.source_language, suite.target_language,
                                        [item.source for item in suite.items])
            todo = [item for item in suite.items if item.source not in cached]
            translations = self._call_system(suite, system, todo) if todo else Translations()
            if cache is not None and translations.outputs:
                sources = {item.id: item.source for item in todo}
                cache.put_many(system.signature, suite.source_language, suite.target_language,
                               {sources[i]: output for i, output in translations.outputs.items()})
        outputs = {item.id: cached[item.source] for item in suite.items if item.source in cached}
        outputs.update(translations.outputs)
        for problem in translations.problems:
            if problem not in self.problems:
                self.problems.append(problem)
        return Translations(outputs=MappingProxyType(outputs), errors=translations.errors,
                            problems=translations.problems)

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
