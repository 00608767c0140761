"""The ``coherence`` family: DiP's model-based coherence score (eq. 1), with a scorer interface and a causal-LM scorer."""
from __future__ import annotations

import math
import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from pytest_mtchallenge.checkers import Checker, FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.document import blocks
from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.extras import install_hint
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

#: The environment variable naming the local checkpoint the family scores with (an item's
#: ``model`` parameter wins).
MODEL_VARIABLE = "MTCHALLENGE_COHERENCE_MODEL"
_PARAMS = ("model",)
#: Evidence entries that carry the scores, machine-readable (``coherence-difference:0.8123``).
DIFFERENCE = "coherence-difference"
REFERENCE_SCORE = "coherence-reference"
OUTPUT_SCORE = "coherence-output"


class CoherenceError(MTChallengeError):
    """The coherence model cannot be loaded or cannot score a text."""


class CoherenceScorer(Protocol):
    """Scores a text (its sentences, in order): higher means more coherent and readable.

    DiP uses the neural coherence model of Moon et al. (2019), re-trained with references as
    positive and MT outputs as negative documents; any scorer with this method can stand in.
    """

    name: str

    def score(self, sentences: Sequence[str]) -> float: ...


@dataclass(frozen=True, slots=True)
class CoherenceScore:
    """The scores of one item's reference and output; ``difference`` is DiP's per-item term."""

    reference: float
    output: float

    @property
    def difference(self) -> float:
        """ρ(ref) − ρ(sys): 0 for an output as coherent as the reference; lower is better."""
        return self.reference - self.output


@dataclass(frozen=True, slots=True)
class SystemScore:
    """One row of DiP's ranking: a system, its summed differences, its rank (1 = best)."""

    system: str
    score: float
    items: int
    rank: int


def score_item(scorer: CoherenceScorer, *, reference: Sequence[str], output: Sequence[str]) -> CoherenceScore:
    """Score a reference block and an output block with the same scorer."""
    return CoherenceScore(reference=scorer.score(reference), output=scorer.score(output))


def rank_systems(differences: Mapping[str, Iterable[float]]) -> list[SystemScore]:
    """DiP's eq. 1: Score_sys = Σ_i ρ_i(ref) − ρ_i(sys), systems ranked from the lowest sum (best).

    Systems with equal sums share a rank. Compare systems only on the same items.
    """
    sums = {system: [float(d) for d in values] for system, values in differences.items()}
    ordered = sorted(sums.items(), key=lambda pair: (math.fsum(pair[1]), pair[0]))
    ranking: list[SystemScore] = []
    for position, (system, values) in enumerate(ordered, start=1):
        total = math.fsum(values)
        rank = ranking[-1].rank if ranking and math.isclose(ranking[-1].score, total, abs_tol=1e-9) else position
        ranking.append(SystemScore(system, total, len(values), rank))
    return ranking


class CausalLMScorer:
    """A coherence scorer over a local causal language model (a transformers checkpoint).

    The score of a text is the mean log-probability of its tokens given the tokens before them,
    the sentences joined by spaces: a text whose sentences follow from one another reads as more
    probable than a garbled or shuffled one. The mean (not the sum) keeps outputs of different
    lengths comparable. Needs the ``hf`` extra; nothing is downloaded (``local_files_only``).
    """

    def __init__(self, path: str | Path, *, device: str = "cpu", max_tokens: int = 1024) -> None:
        self.path = Path(path)
        self.name = f"causal-lm:{self.path.name}"
        self.device = device
        self.max_tokens = max_tokens
        self._loaded: tuple[Any, Any, Any] | None = None
        self._lock = threading.Lock()

    def load(self) -> tuple[Any, Any, Any]:
        """(torch, tokenizer, model), loaded once."""
        with self._lock:
            if self._loaded is None:
                if not self.path.is_dir():
                    raise CoherenceError("coherence model directory not found", file=self.path)
                try:
                    import torch
                    import transformers
                except ModuleNotFoundError:
                    raise CoherenceError(f"the coherence scorer needs torch and transformers: {install_hint('hf')}") from None
                from pytest_mtchallenge.extras import quiet_transformers

                try:
                    with quiet_transformers(transformers):
                        tokenizer = transformers.AutoTokenizer.from_pretrained(self.path, local_files_only=True)
                        model = transformers.AutoModelForCausalLM.from_pretrained(self.path, local_files_only=True)
                except (OSError, ValueError) as exc:
                    message = " ".join(str(exc).split())[:240]
                    raise CoherenceError(f"cannot load the coherence model: {message}", file=self.path) from None
                model.to(self.device)
                model.eval()
                self._loaded = (torch, tokenizer, model)
            return self._loaded

    def score(self, sentences: Sequence[str]) -> float:
        torch, tokenizer, model = self.load()
        text = " ".join(s.strip() for s in sentences if s.strip())
        ids = list(tokenizer(text, add_special_tokens=False)["input_ids"])
        if tokenizer.bos_token_id is not None:
            ids = [tokenizer.bos_token_id, *ids]
        ids = ids[: self.max_tokens]
        if len(ids) < 2:
            raise CoherenceError(f"too short to score: {text!r}")
        with self._lock, torch.no_grad():
            tensor = torch.tensor([ids], device=self.device)
            loss = model(input_ids=tensor, labels=tensor).loss
        return -float(loss)


