"""Reading WinoMT unchanged: its set files through a manifest, its ``|||`` translations, and the bundled data."""
from __future__ import annotations

import gzip
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import Checker, FamilyParams, builtin_checkers
from pytest_mtchallenge.errors import OutputError, SuiteError
from pytest_mtchallenge.formats import bundled_suites, detect_format, load_any_suite, split_format
from pytest_mtchallenge.formats.winomt import read_parallel
from pytest_mtchallenge.formats.yaml import dump_suite, load_suite
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.verdict import Verdict

UPSTREAM = Path(__file__).resolve().parents[2] / "shared" / "external" / "winomt"


@dataclass(frozen=True, slots=True)
class StandInParams(FamilyParams):
    """The parameters WinoMT gives the entity_gender family, checked as a stand-in."""

    @classmethod
    def parse(cls, params: Mapping[str, object]) -> StandInParams:
        if set(params) != {"entity", "gender", "position"} or params["gender"] not in ("male", "female", "neutral"):
            raise ValueError(f"unexpected parameters {dict(params)}")
        if not isinstance(params["position"], int):
            raise ValueError("position must be a number")
        return cls()


class EntityGender(Checker):
    """A stand-in for the entity_gender family (written elsewhere): the parameters WinoMT gives it."""

    name = "entity_gender"
    languages = ("fr", "de", "es", "it")
    Params = StandInParams

    def check(self, *, item, output, context=()):  # type: ignore[no-untyped-def]
        return Verdict.undecided("a stand-in")


CHECKERS = {"entity_gender": EntityGender}

# Hand-made lines in WinoMT's layout: en.txt is en_anti.txt, then en_pro.txt, then Winogender's triples.
EN = [
    "female\t1\tThe developer argued with the designer because she did not like the design.\tdeveloper",
    "male\t4\tThe janitor met the accountant and wished him well.\taccountant",
    "male\t4\tThe janitor met the accountant and wished him well.\taccountant",
    "male\t1\tThe developer argued with the designer because he did not like the design.\tdeveloper",
    "female\t5\tThe developer argued with the designer because her idea cannot be implemented.\tdesigner",
    "male\t4\tThe technician told the customer that he could pay with cash.\tcustomer",
    "female\t4\tThe technician told the customer that she could pay with cash.\tcustomer",
    "neutral\t4\tThe technician told the customer that they could pay with cash.\tcustomer",
    "male\t3\tThe technician told someone that he could pay with cash.\tsomeone",
]
ANTI = EN[0:3]
PRO = [EN[4], EN[3]]  # a subset in another order than en.txt's: ids still follow en.txt
FRENCH = [
    "Le développeur s'est disputé avec le designer car il n'aimait pas le design.",
    "Le concierge a rencontré le comptable et lui a souhaité bonne chance.",
    "Le concierge a rencontré la comptable et lui a souhaité bonne chance.",
    "Le développeur s'est disputé avec le designer car il n'aimait pas le design.",
    "Le développeur s'est disputé avec la designer car son idée ne peut pas être mise en œuvre.",
    "Le technicien a dit au client qu'il pouvait payer en espèces.",
    "Le technicien a dit à la cliente qu'elle pouvait payer en espèces.",
    "Le technicien a dit au client qu'il pouvait payer en espèces.",
    "Le technicien a dit à quelqu'un qu'il pouvait payer en espèces.",
]
MANIFEST = """\
format: winomt
name: mini-winomt
title: WinoMT, a few lines
licence: MIT
target_language: fr
checker: entity_gender
set: data/{set}
translations: translations
"""


