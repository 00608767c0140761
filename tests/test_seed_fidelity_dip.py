"""The DiP suites equal the examples of the DiP paper that print a source (Tables 3 and 17), with
the paper's outputs as recorded systems and its verdicts, apart from documented corrections and
marked project items; each phenomenon has at least six German→English items."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.formats import load_any_suite
from pytest_mtchallenge.model import ChallengeItem, Suite

SUITES = Path(__file__).resolve().parents[1] / "suites"
SEED = Path(__file__).resolve().parents[1].parent / "shared" / "seeds" / "002_49fc1cecba5660ae.txt"
PROJECT = "Project item (not in the paper)."
#: A correction quotes what the text conversion reads.
QUOTED = re.compile(r'conversion reads "(.*?)"')
NAMES = ("dip-discourse", "dip-discourse-ru-en", "dip-discourse-zh-en", "dip-discourse-en-fr")


def plain(text: str) -> str:
    return " ".join(text.replace("<b>", "").replace("</b>", "").replace("<i>", "").replace("</i>", "").split())


@pytest.fixture(scope="module")
def seed() -> str:
    if not SEED.exists():
        pytest.skip(f"the seed publication is not available at {SEED}")
    return plain(SEED.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def suites() -> dict[str, Suite]:
    checkers = builtin_checkers()
    return {name: load_any_suite(SUITES / name, checkers=checkers,
                                 validate_params=lambda family, params: checkers[family].parse_params(params))
            for name in NAMES}


def paper_items(suites: dict[str, Suite]) -> list[ChallengeItem]:
    return [item for suite in suites.values() for item in suite.items if PROJECT not in item.notes]


def test_one_language_pair_per_suite(suites: dict[str, Suite]) -> None:
    pairs = {name: (s.source_language, s.target_language) for name, s in suites.items()}
    assert pairs == {"dip-discourse": ("de", "en"), "dip-discourse-ru-en": ("ru", "en"),
                     "dip-discourse-zh-en": ("zh", "en"), "dip-discourse-en-fr": ("en", "fr")}
    assert {s.rate for s in suites.values()} == {"decided"}


def test_every_example_with_a_source_is_an_item(suites: dict[str, Suite]) -> None:
    """Table 3 (four rows; anaphora and lexical consistency are German) and Table 17's two German S lines."""
    assert sorted(item.id for item in paper_items(suites)) == [
        "ana-apartment", "ana-bus-driver", "ana-napoleon", "coh-rostov", "con-crowds", "lex-landsham"]


def test_paper_texts_are_the_seed_or_the_correction_is_quoted(suites: dict[str, Suite], seed: str) -> None:
    problems = []
    for item in paper_items(suites):
        quoted = QUOTED.findall(item.notes)
        for quote in quoted:
            if plain(quote) not in seed:
                problems.append((item.id, "quoted reading not in the seed", quote))
        texts = [("source", item.source), *(("context", c) for c in item.context),
                 *(("context_references", r) for r in item.context_references)]
        if "Reference written by the project" not in item.notes:
            texts += [("reference", r) for r in item.references]
        for field, text in texts:
            if plain(text) not in seed and not (quoted and "corrected" in item.notes):
                problems.append((item.id, field, text))
    assert problems == []


def test_a_correction_note_stands_only_where_a_text_differs_from_the_seed(suites: dict[str, Suite],
                                                                          seed: str) -> None:
    for suite in suites.values():
        for item in suite.items:
            if "corrected" not in item.notes:
                continue
            outputs = [text for system in suite.systems.values() if item.id in system.outputs
                       for text in (system.outputs[item.id], *system.context_outputs.get(item.id, ()))]
            differing = [t for t in (item.source, *item.context, *outputs) if plain(t) not in seed]
            assert differing, f"{item.id}: a correction note, but every text is the seed's"
            assert QUOTED.findall(item.notes), item.id


def test_recorded_outputs_are_the_papers(suites: dict[str, Suite], seed: str) -> None:
    problems = []
    for suite in suites.values():
        for system in suite.systems.values():
            assert system.name in ("paper-table3", "paper-table17"), system.name
            for item_id, output in system.outputs.items():
                item = suite.item(item_id)
                texts = [output, *system.context_outputs.get(item_id, ())]
                for text in texts:
                    if plain(text) in seed:
                        continue
                    if not any(plain(q) in seed for q in QUOTED.findall(item.notes)) or "corrected" not in item.notes:
                        problems.append((suite.name, item_id, text))
    assert problems == []


def test_context_outputs_are_parallel_to_the_context(suites: dict[str, Suite]) -> None:
    for suite in suites.values():
        for system in suite.systems.values():
            for item_id, sentences in system.context_outputs.items():
                assert len(sentences) == len(suite.item(item_id).context), (suite.name, item_id)


def test_the_paper_verdicts_are_errors_for_every_paper_output(suites: dict[str, Suite]) -> None:
    for suite in suites.values():
        recorded = {(v.item, v.output, v.system): v.verdict for v in suite.verdicts}
        expected = {(item_id, output, system.name): "no"
                    for system in suite.systems.values() for item_id, output in system.outputs.items()}
        assert recorded == expected, suite.name


def test_project_items_are_marked_and_not_in_the_paper(suites: dict[str, Suite], seed: str) -> None:
    for suite in suites.values():
        for item in suite.items:
            if PROJECT in item.notes:
                assert plain(item.source) not in seed, item.id
                assert not any(item.id in s.outputs for s in suite.systems.values()), item.id
    assert all(PROJECT in item.notes for item in suites["dip-discourse-en-fr"].items)


def test_each_phenomenon_has_six_german_english_items_with_context(suites: dict[str, Suite]) -> None:
    suite = suites["dip-discourse"]
    counts = {category.id: sum(len(suite.subcategories[s].item_ids) for s in category.subcategory_ids)
              for category in suite.categories}
    assert counts.keys() == {"anaphora", "coherence", "lexical_consistency", "connectives"}
    assert min(counts.values()) >= 6, counts
    project = [item for item in suite.items if PROJECT in item.notes]
    assert all(item.context and len(item.context_references) == len(item.context) for item in project)


def test_the_english_french_suite_has_the_house_item(suites: dict[str, Suite]) -> None:
    houses = suites["dip-discourse-en-fr"].item("fr-houses")
    assert houses.params["pronoun"] == "they"
    assert list(houses.params["antecedent"]) == ["maison", "résidence"]
    assert houses.context and houses.context_references
    agreement = [i for i in suites["dip-discourse-en-fr"].items if i.checker == "antecedent_agreement"]
    assert len(agreement) >= 6
