"""Tests of the ``hf:PATH`` system: tiny transformers checkpoints made by the tests, translated end to end.

The tiny models (one layer, ``d_model`` 16, random weights from a fixed seed) are written with
``save_pretrained`` into a temporary directory and read back through ``hf:``; nothing is
downloaded. Tests that need no model run without the ``hf`` extra.
"""
from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pytest_mtchallenge.extras import install_hint

from pytest_mtchallenge.errors import SystemFailure
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.systems import SystemOptions, Translations, parse_system_spec
from pytest_mtchallenge.systems.huggingface import (
    GPU_BATCH_SIZE,
    HuggingFaceParams,
    HuggingFaceSystem,
    TransformersModel,
    choose_torch_device,
    nllb_code,
    quiet_transformers,
)
from tests.suites import write_suite

KINDS = {"hf": HuggingFaceSystem}
NEEDS_EXTRA = "the hf extra is not installed (pip install .[hf])"
MISSING_EXTRA = f"hf: needs the optional extra hf: {install_hint('hf')}"

#: What the tiny SentencePiece model is trained on.
SENTENCES = (
    "I want him to come.", "She must leave.", "The horses run.", "The cat sleeps on the mat.",
    "Je veux qu'il vienne.", "Il faut qu'elle parte.", "Les chevaux courent.", "Le chat dort sur le tapis.",
)


def items_of(*sources: str) -> list[dict[str, str]]:
    """Items ``i1``, ``i2`` … with these sources, human-judged."""
    return [{"id": f"i{n}", "source": source, "reference": "x"} for n, source in enumerate(sources, 1)]


def make_suite(directory: Path, *sources: str, source_language: str = "en", target_language: str = "fr") -> Suite:
    return load_suite(write_suite(directory, items_of(*sources), source_language=source_language,
                                  target_language=target_language))


FIVE = ("The horses run.", "I want him to come.", "She must leave.", "The cat sleeps on the mat.", "Hello")


# -- tiny models ------------------------------------------------------------------------------

def write_tiny_marian(directory: Path, *, seed: int = 0) -> Path:
    """A Marian model in the opus-mt layout (source.spm, target.spm, vocab.json) with random weights.

    As in real opus-mt models, ``</s>`` is id 0 and ``<pad>`` is the last id, which is also the
    decoder's start token. ``init_std`` is large so that outputs differ from one source to the next,
    and ``</s>`` is never generated, so every output has ``max_length`` tokens.
    """
    import sentencepiece
    import torch
    import transformers

    directory.mkdir(parents=True, exist_ok=True)
    model_file = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(SENTENCES), model_writer=model_file, vocab_size=60, model_type="unigram",
        eos_id=0, unk_id=1, bos_id=-1, pad_id=-1, hard_vocab_limit=False, num_threads=1, minloglevel=2)
    for name in ("source.spm", "target.spm"):
        (directory / name).write_bytes(model_file.getvalue())
    pieces = sentencepiece.SentencePieceProcessor(model_proto=model_file.getvalue())
    vocab = {pieces.id_to_piece(i): i for i in range(pieces.get_piece_size())}
    vocab["<pad>"] = len(vocab)
    (directory / "vocab.json").write_text(json.dumps(vocab), encoding="utf-8")
    with quiet_transformers(transformers):  # no advice to install sacremoses
        transformers.MarianTokenizer(source_spm=str(directory / "source.spm"), target_spm=str(directory / "target.spm"),
                                     vocab=str(directory / "vocab.json")).save_pretrained(directory)
    config = transformers.MarianConfig(
        vocab_size=len(vocab), d_model=16, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
        decoder_attention_heads=2, encoder_ffn_dim=32, decoder_ffn_dim=32, max_position_embeddings=128,
        pad_token_id=vocab["<pad>"], eos_token_id=0, decoder_start_token_id=vocab["<pad>"],
        forced_eos_token_id=None, init_std=1.0)
    with torch.random.fork_rng():
        torch.manual_seed(seed)
        model = transformers.MarianMTModel(config)
    with torch.no_grad():
        model.final_logits_bias[0, 0] = -100.0  # never </s>: outputs of random weights are not cut to nothing
    with quiet_transformers(transformers):
        model.save_pretrained(directory)
    return directory


