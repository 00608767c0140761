"""Tests of the ``ct2:PATH`` system: the tiny transformers models of test_huggingface, converted with CTranslate2."""
from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from test_huggingface import FIVE, batch_sizes, make_suite, write_tiny_marian, write_tiny_nllb

from pytest_mtchallenge.extras import install_hint
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, parse_system_spec
from pytest_mtchallenge.systems.ctranslate2 import CTranslate2Model, CTranslate2System, find_tokenizer
from pytest_mtchallenge.systems.huggingface import GPU_BATCH_SIZE, HuggingFaceSystem, quiet_transformers

KINDS = {"ct2": CTranslate2System}
NEEDS_EXTRA = "the ct2 extra is not installed (pip install .[ct2])"
NEEDS_HF = "building the tiny model needs the hf extra (pip install .[hf])"
MISSING_EXTRA = f"ct2: needs the optional extra ct2: {install_hint('ct2')}"


@pytest.fixture(scope="module")
def offline() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HF_HUB_OFFLINE", "1")
        patch.setenv("TRANSFORMERS_OFFLINE", "1")
        yield


def convert(model_dir: Path, out_dir: Path, *, copy_files: list[str] | None = None) -> Path:
    import transformers
    from ctranslate2.converters import TransformersConverter

    with quiet_transformers(transformers):
        TransformersConverter(str(model_dir), copy_files=copy_files).convert(str(out_dir))
    return out_dir


