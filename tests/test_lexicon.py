"""Tests of the Lefff lexicon reader and of the tools/build_lefff.py conversion."""
from __future__ import annotations

import gzip
import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from pytest_mtchallenge.languages.fr.lexicon import (
    Analysis,
    Lexicon,
    LexiconError,
    TagReading,
    decode_tag,
    default_lexicon,
)

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "pytest_mtchallenge" / "languages" / "fr" / "data" / "lefff-3.4.tsv.gz"

SAMPLE_MLEX = """\
veniez\tv\tvenir\tI2p
veniez\tv\tvenir\tS2p
vienne\tv\tvenir\tS13s
ce\tdet\tce\tms
ce\tcln\tce\t
ce putain de\tdet\tce putain de\tms
Paris\tnp\tParis\tms
_NUM\tdet\t_NUM\t
,\tponcts\t,\t
le__det\tdet\tle\tms
Été\tnc\tÉté\tms
été\tauxEtre\têtre\tK
aujourd'hui\tadv\taujourd'hui\t
coeur\tnc\tcoeur\tms
zèbre\tnc\tzèbre\tms
élan\tnc\télan\tms
arrogante\tadj\tarrogant\tfs
"""
SAMPLE_KEPT = {
    tuple(line.split("\t"))
    for line in SAMPLE_MLEX.splitlines()
    if not line.startswith(("Paris", "_NUM", ",", "le__det"))
}


@pytest.fixture(scope="module")
def build_lefff() -> Iterator[ModuleType]:
    spec = importlib.util.spec_from_file_location("build_lefff", ROOT / "tools" / "build_lefff.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_lefff"] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    yield module
    del sys.modules["build_lefff"]


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


@pytest.fixture
def sample_file(tmp_path: Path, build_lefff: ModuleType) -> Path:
    path = tmp_path / "sample.tsv.gz"
    path.write_bytes(build_lefff.compress(build_lefff.convert(SAMPLE_MLEX).text))
    return path


def readings(lexicon: Lexicon, form: str) -> set[tuple[str, str, str | None, str | None, int | None, str | None]]:
    return {(a.lemma, a.pos, a.mood, a.tense, a.person, a.number) for a in lexicon.analyses(form)}


# The facts a checker relies on, from the shipped lexicon.


def test_veniez_is_imperfect_indicative_and_present_subjunctive(lexicon: Lexicon) -> None:
    assert readings(lexicon, "veniez") == {
        ("venir", "verb", "indicative", "imperfect", 2, "p"),
        ("venir", "verb", "subjunctive", "present", 2, "p"),
    }


def test_vienne_is_present_subjunctive_first_and_third_singular(lexicon: Lexicon) -> None:
    assert readings(lexicon, "vienne") == {
        ("venir", "verb", "subjunctive", "present", 1, "s"),
        ("venir", "verb", "subjunctive", "present", 3, "s"),
    }


def test_arrogante_is_feminine_singular_adjective(lexicon: Lexicon) -> None:
    adjectives = [a for a in lexicon.analyses("arrogante") if a.pos == "adj"]
    assert [(a.lemma, a.gender, a.number, a.lefff_category) for a in adjectives] == [("arrogant", "f", "s", "adj")]
    assert adjectives[0].describe() == "arrogant, adjective, feminine singular"


def test_auraient_is_conditional_third_plural_of_avoir(lexicon: Lexicon) -> None:
    assert {(a.pos, a.lefff_category) for a in lexicon.analyses("auraient")} == {("aux", "auxAvoir"), ("verb", "v")}
    for analysis in lexicon.analyses("auraient"):
        assert (analysis.lemma, analysis.mood, analysis.tense, analysis.person, analysis.number) == (
            "avoir", "conditional", None, 3, "p",
        )


def test_describe_reads_like_a_grammar(lexicon: Lexicon) -> None:
    assert "venir, subjunctive present, 2nd person plural" in {a.describe() for a in lexicon.analyses("veniez")}
    assert "avoir, auxiliary, conditional, 3rd person plural" in {a.describe() for a in lexicon.analyses("auraient")}
    assert "finir, past participle, masculine plural" in {a.describe() for a in lexicon.analyses("finis")}
    assert "finir, indicative simple past, 2nd person singular" in {a.describe() for a in lexicon.analyses("finis")}
    assert [a.describe() for a in lexicon.analyses("votre")] == ["son, determiner, singular, possessor 2nd person plural"]