def write_tiny_nllb(directory: Path, *, seed: int = 0) -> Path:
    """An NLLB-style model (M2M-100 architecture, NLLB tokenizer with its 202 language codes).

    Its vocabulary is the characters of the test sentences; ``decoder_start_token_id`` is
    ``</s>``, as in NLLB-200.
    """
    import torch
    import transformers

    directory.mkdir(parents=True, exist_ok=True)
    vocab = {"<s>": 0, "<pad>": 1, "</s>": 2, "<unk>": 3, "▁": 4}
    for character in sorted(set("".join(SENTENCES)) - {" "}):
        vocab.setdefault(character, len(vocab))
    tokenizer = transformers.NllbTokenizer(vocab=vocab, merges=[], src_lang="eng_Latn", tgt_lang="fra_Latn")
    tokenizer.save_pretrained(directory)
    config = transformers.M2M100Config(
        vocab_size=len(tokenizer), d_model=16, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
        decoder_attention_heads=2, encoder_ffn_dim=32, decoder_ffn_dim=32, max_position_embeddings=128,
        pad_token_id=1, bos_token_id=0, eos_token_id=2, decoder_start_token_id=2, init_std=1.0)
    with torch.random.fork_rng():
        torch.manual_seed(seed)
        model = transformers.M2M100ForConditionalGeneration(config)
    with quiet_transformers(transformers):
        model.save_pretrained(directory)
    return directory


@pytest.fixture(scope="module")
def offline() -> Iterator[None]:
    """No Hub access at all, whatever the code under test asks for."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HF_HUB_OFFLINE", "1")
        patch.setenv("TRANSFORMERS_OFFLINE", "1")
        yield


@pytest.fixture(scope="module")
def marian_dir(offline: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch", reason=NEEDS_EXTRA)
    pytest.importorskip("transformers", reason=NEEDS_EXTRA)
    pytest.importorskip("sentencepiece", reason=NEEDS_EXTRA)
    return write_tiny_marian(tmp_path_factory.mktemp("marian"))


@pytest.fixture(scope="module")
def nllb_dir(offline: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch", reason=NEEDS_EXTRA)
    pytest.importorskip("transformers", reason=NEEDS_EXTRA)
    return write_tiny_nllb(tmp_path_factory.mktemp("nllb"))


@pytest.fixture
def five(tmp_path: Path) -> Suite:
    return make_suite(tmp_path / "five", *FIVE)


def hf(argument: str, *, rootdir: Path = Path("."), batch_size: int | None = None) -> HuggingFaceSystem:
    system = parse_system_spec(f"hf:{argument}", KINDS, SystemOptions(rootdir=rootdir, batch_size=batch_size))
    assert isinstance(system, HuggingFaceSystem)
    return system


def spy_on_generate(system: HuggingFaceSystem, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Record the arguments of every ``model.generate`` call (the call itself goes through)."""
    loaded = system.load()
    assert isinstance(loaded, TransformersModel)
    calls: list[dict[str, Any]] = []
    generate = loaded.model.generate

    def spy(**kwargs: Any) -> Any:
        calls.append(kwargs)
        return generate(**kwargs)  # type: ignore[operator]

    monkeypatch.setattr(loaded.model, "generate", spy)
    return calls


def assert_all_failed(translations: Translations, suite: Suite, message: str) -> None:
    assert not translations.outputs
    assert set(translations.errors) == {item.id for item in suite.items}
    assert set(translations.errors.values()) == {message}
    assert translations.problems == (message,)
    assert "\n" not in message


# -- without the extra ------------------------------------------------------------------------------

def test_importing_the_plugin_imports_no_model_library() -> None:
    code = ("import sys, pytest_mtchallenge, pytest_mtchallenge.plugin\n"
            "from pytest_mtchallenge.systems import builtin_system_kinds\n"
            "import pytest_mtchallenge.systems.huggingface, pytest_mtchallenge.systems.ctranslate2\n"
            "builtin_system_kinds()\n"
            "print(sorted(m for m in ('torch', 'transformers', 'ctranslate2', 'sentencepiece', 'tokenizers')"
            " if m in sys.modules))")
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert completed.stdout.strip() == "[]"


