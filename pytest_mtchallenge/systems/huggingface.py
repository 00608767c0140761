"""``hf:PATH`` — a local transformers sequence-to-sequence checkpoint (Marian, NLLB, …), and what local models share."""
from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import cached_property
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, ClassVar, Protocol, TypeVar

from pytest_mtchallenge.errors import SystemFailure
from pytest_mtchallenge.extras import install_hint, quiet_transformers
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import (
    DEFAULT_BATCH_SIZE,
    OnBatch,
    System,
    SystemOptions,
    SystemParams,
    Translations,
)
from pytest_mtchallenge.systems.batching import translate_in_batches

if TYPE_CHECKING:
    from transformers import PreTrainedModel, PreTrainedTokenizerBase

    from pytest_mtchallenge.contrastive.scoring import ScoreRequest, Scores

#: NLLB-200 (FLORES-200) codes of the languages a suite names with ISO 639-1 codes.
NLLB_CODES: Mapping[str, str] = MappingProxyType({
    "af": "afr_Latn", "am": "amh_Ethi", "ar": "arb_Arab", "az": "azj_Latn", "be": "bel_Cyrl", "bg": "bul_Cyrl",
    "bn": "ben_Beng", "bs": "bos_Latn", "ca": "cat_Latn", "cs": "ces_Latn", "cy": "cym_Latn", "da": "dan_Latn",
    "de": "deu_Latn", "el": "ell_Grek", "en": "eng_Latn", "eo": "epo_Latn", "es": "spa_Latn", "et": "est_Latn",
    "eu": "eus_Latn", "fa": "pes_Arab", "fi": "fin_Latn", "fr": "fra_Latn", "ga": "gle_Latn", "gl": "glg_Latn",
    "gu": "guj_Gujr", "ha": "hau_Latn", "he": "heb_Hebr", "hi": "hin_Deva", "hr": "hrv_Latn", "hu": "hun_Latn",
    "hy": "hye_Armn", "id": "ind_Latn", "ig": "ibo_Latn", "is": "isl_Latn", "it": "ita_Latn", "ja": "jpn_Jpan",
    "ka": "kat_Geor", "kk": "kaz_Cyrl", "km": "khm_Khmr", "kn": "kan_Knda", "ko": "kor_Hang", "lt": "lit_Latn",
    "lv": "lvs_Latn", "mk": "mkd_Cyrl", "ml": "mal_Mlym", "mn": "khk_Cyrl", "mr": "mar_Deva", "ms": "zsm_Latn",
    "mt": "mlt_Latn", "my": "mya_Mymr", "nb": "nob_Latn", "ne": "npi_Deva", "nl": "nld_Latn", "nn": "nno_Latn",
    "no": "nob_Latn", "pa": "pan_Guru", "pl": "pol_Latn", "ps": "pbt_Arab", "pt": "por_Latn", "ro": "ron_Latn",
    "ru": "rus_Cyrl", "si": "sin_Sinh", "sk": "slk_Latn", "sl": "slv_Latn", "so": "som_Latn", "sq": "als_Latn",
    "sr": "srp_Cyrl", "sv": "swe_Latn", "sw": "swh_Latn", "ta": "tam_Taml", "te": "tel_Telu", "th": "tha_Thai",
    "tl": "tgl_Latn", "tr": "tur_Latn", "uk": "ukr_Cyrl", "ur": "urd_Arab", "uz": "uzn_Latn", "vi": "vie_Latn",
    "xh": "xho_Latn", "yo": "yor_Latn", "zh": "zho_Hans", "zu": "zul_Latn",
})
_TRADITIONAL_CHINESE = {"zh-hant", "zh-tw", "zh-hk", "zh-mo"}
_NLLB_CODE = re.compile(r"^[a-z]{3}_[A-Z][a-z]{3}$")
#: Tokens only an NLLB-style vocabulary holds; one of them present means the model wants language codes.
_NLLB_MARKERS = ("eng_Latn", "fra_Latn", "deu_Latn", "spa_Latn")
#: Files up to this size count in a model's signature by content; larger ones by name and size.
_HASHED_FILE_BYTES = 1 << 20
_DEVICE = re.compile(r"^(auto|cpu|mps|cuda(:\d+)?)$")
_WHOLE_NUMBER = re.compile(r"[0-9]+")
#: Sources per generation batch of a local model on a CUDA device when neither ``batch=`` nor
#: ``--mt-batch-size`` is given. Issue 27 measured an opus-mt-sized Marian on an H200 at 92 sources/s
#: with batches of 32 and 279 with batches of 128; on a CPU (and on Apple's mps, not measured) the
#: default stays :data:`~pytest_mtchallenge.systems.DEFAULT_BATCH_SIZE`.
GPU_BATCH_SIZE = 128