def test_clitics_get_a_citation_lemma(lexicon: Lexicon) -> None:
    subject = [a for a in lexicon.analyses("-t-elle") if a.lefff_category == "cln"]
    assert [(a.lemma, a.pos, a.person, a.gender, a.number) for a in subject] == [("elle", "clitic", 3, "f", "s")]
    assert {a.lemma for a in lexicon.analyses("j'") if a.pos == "clitic"} == {"je"}
    assert {(a.lemma, a.gender) for a in lexicon.analyses("l'") if a.lefff_category == "cla"} == {("le", "m"), ("la", "f")}


def test_every_tag_in_the_shipped_file_decodes() -> None:
    tags: set[str] = set()
    with gzip.open(SHIPPED, "rt", encoding="utf-8") as lines:
        next(lines)
        for line in lines:
            tags.update(line.rstrip("\n").split("\t")[3::3])
    assert len(tags) > 100
    for tag in tags:
        assert decode_tag(tag), tag


# Tag decoding.


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        (
            "PS3p",
            {TagReading("indicative", "present", 3, None, "p"), TagReading("subjunctive", "present", 3, None, "p")},
        ),
        (
            "S13s",
            {TagReading("subjunctive", "present", 1, None, "s"), TagReading("subjunctive", "present", 3, None, "s")},
        ),
        (
            "PJ12s",
            {
                TagReading("indicative", "present", 1, None, "s"),
                TagReading("indicative", "present", 2, None, "s"),
                TagReading("indicative", "simple_past", 1, None, "s"),
                TagReading("indicative", "simple_past", 2, None, "s"),
            },
        ),
        ("ST2s", {TagReading("subjunctive", "present", 2, None, "s"), TagReading("subjunctive", "imperfect", 2, None, "s")}),
        ("I12s", {TagReading("indicative", "imperfect", 1, None, "s"), TagReading("indicative", "imperfect", 2, None, "s")}),
        ("J3s", {TagReading("indicative", "simple_past", 3, None, "s")}),
        ("T3s", {TagReading("subjunctive", "imperfect", 3, None, "s")}),
        ("F1p", {TagReading("indicative", "future", 1, None, "p")}),
        ("C12s", {TagReading("conditional", None, 1, None, "s"), TagReading("conditional", None, 2, None, "s")}),
        ("Y2p", {TagReading("imperative", None, 2, None, "p")}),
        ("W", {TagReading("infinitive")}),
        ("G", {TagReading("gerund")}),
        ("Kfs", {TagReading("participle", "past", None, "f", "s")}),
        ("Kmp", {TagReading("participle", "past", None, "m", "p")}),
        ("Km", {TagReading("participle", "past", None, "m", None)}),
        ("K", {TagReading("participle", "past")}),
        ("ms", {TagReading(gender="m", number="s")}),
        ("fp", {TagReading(gender="f", number="p")}),
        ("s", {TagReading(number="s")}),
        ("p", {TagReading(number="p")}),
        ("m", {TagReading(gender="m")}),
        ("", {TagReading()}),
        ("e", {TagReading()}),
        ("3fs", {TagReading(person=3, gender="f", number="s")}),
        ("3", {TagReading(person=3)}),
        ("s_P2p", {TagReading(number="s", possessor_person=2, possessor_number="p")}),
        ("fp_P1s", {TagReading(gender="f", number="p", possessor_person=1, possessor_number="s")}),
    ],
)
def test_decode_tag_gives_one_reading_per_mood_and_person(tag: str, expected: set[TagReading]) -> None:
    decoded = decode_tag(tag)
    assert len(decoded) == len(expected)
    assert set(decoded) == expected


@pytest.mark.parametrize("tag", ["X3s", "3sm", "ms_P", "Kfs_P4p", "ee"])
def test_unknown_tag_is_an_error(tag: str) -> None:
    with pytest.raises(ValueError, match="unknown Lefff tag"):
        decode_tag(tag)


def test_adjective_with_number_only_has_no_gender(lexicon: Lexicon) -> None:
    assert {(a.gender, a.number) for a in lexicon.analyses("rapides") if a.pos == "adj"} == {(None, "p")}
    assert {(a.gender, a.number) for a in lexicon.analyses("rapide") if a.pos == "adj"} == {(None, "s")}


# Lookup: case, apostrophes, ligatures, unknown words.


