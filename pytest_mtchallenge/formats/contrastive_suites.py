"""A suite of contrastive items built from a peer set's entries: what the ContraPro, Lingeval97 and DiscEvalMT readers share."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge.contrastive.model import FAMILY, ContrastiveParams
from pytest_mtchallenge.formats.markers import marker_name
from pytest_mtchallenge.model import Category, ChallengeItem, Subcategory, Suite


@dataclass(frozen=True, slots=True)
class Entry:
    """One contrastive item of a peer set, with where the report files it."""

    id: str
    category: str
    subcategory: str
    subcategory_title: str
    source: str
    params: ContrastiveParams
    context: tuple[str, ...] = ()
    document: str = ""


def candidate_records(params: ContrastiveParams) -> list[dict[str, object]]:
    """The candidates as plain data (an item's ``params``, shown in reports and saved suites)."""
    records: list[dict[str, object]] = []
    for candidate in params.candidates:
        record: dict[str, object] = {"text": candidate.text, "correct": candidate.correct}
        if candidate.error:
            record["error"] = candidate.error
        if candidate.line is not None:
            record["line"] = candidate.line
        records.append(record)
    return records


def build_suite(*, path: Path, name: str, title: str, citation: str, source_language: str, target_language: str,
                question: str, categories: Sequence[tuple[str, str]], entries: Sequence[Entry],
                data_paths: Sequence[Path] = (), description: str = "") -> Suite:
    """The suite of ``entries``: ``categories`` are (id, title) in report order; subcategories come in
    the order their first item does, ids made safe as marker names."""
    subcategory_ids: dict[str, str] = {}
    members: dict[str, list[str]] = {}
    owner: dict[str, str] = {}
    titles: dict[str, str] = {}
    items: list[ChallengeItem] = []
    for entry in entries:
        key = entry.subcategory
        if key not in subcategory_ids:
            subcategory_ids[key] = marker_name(key)
            titles[key] = entry.subcategory_title
            owner[key] = entry.category
        subcategory = subcategory_ids[key]
        members.setdefault(subcategory, []).append(entry.id)
        params = entry.params
        raw = {"rule": params.rule, "tolerance": params.tolerance, "candidates": candidate_records(params)}
        if params.facets:
            raw["facets"] = dict(params.facets)
        if params.target_context:
            raw["target_context"] = list(params.target_context)
        items.append(ChallengeItem(
            id=entry.id, suite=name, category=entry.category, subcategory=subcategory, source=entry.source,
            references=tuple(c.text for c in params.correct), question=question, checker=FAMILY,
            params=MappingProxyType(raw), context=entry.context, document=entry.document,
            target_language=target_language, context_references=params.target_context, parsed_params=params))
    subcategories = {
        subcategory_ids[key]: Subcategory(id=subcategory_ids[key], title=titles[key], category=owner[key],
                                          question=question, checker=FAMILY, params=MappingProxyType({}),
                                          explanation="", item_ids=tuple(members[subcategory_ids[key]]))
        for key in subcategory_ids}
    category_list = tuple(
        Category(id=category, title=category_title,
                 subcategory_ids=tuple(s for s in subcategories if subcategories[s].category == category))
        for category, category_title in categories
        if any(s.category == category for s in subcategories.values()))
    return Suite(name=name, title=title, citation=citation, source_language=source_language,
                 target_language=target_language, path=path, categories=category_list,
                 subcategories=MappingProxyType(subcategories), items=tuple(items), systems=MappingProxyType({}),
                 verdicts=(), description=description, data_paths=tuple(data_paths))


__all__ = ["Entry", "build_suite", "candidate_records"]
