"""Reading ContraPro (Müller et al. 2018) in place: ``contrapro.json`` and the text the user extracted beside it.

ContraPro ships only ``contrapro.json`` (12,000 English→German items: ``src segment``, ``ref segment``,
``src pronoun``, ``ref pronoun``, ``ante distance``, ``intrasegmental``, ``errors`` with each
``contrastive`` segment); its ``json2text_and_context.pl`` extracts, beside it, ``contrapro.text.{en,de}``
(one line per scored pair: each item's reference, then each of its errors) and
``contrapro.context.{en,de}`` (the same number of lines per pair, the preceding sentences; an empty line
when there is none). Those files are read when they are there, never copied: the item's source, context,
reference and variants come from them, so a model scores what ContraPro's own pipeline would. Without
them the JSON's segments are used, without context.

Every item is one test, right when its reference scores better than **all** its variants (ContraPro's
rule); results are broken down as ContraPro's ``evaluate.py`` does: by ``src:ref`` pronoun category,
antecedent distance (0, 1, 2, 3, >3) and intrasegmental (see :mod:`pytest_mtchallenge.reporting.peers`).
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge import files
from pytest_mtchallenge.contrastive.model import Candidate, ContrastiveParams
from pytest_mtchallenge.formats.contrastive_suites import Entry, build_suite
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.model import Suite

NAME = "contrapro"
CITATION = ("Mathias Müller, Annette Rios, Elena Voita and Rico Sennrich (2018). A Large-Scale Test Set for the "
            "Evaluation of Context-Aware Pronoun Translation in Neural Machine Translation. In WMT 2018.")
SOURCE_LANGUAGE, TARGET_LANGUAGE = "en", "de"
_REQUIRED = ("src pronoun", "ref pronoun", "ante distance", "errors")


def looks_like(path: Path) -> bool:
    """A JSON list whose first item has ``ref pronoun`` and ``errors`` (ContraPro's keys)."""
    if path.suffix.lower() != ".json" or not path.is_file():
        return False
    with path.open("rb") as handle:
        head = handle.read(8192).decode("utf-8", errors="ignore").lstrip()
    return head.startswith("[") and '"ref pronoun"' in head and '"errors"' in head


def distance_bin(distance: int) -> str:
    """ContraPro's antecedent distance bin: 0, 1, 2, 3 or >3."""
    return ">3" if distance > 3 else str(distance)


def _lines(path: Path) -> list[str]:
    text = files.read_text(path, error=SuiteError, what="ContraPro text file")
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


def load(path: Path, *, checkers: Mapping[str, type] | Collection[str] | None = None,
         validate_params: object = None) -> Suite:
    document = files.read_json(path, error=SuiteError, what="ContraPro file")
    if not isinstance(document, list) or not document:
        raise SuiteError("a ContraPro file is a non-empty JSON list of items", file=path)
    stem = path.name.removesuffix(".json")
    text_paths = {side: path.with_name(f"{stem}.text.{language}")
                  for side, language in (("source", SOURCE_LANGUAGE), ("target", TARGET_LANGUAGE))}
    context_paths = {side: path.with_name(f"{stem}.context.{language}")
                     for side, language in (("source", SOURCE_LANGUAGE), ("target", TARGET_LANGUAGE))}
    pairs = 0
    for index, record in enumerate(document):
        if not isinstance(record, dict):
            raise SuiteError("expected an object", file=path, item=str(index + 1))
        for key in _REQUIRED:
            if key not in record:
                raise SuiteError("missing", file=path, item=str(index + 1), field=key)
        if not isinstance(record["errors"], list) or not record["errors"]:
            raise SuiteError("expected a non-empty list of errors", file=path, item=str(index + 1), field="errors")
        distance = record["ante distance"]
        if isinstance(distance, bool) or not isinstance(distance, int):
            raise SuiteError(f"expected a whole number, got {distance!r}", file=path, item=str(index + 1),
                             field="ante distance")
        pairs += 1 + len(record["errors"])
    texts: dict[str, list[str]] = {}
    if all(p.is_file() for p in text_paths.values()):
        for side, text_path in text_paths.items():
            texts[side] = _lines(text_path)
            if len(texts[side]) != pairs:
                raise SuiteError(f"{len(texts[side])} lines, but {path.name} has {pairs} reference and contrastive "
                                 "segments (one line each, as json2text_and_context.pl writes them)", file=text_path)
    contexts: dict[str, list[list[str]]] = {}
    if texts and all(p.is_file() for p in context_paths.values()):
        for side, context_path in context_paths.items():
            lines = _lines(context_path)
            if len(lines) % pairs:
                raise SuiteError(f"{len(lines)} lines, not a whole number of context sentences for each of the "
                                 f"{pairs} scored segments", file=context_path)
            size = len(lines) // pairs
            contexts[side] = [lines[n * size:(n + 1) * size] for n in range(pairs)]
    entries: list[Entry] = []
    line = 0
    categories: dict[str, str] = {}
    for index, record in enumerate(document):
        item_id = str(index + 1)
        errors = record["errors"]
        if texts:
            source, reference = texts["source"][line], texts["target"][line]
            variants = [texts["target"][line + 1 + k] for k in range(len(errors))]
        else:
            try:
                source, reference = str(record["src segment"]), str(record["ref segment"])
                variants = [str(error["contrastive"]) for error in errors]
            except (KeyError, TypeError) as exc:
                raise SuiteError(f"missing {exc} (and no {text_paths['target'].name} beside the file)", file=path,
                                 item=item_id) from None
        context = tuple(s for s in contexts["source"][line] if s.strip()) if contexts else ()
        target_context = tuple(s for s in contexts["target"][line] if s.strip()) if contexts else ()
        if len(target_context) != len(context):
            target_context = ()
        source_pronoun, reference_pronoun = str(record["src pronoun"]).lower(), str(record["ref pronoun"]).lower()
        category = f"{source_pronoun}:{reference_pronoun}"
        facets = {"category": category, "ante distance": distance_bin(record["ante distance"]),
                  "intrasegmental": str(record.get("intrasegmental"))}
        candidates = [Candidate(text=reference, correct=True, line=line)]
        for k, (error, variant) in enumerate(zip(errors, variants)):
            replacement = str(error.get("replacement") or "").lower() if isinstance(error, dict) else ""
            candidates.append(Candidate(text=variant, correct=False, line=line + 1 + k,
                                        error=f"pronoun {reference_pronoun}→{replacement}" if replacement else "pronoun"))
        line += 1 + len(errors)
        params = ContrastiveParams(candidates=tuple(candidates), rule="all-variants",
                                   facets=MappingProxyType(facets), target_context=target_context)
        categories.setdefault(source_pronoun, f"English {source_pronoun!r}")
        entries.append(Entry(id=item_id, category=source_pronoun, subcategory=category,
                             subcategory_title=f"{source_pronoun} → {reference_pronoun}", source=source,
                             params=params, context=context, document=str(record.get("document id", ""))))
    data = [p for p in (*text_paths.values(), *context_paths.values()) if p.is_file()] if texts else []
    return build_suite(path=path, name=stem, title=f"ContraPro ({stem})", citation=CITATION,
                       source_language=SOURCE_LANGUAGE, target_language=TARGET_LANGUAGE,
                       question="Does the model score the reference's pronoun better than every other pronoun?",
                       categories=sorted(categories.items()), entries=entries, data_paths=data,
                       description="Contrastive pronoun translation (ContraPro's rule: the reference must beat "
                                   "all its variants).")


__all__ = ["NAME", "distance_bin", "load", "looks_like"]