def test_lowercase_fallback(lexicon: Lexicon) -> None:
    assert readings(lexicon, "Veniez") == readings(lexicon, "veniez")
    assert readings(lexicon, "VIENNE") == readings(lexicon, "vienne")


def test_exact_form_wins_over_lowercase(sample_file: Path) -> None:
    sample = Lexicon.load(sample_file)
    assert [(a.lemma, a.pos) for a in sample.analyses("Été")] == [("Été", "noun")]
    assert [(a.lemma, a.pos) for a in sample.analyses("ÉTÉ")] == [("être", "aux")]


@pytest.mark.parametrize("form", ["aujourd\u2019hui", "aujourd\u02bchui", "Aujourd\u2019hui"])
def test_typographic_apostrophe(lexicon: Lexicon, form: str) -> None:
    assert lexicon.lemmas(form) == {"aujourd'hui"}
    assert form in lexicon


def test_oe_ligature_is_spelled_as_lefff_does(lexicon: Lexicon) -> None:
    assert lexicon.lemmas("cœur") == {"coeur"}
    assert lexicon.lemmas("Œuvres") == lexicon.lemmas("oeuvres")


def test_decomposed_accents_are_found(lexicon: Lexicon) -> None:
    assert lexicon.lemmas("e\u0301te\u0301") == lexicon.lemmas("été") != frozenset()


@pytest.mark.parametrize("form", ["xyzzyqwerty", "", "ven\tiez", "veniez\n"])
def test_unknown_word_has_no_analysis(lexicon: Lexicon, form: str) -> None:
    assert lexicon.analyses(form) == ()
    assert form not in lexicon
    assert lexicon.lemmas(form) == frozenset()


def test_non_string_is_not_contained(lexicon: Lexicon) -> None:
    assert 3 not in lexicon


def test_analyses_are_frozen_and_cached(lexicon: Lexicon) -> None:
    first = lexicon.analyses("vienne")
    assert lexicon.analyses("vienne") is first
    with pytest.raises(AttributeError):
        first[0].lemma = "aller"  # type: ignore[misc]
    assert isinstance(first[0], Analysis)


def test_forms_of_a_lemma_with_features(lexicon: Lexicon) -> None:
    subjunctive_2p = lexicon.forms("venir", mood="subjunctive", tense="present", person=2, number="p")
    assert subjunctive_2p == ("veniez",)
    assert "vienne" in lexicon.forms("venir", mood="subjunctive", person=3, number="s")
    assert "veniez" not in lexicon.forms("venir", mood="subjunctive", person=3)
    with pytest.raises(TypeError, match="colour"):
        lexicon.forms("venir", colour="red")


def test_binary_search_finds_every_line_of_the_sample(sample_file: Path) -> None:
    sample = Lexicon.load(sample_file)
    for form in {entry[0] for entry in SAMPLE_KEPT}:
        assert sample.analyses(form), form
    assert sample.analyses("ce putain") == ()
    assert {a.pos for a in sample.analyses("ce")} == {"det", "clitic"}
    assert sample.analyses("Paris") == () and sample.analyses("_NUM") == ()


def test_default_lexicon_is_loaded_once() -> None:
    assert default_lexicon() is default_lexicon()


def test_import_reads_no_data() -> None:
    probe = (
        "import sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == 'open' else None)\n"
        "import pytest_mtchallenge.languages.fr.lexicon\n"
        "print([path for path in opened if 'lefff' in path])\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


# A missing or corrupt file.


def test_missing_file_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.tsv.gz"
    with pytest.raises(LexiconError, match="nowhere.tsv.gz") as raised:
        Lexicon.load(missing)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    "content",
    [
        b"not gzip at all\n",
        gzip.compress(b"#pytest-mtchallenge-lefff\t1\tforms=1\nveniez\tv\tvenir\tI2p\n", mtime=0)[:-6],
        gzip.compress(b"veniez\tv\tvenir\tI2p\n", mtime=0),
        b"",
    ],
    ids=["not-gzip", "truncated", "no-header", "empty"],
)
def test_corrupt_file_names_the_file(tmp_path: Path, content: bytes) -> None:
    corrupt = tmp_path / "corrupt-lexicon.tsv.gz"
    corrupt.write_bytes(content)
    with pytest.raises(LexiconError, match="corrupt-lexicon.tsv.gz") as raised:
        Lexicon.load(corrupt)
    assert "\n" not in str(raised.value)