def fake_checkpoint(directory: Path, config: str = "{}") -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "config.json").write_text(config, encoding="utf-8")
    (directory / "model.safetensors").write_bytes(b"\0" * 64)
    return directory


def test_the_argument_is_a_path_then_options(tmp_path: Path) -> None:
    fake_checkpoint(tmp_path / "models" / "opus-en-fr")
    system = hf("models/opus-en-fr,beam=2,max_length=64,device=cpu,src_lang=eng_Latn,tgt_lang=fra_Latn",
                rootdir=tmp_path)
    assert system.path == (tmp_path / "models" / "opus-en-fr").resolve()
    assert system.params == HuggingFaceParams(beam=2, max_length=64, device="cpu", src_lang="eng_Latn",
                                              tgt_lang="fra_Latn", dtype="float32")
    assert system.name == "hf:models/opus-en-fr,beam=2,max_length=64,device=cpu,src_lang=eng_Latn,tgt_lang=fra_Latn"


def test_defaults(tmp_path: Path) -> None:
    system = hf(str(fake_checkpoint(tmp_path / "m")))
    assert system.params == HuggingFaceParams()
    assert (system.params.beam, system.params.max_length, system.params.device) == (4, 256, "auto")
    assert system.params.batch is None  # --mt-batch-size, else the device's default


def test_batch_is_an_option_of_the_spec(tmp_path: Path) -> None:
    fake_checkpoint(tmp_path / "m")
    assert hf("m,batch=64", rootdir=tmp_path).params.batch == 64
    assert hf("m,device=cuda,batch=1", rootdir=tmp_path).params.batch == 1


def test_a_missing_directory_is_one_line_naming_the_path(tmp_path: Path) -> None:
    with pytest.raises(ValueError) as raised:
        hf("no/such/model", rootdir=tmp_path)
    message = str(raised.value)
    assert message == f"--mt-system=hf:no/such/model: no model directory at {tmp_path.resolve() / 'no/such/model'}"


def test_a_directory_without_config_json_is_not_a_checkpoint(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match=r"is not a transformers checkpoint \(no config.json\)"):
        hf(str(tmp_path / "empty"))


@pytest.mark.parametrize(("options", "fragment"), [
    ("beam=0", "beam=0: expected a positive whole number"),
    ("beam=four", "beam=four: expected a positive whole number"),
    ("max_length=-1", "max_length=-1: expected a positive whole number"),
    ("batch=0", "batch=0: expected a positive whole number"),
    ("batch=-8", "batch=-8: expected a positive whole number"),
    ("batch=1.5", "batch=1.5: expected a positive whole number"),
    ("batch=lots", "batch=lots: expected a positive whole number"),
    ("batch=", "batch= has no value (expected batch=VALUE)"),
    ("batch=²", "batch=²: expected a positive whole number"),  # a digit to str.isdigit, not to int()
    ("batch=32,batch=64", "batch= is given twice"),
    ("device=tpu", "device=tpu: expected auto, cpu, cuda, cuda:N or mps"),
    ("dtype=int4", "dtype=int4: expected one of float32, float16, bfloat16"),
    ("temperature=0.7", "unknown option 'temperature=0.7'"),
    ("beam", "expected NAME=VALUE, got 'beam'"),
    ("beam=2,beam=3", "beam= is given twice"),
])
def test_bad_options_are_usage_errors(tmp_path: Path, options: str, fragment: str) -> None:
    fake_checkpoint(tmp_path / "m")
    with pytest.raises(ValueError, match="^--mt-system=hf:m,") as raised:
        hf(f"m,{options}", rootdir=tmp_path)
    assert fragment in str(raised.value)
    assert "\n" not in str(raised.value)