def write_winomt(root: Path, *, en: list[str] = EN, pro: list[str] = PRO, anti: list[str] = ANTI,
                 translations: dict[str, list[str]] | None = None, set_name: str = "en.txt",
                 gzipped: bool = False, manifest: str = MANIFEST) -> Path:
    """WinoMT's layout: data/en.txt, en_pro.txt, en_anti.txt, translations/<system>/en-fr.txt, and a manifest."""
    (root / "data").mkdir(parents=True, exist_ok=True)
    for name, lines in (("en.txt", en), ("en_pro.txt", pro), ("en_anti.txt", anti)):
        content = "".join(line + "\n" for line in lines).encode()
        if gzipped:
            (root / "data" / f"{name}.gz").write_bytes(gzip.compress(content))
        else:
            (root / "data" / name).write_bytes(content)
    if translations is None:
        translations = {"google": [f"{line.split(chr(9))[2]} ||| {french}" for line, french in zip(en, FRENCH)]}
    for system, lines in translations.items():
        (root / "translations" / system).mkdir(parents=True, exist_ok=True)
        (root / "translations" / system / "en-fr.txt").write_text("".join(line + "\n" for line in lines),
                                                                     encoding="utf-8")
    path = root / "suite.yaml"
    path.write_text(manifest.format(set=set_name + (".gz" if gzipped else "")), encoding="utf-8")
    return path


def load(path: Path) -> Suite:
    return load_any_suite(path, checkers=CHECKERS, validate_params=lambda name, params: CHECKERS[name].parse_params(params))


def error_of(path: Path) -> str:
    with pytest.raises(SuiteError) as raised:
        load(path)
    return raised.value.one_line()


# -- the format ------------------------------------------------------------------------------

def test_a_manifest_is_detected_and_the_format_may_be_stated(tmp_path: Path) -> None:
    path = write_winomt(tmp_path)
    assert detect_format(path) == detect_format(tmp_path) == "winomt"
    assert split_format(f"winomt:{path}") == ("winomt", str(path))
    assert detect_format(tmp_path / "data" / "en.txt") == "winomt"


def test_a_format_line_after_a_long_comment_is_seen(tmp_path: Path) -> None:
    """Issue 39, point 11: only the first 4096 bytes were read, so a manifest whose ``format:``
    line came after a long comment was taken for a YAML suite."""
    path = write_winomt(tmp_path)
    manifest = path.read_text(encoding="utf-8")
    path.write_text("# " + "x" * 70_000 + "\n" + "# note\n" * 800 + manifest, encoding="utf-8")
    assert detect_format(path) == "winomt"
    path.write_text(manifest.replace("format: winomt", "format: winomt-extra"), encoding="utf-8")
    assert detect_format(path) != "winomt"


def test_one_item_per_line_of_en_txt_with_its_id_params_and_category(tmp_path: Path) -> None:
    suite = load(write_winomt(tmp_path))
    assert [item.id for item in suite.items] == [str(n) for n in range(9)]
    assert (suite.source_language, suite.target_language, suite.rate) == ("en", "fr", "items")
    first = suite.items[0]
    assert first.source == "The developer argued with the designer because she did not like the design."
    assert (first.checker, dict(first.params)) == ("entity_gender",
                                                   {"entity": "developer", "gender": "female", "position": 1})
    assert first.gold == "female" and first.references == () and first.source_locus == ("developer",)
    assert [(item.category, item.subcategory) for item in suite.items] == (
        [("winobias", "anti")] * 3 + [("winobias", "pro")] * 2 + [("winogender", "other")] * 4)
    assert [(c.id, c.subcategory_ids) for c in suite.categories] == [("winobias", ("pro", "anti")),
                                                                      ("winogender", ("other",))]
    assert suite.subcategories["pro"].item_ids == ("3", "4")


def test_the_set_files_join_the_suite_hash_of_run_signatures(tmp_path: Path) -> None:
    suite = load(write_winomt(tmp_path))
    assert [path.name for path in suite.data_paths] == ["en.txt", "en_pro.txt", "en_anti.txt"]


def test_converted_to_this_projects_format_the_items_keep_their_gold_gender(tmp_path: Path) -> None:
    suite = load(write_winomt(tmp_path / "winomt"))
    converted = load_suite(dump_suite(suite, tmp_path / "converted"), checkers=CHECKERS)
    assert sorted((item.id, item.gold, dict(item.params)) for item in converted.items) == sorted(
        (item.id, item.gold, dict(item.params)) for item in suite.items)
    assert sorted(converted.systems["google"].outputs) == sorted(str(n) for n in range(9))


