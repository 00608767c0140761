"""The typed run signature: formatted as before, parsed back, compared on what makes runs comparable."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.runs.signature import RunSignature, parse_signature

TEXT = ("suite:isabelle2017-en-fr|suite-hash:18dc87f21a|checkers:agreement@3,mood@2|lexicon:lefff-3.4@56506dccd9|"
        "verdicts-hash:8e768e179c|judge:auto+human|system:recorded:nmt|version:0.1.0")


def test_parse_reads_every_field_and_format_gives_the_text_back() -> None:
    signature = RunSignature.parse(TEXT)
    assert signature.suite == "isabelle2017-en-fr"
    assert signature.checkers == "agreement@3,mood@2"
    assert signature.lexicons == ("lefff-3.4@56506dccd9",)
    assert signature.system == "recorded:nmt"  # the value keeps its own colons
    assert signature.format() == TEXT == str(signature)


def test_no_lexicon_part_when_the_families_read_no_pack_and_several_when_they_read_several() -> None:
    bare = RunSignature(suite="s", suite_hash="h", checkers="regex@1", judge="auto", system="x", version="1")
    assert "lexicon:" not in bare.format()
    two = RunSignature.parse(TEXT.replace("lexicon:lefff-3.4@56506dccd9", "lexicon:cs@1|lexicon:en@2"))
    assert two.lexicons == ("cs@1", "en@2")
    assert RunSignature.parse(two.format()) == two


def test_differences_name_what_makes_runs_incomparable_not_the_system_or_version() -> None:
    mine = RunSignature.parse(TEXT)
    other_system = RunSignature.parse(TEXT.replace("system:recorded:nmt", "system:recorded:pbmt-1")
                                      .replace("version:0.1.0", "version:0.2.0"))
    assert mine.differences(other_system) == ()
    assert mine.comparable_with(other_system)
    newer = RunSignature.parse(TEXT.replace("mood@2", "mood@3"))
    assert newer.differences(mine) == ("checkers: agreement@3,mood@2 → agreement@3,mood@3",)
    assert not newer.comparable_with(mine)


def test_a_saved_run_from_an_older_version_without_a_field_shows_a_question_mark() -> None:
    old = RunSignature.parse("suite:s|suite-hash:h|checkers:a@1|judge:auto|system:x|version:0")
    new = RunSignature.parse("suite:s|suite-hash:h|checkers:a@1|lexicon:l@1|verdicts-hash:none|judge:auto|system:x")
    assert new.differences(old) == ("lexicon: ? → l@1", "verdicts-hash: ? → none")


def test_the_dict_reading_of_older_callers_is_kept() -> None:
    assert parse_signature(TEXT)["judge"] == "auto+human"


field_text = st.text(st.characters(blacklist_characters="|", blacklist_categories=("Cs",)), min_size=1, max_size=12)


@given(suite=field_text, checkers=field_text, lexicons=st.lists(field_text, max_size=3), judge=field_text)
def test_format_then_parse_is_the_identity(suite: str, checkers: str, lexicons: list[str], judge: str) -> None:
    signature = RunSignature(suite=suite, suite_hash="h", checkers=checkers, lexicons=tuple(lexicons),
                             verdicts_hash="none", judge=judge, system="s", version="1")
    assert RunSignature.parse(signature.format()) == signature