@dataclass(frozen=True, slots=True)
class CoherenceParams(FamilyParams):
    model: str = ""  # a local causal-LM checkpoint directory; "": the environment's (MODEL_VARIABLE)

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> CoherenceParams:
        reject_unknown(mapping, _PARAMS)
        model = mapping.get("model")
        if model is not None and (not isinstance(model, str) or not model.strip()):
            raise ValueError("model must be the path of a local checkpoint directory")
        return cls(model or "")


class CoherenceChecker(Checker):
    """DiP's coherence and readability measure: a per-item score, not a pass or a fail.

    A scorer gives the reference block and the output block (the context translation and the
    sentence, or the sentence alone when the system gave no context translation) a coherence
    score; the item's result is their difference ρ(ref) − ρ(sys) (DiP eq. 1), and systems are
    ranked by the sum of their differences (:func:`rank_systems`, lower is better).

    The verdict is **undecided** (a human or the recorded verdict decides pass or fail) with the
    scores in its reason and, machine-readable, in its evidence: ``coherence-difference:D``,
    ``coherence-reference:R``, ``coherence-output:O``.

    - ``model``: a local causal-LM checkpoint directory (default: the environment variable
      ``MTCHALLENGE_COHERENCE_MODEL``); scored with :class:`CausalLMScorer`.
    """

    name = "coherence"
    description = "coherence scored by a model: reference minus output (DiP eq. 1); systems ranked by the sum"
    Params = CoherenceParams

    def __init__(self, scorer: CoherenceScorer | None = None) -> None:
        self._scorer = scorer
        self._scorers: dict[str, CoherenceScorer] = {}
        self._lock = threading.Lock()

    def scorer_for(self, item: ChallengeItem) -> CoherenceScorer | None:
        if self._scorer is not None:
            return self._scorer
        path = (CoherenceParams.of(item).model or os.environ.get(MODEL_VARIABLE, "")).strip()
        if not path:
            return None
        with self._lock:
            if path not in self._scorers:
                self._scorers[path] = CausalLMScorer(path)
            return self._scorers[path]

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        if not output.strip():
            return Verdict.not_applicable("the output is empty")
        if not item.references:
            return Verdict.undecided("the item has no reference to score the output against")
        scorer = self.scorer_for(item)
        if scorer is None:
            return Verdict.undecided(f"no coherence model: set {MODEL_VARIABLE} (or the item's model parameter) "
                                     f"to a local causal-LM checkpoint ({install_hint('hf')})")
        document = blocks(item, output, context)
        if not document.reference:
            document = blocks(item, output)  # no reference for the context: score the sentences
        try:
            scores = score_item(scorer, reference=document.reference, output=document.output)
        except CoherenceError as exc:
            return Verdict.undecided(f"coherence not scored: {exc.one_line()}")
        return Verdict.undecided(
            f"coherence is scored, not judged: reference {scores.reference:.4f}, output {scores.output:.4f}, "
            f"difference {scores.difference:.4f} over {document.scope} ({scorer.name}; DiP eq. 1, lower is better)",
            f"{DIFFERENCE}:{scores.difference:.6f}", f"{REFERENCE_SCORE}:{scores.reference:.6f}",
            f"{OUTPUT_SCORE}:{scores.output:.6f}")


__all__ = ["CausalLMScorer", "CoherenceChecker", "CoherenceError", "CoherenceScore", "CoherenceScorer",
           "MODEL_VARIABLE", "SystemScore", "rank_systems", "score_item"]
