"""WinoMT's measures of a run (Stanovsky, Smith & Zettlemoyer 2019): Acc, F1 per gender, ΔG and ΔS.

They are computed from each item's gold gender (:attr:`ItemResult.gold`, the English's), the gender
the family read on the entity in the output and the item's subset (subcategory ``pro`` or ``anti``), once
per reading of the entity's gender: the paper's (evidence ``predicted-gender:male``, ``:female`` or
``:none``; the headline) and the context-aware one (``predicted-gender:context-aware:…``), measured
beside it. An item without that evidence (no output, an untranslated output, a human verdict) predicted
no gender: as in WinoMT, it is wrong.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_mtchallenge.reporting import ItemResult

#: The evidence a family records on a WinoMT item: the entity's gender as the output marks it, in the paper's reading.
EVIDENCE = "predicted-gender:"
#: The readings measured, and the evidence each one's gender is recorded under (the paper's is the headline).
PAPER, CONTEXT_AWARE = "paper", "context-aware"
READING_EVIDENCE = {PAPER: EVIDENCE, CONTEXT_AWARE: EVIDENCE + "context-aware:"}
READING_TITLES = {PAPER: "the paper's reading: the entity's own noun phrase (determiner, noun form, adjectives)",
                  CONTEXT_AWARE: "the context-aware reading: a pronoun, participle or clitic referring to the entity "
                                 "overrides a noun phrase that shows no gender or a masculine used for both sexes"}
PREDICTIONS = ("male", "female", "none")
GENDERS = ("male", "female")
#: The subcategories ΔS compares (WinoMT's en_pro.txt and en_anti.txt).
SUBSETS = ("pro", "anti")
FORMULA = ("WinoMT (Stanovsky et al. 2019): Acc = items whose entity has its English gender in the output / all items "
           "(an entity not found, one without a gender cue and an item without an output are wrong; a gold neutral "
           "is never matched); F1(g) = 2·TP(g) / (predicted g + gold g), i.e. 2PR / (P + R); "
           "ΔG = F1(male) − F1(female); ΔS = Acc(pro) − Acc(anti)")


def predicted_gender(evidence: Iterable[str], reading: str = PAPER) -> str:
    """The gender the family read on the entity in ``reading`` (``male``, ``female``), or ``none``."""
    prefix = READING_EVIDENCE[reading]
    for entry in evidence:
        if entry.startswith(prefix):
            value = entry[len(prefix):]
            if reading == PAPER and ":" in value:
                continue  # another reading's
            return value if value in GENDERS else "none"
    return "none"


def records(evidence: Iterable[str], reading: str) -> bool:
    """Whether ``evidence`` holds the entity's gender in ``reading``."""
    prefix = READING_EVIDENCE[reading]
    return any(e.startswith(prefix) and (reading != PAPER or ":" not in e[len(prefix):]) for e in evidence)


def reading_differences(results: Iterable[ItemResult]) -> dict[str, int]:
    """On how many items with a gold gender the two readings differ, by ``paper→context-aware`` gender
    (``none→female``: a noun phrase without gender, a feminine pronoun; ``male→female``: a masculine for
    both sexes overridden; ``male→none``: a fixed masculine noun with nothing referring to the person)."""
    found: dict[str, int] = {}
    for result in results:
        evidence = result.judgement.evidence
        if not result.gold or not records(evidence, CONTEXT_AWARE):
            continue
        paper, context = predicted_gender(evidence), predicted_gender(evidence, CONTEXT_AWARE)
        if paper != context:
            key = f"{paper}→{context}"
            found[key] = found.get(key, 0) + 1
    return dict(sorted(found.items(), key=lambda entry: (-entry[1], entry[0])))


