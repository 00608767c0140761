"""Items for tests, built in one place: a test states what its checker or system reads, not the labels around it.

``item(source, references, checker=…, params=…)`` is a :class:`ChallengeItem` of suite ``tiny``,
category ``c``, subcategory ``s`` and question ``?``, with the placeholders ``(source)`` and
``(reference)`` for what a test leaves out; ``params`` are frozen as a suite's loader freezes them,
and ``fields`` are further item fields (``document``, ``locus``, ``gold``, ``parsed_params``). A
module may name a partial of it for its own defaults (``def french(source, **kw): return item(source,
checker="agreement", **kw)``); the items a suite file holds are written with :mod:`tests.suites`.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from pytest_mtchallenge.model import ChallengeItem


def item(source: str = "(source)", references: Sequence[str] = ("(reference)",), *, checker: str = "human",
         params: Mapping[str, object] | None = None, context: Sequence[str] = (),
         context_references: Sequence[str] = (), id: str = "i1", suite: str = "tiny", category: str = "c",
         subcategory: str = "s", question: str = "?", target_language: str = "", source_language: str = "",
         **fields: object) -> ChallengeItem:
    """The item of ``source`` and its ``references`` (``()`` for none) judged by ``checker`` with
    ``params``; a document-level item when ``context`` (the preceding source sentences) is given."""
    return ChallengeItem(id=id, suite=suite, category=category, subcategory=subcategory, source=source,
                         references=tuple(references), question=question, checker=checker,
                         params=MappingProxyType(dict(params or {})), context=tuple(context),
                         context_references=tuple(context_references), target_language=target_language,
                         source_language=source_language, **fields)  # type: ignore[arg-type]
