"""The ``en_negation`` family: each French negation (and only those) rendered in English — expletive *ne* dropped, *ne … nullement* reinforced, double negations kept."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, flag, reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, patterns, source_phrase, words_param
from pytest_mtchallenge.languages.en.patterns import Pattern, Span
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.languages.en.words import AUXILIARIES, MODALS, NEGATIVE_WORDS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"negations", "equivalents", "doubtful", "extra"}
_GROUP_PARAMS = {"words", "negative", "negated", "intensifiers", "negators"}
#: Words a negation may stand among before the word it negates (*is not able*, *not to lie*,
#: *can't possibly*, *has no understanding*).
_VERBAL_GROUP = AUXILIARIES | NEGATIVE_WORDS | frozenset({"to", "possibly", "really", "even", "ever", "just", "simply",
                                                    "actually", "still", "always", "surely", "certainly", "be"})

#: Negation words that negate an object (*understands nothing*) rather than the verb.
_OBJECT_NEGATORS = NEGATIVE_WORDS - {"not", "n't", "never"}
#: The words of French negation (*ne … pas / jamais / plus / rien / personne / nullement / aucun / guère /
#: point / ni*) that English does not have: one of them in an English output is a negation left
#: untranslated. *plus* and *point* are English words too, so they count only where the English word
#: cannot stand: after *ne*, a negation word, an auxiliary or the negated verb (*does not understand
#: plus*, *has point understood*); *pas* only outside *faux pas*.
FRENCH_NEGATION = frozenset({"ne", "pas", "jamais", "rien", "personne", "nullement", "aucun", "aucune", "aucunement",
                             "guère", "guere", "nul", "nulle", "ni", "plus", "point"})
_ALSO_ENGLISH = frozenset({"plus", "point"})
#: How a reason says that a negation's words are absent from the output.
_ABSENT = "none of the words of negation "


@dataclass(frozen=True, slots=True)
class Negation:
    """One negation of the source, as an item's parameters describe it."""

    words: tuple[Pattern, ...]
    negative: tuple[Pattern, ...]
    negated: bool
    intensifiers: tuple[Pattern, ...]
    negators: frozenset[str]

    @classmethod
    def parse(cls, value: object, name: str) -> Negation:
        if not isinstance(value, Mapping):
            raise ValueError(f"{name} must be a mapping (words, negative, negated, intensifiers, negators)")
        unknown = set(value) - _GROUP_PARAMS
        if unknown:
            raise ValueError(f"{name} has unknown key {min(unknown)!r} (allowed: {', '.join(sorted(_GROUP_PARAMS))})")
        negated = value.get("negated", True)
        if not isinstance(negated, bool):
            raise ValueError(f"{name}.negated must be true or false")
        group = cls(patterns(value.get("words"), f"{name}.words", required=True),
                    patterns(value.get("negative"), f"{name}.negative"), negated,
                    patterns(value.get("intensifiers"), f"{name}.intensifiers"),
                    words_param(value.get("negators"), f"{name}.negators", required=False))
        if not negated and (group.negative or group.intensifiers):
            raise ValueError(f"{name}: a negation that must not be rendered (negated: false) takes no negative or "
                             "intensifiers")
        return group


def _negations(value: object) -> tuple[Negation, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str) or not value:
        raise ValueError("negations must be a non-empty list of mappings (one per French negation)")
    return tuple(Negation.parse(v, f"negations[{i}]") for i, v in enumerate(value))


def _negators_of(sentence: Sentence, head: int) -> list[int]:
    """The negation words that may negate the word at ``head``: in its verbal group before it
    (*is not able*, *not to lie*, *has no understanding*), or after it when it is itself an
    auxiliary (*can not*)."""
    tokens = sentence.words
    found: list[int] = []
    index = head - 1
    while index >= 0 and (tokens[index] in _VERBAL_GROUP or sentence.adverb_length(index) == 1):
        if tokens[index] in NEGATIVE_WORDS:
            found.append(index)
        index -= 1
    if tokens[head] in MODALS or tokens[head] in AUXILIARIES:
        index = head + 1
        while index < len(tokens) and tokens[index] in NEGATIVE_WORDS | {"possibly", "really"}:
            if tokens[index] in NEGATIVE_WORDS:
                found.append(index)
            index += 1
    return found


