"""Turning an output into a judgement: the checker first, then the recorded human verdict."""
from __future__ import annotations

import functools
import inspect
import re
from dataclasses import dataclass, replace
from collections.abc import Iterable, Mapping

from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.errors import JudgingError
from pytest_mtchallenge.languages.garbling import garbling
from pytest_mtchallenge.languages.relatedness import other_participant, relatedness, unsupported
from pytest_mtchallenge.languages.identify import untranslated
from pytest_mtchallenge.model import ChallengeItem, RecordedVerdict
from pytest_mtchallenge.normalise import normalise_text
from pytest_mtchallenge.verdict import DecidedBy, JudgeMode, Judgement, Outcome, Verdict

#: Evidence the report aggregates: ``name:value`` entries of the measures it knows (DiP's ANY and
#: coherence; WinoMT's predicted gender of the entity, ``predicted-gender:male|female|none``).
_MEASURE = re.compile(r"^(any-connective|coherence-difference|coherence-reference|coherence-output|predicted-gender):")

_HUMAN_OUTCOME = {"yes": Outcome.PASS, "no": Outcome.FAIL, "na": Outcome.NA}

#: The longest output the automatic judge reads, in characters. A sentence's translation is a few
#: hundred; the families read an output in time that grows with its length, some (those that
#: compare every clause with the ones after it) with its square, so a longer output is not read:
#: it is left to a human, its length the reason. A context translation may have this many
#: characters for each sentence of the item's context.
MAX_JUDGED_CHARS = 2_000


class VerdictStore:
    """Recorded human verdicts, looked up by item and normalised output text."""

    def __init__(self, verdicts: Iterable[RecordedVerdict] = ()) -> None:
        self._by_output: dict[tuple[str, str], list[RecordedVerdict]] = {}
        for verdict in verdicts:
            self.add(verdict)

    def add(self, verdict: RecordedVerdict) -> None:
        """Add a verdict; one with an annotator replaces that annotator's earlier verdict on the output."""
        records = self._by_output.setdefault((verdict.item, normalise_text(verdict.output)), [])
        if verdict.annotator:
            records[:] = [r for r in records if r.annotator != verdict.annotator]
        records.append(verdict)

    def __len__(self) -> int:
        return sum(len(v) for v in self._by_output.values())

    def lookup(self, item_id: str, output: str) -> tuple[str, str] | None:
        """The recorded verdict ('yes', 'no' or 'na') for this exact output and why, or None.

        When several recorded verdicts disagree on the same output, the majority decides;
        a tie is no decision.
        """
        records = self._by_output.get((item_id, normalise_text(output)))
        if not records:
            return None
        counts: dict[str, int] = {}
        for record in records:
            counts[record.verdict] = counts.get(record.verdict, 0) + 1
        ranked = sorted(counts.items(), key=lambda kv: -kv[1])
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return None
        verdict = ranked[0][0]
        first = next(r for r in records if r.verdict == verdict)
        tally = ", ".join(f"{n} {v}" for v, n in sorted(first.annotators.items())) if first.annotators else ""
        systems = sorted({r.system for r in records if r.system and r.verdict == verdict})
        origin = f" on the output of {', '.join(systems)}" if systems else ""
        names = [r.annotator for r in records if r.annotator and r.verdict == verdict]
        by = f" by {', '.join(names)}" if names else ""
        return verdict, f"recorded human verdict '{verdict}'" + (f" ({tally})" if tally else "") + by + origin


def too_long_to_judge(item: ChallengeItem, output: str, context: tuple[str, ...] = ()) -> str | None:
    """Why ``output`` (or its ``context`` translation) is too long for the automatic judge to read
    (:data:`MAX_JUDGED_CHARS`), or None."""
    if len(output) > MAX_JUDGED_CHARS:
        return (f"not read: the output has {len(output):,} characters, more than the {MAX_JUDGED_CHARS:,} the "
                "automatic judge reads (MAX_JUDGED_CHARS)")
    read = MAX_JUDGED_CHARS * max(1, len(item.context))
    length = sum(len(sentence) for sentence in context)
    if length > read:
        sentences = f"{len(item.context)} context sentences" if len(item.context) > 1 else "a context sentence"
        return (f"not read: the context's translation has {length:,} characters, more than the {read:,} the "
                f"automatic judge reads for {sentences} (MAX_JUDGED_CHARS each)")
    return None