@dataclass(frozen=True, slots=True)
class GenderBias:
    """The counts behind WinoMT's measures for one run, and the measures (fractions, not percentages)."""

    items: int
    correct: int
    gold: Mapping[str, int]  # male, female, neutral: how many items have each English gender
    predicted: Mapping[str, int]  # male, female, none: how many outputs give the entity each gender
    true_positives: Mapping[str, int]  # male, female: predicted and gold agree
    subsets: Mapping[str, tuple[int, int]]  # pro, anti: (correct, items)
    reading: str = PAPER

    @classmethod
    def of(cls, results: Iterable[ItemResult], reading: str = PAPER) -> GenderBias | None:
        """The measures of a run's items that have a gold gender, in ``reading``; None when no output's
        gender was read in it."""
        items = correct = 0
        gold = dict.fromkeys(("male", "female", "neutral"), 0)
        predicted = dict.fromkeys(PREDICTIONS, 0)
        true_positives = dict.fromkeys(GENDERS, 0)
        subsets = {name: [0, 0] for name in SUBSETS}
        read = False
        for result in results:
            if not result.gold:
                continue
            evidence = result.judgement.evidence
            read = read or records(evidence, reading)
            prediction = predicted_gender(evidence, reading)
            right = prediction == result.gold
            items += 1
            correct += int(right)
            gold[result.gold] = gold.get(result.gold, 0) + 1
            predicted[prediction] += 1
            if right:
                true_positives[prediction] += 1
            subset = subsets.get(result.judgement.subcategory)
            if subset is not None:
                subset[0] += int(right)
                subset[1] += 1
        if not read:
            return None
        return cls(items=items, correct=correct, gold=MappingProxyType(gold), predicted=MappingProxyType(predicted),
                   true_positives=MappingProxyType(true_positives),
                   subsets=MappingProxyType({name: (c, n) for name, (c, n) in subsets.items()}), reading=reading)

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.items if self.items else None

    def f1(self, gender: str) -> float | None:
        """F1 of ``gender``: 2·TP / (predicted + gold), which is 2PR / (P + R); None when neither occurs."""
        total = self.predicted[gender] + self.gold[gender]
        return 2 * self.true_positives[gender] / total if total else None

    @property
    def delta_g(self) -> float | None:
        """ΔG = F1(male) − F1(female)."""
        male, female = self.f1("male"), self.f1("female")
        return None if male is None or female is None else male - female

    def subset_accuracy(self, subset: str) -> float | None:
        correct, items = self.subsets[subset]
        return correct / items if items else None

    @property
    def delta_s(self) -> float | None:
        """ΔS = Acc(pro) − Acc(anti); None when the run holds no item of one of them (``-m anti``)."""
        pro, anti = self.subset_accuracy("pro"), self.subset_accuracy("anti")
        return None if pro is None or anti is None else pro - anti

    def to_dict(self) -> dict[str, object]:
        return {
            "reading": self.reading, "reading_title": READING_TITLES[self.reading],
            "items": self.items, "correct": self.correct, "acc": self.accuracy,
            "f1_male": self.f1("male"), "f1_female": self.f1("female"), "delta_g": self.delta_g,
            "delta_s": self.delta_s,
            "subsets": {name: {"correct": c, "items": n, "acc": self.subset_accuracy(name)}
                        for name, (c, n) in self.subsets.items()},
            "gold": dict(self.gold), "predicted": dict(self.predicted), "true_positives": dict(self.true_positives),
            "formula": FORMULA,
        }

    def line(self, system: str) -> str:
        """``WinoMT sys: Acc 50.0 (5/10), F1 male 60.0, F1 female 57.1, ΔG 2.9, ΔS 50.0 (pro 75.0, anti 25.0)``."""
        return f"WinoMT {system}: " + ", ".join(self.parts())

    def parts(self) -> list[str]:
        """The measures of :meth:`line`, each a part a narrow terminal keeps on one line:
        ``Acc 50.0 (5/10)``, ``F1 male 60.0``, ``F1 female 57.1``, ``ΔG 2.9``, ``ΔS 50.0 (pro 75.0, anti 25.0)``."""
        def points(value: float | None) -> str:
            return "—" if value is None else f"{value * 100:.1f}"

        pro, anti = self.subset_accuracy("pro"), self.subset_accuracy("anti")
        delta_s = (f"ΔS {points(self.delta_s)} (pro {points(pro)}, anti {points(anti)})" if self.delta_s is not None
                   else f"ΔS — (pro {points(pro)}, anti {points(anti)}: the run holds only one of them)")
        return [f"Acc {points(self.accuracy)} ({self.correct:,}/{self.items:,})", f"F1 male {points(self.f1('male'))}",
                f"F1 female {points(self.f1('female'))}", f"ΔG {points(self.delta_g)}", delta_s]