def test_a_subset_as_the_set_keeps_en_txts_line_numbers_as_ids(tmp_path: Path) -> None:
    suite = load(write_winomt(tmp_path, set_name="en_pro.txt"))
    assert [item.id for item in suite.items] == ["4", "3"]  # en_pro.txt's order, en.txt's numbers
    assert {item.subcategory for item in suite.items} == {"pro"}
    assert [c.id for c in suite.categories] == ["winobias"]


def test_a_line_given_twice_maps_its_copies_in_order(tmp_path: Path) -> None:
    suite = load(write_winomt(tmp_path, set_name="en_anti.txt"))
    assert [item.id for item in suite.items] == ["0", "1", "2"]


def test_gzipped_sets_are_read(tmp_path: Path) -> None:
    assert len(load(write_winomt(tmp_path, gzipped=True)).items) == 9


def test_the_translations_are_recorded_systems(tmp_path: Path) -> None:
    suite = load(write_winomt(tmp_path))
    google = suite.systems["google"]
    assert google.outputs["6"] == "Le technicien a dit à la cliente qu'elle pouvait payer en espèces."
    assert len(google.outputs) == 9 and not google.errors


def test_a_translation_of_another_english_sentence_errors_that_item_naming_file_and_line(tmp_path: Path) -> None:
    lines = [f"{line.split(chr(9))[2]} ||| {french}" for line, french in zip(EN, FRENCH)]
    lines[4] = "The developer argued with the designer because his idea cannot be implemented. ||| Le développeur…"
    suite = load(write_winomt(tmp_path, translations={"google": lines}))
    google = suite.systems["google"]
    assert "4" not in google.outputs and len(google.outputs) == 8
    assert google.errors["4"].startswith(f"{tmp_path / 'translations' / 'google' / 'en-fr.txt'}:5: the English "
                                         "“The developer argued with the designer because his idea")


def test_a_raw_set_file_is_refused_with_how_to_name_its_target_language(tmp_path: Path) -> None:
    write_winomt(tmp_path)
    message = error_of(tmp_path / "data" / "en.txt")
    assert "en.txt: a WinoMT set is English only" in message and "winomt-en-fr" in message


@pytest.mark.parametrize(("line", "expected"), [
    ("female\t1\tThe developer argued.", "en.txt:2: expected 4 tab-separated fields"),
    ("woman\t1\tThe developer argued.\tdeveloper", "en.txt:2: expected a gender (male, female, neutral), found 'woman'"),
    ("male\t9\tThe developer argued.\tdeveloper", "en.txt:2: expected the entity's word position in the sentence (0 to 2)"),
])
def test_a_malformed_line_names_file_and_line(tmp_path: Path, line: str, expected: str) -> None:
    assert expected in error_of(write_winomt(tmp_path, en=[EN[0], line, *EN[2:]]))


def test_a_subset_line_missing_from_en_txt_names_the_subset_and_line(tmp_path: Path) -> None:
    other = "male\t1\tThe mover lifted the box.\tmover"
    message = error_of(write_winomt(tmp_path, pro=[EN[3], other]))
    assert "en_pro.txt:2: this line is not in en.txt" in message


def test_an_unknown_checker_and_an_unknown_field_are_one_line_errors(tmp_path: Path) -> None:
    assert "field 'checker': unknown checker 'gender'" in error_of(
        write_winomt(tmp_path, manifest=MANIFEST.replace("checker: entity_gender", "checker: gender")))
    assert "field 'langauge': unknown field" in error_of(write_winomt(tmp_path, manifest=MANIFEST + "langauge: fr\n"))


