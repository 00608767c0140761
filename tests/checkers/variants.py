"""The team's hand-written variants of the bundled challenge sets, read as one meta-evaluation per suite.

``tests/data/SUITE-variants.yaml`` holds fluent outputs (2 correct and 2 wrong per item);
``tests/data/SUITE-garbled*.yaml`` broken ones (word-by-word renderings, untranslated words, dropped
verbs) with the verdicts the papers' protocol gives them. Shared by tests/checkers/test_variants.py
and tools/variant_table.py.
"""
from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import yaml

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite, load_verdicts
from pytest_mtchallenge.judge import AUTOMATIC
from pytest_mtchallenge.judge.metaeval import Case, MetaEvaluation, meta_evaluate
from pytest_mtchallenge.judge.triage import SemanticTriage
from pytest_mtchallenge.model import RecordedVerdict

DATA = Path(__file__).resolve().parents[1] / "data"

#: The bundled challenge sets with variant files.
SUITES = ("isabelle2017-en-fr", "isabelle-kuhn2018-fr-en")

#: The kinds of variant, as the tables name them.
KINDS = ("fluent-correct", "fluent-wrong", "garbled")


#: Outputs that translate something else: constant (one sentence for every source) and unrelated ones,
#: each naming its suite: the set ``unrelated`` (``tests/data/unrelated-outputs.yaml``) and its
#: held-out twins ``unrelated-heldout``, ``unrelated-heldout2``, ``unrelated-heldout3``,
#: ``unrelated-heldout4`` … ``unrelated-heldout9`` (``tests/data/unrelated-outputs-heldout*.yaml``; the
#: third, fourth and fifth hold 10 legitimate outputs each too, the sixth 6, the seventh 15, the eighth 20,
#: the ninth and tenth 25).
UNRELATED = DATA / "unrelated-outputs.yaml"
UNRELATED_SETS = {"unrelated": UNRELATED, "unrelated-heldout": DATA / "unrelated-outputs-heldout.yaml",
                  "unrelated-heldout2": DATA / "unrelated-outputs-heldout2.yaml",
                  "unrelated-heldout3": DATA / "unrelated-outputs-heldout3.yaml",
                  "unrelated-heldout4": DATA / "unrelated-outputs-heldout4.yaml",
                  "unrelated-heldout5": DATA / "unrelated-outputs-heldout5.yaml",
                  "unrelated-heldout6": DATA / "unrelated-outputs-heldout6.yaml",
                  "unrelated-heldout7": DATA / "unrelated-outputs-heldout7.yaml",
                  "unrelated-heldout8": DATA / "unrelated-outputs-heldout8.yaml",
                  "unrelated-heldout9": DATA / "unrelated-outputs-heldout9.yaml",
                  "unrelated-heldout10": DATA / "unrelated-outputs-heldout10.yaml",
                  "half-translated-heldout": DATA / "half-translated-heldout.yaml"}


def variant_files(suite_name: str, sets: tuple[str, ...] = ()) -> list[Path]:
    """The variant files of a suite: ``SUITE-variants.yaml`` and ``SUITE-garbled*.yaml``, or the
    named sets only (``("heldout2",)`` → ``SUITE-heldout2.yaml``; ``("unrelated",)`` → the suite's
    entries of ``unrelated-outputs.yaml``, ``("unrelated-heldout",)`` those of ``unrelated-outputs-heldout.yaml``, ``("unrelated-heldout2",)``
    those of ``unrelated-outputs-heldout2.yaml``, and so on)."""
    if sets:
        return [UNRELATED_SETS.get(name, DATA / f"{suite_name}-{name}.yaml") for name in sets]
    return [DATA / f"{suite_name}-variants.yaml", *sorted(DATA.glob(f"{suite_name}-garbled*.yaml"))]


def variants(suite_name: str, sets: tuple[str, ...] = ()) -> list[RecordedVerdict]:
    suite = load_suite(bundled_suites()[suite_name])
    ids = {item.id for item in suite.items}
    return [v for path in variant_files(suite_name, sets)
            for v in (unrelated(suite_name, ids, path) if path in UNRELATED_SETS.values() or names_suites(path)
                      else load_verdicts(path, ids))]


def names_suites(path: Path) -> bool:
    """Whether a set's entries name their suite (the blind sets of issue 36 do, one file per suite)."""
    entries = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("verdicts") or []
    return bool(entries) and isinstance(entries[0], dict) and "suite" in entries[0]


def unrelated(suite_name: str, ids: set[str], path: Path = UNRELATED) -> list[RecordedVerdict]:
    """The suite's entries of an ``unrelated-outputs*.yaml`` file (a verdict file whose entries name
    their suite)."""
    import tempfile

    entries = yaml.safe_load(path.read_text(encoding="utf-8"))["verdicts"]
    own = [{key: value for key, value in entry.items() if key != "suite"} for entry in entries
           if entry["suite"] == suite_name]
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "verdicts.yaml"
        copy.write_text(yaml.safe_dump({"verdicts": own}, allow_unicode=True), encoding="utf-8")
        return load_verdicts(copy, ids)


def variant_kind(case: Case) -> str:
    """``garbled`` for the broken outputs; fluent ones by their verdict."""
    if case.system in ("garbled", "constant", "unrelated", "half-translated", "legitimate"):
        return case.system
    return {"yes": "fluent-correct", "no": "fluent-wrong"}.get(case.human, f"fluent-{case.human}")


@functools.cache
def variant_evaluation(suite_name: str, sets: tuple[str, ...] = (), *, triage: bool = False) -> MetaEvaluation:
    """Every variant of the suite (or of the named sets) judged by the built-in checkers; with ``triage``,
    the semantic triage after the automatic gates (the extra ``triage`` installed)."""
    suite = load_suite(bundled_suites()[suite_name])
    gates = (*AUTOMATIC, _triage().gate) if triage else AUTOMATIC
    return meta_evaluate([dataclasses.replace(suite, verdicts=tuple(variants(suite_name, sets)))],
                         {name: family() for name, family in builtin_checkers().items()}, gates)


@functools.cache
def _triage() -> SemanticTriage:
    """One triage (one encoder, loaded once) for every measured set."""
    return SemanticTriage()
