"""Scoring given translations with a local model (``hf:``, ``ct2:``), tokenised as the model's translation path tokenises.

What is scored is what translating would have produced: the source encoded as for translation (NLLB
puts its source code first), and the candidate's tokens followed by ``</s>``, each token's
log-probability given the ones before. A forced target-language token (NLLB's ``fra_Latn``) is fed to
the decoder but not scored, since translating forces it too; ``</s>`` is scored in both kinds.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_mtchallenge.systems.ctranslate2 import CTranslate2Model
    from pytest_mtchallenge.systems.huggingface import TransformersModel


def score_transformers(model: TransformersModel, sources: Sequence[str], candidates: Sequence[str], *,
                       source_code: str | None, target_code: str | None) -> list[tuple[float, ...]]:
    """Per-token log-probabilities of each candidate given its source, in one forward pass."""
    torch, tokenizer = model.torch, model.tokenizer
    if source_code is not None:
        tokenizer.src_lang = source_code
    limit = {"truncation": True, "max_length": model.input_limit} if model.input_limit else {}
    encoded = tokenizer(list(sources), return_tensors="pt", padding=True, **limit)
    code_id = tokenizer.convert_tokens_to_ids(target_code) if target_code else None
    eos = tokenizer.eos_token_id
    if target_code is not None and hasattr(tokenizer, "tgt_lang"):
        tokenizer.tgt_lang = target_code
    labels: list[list[int]] = []
    for ids in tokenizer(text_target=list(candidates), **limit)["input_ids"]:
        ids = list(ids)
        if code_id is not None and ids[:1] == [code_id]:
            ids = ids[1:]  # the forced language token: fed, not scored
        if not ids or ids[-1] != eos:
            ids.append(eos)
        labels.append(ids)
    config = model.model.config
    start = config.decoder_start_token_id
    pad = config.pad_token_id if config.pad_token_id is not None else eos
    prefix = [start] + ([code_id] if code_id is not None else [])
    width = max(len(ids) for ids in labels)
    decoder_inputs = [(prefix + ids[:-1] + [pad] * (width - len(ids))) for ids in labels]
    with torch.inference_mode():
        logits = model.model(input_ids=encoded["input_ids"].to(model.device),
                             attention_mask=encoded["attention_mask"].to(model.device),
                             # padding comes last: causal attention keeps it out of every real token's score
                             decoder_input_ids=torch.tensor(decoder_inputs, device=model.device)).logits
        log_probs = torch.log_softmax(logits.float(), dim=-1)
        skip = len(prefix) - 1  # positions that predict the forced token
        target = torch.tensor([ids + [pad] * (width - len(ids)) for ids in labels], device=model.device)
        picked = log_probs[:, skip:skip + width, :].gather(-1, target.unsqueeze(-1)).squeeze(-1).cpu().tolist()
    return [tuple(row[:len(ids)]) for row, ids in zip(picked, labels)]


def score_ctranslate2(model: CTranslate2Model, sources: Sequence[str], candidates: Sequence[str], *,
                      source_code: str | None, target_code: str | None) -> list[tuple[float, ...]]:
    """Per-token log-probabilities from ``Translator.score_batch`` (``</s>`` included, a forced
    language token skipped with ``offset``)."""
    tokenizer = model.tokenizer
    source_tokens = [tokenizer.encode(source, source_code) for source in sources]
    target_tokens = []
    for candidate in candidates:
        tokens = target_pieces(model, candidate)
        target_tokens.append(([target_code] if target_code else []) + tokens)
    results = model.translator.score_batch(source_tokens, target_tokens, offset=1 if target_code else 0)
    return [tuple(result.log_probs) for result in results]


def target_pieces(model: CTranslate2Model, text: str) -> list[str]:
    """A candidate's target-side tokens, without special tokens (the translator adds ``</s>``)."""
    from pytest_mtchallenge.systems.ctranslate2 import SentencePieceTokenizer

    tokenizer = model.tokenizer
    if isinstance(tokenizer, SentencePieceTokenizer):
        return list(tokenizer.target.encode(text, out_type=str))
    hf = tokenizer.tokenizer
    ids = hf(text_target=text)["input_ids"]
    special = set(hf.all_special_ids)
    return list(hf.convert_ids_to_tokens([i for i in ids if i not in special]))


def score_pairs(model: object, sources: Sequence[str], candidates: Sequence[str], *, source_code: str | None,
                target_code: str | None) -> list[tuple[float, ...]]:
    """The per-token scores of a loaded ``hf:`` or ``ct2:`` model."""
    from pytest_mtchallenge.systems.ctranslate2 import CTranslate2Model

    scorer = score_ctranslate2 if isinstance(model, CTranslate2Model) else score_transformers
    return scorer(model, sources, candidates, source_code=source_code, target_code=target_code)  # type: ignore[arg-type]


__all__ = ["score_ctranslate2", "score_pairs", "score_transformers", "target_pieces"]