def test_the_signature_holds_the_path_and_every_setting_that_changes_outputs(tmp_path: Path) -> None:
    model = fake_checkpoint(tmp_path / "m")
    signature = hf(f"{model},beam=2,max_length=64,src_lang=eng_Latn,tgt_lang=fra_Latn").signature
    assert signature.startswith(f"hf:{model.resolve()};beam=2;max_length=64;src_lang=eng_Latn;tgt_lang=fra_Latn;"
                                "dtype=float32;files=")
    assert "|" not in signature
    assert hf(f"{model},max_length=64,beam=2,src_lang=eng_Latn,tgt_lang=fra_Latn").signature == signature
    assert hf(f"{model},beam=2,max_length=64,src_lang=eng_Latn,tgt_lang=fra_Latn,device=cpu").signature == signature
    assert hf(f"{model},beam=2,max_length=64,src_lang=eng_Latn,tgt_lang=fra_Latn,batch=8").signature == signature
    others = {hf(f"{model},{options}").signature for options in (
        "beam=3,max_length=64,src_lang=eng_Latn,tgt_lang=fra_Latn",
        "beam=2,max_length=65,src_lang=eng_Latn,tgt_lang=fra_Latn",
        "beam=2,max_length=64,src_lang=eng_Latn,tgt_lang=spa_Latn",
        "beam=2,max_length=64,src_lang=eng_Latn,tgt_lang=fra_Latn,dtype=bfloat16")}
    assert len(others) == 4 and signature not in others


def test_the_signature_changes_with_the_model_files(tmp_path: Path) -> None:
    model = fake_checkpoint(tmp_path / "m", '{"num_beams": 4}')
    before = hf(str(model)).signature
    (model / "config.json").write_text('{"num_beams": 5}', encoding="utf-8")  # the same size
    assert hf(str(model)).signature != before
    (model / "config.json").write_text('{"num_beams": 4}', encoding="utf-8")
    assert hf(str(model)).signature == before
    (model / "model.safetensors").write_bytes(b"\0" * 65)
    assert hf(str(model)).signature != before


def test_a_missing_extra_fails_every_item_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    suite = make_suite(tmp_path / "suite", "Hello", "Goodbye")
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch now raises ImportError
    monkeypatch.setitem(sys.modules, "transformers", None)
    translations = hf(str(fake_checkpoint(tmp_path / "m"))).translate(suite=suite, items=suite.items)
    assert_all_failed(translations, suite, MISSING_EXTRA)


@pytest.mark.parametrize(("language", "code"), [
    ("en", "eng_Latn"), ("fr", "fra_Latn"), ("de", "deu_Latn"), ("cs", "ces_Latn"), ("es", "spa_Latn"),
    ("it", "ita_Latn"), ("pt", "por_Latn"), ("nl", "nld_Latn"), ("en-GB", "eng_Latn"), ("pt_BR", "por_Latn"),
    ("zh", "zho_Hans"), ("zh-TW", "zho_Hant"), ("fra_Latn", "fra_Latn"), ("tlh", None), ("", None),
])
def test_nllb_codes_of_suite_languages(language: str, code: str | None) -> None:
    assert nllb_code(language) == code


def fake_torch(*, cuda: bool, mps: bool) -> Any:
    return SimpleNamespace(cuda=SimpleNamespace(is_available=lambda: cuda),
                           backends=SimpleNamespace(mps=SimpleNamespace(is_available=lambda: mps)))


@pytest.mark.parametrize(("cuda", "mps", "device"), [
    (True, True, "cuda"), (False, True, "mps"), (False, False, "cpu")])
def test_the_automatic_device_is_cuda_then_mps_then_cpu(cuda: bool, mps: bool, device: str) -> None:
    assert choose_torch_device("auto", fake_torch(cuda=cuda, mps=mps)) == device


def test_a_requested_device_is_used_or_refused() -> None:
    assert choose_torch_device("cpu", fake_torch(cuda=True, mps=True)) == "cpu"
    assert choose_torch_device("cuda:1", fake_torch(cuda=True, mps=False)) == "cuda:1"
    with pytest.raises(SystemFailure, match="device=cuda: torch sees no CUDA device"):
        choose_torch_device("cuda", fake_torch(cuda=False, mps=False))


# -- the generation batch: batch=, --mt-batch-size, the device (fake model objects) --------------

class FakeTensor:
    """A batch of sources standing for token ids: its rows, and where ``.to`` moved it."""

    def __init__(self, rows: list[str]) -> None:
        self.rows = rows
        self.device = "cpu"

    def __len__(self) -> int:
        return len(self.rows)

    def to(self, device: str) -> FakeTensor:
        self.device = device
        return self


