"""The judge's automatic gates, in their order: each reads one output of an item (with the item's
:class:`~pytest_mtchallenge.judge.context.ItemContext`) and returns a verdict, or None to pass it on.

1. :func:`length`: an output too long to read is left to a human, unread;
2. :func:`untranslated`: an output in the source language fails before any family reads it;
3. :func:`family`: the item's family judges it (a crash is undecided, saying so);
4. :func:`not_rendered`: the family's n/a or "not found" on a broken output is a failure;
5. :func:`half_translated`: a pass on an output that leaves words of the source untranslated is a failure;
6. :func:`unrelated`: a pass on an output that translates another sentence, or rests on another sentence's
   word or participant, or says several things its source does not, is left to a human; a fail on an output
   that translates another sentence says so first.

The recorded human verdict comes after them (:class:`~pytest_mtchallenge.judge.judge.Judge`). A gate that
returns a verdict ends the automatic judgement, except :func:`family`, whose verdict the later gates read.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from pytest_mtchallenge.checkers.participants import Participant, ParticipantChecks
from pytest_mtchallenge.errors import JudgingError
from pytest_mtchallenge.judge.context import ItemContext
from pytest_mtchallenge.languages import identify
from pytest_mtchallenge.languages.garbling import garbling, left_untranslated
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict

#: The longest output the automatic judge reads, in characters. A sentence's translation is a few
#: hundred; the families read an output in time that grows with its length, some (those that
#: compare every clause with the ones after it) with its square, so a longer output is not read:
#: it is left to a human, its length the reason. A context translation may have this many
#: characters for each sentence of the item's context.
MAX_JUDGED_CHARS = 2_000


@dataclass(frozen=True, slots=True)
class Gate:
    """One step of the automatic judge: ``read(item, output, context, verdict)`` gives a verdict or None;
    ``final``: whether a verdict it gives ends the judgement (every gate's but the family's)."""

    name: str
    read: Callable[[ItemContext, str, tuple[str, ...], Verdict | None], Verdict | None]
    final: bool = True


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


def _length(item: ItemContext, output: str, context: tuple[str, ...], verdict: Verdict | None) -> Verdict | None:
    too_long = too_long_to_judge(item.item, output, context)
    return None if too_long is None else Verdict.undecided(too_long)


def _untranslated(item: ItemContext, output: str, context: tuple[str, ...], verdict: Verdict | None) -> Verdict | None:
    why = identify.untranslated(output, source=item.item.source, source_language=item.source_language,
                                target_language=item.target_language)
    return None if why is None else Verdict.failed(why)


def _family(item: ItemContext, output: str, context: tuple[str, ...], verdict: Verdict | None) -> Verdict:
    """The family's verdict; a crash or a value that is no verdict is undecided, saying so. An output the
    family cannot judge (a suite's regular expression past its time bound) raises
    :class:`~pytest_mtchallenge.errors.JudgingError`: the judge's caller decides what it is."""
    checker = item.checker
    try:
        found = checker.check(item=item.item, output=output, context=context)
    except JudgingError:
        raise
    except Exception as exc:  # a checker bug must not lose the run
        return Verdict.undecided(f"checker {checker.name!r} crashed: {type(exc).__name__}: {exc}")
    if not isinstance(found, Verdict):
        return Verdict.undecided(f"checker {checker.name!r} returned {type(found).__name__}, not a Verdict")
    return found


def _not_rendered(item: ItemContext, output: str, context: tuple[str, ...], verdict: Verdict | None) -> Verdict | None:
    """A family's "not applicable" or "construction not found" on a broken output (untranslated
    words, no finite verb: :func:`~pytest_mtchallenge.languages.garbling.garbling`) is a failure:
    the phenomenon is not rendered, as the papers' annotators answer. On a fluent output the
    family's verdict stands (a rephrasing that dodges the phenomenon), and no later gate reads it."""
    if verdict is None or not (verdict.outcome is Outcome.NA or verdict.missing):
        return None
    signals = garbling(output, source=item.item.source, source_language=item.source_language,
                       target_language=item.target_language)
    if not signals.broken:
        return verdict
    what = verdict.missing or "the phenomenon"
    return Verdict.failed(f"not rendered: {what} is missing from a broken output ({signals.describe()}); "
                          f"{verdict.reason}", *verdict.evidence)


#: A single unmarked word left untranslated with at most this many letters is too little to fail an output
#: on (a short word may be a clipped form or an interjection the target lexicon lacks): left to a human.
AMBIGUOUS_LETTERS = 3


def _half_translated(item: ItemContext, output: str, context: tuple[str, ...],
                     verdict: Verdict | None) -> Verdict | None:
    """A pass on a half-translated output — words of the source left untranslated in an otherwise translated
    sentence (:func:`~pytest_mtchallenge.languages.garbling.left_untranslated`: *Les appels repeated de sa mère
    auraient dû nous alerter.*) — is a failure: the output is broken, whatever the family found in it. A word
    a reference keeps (a name, a loanword) does not count; one short unmarked word
    (:data:`AMBIGUOUS_LETTERS`) is left to a human. Only the family's pass is read: its fail stands, with its
    reason. A family that reproduces a peer's scoring exactly (not ``needs_related_output``) is not asked."""
    if verdict is None or verdict.outcome is not Outcome.PASS or not item.checker.needs_related_output:
        return None
    item_ = item.item
    left = left_untranslated(output, source=item_.source, references=item_.references + item_.context_references,
                             source_language=item.source_language, target_language=item.target_language)
    if not left:
        return None
    words = ", ".join(left)
    if len(left) == 1 and left[0][:1].isalpha() and len(left[0]) <= AMBIGUOUS_LETTERS:
        return Verdict.undecided(f"the output may leave a word of the source untranslated ({words}): left to a "
                                 f"human; the family said: {verdict.reason}", *verdict.evidence)
    return Verdict.failed(f"broken: a half-translated output, left untranslated: {words}; the family said: "
                          f"{verdict.reason}", *verdict.evidence)


def _unrelated(item: ItemContext, output: str, context: tuple[str, ...], verdict: Verdict | None) -> Verdict | None:
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
    whose faithful renderings say it with other nouns: it is asked only :func:`_other_idiom`). All are left to a
    human (a recorded verdict for the
    output still decides them). The words of the family's construction
    (:func:`~pytest_mtchallenge.judge.context.construction_words`) are not counted. Only a family that
    ``needs_related_output`` is asked."""
    if verdict is None or not item.checker.needs_related_output:
        return None
    if verdict.outcome is Outcome.FAIL:
        return _unrelated_failure(item, output, verdict)
    if verdict.outcome is not Outcome.PASS:
        return None
    reading = item.reading
    found = reading.relatedness(output)
    if found.unrelated:
        return Verdict.undecided(f"the output may not translate this source ({found.describe()}): what the family "
                                 f"found is no evidence for this item; the family said: {verdict.reason}")
    # the words the pass rests on (agreement's predicate, a clitic's verb) must render this source's
    other = reading.unsupported(verdict.content, output)
    if other is not None:
        return Verdict.undecided(f"the pass rests on a word of another sentence ({other.describe()}): the output may "
                                 f"say something else than this source, or render it by a synonym the lexicon lacks; "
                                 f"left to a human; the family said: {verdict.reason}", *verdict.evidence)
    if item.checker.figurative:
        return _other_idiom(item, output, verdict)
    subject = _sentence_subject(item, output, verdict)
    if subject is not None:
        return subject
    other = reading.other_participant(output)
    if other is not None:
        return Verdict.undecided(f"a noun of the output names a participant of another sentence ({other.describe()}):"
                                 f" the output may say something else than this source, or render a noun by a word "
                                 f"the lexicon lacks; left to a human; the family said: {verdict.reason}",
                                 *verdict.evidence)
    said = reading.other_content(output)
    if said is None:
        return None
    return Verdict.undecided(f"the output may say something else than this source ({said.describe()}): what the "
                             f"family found may belong to another sentence; left to a human; the family said: "
                             f"{verdict.reason}", *verdict.evidence)


def _other_idiom(item: ItemContext, output: str, verdict: Verdict) -> Verdict | None:
    """A figurative family's pass (an idiom) on an output one of whose nouns, outside the idiom, names a participant
    of another sentence while a word of the source that the reference renders word for word goes unrendered
    (:meth:`~pytest_mtchallenge.languages.relatedness.ItemReading.other_word` with ``literal``: *Le ministre a
    longtemps tourné autour du pot.* for *Stop beating around the bush.*, whose *stop* the reference renders by
    *cessez*) goes to a human: the idiom is there, said of something else. The idiom's own words are said
    otherwise by any faithful rendering, so neither they nor the source words the reference does not render word
    for word are asked."""
    other = item.reading.other_word(output, verdict.content, literal=True)
    if other is None:
        return None
    return Verdict.undecided(f"the idiom may be said of something else than this source ({other.describe()}): "
                             f"left to a human; the family said: {verdict.reason}", *verdict.evidence)


def _sentence_subject(item: ItemContext, output: str, verdict: Verdict) -> Verdict | None:
    """A pass whose sentence's subject, a noun phrase or a name, may not be the reference's, also a noun phrase or
    a name, goes to a human, for every family whose language reads participants
    (:class:`~pytest_mtchallenge.checkers.participants.ParticipantChecks`): the subject of a sentence is the first
    participant a translation keeps (*Marie n'a pas vu la pertinence de cette remarque.* for *John failed to see
    …*; *Tout le monde connaît cette histoire* for *Paul knows this story*). Only noun phrases are compared, and
    never their number: a pronoun subject changes with the voice (*They showed me* for *I was shown*) and an
    impersonal one with the construction (*It has been two hours since*), which a faithful rendering may choose.
    Never a failure: the families that compare their clause's subject fail what contradicts the source."""
    checker = item.checker
    if not isinstance(checker, ParticipantChecks) or checker.opens_with_pronoun(output):
        return None  # a pronoun subject is not compared: no reading needed

    def noun_subject(sentence: object) -> Participant | None:
        found = checker.subject_of(sentence)
        if found is None or found.pronoun or not checker.plain_subject(sentence, found):
            return None
        return dataclasses.replace(found, number=None)

    found = checker.same_subject(verdict, item=item.item, output=output, role="sentence's subject",
                                 subject_at=noun_subject)
    if found is verdict or found.outcome is Outcome.PASS:
        return None
    why = found.reason.removesuffix(_SOMEONE_ELSE)
    return Verdict.undecided(f"{why}: the output may say something of someone else than the source's; left to a "
                             f"human; the family said: {verdict.reason}", *found.evidence)


