"""Obtaining a system's outputs for a suite: the cache first, the rest in one batched call, with progress."""
from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.redaction import Redaction
from pytest_mtchallenge.systems import DOCUMENT, System, Translations, document_text, split_document_output
from pytest_mtchallenge.translation.cache import Segment, TranslationCache
from pytest_mtchallenge.translation.progress import TranslationProgress
from pytest_mtchallenge.translation.repeats import repeated_outputs

@dataclass(frozen=True, slots=True)
class SystemOutput:
    """What a system gave for one item: its output and the translation of the item's context (for
    document-level items in document mode), or the error that stands for them."""

    text: str | None = None
    context: tuple[str, ...] = ()
    error: str | None = None
    note: str = ""  # what the system changed in its raw output (an LLM's preamble removed, say)
    repeats: int = 0  # how many different sources got this same output (0: not a repeated output)


def _segment(item: ChallengeItem, document_mode: bool) -> Segment:
    """What identifies an item's translation in the cache: its sentence, and in document mode its
    context too, as structure (never glued into one text that a sentence could also be)."""
    if document_mode and item.context:
        return Segment(item.source, tuple(item.context))
    return Segment(item.source)


#: System kinds whose outputs are read, not translated: no progress, no capture suspension.
QUIET_KINDS = frozenset({"recorded", "reference", "file"})


