"""One judge per suite, one entry: an output of an item runs the automatic gates
(:mod:`~pytest_mtchallenge.judge.gates`) over the item's context, then the recorded human verdict, as the
judge mode says."""
from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.errors import JudgingError
from pytest_mtchallenge.judge import gates as _gates
from pytest_mtchallenge.judge.context import ItemContext
from pytest_mtchallenge.judge.gates import Gate
from pytest_mtchallenge.judge.verdicts import VerdictStore
from pytest_mtchallenge.model import ChallengeItem, RecordedVerdict
from pytest_mtchallenge.verdict import DecidedBy, JudgeMode, Judgement, Outcome, Verdict

#: Evidence the report aggregates: ``name:value`` entries of the measures it knows (DiP's ANY and
#: coherence; WinoMT's predicted gender of the entity, ``predicted-gender:male|female|none``).
_MEASURE = re.compile(r"^(any-connective|coherence-difference|coherence-reference|coherence-output|predicted-gender):")

_HUMAN_OUTCOME = {"yes": Outcome.PASS, "no": Outcome.FAIL, "na": Outcome.NA}

#: How many items' contexts a judge keeps: a run judges an item's systems one after the other (pytest-xdist
#: sends a worker whole items too), so one is enough; a few more cost nothing.
_KEPT_ITEMS = 16


