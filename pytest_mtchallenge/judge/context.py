"""What the judge knows of one item before any output of it: prepared once per item, shared by every system's
output and every gate (a gate never re-reads what the context holds)."""
from __future__ import annotations

from collections.abc import Mapping

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.languages.relatedness import ItemReading
from pytest_mtchallenge.model import ChallengeItem


class ItemContext:
    """One item as the judge's gates read it: its family, the suite's source and target language, the words of
    the family's construction its parameters name (:func:`construction_words`), and the reading of its source,
    context and references that the unrelated-output gate compares outputs with (read on the first output that
    needs it: most families' fails and n/a never do)."""

    __slots__ = ("item", "checker", "source_language", "target_language", "_construction", "_reading")

    def __init__(self, item: ChallengeItem, checker: Checker, languages: tuple[str, str]) -> None:
        self.item = item
        self.checker = checker
        self.source_language, self.target_language = languages
        self._construction: tuple[str, ...] | None = None
        self._reading: ItemReading | None = None

    @property
    def construction(self) -> tuple[str, ...]:
        if self._construction is None:
            self._construction = construction_words(self.checker, self.item)
        return self._construction

    @property
    def reading(self) -> ItemReading:
        """The item's source (its context before it), references and construction, read once."""
        if self._reading is None:
            item = self.item
            self._reading = ItemReading(source=item.source, context=item.context, references=item.references,
                                        context_references=item.context_references,
                                        source_language=self.source_language, target_language=self.target_language,
                                        construction=self.construction)
        return self._reading


def construction_words(checker: Checker, item: ChallengeItem) -> tuple[str, ...]:
    """The words of the family's construction that ``item``'s parameters name (the family's
    ``construction_params``, as its ``Params`` read them, defaults included: words, phrases, or
    phrases as their tokens): no evidence that an output translates this source."""
    if not checker.construction_params:
        return ()
    try:
        parsed: object = checker.Params.of(item)
    except ValueError:
        parsed = None
    words: list[str] = []
    pending: list[object] = [getattr(parsed, name) if hasattr(parsed, name) else item.params.get(name)
                             for name in checker.construction_params]
    while pending:
        value = pending.pop(0)
        if isinstance(value, str):
            words.append(value)
        elif isinstance(value, Mapping):
            pending.extend(value)
        elif isinstance(value, (list, tuple, set, frozenset)):
            pending.extend(sorted(value, key=str) if isinstance(value, (set, frozenset)) else value)
    return tuple(words)