class Translator:
    """Translates each (suite, system) once per process and keeps the result.

    ``write_line`` shows progress lines; ``suspend_capture`` returns a context in which the
    terminal may be drawn on (pytest's capture suspended); ``interactive`` says whether a
    progress bar may be drawn. ``problems`` collects the one-line reply-level faults.
    ``redaction`` hides the run's secrets in every error, problem and note, whichever system wrote
    it. Outputs are judged as the system gave them: an output (or its context translation) that
    shows a secret is not cached, and is hidden where it is reported (:func:`redacted_result`).
    """

    def __init__(self, *, cache_path: Path | None, write_line: Callable[[str], None],
                 suspend_capture: Callable[[], AbstractContextManager[object]],
                 interactive: Callable[[], bool]) -> None:
        self.cache_path = cache_path
        self.write_line = write_line
        self.suspend_capture = suspend_capture
        self.interactive = interactive
        self.redaction = Redaction()
        self.problems: list[str] = []
        #: Tokens and requests a system reported (LLM systems), by (suite, system): summed over calls.
        self.usage: dict[tuple[str, str], dict[str, int]] = {}
        self._cache: TranslationCache | None = None
        self._cache_failed = False
        self._translations: dict[tuple[str, str], Translations] = {}

    @property
    def cache(self) -> TranslationCache | None:
        """The shared translation cache, opened on first use (None when caching is off or it failed)."""
        if self.cache_path is None or self._cache_failed:
            return None
        if self._cache is None:
            try:
                self._cache = TranslationCache(self.cache_path, warn=self._tell)
            except (sqlite3.Error, OSError) as exc:
                self._cache_unusable(exc)
        return self._cache

    def _tell(self, line: str) -> None:
        """Write a line for the terminal. The translator runs inside the first judged test, whose
        output pytest captures (and shows only in a failure's report): capture is suspended."""
        with self.suspend_capture():
            self.write_line(line)

    def _cache_unusable(self, exc: BaseException) -> None:
        """Go on without the cache, saying why once: outputs are translated, just not kept."""
        if not self._cache_failed:
            self._cache_failed = True
            self._tell(f"mtchallenge: the translation cache {self.cache_path} cannot be used "
                       f"({type(exc).__name__}: {exc}); translating without it")
        if self._cache is not None:
            with contextlib.suppress(sqlite3.Error):
                self._cache.close()
            self._cache = None

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
                                note=translations.notes.get(item.id, ""),
                                repeats=translations.repeats.get(item.id, 0))
        return SystemOutput(error=translations.errors.get(item.id, f"{system.name} returned no output for item {item.id}"))

    def translate(self, suite: Suite, system: System) -> Translations:
        """Cached outputs first, the rest through the system; new successful outputs are cached as
        each batch finishes, so a run killed mid-translation loses only the batches in flight.

        In document mode a document-level item is keyed by its context and sentence; a system that
        does not handle documents itself receives the document as one text, and its output is split
        into the item's output (the last sentence) and the context's translation.
        """
        self.redaction.add(system.secrets)
        document_mode = system.mode == DOCUMENT
        folded = document_mode and not system.handles_documents
        sent = [replace(item, source=document_text(item), context=()) if folded and item.context else item
                for item in suite.items]
        segments = {item.id: _segment(item, document_mode) for item in suite.items}
        # Everything besides the segment that decides an output, each setting a field of its own.
        scope = (system.signature, system.mode, system.version or "", suite.source_language, suite.target_language)
        cache = self.cache if system.cacheable else None
        store = (_CacheWriter(cache, scope, segments, give_up=self._cache_unusable, secret=self.redaction.shows_secret)
                 if cache is not None else None)
        with contextlib.ExitStack() as held:
            if store is not None:
                try:  # one process translates a (system, suite) at a time; the others then read its outputs
                    held.enter_context(cache.exclusive(json.dumps([*scope, suite.name])))
                except OSError as exc:
                    self._cache_unusable(exc)
                    store = None
            cached: dict[Segment, str] = {}
            cached_contexts: dict[Segment, tuple[str, ...]] = {}
            cached_notes: dict[Segment, str] = {}
            if store is not None:
                cached, cached_contexts, cached_notes = store.read(list(segments.values()))
            todo = [item for item in sent if segments[item.id] not in cached]
            translations = self._call_system(suite, system, todo, store) if todo else Translations()
            translations = self._settled(translations, system)
            if store is not None:
                store.write(translations)  # what no batch reported (kinds that translate in one call)
        redact = self.redaction.redact  # every secret of the run, whichever system's message quotes it
        outputs = {i: cached[segment] for i, segment in segments.items() if segment in cached}
        if outputs and system.cacheable:
            digested = getattr(system, "digested", None)  # cmd: systems: the files their signature reads
            keyed = (f"kept for the command line and {', '.join(digested)}; " if digested else
                     "kept for the command line alone; " if digested is not None else "")
            self._tell(f"mtchallenge: {system.name}: {len(outputs)} of {len(segments)} outputs for "
                       f"{suite.name} from the translation cache ({keyed}--mt-no-cache translates again)")
        outputs.update(translations.outputs)
        contexts = {i: cached_contexts[segment] for i, segment in segments.items()
                    if i in outputs and segment in cached_contexts}
        contexts.update(translations.context_outputs)
        notes = {i: cached_notes[segment] for i, segment in segments.items()
                 if i in outputs and segment in cached_notes}
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
        for item_id in [i for i, output in outputs.items() if not any(char.isalpha() for char in output)]:
            # An output without a letter ('', '???', '...') renders nothing: an error that counts
            # against the system, never a skip.
            output = outputs.pop(item_id)
            shown = (f"an output without a word ({redact(output.strip())[:40]!r})" if output.strip()
                     else "an empty output")
            errors[item_id] = f"{system.name} returned {shown} for item {item_id}"
        errors = {item_id: redact(reason) for item_id, reason in errors.items()}
        problems = tuple(dict.fromkeys(redact(problem) for problem in translations.problems))
        for problem in problems:
            if problem not in self.problems:
                self.problems.append(problem)
        repeats = repeated_outputs(outputs, {item.id: item.source for item in suite.items})
        return Translations(outputs=MappingProxyType(outputs), errors=MappingProxyType(errors),
                            problems=problems, context_outputs=MappingProxyType(contexts), usage=translations.usage,
                            notes=MappingProxyType({i: redact(note) for i, note in notes.items()}),
                            repeats=MappingProxyType(repeats))

    def _call_system(self, suite: Suite, system: System, items: list[ChallengeItem],
                     store: _CacheWriter | None) -> Translations:
        quiet = system.kind in QUIET_KINDS
        progress = None
        if not quiet:
            progress = TranslationProgress(f"mtchallenge: {system.name} translating {suite.name}", len(items),
                                           write_line=self.write_line, interactive=self.interactive())

        def on_batch(batch: Translations) -> None:
            if progress is not None:
                progress.advance(batch.settled)
            if store is not None:
                store.write(self._settled(batch, system))

        with contextlib.nullcontext() if quiet else self.suspend_capture():
            try:
                translations = system.translate(suite=suite, items=items, on_batch=on_batch)
            except MTChallengeError as exc:
                translations = Translations.failed(items, exc.one_line())
            except Exception as exc:  # a system adapter bug must not lose the run
                translations = Translations.failed(items, f"{system.name} crashed: {type(exc).__name__}: {exc}")
            if progress is not None:
                progress.finish(f"mtchallenge: {system.name} translated {len(translations.outputs)} of "
                                f"{len(items)} sources of {suite.name}")
        return translations

    def _settled(self, translations: Translations, system: System) -> Translations:
        """A system's reply as the run keeps it, before anything is cached, judged or reported:
        each output that is not text made an error, and every secret of the run hidden in its
        messages (errors, problems, notes). The outputs stay as they are: they are judged so, and
        the cache keeps none that shows a secret (:class:`_CacheWriter`)."""
        return translations.screened(system.name).redacted(self.redaction.redact)


