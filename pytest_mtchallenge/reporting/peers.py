"""The peers' breakdowns of contrastive results, as their ``evaluate.py`` print them (ContraPro, Lingeval97, DiscEvalMT), and a generic one by facet.

Each reads :class:`Decided` entries: what one judged item said (its facets, whether it was right, its
pairs' results), rebuilt from a run's judgements (:func:`decided_items`), so that a saved run is
broken down as a live one. The text is the peers' own, line for line, so that a user can diff it
with what their script prints for the same scores.
"""
from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from pytest_mtchallenge.contrastive.rules import CANDIDATE
from pytest_mtchallenge.reporting import ItemResult


@dataclass(frozen=True, slots=True)
class ScoredCandidate:
    """One candidate of a decided item and the score the model gave it (higher is better)."""

    text: str
    correct: bool
    error: str
    score: float


@dataclass(frozen=True, slots=True)
class Decided:
    """One contrastive item's decision, as a breakdown reads it."""

    right: bool
    facets: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    pairs: tuple[tuple[bool, str], ...] = ()  # (right, error type) of each pair
    rule: str = ""
    tie: bool = False
    margin: float = 0.0
    tolerance: float | None = None  # the suite's tie tolerance (None in a run saved before it was recorded)
    candidates: tuple[ScoredCandidate, ...] = ()  # each candidate with its score, in the item's order


def decided(result: ItemResult) -> Decided | None:
    """``result``'s contrastive decision, when it has one (its evidence has a margin and it was
    judged pass or fail: an item that errored has no scores, as a peer's script has none)."""
    evidence = result.judgement.evidence
    if result.outcome not in ("pass", "fail") or not any(e.startswith("contrastive-margin:") for e in evidence):
        return None
    facets: dict[str, str] = {}
    pairs: list[tuple[bool, str]] = []
    candidates: list[ScoredCandidate] = []
    rule, tie, margin, tolerance = "", False, 0.0, None
    for entry in evidence:
        name, _, value = entry.partition(":")
        if name == "facet":
            key, _, facet = value.partition("=")
            facets[key] = facet
        elif name == "contrastive-pair":
            verdict, _, error = value.partition(":")
            pairs.append((verdict == "right", error))
        elif name == "contrastive-rule":
            rule = value
        elif name == "contrastive-tie":
            tie = value == "yes"
        elif name == "contrastive-margin":
            margin = float(value)
        elif name == "contrastive-tolerance":
            tolerance = float(value)
        elif entry.startswith(CANDIDATE):
            candidate = _candidate(entry[len(CANDIDATE):])
            if candidate is not None:
                candidates.append(candidate)
    return Decided(right=result.outcome == "pass", facets=MappingProxyType(facets), pairs=tuple(pairs), rule=rule,
                   tie=tie, margin=margin, tolerance=tolerance, candidates=tuple(candidates))


def _candidate(text: str) -> ScoredCandidate | None:
    """A candidate entry's JSON object, or None when it is not one (a hand-edited saved run)."""
    try:
        record = json.loads(text)
        return ScoredCandidate(text=str(record["text"]), correct=bool(record["correct"]),
                               error=str(record.get("error") or ""), score=float(record["score"]))
    except (ValueError, TypeError, KeyError, RecursionError):
        return None


def decided_items(results: Iterable[ItemResult]) -> list[Decided]:
    """The contrastive decisions among ``results`` (:func:`decided`), in order; an item that errored
    or was not decided is left out, as a peer's script has no score for it."""
    return [found for found in map(decided, results) if found is not None]


def _line(name: object, correct: int, total: int, end: str = "") -> str:
    return f"{name} : {correct} {total} {correct / total if total else 0}{end}"


def _intrasegmental_order(value: str) -> tuple[int, str]:
    """None, False, True: the order Python 2 sorted them in (Python 3 cannot compare None with a bool)."""
    return ({"None": 0, "False": 1, "True": 2}.get(value, 3), value)


def contrapro_text(decided: Sequence[Decided]) -> str:
    """ContraPro's ``evaluate.py`` output for these decisions (its default options)."""
    by: dict[str, dict[str, Counter[str]]] = {name: defaultdict(Counter)
                                              for name in ("category", "intrasegmental", "ante distance")}
    per_distance: dict[str, Counter[str]] = defaultdict(Counter)
    for entry in decided:
        for name in by:
            value = entry.facets.get(name, "None")
            by[name][value]["total"] += 1
            if entry.right:
                by[name][value]["correct"] += 1
        per_distance[entry.facets.get("ante distance", "None")][entry.facets.get("category", "None")] += 1
    categories = by["category"]
    correct = sum(c["correct"] for c in categories.values())
    total = sum(c["total"] for c in categories.values())
    lines = [_line("total", correct, total), "", "statistics by error category"]
    lines += [_line(name, c["correct"], c["total"]) for name, c in sorted(categories.items()) if c["total"]]
    lines += ["", "statistics by intrasegmental"]
    lines += [_line(name, c["correct"], c["total"], " ")
              for name, c in sorted(by["intrasegmental"].items(), key=lambda kv: _intrasegmental_order(kv[0]))
              if c["total"]]
    lines += ["", "statistics by ante distance"]
    lines += [_line(name, c["correct"], c["total"], " ") for name, c in sorted(by["ante distance"].items())
              if c["total"]]
    lines += ["", "ante distance per pronoun pairs"]
    for distance in sorted(per_distance):
        lines.append(f"ante distance {distance} :")
        lines += [f"{category} {count} " for category, count in sorted(per_distance[distance].items()) if count]
    return "\n".join(lines) + "\n"