def test_corrupt_entry_names_the_file(tmp_path: Path) -> None:
    corrupt = tmp_path / "bad-entry.tsv.gz"
    corrupt.write_bytes(gzip.compress(b"#pytest-mtchallenge-lefff\t1\tforms=1\nveniez\tv\tvenir\tQ9z\n", mtime=0))
    lexicon = Lexicon.load(corrupt)
    with pytest.raises(LexiconError, match="bad-entry.tsv.gz.*Q9z"):
        lexicon.analyses("veniez")


# tools/build_lefff.py


def test_conversion_round_trip(build_lefff: ModuleType, sample_file: Path) -> None:
    conversion = build_lefff.convert(SAMPLE_MLEX)
    header, *lines = conversion.text.splitlines()
    assert header.startswith("#pytest-mtchallenge-lefff\t1\t") and "LGPL-LR" in header
    entries = set()
    for line in lines:
        form, *fields = line.split("\t")
        entries.update((form, *fields[index : index + 3]) for index in range(0, len(fields), 3))
    assert entries == SAMPLE_KEPT
    assert [line.split("\t")[0] for line in lines] == sorted(line.split("\t")[0] for line in lines)
    assert conversion.kept_forms == len(lines) == len({entry[0] for entry in SAMPLE_KEPT})
    assert (conversion.source_entries, conversion.kept_entries) == (17, 13)
    assert dict(conversion.dropped) == {
        "proper nouns": 1,
        "punctuation": 1,
        "placeholder forms (_NUM, _error, _uw, _-clé ...)": 1,
        "tool-internal duplicates marked with __ (le__det, afin d'__prep ...)": 1,
    }
    sample = Lexicon.load(sample_file)
    assert readings(sample, "veniez") == {
        ("venir", "verb", "indicative", "imperfect", 2, "p"),
        ("venir", "verb", "subjunctive", "present", 2, "p"),
    }
    assert sample.analyses("arrogante")[0].describe() == "arrogant, adjective, feminine singular"


def test_conversion_rejects_malformed_lines(build_lefff: ModuleType) -> None:
    with pytest.raises(ValueError, match="line 2"):
        build_lefff.convert("veniez\tv\tvenir\tI2p\nvienne\tv\tvenir\n")


def test_build_is_deterministic(build_lefff: ModuleType, tmp_path: Path) -> None:
    source = tmp_path / "source" / "lefff-3.4.mlex"
    source.parent.mkdir()
    source.write_text(SAMPLE_MLEX, encoding="utf-8")
    (source.parent / "LICENSE").write_text("# Lesser General Public License For Linguistic Resources\n", encoding="utf-8")
    first, second = tmp_path / "first", tmp_path / "second"
    build_lefff.build(source, first, command="python tools/build_lefff.py lefff-3.4.mlex")
    build_lefff.build(source, second, command="python tools/build_lefff.py lefff-3.4.mlex")
    names = ["lefff-3.4.tsv.gz", "LEFFF-LICENSE.txt", "LEFFF-PROVENANCE.md"]
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    assert (first / "lefff-3.4.tsv.gz").read_bytes()[4:8] == b"\0\0\0\0"  # gzip mtime
    provenance = (first / "LEFFF-PROVENANCE.md").read_text(encoding="utf-8")
    assert "LGPL-LR" in provenance
    assert build_lefff.sha256(SAMPLE_MLEX.encode("utf-8")) in provenance
    assert "| proper nouns | 1 |" in provenance
    assert (first / "LEFFF-LICENSE.txt").read_text(encoding="utf-8").startswith("# Lesser General Public License")
    assert readings(Lexicon.load(first / "lefff-3.4.tsv.gz"), "vienne") == readings(Lexicon.load(SHIPPED), "vienne")


def test_shipped_provenance_matches_shipped_file(build_lefff: ModuleType) -> None:
    provenance = (SHIPPED.parent / "LEFFF-PROVENANCE.md").read_text(encoding="utf-8")
    assert build_lefff.SOURCE_WHEEL_SHA256 in provenance
    assert "LGPL-LR" in provenance
    with gzip.open(SHIPPED, "rt", encoding="utf-8") as lines:
        header = next(lines)
        forms = sum(1 for _ in lines)
    assert f"forms={forms}\t" in header
    assert f"for {forms:,} distinct forms" in provenance