def test_the_family_validates_the_parameters_when_the_suite_loads(tmp_path: Path) -> None:
    class Refusing(StandInParams):
        @classmethod
        def parse(cls, params: Mapping[str, object]) -> StandInParams:
            raise ValueError("no")

    class Strict(EntityGender):
        Params = Refusing

    with pytest.raises(SuiteError, match=r"en.txt: item 0: field 'params': invalid parameters .*: no"):
        load_any_suite(write_winomt(tmp_path), checkers={"entity_gender": Strict},
                       validate_params=lambda name, params: Strict.parse_params(params))


# -- WinoMT's translation files -------------------------------------------------------------

def test_a_misaligned_translation_file_is_one_error_naming_the_first_wrong_line(tmp_path: Path) -> None:
    """More wrong lines than a few (10, or 1 % of the items) and the file is not the suite's at all."""
    first = load(write_winomt(tmp_path)).items[0]
    items = [replace(first, id=str(n), source=f"Sentence {n}.") for n in range(18)]
    text = "".join(f"Another sentence {n}. ||| Une autre phrase.\n" for n in range(18))
    with pytest.raises(OutputError) as raised:
        read_parallel(text, path=Path("out.txt"), items=items)
    message = raised.value.one_line()
    assert message.startswith("out.txt: 18 of 18 lines do not hold their item's English")
    assert "the first is line 1: the English “Another sentence 0.” is not the source of item 0" in message
    few = "".join(f"Sentence {n}. ||| Phrase {n}.\n" if n % 2 else f"Other {n}. ||| Autre.\n" for n in range(18))
    parallel = read_parallel(few, path=Path("out.txt"), items=items)  # 9 wrong lines: each item errors alone
    assert len(parallel.outputs) == 9 and parallel.errors["4"].startswith("out.txt:5: the English “Other 4.”")


def test_item_ids_that_are_not_line_numbers_cannot_take_parallel_lines(tmp_path: Path) -> None:
    suite = load(write_winomt(tmp_path))
    with pytest.raises(OutputError, match="item ids are not line numbers"):
        read_parallel("a ||| b\n", path=Path("out.txt"), items=[replace(suite.items[0], id="S1a")])


def test_items_past_the_last_line_error_with_one_reason(tmp_path: Path) -> None:
    suite = load(write_winomt(tmp_path))
    text = "".join(f"{item.source} ||| x\n" for item in suite.items[:7])
    parallel = read_parallel(text, path=Path("out.txt"), items=suite.items)
    assert set(parallel.errors) == {"7", "8"} and len(set(parallel.errors.values())) == 1


# -- the bundled data ------------------------------------------------------------------------

# every language entity_gender reads (French, German, Spanish, Italian) has its data bundled
BUNDLED = {name: load(bundled_suites()[name])
           for name in ("winomt-en-fr", "winomt-en-de", "winomt-en-es", "winomt-en-it")}


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_the_bundled_suites_hold_en_txt_with_the_papers_counts(name: str) -> None:
    suite = BUNDLED[name]
    assert len(suite.items) == 3888 and [item.id for item in suite.items] == [str(n) for n in range(3888)]
    assert Counter(item.category for item in suite.items) == {"winobias": 3168, "winogender": 720}
    assert Counter(item.subcategory for item in suite.items) == {"pro": 1584, "anti": 1584, "other": 720}
    assert Counter(item.gold for item in suite.items) == {"male": 1826, "female": 1822, "neutral": 240}


def test_winogender_is_en_txts_last_720_lines_240_he_she_they_triples() -> None:
    """How the two origins were told apart: the lines in neither subset are the last 720, and they are
    Winogender's design (each sentence with he, she and they), holding every neutral line."""
    items = BUNDLED["winomt-en-fr"].items
    assert [item.id for item in items if item.category == "winogender"] == [str(n) for n in range(3168, 3888)]
    assert [item.subcategory for item in items[:1584]] == ["anti"] * 1584
    assert [item.subcategory for item in items[1584:3168]] == ["pro"] * 1584
    assert all(item.category == "winogender" for item in items if item.gold == "neutral")
    for start in range(3168, 3888, 3):
        triple = items[start:start + 3]
        assert sorted(item.gold for item in triple) == ["female", "male", "neutral"]
        assert len({item.params["entity"] for item in triple}) == 1


