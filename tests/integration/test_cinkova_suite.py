"""The English–Czech suite end to end: the references judged Good, and a system's Good, Bad and Unknown
(a skip naming the missing counterpart) with the checkers alone."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_mtchallenge.languages.cs import lemmatizer

# pytester's in-process runs drop the modules they import; load simplemma's Czech data once here.
lemmatizer.load()

SUITE = Path(__file__).resolve().parents[2] / "suites" / "cinkova-bojar2018-en-cs"

# Hand-written outputs for the subjunctive pair: two Good, one Bad (an infinitive), two Unknown.
OUTPUTS = {
    "CS1": "Nejméně tři další faktory vedly MMF k tomu, aby naléhal na zvýšení kapitálu.",
    "CS2": "Odbory své členy vyzvaly hlasovat proti návrhu.",
    "CS3": "Poprosila ho, aby zavřel okno.",
    "CS4": "Regulátoři přiměli banku, aby se zbavila pojišťovací divize.",
    "CS5": "Soud společnosti uložil pokutu splatnou do měsíce.",
}


def test_every_reference_is_good_with_the_checkers_alone(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(f"--mt-suite={SUITE}", "--mt-system=reference", "--mt-judge=auto")
    result.assert_outcomes(passed=29)


def test_good_bad_and_unknown_with_their_reasons(pytester: pytest.Pytester) -> None:
    outputs = pytester.path / "mine.jsonl"
    outputs.write_text("".join(json.dumps({"id": k, "output": v}, ensure_ascii=False) + "\n" for k, v in OUTPUTS.items()),
                       encoding="utf-8")
    result = pytester.runpytest(f"--mt-suite={SUITE}", f"--mt-system=file:{outputs}", "--mt-judge=auto",
                                "-m", "EN_control_CS_subjunctclause", "-rs", "--tb=short")
    result.assert_outcomes(passed=2, failed=1, skipped=2)
    # the paper's measure: Good / (Good + Bad) = 2 / 3, Unknown left out and counted beside it
    result.stdout.fnmatch_lines(["Overall * 67% [[]21–94[]] 2/3 2 Unknown*"])
    result.stdout.fnmatch_lines([
        "*found [*]hlasovat[*], an infinitive of [*]hlasovat[*]: non-finite; expected a subjunctive clause (aby/kdyby)*",
    ])
    result.stdout.fnmatch_lines(["*the counterpart of 'to sell' was not found (no form of [*]prodat[*]*"])
