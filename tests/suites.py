"""Suites for tests, written from their items: a test states the items it is about, not the YAML around them.

``suite_yaml(items)`` is a ``suite.yaml`` of one human-judged subcategory holding ``items``;
``subcategory(...)`` entries give a suite several, with their own checkers and categories;
``write_suite(folder, ...)`` writes ``folder/suite.yaml``. Values are written as YAML strings,
numbers and lists, and read back as the plugin reads any suite (scalars as written).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import yaml

Item = Mapping[str, object]


def subcategory(id: str, items: Sequence[Item], *, category: str = "c", category_title: str = "",
                title: str = "", question: str = "Is it right?", checker: str = "human",
                **fields: object) -> dict[str, object]:
    """One subcategory of ``category`` (its title ``category_title``, else the id capitalised);
    ``fields`` are further subcategory fields (``params``, ``explanation``)."""
    return {"category": (category, category_title or category.capitalize()), "id": id, "title": title or id,
            "question": question, "checker": checker, **fields, "items": [dict(item) for item in items]}


def suite_yaml(items: Sequence[Item] = (), *, subcategories: Sequence[Mapping[str, object]] = (),
               name: str = "tiny", title: str = "A tiny suite", citation: str = "Nobody (2026)",
               source_language: str = "en", target_language: str = "fr", checker: str = "human",
               question: str = "Is it right?", params: Mapping[str, object] | None = None,
               **fields: object) -> str:
    """The text of a suite: ``items`` in one subcategory ``S1`` judged by ``checker`` (with
    ``params``), or the ``subcategories`` given; ``fields`` are further suite fields (``rate``,
    ``description``)."""
    if items:
        extra = {"params": dict(params)} if params is not None else {}
        subcategories = [subcategory("S1", items, checker=checker, question=question, **extra), *subcategories]
    categories: dict[str, dict[str, object]] = {}
    for entry in subcategories:
        entry = dict(entry)
        category_id, category_title = entry.pop("category")  # type: ignore[misc]
        category = categories.setdefault(category_id, {"id": category_id, "title": category_title,
                                                       "subcategories": []})
        category["subcategories"].append(entry)  # type: ignore[union-attr]
    document = {"format": "mtchallenge-suite/1", "name": name, "title": title, "citation": citation,
                "source_language": source_language, "target_language": target_language, **fields,
                "categories": list(categories.values())}
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=1_000)


def write_suite(folder: Path, items: Sequence[Item] = (), **suite: object) -> Path:
    """``folder/suite.yaml`` (the folder made if need be) of :func:`suite_yaml` ``(items, **suite)``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "suite.yaml"
    path.write_text(suite_yaml(items, **suite), encoding="utf-8")  # type: ignore[arg-type]
    return path


#: The tiny suite of the system tests: s1 and s2 (two references) in one subcategory, p1 in another.
TINY = (
    subcategory("subjunctive", [
        {"id": "s1", "source": "I want him to come.", "reference": "Je veux qu'il vienne."},
        {"id": "s2", "source": "She must leave.", "references": ["Il faut qu'elle parte.", "Elle doit partir."]},
    ], category="morpho", category_title="Morphology", title="Subjunctive mood", question="Is the subjunctive used?"),
    subcategory("plural", [{"id": "p1", "source": "The horses run.", "reference": "Les chevaux courent."}],
                category="morpho", title="Irregular plurals", question="Is the plural right?"),
)