class Judge:
    """How one suite's outputs are judged, built once per suite: the judge ``mode`` (auto, human,
    auto+human), the suite's ``languages`` (source, target), its families' ``checkers`` (by name, or a
    function giving one), its recorded human ``verdicts``, and the automatic ``gates`` in their order
    (:data:`~pytest_mtchallenge.judge.gates.AUTOMATIC` unless said).

    Every caller judges through it: a test (:meth:`__call__`, a :class:`Judgement`); meta-evaluation,
    lint and the cross-judge (:meth:`verdict`, what the automatic gates say). An item's context
    (:class:`~pytest_mtchallenge.judge.context.ItemContext`) is prepared on its first output and
    shared by its other systems' outputs."""

    def __init__(self, *, mode: JudgeMode = JudgeMode.AUTO, languages: tuple[str, str],
                 checkers: Mapping[str, Checker] | Callable[[str], Checker],
                 verdicts: VerdictStore | Iterable[RecordedVerdict] = (),
                 gates: Sequence[Gate] = _gates.AUTOMATIC) -> None:
        self.mode = mode
        self.languages = (languages[0], languages[1])
        #: The families by name: those given, or those the function given has made so far.
        self.checkers: Mapping[str, Checker] = checkers if isinstance(checkers, Mapping) else {}
        self._make = None if isinstance(checkers, Mapping) else checkers
        self.verdicts = verdicts if isinstance(verdicts, VerdictStore) else VerdictStore(verdicts)
        self.gates = tuple(gates)
        self._items: OrderedDict[int, ItemContext] = OrderedDict()

    def context(self, item: ChallengeItem) -> ItemContext:
        """``item``'s context, prepared on its first output and kept while its other outputs are judged."""
        key = id(item)
        found = self._items.get(key)
        if found is not None and found.item is item:
            return found
        found = self._items[key] = ItemContext(item, self._family(item.checker), self.languages)
        if len(self._items) > _KEPT_ITEMS:
            self._items.popitem(last=False)
        return found

    def _family(self, name: str) -> Checker:
        if self._make is None or name in self.checkers:
            return self.checkers[name]
        made = self.checkers[name] = self._make(name)  # type: ignore[index]
        return made

    def verdict(self, item: ChallengeItem, output: str, *, context: tuple[str, ...] = (),
                errors: bool = False) -> Verdict:
        """What the automatic gates say of ``output`` (``context``: the system's translation of a
        document-level item's context). An output the family cannot judge (a regular expression past its
        time bound) is undecided, saying so; with ``errors``, it raises
        :class:`~pytest_mtchallenge.errors.JudgingError`."""
        prepared = self.context(item)
        verdict: Verdict | None = None
        try:
            for gate in self.gates:
                found = gate.read(prepared, output, context, verdict)
                if found is not None:
                    verdict = found
                    if gate.final:
                        break
        except JudgingError as exc:
            if errors:
                raise
            return Verdict.undecided(exc.one_line())
        assert verdict is not None, "the gates end with the family's"
        return verdict

    def __call__(self, item: ChallengeItem, *, system: str, output: str, context: tuple[str, ...] = (),
                 note: str = "", repeats: int = 0) -> Judgement:
        """Judge one output of one item under the judge mode; a ``note`` from the system (what it cleaned
        from its raw output) joins the reason, so a cleaned output never passes silently.

        An output the system gave for ``repeats`` different sources
        (:mod:`pytest_mtchallenge.translation.repeats`) fails as not a translation of this one, before
        any gate. An output the family cannot judge (a regular expression past its time bound) makes the
        item an error, whatever a human recorded for it."""
        judgement = self._judge(item, system, output, context, repeats)
        if note:
            return Judgement(judgement.suite, judgement.system, judgement.item, judgement.category,
                             judgement.subcategory, judgement.output, judgement.outcome, judgement.decided_by,
                             f"{judgement.reason} [{note}]", judgement.context_output, judgement.evidence)
        return judgement

    def _judge(self, item: ChallengeItem, system: str, output: str, context: tuple[str, ...],
               repeats: int) -> Judgement:
        mode = self.mode
        automatic = mode in (JudgeMode.AUTO, JudgeMode.AUTO_HUMAN)
        reasons: list[str] = []
        if repeats and automatic:
            return judgement(item, system, output, Outcome.FAIL, DecidedBy.CHECKER,
                             f"not a translation of this source: {system} gave this same output for {repeats} "
                             "different sources", context)
        if automatic:
            try:
                verdict = self.verdict(item, output, context=context, errors=True)
            except JudgingError as exc:
                return judgement(item, system, output, Outcome.ERROR, DecidedBy.NONE,
                                 f"suite {item.suite}: item {item.id}: {exc.one_line()}", context)
            evidence = tuple(e for e in verdict.evidence if _MEASURE.match(e))
            if verdict.decided:
                return judgement(item, system, output, verdict.outcome, DecidedBy.CHECKER, verdict.reason, context,
                                 evidence)
            reasons.append(f"checker {item.checker!r}: {verdict.reason}")
            if evidence:  # a scored family (coherence) answers undecided with its scores: keep them
                recorded = self.verdicts.lookup(item.id, output) if mode is JudgeMode.AUTO_HUMAN else None
                if recorded is None:
                    return judgement(item, system, output, Outcome.REVIEW, DecidedBy.NONE, "; ".join(
                        reasons + (["no recorded human verdict for this output"] if mode is JudgeMode.AUTO_HUMAN
                                   else [])), context, evidence)
        if mode in (JudgeMode.HUMAN, JudgeMode.AUTO_HUMAN):
            recorded = self.verdicts.lookup(item.id, output)
            if recorded is not None:
                value, why = recorded
                return judgement(item, system, output, _HUMAN_OUTCOME[value], DecidedBy.HUMAN, why, context)
            reasons.append("no recorded human verdict for this output")
        return judgement(item, system, output, Outcome.REVIEW, DecidedBy.NONE, "; ".join(reasons), context)


def judgement(item: ChallengeItem, system: str, output: str | None, outcome: Outcome, decided_by: DecidedBy,
              reason: str, context: tuple[str, ...] = (), evidence: tuple[str, ...] = ()) -> Judgement:
    """The judgement of ``output`` of ``item`` by ``system``."""
    return Judgement(suite=item.suite, system=system, item=item.id, category=item.category,
                     subcategory=item.subcategory, output=output, outcome=outcome, decided_by=decided_by,
                     reason=reason, context_output=context, evidence=evidence)


def error_judgement(item: ChallengeItem, system: str, reason: str) -> Judgement:
    """The judgement of an item the system gave no output for."""
    return judgement(item, system, None, Outcome.ERROR, DecidedBy.NONE, reason)