class FakeTokenizer:
    """What ``TransformersModel`` asks of a tokenizer: each source is its own token row."""

    unk_token_id = 0

    def __call__(self, sources: list[str], **kwargs: Any) -> dict[str, FakeTensor]:
        return {"input_ids": FakeTensor(list(sources)), "attention_mask": FakeTensor(list(sources))}

    def convert_tokens_to_ids(self, token: str) -> int:
        return self.unk_token_id

    def batch_decode(self, generated: FakeTensor, *, skip_special_tokens: bool) -> list[str]:
        return [f"«{row}»" for row in generated.rows]


class FakeSeq2Seq:
    """A model whose ``generate`` gives back its input and records each batch: (size, device)."""

    def __init__(self) -> None:
        self.batches: list[tuple[int, str]] = []

    def generate(self, *, input_ids: FakeTensor, attention_mask: FakeTensor, **generation: Any) -> FakeTensor:
        self.batches.append((len(input_ids), input_ids.device))
        return input_ids


FAKE_TRANSFORMERS = SimpleNamespace(utils=SimpleNamespace(logging=SimpleNamespace(
    is_progress_bar_enabled=lambda: False, get_verbosity=lambda: 30, disable_progress_bar=lambda: None,
    set_verbosity_error=lambda: None, set_verbosity=lambda level: None, enable_progress_bar=lambda: None)))


def fake_loaded_model(device: str) -> TransformersModel:
    return TransformersModel(tokenizer=FakeTokenizer(), model=FakeSeq2Seq(),  # type: ignore[arg-type]
                             torch=SimpleNamespace(inference_mode=nullcontext),  # type: ignore[arg-type]
                             transformers=FAKE_TRANSFORMERS,  # type: ignore[arg-type]
                             device=device, beam=1, max_length=8, input_limit=None)


def batch_sizes(total: int, size: int) -> list[int]:
    return [min(size, total - start) for start in range(0, total, size)]


@pytest.mark.parametrize(("device", "option", "run_batch_size", "size"), [
    ("cpu", "", None, 32),  # neither batch= nor --mt-batch-size: 32 on a CPU
    ("cuda", "", None, GPU_BATCH_SIZE),  # and 128 on a CUDA GPU
    ("cuda:1", "", None, GPU_BATCH_SIZE),
    ("mps", "", None, 32),  # not measured: the CPU's default
    ("cuda", "", 16, 16),  # --mt-batch-size given: it wins over the device's default
    ("cpu", "", 64, 64),
    ("cuda", ",batch=100", None, 100),  # batch= wins over both
    ("cpu", ",batch=100", 16, 100),
    ("cuda", ",batch=200", 64, 200),
])
def test_the_batch_used_is_batch_else_the_batch_size_option_else_the_devices_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, device: str, option: str, run_batch_size: int | None,
        size: int) -> None:
    suite = make_suite(tmp_path / "suite", *(f"Sentence {'very ' * (n % 7)}number {n}." for n in range(300)))
    fake_checkpoint(tmp_path / "m")
    system = hf(f"m{option}", rootdir=tmp_path, batch_size=run_batch_size)
    loaded = fake_loaded_model(device)
    monkeypatch.setattr(system, "load_model", lambda: loaded)
    translations = system.translate(suite=suite, items=suite.items)
    assert isinstance(loaded.model, FakeSeq2Seq)
    assert loaded.model.batches == [(n, device) for n in batch_sizes(300, size)]
    assert not translations.errors
    assert {item.id: f"«{item.source}»" for item in suite.items} == dict(translations.outputs)  # each to its item


