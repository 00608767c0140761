"""The one grammar of ``--mt-system`` values (systems/spec.py): names, kinds, arguments, modes, versions, pairs."""
from __future__ import annotations

from pathlib import Path

import pytest

from pytest_mtchallenge.systems import SystemOptions, builtin_system_kinds, parse_system_spec
from pytest_mtchallenge.systems.spec import SystemSpec, UnknownSystemKind, split_parameters

KINDS = builtin_system_kinds()


@pytest.mark.parametrize(("text", "expected"), [
    ("hf:models/opus,beam=2", SystemSpec(kind="hf", argument="models/opus,beam=2", head="models/opus",
                                         pairs={"beam": "2"})),
    ("opus=hf: models/opus , beam = 2 ,max_length=64,mode=document,version=3",
     SystemSpec(kind="hf", argument=" models/opus , beam = 2 ,max_length=64", name="opus", mode="document",
                version="3", head="models/opus", pairs={"beam": "2", "max_length": "64"})),
    ("deepl", SystemSpec(kind="deepl")),
    ("deepl:formality=less,", SystemSpec(kind="deepl", argument="formality=less,", pairs={"formality": "less"})),
    ("openai:llama3.1:8b,temperature=none,mode=document",
     SystemSpec(kind="openai", argument="llama3.1:8b,temperature=none", mode="document", head="llama3.1:8b",
                pairs={"temperature": "none"})),
    ("scores:s.txt,better=higher", SystemSpec(kind="scores", argument="s.txt,better=higher", head="s.txt",
                                              pairs={"better": "higher"})),
    # Free-text arguments are kept whole: commas and = signs belong to the command line or the URL.
    ("marian=cmd:translate --beam=5,6", SystemSpec(kind="cmd", argument="translate --beam=5,6", name="marian")),
    ("http://127.0.0.1:8000/api?a=1,b=2", SystemSpec(kind="http", argument="//127.0.0.1:8000/api?a=1,b=2")),
    ("gt2017=recorded:google,version=2", SystemSpec(kind="recorded", argument="google", name="gt2017", version="2")),
])
def test_a_spec_parses_into_name_kind_argument_mode_version_and_pairs(text: str, expected: SystemSpec) -> None:
    assert SystemSpec.parse(text, KINDS) == expected


def test_without_kinds_the_argument_is_kept_whole() -> None:
    assert SystemSpec.parse("x=hf:m,beam=2,mode=document") == SystemSpec(kind="hf", argument="m,beam=2", name="x",
                                                                         mode="document")


def test_the_mode_is_none_unless_stated() -> None:
    assert SystemSpec.parse("hf:m", KINDS).mode is None
    assert SystemSpec.parse("hf:m,mode=sentence", KINDS).mode == "sentence"


@pytest.mark.parametrize(("text", "message"), [
    ("hf:m,beam", "--mt-system=hf:m,beam: expected NAME=VALUE, got 'beam'"),
    ("deepl:formal", "--mt-system=deepl:formal: expected NAME=VALUE, got 'formal'"),
    ("openai:m,=3", "--mt-system=openai:m,=3: expected NAME=VALUE, got '=3'"),
    ("hf:m,beam=2,beam=3", "--mt-system=hf:m,beam=2,beam=3: beam= is given twice"),
    ("openai:m,temperature=0, temperature =1", "--mt-system=openai:m,temperature=0, temperature =1: temperature= is "
                                                "given twice"),
    ("hf:m,src_lang=", "--mt-system=hf:m,src_lang=: src_lang= has no value (expected src_lang=VALUE)"),
    ("openai:m,base_url=http://user:hunter2@h/v1,seed",
     "--mt-system=openai:m,base_url=http://user:***@h/v1,seed: expected NAME=VALUE, got 'seed'"),
    ("hf:m,mode=paragraph", "--mt-system=hf:m,mode=paragraph: unknown mode 'paragraph' (known: sentence, document)"),
    ("mine=file", "--mt-system='file': the 'file' kind needs an argument (file:...)"),
])
def test_a_malformed_spec_is_one_line_naming_it(text: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        SystemSpec.parse(text, KINDS)
    assert str(raised.value) == message


def test_an_unknown_kind_lists_the_known_ones() -> None:
    with pytest.raises(UnknownSystemKind, match=r"unknown system kind 'opneai' in --mt-system='opneai:m': .*openai"):
        SystemSpec.parse("opneai:m", KINDS)


def test_split_parameters_reads_a_head_or_none() -> None:
    assert split_parameters(" m ,a=1,, b = 2 ", head=True, spec="k:…") == ("m", {"a": "1", "b": "2"})
    assert split_parameters("a=1", head=False, spec="k:…") == ("", {"a": "1"})
    assert split_parameters("", head=True, spec="k:…") == ("", {})


# What caches and saved runs key on stays as it was: `kind:argument`, with the mode and the version.
@pytest.mark.parametrize(("text", "name", "identity"), [
    ("deepl", "deepl", "deepl"),
    ("deepl:formality=less,model_type=quality_optimized,version=2", "deepl:formality=less,model_type=quality_optimized",
     "deepl:formality=less,model_type=quality_optimized,version=2"),
    ("dl=deepl:formality=less,", "dl", "deepl:formality=less,"),
    ("deepl:formality=less,mode=document", "deepl:formality=less", "deepl:formality=less,mode=document"),
    ("marian=cmd:translate --beam=5,6,mode=document", "marian", "cmd:translate --beam=5,6,mode=document"),
    ("recorded:google,version=b", "google", "recorded:google,version=b"),
    ("reference", "reference", "reference"),
    ("libretranslate:http://127.0.0.1:5000", "libretranslate:http://127.0.0.1:5000",
     "libretranslate:http://127.0.0.1:5000"),
])
def test_names_and_identities_are_those_of_before(text: str, name: str, identity: str) -> None:
    system = parse_system_spec(text, KINDS, SystemOptions(rootdir=Path(".")))
    assert (system.name, system.identity) == (name, identity)


def test_a_local_models_signature_is_its_typed_settings(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "config.json").write_text("{}")
    system = parse_system_spec("hf:m,beam=2,device=cpu,mode=document,version=3", KINDS,
                               SystemOptions(rootdir=tmp_path))
    assert system.signature.startswith(f"hf:{(tmp_path / 'm').resolve()};beam=2;max_length=256;dtype=float32;files=")
    assert system.identity == system.signature + ",mode=document,version=3"


def test_openais_own_mode_and_the_specs_mode() -> None:
    kinds = {"openai": KINDS["openai"]}
    assert parse_system_spec("openai:m,mode=document,temperature=0", kinds, SystemOptions()).mode == "document"
    assert parse_system_spec("openai:m,mode=document", kinds, SystemOptions()).argument == "m"
    stated = parse_system_spec("openai:m,mode=document,temperature=0,mode=sentence", kinds, SystemOptions())
    assert stated.mode == "sentence"  # the spec's trailing ,mode= wins over the kind's own mode=
    assert parse_system_spec("openai:m", kinds, SystemOptions()).mode == "sentence"