class _CacheWriter:
    """Reads and writes one (system, suite)'s outputs in the cache, keyed by the scope and each
    item's :class:`Segment`, with the context translation and the note in scopes of their own;
    each output is written once, as soon as its batch is settled. An output whose text or context
    translation shows a secret of the run (``secret`` says) is never written: a reply echoing a key,
    in any spelling, is translated again by the next run rather than kept on disk, where a later
    run, knowing only the rotated key, could no longer hide it. A failing cache is given up
    (``give_up`` says so), never the translation."""

    def __init__(self, cache: TranslationCache, scope: tuple[str, ...], segments: dict[str, Segment],
                 *, give_up: Callable[[BaseException], None], secret: Callable[[str], bool]) -> None:
        self.cache: TranslationCache | None = cache
        self.scope = scope
        self.segments = segments
        self.give_up = give_up
        self.secret = secret
        self.written: set[str] = set()

    def _fail(self, exc: BaseException) -> None:
        self.cache = None
        self.give_up(exc)

    def read(self, segments: list[Segment]) -> tuple[dict[Segment, str], dict[Segment, tuple[str, ...]],
                                                      dict[Segment, str]]:
        """Cached outputs, context translations and notes by segment; a context that cannot be
        read is a miss for its item (both are translated again)."""
        if self.cache is None:
            return {}, {}, {}
        try:
            outputs = self.cache.get_many((*self.scope, "output"), segments)
            stored = self.cache.get_many((*self.scope, "context"), segments)
            notes = self.cache.get_many((*self.scope, "note"), segments)
        except (sqlite3.Error, OSError) as exc:
            self._fail(exc)
            return {}, {}, {}
        contexts: dict[Segment, tuple[str, ...]] = {}
        for segment, value in stored.items():
            context = _context(value)
            if context is None:
                outputs.pop(segment, None)
            else:
                contexts[segment] = context
        return outputs, contexts, notes

    def write(self, translations: Translations) -> None:
        new = {i: o for i, o in translations.outputs.items() if i in self.segments and i not in self.written
               and not any(map(self.secret, (o, *translations.context_outputs.get(i, ()))))}
        if self.cache is None or not new:
            return
        contexts = {self.segments[i]: json.dumps(list(c), ensure_ascii=False)
                    for i, c in translations.context_outputs.items() if i in new}
        notes = {self.segments[i]: note for i, note in translations.notes.items() if i in new and note}
        try:
            # Context and note first: an output is never found without what came with it.
            if contexts:
                self.cache.put_many((*self.scope, "context"), contexts)
            if notes:
                self.cache.put_many((*self.scope, "note"), notes)
            self.cache.put_many((*self.scope, "output"), {self.segments[i]: o for i, o in new.items()})
        except (sqlite3.Error, OSError) as exc:
            self._fail(exc)
            return
        self.written.update(new)


def _context(value: str) -> tuple[str, ...] | None:
    """A stored context translation (a JSON list of sentences), or None when it is not one."""
    try:
        context = json.loads(value)
    except (ValueError, RecursionError):
        return None
    if not isinstance(context, list) or not all(isinstance(sentence, str) for sentence in context):
        return None
    return tuple(context)
