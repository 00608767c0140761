"""A small suite whose outputs need human verdicts, and a run of it, for the review tests."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from tests.suites import subcategory, suite_yaml

#: Four idioms whose outputs need a human verdict (checker ``human``), with their loci.
IDIOMS = (
    {"id": "H1a", "source": "It is raining cats and dogs.", "source_locus": "raining cats and dogs",
     "reference": "Il pleut des cordes.", "locus": "pleut des cordes"},
    {"id": "H1b", "source": "He kicked the bucket.", "reference": "Il a cassé sa pipe.", "locus": "cassé sa pipe"},
    {"id": "H1c", "source": "She spilled the beans.", "reference": "Elle a vendu la mèche.", "locus": "vendu la mèche"},
    {"id": "H1d", "source": "It costs an arm and a leg.", "reference": "Ça coûte les yeux de la tête.",
     "locus": "les yeux de la tête"},
)


def idioms_suite(items: Sequence[Mapping[str, object]] = IDIOMS, *, name: str = "demo-review",
                 title: str = "Demo review suite") -> str:
    """The text of a suite of ``items`` in one subcategory, H1 (category lexical)."""
    return suite_yaml(subcategories=[subcategory("H1", items, category="lexical", title="Idioms",
                                                 question="Is the idiom translated by its meaning?")],
                      name=name, title=title, citation="The pytest-mtchallenge developers (2026)")


SUITE = idioms_suite()

#: system -> item -> output; alpha's and beta's H1a differ only by the apostrophe (one task).
OUTPUTS = {
    "alpha": {"H1a": "Il pleut à verse, c'est ça.", "H1b": "Il a donné un coup de pied au seau.",
              "H1c": "Elle a vendu la mèche.", "H1d": "Ça coûte un bras et une jambe."},
    "beta": {"H1a": "Il pleut à verse, c’est ça.", "H1b": "Il a cassé sa pipe."},
}
REASON = "checker 'human': this subcategory has no automatic checker; no recorded human verdict for this output"


def write_suite(folder: Path) -> Path:
    """``folder/demo-review/suite.yaml``."""
    root = folder / "demo-review"
    root.mkdir(parents=True, exist_ok=True)
    path = root / "suite.yaml"
    path.write_text(SUITE, encoding="utf-8")
    return path


def run_document(outcome: str = "review") -> dict[str, object]:
    """A --mt-report document of the suite in which every output needs a verdict."""
    runs = []
    for system, outputs in OUTPUTS.items():
        runs.append({"suite": "demo-review", "system": system, "items": [
            {"suite": "demo-review", "system": system, "id": item, "category": "lexical", "subcategory": "H1",
             "output": output, "outcome": outcome, "decided_by": "none", "reason": REASON}
            for item, output in outputs.items()]})
    return {"tool": "pytest-mtchallenge", "runs": runs}