_SOMEONE_ELSE = ": the output says something of someone else than the source's"


def _unrelated_failure(item: ItemContext, output: str, verdict: Verdict) -> Verdict | None:
    """A family's fail on an output that translates another sentence keeps its outcome, with the true reason
    first: the output does not render this source (few of its words are linked to the item, or several say
    something else while the source's go unrendered); what the family found in it comes after, as a finding
    about a sentence that is not this item's translation."""
    reading = item.reading
    found = reading.relatedness(output)
    if found.unrelated:
        why = f"the output does not translate this source ({found.describe()})"
    elif not item.checker.figurative and (said := reading.other_content(output)) is not None:
        why = f"the output says something else than this source ({said.describe()})"
    else:
        return None
    return Verdict.failed(f"{why}; in it, the family found: {verdict.reason}", *verdict.evidence)


length = Gate("length", _length)
untranslated = Gate("untranslated", _untranslated)
family = Gate("family", _family, final=False)
not_rendered = Gate("not rendered", _not_rendered)
half_translated = Gate("half translated", _half_translated)
unrelated = Gate("unrelated", _unrelated)

#: Every automatic gate, in order: what a run, meta-evaluation, lint and scoring judge with.
AUTOMATIC: tuple[Gate, ...] = (length, untranslated, family, not_rendered, half_translated, unrelated)
#: The family alone (an output too long still unread): what the cross-judge compares, two families' readings.
FAMILY: tuple[Gate, ...] = (length, family)
