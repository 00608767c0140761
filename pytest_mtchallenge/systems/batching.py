"""Batched, concurrent translation with per-batch faults: the loop every remote or local model system shares."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import replace
from types import MappingProxyType

from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.systems import OnBatch, SystemOptions, Translations

BatchTranslator = Callable[[list[str]], "list[str] | Translations"]


def translate_in_batches(
    items: Sequence[ChallengeItem],
    translate_batch: BatchTranslator,
    *,
    options: SystemOptions,
    origin: str,
    concurrency: int | None = None,
    on_batch: OnBatch | None = None,
) -> Translations:
    """Translate ``items`` in batches of ``options.sources_per_batch()``, ``concurrency`` batches at once.

    ``translate_batch(sources)`` returns one output per source, in order, or raises: an
    :class:`~pytest_mtchallenge.errors.MTChallengeError` (a system fault, reported as is) or any
    other exception (reported with its type). A kind that settles each item itself (errors of its
    own, context translations, notes, usage) returns the batch's :class:`Translations` instead,
    by item id; an item it leaves out errors. A failed batch makes only its own items error;
    the other batches are still translated and judged. Each settled batch is told to ``on_batch``
    at once (the translator stores its outputs: a crash later loses only the batches in flight).
    """
    size = options.sources_per_batch()
    batches = [list(items[start:start + size]) for start in range(0, len(items), size)]
    outputs: dict[str, str] = {}
    errors: dict[str, str] = {}
    problems: list[str] = []
    contexts: dict[str, tuple[str, ...]] = {}
    notes: dict[str, str] = {}
    usage: dict[str, int] = {}
    workers = max(1, min(concurrency or options.concurrency, len(batches) or 1))

    def settle(batch: list[ChallengeItem], result: object | BaseException) -> None:
        if isinstance(result, BaseException):
            reason = result.one_line() if isinstance(result, MTChallengeError) else (
                f"{origin} raised {type(result).__name__}: {result}")
            settled = Translations.failed(batch, reason)
        elif isinstance(result, Translations):
            missing = {item.id: f"{origin} returned no output for item {item.id}" for item in batch
                       if item.id not in result.outputs and item.id not in result.errors}
            settled = replace(result, errors=MappingProxyType({**result.errors, **missing})) if missing else result
        else:
            settled = Translations.aligned(batch, result, origin=origin)
        outputs.update(settled.outputs)
        errors.update(settled.errors)
        problems.extend(p for p in settled.problems if p not in problems)
        contexts.update(settled.context_outputs)
        notes.update(settled.notes)
        for key, count in settled.usage.items():
            usage[key] = usage.get(key, 0) + count
        if on_batch is not None:
            on_batch(settled)

    if workers == 1:
        for batch in batches:
            try:
                settle(batch, translate_batch([item.source for item in batch]))
            except Exception as exc:  # reported per batch, never lost
                settle(batch, exc)
    else:
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mtchallenge") as pool:
            futures = {pool.submit(translate_batch, [item.source for item in batch]): batch for batch in batches}
            for future in as_completed(futures):
                try:
                    settle(futures[future], future.result())
                except Exception as exc:
                    settle(futures[future], exc)
    return Translations(outputs=MappingProxyType(outputs), errors=MappingProxyType(errors), problems=tuple(problems),
                        context_outputs=MappingProxyType(contexts), notes=MappingProxyType(notes),
                        usage=MappingProxyType(usage))
