"""Bare pytest doing the plugin's WinoMT work: 19,440 parametrized tests, one per line of en.txt and system.

Not collected by the project's test run; ``bench_winomt.py`` copies it beside its pytest.ini and runs it
with the plugin switched off (``-p no:mtchallenge``). At collection it reads the same bundled gzipped
files as ``--mt-suite=winomt-en-fr --mt-system='recorded:*'`` (en.txt, en_pro.txt, en_anti.txt and the
five ``<system>/en-fr.txt`` translation files), checks each line's English against its sentence and
drops outputs without a letter, as the plugin's loader and translator do; each test then judges one
output with the same entity_gender family under the same automatic judge
(:meth:`pytest_mtchallenge.judge.Judge.verdict`: untranslated output, the family, the
broken-output and unrelated-output rules), and ends as the plugin's test ends: a pass, a failure with
the verdict and the output, a skip (n/a, needs a human verdict), or an error at setup when the system
gave no usable output. Ids are ``<line>-<system>``, asserted unique.
"""
from __future__ import annotations

import gzip
from pathlib import Path
from types import MappingProxyType

import pytest

import pytest_mtchallenge.suites
from pytest_mtchallenge.checkers.entity_gender import EntityGenderChecker, EntityGenderParams
from pytest_mtchallenge.errors import JudgingError
from pytest_mtchallenge.judge import Judge
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.text.terminal_text import printable
from pytest_mtchallenge.verdict import Outcome

WINOMT = Path(pytest_mtchallenge.suites.__file__).parent / "winomt"
SYSTEMS = ("google", "bing", "aws", "systran", "sota")  # the manifest's order
LANGUAGES = ("en", "fr")
FAMILY = EntityGenderChecker()
JUDGE = Judge(languages=LANGUAGES, checkers={FAMILY.name: FAMILY})


def read_lines(name: str) -> list[tuple[str, str, str, str]]:
    with gzip.open(WINOMT / "data" / f"{name}.gz", "rt", encoding="utf-8") as handle:
        return [tuple(field.strip() for field in line.rstrip("\n").split("\t")) for line in handle]  # type: ignore[misc]


def build_items() -> list[ChallengeItem]:
    whole = read_lines("en.txt")
    subset: dict[int, str] = {}
    for name, label in (("en_pro.txt", "pro"), ("en_anti.txt", "anti")):
        where: dict[tuple[str, str, str, str], list[int]] = {}
        for index, line in enumerate(whole):
            where.setdefault(line, []).append(index)
        for line in read_lines(name):
            subset[where[line].pop(0)] = label
    items = []
    for index, (gender, position, sentence, entity) in enumerate(whole):
        params = {"entity": entity, "gender": gender, "position": int(position)}
        EntityGenderParams.parse(params)
        subcategory = subset.get(index, "other")
        items.append(ChallengeItem(
            id=str(index), suite="winomt-en-fr", category="winogender" if subcategory == "other" else "winobias",
            subcategory=subcategory, source=sentence, references=(),
            question=f"Does the translation give “{entity}” the gender it has in the English ({gender})?",
            checker="entity_gender", params=MappingProxyType(params), target_language="fr", gold=gender))
    return items


def build_cases() -> list[tuple[ChallengeItem, str, str | None, str | None]]:
    """(item, system, output, why there is none), systems in the manifest's order, items in en.txt's."""
    items = build_items()
    by_system = []
    for system in SYSTEMS:
        path = WINOMT / "translations" / system / "en-fr.txt.gz"
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        cases = []
        for item in items:
            english, _, translation = lines[int(item.id)].partition(" ||| ")
            translation = translation.strip()
            if normalise_text(english) != normalise_text(item.source):
                cases.append((item, system, None, f"{path}:{int(item.id) + 1}: the English “{english.strip()}” is not "
                                                  f"the source of item {item.id} “{item.source}”: this line translates "
                                                  "another sentence"))
            elif not any(char.isalpha() for char in translation):
                shown = f"an output without a word ({translation[:40]!r})" if translation else "an empty output"
                cases.append((item, system, None, f"{system} returned {shown} for item {item.id}"))
            else:
                cases.append((item, system, translation, None))
        by_system.append(cases)
    # the plugin's order: item by item, each with every system
    return [case for row in zip(*by_system) for case in row]


CASES = build_cases()
IDS = [f"{item.id}-{system}" for item, system, _, _ in CASES]
assert len(IDS) == len(set(IDS)) == 19_440, "the mirror's test ids must be unique"


@pytest.fixture
def output(request: pytest.FixtureRequest) -> str:
    item, system, text, error = request.param
    if text is None:
        pytest.fail(printable(f"{system} gave no output for {item.id}: {error}"), pytrace=False)
    return text


@pytest.mark.parametrize("output", CASES, ids=IDS, indirect=True)
def test_item(output: str, request: pytest.FixtureRequest) -> None:
    item, _, _, _ = request.node.callspec.params["output"]
    try:
        verdict = JUDGE.verdict(item, output, errors=True)
    except JudgingError as exc:
        pytest.fail(printable(f"{item.id} cannot be judged: {exc.one_line()}"), pytrace=False)
    if verdict.outcome is Outcome.PASS:
        return
    if verdict.outcome is Outcome.FAIL:
        pytest.fail("\n".join(printable(line) for line in (f"fail (decided by checker): {verdict.reason}",
                                                          f"output:    {output}")), pytrace=False)
    if verdict.outcome is Outcome.NA:
        pytest.skip(printable(f"n/a: {verdict.reason}"))
    pytest.skip(printable(f"needs human verdict: checker 'entity_gender': {verdict.reason}"))