Parsed = TypeVar("Parsed", bound="LocalModelParams")


def nllb_code(language: str) -> str | None:
    """The NLLB code of a suite language (``en``, ``en-GB``, ``zh-TW``, or already ``fra_Latn``), or None."""
    if _NLLB_CODE.match(language):
        return language
    tag = language.strip().lower().replace("_", "-")
    if tag in _TRADITIONAL_CHINESE:
        return "zho_Hant"
    return NLLB_CODES.get(tag.split("-")[0])


def one_line(exc: BaseException, limit: int = 240) -> str:
    """``Type: message`` on one line, cut to ``limit`` characters."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def files_digest(*paths: Path) -> str:
    """A short digest of the files under ``paths``: names and sizes, and the contents of small files.

    Cheap for multi-gigabyte checkpoints (weights count by name and size) while a changed
    ``config.json`` or ``generation_config.json`` (``num_beams``, ``bad_words_ids``…) changes it.
    """
    digest = hashlib.sha256()
    for root in paths:
        files = [root] if root.is_file() else sorted(
            p for p in root.rglob("*") if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts))
        for file in files:
            size = file.stat().st_size
            digest.update(f"{file.relative_to(root) if file != root else file.name}\0{size}\0".encode())
            if size <= _HASHED_FILE_BYTES:
                digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()[:12]


class LoadedModel(Protocol):
    """A model in memory, ready to translate batches."""

    #: Where it runs: ``cpu``, ``cuda``, ``cuda:N`` or ``mps`` (the default batch size depends on it).
    device: str

    def has_token(self, token: str) -> bool:
        """Whether ``token`` is in the vocabulary (language codes are checked with it)."""

    def translate_batch(self, sources: list[str], *, source_code: str | None, target_code: str | None) -> list[str]:
        """One output per source, in order; ``*_code`` are language-code tokens (NLLB) or None."""


def positive_whole_number(name: str, text: str) -> int:
    """``text``, the value of ``name=``, as a whole number of at least 1; a ``ValueError`` naming it otherwise."""
    if not _WHOLE_NUMBER.fullmatch(text) or int(text) < 1:
        raise ValueError(f"{name}={text}: expected a positive whole number")
    return int(text)


@dataclass(frozen=True, slots=True)
class LocalModelParams(SystemParams):
    """What every local model takes after its path: the beam size, the most new tokens of an output,
    the device, ``batch`` (sources per generation batch for this system, whatever ``--mt-batch-size``
    says; None: that option, else the device's default) and the language codes (None: chosen from
    the suite's languages where the model needs them)."""

    beam: int = 4
    max_length: int = 256
    device: str = "auto"  # auto, cpu, cuda, cuda:N or mps
    batch: int | None = None
    src_lang: str | None = None
    tgt_lang: str | None = None

    @classmethod
    def parse(cls: type[Parsed], pairs: Mapping[str, str]) -> Parsed:
        known = [field.name for field in fields(cls)]
        for name, value in pairs.items():
            if name not in known:
                raise ValueError(f"unknown option '{name}={value}' (options: {', '.join(f'{n}=' for n in known)}; "
                                 "the path cannot hold a comma)")
        beam = positive_whole_number("beam", pairs.get("beam", "4"))
        max_length = positive_whole_number("max_length", pairs.get("max_length", "256"))
        device = pairs.get("device", "auto")
        if not _DEVICE.match(device):
            raise ValueError(f"device={device}: expected auto, cpu, cuda, cuda:N or mps")
        batch = positive_whole_number("batch", pairs["batch"]) if "batch" in pairs else None
        return cls(beam=beam, max_length=max_length, device=device, batch=batch, src_lang=pairs.get("src_lang"),
                   tgt_lang=pairs.get("tgt_lang"))

    def output_settings(self) -> list[str]:
        """``NAME=VALUE`` of every setting that changes outputs (the device and the batch size do not)."""
        settings = [f"beam={self.beam}", f"max_length={self.max_length}"]
        return settings + [f"{name}={value}" for name, value in (("src_lang", self.src_lang),
                                                                   ("tgt_lang", self.tgt_lang)) if value]


class LocalModelSystem(System):
    """A model on this machine: ``KIND:PATH[,NAME=VALUE…]``, loaded once, at first use, and kept.

    ``PATH`` (relative to the rootdir) cannot hold a comma. Batches (:meth:`sources_per_batch`)
    are translated one at a time, shortest sources first (less padding); a failed batch errors
    only its own items. Heavy modules are imported by :meth:`load`, never at import.
    """

    Params: ClassVar[type[LocalModelParams]] = LocalModelParams
    params: LocalModelParams
    head_name = "PATH"
    #: The optional extra that installs what the kind needs.
    extra: ClassVar[str] = ""
    #: A file every model directory of the kind holds, and what such a directory is.
    marker: ClassVar[str] = ""
    model_description: ClassVar[str] = ""

    def __init__(self, *, argument: str, name: str | None, options: SystemOptions, mode: str | None = None,
                 version: str = "", params: SystemParams | None = None) -> None:
        super().__init__(argument=argument, name=name, options=options, mode=mode, version=version, params=params)
        self.path = self.resolve(self.head, what="model directory")
        if not self.path.is_dir():
            raise ValueError(f"--mt-system={self.shown_spec}: no model directory at {self.path}")
        if not (self.path / self.marker).is_file():
            raise ValueError(f"--mt-system={self.shown_spec}: {self.path} is not {self.model_description} "
                             f"(no {self.marker})")
        self._loaded: LoadedModel | None = None
        self._load_failure: str | None = None
        self._lock = threading.Lock()

    # -- paths -----------------------------------------------------------------------------

    def resolve(self, text: str, *, what: str) -> Path:
        if not text.strip():
            raise ValueError(f"--mt-system={self.shown_spec}: the {what} is missing "
                             f"({self.kind}:{self.head_name}[,NAME=VALUE…])")
        path = Path(text.strip()).expanduser()
        return (path if path.is_absolute() else self.options.rootdir / path).resolve()

    @property
    def missing_extra(self) -> str:
        return f"{self.kind}: needs the optional extra {self.extra}: {install_hint(self.extra)}"

    # -- identity ----------------------------------------------------------------------------

    def output_settings(self) -> list[str]:
        """``NAME=VALUE`` of every setting that changes outputs (the device and the batch size do not)."""
        return self.params.output_settings()

    @cached_property
    def model_digest(self) -> str:
        """:func:`files_digest` of the model directory, read once."""
        return files_digest(self.path)

    @property
    def signature(self) -> str:
        """The resolved path, every setting that changes outputs and a digest of the model's files.

        Language codes chosen from the suite's languages are not in it: the translation cache
        keys every output by the language pair too. It holds no ``|``.
        """
        parts = [f"{self.kind}:{self.path}", *self.output_settings(), f"files={self.model_digest}"]
        return ";".join(parts).replace("|", "%7C")

    # -- loading and translating -----------------------------------------------------------------

    def load(self) -> LoadedModel:
        """The model, loaded on first call (once per system, whatever the number of suites)."""
        with self._lock:
            if self._loaded is None:
                if self._load_failure is not None:
                    raise SystemFailure(self._load_failure)
                try:
                    self._loaded = self.load_model()
                except SystemFailure as exc:
                    self._load_failure = exc.one_line()
                    raise
                except Exception as exc:
                    self._load_failure = f"{self.default_name()}: cannot load the model in {self.path}: {one_line(exc)}"
                    raise SystemFailure(self._load_failure) from exc
            return self._loaded

    def load_model(self) -> LoadedModel:
        raise NotImplementedError

    def language_codes(self, model: LoadedModel, suite: Suite) -> tuple[str | None, str | None]:
        """The source and target language codes the model needs for ``suite``, or None for each.

        Given codes win; else a model with an NLLB-style vocabulary gets the NLLB codes of the
        suite's languages; other models (Marian, one pair per model) need none.
        """
        nllb = any(model.has_token(marker) for marker in _NLLB_MARKERS)
        codes: list[str | None] = []
        for option, given, language in (("src_lang", self.params.src_lang, suite.source_language),
                                        ("tgt_lang", self.params.tgt_lang, suite.target_language)):
            code = given or (nllb_code(language) if nllb else None)
            if nllb and code is None:
                raise SystemFailure(f"{self.default_name()}: no NLLB code is known for the language {language!r} of "
                                    f"suite {suite.name}; give it as {option}=CODE (e.g. {option}=fra_Latn)")
            if code is not None and not model.has_token(code):
                raise SystemFailure(f"{self.default_name()}: {option}={code} is not a token of the model's vocabulary")
            codes.append(code)
        return codes[0], codes[1]

    def sources_per_batch(self, device: str) -> int:
        """The generation batch on ``device``: ``batch=`` when given, else ``--mt-batch-size`` when
        given, else :data:`GPU_BATCH_SIZE` on a CUDA device and ``DEFAULT_BATCH_SIZE`` elsewhere."""
        if self.params.batch is not None:
            return self.params.batch
        return self.options.sources_per_batch(GPU_BATCH_SIZE if device.startswith("cuda") else DEFAULT_BATCH_SIZE)

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        try:
            model = self.load()
            source_code, target_code = self.language_codes(model, suite)
        except SystemFailure as exc:
            return Translations.failed(items, exc.one_line())
        shortest_first = sorted(items, key=lambda item: len(item.source))
        return translate_in_batches(
            shortest_first,
            lambda sources: model.translate_batch(sources, source_code=source_code, target_code=target_code),
            options=replace(self.options, batch_size=self.sources_per_batch(model.device)),
            origin=self.default_name(), concurrency=1, on_batch=on_batch)

    def score(self, *, suite: Suite, requests: Sequence[ScoreRequest]) -> Scores:
        """Per-token log-probabilities of given translations, in batches of :meth:`sources_per_batch`,
        tokenised as translating tokenises (:mod:`pytest_mtchallenge.systems.local_scoring`). In
        document mode the context and the sentence are one text on each side, as they are translated."""
        from pytest_mtchallenge.systems.local_scoring import score_pairs
        from pytest_mtchallenge.contrastive.model import CandidateScore
        from pytest_mtchallenge.contrastive.scoring import Scores

        try:
            model = self.load()
            source_code, target_code = self.language_codes(model, suite)
        except SystemFailure as exc:
            return Scores.failed(requests, exc.one_line())
        document = self.mode == "document"
        pairs = [((" ".join((*r.context, r.source)), " ".join((*r.target_context, r.candidate))) if document
                  and r.context and len(r.target_context) == len(r.context) else (r.source, r.candidate))
                 for r in requests]
        order = sorted(range(len(requests)), key=lambda n: (len(pairs[n][0]), len(pairs[n][1])))
        size = self.sources_per_batch(model.device)
        scores: dict[str, CandidateScore] = {}
        errors: dict[str, str] = {}
        for start in range(0, len(order), size):
            batch = order[start:start + size]
            try:
                tokens = score_pairs(model, [pairs[n][0] for n in batch], [pairs[n][1] for n in batch],
                                     source_code=source_code, target_code=target_code)
            except Exception as exc:  # a failed batch errors its own candidates only
                for n in batch:
                    errors[requests[n].key] = f"{self.default_name()}: scoring failed: {one_line(exc)}"
                continue
            for n, values in zip(batch, tokens):
                scores[requests[n].key] = CandidateScore(total=float(sum(values)), tokens=tuple(values))
        return Scores(scores=MappingProxyType(scores), errors=MappingProxyType(errors))


# -- hf: -------------------------------------------------------------------------------------

def choose_torch_device(requested: str, torch: ModuleType) -> str:
    """``requested``, or for ``auto`` the first of cuda, mps and cpu that this machine has."""
    if requested != "auto":
        if requested.startswith("cuda") and not torch.cuda.is_available():
            raise SystemFailure(f"device={requested}: torch sees no CUDA device")
        return requested
    if torch.cuda.is_available():
        return "cuda"
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        return "mps"
    return "cpu"


@dataclass(frozen=True, slots=True)
class TransformersModel:
    """A tokenizer and a sequence-to-sequence model in eval mode on ``device``."""

    tokenizer: PreTrainedTokenizerBase
    model: PreTrainedModel
    torch: ModuleType
    transformers: ModuleType
    device: str
    beam: int
    max_length: int
    input_limit: int | None  # source tokens beyond it are cut (position embeddings end there)

    def has_token(self, token: str) -> bool:
        token_id = self.tokenizer.convert_tokens_to_ids(token)
        return isinstance(token_id, int) and token_id != self.tokenizer.unk_token_id

    def translate_batch(self, sources: list[str], *, source_code: str | None, target_code: str | None) -> list[str]:
        if source_code is not None:
            if not hasattr(self.tokenizer, "src_lang"):
                raise ValueError(f"the tokenizer {type(self.tokenizer).__name__} takes no source language code "
                                    f"(src_lang={source_code})")
            self.tokenizer.src_lang = source_code  # NLLB's tokenizer then puts the code before each source
        limit = {"truncation": True, "max_length": self.input_limit} if self.input_limit else {}
        encoded = self.tokenizer(sources, return_tensors="pt", padding=True, **limit)
        generation: dict[str, object] = {"num_beams": self.beam, "max_new_tokens": self.max_length, "do_sample": False}
        if target_code is not None:
            generation["forced_bos_token_id"] = self.tokenizer.convert_tokens_to_ids(target_code)
        with self.torch.inference_mode(), quiet_transformers(self.transformers):
            generated = self.model.generate(  # type: ignore[operator]  # nn.Module.__getattr__ hides it from mypy
                input_ids=encoded["input_ids"].to(self.device),
                attention_mask=encoded["attention_mask"].to(self.device), **generation)
        return [output.strip() for output in self.tokenizer.batch_decode(generated, skip_special_tokens=True)]


#: The torch dtypes an ``hf:`` model may be loaded in.
DTYPES = ("float32", "float16", "bfloat16")


@dataclass(frozen=True, slots=True)
class HuggingFaceParams(LocalModelParams):
    """A local model's parameters, and the dtype the ``hf:`` model is loaded in."""

    dtype: str = "float32"

    @classmethod
    def parse(cls, pairs: Mapping[str, str]) -> HuggingFaceParams:
        params = super(HuggingFaceParams, cls).parse(pairs)  # named: slots=True makes a new class
        dtype = pairs.get("dtype", params.dtype)
        if dtype not in DTYPES:
            raise ValueError(f"dtype={dtype}: expected one of {', '.join(DTYPES)}")
        return replace(params, dtype=dtype)

    def output_settings(self) -> list[str]:
        return [*super(HuggingFaceParams, self).output_settings(), f"dtype={self.dtype}"]


class HuggingFaceSystem(LocalModelSystem):
    """A transformers sequence-to-sequence checkpoint directory (Marian/opus-mt, NLLB, mBART-50, T5…).

    ``hf:PATH[,beam=4,max_length=256,device=auto,batch=N,dtype=float32,src_lang=CODE,tgt_lang=CODE]``.
    Loaded with ``AutoTokenizer`` and ``AutoModelForSeq2SeqLM`` from PATH only (never from the
    Hub); decoding is beam search without sampling, ``max_length`` new tokens at most.
    """

    kind = "hf"
    #: The Hugging Face hub's token, which transformers reads to download a gated model.
    secret_env = ("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN")
    extra = "hf"
    marker = "config.json"
    model_description = "a transformers checkpoint"
    Params = HuggingFaceParams
    params: HuggingFaceParams

    def load_model(self) -> TransformersModel:
        try:
            import torch
            import transformers
        except ImportError:
            raise SystemFailure(self.missing_extra) from None
        try:
            device = choose_torch_device(self.params.device, torch)
        except SystemFailure as exc:
            raise SystemFailure(f"{self.default_name()}: {exc.one_line()}") from None
        with quiet_transformers(transformers):
            tokenizer = transformers.AutoTokenizer.from_pretrained(self.path, local_files_only=True)
            model = transformers.AutoModelForSeq2SeqLM.from_pretrained(self.path, local_files_only=True)
        model = model.to(device=device, dtype=getattr(torch, self.params.dtype)).eval()
        limits = [limit for limit in (getattr(tokenizer, "model_max_length", None),
                                      getattr(model.config, "max_position_embeddings", None))
                  if isinstance(limit, int) and 0 < limit < 1_000_000]
        return TransformersModel(tokenizer=tokenizer, model=model, torch=torch, transformers=transformers, device=device,
                                 beam=self.params.beam, max_length=self.params.max_length,
                                 input_limit=min(limits) if limits else None)


__all__ = ["DTYPES", "GPU_BATCH_SIZE", "NLLB_CODES", "HuggingFaceParams", "HuggingFaceSystem", "LoadedModel",
           "LocalModelParams", "LocalModelSystem", "TransformersModel", "choose_torch_device", "files_digest",
           "nllb_code", "one_line", "positive_whole_number", "quiet_transformers"]
