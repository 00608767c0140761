"""Systems whose outputs are already known: a suite's recorded systems, and the references."""
from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.text.suggest import did_you_mean
from pytest_mtchallenge.systems import DOCUMENT, SENTENCE, OnBatch, System, Translations


class RecordedSystemKind(System):
    """``recorded:NAME`` — the outputs a suite records for system NAME (``recorded:*``: all of them)."""

    kind = "recorded"
    cacheable = False
    handles_documents = True

    def default_name(self) -> str:
        return self.argument

    def identity_for(self, suite: Suite) -> str:
        """The recording's own mode for this suite, known from the suite alone (before and without
        translating: an xdist controller signs the results its workers judged)."""
        recorded = suite.systems.get(self.argument)
        extra = (f",mode={recorded.mode}" if recorded is not None and recorded.mode != SENTENCE else "") + (
            f",version={self.version}" if self.version else "")
        return self.signature + extra

    def covers(self, suite: Suite) -> bool:
        return self.argument in suite.systems

    def covers_item(self, suite: Suite, item: ChallengeItem) -> bool:
        """Whether the recording has the item (an output or an error), unless its output is a known defect of
        the data (:attr:`~pytest_mtchallenge.model.RecordedSystem.excluded`): no test then."""
        recorded = suite.systems.get(self.argument)
        return recorded is not None and item.id not in recorded.excluded and (
            item.id in recorded.outputs or item.id in recorded.errors)

    def item_count(self, suite: Suite) -> int:
        """How many items of ``suite`` a whole run of the recording judges: all but its known defects."""
        return sum(self.covers_item(suite, item) for item in suite.items)

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        recorded = suite.systems.get(self.argument)
        if recorded is None:
            known = ", ".join(sorted(suite.systems)) or "none"
            hint = did_you_mean(self.argument, suite.systems or {})
            return Translations.failed(items, f"suite {suite.name} has no recorded system {self.argument!r}"
                                              f"{': ' + hint if hint else ''} (recorded: {known})")
        self.mode = recorded.mode  # the recording says how its outputs were obtained
        outputs = {i.id: recorded.outputs[i.id] for i in items if i.id in recorded.outputs}
        where = recorded.path or suite.path
        errors = {i.id: recorded.errors.get(i.id) or f"{where}: no recorded output for item {i.id}"
                  for i in items if i.id not in recorded.outputs}
        contexts = {i: recorded.context_outputs[i] for i in outputs if i in recorded.context_outputs}
        return Translations(outputs=MappingProxyType(outputs), errors=MappingProxyType(errors),
                            context_outputs=MappingProxyType(contexts))


class ReferenceSystem(System):
    """``reference`` — each item's (first) reference translation: a sanity check of the checkers."""

    kind = "reference"
    needs_argument = False
    cacheable = False
    handles_documents = True

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        """The reference, and in document mode the context's references as its context translation."""
        contexts = {i.id: i.context_references for i in items if i.references and i.context_references
                    and self.mode == DOCUMENT}
        return Translations(
            outputs=MappingProxyType({i.id: i.reference for i in items if i.references}),
            errors=MappingProxyType({i.id: f"item {i.id} of {suite.name} has no reference" for i in items
                                     if not i.references}),
            context_outputs=MappingProxyType(contexts),
        )
