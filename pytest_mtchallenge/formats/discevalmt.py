"""Reading DiscEvalMT (Bawden et al. 2018) in place: ``anaphora.json`` and ``lexical-choice.json``, English→French.

Each file is an object of numbered blocks. An anaphora block has ``src`` (the previous and the
current English sentence) and ``trg``: contrastive pairs, each a ``correct`` (or ``semi-correct``) and
an ``incorrect`` translation of both sentences. A lexical-choice block has a ``type`` (``repet``,
``disambig``) and ``examples``, each with its own ``src`` and ``trg`` pair. Each pair is an item
(``BLOCK.K``), scored on the current sentence given the previous one (source and target) as context:
right when the correct translation scores better; a block is right when all its pairs are (the
pairs-and-blocks rule). A scores file holds, as DiscEvalMT's ``evaluate.py`` reads it, each pair's
correct then incorrect translation, blocks in numeric order.
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

NAME = "discevalmt"
CITATION = ("Rachel Bawden, Rico Sennrich, Alexandra Birch and Barry Haddow (2018). Evaluating Discourse Phenomena "
            "in Neural Machine Translation. In NAACL-HLT 2018, pages 1304–1313.")


def looks_like(path: Path) -> bool:
    """A JSON object of numbered blocks with ``inspired by`` and ``trg`` or ``examples``."""
    if path.suffix.lower() != ".json" or not path.is_file():
        return False
    with path.open("rb") as handle:
        head = handle.read(8192).decode("utf-8", errors="ignore").lstrip()
    return head.startswith("{") and '"1"' in head and ('"trg"' in head) and '"src"' in head


def _pair(value: object, where: str, path: Path) -> tuple[str, str]:
    if (not isinstance(value, list) or len(value) != 2 or not all(isinstance(s, str) for s in value)):
        raise SuiteError("expected the previous and the current sentence", file=path, item=where)
    return value[0], value[1]


def load(path: Path, *, checkers: Mapping[str, type] | Collection[str] | None = None,
         validate_params: object = None) -> Suite:
    document = files.read_json(path, error=SuiteError, what="DiscEvalMT file")
    if not isinstance(document, dict) or not document:
        raise SuiteError("a DiscEvalMT file is a JSON object of numbered blocks", file=path)
    try:
        blocks = sorted(document, key=int)
    except ValueError:
        raise SuiteError("its blocks are numbered (keys \"1\", \"2\" …)", file=path) from None
    entries: list[Entry] = []
    line = 0
    lexical = any(isinstance(block, dict) and "examples" in block for block in document.values())
    for block in blocks:
        record = document[block]
        if not isinstance(record, dict):
            raise SuiteError("expected an object", file=path, item=block)
        if lexical:
            kind = str(record.get("type") or "")
            examples = record.get("examples")
            if not isinstance(examples, list):
                raise SuiteError("missing", file=path, item=block, field="examples")
            pairs = [(example.get("src"), example.get("trg"), kind) for example in examples if isinstance(example, dict)]
        else:
            targets = record.get("trg")
            if not isinstance(targets, list):
                raise SuiteError("missing", file=path, item=block, field="trg")
            pairs = [(record.get("src"), target, "") for target in targets]
        for number, (source, target, kind) in enumerate(pairs, 1):
            item_id = f"{block}.{number}"
            previous, current = _pair(source, item_id, path)
            if not isinstance(target, dict) or "incorrect" not in target:
                raise SuiteError("a pair has an incorrect translation", file=path, item=item_id, field="trg")
            grade = "correct" if "correct" in target else "semi-correct"
            correct = _pair(target.get(grade), item_id, path)
            incorrect = _pair(target["incorrect"], item_id, path)
            facets = {"block": block}
            if lexical:
                facets["type"] = kind or "none"
                error = "lexical choice"
            else:
                facets["type"] = str(target.get("type") or "none")
                facets["grade"] = grade
                error = "anaphora"
            params = ContrastiveParams(
                candidates=(Candidate(text=correct[1], correct=True, line=line),
                            Candidate(text=incorrect[1], correct=False, error=error, line=line + 1)),
                rule="pairs-and-blocks", facets=MappingProxyType(facets), target_context=(correct[0],))
            line += 2
            subcategory = facets["type"] if lexical else grade
            entries.append(Entry(id=item_id, category="lexical" if lexical else "anaphora", subcategory=subcategory,
                                 subcategory_title=subcategory, source=current, params=params, context=(previous,),
                                 document=block))
    if not entries:
        raise SuiteError("no block has a contrastive pair", file=path)
    stem = path.name.removesuffix(".json")
    return build_suite(path=path, name=stem, title=f"DiscEvalMT ({stem})", citation=CITATION,
                       source_language="en", target_language="fr",
                       question="Given the previous sentence, does the model score the correct translation better?",
                       categories=(("anaphora", "Anaphora"), ("lexical", "Lexical choice")), entries=entries,
                       description="Contrastive discourse pairs (DiscEvalMT's rule: pairs, and whole blocks).")


__all__ = ["NAME", "load", "looks_like"]
