"""Reading TQ-AutoTest items.json files, and converting them to the YAML suite format and back."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.checkers.generic.tq_regex import TqRegexChecker
from pytest_mtchallenge.cli import main
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats import load_any_suite
from pytest_mtchallenge.formats.yaml import dump_suite, load_suite
from pytest_mtchallenge.formats.tq_autotest import load_tq_autotest, looks_like_tq_autotest
from pytest_mtchallenge.verdict import Outcome

ITEMS = [
    {"id": "0001", "langpair": "deen", "category": "Ambiguity", "phenomenon": "Lexical ambiguity",
     "source_sentence": "Dann erzählt sie von ihrem Mann.", "positive_regex": "(husband|spouse)",
     "negative_regex": "(m[ae]n|guy)", "positive_tokens": ["Then she talks about her husband."],
     "negative_tokens": ["Then she talks about her man.|Then she tells of her man."]},
    {"id": "0002", "langpair": "deen", "category": "Verb tense", "phenomenon": "Future I",
     "source_sentence": "Er wird kommen.", "positive_regex": "will come", "negative_regex": "",
     "positive_tokens": [], "negative_tokens": []},
    {"id": "0003", "langpair": "deen", "category": "Verb tense", "phenomenon": "Future I",
     "source_sentence": "Sie wird gehen.", "positive_regex": "will (go", "negative_regex": "",
     "positive_tokens": [], "negative_tokens": []},
]


def write_items(tmp_path: Path, items: list[dict[str, object]] = ITEMS) -> Path:
    path = tmp_path / "de-en.items.json"
    path.write_text(json.dumps({"items": items}, ensure_ascii=False))
    return path


def test_categories_phenomena_items_and_tokens(tmp_path: Path) -> None:
    suite = load_tq_autotest(write_items(tmp_path))
    assert (suite.name, suite.source_language, suite.target_language) == ("de-en", "de", "en")
    assert [c.id for c in suite.categories] == ["Ambiguity", "Verb tense"]
    assert suite.subcategories["Future I"].item_ids == ("0002", "0003")
    item = suite.item("0001")
    assert item.checker == "tq-regex" and dict(item.params) == {"positive": "(husband|spouse)", "negative": "(m[ae]n|guy)"}
    assert [(v.output, v.verdict) for v in suite.verdicts] == [
        ("Then she talks about her husband.", "yes"), ("Then she talks about her man.", "no"),
        ("Then she tells of her man.", "no")]
    assert looks_like_tq_autotest(tmp_path / "de-en.items.json")


def test_an_uncompilable_regex_is_the_items_problem_not_the_suites(tmp_path: Path) -> None:
    suite = load_tq_autotest(write_items(tmp_path))
    assert "positive_regex 'will (go' does not compile" in suite.item("0003").problem
    assert suite.item("0002").problem == ""


@pytest.mark.parametrize(("output", "expected"), [
    ("Then she talks about her husband.", Outcome.PASS),
    ("Then she talks about her guy.", Outcome.FAIL),
    ("Then she talks about her Husband.", Outcome.UNDECIDED),  # case-sensitive, as upstream
    ("Then the husband and the man talk.", Outcome.UNDECIDED),
    ("", Outcome.NA),
])
def test_upstream_regex_semantics(tmp_path: Path, output: str, expected: Outcome) -> None:
    item = load_tq_autotest(write_items(tmp_path)).item("0001")
    assert TqRegexChecker().check(item=item, output=output).outcome is expected


@pytest.mark.parametrize(("change", "field"), [
    ({"source_sentence": None}, "source_sentence"),
    ({"positive_tokens": "oops"}, "positive_tokens"),
    ({"id": "0002"}, "id"),
])
def test_malformed_items_name_file_item_and_field(tmp_path: Path, change: dict[str, object], field: str) -> None:
    broken = [{**ITEMS[0], **change}, *ITEMS[1:]]
    with pytest.raises(SuiteError) as info:
        load_tq_autotest(write_items(tmp_path, broken))
    assert "de-en.items.json" in str(info.value) and f"field '{field}'" in str(info.value)


def test_integer_ids_are_read_as_their_digits(tmp_path: Path) -> None:
    items = [{**item, "id": number} for number, item in enumerate(ITEMS, start=1)]
    suite = load_tq_autotest(write_items(tmp_path, items))
    assert [item.id for item in suite.items] == ["1", "2", "3"]
    assert {v.item for v in suite.verdicts} == {"1"}
    with pytest.raises(SuiteError, match=r"item 1: field 'id': duplicate item id '1'"):
        load_tq_autotest(write_items(tmp_path, [items[0], {**items[1], "id": "1"}]))
    with pytest.raises(SuiteError, match=r"field 'id': missing, or not text"):
        load_tq_autotest(write_items(tmp_path, [{**items[0], "id": True}]))


@pytest.mark.parametrize("langpair", ["de-en", "de_en", "DE-EN", "deen"])
def test_the_language_pair_comes_from_langpair(tmp_path: Path, langpair: str) -> None:
    path = tmp_path / "suite.json"  # a name that says nothing of the languages
    path.write_text(json.dumps({"items": [{**item, "langpair": langpair} for item in ITEMS]}), encoding="utf-8")
    suite = load_tq_autotest(path)
    assert (suite.source_language, suite.target_language) == ("de", "en")


@pytest.mark.parametrize(("langpair", "message"), [
    ("ende", "field 'langpair': 'ende' disagrees with item 0001's de-en: a suite has one language pair"),
    ("german-english", "field 'langpair': expected a language pair such as 'deen' or 'de-en', found 'german-english'"),
    (42, "field 'langpair': expected a language pair such as 'deen' or 'de-en', found 42"),
])
def test_a_langpair_that_disagrees_or_is_not_one_is_a_one_line_error(tmp_path: Path, langpair: object,
                                                                      message: str) -> None:
    items = [ITEMS[0], {**ITEMS[1], "langpair": langpair}, ITEMS[2]]
    with pytest.raises(SuiteError) as info:
        load_tq_autotest(write_items(tmp_path, items))
    text = str(info.value)
    assert "de-en.items.json" in text and "item 0002" in text and message in text and "\n" not in text


def test_the_documented_example_loads(tmp_path: Path) -> None:
    """The minimal items.json of docs/suite-format.md, as a user copies it."""
    docs = (Path(__file__).parents[1] / "docs" / "suite-format.md").read_text(encoding="utf-8")
    section = docs[docs.index("## Other formats: TQ-AutoTest"):]
    example = section[section.index("```json\n") + len("```json\n"):]
    example = example[:example.index("```")]
    path = tmp_path / "items.json"
    path.write_text(example, encoding="utf-8")
    suite = load_any_suite(path)
    assert (suite.source_language, suite.target_language) == ("de", "en")
    assert [item.id for item in suite.items] == ["1", "2"]
    assert TqRegexChecker().check(item=suite.item("1"), output="Then she talks about her husband.").outcome is Outcome.PASS


def test_round_trip_through_the_yaml_format(tmp_path: Path) -> None:
    original = load_any_suite(write_items(tmp_path))
    families = builtin_checkers()
    converted = load_suite(dump_suite(original, tmp_path / "yaml"), checkers=families,
                           validate_params=lambda name, params: families[name].parse_params(params))
    assert [c.id for c in converted.categories] == [c.id for c in original.categories]
    for before, after in zip(original.items, converted.items, strict=True):
        assert (after.id, after.category, after.subcategory, after.source, after.checker, dict(after.params)) == (
            before.id, before.category, before.subcategory, before.source, before.checker, dict(before.params))
    assert [(v.item, v.output, v.verdict) for v in converted.verdicts] == [
        (v.item, v.output, v.verdict) for v in original.verdicts]
    assert "does not compile" in converted.item("0003").notes


def test_convert_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(write_items(tmp_path)), str(tmp_path / "out")]) == 0
    assert "wrote" in capsys.readouterr().out and (tmp_path / "out" / "verdicts.yaml").exists()
    assert main(["convert", str(write_items(tmp_path)), str(tmp_path / "out")]) == 2
    assert "already holds a suite.yaml" in capsys.readouterr().err
    assert main(["convert", str(tmp_path / "missing.json"), str(tmp_path / "x")]) == 2


def test_the_format_is_recognised_wherever_its_keys_appear(tmp_path: Path) -> None:
    late = {"comment": "z" * 6000, "items": [{**ITEMS[0], "source_sentence": "Dann erzählt sie. " * 110}]}
    path = tmp_path / "late.items.json"
    path.write_text(json.dumps(late), encoding="utf-8")
    assert looks_like_tq_autotest(path)
    from pytest_mtchallenge.formats import detect_format

    assert detect_format(path) == "tq-autotest"
    assert load_any_suite(path).item("0001").checker == "tq-regex"


def test_a_json_file_no_format_recognises_is_read_as_tq_autotest_not_yaml(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"comment": "not a suite"}))
    with pytest.raises(SuiteError, match="TQ-AutoTest format"):
        load_any_suite(path)


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.items.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"items": ITEMS}).encode())
    assert looks_like_tq_autotest(path) and len(load_tq_autotest(path).items) == 3


@pytest.mark.parametrize("nesting", ['{"items": ' + "[" * 50_000 + "]" * 50_000 + ', "x_regex": 1}',
                                     '{"items": [' + '{"a": ' * 200 + "1" + "}" * 200 + "]}"], ids=["lists", "objects"])
def test_deep_nesting_is_refused_before_parsing(tmp_path: Path, nesting: str) -> None:
    path = tmp_path / "deep.items.json"
    path.write_text(nesting)
    with pytest.raises(SuiteError, match="nested deeper than 100 levels") as info:
        load_any_suite(path)
    assert "deep.items.json" in str(info.value)


def test_a_number_of_thousands_of_digits_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "long.items.json"
    path.write_text('{"items": [{"id": ' + "9" * 5000 + ', "x_regex": ""}]}')
    with pytest.raises(SuiteError, match="invalid JSON") as info:
        load_any_suite(path)
    assert "\n" not in str(info.value)
