"""--mt-suite: bundled suites by name, suite files by path, and collection by path."""
from __future__ import annotations

from pathlib import Path

import pytest


def test_bundled_suite_by_name_runs_every_item_for_every_recorded_system(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-judge=human", "--collect-only", "-q")
    assert result.ret == 0
    lines = [line for line in result.outlines if "::" in line]
    assert len(lines) == 108 * 3
    result.stdout.fnmatch_lines(["isabelle2017-en-fr::S1a[[]google-2016[]]"])  # short and pasteable


def test_suite_file_by_path(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(f"--mt-suite={mini_suite}", "--mt-system=reference", "-v")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(["*mini/suite.yaml::M1a[[]reference[]] PASSED*"])


def test_suite_directory_on_the_command_line_is_collected(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference")
    result.assert_outcomes(passed=4)


def test_no_system_option_means_every_recorded_system(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "-v")
    result.stdout.fnmatch_lines(["*M1a[[]old[]] FAILED*", "*M1b[[]old[]] PASSED*", "*T1a[[]old[]] FAILED*",
                                 "*T1b[[]old[]] PASSED*"])


def test_category_and_subcategory_are_markers(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", "-m", "T1", "--strict-markers")
    result.assert_outcomes(passed=2, deselected=2)
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", "-m", "morpho")
    result.assert_outcomes(passed=2, deselected=2)


def test_keyword_selection_and_last_failed(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "-k", "M1a")
    result.assert_outcomes(failed=1, deselected=3)
    pytester.runpytest(str(mini_suite.parent))
    result = pytester.runpytest(str(mini_suite.parent), "--lf")
    result.assert_outcomes(failed=2)


def test_exitfirst_stops_at_the_first_failure(pytester: pytest.Pytester, mini_suite: Path) -> None:
    result = pytester.runpytest(str(mini_suite.parent), "-x")
    result.assert_outcomes(failed=1)


def test_unknown_suite_name_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=no-such-suite")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*no-such-suite*bundled suites: *isabelle2017-en-fr*"])


# -- the project's own test paths keep their meaning ----------------------------------------

def test_ini_suites_join_testpaths_instead_of_replacing_them(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.mkdir("tests")
    pytester.path.joinpath("tests", "test_unit.py").write_text("def test_unit():\n    assert True\n")
    pytester.makeini(f"[pytest]\ntestpaths = tests\nmt_suite = {mini_suite}\nmt_system = reference\n")
    result = pytester.runpytest("-q")
    result.assert_outcomes(passed=5)  # the project's test and the four challenge tests
    assert "test_unit.py" in result.stdout.str() or result.parseoutcomes()["passed"] == 5


def test_an_explicit_test_path_runs_alone_despite_an_ini_suite(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.mkdir("tests")
    pytester.path.joinpath("tests", "test_unit.py").write_text("def test_unit():\n    assert True\n")
    pytester.makeini(f"[pytest]\ntestpaths = tests\nmt_suite = {mini_suite}\nmt_system = reference\n")
    result = pytester.runpytest("tests/test_unit.py", "-q")
    result.assert_outcomes(passed=1)


def test_a_command_line_suite_runs_without_the_testpaths(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.mkdir("tests")
    pytester.path.joinpath("tests", "test_unit.py").write_text("def test_unit():\n    assert False\n")
    pytester.makeini("[pytest]\ntestpaths = tests\n")
    result = pytester.runpytest(f"--mt-suite={mini_suite}", "--mt-system=reference", "-q")
    result.assert_outcomes(passed=4)


# -- pasteable node ids ---------------------------------------------------------------------

def test_bundled_suite_ids_are_short_and_select_when_pasted_back(pytester: pytest.Pytester) -> None:
    listed = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:google-2016", "--co", "-q")
    assert "isabelle2017-en-fr::S1a[google-2016]" in listed.outlines
    assert not any("site-packages" in line or "suite.yaml" in line for line in listed.outlines if "::" in line)
    pasted = pytester.runpytest("isabelle2017-en-fr::S1a[google-2016]", "-q")
    pasted.assert_outcomes(passed=1)
    several = pytester.runpytest("isabelle2017-en-fr::S1a", "-q", "--mt-judge=human")
    several.assert_outcomes(passed=2, failed=1)  # google-2016 and nmt right, pbmt-1 wrong


@pytest.mark.parametrize("options", [
    ["--mt-suite=isabelle2017-en-fr"],
    ["--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:google-2016", "--mt-system=recorded:nmt"],
    ["--mt-system=recorded:google-2016"],
], ids=["suite", "suite-and-systems", "systems"])
def test_a_pasted_test_id_selects_exactly_that_test_beside_the_usual_options(pytester: pytest.Pytester,
                                                                            options: list[str]) -> None:
    result = pytester.runpytest(*options, "isabelle2017-en-fr::S1a[google-2016]", "--mt-judge=human", "-q")
    result.assert_outcomes(passed=1)
    several = pytester.runpytest(*options, "isabelle2017-en-fr::S1a", "isabelle2017-en-fr::S1b", "--co", "-q")
    selected = [line for line in several.outlines if line.startswith("isabelle2017-en-fr::")]
    assert {line.split("[")[0] for line in selected} == {"isabelle2017-en-fr::S1a", "isabelle2017-en-fr::S1b"}


def test_a_pasted_test_id_of_a_suite_file_selects_it_beside_mt_suite(pytester: pytest.Pytester,
                                                                     mini_suite: Path) -> None:
    result = pytester.runpytest(f"--mt-suite={mini_suite}", f"{mini_suite}::M1a[reference]",
                                "--mt-system=reference", "-q")
    result.assert_outcomes(passed=1)


def test_category_and_subcategory_markers_are_listed_by_pytest_markers(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--markers")
    result.stdout.fnmatch_lines(["@pytest.mark.morpho_syntactic: a challenge-set category or subcategory (Morpho-syntactic)",
                                 "@pytest.mark.S1: a challenge-set category or subcategory (S-V agreement, across distractors)"])


@pytest.mark.parametrize("reserved", ["skip", "skipif", "xfail", "parametrize", "usefixtures", "not"])
def test_a_subcategory_named_as_a_pytest_marker_is_a_plain_category_marker(
        pytester: pytest.Pytester, mini_suite: Path, reserved: str) -> None:
    mini_suite.write_text(mini_suite.read_text().replace("- id: T1\n", f"- id: {reserved}\n"))
    result = pytester.runpytest(str(mini_suite.parent), "-v", "--strict-markers")
    # the wrong recorded output of T1a stays a failure (no skip, no xfail, no internal error)
    result.stdout.fnmatch_lines(["*T1a[[]old[]] FAILED*", "*T1b[[]old[]] PASSED*"])
    result.assert_outcomes(passed=2, failed=2)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result = pytester.runpytest(str(mini_suite.parent), "-m", f"{reserved}_", "--strict-markers")
    result.assert_outcomes(passed=1, failed=1, deselected=2)


def test_a_category_named_as_a_plugins_marker_gets_its_own_marker(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.makeini("[pytest]\nmarkers =\n    syntax: the project's own syntax tests\n")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", "-m", "syntax_")
    result.assert_outcomes(passed=2, deselected=2)


def test_a_digit_only_subcategory_id_is_a_usable_marker(pytester: pytest.Pytester, mini_suite: Path) -> None:
    mini_suite.write_text(mini_suite.read_text().replace("- id: T1\n", "- id: '2'\n"))
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", "-m", "2", "--strict-markers")
    result.assert_outcomes(passed=2, deselected=2)


def test_a_suite_that_cannot_load_stops_only_its_own_collection(pytester: pytest.Pytester, mini_suite: Path) -> None:
    broken = pytester.path / "broken"
    broken.mkdir()
    (broken / "suite.yaml").write_text(mini_suite.read_text().replace("name: mini", "name: broken")
                                       .replace("checker: regex", "checker: telepathy"))
    result = pytester.runpytest(str(broken), str(mini_suite.parent), "--mt-system=reference", "--mt-report=r.json",
                                "--mt-report-only")
    result.assert_outcomes(passed=4, errors=1)
    result.stdout.fnmatch_lines(["*broken/suite.yaml: field 'subcategories.T1.checker': unknown checker 'telepathy'*"])
    assert "Interrupted" not in result.stdout.str()
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # --mt-report-only does not hide a broken suite
    import json
    assert [run["suite"] for run in json.loads((pytester.path / "r.json").read_text())["runs"]] == ["mini"]


def test_ctxpro_sets_that_cannot_load_are_one_line_each_and_the_other_suites_run(
        pytester: pytest.Pytester, mini_suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25, 7: 100,000-deep arrays, a 5,000-digit number, an outputs file past the size limit."""
    import json

    from pytest_mtchallenge import files

    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1024 * 1024)
    sets = pytester.path / "paper" / "jsons"
    sets.mkdir(parents=True)
    head = '[{"src segment": "You.", "ref segment": "Vous.", "expected": "vous", "rule": "NOM.FORM+PLUR", "n": '
    (sets / "deep.formality.x.en-fr.test.json").write_text(head + "[" * 100_000 + "]" * 100_000 + "}]")
    (sets / "digits.formality.x.en-fr.test.json").write_text(head + "9" * 5000 + "}]")
    item = {"src segment": "You.", "ref segment": "Vous.", "expected": "vous", "rule": "NOM.FORM+PLUR"}
    (sets / "big.formality.x.en-fr.test.json").write_text(json.dumps([item]))
    outputs = pytester.path / "paper" / "outputs"
    outputs.mkdir()
    (outputs / "deepl.big.formality.x.en-fr.test.sentences").write_text("Vous." + " " * (1024 * 1024) + "\n")
    result = pytester.runpytest(*(f"--mt-suite={path}" for path in sorted(sets.iterdir())), str(mini_suite.parent),
                                "--mt-system=reference", "--mt-report=r.json", "--tb=no")
    result.assert_outcomes(passed=4, errors=3)
    output = result.stdout.str()
    assert "Traceback" not in output and "INTERNALERROR" not in output and "Interrupted" not in output
    result.stdout.fnmatch_lines_random([
        "ERROR *deep.formality.x.en-fr.test.json: nested deeper than 100 levels",
        "ERROR *digits.formality.x.en-fr.test.json: invalid JSON (*digits*",
        "ERROR *deepl.big.formality.x.en-fr.test.sentences: larger than 1 MiB, the limit of a file read"])
    assert [run["suite"] for run in json.loads((pytester.path / "r.json").read_text())["runs"]] == ["mini"]


@pytest.mark.parametrize("how", ["--mt-suite=folder", "--mt-suite=file", "folder", "file", "parent folder"])
def test_a_suite_file_named_suite_yml_is_a_suite(pytester: pytest.Pytester, mini_suite: Path, how: str) -> None:
    folder = mini_suite.parent
    (folder / "suite.yml").write_text(mini_suite.read_text())
    mini_suite.unlink()
    target = {"folder": folder, "file": folder / "suite.yml", "parent folder": folder.parent}[how.split("=")[-1]]
    argument = f"--mt-suite={target}" if how.startswith("--") else str(target)
    result = pytester.runpytest(argument, "--mt-system=reference")
    result.assert_outcomes(passed=4)


def test_a_folder_without_a_suite_file_names_the_file_names_looked_for(pytester: pytest.Pytester) -> None:
    pytester.mkdir("empty")
    result = pytester.runpytest("--mt-suite=empty")
    result.stderr.fnmatch_lines(["*empty: a folder without a suite file (suite.yaml or suite.yml)*"])
    assert result.ret == pytest.ExitCode.USAGE_ERROR


@pytest.mark.parametrize(("expression", "hint"), [
    ("S99", "did you mean 'S9'?"),
    ("s1", "did you mean 'S1'?"),
    ("S1 or lexico_syntactc", "did you mean 'lexico_syntactic'?"),
])
def test_an_unknown_marker_in_m_warns_and_names_the_suites_markers(pytester: pytest.Pytester, expression: str,
                                                                   hint: str) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:nmt", "-m", expression,
                                "--mt-judge=human", "-q", "-p", "no:randomly")
    result.stdout.fnmatch_lines([f"*-m {expression}: no marker is named *: {hint} (the suites' markers: S1, S2, *"])


def test_known_markers_do_not_warn(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-system=recorded:nmt", "-m",
                                "S1 and not S2", "--mt-judge=human", "-q")
    assert "no marker is named" not in result.stdout.str()
    result.assert_outcomes(passed=3)


def test_a_suite_without_recorded_systems_says_it_judged_its_references(pytester: pytest.Pytester,
                                                                       mini_suite: Path) -> None:
    import shutil

    shutil.rmtree(mini_suite.parent / "systems")
    result = pytester.runpytest(str(mini_suite.parent), "-q")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(["mini: no recorded system and no --mt-system, so its references were judged*"])
    named = pytester.runpytest(str(mini_suite.parent), "--mt-system=reference", "-q")
    assert "no recorded system and no --mt-system" not in named.stdout.str()


@pytest.mark.parametrize("pattern", ["a{4294967295}", "(" * 5000 + "a" + ")" * 5000])
def test_a_pattern_no_engine_can_compile_is_its_suites_one_line_and_the_other_suites_run(
        pytester: pytest.Pytester, pattern: str) -> None:
    """Issue 39, 6: suite loaders caught only ValueError, KeyError and TypeError: an OverflowError or a
    RecursionError was a traceback and 'Interrupted: 1 error during collection', the other suites unrun."""
    from tests.suites import suite_yaml

    bad = suite_yaml([{"id": "R1", "source": "It rains.", "reference": "Il pleut."}], name="bad", checker="regex",
                     params={"positive": [pattern]})
    good = suite_yaml([{"id": "G1", "source": "It rains.", "reference": "Il pleut."}], name="good", checker="regex",
                      params={"positive": ["pleut"]})
    (pytester.path / "bad").mkdir()
    (pytester.path / "bad" / "suite.yaml").write_text(bad, encoding="utf-8")
    (pytester.path / "good").mkdir()
    (pytester.path / "good" / "suite.yaml").write_text(good, encoding="utf-8")
    result = pytester.runpytest("--mt-suite=bad", "--mt-suite=good", "--mt-system=reference", "-p", "no:cacheprovider")
    output = result.stdout.str() + result.stderr.str()
    assert "Traceback" not in output and "INTERNALERROR" not in output
    result.stdout.fnmatch_lines(["ERROR *bad/suite.yaml: item R1: field 'params': invalid parameters for checker 'regex': *"])
    assert result.parseoutcomes().get("passed") == 1  # the good suite ran