@dataclass(frozen=True, slots=True)
class NegationParams(FamilyParams):
    negations: tuple[Negation, ...]
    equivalents: tuple[Pattern, ...] = ()
    doubtful: tuple[Pattern, ...] = ()
    extra: bool = True  # whether a negation word the source does not have fails

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> NegationParams:
        reject_unknown(mapping, _PARAMS)
        return cls(_negations(mapping.get("negations")), patterns(mapping.get("equivalents"), "equivalents"),
                   patterns(mapping.get("doubtful"), "doubtful"), flag(mapping, "extra", True))


class EnglishNegationChecker(EnglishChecker):
    """The English translation must carry each negation of the French source, and no other.

    French negation is discontinuous (*ne … pas/jamais/plus/nullement*); its *ne* is sometimes
    expletive, not negative (*Je crains qu'il ne vienne* → *I'm afraid he is coming*); *ne …
    nullement* needs *not* plus an intensifier (*not … at all*); double negations must keep both
    (*n'est pas capable de ne pas mentir* → *is not able not to lie*); and *ne … personne/rien*
    gives a single English negation (*nobody came*, not *nobody didn't come*).

    Parameters (from the source sentence):

    - ``negations``: one entry per French negation (or expletive *ne*), each a mapping:
      ``words`` (patterns of the English words it applies to: *able*, *=lie*, *=come*),
      ``negative`` (patterns that carry the negation themselves: *unable*, *impossible*, *in no
      way*, *nobody*), ``negated`` (``false`` for an expletive *ne*: the words must not be
      negated), ``intensifiers`` (patterns, one of which must reinforce the negation: *at all*,
      *whatsoever*), ``negators`` (the negation words accepted for it: *not*, *n't*);
    - ``equivalents``: patterns of paraphrases that render the whole negation (*can't help lying*);
    - ``doubtful``: patterns for a human to judge;
    - ``extra``: whether a negation word the source does not have fails (default ``true``).

    A French negation word left in the output (*ne, n'…, pas, jamais, rien, personne, nullement,
    aucun, guère, ni*; *plus* and *point* after *ne*, a negation, an auxiliary or the negated verb:
    *Max understands jamais this idea*, *I'm afraid Max ne comes*, *does not understand plus*) fails
    before anything else: English has no such word, so the negation is not rendered.
    """

    name = "en_negation"
    description = "French negations (expletive ne, ne … nullement, double negation) rendered in English"
    #: 3: names the construction it did not find (Verdict.not_found). 4: a French negation word left fails
    version = "4"
    Params = NegationParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        tokens = sentence.words
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        source = source_phrase(item)
        params = NegationParams.of(item)
        groups = params.negations
        french = self._french_negation(sentence, groups)
        if french is not None:
            return Verdict.failed(f"for {source!r}: the French negation word {sentence.cased[french]!r} "
                                  f"({sentence.quote(max(0, french - 2), french + 2)!r}) is left untranslated; English "
                                  "has no such word, so the negation is not rendered", sentence.cased[french])
        for pattern in params.equivalents:
            if (span := pattern.find(sentence)) is not None:
                return Verdict.passed(f"found {span.describe()}, an accepted rendering of {source!r}", span.words)
        for pattern in params.doubtful:
            if (span := pattern.find(sentence)) is not None:
                return Verdict.undecided(f"found {span.describe()}, a rendering of {source!r} for a human to judge")
        consumed: set[int] = set()
        heads: list[list[int]] = []
        negatives: list[list[Span]] = []
        intensified: list[list[Span]] = []
        for group in groups:
            negative = [s for p in group.negative for s in p.find_all(sentence)]
            intensifiers = [s for p in group.intensifiers for s in p.find_all(sentence)]
            for span in negative + intensifiers:
                consumed.update(range(span.start, span.end))
            negatives.append(negative)
            intensified.append(intensifiers)
            heads.append(sorted({s.start for p in group.words for s in p.find_all(sentence)} - consumed))
        owner = self._attach(sentence, heads, consumed)
        problems: list[str] = []
        unsure: list[str] = []
        passed: list[str] = []
        for number, group in enumerate(groups):
            attached = {head: negator for (g, head), negator in owner.items() if g == number}
            if not group.negated:
                if attached:
                    head, negator = next(iter(attached.items()))
                    problems.append(f"{sentence.cased[head]!r} is negated by {sentence.cased[negator]!r}, but "
                                    "the French 'ne' there is expletive, not a negation")
                elif heads[number]:
                    passed.append(f"{sentence.cased[heads[number][0]]!r} is not negated (expletive 'ne')")
                else:
                    unsure.append(f"{_ABSENT}{number + 1} is in the output")
                continue
            if negatives[number]:
                passed.append(f"{negatives[number][0].words!r} is negative")
                continue
            if not attached:
                after = [i for head in heads[number] for i in (head + 1, head + 2)
                         if i < len(tokens) and tokens[i] in _OBJECT_NEGATORS and i not in consumed]
                if after:
                    consumed.add(after[0])
                    unsure.append(f"{sentence.cased[after[0]]!r} after {sentence.cased[after[0] - 1]!r} negates "
                                  "its object, not the verb: for a human to judge")
                elif heads[number]:
                    problems.append(f"{sentence.cased[heads[number][0]]!r} is not negated")
                else:
                    unsure.append(f"{_ABSENT}{number + 1} is in the output")
                continue
            head, negator = next(iter(attached.items()))
            if group.negators and tokens[negator] not in group.negators:
                unsure.append(f"{sentence.cased[head]!r} is negated by {sentence.cased[negator]!r}, another "
                              "negation than the source's")
            elif group.intensifiers and not intensified[number]:
                problems.append(f"{sentence.cased[negator]!r} negates {sentence.cased[head]!r} without the "
                                "intensifier the French negation needs (e.g. 'at all')")
            else:
                boost = f" reinforced by {intensified[number][0].words!r}" if intensified[number] else ""
                passed.append(f"{sentence.cased[negator]!r} negates {sentence.cased[head]!r}{boost}")
        if params.extra:
            used = consumed | set(owner.values())
            for index, word in enumerate(tokens):
                if word in NEGATIVE_WORDS and index not in used:
                    problems.append(f"an extra negation {sentence.cased[index]!r} "
                                    f"({sentence.quote(max(0, index - 2), index + 2)!r}) that the source does not have")
        if problems and not unsure:
            return Verdict.failed(f"for {source!r}: " + "; ".join(problems), *problems)
        if unsure and all(u.startswith(_ABSENT) for u in unsure):
            return Verdict.not_found(f"the verb that {source!r} negates",
                                     f"for {source!r}: " + "; ".join(unsure + problems))
        if unsure:
            return Verdict.undecided(f"for {source!r}: " + "; ".join(unsure + problems))
        return Verdict.passed(f"for {source!r}: " + "; ".join(passed), *passed)

    @staticmethod
    def _french_negation(sentence: Sentence, groups: tuple[Negation, ...]) -> int | None:
        """The index of a French negation word left in the output (*Max ne understands*, *understands
        jamais*, *does not understand plus*), or None."""
        tokens = sentence.words
        heads = {s.start for group in groups for p in group.words for s in p.find_all(sentence)}
        for index, word in enumerate(tokens):
            if word.startswith("n'") and word != "n't" and word[2:].isalpha():  # *n'est*, *n'a*: the elided ne
                return index
            if word not in FRENCH_NEGATION or (word == "pas" and index and tokens[index - 1] == "faux"):
                continue
            if word in _ALSO_ENGLISH:
                before = tokens[index - 1] if index else ""
                if not (before in FRENCH_NEGATION or before in NEGATIVE_WORDS or before in AUXILIARIES
                        or index - 1 in heads):
                    continue
            return index
        return None

    @staticmethod
    def _attach(sentence: Sentence, heads: list[list[int]], consumed: set[int]) -> dict[tuple[int, int], int]:
        """Give each negation word to the nearest word it may negate, each word at most once:
        (negation number, head index) → negation word index."""
        pairs = sorted((abs(head - negator), number, head, negator)
                       for number, group_heads in enumerate(heads) for head in group_heads
                       for negator in _negators_of(sentence, head) if negator not in consumed)
        owner: dict[tuple[int, int], int] = {}
        taken: set[int] = set()
        done: set[int] = set()
        for _, number, head, negator in pairs:
            if negator in taken or number in done:
                continue
            owner[(number, head)] = negator
            taken.add(negator)
            done.add(number)
        return owner
