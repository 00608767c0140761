"""Bare pytest doing the plugin's work on suites its loaders read: one parametrized test per item and system.

Not collected by the project's test run. A benchmark copies it beside its pytest.ini as ``test_mirror_NAME.py``
with ``test_mirror_NAME.json`` beside it, and runs it with the plugin switched off (``-p no:mtchallenge``).
The JSON says what the plugin's run is given::

    {"suites": [{"path": "...", "format": "ctxpro"}], "judge": "auto",
     "families": {"formality": "pytest_mtchallenge.checkers.fr.formality:FormalityChecker"},
     "outputs": null}                                   # the suites' recorded systems, as --mt-system absent
    ... "outputs": {"file": "out.jsonl", "system": "candidate"}   # as --mt-system=candidate=file:out.jsonl

At collection it reads the same files as the plugin, with the plugin's own loader
(``formats.load_any_suite``, the families' parameters parsed as the plugin parses them) and, for a JSONL
outputs file, one ``json.loads`` per line; it drops outputs without a letter (an error at setup) and finds
outputs repeated for many sources (``translation.repeats``) as the plugin's translator does. Each test then
judges one output with the suite's ``judge.Judge`` (the same families, the same judge mode, the suite's recorded human
verdicts) and ends as the plugin's test ends: a pass, a failure with the verdict and the output, an error,
a skip (n/a, or needs a human verdict). Test ids are ``SUITE/ITEM/SYSTEM``, asserted unique; the tests run in
the plugin's order (suite by suite, item by item, each with every system), those without an output (which
error at setup, in ``test_item_without_output``) first.
"""
from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.formats import load_any_suite
from pytest_mtchallenge.judge import Judge, JudgeMode
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.text.terminal_text import printable
from pytest_mtchallenge.translation.repeats import repeated_outputs
from pytest_mtchallenge.verdict import Outcome

CONFIG = json.loads(Path(__file__).with_suffix(".json").read_text(encoding="utf-8"))


def family_class(spec: str) -> type[Checker]:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


CLASSES = {name: family_class(spec) for name, spec in CONFIG["families"].items()}
FAMILIES = {name: cls() for name, cls in CLASSES.items()}
MODE = JudgeMode(CONFIG["judge"])
#: Each suite's judge (its languages, families and recorded human verdicts: TQ-AutoTest's tokens), by suite name.
JUDGES: dict[str, Judge] = {}


def read_jsonl(path: Path) -> dict[tuple[str | None, str], str]:
    """(suite or None, item id) → output, one record per line."""
    outputs = {}
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.strip():
            record = json.loads(line)
            outputs[record.get("suite"), str(record["id"])] = record["output"]
    return outputs


FILE_OUTPUTS = {Path(given["file"]): read_jsonl(Path(given["file"])) for given in [CONFIG["outputs"]] if given}


def system_outputs(suite: Suite) -> list[tuple[str, dict[str, str], dict[str, str], object]]:
    """(system, outputs by item, errors by item, context translations) of each system that translates ``suite``."""
    given = CONFIG["outputs"]
    if given is None:  # the suite's recorded systems
        return [(name, dict(recorded.outputs), {}, recorded.context_outputs)
                for name, recorded in suite.systems.items()]
    path = Path(given["file"])
    found = FILE_OUTPUTS[path]
    outputs = {}
    for item in suite.items:
        output = found.get((suite.name, item.id), found.get((None, item.id)))
        if output is not None:
            outputs[item.id] = output
    errors = {item.id: f"{path}: no output for item {item.id}" for item in suite.items if item.id not in outputs}
    return [(given["system"], outputs, errors, {})]


def build_cases() -> list[tuple[Suite, ChallengeItem, str, str | None, str | None, object, int]]:
    """(suite, item, system, output, why there is none, context translations, repeats) in the plugin's order."""
    cases = []
    for entry in CONFIG["suites"]:
        suite = load_any_suite(Path(entry["path"]), checkers=CLASSES, format=entry.get("format"),
                               validate_params=lambda checker, params: CLASSES[checker].parse_params(params))
        JUDGES[suite.name] = Judge(mode=MODE, languages=(suite.source_language, suite.target_language),
                                   checkers=FAMILIES, verdicts=suite.verdicts)
        systems = []
        for name, outputs, errors, contexts in system_outputs(suite):
            for item_id in [i for i, output in outputs.items() if not any(char.isalpha() for char in output)]:
                output = outputs.pop(item_id)
                shown = f"an output without a word ({output.strip()[:40]!r})" if output.strip() else "an empty output"
                errors[item_id] = f"{name} returned {shown} for item {item_id}"
            repeats = repeated_outputs(outputs, {item.id: item.source for item in suite.items})
            systems.append((name, outputs, errors, contexts, repeats))
        for item in suite.items:
            for name, outputs, errors, contexts, repeats in systems:
                cases.append((suite, item, name, outputs.get(item.id), errors.get(item.id), contexts,
                              repeats.get(item.id, 0)))
    return cases


CASES = build_cases()
IDS = [f"{suite.name}/{item.id}/{system}" for suite, item, system, *_ in CASES]
assert len(IDS) == len(set(IDS)), f"the mirror's test ids must be unique: {len(IDS)} tests, {len(set(IDS))} ids"
#: The tests with an output to judge take it as a direct parameter; only those without one go through a
#: fixture, to error at setup as the plugin's do (a fixture per test costs pytest about 5 % more time).
JUDGED = [(case, test_id) for case, test_id in zip(CASES, IDS) if case[3] is not None and not case[1].problem]
UNJUDGED = [(case, test_id) for case, test_id in zip(CASES, IDS) if case[3] is None or case[1].problem]


@pytest.fixture
def no_output(request: pytest.FixtureRequest) -> None:
    suite, item, system, output, error, contexts, repeats = request.param
    if item.problem:
        pytest.fail(printable(f"{item.id} cannot be judged: {suite.path}: item {item.id}: {item.problem}"),
                    pytrace=False)
    pytest.fail(printable(f"{system} gave no output for {item.id}: {error}"), pytrace=False)


if UNJUDGED:  # (an empty parameter list would make pytest add a skipped test)
    @pytest.mark.parametrize("no_output", [case for case, _ in UNJUDGED], ids=[i for _, i in UNJUDGED], indirect=True)
    def test_item_without_output(no_output: None) -> None:
        raise AssertionError("unreachable: the fixture fails")


@pytest.mark.parametrize("case", [case for case, _ in JUDGED], ids=[i for _, i in JUDGED])
def test_item(case: tuple[Suite, ChallengeItem, str, str, str | None, object, int]) -> None:
    suite, item, system, output, _, contexts, repeats = case
    context = contexts.get(item.id, ())  # type: ignore[attr-defined]  # a mapping; ctxpro's splits on first use
    judgement = JUDGES[suite.name](item, system=system, output=output, context=context, repeats=repeats)
    if judgement.outcome is Outcome.PASS:
        return
    if judgement.outcome is Outcome.FAIL:
        verdict = f"{judgement.outcome.value} (decided by {judgement.decided_by.value}): {judgement.reason}"
        pytest.fail("\n".join(printable(line) for line in (verdict, f"output:    {judgement.output}")), pytrace=False)
    if judgement.outcome is Outcome.ERROR:
        pytest.fail(printable(f"{item.id} cannot be judged: {judgement.reason}"), pytrace=False)
    if judgement.outcome is Outcome.NA:
        pytest.skip(printable(f"{suite.labels.get('na', 'n/a')}: {judgement.reason}"))
    pytest.skip(printable(f"needs human verdict: {judgement.reason}"))
