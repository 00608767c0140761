"""A suite's sources for a system run outside pytest (``mtchallenge sources``, then ``--mt-system=file:``)."""
from __future__ import annotations

from collections.abc import Iterator

from pytest_mtchallenge.model import Suite


def source_lines(suite: Suite, *, with_context: bool = False) -> Iterator[str]:
    """One line per item, in suite order: what a ``file:`` system's plain-text lines answer.

    With ``with_context``, a document-level item's line is the whole document, its context then
    its sentence (what ``mode=document`` sends a system; answer it with the document's
    translation and ``file:PATH,mode=document``). A source that holds line breaks is one line,
    its lines joined by spaces, as ``cmd:`` sends it.
    """
    if with_context:
        from pytest_mtchallenge.systems import document_text
    for item in suite.items:
        text = document_text(item) if with_context else item.source
        yield " ".join(text.splitlines())


def source_records(suite: Suite, *, with_context: bool = False) -> Iterator[dict[str, object]]:
    """One JSONL record per item, in suite order: ``{"id", "source"}``, and with ``with_context``
    the ``"context"`` sentences (oldest first) of a document-level item."""
    for item in suite.items:
        record: dict[str, object] = {"id": item.id, "source": item.source}
        if with_context and item.context:
            record["context"] = list(item.context)
        yield record
