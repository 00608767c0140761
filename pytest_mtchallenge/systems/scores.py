"""``scores:PATH`` — a file of scores, one number per line, as the contrastive sets' ``evaluate.py`` read them."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from pytest_mtchallenge import files
from pytest_mtchallenge.contrastive.model import CandidateScore
from pytest_mtchallenge.contrastive.scoring import ScoreRequest, Scores
from pytest_mtchallenge.errors import OutputError
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import OnBatch, System, SystemOptions, SystemParams, Translations

BETTER = ("lower", "higher")


@dataclass(frozen=True, slots=True)
class ScoresParams(SystemParams):
    """Which scores are better: ``lower`` (negative log-likelihoods, as ``evaluate.py`` without
    ``--maximize``) or ``higher`` (log-probabilities)."""

    better: str = "lower"

    @classmethod
    def parse(cls, pairs: Mapping[str, str]) -> ScoresParams:
        for name, value in pairs.items():
            if name != "better" or value not in BETTER:
                raise ValueError(f"unknown option '{name}={value}' (option: better=lower or better=higher; "
                                 "the path cannot hold a comma)")
        return cls(better=pairs.get("better", "lower"))


class ScoresFileSystem(System):
    """Scores a toolkit wrote for a contrastive set: ``scores:PATH[,better=lower|higher]``.

    Line N is the score of the set's N-th scored segment, in the order its ``evaluate.py`` reads
    them (ContraPro: each item's reference, then its errors). ``better=lower`` (the default, as
    ``evaluate.py`` without ``--maximize``) reads negative log-likelihoods; ``better=higher``
    log-probabilities. The file is read, not translated: it cannot translate, and is never cached.
    """

    kind = "scores"
    cacheable = False
    Params = ScoresParams
    params: ScoresParams
    head_name = "PATH"

    def __init__(self, *, argument: str, name: str | None, options: SystemOptions, mode: str | None = None,
                 version: str = "", params: SystemParams | None = None) -> None:
        super().__init__(argument=argument, name=name, options=options, mode=mode, version=version, params=params)
        if not self.head:
            raise ValueError("--mt-system=scores: needs the scores file (scores:PATH)")
        self.path = (options.rootdir / self.head).resolve()

    def default_name(self) -> str:
        return f"scores:{self.head}"

    def check_usable(self) -> None:
        if not self.path.is_file():
            raise ValueError(f"--mt-system={self.shown_spec}: no scores file at {self.path}")

    @property
    def signature(self) -> str:
        from pytest_mtchallenge.formats import content_hash

        return f"scores:{self.path};better={self.params.better};hash={content_hash([self.path])}"

    @cached_property
    def values(self) -> tuple[float, ...]:
        """The file's numbers, oriented so that higher is better; raises :class:`OutputError` naming
        the line that is not one."""
        text = files.read_text(self.path, error=OutputError, what="scores file")
        values: list[float] = []
        for number, line in enumerate(text.splitlines(), 1):
            try:
                value = float(line)
            except ValueError:
                raise OutputError(f"line {number} is not a number: {line.strip()[:40]!r}", file=self.path) from None
            values.append(-value if self.params.better == "lower" else value)
        return tuple(values)

    def check_suite(self, suite: Suite) -> None:
        lines = [c.line for item in suite.items for c in getattr(item.parsed_params, "candidates", ())
                 if c.line is not None]
        if not lines:
            return
        try:
            found = len(self.values)
        except OutputError as exc:
            raise ValueError(f"--mt-system={self.name}: {exc.one_line()}") from None
        if found != max(lines) + 1:
            raise ValueError(f"--mt-system={self.name}: {self.path} has {found} scores, but {suite.name} has "
                             f"{max(lines) + 1} scored segments (one score per line, in its evaluate.py's order)")

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
        return Translations.failed(items, f"{self.name} holds scores, not translations: it scores contrastive "
                                          "items only")

    def score(self, *, suite: Suite, requests: Sequence[ScoreRequest]) -> Scores:
        try:
            values = self.values
        except OutputError as exc:
            return Scores.failed(requests, exc.one_line())
        scores: dict[str, CandidateScore] = {}
        errors: dict[str, str] = {}
        for request in requests:
            if request.line is None:
                errors[request.key] = (f"{self.name}: suite {suite.name} gives no scores-file line for its "
                                       "candidates (only a peer set's file, read in place, does)")
            elif request.line >= len(values):
                errors[request.key] = f"{self.name}: no line {request.line + 1} in {self.path}"
            else:
                scores[request.key] = CandidateScore(total=values[request.line])
        return Scores(scores=MappingProxyType(scores), errors=MappingProxyType(errors))


__all__ = ["ScoresFileSystem", "ScoresParams"]