def test_the_automatic_device_sets_the_default_batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``device=auto`` on a machine with a CUDA GPU: the loaded model is on cuda, and batches hold 128 sources."""
    model = SimpleNamespace(config=SimpleNamespace(max_position_embeddings=512), moved=[])
    model.to = lambda **where: model.moved.append(where) or model
    model.eval = lambda: model
    torch = SimpleNamespace(cuda=SimpleNamespace(is_available=lambda: True), float32="float32")
    transformers = SimpleNamespace(
        utils=FAKE_TRANSFORMERS.utils,
        AutoTokenizer=SimpleNamespace(from_pretrained=lambda path, **kwargs: SimpleNamespace(model_max_length=512)),
        AutoModelForSeq2SeqLM=SimpleNamespace(from_pretrained=lambda path, **kwargs: model))
    monkeypatch.setitem(sys.modules, "torch", torch)
    monkeypatch.setitem(sys.modules, "transformers", transformers)
    system = hf(str(fake_checkpoint(tmp_path / "m")))
    loaded = system.load()
    assert loaded.device == "cuda" and model.moved == [{"device": "cuda", "dtype": "float32"}]
    assert system.sources_per_batch(loaded.device) == GPU_BATCH_SIZE == 128
    assert hf(str(tmp_path / "m"), batch_size=32).sources_per_batch(loaded.device) == 32


# -- a tiny Marian model end to end ---------------------------------------------------------

def test_one_output_per_source(marian_dir: Path, five: Suite) -> None:
    translations = hf(f"{marian_dir},beam=2,max_length=8").translate(suite=five, items=five.items)
    assert not translations.errors and not translations.problems
    assert set(translations.outputs) == {item.id for item in five.items}
    assert all(isinstance(output, str) and output for output in translations.outputs.values())


def test_batches_of_batch_size_are_generated_one_at_a_time(marian_dir: Path, five: Suite,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    finished: list[int] = []
    system = hf(f"{marian_dir},beam=1,max_length=8", batch_size=2)
    calls = spy_on_generate(system, monkeypatch)
    translations = system.translate(suite=five, items=five.items, on_batch=lambda batch: finished.append(batch.settled))
    assert len(calls) == 3
    assert [len(call["input_ids"]) for call in calls] == [2, 2, 1] == finished
    assert all(call["num_beams"] == 1 and call["max_new_tokens"] == 8 and call["do_sample"] is False
               for call in calls)
    assert len(translations.outputs) == 5 and not translations.errors


def test_outputs_are_those_of_the_model_for_each_source(marian_dir: Path, five: Suite) -> None:
    """Batched, sorted by length and put back by item: each output is the model's for that source alone."""
    import torch
    import transformers

    batched = hf(f"{marian_dir},beam=1,max_length=8", batch_size=2).translate(suite=five, items=five.items)
    with quiet_transformers(transformers):
        tokenizer = transformers.AutoTokenizer.from_pretrained(marian_dir, local_files_only=True)
        model = transformers.AutoModelForSeq2SeqLM.from_pretrained(marian_dir, local_files_only=True).eval()
    for item in five.items:
        with torch.inference_mode():
            generated = model.generate(**tokenizer([item.source], return_tensors="pt"), num_beams=1,
                                       max_new_tokens=8, do_sample=False)
        assert batched.outputs[item.id] == tokenizer.decode(generated[0], skip_special_tokens=True).strip()
    assert len(set(batched.outputs.values())) > 1  # the tiny model does look at its input


def test_greedy_outputs_are_deterministic(marian_dir: Path, five: Suite) -> None:
    first = hf(f"{marian_dir},beam=1,max_length=8").translate(suite=five, items=five.items)
    again = hf(f"{marian_dir},beam=1,max_length=8").translate(suite=five, items=five.items)
    assert dict(first.outputs) == dict(again.outputs)


