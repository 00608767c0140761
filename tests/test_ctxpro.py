"""Reading ctxpro sets unchanged: items, contexts from the input lines, and the recorded output files."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats import detect_format, load_any_suite, split_format
from pytest_mtchallenge.formats.ctxpro import last_sentences, register_of, rule_title, set_name
from pytest_mtchallenge.languages import split_sentences

CTXPRO = Path(__file__).resolve().parents[2] / "shared" / "external" / "ctxpro-en-fr" / "paper"
FORMALITY = "mini.formality.opensubtitles.en-fr.test"
AUXILIARY = "auxiliary.opensubtitles.en-fr.test"

# Hand-written items in ctxpro's layout (not taken from the published sets).
ITEMS = [
    {"src pronoun": "you", "expected": "vous", "ref segment": "Je vous attendrai devant la gare.",
     "src segment": "I'll wait for you outside the station.", "segment id": 12, "document id": "en-fr/2020/a",
     "rule": "ACC.FORM+PLUR"},
    {"src pronoun": "you", "expected": "tu", "ref segment": "Tu viens ? Il est tard.",
     "src segment": "Are you coming? It's late.", "segment id": 30, "document id": "en-fr/2020/a",
     "rule": "NOM.INFORM.SING"},
    {"src pronoun": "you", "expected": "toi", "ref segment": "C'est pour toi.", "src segment": "It's for you.",
     "segment id": 4, "document id": "en-fr/2021/b", "rule": "DISJ.INFORM.SING"},
]
INPUTS = [
    "Good evening, sir.<eos> The train is late.<eos> I'll wait for you outside the station.",
    "Mum, it's me.<eos> Are you coming? It's late.",
    "It's for you.",
]
SENTENCES = ["Je t'attendrai devant la gare.", "Tu viens ? Il est tard.", "C'est pour vous."]
CONTEXTS = ["Bonsoir, monsieur. Le train a du retard. Je vous attendrai devant la gare.",
            "Maman, c'est moi. Tu viens ? Il est tard.", "C'est pour toi."]


def write_set(root: Path, name: str = "mini.formality.demo.en-fr.test", items: list[dict[str, object]] = ITEMS,
              inputs: list[str] | None = INPUTS, outputs: dict[str, list[str]] | None = None) -> Path:
    """A ctxpro ``paper/`` folder: jsons/NAME.json, inputs/NAME, outputs/SYSTEM.NAME.MODE."""
    for folder in ("jsons", "inputs", "outputs"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    path = root / "jsons" / f"{name}.json"
    path.write_text(json.dumps(items, ensure_ascii=False, indent=2), encoding="utf-8")
    if inputs is not None:
        (root / "inputs" / name).write_text("\n".join(inputs) + "\n", encoding="utf-8")
    if outputs is None:
        outputs = {"deepl.{}.sentences": SENTENCES, "deepl.{}.contexts": CONTEXTS}
    for pattern, lines in outputs.items():
        (root / "outputs" / pattern.format(name)).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_detected_from_content_and_stated_by_name(tmp_path: Path) -> None:
    path = write_set(tmp_path)
    assert detect_format(path) == "ctxpro"
    assert split_format(f"ctxpro:{path}") == ("ctxpro", str(path))
    assert split_format(f"ctxpro-upstream:{path}") == ("ctxpro-upstream", str(path))
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"items": [{"source_sentence": "x", "positive_regex": "y"}]}))
    assert detect_format(other) == "tq-autotest"


def test_items_rules_contexts_and_references(tmp_path: Path) -> None:
    suite = load_any_suite(write_set(tmp_path), checkers=builtin_checkers())
    assert (suite.source_language, suite.target_language) == ("en", "fr")
    assert [c.id for c in suite.categories] == ["formality"]
    assert list(suite.subcategories) == ["ACC.FORM+PLUR", "NOM.INFORM.SING", "DISJ.INFORM.SING"]
    first, second, third = suite.items
    assert (first.id, first.subcategory, first.category) == ("00001", "ACC.FORM+PLUR", "formality")
    assert first.context == ("Good evening, sir.", "The train is late.")
    assert first.source == "I'll wait for you outside the station."
    assert first.references == ("Je vous attendrai devant la gare.",)
    assert first.document == "en-fr/2020/a" and first.locus == ("vous",)
    assert second.context == ("Mum, it's me.",) and third.context == ()
    assert (first.checker, dict(first.params)) == ("formality", {"register": "vous"})
    assert dict(second.params) == {"register": "tu"}
    assert suite.rate == "decided"


def test_the_output_files_are_recorded_systems(tmp_path: Path) -> None:
    suite = load_any_suite(write_set(tmp_path))
    assert list(suite.systems) == ["deepl-contexts", "deepl-sentences"]
    sentences, contexts = suite.systems["deepl-sentences"], suite.systems["deepl-contexts"]
    assert (sentences.mode, contexts.mode) == ("sentence", "document")
    assert sentences.outputs["00001"] == "Je t'attendrai devant la gare."
    assert contexts.outputs["00001"] == "Je vous attendrai devant la gare."
    assert contexts.context_outputs["00001"] == ("Bonsoir, monsieur.", "Le train a du retard.")
    # the source holds two sentences: the output is the line's last two
    assert contexts.outputs["00002"] == "Tu viens ? Il est tard."
    assert contexts.context_outputs["00002"] == ("Maman, c'est moi.",)
    assert contexts.outputs["00003"] == "C'est pour toi." and contexts.context_outputs["00003"] == ()


def test_upstream_reading_judges_every_rule_by_ctxpros_rule(tmp_path: Path) -> None:
    suite = load_any_suite(write_set(tmp_path), format="ctxpro-upstream", checkers=builtin_checkers())
    assert {i.checker for i in suite.items} == {"ctxpro-expected"}
    assert [dict(i.params) for i in suite.items] == [{"expected": "vous"}, {"expected": "tu"}, {"expected": "toi"}]
    assert suite.rate == "items"
    # document-mode outputs are cut as ctxpro cuts them: its last sentence only
    assert suite.systems["deepl-contexts"].outputs["00002"] == "Il est tard."


def test_auxiliary_items_carry_the_antecedents_lemma(tmp_path: Path) -> None:
    items = [{"src verb": "did", "expected": "savait", "ref verb lemma": "savoir", "ref segment": "Lui, il savait.",
              "src segment": "He did.", "src ante segment": "Nobody knew.", "rule": "DO.ELL",
              "document id": "d", "segment id": 3}]
    path = write_set(tmp_path, "auxiliary.demo.en-fr.test", items, ["Nobody knew.<eos> He did."],
                     {"deepl.{}.sentences": ["Il l'a fait."]})
    suite = load_any_suite(path, checkers=builtin_checkers())
    item = suite.items[0]
    assert (item.category, item.subcategory, item.checker) == ("auxiliary", "DO.ELL", "verb_ellipsis")
    assert dict(item.params) == {"lemma": "savoir"}
    assert "savoir" in item.question


def test_a_set_without_a_family_for_its_language_keeps_ctxpros_rule(tmp_path: Path) -> None:
    items = [dict(ITEMS[0], expected="Sie", rule="ACC.FORM")]
    suite = load_any_suite(write_set(tmp_path, "formality.demo.en-de.test", items, None, {}))
    assert suite.items[0].checker == "ctxpro-expected" and suite.target_language == "de"
    assert suite.items[0].context == () and suite.systems == {}


def test_names_and_rules() -> None:
    assert set_name(Path("mini.formality.opensubtitles.en-fr.test.json")) == ("formality", "en", "fr")
    assert set_name(Path("auxiliary.opensubtitles.en-fr.test.json")) == ("auxiliary", "en", "fr")
    assert register_of("ACC.INFORM.SING.LIAS") == "tu" and register_of("NOM.FORM+PLUR") == "vous"
    assert register_of("DO.ELL") is None
    assert rule_title("ACC.INFORM.SING.LIAS") == "object, informal, singular, elided before a vowel"
    assert rule_title("XYZ") == "XYZ"


@pytest.mark.parametrize(("change", "message"), [
    (lambda items, inputs, outputs: items[1].pop("expected"), "item 00002: field 'expected': missing, or not text"),
    (lambda items, inputs, outputs: items[0].update(rule=3), "item 00001: field 'rule': missing, or not text"),
    (lambda items, inputs, outputs: inputs.pop(), "has 2 lines for the set's 3 items"),
    (lambda items, inputs, outputs: inputs.__setitem__(0, "Hello.<eos> Something else."),
     "item 00001: line 1 does not end with the item's src segment"),
    (lambda items, inputs, outputs: outputs["deepl.{}.contexts"].append("De trop."), "has 4 lines for the set's 3"),
    (lambda items, inputs, outputs: items[2].update(rule="NOM.SING"), "item 00003: field 'rule': a formality rule"),
])
def test_bad_files_are_one_line_errors(tmp_path: Path, change, message: str) -> None:  # type: ignore[no-untyped-def]
    items, inputs = [dict(i) for i in ITEMS], list(INPUTS)
    outputs = {"deepl.{}.sentences": list(SENTENCES), "deepl.{}.contexts": list(CONTEXTS)}
    change(items, inputs, outputs)
    path = write_set(tmp_path, items=items, inputs=inputs, outputs=outputs)
    with pytest.raises(SuiteError) as caught:
        load_any_suite(path, checkers=builtin_checkers())
    assert message in caught.value.one_line() and "\n" not in caught.value.one_line()


def test_not_json_and_no_language_pair(tmp_path: Path) -> None:
    broken = tmp_path / "jsons" / "formality.x.en-fr.test.json"
    broken.parent.mkdir()
    broken.write_text('[{"src segment": "a", "rule": ')
    with pytest.raises(SuiteError, match="invalid JSON"):
        load_any_suite(broken, format="ctxpro")
    with pytest.raises(SuiteError, match="language pair"):
        load_any_suite(write_set(tmp_path / "p", "formality"), format="ctxpro")


def test_last_sentences_of_the_end_equal_those_of_the_whole_line() -> None:
    split = lambda text: split_sentences(text, "fr")  # noqa: E731
    line = " ".join(f"Phrase numéro {n}, avec M. Dupont et quelques mots de plus." for n in range(40))
    for count in (1, 2, 3):
        assert last_sentences(split, line, count) == split(line)[-count:]
    assert last_sentences(split, "Court.", 2) == ["Court."]


@pytest.fixture(scope="module")
def published() -> Path:
    if not (CTXPRO / "jsons" / f"{FORMALITY}.json").exists():
        pytest.skip(f"the ctxpro English–French sets are not available at {CTXPRO} (read from there, never copied)")
    return CTXPRO


@pytest.mark.parametrize(("name", "count"), [(FORMALITY, 12_000), (AUXILIARY, 8_322)])
def test_the_published_sets_load_with_both_deepl_systems(published: Path, name: str, count: int) -> None:
    suite = load_any_suite(published / "jsons" / f"{name}.json", checkers=builtin_checkers())
    assert len(suite.items) == count and list(suite.systems) == ["deepl-contexts", "deepl-sentences"]
    assert all(len(s.outputs) == count for s in suite.systems.values())
    lines = (published / "inputs" / name).read_text(encoding="utf-8").splitlines()
    assert all(item.context == tuple(line.split("<eos> ")[:-1]) for item, line in zip(suite.items, lines))
    # the output cut from the end of each line is the end of the whole line's split
    contexts = suite.systems["deepl-contexts"]
    raw = (published / "outputs" / f"deepl.{name}.contexts").read_text(encoding="utf-8").splitlines()
    for item, line in list(zip(suite.items, raw))[::25]:
        whole, own = split_sentences(line.strip(), "fr"), len(split_sentences(item.source, "en"))
        assert contexts.outputs[item.id] == " ".join(whole[-own:])
        assert contexts.context_outputs[item.id] == tuple(whole[:-own])



@pytest.mark.parametrize("beside", ["inputs/{}", "outputs/deepl.{}.sentences"])
def test_a_file_beside_the_set_larger_than_the_limit_is_one_line_error_read_no_further(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, beside: str) -> None:
    """The inputs and outputs files are read through files.read_text, as the set is: no more than the
    limit is read (issue 25, 7: a 1 GiB file was read whole, 2.1 GB resident)."""
    from pytest_mtchallenge import files

    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1024 * 1024)
    path = write_set(tmp_path)
    name = path.name.removesuffix(".json")
    with (tmp_path / beside.format(name)).open("a", encoding="utf-8") as handle:
        handle.write("x" * (1024 * 1024))
    with pytest.raises(SuiteError) as caught:
        load_any_suite(path, checkers=builtin_checkers())
    assert caught.value.one_line() == f"{tmp_path / beside.format(name)}: larger than 1 MiB, the limit of a file read"


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 100_000 + "]" * 100_000, "nested deeper than 100 levels"),
    ('[{"src segment": "a", "rule": "x", "segment id": ' + "9" * 5000 + "}]", "invalid JSON ("),
])
def test_a_set_too_deep_or_with_a_huge_number_is_one_line_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "jsons" / "formality.x.en-fr.test.json"
    path.parent.mkdir()
    path.write_text(text)
    with pytest.raises(SuiteError, match="^" + re.escape(f"{path}: {message}")):
        load_any_suite(path, format="ctxpro")


@pytest.mark.parametrize("before", ["\ufeff", " \n" * 5000, "\ufeff\n  "])
def test_a_set_starting_with_a_bom_or_much_white_space_is_still_ctxpro(tmp_path: Path, before: str) -> None:
    """Issue 39, point 11: such a file was not recognised (and then read as TQ-AutoTest)."""
    path = write_set(tmp_path)
    path.write_text(before + path.read_text(encoding="utf-8"), encoding="utf-8")
    assert detect_format(path) == "ctxpro"
    assert len(load_any_suite(path).items) == len(ITEMS)