def lingeval97_text(decided: Sequence[Decided]) -> str:
    """Lingeval97's ``evaluate.py`` output for these decisions (its default options: the 13 error types
    it knows, pairs of other types left out)."""
    from pytest_mtchallenge.formats.lingeval97 import DISTANCE_BINS, ERROR_TYPES, FREQUENCY_BINS

    by: dict[str, dict[str, Counter[str]]] = {name: defaultdict(Counter) for name in ("type", "distance", "frequency")}
    for entry in decided:
        pairs = entry.pairs or ((entry.right, entry.facets.get("type", "")),)
        for right, error in pairs:
            facets = {**entry.facets, "type": error or entry.facets.get("type", "")}
            if facets["type"] not in ERROR_TYPES:
                continue
            for name in by:
                if name in facets:
                    by[name][facets[name]]["total"] += 1
                    by[name][facets[name]]["correct"] += right
    types = by["type"]
    correct = sum(c["correct"] for c in types.values())
    total = sum(c["total"] for c in types.values())
    lines = [_line("total", correct, total), "", "statistics by error category"]
    lines += [_line(name, types[name]["correct"], types[name]["total"]) for name in ERROR_TYPES if types[name]["total"]]
    lines += ["", "statistics by distance"]
    distances = by["distance"]
    lines += [f"distance {name}: {distances[name]['correct']} {distances[name]['total']} "
              f"{distances[name]['correct'] / distances[name]['total']}" for name in DISTANCE_BINS
              if distances[name]["total"]]
    lines += ["", "statistics by frequency in training data"]
    frequencies = by["frequency"]
    lines += [_line(name, frequencies[name]["correct"], frequencies[name]["total"]) for name, _ in FREQUENCY_BINS
              if frequencies[name]["total"]]
    return "\n".join(lines + [""]) + "\n"


def discevalmt_text(decided: Sequence[Decided]) -> str:
    """DiscEvalMT's two measures: pairs right, and blocks whose pairs are all right; by type of example."""
    blocks: dict[str, list[bool]] = defaultdict(list)
    types: dict[str, Counter[str]] = defaultdict(Counter)
    for entry in decided:
        blocks[entry.facets.get("block", "")].append(entry.right)
        kind = entry.facets.get("type", "none")
        types[kind]["total"] += 1
        types[kind]["correct"] += entry.right
    correct = sum(entry.right for entry in decided)
    whole = sum(all(rights) for rights in blocks.values())
    lines = [f"Total correct: {correct}", f"Total incorrect: {len(decided) - correct}", "",
             f"Number of example blocks entirely correct: {whole}",
             f"Number of example blocks not entirely correct: {len(blocks) - whole}", "",
             "--------- By type of example -----------"]
    lines += [f"{kind}: Total: {c['total']}, #correct: {c['correct']}, #incorrect: {c['total'] - c['correct']}"
              for kind, c in sorted(types.items())]
    lines += ["", "--------- Summary ---------",
              f"Total precision = {correct}/{len(decided)} = {correct / len(decided) if decided else 0}", ""]
    return "\n".join(lines) + "\n"


def facet_table(decided: Sequence[Decided]) -> dict[str, dict[str, tuple[int, int]]]:
    """Facet name → value → (right, total), for any contrastive run; pairs counted per pair where the
    rule counts pairs."""
    table: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    for entry in decided:
        for name, value in entry.facets.items():
            table[name][value]["total"] += 1
            table[name][value]["correct"] += entry.right
        if entry.rule != "all-variants":
            for right, error in entry.pairs:
                table["error type"][error]["total"] += 1
                table["error type"][error]["correct"] += right
    return {name: {value: (c["correct"], c["total"]) for value, c in sorted(values.items())}
            for name, values in table.items()}


def peer_text(decided: Sequence[Decided]) -> str:
    """The breakdown of the peer whose rule and facets these decisions carry, else a facet table."""
    if not decided:
        return "no contrastive decision\n"
    rules = {entry.rule for entry in decided}
    facets = set().union(*(entry.facets for entry in decided))
    if rules == {"all-variants"} and {"category", "ante distance", "intrasegmental"} <= facets:
        return contrapro_text(decided)
    if rules == {"each-pair"} and "type" in facets:
        return lingeval97_text(decided)
    if rules == {"pairs-and-blocks"} and "block" in facets:
        return discevalmt_text(decided)
    correct = sum(entry.right for entry in decided)
    lines = [_line("total", correct, len(decided))]
    for name, values in facet_table(decided).items():
        lines += ["", f"statistics by {name}"]
        lines += [_line(value, right, total) for value, (right, total) in values.items()]
    ties = sum(entry.tie for entry in decided)
    lines += ["", f"near ties (within the tolerance): {ties}"]
    return "\n".join(lines) + "\n"


__all__ = ["Decided", "ScoredCandidate", "contrapro_text", "decided", "decided_items", "discevalmt_text", "facet_table", "lingeval97_text",
           "peer_text"]
