"""``ct2:PATH`` — a CTranslate2 translator directory, tokenised with SentencePiece or a Hugging Face tokenizer."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import SystemFailure
from pytest_mtchallenge.systems import SystemOptions, SystemParams
from pytest_mtchallenge.systems.huggingface import LocalModelParams, LocalModelSystem, files_digest, quiet_transformers

if TYPE_CHECKING:
    import ctranslate2  # type: ignore[import-untyped]
    import sentencepiece
    from transformers import PreTrainedTokenizerBase

#: SentencePiece models looked for in a directory: (source, target) file names, first found wins.
SENTENCEPIECE_FILES = (("source.spm", "target.spm"), ("source.spm", "source.spm"),
                       ("sentencepiece.bpe.model", "sentencepiece.bpe.model"),
                       ("sentencepiece.model", "sentencepiece.model"), ("spm.model", "spm.model"))
#: Files that make a directory a Hugging Face tokenizer.
TRANSFORMERS_TOKENIZER_FILES = ("tokenizer_config.json", "tokenizer.json")
_NLLB_CODE = re.compile(r"^[a-z]{3}_[A-Z][a-z]{3}$")
_COMPUTE_TYPE = re.compile(r"^[a-z0-9_]+$")


@dataclass(frozen=True, slots=True)
class TokenizerFiles:
    """Where the tokenisation of a CTranslate2 model comes from."""

    kind: str  # "sentencepiece" or "transformers"
    source: Path  # the source SentencePiece model, or the tokenizer directory
    target: Path  # the target SentencePiece model, or the tokenizer directory again

    def describe(self) -> str:
        if self.kind == "transformers" or self.source == self.target:
            return f"{self.kind}:{self.source}"
        return f"{self.kind}:{self.source}+{self.target.name}"


def find_tokenizer(directory: Path) -> TokenizerFiles | None:
    """The tokenizer in ``directory``: Hugging Face tokenizer files first (they know the special
    tokens the model was trained with), else a SentencePiece model; None if it holds neither."""
    if any((directory / name).is_file() for name in TRANSFORMERS_TOKENIZER_FILES):
        return TokenizerFiles("transformers", directory, directory)
    for source, target in SENTENCEPIECE_FILES:
        if (directory / source).is_file() and (directory / target).is_file():
            return TokenizerFiles("sentencepiece", directory / source, directory / target)
    return None


def read_vocabulary(directory: Path) -> frozenset[str]:
    """Every token of a CTranslate2 model (shared, or source and target vocabularies together), read
    within the limits of :mod:`pytest_mtchallenge.files`."""
    tokens: set[str] = set()
    for stem in ("shared_vocabulary", "source_vocabulary", "target_vocabulary", "vocabulary"):
        json_file, text_file = directory / f"{stem}.json", directory / f"{stem}.txt"
        if json_file.is_file():
            tokens.update(files.read_json(json_file, what="vocabulary"))  # type: ignore[call-overload]  # a list
        elif text_file.is_file():
            tokens.update(line.rstrip("\n") for line in files.read_text(text_file, what="vocabulary").splitlines())
    return frozenset(tokens)


@dataclass(frozen=True, slots=True)
class SentencePieceTokenizer:
    """Pieces of SentencePiece models, with the model's end-of-sentence token added as it expects."""

    source: sentencepiece.SentencePieceProcessor
    target: sentencepiece.SentencePieceProcessor
    add_eos: str | None  # appended to each source, unless the translator adds it itself
    specials: frozenset[str]  # dropped from outputs

    def encode(self, source: str, source_code: str | None) -> list[str]:
        pieces = list(self.source.encode(source, out_type=str))
        return ([source_code] if source_code else []) + pieces + ([self.add_eos] if self.add_eos else [])

    def decode(self, tokens: list[str]) -> str:
        return str(self.target.decode([t for t in tokens if t not in self.specials and not _NLLB_CODE.match(t)]))


