"""What a checker says about one output, the final judgement of a test, and the result a report shows for it."""
from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType


class Outcome(str, enum.Enum):
    """The outcome of one item for one system."""

    PASS = "pass"
    FAIL = "fail"
    NA = "na"  # the output dodges the phenomenon
    UNDECIDED = "undecided"  # a checker's answer only: defer to a human
    REVIEW = "review"  # a judgement: no automatic or recorded decision
    ERROR = "error"  # a judgement: the system gave no output for the item


class JudgeMode(str, enum.Enum):
    """Who decides an output: its checker, a recorded human verdict, or the checker and then a human."""

    AUTO = "auto"
    HUMAN = "human"
    AUTO_HUMAN = "auto+human"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A checker's answer about one output: pass, fail, na or undecided, with its reason."""

    outcome: Outcome
    reason: str
    evidence: tuple[str, ...] = ()
    #: What the family looked for and did not find ("a subjunctive trigger", "a form of manquer"):
    #: set on an undecided verdict whose construction is absent from the output. In a fluent output
    #: that is a rephrasing for a human to judge; in a broken one (untranslated words, no verb) the
    #: phenomenon is not rendered, and the judge fails it (:mod:`pytest_mtchallenge.languages.garbling`).
    missing: str = ""
    #: The output's words of the item's own content that a pass rests on (agreement's predicate
    #: adjective, the verb a clitic stands before): a translation of this source renders them, so the
    #: judge asks whether they translate a word of it (:func:`~pytest_mtchallenge.languages.relatedness.unsupported`).
    #: Empty for a construction's own words (a trigger, an idiom) and for every family that sets none.
    content: tuple[str, ...] = ()

    @classmethod
    def passed(cls, reason: str, *evidence: str) -> Verdict:
        return cls(Outcome.PASS, reason, evidence)

    @classmethod
    def failed(cls, reason: str, *evidence: str) -> Verdict:
        return cls(Outcome.FAIL, reason, evidence)

    @classmethod
    def not_applicable(cls, reason: str, *evidence: str) -> Verdict:
        return cls(Outcome.NA, reason, evidence)

    @classmethod
    def undecided(cls, reason: str, *evidence: str) -> Verdict:
        return cls(Outcome.UNDECIDED, reason, evidence)

    @classmethod
    def not_found(cls, missing: str, reason: str, *evidence: str) -> Verdict:
        """Undecided because the output has no ``missing`` (the construction the family looks for)."""
        return cls(Outcome.UNDECIDED, reason, evidence, missing)

    def resting_on(self, *words: str) -> Verdict:
        """This verdict, with the output's content ``words`` it rests on (see :attr:`content`)."""
        return replace(self, content=tuple(word for word in words if word))

    @property
    def decided(self) -> bool:
        return self.outcome in (Outcome.PASS, Outcome.FAIL, Outcome.NA)


class DecidedBy(str, enum.Enum):
    CHECKER = "checker"
    HUMAN = "human"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Judgement:
    """The final result for one item and one system, as reported."""

    suite: str
    system: str
    item: str
    category: str
    subcategory: str
    output: str | None
    outcome: Outcome
    decided_by: DecidedBy
    reason: str
    context_output: tuple[str, ...] = ()  # the translation of a document-level item's context
    #: The checker's machine-readable evidence ("any-connective:yes", "coherence-difference:0.81"…):
    #: what the report aggregates beside the pass/fail rate (DiP's ANY, coherence rankings).
    evidence: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        record: dict[str, object] = {
            "suite": self.suite,
            "system": self.system,
            "id": self.item,
            "category": self.category,
            "subcategory": self.subcategory,
            "output": self.output,
            "outcome": self.outcome.value,
            "decided_by": self.decided_by.value,
            "reason": self.reason,
        }
        if self.context_output:
            record["context_output"] = list(self.context_output)
        if self.evidence:
            record["evidence"] = list(self.evidence)
        return record

    @classmethod
    def from_dict(cls, record: dict[str, object]) -> Judgement:
        return cls(
            suite=str(record["suite"]),
            system=str(record["system"]),
            item=str(record["id"]),
            category=str(record["category"]),
            subcategory=str(record["subcategory"]),
            output=None if record.get("output") is None else str(record["output"]),
            outcome=Outcome(record["outcome"]),
            decided_by=DecidedBy(record["decided_by"]),
            reason=str(record.get("reason", "")),
            context_output=tuple(str(s) for s in record.get("context_output") or ()),  # type: ignore[union-attr]
            evidence=tuple(str(s) for s in record.get("evidence") or ()),  # type: ignore[union-attr]
        )