@pytest.fixture(scope="module")
def models(offline: None, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The tiny Marian and NLLB checkpoints and their CTranslate2 conversions."""
    pytest.importorskip("ctranslate2", reason=NEEDS_EXTRA)
    pytest.importorskip("sentencepiece", reason=NEEDS_EXTRA)
    pytest.importorskip("transformers", reason=NEEDS_EXTRA)
    pytest.importorskip("torch", reason=NEEDS_HF)
    root = tmp_path_factory.mktemp("ct2")
    marian = write_tiny_marian(root / "marian")
    nllb = write_tiny_nllb(root / "nllb")
    return {
        "marian": marian,
        "nllb": nllb,
        # opus-mt as CTranslate2 documents it: the SentencePiece models copied beside the model
        "marian-spm": convert(marian, root / "marian-spm", copy_files=["source.spm", "target.spm"]),
        # the Hugging Face tokenizer copied beside the model
        "marian-tok": convert(marian, root / "marian-tok",
                              copy_files=["source.spm", "target.spm", "vocab.json", "tokenizer_config.json"]),
        "marian-bare": convert(marian, root / "marian-bare"),
        "nllb-ct2": convert(nllb, root / "nllb-ct2", copy_files=["tokenizer.json", "tokenizer_config.json"]),
    }


@pytest.fixture
def five(tmp_path: Path) -> Suite:
    return make_suite(tmp_path / "five", *FIVE)


def ct2(argument: str, *, rootdir: Path = Path("."), batch_size: int | None = None) -> CTranslate2System:
    system = parse_system_spec(f"ct2:{argument}", KINDS, SystemOptions(rootdir=rootdir, batch_size=batch_size))
    assert isinstance(system, CTranslate2System)
    return system


def hf_outputs(model_dir: Path, suite: Suite, options: str) -> dict[str, str]:
    system = parse_system_spec(f"hf:{model_dir},{options}", {"hf": HuggingFaceSystem}, SystemOptions())
    translations = system.translate(suite=suite, items=suite.items)
    assert not translations.errors
    return dict(translations.outputs)


# -- without the extra ------------------------------------------------------------------------------

def fake_model(directory: Path, *files: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name in ("model.bin", *files):
        (directory / name).write_bytes(b"\0" * 16)
    return directory


def test_the_argument_is_a_path_then_options(tmp_path: Path) -> None:
    fake_model(tmp_path / "opus", "source.spm", "target.spm")
    system = ct2("opus,beam=2,max_length=64,device=cpu,compute_type=int8", rootdir=tmp_path)
    assert system.path == (tmp_path / "opus").resolve()
    assert (system.params.beam, system.params.max_length, system.params.device) == (2, 64, "cpu")
    assert (system.params.compute_type, system.params.tokenizer) == ("int8", "")
    assert system.tokenizer_files.kind == "sentencepiece"
    assert system.tokenizer_files.source.name == "source.spm" and system.tokenizer_files.target.name == "target.spm"
    assert system.params.batch is None
    assert ct2("opus,batch=256,device=cuda", rootdir=tmp_path).params.batch == 256


@pytest.mark.parametrize(("files", "kind", "source"), [
    (("source.spm", "target.spm"), "sentencepiece", "source.spm"),
    (("sentencepiece.bpe.model",), "sentencepiece", "sentencepiece.bpe.model"),
    (("tokenizer.json", "sentencepiece.bpe.model"), "transformers", "."),
    (("tokenizer_config.json", "source.spm", "target.spm"), "transformers", "."),
])
def test_the_tokenizer_is_found_in_the_model_directory(tmp_path: Path, files: tuple[str, ...], kind: str,
                                                       source: str) -> None:
    directory = fake_model(tmp_path / "m", *files)
    found = find_tokenizer(directory)
    assert found is not None and (found.kind, found.source) == (kind, directory / source)


def test_tokenizer_option_names_a_model_file_or_a_directory(tmp_path: Path) -> None:
    fake_model(tmp_path / "m")
    fake_model(tmp_path / "spm", "spm.model")
    (tmp_path / "hf-tokenizer").mkdir()
    (tmp_path / "hf-tokenizer" / "tokenizer.json").write_text("{}")
    assert ct2("m,tokenizer=spm/spm.model", rootdir=tmp_path).tokenizer_files.kind == "sentencepiece"
    assert ct2("m,tokenizer=spm", rootdir=tmp_path).tokenizer_files.source == (tmp_path / "spm" / "spm.model").resolve()
    assert ct2("m,tokenizer=hf-tokenizer", rootdir=tmp_path).tokenizer_files.kind == "transformers"


@pytest.mark.parametrize(("argument", "fragment"), [
    ("missing", "no model directory at {tmp}/missing"),
    ("hf-only", "{tmp}/hf-only is not a CTranslate2 model (no model.bin)"),
    ("bare", "no tokenizer in {tmp}/bare"),
    ("bare,tokenizer=nowhere", "tokenizer=nowhere: no SentencePiece model or Hugging Face tokenizer at {tmp}/nowhere"),
    ("bare,device=mps", "device=mps: CTranslate2 runs on cpu or cuda"),
    ("bare,compute_type=int 8", "compute_type=int 8: expected a CTranslate2 compute type"),
    ("bare,beam=0", "beam=0: expected a positive whole number"),
    ("bare,batch=0", "batch=0: expected a positive whole number"),
    ("bare,batch=-1", "batch=-1: expected a positive whole number"),
    ("bare,batch=2.5", "batch=2.5: expected a positive whole number"),
    ("bare,temperature=1", "unknown option 'temperature=1'"),
])
def test_bad_arguments_are_one_line_usage_errors(tmp_path: Path, argument: str, fragment: str) -> None:
    fake_model(tmp_path / "bare")
    (tmp_path / "hf-only").mkdir()
    (tmp_path / "hf-only" / "config.json").write_text("{}")
    with pytest.raises(ValueError, match=f"^--mt-system=ct2:{argument}: ") as raised:
        ct2(argument, rootdir=tmp_path)
    assert fragment.format(tmp=tmp_path.resolve()) in str(raised.value)
    assert "\n" not in str(raised.value)


def test_the_signature_holds_every_setting_that_changes_outputs(tmp_path: Path) -> None:
    model = fake_model(tmp_path / "m", "source.spm", "target.spm").resolve()
    signature = ct2(f"{model},beam=2,max_length=64").signature
    assert signature.startswith(f"ct2:{model};beam=2;max_length=64;compute_type=default;"
                                f"tokenizer=sentencepiece:{model}/source.spm+target.spm;files=")
    assert ct2(f"{model},beam=2,max_length=64,device=cpu").signature == signature
    assert ct2(f"{model},beam=2,max_length=64,batch=8").signature == signature
    others = {ct2(f"{model},{options}").signature for options in (
        "beam=3,max_length=64", "beam=2,max_length=32", "beam=2,max_length=64,compute_type=int8",
        "beam=2,max_length=64,tgt_lang=fra_Latn")}
    assert len(others) == 4 and signature not in others
    (model / "model.bin").write_bytes(b"\1" * 16)
    assert ct2(f"{model},beam=2,max_length=64").signature != signature


def test_a_tokenizer_outside_the_model_counts_in_the_signature(tmp_path: Path) -> None:
    fake_model(tmp_path / "m")
    spm = tmp_path / "spm.model"
    spm.write_bytes(b"one")
    before = ct2("m,tokenizer=spm.model", rootdir=tmp_path).signature
    assert ";tokenizer_files=" in before
    spm.write_bytes(b"two")
    assert ct2("m,tokenizer=spm.model", rootdir=tmp_path).signature != before


def test_a_missing_extra_fails_every_item_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    suite = make_suite(tmp_path / "suite", "Hello", "Goodbye")
    monkeypatch.setitem(sys.modules, "ctranslate2", None)
    translations = ct2(str(fake_model(tmp_path / "m", "source.spm", "target.spm"))).translate(
        suite=suite, items=suite.items)
    assert set(translations.errors.values()) == {MISSING_EXTRA} and translations.problems == (MISSING_EXTRA,)
    assert not translations.outputs


# -- the generation batch: batch=, --mt-batch-size, the device (fake translator) ----------------

class FakeTranslator:
    """A ``ctranslate2.Translator`` that gives each source's tokens back and records each batch's size."""

    def __init__(self) -> None:
        self.batches: list[int] = []

    def translate_batch(self, tokens: list[list[str]], **options: Any) -> list[Any]:
        self.batches.append(len(tokens))
        return [SimpleNamespace(hypotheses=[list(source)]) for source in tokens]


class FakeTokenizer:
    def encode(self, source: str, source_code: str | None) -> list[str]:
        return source.split()

    def decode(self, tokens: list[str]) -> str:
        return " ".join(tokens).upper()


@pytest.mark.parametrize(("device", "option", "run_batch_size", "size"), [
    ("cpu", "", None, 32),
    ("cuda", "", None, GPU_BATCH_SIZE),
    ("cuda:1", "", None, GPU_BATCH_SIZE),
    ("cuda", "", 16, 16),
    ("cuda", ",batch=100", None, 100),
    ("cpu", ",batch=100", 16, 100),
])
def test_the_batch_used_is_batch_else_the_batch_size_option_else_the_devices_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, device: str, option: str, run_batch_size: int | None,
        size: int) -> None:
    suite = make_suite(tmp_path / "suite", *(f"Sentence number {n}." for n in range(300)))
    system = ct2(f"{fake_model(tmp_path / 'm', 'source.spm', 'target.spm')}{option}", batch_size=run_batch_size)
    translator = FakeTranslator()
    loaded = CTranslate2Model(translator=translator, tokenizer=FakeTokenizer(),  # type: ignore[arg-type]
                              vocabulary=frozenset(), beam=1, max_length=8, device=device)
    monkeypatch.setattr(system, "load_model", lambda: loaded)
    translations = system.translate(suite=suite, items=suite.items)
    assert translator.batches == batch_sizes(300, size)
    assert dict(translations.outputs) == {item.id: item.source.upper() for item in suite.items}


@pytest.mark.parametrize(("device", "cuda_devices", "where", "loaded_on"), [
    ("auto", 1, ("cuda", 0), "cuda"), ("auto", 0, ("cpu", 0), "cpu"), ("cuda:1", 2, ("cuda", 1), "cuda:1"),
    ("cpu", 1, ("cpu", 0), "cpu"),
])
def test_the_loaded_model_knows_its_device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, device: str,
                                           cuda_devices: int, where: tuple[str, int], loaded_on: str) -> None:
    opened: list[dict[str, Any]] = []
    monkeypatch.setitem(sys.modules, "ctranslate2", SimpleNamespace(
        get_cuda_device_count=lambda: cuda_devices,
        Translator=lambda path, **options: opened.append(options) or FakeTranslator()))
    monkeypatch.setitem(sys.modules, "sentencepiece", SimpleNamespace(SentencePieceProcessor=lambda **files: None))
    system = ct2(f"{fake_model(tmp_path / 'm', 'source.spm', 'target.spm')},device={device}")
    loaded = system.load()
    assert isinstance(loaded, CTranslate2Model) and loaded.device == loaded_on
    assert [(o["device"], o["device_index"]) for o in opened] == [where]
    assert system.sources_per_batch(loaded.device) == (GPU_BATCH_SIZE if loaded_on.startswith("cuda") else 32)


# -- tiny models end to end -----------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["marian-spm", "marian-tok", "marian-bare,tokenizer={marian}"])
def test_greedy_outputs_match_the_transformers_model(models: dict[str, Path], five: Suite, variant: str) -> None:
    """SentencePiece pieces or Hugging Face tokens: the converted model says what the original says."""
    path = models[variant.split(",")[0]]
    options = variant.partition(",")[2].format(marian=models["marian"])
    system = ct2(f"{path},beam=1,max_length=8,device=cpu{',' + options if options else ''}", batch_size=2)
    translations = system.translate(suite=five, items=five.items)
    assert not translations.errors and not translations.problems
    assert dict(translations.outputs) == hf_outputs(models["marian"], five, "beam=1,max_length=8")
    assert len(set(translations.outputs.values())) > 1


def test_batches_of_batch_size_and_the_options_reach_translate_batch(models: dict[str, Path], five: Suite,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    system = ct2(f"{models['marian-spm']},beam=3,max_length=5", batch_size=2)
    loaded = system.load()
    assert isinstance(loaded, CTranslate2Model)
    calls: list[dict[str, Any]] = []

    class Spy:
        def translate_batch(self, tokens: list[list[str]], **kwargs: Any) -> Any:
            calls.append({"tokens": tokens, **kwargs})
            return translator.translate_batch(tokens, **kwargs)

    translator = loaded.translator
    monkeypatch.setattr(system, "_loaded", dataclasses.replace(loaded, translator=Spy()))
    translations = system.translate(suite=five, items=five.items)
    assert [len(call["tokens"]) for call in calls] == [2, 2, 1]
    assert all(call["beam_size"] == 3 and call["max_decoding_length"] == 5 and call["target_prefix"] is None
               for call in calls)
    assert all(tokens[-1] == "</s>" for call in calls for tokens in call["tokens"])  # as Marian was trained
    assert len(translations.outputs) == 5 and not translations.errors


def test_beam_search_gives_one_output_per_source_and_is_deterministic(models: dict[str, Path], five: Suite) -> None:
    first = ct2(f"{models['marian-spm']},beam=4,max_length=8").translate(suite=five, items=five.items)
    again = ct2(f"{models['marian-spm']},beam=4,max_length=8").translate(suite=five, items=five.items)
    assert set(first.outputs) == {item.id for item in five.items} and not first.errors
    assert dict(first.outputs) == dict(again.outputs)


def test_nllb_codes_come_from_the_suite_languages(models: dict[str, Path], five: Suite) -> None:
    system = ct2(f"{models['nllb-ct2']},beam=2,max_length=6", batch_size=2)
    translations = system.translate(suite=five, items=five.items)
    assert not translations.errors
    assert dict(translations.outputs) == hf_outputs(models["nllb"], five, "beam=2,max_length=6")
    loaded = system.load()
    assert isinstance(loaded, CTranslate2Model)
    assert loaded.tokenizer.encode("Hi", "eng_Latn")[0] == "eng_Latn"


def test_nllb_given_codes_win(models: dict[str, Path], five: Suite) -> None:
    ct2_outputs = ct2(f"{models['nllb-ct2']},beam=1,max_length=6,src_lang=deu_Latn,tgt_lang=spa_Latn").translate(
        suite=five, items=five.items).outputs
    assert dict(ct2_outputs) == hf_outputs(models["nllb"], five, "beam=1,max_length=6,src_lang=deu_Latn,tgt_lang=spa_Latn")


def test_a_suite_language_without_an_nllb_code_asks_for_one(models: dict[str, Path], tmp_path: Path) -> None:
    suite = make_suite(tmp_path / "klingon", "Hello", source_language="tlh")
    translations = ct2(str(models["nllb-ct2"])).translate(suite=suite, items=suite.items)
    message = (f"ct2:{models['nllb-ct2']}: no NLLB code is known for the language 'tlh' of suite tiny; give it as "
               "src_lang=CODE (e.g. src_lang=fra_Latn)")
    assert set(translations.errors.values()) == {message}


def test_a_model_that_does_not_load_is_one_line(models: dict[str, Path], tmp_path: Path, five: Suite) -> None:
    broken = fake_model(tmp_path / "broken", "source.spm", "target.spm")
    translations = ct2(str(broken)).translate(suite=five, items=five.items)
    (message,) = set(translations.errors.values())
    assert message.startswith(f"ct2:{broken}: cannot load the model in {broken.resolve()}: ")
    assert "\n" not in message and len(translations.errors) == 5