@dataclass(frozen=True, slots=True)
class TransformersTokenizer:
    """A Hugging Face tokenizer: tokens of ``convert_ids_to_tokens``, outputs without special tokens."""

    tokenizer: PreTrainedTokenizerBase
    drop_eos: str | None  # the translator adds it itself
    drop_bos: str | None

    def encode(self, source: str, source_code: str | None) -> list[str]:
        if source_code is not None:
            if not hasattr(self.tokenizer, "src_lang"):
                raise ValueError(f"the tokenizer {type(self.tokenizer).__name__} takes no source language code "
                                 f"(src_lang={source_code})")
            self.tokenizer.src_lang = source_code
        tokens = list(self.tokenizer.convert_ids_to_tokens(self.tokenizer(source)["input_ids"]))
        if self.drop_eos and tokens[-1:] == [self.drop_eos]:
            tokens.pop()
        if self.drop_bos and tokens[:1] == [self.drop_bos]:
            tokens.pop(0)
        return tokens

    def decode(self, tokens: list[str]) -> str:
        return str(self.tokenizer.decode(self.tokenizer.convert_tokens_to_ids(tokens), skip_special_tokens=True))


@dataclass(frozen=True, slots=True)
class CTranslate2Model:
    """A ``ctranslate2.Translator`` and its tokenisation."""

    translator: ctranslate2.Translator
    tokenizer: SentencePieceTokenizer | TransformersTokenizer
    vocabulary: frozenset[str]
    beam: int
    max_length: int
    device: str  # cpu, cuda or cuda:N

    def has_token(self, token: str) -> bool:
        return token in self.vocabulary

    def translate_batch(self, sources: list[str], *, source_code: str | None, target_code: str | None) -> list[str]:
        tokens = [self.tokenizer.encode(source, source_code) for source in sources]
        prefix = [[target_code] for _ in sources] if target_code else None
        results = self.translator.translate_batch(tokens, target_prefix=prefix, beam_size=self.beam,
                                                  max_decoding_length=self.max_length, return_scores=False)
        outputs = []
        for result in results:
            hypothesis = list(result.hypotheses[0])
            if target_code and hypothesis[:1] == [target_code]:
                hypothesis = hypothesis[1:]
            outputs.append(self.tokenizer.decode(hypothesis).strip())
        return outputs


@dataclass(frozen=True, slots=True)
class CTranslate2Params(LocalModelParams):
    """A local model's parameters (on cpu or cuda), CTranslate2's compute type and the tokenizer
    (a SentencePiece model file or a directory, relative to the rootdir; "" for the one in the model's directory)."""

    compute_type: str = "default"
    tokenizer: str = ""

    @classmethod
    def parse(cls, pairs: Mapping[str, str]) -> CTranslate2Params:
        params = super(CTranslate2Params, cls).parse(pairs)  # named: slots=True makes a new class
        if params.device == "mps":
            raise ValueError("device=mps: CTranslate2 runs on cpu or cuda")
        compute_type = pairs.get("compute_type", params.compute_type)
        if not _COMPUTE_TYPE.match(compute_type):
            raise ValueError(f"compute_type={compute_type}: expected a CTranslate2 compute type (default, int8, "
                             "int8_float16, float16, float32…)")
        return replace(params, compute_type=compute_type, tokenizer=pairs.get("tokenizer", ""))


