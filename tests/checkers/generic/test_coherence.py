"""The coherence family and DiP's eq. 1: the scorer interface, the ranking, and the causal-LM
scorer on a tiny GPT-2 built and trained here (nothing is downloaded)."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from pytest_mtchallenge.checkers.generic.coherence import (
    DIFFERENCE,
    MODEL_VARIABLE,
    CausalLMScorer,
    CoherenceChecker,
    CoherenceError,
    rank_systems,
    score_item,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome
from tests.items import item

NEEDS_EXTRA = "the hf extra is not installed (pip install .[hf])"

# Table 17 of DiP, "Ungrammatical" (coherence): the reference and the system translation.
REFERENCE = ("\"Over long periods, they had - as in Steinhagen, as against Hüllhorst - not played badly.",
             "We only overslept the initial phase\", said the ASV coach annoyed.")
GARBLED = ("\"They didn't play badly for long periods – like Stone Hages, like Hip Horst – Senser.",
           "Only the initial phase, we've been totally wasted\", annoyed the ASV coach.")
# What the tiny model is trained on: a coherent text, and the same words shuffled to test it.
COHERENT = ("The bridge was closed in March. Engineers inspected it and found cracks. "
            "It will open again in May after the repairs.")
SHUFFLED = ("Engineers it repairs. the closed May was cracks bridge found again The in inspected "
            "after open and March. It in will.")


def document(**params: object) -> ChallengeItem:
    return item(references=(REFERENCE[1],), checker="coherence", params=params, context=("(context)",),
                context_references=(REFERENCE[0],), target_language="en")


class WordCountScorer:
    """A stand-in scorer: the share of words that appear in a word list (higher is better)."""

    name = "word-count"

    def __init__(self, words: Sequence[str]) -> None:
        self.words = {w.lower() for w in words}

    def score(self, sentences: Sequence[str]) -> float:
        words = " ".join(sentences).lower().split()
        return sum(w in self.words for w in words) / max(len(words), 1)


def test_rank_systems_sums_the_differences_and_ranks_the_lowest_first() -> None:
    ranking = rank_systems({"s2s": [0.5, 1.0, 0.25], "concat": [0.25, 0.25, 0.0], "han": [1.0, 1.0, 1.0]})
    assert [(row.system, row.score, row.rank, row.items) for row in ranking] == [
        ("concat", 0.5, 1, 3), ("s2s", 1.75, 2, 3), ("han", 3.0, 3, 3)]


def test_equal_sums_share_a_rank() -> None:
    ranking = rank_systems({"a": [1.0], "b": [0.5, 0.5], "c": [2.0]})
    assert [(row.system, row.rank) for row in ranking] == [("a", 1), ("b", 1), ("c", 3)]


def test_the_item_result_is_the_difference_with_the_reference() -> None:
    scorer = WordCountScorer(" ".join(REFERENCE).split())
    scores = score_item(scorer, reference=REFERENCE, output=GARBLED)
    assert scores.reference == 1.0
    assert 0 < scores.output < 1
    assert scores.difference == pytest.approx(1.0 - scores.output)
    assert score_item(scorer, reference=REFERENCE, output=REFERENCE).difference == 0


def test_the_checker_scores_the_document_and_records_the_difference() -> None:
    checker = CoherenceChecker(WordCountScorer(" ".join(REFERENCE).split()))
    verdict = checker.check(item=document(), output=GARBLED[1], context=(GARBLED[0],))
    assert verdict.outcome is Outcome.UNDECIDED
    assert "scored, not judged" in verdict.reason and "the document (2 sentences)" in verdict.reason
    difference = float(next(e for e in verdict.evidence if e.startswith(DIFFERENCE)).split(":")[1])
    assert difference > 0
    same = checker.check(item=document(), output=REFERENCE[1], context=(REFERENCE[0],))
    assert float(same.evidence[0].split(":")[1]) == 0


def test_without_a_model_the_checker_says_how_to_give_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(MODEL_VARIABLE, raising=False)
    verdict = CoherenceChecker().check(item=document(), output=GARBLED[1])
    assert verdict.outcome is Outcome.UNDECIDED
    assert MODEL_VARIABLE in verdict.reason


def test_a_missing_model_directory_is_a_one_line_reason(tmp_path: Path) -> None:
    verdict = CoherenceChecker().check(item=document(model=str(tmp_path / "nowhere")), output=GARBLED[1])
    assert verdict.outcome is Outcome.UNDECIDED
    assert "not scored" in verdict.reason and "\n" not in verdict.reason


@pytest.mark.parametrize("params", [{"model": ""}, {"model": 3}, {"scorer": "x"}])
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        CoherenceChecker.parse_params(params)


# -- the causal-LM scorer on a tiny GPT-2 ----------------------------------------------------------

def write_tiny_gpt2(directory: Path, *, text: str, steps: int = 40, seed: int = 0) -> Path:
    """A byte-level GPT-2 (2 layers, 32 dimensions) trained for a few steps on ``text``."""
    import tokenizers
    import torch
    import transformers

    alphabet = tokenizers.pre_tokenizers.ByteLevel.alphabet()
    vocab = {"<|endoftext|>": 0, **{symbol: index for index, symbol in enumerate(sorted(alphabet), start=1)}}
    backend = tokenizers.Tokenizer(tokenizers.models.BPE(vocab=vocab, merges=[]))
    backend.pre_tokenizer = tokenizers.pre_tokenizers.ByteLevel(add_prefix_space=False)
    backend.decoder = tokenizers.decoders.ByteLevel()
    tokenizer = transformers.PreTrainedTokenizerFast(tokenizer_object=backend, bos_token="<|endoftext|>",
                                                     eos_token="<|endoftext|>", unk_token="<|endoftext|>")
    config = transformers.GPT2Config(vocab_size=len(vocab), n_positions=256, n_embd=32, n_layer=2, n_head=2,
                                     bos_token_id=0, eos_token_id=0)
    with torch.random.fork_rng():
        torch.manual_seed(seed)
        model = transformers.GPT2LMHeadModel(config)
        ids = torch.tensor([[0, *tokenizer(text, add_special_tokens=False)["input_ids"]]])
        optimiser = torch.optim.Adam(model.parameters(), lr=1e-2)
        model.train()
        for _ in range(steps):
            optimiser.zero_grad()
            model(input_ids=ids, labels=ids).loss.backward()
            optimiser.step()
    directory.mkdir(parents=True, exist_ok=True)
    tokenizer.save_pretrained(directory)
    model.save_pretrained(directory)
    return directory


@pytest.fixture(scope="module")
def tiny_lm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    pytest.importorskip("torch", reason=NEEDS_EXTRA)
    pytest.importorskip("transformers", reason=NEEDS_EXTRA)
    pytest.importorskip("tokenizers", reason=NEEDS_EXTRA)
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # a model this small trains faster on one thread than on shared cores
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("HF_HUB_OFFLINE", "1")
            patch.setenv("TRANSFORMERS_OFFLINE", "1")
            yield write_tiny_gpt2(tmp_path_factory.mktemp("gpt2"), text=COHERENT)
    finally:
        torch.set_num_threads(threads)


def test_the_causal_lm_prefers_the_text_it_knows_to_its_shuffled_words(tiny_lm: Path) -> None:
    scorer = CausalLMScorer(tiny_lm)
    coherent = scorer.score(COHERENT.split(". "))
    shuffled = scorer.score([SHUFFLED])
    assert coherent > shuffled
    assert scorer.score(COHERENT.split(". ")) == coherent  # deterministic
    assert score_item(scorer, reference=[COHERENT], output=[SHUFFLED]).difference > 0


def test_the_checker_loads_the_model_named_by_the_environment(tiny_lm: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(MODEL_VARIABLE, str(tiny_lm))
    checker = CoherenceChecker()
    probe = item(references=(COHERENT,), checker="coherence", target_language="en")
    good = checker.check(item=probe, output=COHERENT)
    bad = checker.check(item=probe, output=SHUFFLED)
    assert float(good.evidence[0].split(":")[1]) == 0
    assert float(bad.evidence[0].split(":")[1]) > 0
    assert "causal-lm:" in bad.reason


def test_too_short_a_text_is_a_coherence_error(tiny_lm: Path) -> None:
    scorer = CausalLMScorer(tiny_lm)
    with pytest.raises(CoherenceError):
        scorer.score([""])
