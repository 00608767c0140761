"""The team's hand-written variants of the context families (verb ellipsis, antecedent agreement),
written blind to the families, read as items, outputs and the verdicts a bilingual annotator gave.

``tests/data/context/FAMILY-heldout.yaml``: each case is an English sentence with its context, the
family's parameters, a French translation of the context and outputs with verdicts. Cases taken from
ctxpro carry no English text (``ctxpro: {item: N, context_sentences: K}``): it is read from
``../shared/external/ctxpro-en-fr`` and the cases are left out, with a reason, where it is absent.
Read by tools/context_table.py (each family's decided share and agreement on them); no test runs them.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import yaml

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.judge import Judge, JudgeMode
from pytest_mtchallenge.model import ChallengeItem

DATA = Path(__file__).resolve().parents[1] / "data" / "context"
CTXPRO = Path(__file__).resolve().parents[3] / "shared" / "external" / "ctxpro-en-fr" / "paper"
FAMILIES = ("verb_ellipsis", "antecedent_agreement")
_OUTCOME = {"pass": "yes", "fail": "no", "na": "na"}


@dataclass(frozen=True, slots=True)
class ContextCase:
    """One output of one case, with the annotator's verdict and the judge's."""

    family: str
    case: str
    origin: str
    output: str
    human: str
    auto: str  # yes, no, na, or review
    reason: str

    @property
    def decided(self) -> bool:
        return self.auto != "review"

    @property
    def agrees(self) -> bool:
        return self.auto == self.human


@functools.cache
def _ctxpro() -> tuple[list[dict[str, object]], list[str]] | None:
    items_path = CTXPRO / "jsons" / "auxiliary.opensubtitles.en-fr.test.json"
    inputs_path = CTXPRO / "inputs" / "auxiliary.opensubtitles.en-fr.test"
    if not items_path.is_file() or not inputs_path.is_file():
        return None
    return json.loads(items_path.read_text(encoding="utf-8")), inputs_path.read_text(encoding="utf-8").splitlines()


def ctxpro_available() -> bool:
    return _ctxpro() is not None


def _item(family: str, case: dict[str, object]) -> ChallengeItem | None:
    references: tuple[str, ...] = ()
    if "ctxpro" in case:
        found = _ctxpro()
        if found is None:
            return None
        items, lines = found
        where = case["ctxpro"]
        index, count = int(where["item"]), int(where["context_sentences"])  # type: ignore[index]
        parts = [part.strip() for part in lines[index].split("<eos>")]
        source, context = parts[-1], tuple(parts[-1 - count:-1]) if count else ()
        references = (str(items[index]["ref segment"]),)
    else:
        source, context = str(case["source"]), tuple(case.get("context") or ())  # type: ignore[arg-type]
    return ChallengeItem(
        id=str(case["id"]), suite=f"{family}-heldout", category="context", subcategory=family, source=source,
        references=references, question="(annotator's question)", checker=family,
        params=MappingProxyType(dict(case["params"])),  # type: ignore[arg-type]
        context=context, target_language="fr")


@functools.cache
def context_cases(family: str) -> tuple[ContextCase, ...]:
    """Every output of the family's held-out file judged as a run judges it (auto mode, languages given)."""
    document = yaml.safe_load((DATA / f"{family}-heldout.yaml").read_text(encoding="utf-8"))
    checker = builtin_checkers()[family]()
    found = []
    for case in document["cases"]:
        item = _item(family, case)
        if item is None:
            continue
        try:
            checker.parse_params(item.params)
        except ValueError as exc:  # the family cannot take the case: every output stays undecided
            found.extend(ContextCase(family=family, case=item.id, origin=str(case.get("origin", "")),
                                     output=str(output["output"]), human=str(output["verdict"]), auto="review",
                                     reason=f"parameters refused: {exc}") for output in case["outputs"])
            continue
        judge = Judge(mode=JudgeMode.AUTO, languages=("en", "fr"), checkers={family: checker})
        for output in case["outputs"]:
            judgement = judge(item, system="variant", output=str(output["output"]),
                              context=tuple(case.get("context_output") or ()))
            found.append(ContextCase(family=family, case=item.id, origin=str(case.get("origin", "")),
                                     output=str(output["output"]), human=str(output["verdict"]),
                                     auto=_OUTCOME.get(judgement.outcome.value, "review"), reason=judgement.reason))
    return tuple(found)