def test_beam_and_max_length_reach_generation(marian_dir: Path, five: Suite,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    system = hf(f"{marian_dir},beam=3,max_length=5")
    calls = spy_on_generate(system, monkeypatch)
    translations = system.translate(suite=five, items=five.items)
    assert [(call["num_beams"], call["max_new_tokens"]) for call in calls] == [(3, 5)]
    assert "forced_bos_token_id" not in calls[0]  # a Marian model takes no language codes
    assert all(len(output.split()) <= 5 for output in translations.outputs.values())


def test_the_model_is_loaded_once_for_every_suite(marian_dir: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import transformers

    loads: list[object] = []
    from_pretrained = transformers.AutoModelForSeq2SeqLM.from_pretrained

    def counting(*args: Any, **kwargs: Any) -> Any:
        loads.append(kwargs)
        return from_pretrained(*args, **kwargs)

    monkeypatch.setattr(transformers.AutoModelForSeq2SeqLM, "from_pretrained", counting)
    system = hf(f"{marian_dir},beam=1,max_length=4")
    for name in ("one", "two"):
        suite = make_suite(tmp_path / name, "The horses run.", f"Suite {name}.")
        assert len(system.translate(suite=suite, items=suite.items).outputs) == 2
    assert loads == [{"local_files_only": True}]
    loaded = system.load()
    assert isinstance(loaded, TransformersModel)
    assert loaded.model.training is False
    assert loaded.device == choose_torch_device("auto", loaded.torch)
    assert next(loaded.model.parameters()).dtype.is_floating_point


def test_language_codes_are_refused_by_a_model_without_them(marian_dir: Path, five: Suite) -> None:
    translations = hf(f"{marian_dir},tgt_lang=fra_Latn").translate(suite=five, items=five.items)
    assert_all_failed(translations, five,
                      f"hf:{marian_dir},tgt_lang=fra_Latn: tgt_lang=fra_Latn is not a token of the model's vocabulary")


def test_a_checkpoint_that_does_not_load_is_one_line_and_not_retried(tmp_path: Path, five: Suite,
                                                                      marian_dir: Path) -> None:
    broken = fake_checkpoint(tmp_path / "broken", '{"model_type": "no-such-architecture"}')
    system = hf(str(broken))
    first = system.translate(suite=five, items=five.items)
    message = next(iter(first.errors.values()))
    assert message.startswith(f"hf:{broken}: cannot load the model in {broken.resolve()}: ")
    assert_all_failed(first, five, message)
    assert system.translate(suite=five, items=five.items).errors == first.errors


# -- a tiny NLLB model: language codes --------------------------------------------------------------

def test_nllb_codes_come_from_the_suite_languages(nllb_dir: Path, five: Suite,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    system = hf(f"{nllb_dir},beam=2,max_length=6")
    calls = spy_on_generate(system, monkeypatch)
    translations = system.translate(suite=five, items=five.items)
    assert len(translations.outputs) == 5 and not translations.errors
    loaded = system.load()
    assert isinstance(loaded, TransformersModel)
    ids = loaded.tokenizer.convert_tokens_to_ids
    assert calls[0]["forced_bos_token_id"] == ids("fra_Latn")
    assert set(calls[0]["input_ids"][:, 0].tolist()) == {ids("eng_Latn")}


def test_given_codes_win_over_the_suite_languages(nllb_dir: Path, five: Suite,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    system = hf(f"{nllb_dir},beam=1,max_length=4,src_lang=deu_Latn,tgt_lang=spa_Latn")
    calls = spy_on_generate(system, monkeypatch)
    system.translate(suite=five, items=five.items)
    loaded = system.load()
    assert isinstance(loaded, TransformersModel)
    ids = loaded.tokenizer.convert_tokens_to_ids
    assert calls[0]["forced_bos_token_id"] == ids("spa_Latn")
    assert set(calls[0]["input_ids"][:, 0].tolist()) == {ids("deu_Latn")}


def test_a_suite_language_without_an_nllb_code_asks_for_one(nllb_dir: Path, tmp_path: Path) -> None:
    suite = make_suite(tmp_path / "klingon", "Hello", target_language="tlh")
    translations = hf(str(nllb_dir)).translate(suite=suite, items=suite.items)
    assert_all_failed(translations, suite,
                      f"hf:{nllb_dir}: no NLLB code is known for the language 'tlh' of suite tiny; give it as "
                      "tgt_lang=CODE (e.g. tgt_lang=fra_Latn)")


# -- through pytest ---------------------------------------------------------------------------

def test_a_run_translates_once_then_reads_the_cache(pytester: pytest.Pytester, marian_dir: Path) -> None:
    pytester.makeconftest("""
        from pytest_mtchallenge.systems.huggingface import HuggingFaceSystem

        def pytest_mtchallenge_system_kinds():
            return {"hf": HuggingFaceSystem}
    """)
    write_suite(pytester.path / "tiny", items_of(*FIVE))
    args = ("tiny", f"--mt-system=tiny=hf:{marian_dir},beam=1,max_length=8", "--mt-batch-size=2")
    first = pytester.runpytest(*args)
    first.assert_outcomes(skipped=5)  # human checker, no recorded verdicts: every output is for review
    first.stdout.fnmatch_lines(["*tiny translated 5 of 5 sources of tiny*"])
    again = pytester.runpytest(*args)
    again.assert_outcomes(skipped=5)
    assert "translated" not in again.stdout.str()
