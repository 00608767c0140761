"""A document-level English→French item judged through ``file:`` outputs that give the sentence
(``output``) and the translation of its context (``context_output``).

The antecedent_agreement family needs the context translation to know which French noun the
system chose for the antecedent: these tests pass once systems hand the context translation to
the families (``check(item=..., output=..., context=...)``)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.suites import subcategory, write_suite

HOUSES = [
    {"id": "houses", "context": ["The old houses on Harbour Street were sold last year."],
     "context_references": ["Les vieilles maisons de la rue du Port ont été vendues l'an dernier."],
     "source": "They were built in 1920 by a shipowner.",
     "reference": "Elles ont été construites en 1920 par un armateur.",
     "params": {"pronoun": "they", "antecedent": ["maison", "résidence"]}},
    {"id": "buildings", "context": ["The old buildings on Harbour Street were sold last year."],
     "context_references": ["Les vieux immeubles de la rue du Port ont été vendus l'an dernier."],
     "source": "They were built in 1920 by a shipowner.",
     "reference": "Ils ont été construits en 1920 par un armateur.",
     "params": {"pronoun": "they", "antecedent": ["bâtiment", "immeuble", "maison", "résidence"]}},
]


@pytest.fixture
def documents(pytester: pytest.Pytester) -> Path:
    write_suite(pytester.path / "documents", subcategories=[subcategory(
        "antecedent_agreement", HOUSES, category="anaphora", title="Pronoun agreement with the antecedent",
        question="Does the French pronoun agree with the noun that renders its antecedent?",
        checker="antecedent_agreement")],
        name="documents", title="Document-level items", rate="decided")
    return pytester.path / "documents"


def write_outputs(pytester: pytest.Pytester, name: str, records: list[dict[str, object]]) -> Path:
    path = pytester.path / f"{name}.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def test_the_context_translation_decides_which_noun_the_pronoun_agrees_with(
        pytester: pytest.Pytester, documents: Path) -> None:
    # Both systems write "Elles …"; the first chose "maisons" in the context (agreement), the
    # second "bâtiments" (masculine: "elles" disagrees).
    agreeing = write_outputs(pytester, "agreeing", [
        {"id": "houses", "output": "Elles ont été construites en 1920 par un armateur.",
         "context_output": ["Les vieilles maisons de la rue du Port ont été vendues l'an dernier."]},
        {"id": "buildings", "output": "Elles ont été construites en 1920 par un armateur.",
         "context_output": ["Les vieilles résidences de la rue du Port ont été vendues l'an dernier."]},
    ])
    disagreeing = write_outputs(pytester, "disagreeing", [
        {"id": "houses", "output": "Ils ont été construits en 1920 par un armateur.",
         "context_output": ["Les vieilles maisons de la rue du Port ont été vendues l'an dernier."]},
        {"id": "buildings", "output": "Elles ont été construites en 1920 par un armateur.",
         "context_output": ["Les vieux bâtiments de la rue du Port ont été vendus l'an dernier."]},
    ])
    report = pytester.path / "report.json"
    result = pytester.runpytest(str(documents), f"--mt-system=file:{agreeing}", f"--mt-system=file:{disagreeing}",
                                f"--mt-report={report}", "-rA", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines([
        "*PASSED*houses?agreeing?*", "*PASSED*buildings?agreeing?*",
        "*FAILED*houses?disagreeing?*", "*FAILED*buildings?disagreeing?*",
    ], consecutive=False)
    judged = {(run["system"], entry["id"]): entry for run in json.loads(report.read_text(encoding="utf-8"))["runs"]
              for entry in run["items"]}
    buildings = judged[("disagreeing", "buildings")]
    assert buildings["reason"] == ("'elles' (subject, feminine plural) does not agree in gender with 'bâtiments' "
                                   "(bâtiment, masculine plural) in the context translation")
    assert buildings["context_output"] == ["Les vieux bâtiments de la rue du Port ont été vendus l'an dernier."]
    assert judged[("agreeing", "buildings")]["outcome"] == "pass"
