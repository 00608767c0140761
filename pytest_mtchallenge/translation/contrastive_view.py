"""Any challenge suite in contrastive mode (``--mt-contrastive``): its references against the recorded outputs its human verdicts reject.

An item of a challenge suite with a reference and recorded outputs a human judged wrong ("no") is
already a contrastive item: the reference is the correct candidate, each rejected output (each
distinct text, none equal to a reference) a contrastive variant. With ``--mt-contrastive``, each
system of the run that can score gets a second column, ``NAME+contrastive``, beside its own: per
subcategory, "does the model translate it right" and "does the model prefer the right translation"
side by side. Items without a rejected output have nothing to contrast and get no contrastive test.
"""
from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from pytest_mtchallenge.contrastive.model import Candidate, ContrastiveParams
from pytest_mtchallenge.contrastive.scoring import ScoreRequest, Scores
from pytest_mtchallenge.systems.scoring import cannot_score
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.systems import OnBatch, System, Translations

#: What a contrastive column's name adds to its system's.
SUFFIX = "+contrastive"
#: The error type of a recorded output that a human verdict rejects.
REJECTED = "rejected output"


def challenge_params(suite: Suite, item: ChallengeItem) -> ContrastiveParams | None:
    """``item`` as a contrastive item: its references correct, each distinct output its recorded human
    verdicts reject a variant (in the order the verdicts come); None when it has no reference or
    no rejected output."""
    if not item.references:
        return None
    seen = {normalise_text(reference) for reference in item.references}
    variants: list[Candidate] = []
    for verdict in suite.verdicts:
        if verdict.item != item.id or verdict.verdict != "no" or not verdict.output.strip():
            continue
        key = normalise_text(verdict.output)
        if key in seen:
            continue
        seen.add(key)
        variants.append(Candidate(text=verdict.output, correct=False, error=REJECTED))
    if not variants:
        return None
    correct = tuple(Candidate(text=reference, correct=True) for reference in item.references)
    return ContrastiveParams(candidates=correct + tuple(variants), rule="all-variants",
                             facets=MappingProxyType({}), target_context=item.context_references)


class ContrastiveView(System):
    """A scoring system's contrastive column on challenge suites: named ``NAME+contrastive``, it
    scores each item's reference against its rejected outputs with the system's model, and never
    translates. Its scores are the system's (same signature, same cache entries)."""

    cacheable = True

    def __init__(self, system: System) -> None:
        self.system = system
        self.kind = system.kind  # type: ignore[misc]
        super().__init__(argument=system.argument, name=f"{system.name}{SUFFIX}", options=system.options,
                         mode=system.mode, version=system.version, params=system.params)
        self._params: dict[tuple[str, str], ContrastiveParams | None] = {}

    @property
    def signature(self) -> str:
        return self.system.signature

    @property
    def identity(self) -> str:
        return self.system.identity + ",contrastive"

    @property
    def secrets(self) -> tuple[str, ...]:
        return self.system.secrets

    def params_for(self, suite: Suite, item: ChallengeItem) -> ContrastiveParams | None:
        key = (suite.name, item.id)
        if key not in self._params:
            self._params[key] = challenge_params(suite, item)
        return self._params[key]

    def covers_item(self, suite: Suite, item: ChallengeItem) -> bool:
        return self.params_for(suite, item) is not None

    def item_count(self, suite: Suite) -> int:
        """How many items of ``suite`` have a contrastive test (a whole run judges this many)."""
        return sum(self.covers_item(suite, item) for item in suite.items)

    def cannot_score(self) -> str | None:
        return cannot_score(self.system)

    def score(self, *, suite: Suite, requests: Sequence[ScoreRequest]) -> Scores:
        return self.system.score(suite=suite, requests=requests)  # type: ignore[attr-defined,no-any-return]

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        return Translations.failed(items, f"{self.name} scores given translations; it does not translate")


def with_contrastive_views(systems: Sequence[System], suite: Suite) -> list[System]:
    """``systems`` with the contrastive column of each that can score right after it, when ``suite``
    is a challenge suite (a contrastive suite's tests score already)."""
    if all(item.checker == "contrastive" for item in suite.items):
        return list(systems)
    columns: list[System] = []
    for system in systems:
        columns.append(system)
        if not isinstance(system, ContrastiveView) and cannot_score(system) is None:
            columns.append(ContrastiveView(system))
    return columns


__all__ = ["REJECTED", "SUFFIX", "ContrastiveView", "challenge_params", "with_contrastive_views"]