class CTranslate2System(LocalModelSystem):
    """A CTranslate2 translator directory (converted Marian/opus-mt, NLLB, OpenNMT… models).

    ``ct2:PATH[,beam=4,max_length=256,device=auto,batch=N,compute_type=default,tokenizer=DIR_OR_SPM,
    src_lang=CODE,tgt_lang=CODE]``. Tokenisation comes from ``tokenizer=`` (a SentencePiece
    model file, or a directory) or else from PATH: Hugging Face tokenizer files first, then
    ``source.spm``/``target.spm``, ``sentencepiece.bpe.model``, ``sentencepiece.model`` or ``spm.model``.
    """

    kind = "ct2"
    extra = "ct2"
    marker = "model.bin"
    model_description = "a CTranslate2 model"
    Params = CTranslate2Params
    params: CTranslate2Params

    def __init__(self, *, argument: str, name: str | None, options: SystemOptions, mode: str | None = None,
                 version: str = "", params: SystemParams | None = None) -> None:
        super().__init__(argument=argument, name=name, options=options, mode=mode, version=version, params=params)
        self.tokenizer_files = self._tokenizer_files()

    def _tokenizer_files(self) -> TokenizerFiles:
        given = self.params.tokenizer
        if not given:
            found = find_tokenizer(self.path)
            if found is None:
                raise ValueError(f"--mt-system={self.shown_spec}: no tokenizer in {self.path} (no Hugging "
                                 "Face tokenizer files, source.spm/target.spm or sentencepiece.bpe.model); give "
                                 "tokenizer=DIR_OR_SPM")
            return found
        path = self.resolve(given, what="tokenizer")
        if path.is_file():
            return TokenizerFiles("sentencepiece", path, path)
        found = find_tokenizer(path) if path.is_dir() else None
        if found is None:
            raise ValueError(f"--mt-system={self.shown_spec}: tokenizer={given}: no SentencePiece model "
                             f"or Hugging Face tokenizer at {path}")
        return found

    def output_settings(self) -> list[str]:
        settings = [*super().output_settings(), f"compute_type={self.params.compute_type}",
                    f"tokenizer={self.tokenizer_files.describe()}"]
        if not self.tokenizer_files.source.is_relative_to(self.path):
            settings.append(f"tokenizer_files={self.tokenizer_digest}")
        return settings

    @cached_property
    def tokenizer_digest(self) -> str:
        """:func:`files_digest` of a tokenizer kept outside the model directory."""
        files = self.tokenizer_files
        return files_digest(*dict.fromkeys((files.source, files.target)))

    def load_model(self) -> CTranslate2Model:
        try:
            import ctranslate2
        except ImportError:
            raise SystemFailure(self.missing_extra) from None
        config = self._config()
        tokenizer = self._load_tokenizer(config)
        device, _, index = self.params.device.partition(":")
        if device == "auto":
            device = "cuda" if ctranslate2.get_cuda_device_count() > 0 else "cpu"
        elif device == "cuda" and ctranslate2.get_cuda_device_count() == 0:
            raise SystemFailure(f"{self.default_name()}: device={self.params.device}: CTranslate2 sees no CUDA device")
        translator = ctranslate2.Translator(str(self.path), device=device, device_index=int(index or 0),
                                            compute_type=self.params.compute_type)
        return CTranslate2Model(translator=translator, tokenizer=tokenizer, vocabulary=read_vocabulary(self.path),
                                beam=self.params.beam, max_length=self.params.max_length,
                                device=f"{device}:{index}" if index else device)

    def _config(self) -> dict[str, object]:
        config_file = self.path / "config.json"
        if not config_file.is_file():
            return {}
        config = files.read_json(config_file, what="model configuration")
        return config if isinstance(config, dict) else {}

    def _load_tokenizer(self, config: dict[str, object]) -> SentencePieceTokenizer | TransformersTokenizer:
        eos, bos = str(config.get("eos_token") or "</s>"), str(config.get("bos_token") or "<s>")
        files = self.tokenizer_files
        if files.kind == "sentencepiece":
            try:
                import sentencepiece
            except ImportError:
                raise SystemFailure(self.missing_extra) from None
            return SentencePieceTokenizer(
                source=sentencepiece.SentencePieceProcessor(model_file=str(files.source)),
                target=sentencepiece.SentencePieceProcessor(model_file=str(files.target)),
                add_eos=None if config.get("add_source_eos") else eos,
                specials=frozenset({eos, bos, "<pad>", "<s>", "</s>"}))
        try:
            import transformers
        except ImportError:
            raise SystemFailure(self.missing_extra) from None
        with quiet_transformers(transformers):
            tokenizer = transformers.AutoTokenizer.from_pretrained(files.source, local_files_only=True)
        return TransformersTokenizer(tokenizer=tokenizer, drop_eos=eos if config.get("add_source_eos") else None,
                                     drop_bos=bos if config.get("add_source_bos") else None)


__all__ = ["CTranslate2Model", "CTranslate2Params", "CTranslate2System", "SentencePieceTokenizer", "TokenizerFiles",
           "TransformersTokenizer", "find_tokenizer", "read_vocabulary"]