@functools.cache
def takes_context(family: type[Checker]) -> bool:
    """Whether ``family.check`` takes ``context`` (every built-in family does; a plugin's family
    written before it joined the signature does not), read once per family from its signature."""
    try:
        parameters = inspect.signature(family.check).parameters.values()
    except (TypeError, ValueError):  # no signature to read: call it as the interface says
        return True
    return any(p.name == "context" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


def run_checker(checker: Checker, *, item: ChallengeItem, output: str, context: tuple[str, ...] = ()) -> Verdict:
    """Call a checker (with the context translation), turning any crash, and an
    output it cannot judge, into an undecided verdict that says so."""
    try:
        return checked(checker, item=item, output=output, context=context)
    except JudgingError as exc:
        return Verdict.undecided(exc.one_line())


def checked(checker: Checker, *, item: ChallengeItem, output: str, context: tuple[str, ...] = ()) -> Verdict:
    """:func:`run_checker`, except that an output the checker cannot judge (a suite's regular
    expression past its time bound) raises :class:`~pytest_mtchallenge.errors.JudgingError`. An output
    longer than :data:`MAX_JUDGED_CHARS` is undecided, unread."""
    too_long = too_long_to_judge(item, output, context)
    if too_long is not None:
        return Verdict.undecided(too_long)
    try:
        if takes_context(type(checker)):
            verdict = checker.check(item=item, output=output, context=context)
        else:  # a plugin's family written before ``context`` joined the signature
            verdict = checker.check(item=item, output=output)
    except JudgingError:
        raise
    except Exception as exc:  # a checker bug must not lose the run
        return Verdict.undecided(f"checker {checker.name!r} crashed: {type(exc).__name__}: {exc}")
    if not isinstance(verdict, Verdict):
        return Verdict.undecided(f"checker {checker.name!r} returned {type(verdict).__name__}, not a Verdict")
    return verdict


def automatic_verdict(checker: Checker, *, item: ChallengeItem, output: str, context: tuple[str, ...] = (),
                      languages: tuple[str, str] | None = None, errors: bool = False) -> Verdict:
    """What the automatic judge says: an untranslated output fails before the family reads it
    (when the suite's ``languages`` are given); otherwise the item's checker decides. With
    ``errors``, an output the checker cannot judge raises :class:`~pytest_mtchallenge.errors.JudgingError`
    instead of being undecided. An output longer than :data:`MAX_JUDGED_CHARS` is undecided, unread."""
    too_long = too_long_to_judge(item, output, context)
    if too_long is not None:
        return Verdict.undecided(too_long)
    if languages is not None:
        why = untranslated(output, source=item.source, source_language=languages[0], target_language=languages[1])
        if why is not None:
            return Verdict.failed(why)
    if errors:
        verdict = checked(checker, item=item, output=output, context=context)
    else:
        verdict = run_checker(checker, item=item, output=output, context=context)
    if languages is not None and (verdict.outcome is Outcome.NA or verdict.missing):
        return not_rendered(verdict, item=item, output=output, languages=languages)
    if languages is not None and verdict.outcome is Outcome.PASS and checker.needs_related_output:
        return unrelated_pass(verdict, item=item, output=output, languages=languages,
                              construction=construction_words(checker, item), figurative=checker.figurative)
    return verdict


def construction_words(checker: Checker, item: ChallengeItem) -> tuple[str, ...]:
    """The words of the family's construction that ``item``'s parameters name (the family's
    ``construction_params``, as its ``Params`` read them, defaults included: words, phrases, or
    phrases as their tokens): no evidence that an output translates this source."""
    if not checker.construction_params:
        return ()
    try:
        parsed: object = checker.Params.of(item)
    except ValueError:
        parsed = None
    words: list[str] = []
    pending: list[object] = [getattr(parsed, name) if hasattr(parsed, name) else item.params.get(name)
                             for name in checker.construction_params]
    while pending:
        value = pending.pop(0)
        if isinstance(value, str):
            words.append(value)
        elif isinstance(value, Mapping):
            pending.extend(value)
        elif isinstance(value, (list, tuple, set, frozenset)):
            pending.extend(sorted(value, key=str) if isinstance(value, (set, frozenset)) else value)
    return tuple(words)


def unrelated_pass(verdict: Verdict, *, item: ChallengeItem, output: str, languages: tuple[str, str],
                   construction: tuple[str, ...] = (), figurative: bool = False) -> Verdict:
    """A pass on an output whose content words are hardly any of the references' nor translations,
    names or cognates of the source's (:mod:`pytest_mtchallenge.languages.relatedness`) is no
    evidence of this item's phenomenon: the construction the family found belongs to some other
    sentence. So is a pass that rests on a content word (the verdict's ``content``: agreement's
    predicate, the verb of a clitic) that translates words of another sentence while a word of the source
    goes unrendered (:func:`~pytest_mtchallenge.languages.relatedness.unsupported`: *La femme était très
    fatiguée* for *The woman was very tall*), and a pass on an output one of whose nouns names a participant
    of another sentence while a noun of the source goes unrendered
    (:func:`~pytest_mtchallenge.languages.relatedness.other_participant`: *Paul sait que cette voiture est trop
    chère.* for *Paul knows this story is hard to believe*), unless the family is ``figurative`` (an idiom,
    whose faithful renderings say it with other nouns). All are left to a human (a recorded verdict for the
    output still decides them). The words of the family's ``construction`` (:func:`construction_words`) are
    not counted."""
    # a document's output may hold more than its last sentence: its context counts as its source too
    found = relatedness(output, source=" ".join((*item.context, item.source)),
                        references=(*item.references, *(" ".join((*item.context_references, reference))
                                                        for reference in item.references if item.context_references)),
                        source_language=languages[0], target_language=languages[1], construction=construction)
    if found.unrelated:
        return Verdict.undecided(f"the output may not translate this source ({found.describe()}): what the family "
                                 f"found is no evidence for this item; the family said: {verdict.reason}")
    # the words the pass rests on (agreement's predicate, a clitic's verb) must render this source's
    other = unsupported(verdict.content, output=output, source=" ".join((*item.context, item.source)),
                        references=item.references, source_language=languages[0], target_language=languages[1],
                        construction=construction)
    if other is None:
        if figurative:
            return verdict
        other = other_participant(output, source=item.source, context=" ".join(item.context),
                                  references=item.references, source_language=languages[0],
                                  target_language=languages[1], construction=construction)
        if other is None:
            return verdict
        return Verdict.undecided(f"a noun of the output names a participant of another sentence ({other.describe()}): "
                                 f"the output may say something else than this source, or render a noun by a word "
                                 f"the lexicon lacks; left to a human; the family said: {verdict.reason}",
                                 *verdict.evidence)
    return Verdict.undecided(f"the pass rests on a word of another sentence ({other.describe()}): the output may say "
                             f"something else than this source, or render it by a synonym the lexicon lacks; left "
                             f"to a human; the family said: {verdict.reason}", *verdict.evidence)


def not_rendered(verdict: Verdict, *, item: ChallengeItem, output: str, languages: tuple[str, str]) -> Verdict:
    """A family's "not applicable" or "construction not found" on a broken output (untranslated
    words, no finite verb: :func:`~pytest_mtchallenge.languages.garbling.garbling`) is a failure:
    the phenomenon is not rendered, as the papers' annotators answer. On a fluent output the
    family's verdict stands (a rephrasing that dodges the phenomenon)."""
    signals = garbling(output, source=item.source, source_language=languages[0], target_language=languages[1])
    if not signals.broken:
        return verdict
    what = verdict.missing or "the phenomenon"
    return Verdict.failed(f"not rendered: {what} is missing from a broken output ({signals.describe()}); "
                          f"{verdict.reason}",
                          *verdict.evidence)


def judge(
    *,
    item: ChallengeItem,
    system: str,
    output: str,
    mode: JudgeMode,
    checkers: Mapping[str, Checker],
    verdicts: VerdictStore,
    context: tuple[str, ...] = (),
    languages: tuple[str, str] | None = None,
    repeats: int = 0,
) -> Judgement:
    """Judge one output of one item under ``mode`` (auto, human or auto+human); ``context`` is the
    translation of a document-level item's context, when the system gave one.

    With ``languages`` (the suite's source and target language), an output that is not translated
    at all fails before any checker reads it (:func:`~pytest_mtchallenge.languages.identify.untranslated`).
    An output the checker cannot judge (a regular expression past its time bound) makes the item an
    error, whatever a human recorded for it. An output the system gave for ``repeats`` different
    sources (:mod:`pytest_mtchallenge.translation.repeats`) fails as not a translation of this one.
    """
    reasons: list[str] = []
    if repeats and mode in (JudgeMode.AUTO, JudgeMode.AUTO_HUMAN):
        return _judgement(item, system, output, Outcome.FAIL, DecidedBy.CHECKER,
                          f"not a translation of this source: {system} gave this same output for {repeats} "
                          "different sources", context)
    if mode in (JudgeMode.AUTO, JudgeMode.AUTO_HUMAN):
        try:
            verdict = automatic_verdict(checkers[item.checker], item=item, output=output, context=context,
                                        languages=languages, errors=True)
        except JudgingError as exc:
            return _judgement(item, system, output, Outcome.ERROR, DecidedBy.NONE,
                              f"suite {item.suite}: item {item.id}: {exc.one_line()}", context)
        evidence = tuple(e for e in verdict.evidence if _MEASURE.match(e))
        if verdict.decided:
            return replace(_judgement(item, system, output, verdict.outcome, DecidedBy.CHECKER, verdict.reason, context),
                           evidence=evidence)
        reasons.append(f"checker {item.checker!r}: {verdict.reason}")
        if evidence:  # a scored family (coherence) answers undecided with its scores: keep them
            recorded = verdicts.lookup(item.id, output) if mode is JudgeMode.AUTO_HUMAN else None
            if recorded is None:
                return replace(_judgement(item, system, output, Outcome.REVIEW, DecidedBy.NONE, "; ".join(
                    reasons + (["no recorded human verdict for this output"] if mode is JudgeMode.AUTO_HUMAN else [])),
                    context), evidence=evidence)
    if mode in (JudgeMode.HUMAN, JudgeMode.AUTO_HUMAN):
        recorded = verdicts.lookup(item.id, output)
        if recorded is not None:
            value, why = recorded
            return _judgement(item, system, output, _HUMAN_OUTCOME[value], DecidedBy.HUMAN, why, context)
        reasons.append("no recorded human verdict for this output")
    return _judgement(item, system, output, Outcome.REVIEW, DecidedBy.NONE, "; ".join(reasons), context)


def _judgement(
    item: ChallengeItem, system: str, output: str | None, outcome: Outcome, decided_by: DecidedBy, reason: str,
    context: tuple[str, ...] = (),
) -> Judgement:
    return Judgement(
        suite=item.suite, system=system, item=item.id, category=item.category,
        subcategory=item.subcategory, output=output, outcome=outcome, decided_by=decided_by, reason=reason,
        context_output=context,
    )


@dataclass(frozen=True, slots=True)
class SuiteJudge:
    """How one suite's outputs are judged, built once per suite: the judge mode, the suite's
    languages, its families' checkers and its recorded human verdicts. A test calls it."""

    mode: JudgeMode
    languages: tuple[str, str]  # the suite's source and target language
    checkers: Mapping[str, Checker]
    verdicts: VerdictStore

    def __call__(self, item: ChallengeItem, *, system: str, output: str, context: tuple[str, ...] = (),
                 note: str = "", repeats: int = 0) -> Judgement:
        """Judge an output (:func:`judge`); a ``note`` from the system (what it cleaned from its raw
        output) joins the reason, so a cleaned output never passes silently."""
        judgement = judge(item=item, system=system, output=output, mode=self.mode, checkers=self.checkers,
                          verdicts=self.verdicts, context=context, languages=self.languages, repeats=repeats)
        return replace(judgement, reason=f"{judgement.reason} [{note}]") if note else judgement


def error_judgement(item: ChallengeItem, system: str, reason: str) -> Judgement:
    """The judgement of an item the system gave no output for."""
    return _judgement(item, system, None, Outcome.ERROR, DecidedBy.NONE, reason)
