"""The document an output belongs to: the system's context translation and the reference's, side by side."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.model import ChallengeItem


@dataclass(frozen=True, slots=True)
class Blocks:
    """The text blocks a document-level family compares, oldest sentence first.

    ``output`` is the system's translation of the context followed by its output; ``reference``
    the reference translation of the same span; ``source`` the source span. When the system
    translated the sentence alone (no context translation), every block is the item's sentence
    only and ``whole`` is false: a family then judges what the sentence shows.
    """

    output: tuple[str, ...]
    reference: tuple[str, ...]
    source: tuple[str, ...]
    whole: bool

    @property
    def scope(self) -> str:
        """How a reason names what was compared."""
        if self.whole:
            return f"the document ({len(self.output)} sentences)"
        return "the sentence (the system gave no translation of the context)"


def blocks(item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Blocks:
    """The blocks of ``item`` for ``output`` and the system's context translation ``context``."""
    reference = (item.reference,) if item.references else ()
    if context and item.context:
        references = (*item.context_references, *reference) if item.context_references and reference else ()
        return Blocks(output=(*context, output), reference=references, source=(*item.context, item.source),
                      whole=True)
    return Blocks(output=(output,), reference=reference, source=(item.source,), whole=False)


__all__ = ["Blocks", "blocks"]
