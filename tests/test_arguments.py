"""Which command-line arguments are suites, what pytest collects, and what selected a run's tests."""
from __future__ import annotations

from pathlib import Path

from pytest_mtchallenge.plugin.arguments import collection_arguments, is_suite_file, selection, suite_arguments
from pytest_mtchallenge.formats import bundled_suites

SUITE = "name: s\ntitle: S\ncitation: c\nsource_language: en\ntarget_language: fr\ncategories: []\nitems: []\n"


def test_suite_files_folders_and_bundled_names_are_suites_other_arguments_are_not(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "suite.yaml").write_text(SUITE, encoding="utf-8")
    (tmp_path / "test_x.py").write_text("def test(): pass\n", encoding="utf-8")
    (tmp_path / "notes.yaml").write_text("just: notes\n", encoding="utf-8")
    args = ["mine", "mine/suite.yaml", "test_x.py", "notes.yaml", "isabelle2017-en-fr::S1a[nmt]", "nope"]
    assert suite_arguments(args, tmp_path) == ["mine", "mine/suite.yaml", "isabelle2017-en-fr::S1a[nmt]"]


def test_a_bundled_name_becomes_its_path_and_a_suite_named_by_a_test_id_is_not_added_whole(tmp_path: Path) -> None:
    bundled = bundled_suites()["isabelle2017-en-fr"]
    named = ["isabelle2017-en-fr::S1a[nmt]"]
    collected = collection_arguments(named, named=named, suite_paths=[bundled.resolve()], base=tmp_path,
                                     explicit=True, from_option=True)
    assert collected == [f"{bundled}::S1a[nmt]"]
    # from the ini file (not explicit): the project's test paths stay and the suite joins them
    assert collection_arguments(["tests"], named=[], suite_paths=[bundled], base=tmp_path, explicit=False,
                                from_option=False) == ["tests", str(bundled)]
    # --mt-suite without explicit paths runs the suites, not the project's testpaths
    assert collection_arguments(["tests"], named=[], suite_paths=[bundled], base=tmp_path, explicit=False,
                                from_option=True) == [str(bundled)]


def test_a_json_suite_is_collected_only_when_named_itself(tmp_path: Path) -> None:
    suite = tmp_path / "items.json"
    suite.write_text('{"items": [{"id": 1, "source": "x", "category": "c", "phenomenon": "p", '
                     '"positive_regex": ["x"]}]}', encoding="utf-8")
    assert not is_suite_file(suite, suite_paths=[], args=["."], base=tmp_path, explicit=True)
    assert is_suite_file(suite, suite_paths=[], args=["items.json"], base=tmp_path, explicit=True)
    assert is_suite_file(suite, suite_paths=[suite.resolve()], args=[], base=tmp_path, explicit=False)


def test_selection_says_what_chose_the_tests() -> None:
    assert selection() == ""
    assert selection(markexpr="S1", keyword="nmt", args=["x::S1a[nmt]"]) == "-m S1, -k nmt, test ids"
    assert selection(stopped=True) == "run before the run stopped (-x/--maxfail)"
    assert selection(last_failed=True, stopped=True) == "run before the run stopped (--lf)"
