"""The data of a challenge suite: categories, subcategories, items, recorded systems and verdicts."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar


def _frozen(mapping: Mapping[str, object] | None) -> Mapping[str, object]:
    return MappingProxyType(dict(mapping or {}))



Parsed = TypeVar("Parsed", bound="FamilyParams")


class FamilyParams:
    """A family's parameters, read once from an item's ``params`` mapping, when the suite loads.

    A family declares a frozen, slotted dataclass subclassing this one, with a classmethod
    :meth:`parse` that reads the mapping (raising ``ValueError`` that names the parameter), and names
    it as its :attr:`Checker.Params`. The suite loader stores the parsed value on the item
    (``item.parsed_params``); ``check`` reads its fields through :meth:`of`.
    """

    __slots__ = ()

    @classmethod
    def parse(cls: type[Parsed], mapping: Mapping[str, object]) -> Parsed:
        """The parameters in ``mapping``; a ``ValueError`` naming the parameter when they are unusable."""
        raise NotImplementedError

    @classmethod
    def of(cls: type[Parsed], item: ChallengeItem) -> Parsed:
        """``item``'s parameters: as the suite loader parsed them, or parsed now from ``item.params``
        (an item built without a loader, as in tests)."""
        parsed = item.parsed_params
        return parsed if isinstance(parsed, cls) else cls.parse(item.params)


@dataclass(frozen=True, slots=True)
class ChallengeItem:
    """One hand-built sentence probing one phenomenon, with what a checker needs to judge it."""

    id: str
    suite: str
    category: str
    subcategory: str
    source: str
    references: tuple[str, ...]
    question: str
    checker: str
    params: Mapping[str, object] = field(default_factory=lambda: _frozen(None))
    locus: tuple[str, ...] = ()
    source_locus: tuple[str, ...] = ()
    #: The preceding source sentences of a document-level item (oldest first), and their reference
    #: translations (parallel to ``context`` when given).
    context: tuple[str, ...] = ()
    context_references: tuple[str, ...] = ()
    document: str = ""  # the id of the document the item belongs to, when the suite says
    #: The suite's source and target languages (for families that judge any language, e.g. with a
    #: lemmatizer, and for what reads the source): a suite fills them in on every item it holds.
    target_language: str = ""
    source_language: str = ""
    explanation: str = ""
    notes: str = ""
    known_failure: str = ""  # why current systems are expected to fail it (an xfail reason)
    problem: str = ""  # why the item cannot be judged (e.g. a pattern that does not compile): it errors
    #: The item's gold label, where the suite's measures compare a family's prediction with it
    #: (WinoMT: the entity's gender in the English, ``male``, ``female`` or ``neutral``).
    gold: str = ""
    #: ``params`` as the item's family read them when the suite loaded (its ``Params``,
    #: a :class:`FamilyParams`); None for an item built without a loader,
    #: whose family reads ``params`` when it judges.
    parsed_params: FamilyParams | None = field(default=None, compare=False, repr=False)

    @property
    def is_document(self) -> bool:
        """Whether the item is document-level (its sentence comes with preceding context)."""
        return bool(self.context)

    @property
    def reference(self) -> str:
        """The first (main) reference translation ("" for suites without references)."""
        return self.references[0] if self.references else ""


@dataclass(frozen=True, slots=True)
class Subcategory:
    """A phenomenon: its yes/no question and the checker family that judges it."""

    id: str
    title: str
    category: str
    question: str
    checker: str
    params: Mapping[str, object]
    explanation: str
    item_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Category:
    """A group of subcategories (the rows of the papers' summary tables)."""

    id: str
    title: str
    subcategory_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RecordedSystem:
    """Outputs of one MT system on a suite, as recorded in a publication or an earlier run."""

    name: str
    description: str
    date: str
    outputs: Mapping[str, str]
    path: Path | None = None
    #: Translations of document-level items' context sentences, by item id (document-mode systems).
    context_outputs: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _frozen(None))
    mode: str = "sentence"  # how the outputs were obtained: "sentence" or "document"
    #: Items whose recorded output cannot be judged, and why (a WinoMT line translating another
    #: English sentence than the item's): their tests error with that reason.
    errors: Mapping[str, str] = field(default_factory=lambda: _frozen(None))
    #: Items whose recorded output is a known defect of the data, and why (a suite's ``known_defects``):
    #: the system has no test of them, and its run and measures leave them out.
    excluded: Mapping[str, str] = field(default_factory=lambda: _frozen(None))


@dataclass(frozen=True, slots=True)
class RecordedVerdict:
    """A human verdict on one exact output of one item."""

    item: str
    output: str
    verdict: str  # "yes" | "no" | "na"
    system: str = ""
    annotators: Mapping[str, int] = field(default_factory=lambda: _frozen(None))
    source: str = ""
    #: Who gave this verdict (one person; ``mtchallenge review`` records it). A later verdict of the
    #: same annotator on the same output replaces an earlier one.
    annotator: str = ""


@dataclass(frozen=True, slots=True)
class Suite:
    """A challenge set: metadata, the category tree, its items, recorded systems and verdicts."""

    name: str
    title: str
    citation: str
    source_language: str
    target_language: str
    path: Path
    categories: tuple[Category, ...]
    subcategories: Mapping[str, Subcategory]
    items: tuple[ChallengeItem, ...]
    systems: Mapping[str, RecordedSystem]
    verdicts: tuple[RecordedVerdict, ...]
    description: str = ""
    verdict_paths: tuple[Path, ...] = ()
    labels: Mapping[str, str] = field(default_factory=lambda: _frozen(None))
    version: str = ""
    #: How the suite's success rate is computed: "items" (pass / items, the challenge-set papers'
    #: share of ✓) or "decided" (pass / (pass + fail), as Cinková & Bojar's Good / (Good + Bad) and
    #: DiP's %Con, which leave n/a and unknown out).
    rate: str = "items"
    #: Files beside the suite file that its items are read from (WinoMT's sets): hashed with it into
    #: run signatures, so that a changed set changes the signature.
    data_paths: tuple[Path, ...] = ()

    def __post_init__(self) -> None:
        """Every item knows its suite's languages, whichever loader built it."""
        if any(item.source_language != self.source_language or item.target_language != self.target_language
               for item in self.items):
            object.__setattr__(self, "items", tuple(
                replace(item, source_language=self.source_language, target_language=self.target_language)
                for item in self.items))

    def item(self, item_id: str) -> ChallengeItem:
        for item in self.items:
            if item.id == item_id:
                return item
        raise KeyError(item_id)

    def category_of(self, subcategory_id: str) -> Category:
        return next(c for c in self.categories if subcategory_id in c.subcategory_ids)
