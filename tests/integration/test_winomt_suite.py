"""WinoMT run as pytest suites: the bundled suites' collection, its markers, ``|||`` output files and its measures.

The family that reads the entity's gender (``entity_gender``) is registered here by a stand-in when the
package has none, so that the suites load; the measures are checked with a toy family of the tests' own, and
the Spanish and Italian suites with the shipped family.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_mtchallenge.formats import bundled_suites

BUNDLED_FR: Path = bundled_suites()["winomt-en-fr"]

CONFTEST = '''
from pytest_mtchallenge.checkers import Checker, builtin_checkers
from pytest_mtchallenge.verdict import Verdict


class EntityGender(Checker):
    """A stand-in for the entity_gender family where the package has none yet: it decides nothing."""

    name = "entity_gender"
    languages = ("fr", "de", "es", "it")

    def check(self, *, item, output, context=()):
        return Verdict.undecided("a stand-in")


class ToyGender(Checker):
    """Reads the entity's gender from a French output by its article: la → female, le → male."""

    name = "toy_gender"
    languages = ("fr",)

    FRENCH = {"developer": "dév", "janitor": "concierge", "customer": "client"}

    def check(self, *, item, output, context=()):
        words = output.lower().replace("'", " ").split()
        entity = item.params["entity"]
        found = next((words[n - 1] for n in range(1, len(words)) if words[n].startswith(self.FRENCH[entity])), None)
        gender = {"la": "female", "le": "male"}.get(found or "", "none")
        if gender == "none":
            return Verdict.not_applicable(f"no article on {entity}", "predicted-gender:none")
        verdict = Verdict.passed if gender == item.params["gender"] else Verdict.failed
        return verdict(f"{entity} is {gender}", f"predicted-gender:{gender}")


def pytest_mtchallenge_checkers():
    families = {"toy_gender": ToyGender}
    if "entity_gender" not in builtin_checkers():
        families["entity_gender"] = EntityGender
    return families
