"""Two judges of the same recorded outputs: the cross-tabulation, the context effect and ``mtchallenge cross-judge``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_mtchallenge.judge import crosstab
from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.cli import main
from pytest_mtchallenge.formats import load_any_suite

# A hand-written formality set in ctxpro's layout: 4 items, a sentence-mode and a document-mode system.
ITEMS = [
    {"expected": "te", "ref segment": "Je te vois.", "src segment": "I see you.", "rule": "ACC.INFORM.SING"},
    {"expected": "t'", "ref segment": "Je t'aime.", "src segment": "I love you.", "rule": "ACC.INFORM.SING.LIAS"},
    {"expected": "vous", "ref segment": "Je vous crois.", "src segment": "I believe you.", "rule": "ACC.FORM+PLUR"},
    {"expected": "te", "ref segment": "Je te suis.", "src segment": "I follow you.", "rule": "ACC.INFORM.SING"},
]
INPUTS = ["Hi, Tom.<eos> I see you.", "Mum.<eos> I love you.", "Sir.<eos> I believe you.", "Go.<eos> I follow you."]
SENTENCES = ["Je vous vois.", "Je vous aime.", "Je vous crois.", "Enchanté."]
CONTEXTS = ["Salut, Tom. Je te vois.", "Maman. Je t'aime.", "Monsieur. Je vous crois.", "Va. Je te suis."]


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    name = "mini.formality.demo.en-fr.test"
    for folder in ("jsons", "inputs", "outputs"):
        (tmp_path / folder).mkdir()
    (tmp_path / "jsons" / f"{name}.json").write_text(json.dumps(ITEMS), encoding="utf-8")
    (tmp_path / "inputs" / name).write_text("\n".join(INPUTS) + "\n", encoding="utf-8")
    (tmp_path / "outputs" / f"mt.{name}.sentences").write_text("\n".join(SENTENCES) + "\n", encoding="utf-8")
    (tmp_path / "outputs" / f"mt.{name}.contexts").write_text("\n".join(CONTEXTS) + "\n", encoding="utf-8")
    return tmp_path / "jsons" / f"{name}.json"


def judged(path: Path) -> list[crosstab.DoublyJudged]:
    families = builtin_checkers()
    first = load_any_suite(path, format="ctxpro", checkers=families)
    second = load_any_suite(path, format="ctxpro-upstream", checkers=families)
    return crosstab.judge_twice(first, second, {name: families[name]() for name in families})


def test_both_judges_see_every_output(demo: Path) -> None:
    records = judged(demo)
    assert len(records) == 8
    by_key = {(r.item, r.system): (r.first, r.second) for r in records}
    assert by_key[("00002", "mt-contexts")] == ("pass", "fail")  # t': ctxpro can never find it
    assert by_key[("00001", "mt-sentences")] == ("fail", "fail")
    assert by_key[("00004", "mt-sentences")] == ("na", "fail")
    table = crosstab.cross_tabulate(records)
    assert table[("ACC.INFORM.SING", "mt-contexts")] == {("pass", "pass"): 2}


def test_the_context_effect_pairs_items_the_judge_decided(demo: Path) -> None:
    effects = {(e.subcategory, e.judge): e for e in crosstab.context_effects(judged(demo), baseline="mt-sentences",
                                                                             candidate="mt-contexts")}
    first = effects[("overall", "first")]  # the na item 00004 is left out
    assert (first.paired, first.baseline_pass, first.candidate_pass, first.improved, first.regressed) == (3, 1, 3, 2, 0)
    second = effects[("overall", "second")]
    assert (second.paired, second.improved, second.regressed) == (4, 2, 0)
    assert second.p_value == 0.5


def test_disagreements_are_sampled_across_their_kinds(demo: Path) -> None:
    records = judged(demo)
    sample = crosstab.sample_disagreements(records, 10, seed=1)
    assert {(r.first, r.second) for r in sample} == {("pass", "fail"), ("na", "fail")}
    assert all(not r.agrees for r in sample)
    assert len(crosstab.sample_disagreements(records, 1)) == 1


def test_a_json_file_that_cannot_be_written_is_one_line(demo: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cross-judge", f"ctxpro:{demo}", "--json", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"mtchallenge: {tmp_path}: field '--json': is a folder, not a file\n"


def test_one_disagreement_is_said_in_the_singular(demo: Path) -> None:
    records = judged(demo)
    text = crosstab.render(records, first_name="formality", second_name="ctxpro-expected", effects=[],
                           disagreements=crosstab.sample_disagreements(records, 1))
    assert "\n1 disagreement (random sample)\n" in text


def test_the_command(demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cross-judge", f"ctxpro:{demo}", "--json", str(tmp_path / "x.json"), "--sample", "2"]) == 0
    out = capsys.readouterr().out
    assert "first judge: formality; second judge: ctxpro-expected" in out
    assert "effect of context: mt-contexts against mt-sentences" in out
    assert "2 disagreements (random sample)" in out
    written = json.loads((tmp_path / "x.json").read_text(encoding="utf-8"))
    assert len(written["outputs"]) == 8 and written["first"] == "formality"