@dataclass(frozen=True, slots=True)
class ItemFacts:
    """What a report shows beside an item's judgement, the same for every system: made once per item
    and shared by its results."""

    position: int = 0  # the item's index in its suite
    category_title: str = ""
    subcategory_title: str = ""
    question: str = ""
    source: str = ""
    reference: str = ""
    gold: str = ""  # the item's gold label, for a suite's measures (WinoMT: the English gender)


@dataclass(frozen=True, slots=True)
class RunFacts:
    """What a report shows beside every judgement of one suite by one system: made once per suite and
    system and shared by its results."""

    suite_title: str = ""
    judge: str = ""
    system_position: int = 0  # the system's column
    labels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    rate: str = "items"  # how the suite computes its success rate
    signature: str = ""
    suite_items: int = 0  # how many items the suite holds (a run judging fewer was a selection)


_ITEM_FACTS = frozenset(spec.name for spec in fields(ItemFacts))
_RUN_FACTS = frozenset(spec.name for spec in fields(RunFacts))
#: A result's facts in the order a saved run or a JSON report writes them, after the judgement's.
FACT_ORDER = ("suite_title", "judge", "position", "system_position", "category_title", "subcategory_title",
              "question", "source", "reference", "labels", "rate", "signature", "suite_items", "gold")
_NO_ITEM_FACTS = ItemFacts()
_NO_RUN_FACTS = RunFacts()


@dataclass(frozen=True, slots=True)
class ItemResult:
    """One judged test: the judgement and what a report shows beside it — the item's facts and its run's,
    each made once and shared by every result that has them (:meth:`of` takes them field by field).

    It crosses process boundaries (pytest-xdist) as a plain mapping (:meth:`to_dict`,
    :meth:`from_dict`); everywhere else it is this type.
    """

    judgement: Judgement
    item_facts: ItemFacts = _NO_ITEM_FACTS
    run_facts: RunFacts = _NO_RUN_FACTS

    @classmethod
    def of(cls, judgement: Judgement, **facts: object) -> ItemResult:
        """A result from its facts given one by one (``suite_title=…, position=…``), as a test states them."""
        unknown = set(facts) - _ITEM_FACTS - _RUN_FACTS
        if unknown:
            raise TypeError(f"unknown result facts: {', '.join(sorted(unknown))}")
        return cls(judgement,
                   ItemFacts(**{name: value for name, value in facts.items() if name in _ITEM_FACTS}),  # type: ignore[arg-type]
                   RunFacts(**{name: value for name, value in facts.items() if name in _RUN_FACTS}))  # type: ignore[arg-type]

    @property
    def suite(self) -> str:
        return self.judgement.suite

    @property
    def system(self) -> str:
        return self.judgement.system

    @property
    def id(self) -> str:
        return self.judgement.item

    @property
    def outcome(self) -> str:
        return self.judgement.outcome.value

    @property
    def suite_title(self) -> str:
        return self.run_facts.suite_title

    @property
    def judge(self) -> str:
        return self.run_facts.judge

    @property
    def position(self) -> int:
        return self.item_facts.position

    @property
    def system_position(self) -> int:
        return self.run_facts.system_position

    @property
    def category_title(self) -> str:
        return self.item_facts.category_title

    @property
    def subcategory_title(self) -> str:
        return self.item_facts.subcategory_title

    @property
    def question(self) -> str:
        return self.item_facts.question

    @property
    def source(self) -> str:
        return self.item_facts.source

    @property
    def reference(self) -> str:
        return self.item_facts.reference

    @property
    def labels(self) -> Mapping[str, str]:
        return self.run_facts.labels

    @property
    def rate(self) -> str:
        return self.run_facts.rate

    @property
    def signature(self) -> str:
        return self.run_facts.signature

    @property
    def suite_items(self) -> int:
        return self.run_facts.suite_items

    @property
    def gold(self) -> str:
        return self.item_facts.gold

    def to_dict(self) -> dict[str, object]:
        record = self.judgement.to_dict()
        for name in FACT_ORDER:
            value = getattr(self, name)
            if name == "gold" and not value:
                continue  # only the suites whose measures need it have one
            record[name] = dict(value) if name == "labels" else value
        return record

    @classmethod
    def from_dict(cls, record: Mapping[str, object]) -> ItemResult:
        values: dict[str, object] = {name: record[name] for name in FACT_ORDER if name in record}
        for name in ("position", "system_position", "suite_items"):
            if name in values:
                values[name] = int(values[name])  # type: ignore[call-overload]
        if "labels" in values:
            values["labels"] = MappingProxyType({str(k): str(v) for k, v in dict(values["labels"]).items()})  # type: ignore[call-overload]
        return cls.of(Judgement.from_dict(dict(record)), **values)