'''

EN = [
    "female\t1\tThe developer argued with the designer because she did not like the design.\tdeveloper",
    "male\t1\tThe janitor met the accountant and wished him well.\tjanitor",
    "male\t1\tThe developer argued with the designer because he did not like the design.\tdeveloper",
    "female\t1\tThe janitor met the accountant and wished her well.\tjanitor",
    "male\t4\tThe technician told the customer that he could pay with cash.\tcustomer",
    "neutral\t4\tThe technician told the customer that they could pay with cash.\tcustomer",
]
FRENCH = [
    "Le développeur s'est disputé avec le designer car il n'aimait pas le design.",  # wrong: male
    "La concierge a rencontré le comptable.",  # wrong: female
    "Le développeur s'est disputé avec le designer.",  # right
    "La concierge a rencontré la comptable.",  # right
    "Le technicien a dit au client qu'il pouvait payer.",  # no article before customer's "client": none
    "Le technicien a dit au client qu'ils pouvaient payer.",  # none; a gold neutral
]
MANIFEST = """\
format: winomt
name: toy-winomt
title: A few WinoMT lines
target_language: fr
checker: toy_gender
set: data/en.txt
"""


@pytest.fixture
def stand_in(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    return pytester


@pytest.fixture
def toy(stand_in: pytest.Pytester) -> pytest.Pytester:
    """A WinoMT layout: data/en.txt (2 anti, 2 pro, 2 Winogender lines), its subsets, the manifest and
    ``out.txt``, a WinoMT translation file."""
    (stand_in.path / "data").mkdir()
    for name, lines in (("en.txt", EN), ("en_anti.txt", EN[:2]), ("en_pro.txt", EN[2:4])):
        (stand_in.path / "data" / name).write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    stand_in.makefile(".yaml", suite=MANIFEST)
    sources = [line.split("\t")[2] for line in EN]
    stand_in.makefile(".txt", out="\n".join(f"{source} ||| {french}" for source, french in zip(sources, FRENCH)))
    return stand_in


# -- the bundled suites ----------------------------------------------------------------------

def test_the_bundled_suite_collects_every_line_for_each_published_system(stand_in: pytest.Pytester) -> None:
    result = stand_in.runpytest("--mt-suite=winomt-en-fr", "--mt-system=recorded:*", "--co", "-q")
    # every line for each of the 5 systems but the known defects of the data (the manifest's known_defects):
    # items 2120 and 2121 of every system, sota's 3304
    result.stdout.fnmatch_lines(["winomt-en-fr::0[[]google]", "winomt-en-fr::3887[[]sota]",
                                 f"{3888 * 5 - 11} tests collected*"])
    assert "winomt-en-fr::2120[bing]" not in result.stdout.str() and "::3304[sota]" not in result.stdout.str()


@pytest.mark.parametrize(("marker", "count", "defects"), [("anti", 1584, 0), ("pro", 1584, 10), ("winogender", 720, 1),
                                                          ("winobias and not anti", 1584, 10)])
def test_the_categories_are_markers(stand_in: pytest.Pytester, marker: str, count: int, defects: int) -> None:
    result = stand_in.runpytest("--mt-suite=winomt-en-fr", "--mt-system=recorded:*", "-m", marker, "--co", "-q")
    total = 3888 * 5 - 11
    result.stdout.fnmatch_lines([f"{count * 5 - defects}/{total} tests collected "
                                 f"({total - count * 5 + defects} deselected)*"])


def test_the_ids_are_en_txts_line_numbers(stand_in: pytest.Pytester) -> None:
    result = stand_in.runpytest("--mt-suite=winomt-en-de", "--mt-system=recorded:google", "-m", "winogender",
                                "--co", "-q")
    result.stdout.fnmatch_lines(["winomt-en-de::3168[[]google]", "winomt-en-de::3887[[]google]"])
    assert "winomt-en-de::3167[google]" not in result.stdout.str()


def test_the_german_suite_is_judged_by_the_german_reading(stand_in: pytest.Pytester) -> None:
    """Google's *Der Techniker sagte dem Kunden, dass er …* for he, she and they: the customer is male."""
    result = stand_in.runpytest("--mt-suite=winomt-en-de", "--mt-system=recorded:google", "-k", "3168 or 3169 or 3170",
                                "-rA")
    result.assert_outcomes(passed=1, failed=1, skipped=1)  # the neutral item is n/a
    result.stdout.fnmatch_lines(["PASSED winomt-en-de::3168[[]google]", "FAILED winomt-en-de::3169[[]google]*",
                                 "WinoMT google: Acc 33.3 (1/3)*"])


def test_a_published_line_that_translates_another_sentence_errors_naming_file_and_line(
        pytester: pytest.Pytester) -> None:
    """A suite that does not list the defect as known: the line errors, naming the file and line."""
    (pytester.path / "suite.yaml").write_text(
        (BUNDLED_FR.read_text(encoding="utf-8").split("published:")[0]
         .replace("../winomt/", f"{BUNDLED_FR.parent.parent}/winomt/")), encoding="utf-8")
    result = pytester.runpytest("--mt-suite=suite.yaml", "--mt-system=recorded:bing", "-k", "2120 or 2121")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines([
        "ERROR bing: */winomt/translations/bing/en-fr.txt.gz:2121: the English “The baker yelled at the mover "
        "because she broke the stove.” is not the source of item 2120 “* he broke the stove.”: this line "
        "translates another sentence (1 item: 2120)"])


def test_the_known_defects_are_left_out_counted_and_report_only_exits_0(pytester: pytest.Pytester) -> None:
    """sota's French outputs: 3,885 tests (2120, 2121 and 3304 are known defects); --mt-report-only exits 0,
    the measures of both readings, the readings' differences and what was left out are printed."""
    result = pytester.runpytest("--mt-suite=winomt-en-fr", "--mt-system=recorded:sota", "--mt-report-only", "-q",
                                "-rN", "-p", "no:randomly")
    assert result.ret == 0, result.stdout.str()[-3000:]
    result.stdout.fnmatch_lines(["WinoMT sota: Acc *(*/3,885)*", "  context-aware: Acc *",
                                 "  the readings differ on * items: *",
                                 "  left out: 3 known defects of the recorded data (items 2120, 2121, 3304;*"])


# -- file: outputs in WinoMT's format, and the measures ----------------------------------------

def test_a_winomt_translation_file_is_a_file_system_and_the_report_gives_the_measures(
        toy: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # each measure line on one line
    result = toy.runpytest("--mt-suite=suite.yaml", "--mt-system=file:out.txt", "--mt-report=report.json")
    result.assert_outcomes(passed=2, failed=2, skipped=2)  # n/a: no gender cue on the entity
    result.stdout.fnmatch_lines([
        "WinoMT out: Acc 33.3 (2/6), F1 male 40.0, F1 female 50.0, ΔG -10.0, ΔS 100.0 (pro 100.0, anti 0.0)",
        "WinoMT (Stanovsky et al. 2019): Acc = items whose entity has its English gender in the output / all items*"])
    (run,) = json.loads((toy.path / "report.json").read_text(encoding="utf-8"))["runs"]
    measures = run["summary"]["measures"]["gender_bias"]
    assert (measures["correct"], measures["items"], measures["delta_s"]) == (2, 6, 1.0)
    assert measures["predicted"] == {"male": 2, "female": 2, "none": 2}


def test_a_wrong_english_line_is_one_error_naming_file_and_line(toy: pytest.Pytester) -> None:
    lines = (toy.path / "out.txt").read_text(encoding="utf-8").split("\n")
    lines[3] = "The janitor met the accountant and wished him well. ||| La concierge a rencontré la comptable."
    (toy.path / "out.txt").write_text("\n".join(lines), encoding="utf-8")
    result = toy.runpytest("--mt-suite=suite.yaml", "--mt-system=file:out.txt")
    result.assert_outcomes(passed=1, failed=2, errors=1, skipped=2)
    errors = [line for line in result.stdout.lines if line.startswith("ERROR out:")]
    assert errors == [f"ERROR out: {toy.path / 'out.txt'}:4: the English “The janitor met the accountant and wished him "
                      "well.” is not the source of item 3 “The janitor met the accountant and wished her well.”: this "
                      "line translates another sentence (1 item: 3)"]


@pytest.mark.parametrize(("name", "predicted", "failed"), [("winomt-en-es", "female", 0), ("winomt-en-it", "male", 1)])
def test_the_spanish_and_italian_suites_are_judged_by_the_shipped_family(pytester: pytest.Pytester,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          name: str, predicted: str,
                                                                          failed: int) -> None:
    """Google's translations of Winogender's last triple: the secretary (she, they), the visitor (he).
    Since issue 36 the Italian visitor's output (*… ricevere un badge per gli ospiti*) fails as half-translated:
    the Italian lexicon lacks the loanword *badge* (a known false positive); WinoMT's own measure, which reads
    the entity's gender only, is unchanged."""
    monkeypatch.setenv("COLUMNS", "300")
    result = pytester.runpytest(f"--mt-suite={name}", "--mt-system=recorded:google", "-k", "3880 or 3881 or 3882",
                                "--mt-report=report.json")
    result.assert_outcomes(passed=2 - failed, failed=failed, skipped=1)  # the neutral item is n/a
    result.stdout.fnmatch_lines(["WinoMT google: Acc 66.7 (2/3)*"])
    (run,) = json.loads((pytester.path / "report.json").read_text(encoding="utf-8"))["runs"]
    counts = run["summary"]["measures"]["gender_bias"]["predicted"]
    assert counts == {"male": 1 + (predicted == "male"), "female": 1 + (predicted == "female"), "none": 0}