@pytest.mark.parametrize(("name", "systems"), [
    ("winomt-en-fr", ["google", "bing", "aws", "systran", "sota"]),
    ("winomt-en-de", ["google", "bing", "aws", "systran", "sota"]),
    ("winomt-en-es", ["google", "bing", "aws", "systran"]),
    ("winomt-en-it", ["google", "bing", "aws", "systran"]),
])
def test_each_bundled_suite_records_the_published_translations(name: str, systems: list[str]) -> None:
    suite = BUNDLED[name]
    assert suite.target_language == name[-2:] and list(suite.systems) == systems
    for system in suite.systems.values():
        excluded = {"2120", "2121", *(["3304"] if (name, system.name) == ("winomt-en-fr", "sota") else [])}
        assert len(system.outputs) == 3888 - len(excluded) and not system.errors
        # known defects of the data (the manifest's known_defects): lines 2,121-2,122 were translated before
        # en.txt was corrected; sota's French line 3,305 is only quotation marks
        assert set(system.excluded) == excluded
        assert "she broke the stove" in system.excluded["2120"] and "en-" in system.excluded["2120"]


def test_a_known_defect_has_no_test_and_the_run_counts_what_it_left_out() -> None:
    from pytest_mtchallenge.systems import SystemOptions
    from pytest_mtchallenge.systems.recorded import RecordedSystemKind

    suite = BUNDLED["winomt-en-fr"]
    sota = RecordedSystemKind(argument="sota", name=None, options=SystemOptions())
    assert not sota.covers_item(suite, suite.item("3304")) and not sota.covers_item(suite, suite.item("2120"))
    assert sota.covers_item(suite, suite.item("0")) and sota.item_count(suite) == 3888 - 3
    assert RecordedSystemKind(argument="google", name=None, options=SystemOptions()).item_count(suite) == 3888 - 2


def test_a_known_defect_must_say_why(tmp_path: Path) -> None:
    message = error_of(write_winomt(tmp_path, manifest=MANIFEST + 'known_defects:\n  "0": ""\n'))
    assert "known_defects" in message and "known defect of the data" in message


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_the_bundled_suites_load_with_the_shipped_family(name: str) -> None:
    families = builtin_checkers()
    suite = load_any_suite(bundled_suites()[name], checkers=families,
                           validate_params=lambda family, params: families[family].parse_params(params))
    assert {item.checker for item in suite.items} == {"entity_gender"} and families["entity_gender"].judges(
        suite.target_language)


@pytest.mark.skipif(not UPSTREAM.is_dir(), reason=f"WinoMT's upstream files are not at {UPSTREAM}")
def test_the_bundled_files_are_the_upstream_files_byte_for_byte() -> None:
    bundled = bundled_suites()["winomt-en-fr"].parent.parent / "winomt"
    pairs = [(bundled / "data" / f"{name}.gz", UPSTREAM / "data" / "aggregates" / name)
             for name in ("en.txt", "en_pro.txt", "en_anti.txt")]
    pairs += [(path, UPSTREAM / "translations" / path.parent.name / path.name.removesuffix(".gz"))
              for path in sorted((bundled / "translations").glob("*/*.gz"))]
    assert len(pairs) == 21
    for copy, original in pairs:
        assert gzip.decompress(copy.read_bytes()) == original.read_bytes(), copy
    assert (bundled / "LICENSE").read_bytes() == (UPSTREAM / "LICENSE").read_bytes()


def test_a_position_written_with_a_superscript_digit_is_one_line(tmp_path: Path) -> None:
    """Issue 39, 6-7: a WinoMT position ``²`` was a ValueError traceback at collection."""
    first = EN[0].split("\t")
    message = error_of(write_winomt(tmp_path, en=["\t".join([first[0], "²", *first[2:]]), *EN[1:]]))
    assert "expected the entity's word position in the sentence" in message and "'²'" in message
