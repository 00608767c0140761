"""The ``lexical_consistency`` family: a word repeated in a document keeps one translation (DiP, section 3.3)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from pytest_mtchallenge.checkers import Checker, FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.document import Blocks, blocks
from pytest_mtchallenge.languages import language_pack, lemmatizer
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = ("lemma", "renderings", "language")


def phrases(value: object, name: str) -> tuple[str, ...]:
    """A parameter that is a word or phrase, or a non-empty list of them."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{name} must be a word or phrase, or a non-empty list of them")
    return tuple(v.strip() for v in value)


def stop_words(language: str) -> frozenset[str] | None:
    """The function words of the target language's pack (``languages/<code>/stop_words.py``), casefolded;
    None when the pack lists none."""
    words = language_pack(language).stop_words
    return frozenset(lemmatizer.fold(word) for word in words) if words else None


@dataclass(frozen=True, slots=True)
class LexicalConsistencyParams(FamilyParams):
    lemma: tuple[str, ...] = ()  # empty: every content lemma the reference repeats
    renderings: tuple[str, ...] = ()  # empty: count against the reference
    language: str = ""  # "": the suite's target language

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> LexicalConsistencyParams:
        reject_unknown(mapping, _PARAMS)
        lemma = phrases(mapping["lemma"], "lemma") if "lemma" in mapping else ()
        renderings = phrases(mapping["renderings"], "renderings") if "renderings" in mapping else ()
        language = mapping.get("language")
        if language is not None and (not isinstance(language, str) or not lemmatizer.supports(language)):
            raise ValueError(f"language must be a language code the lemmatizer knows, found {language!r}")
        return cls(lemma, renderings, language or "")


class LexicalConsistencyChecker(Checker):
    """Whether a word repeated in a document is translated the same way each time.

    Words are compared by every lemma reading they have (the lemmatizer's, and the target pack's
    lexicon's where it has one): *prise* and *pris* are one word (*prendre*), as *actrice* and *acteur*.

    Reference-based (DiP's method): a lemma that occurs at least twice in the reference block
    (the reference translation of the context and of the sentence) must occur as often in the
    system's block. At least one occurrence but fewer than the reference's is an inconsistent
    translation (fail); as many or more is consistent (pass); none at all is na, since a synonym
    may be used consistently (DiP leaves such samples out of %Con and counts them in %Full).

    Reference-free: with ``renderings`` (the target lemmas that can translate the repeated source
    word), one rendering used for every occurrence passes, two different renderings fail, and
    fewer than two occurrences found is na.

    Parameters:

    - ``lemma``: the reference word (or words) in focus, e.g. ``conference`` or ``[party conference]``.
      Without it, every lemma of the reference block that occurs at least twice and is not a
      function word of the target language is in focus (needs the pack's ``stop_words``).
    - ``renderings``: the acceptable target words or phrases for the repeated source word
      (reference-free mode).
    - ``language``: the language of the lemmas (default: the suite's target language).
    """

    name = "lexical_consistency"
    description = "a word repeated in a document keeps one translation (DiP's reference-based count, or renderings)"
    version: ClassVar[str] = "2"
    Params = LexicalConsistencyParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        params = LexicalConsistencyParams.of(item)
        language = params.language or item.target_language
        if not language or not lemmatizer.supports(language):
            return Verdict.undecided(f"no lemmatizer for the target language {language or '(unknown)'!r}")
        if not output.strip():
            return Verdict.not_applicable("the output is empty")
        document = blocks(item, output, context)
        if params.renderings:
            return _by_renderings(document, params.renderings, language)
        if document.whole and not document.reference:
            document = blocks(item, output)  # no reference for the context: compare the sentences
        if not document.reference:
            return Verdict.undecided("the item has no reference and no renderings: nothing to count against")
        return _by_reference(params.lemma, document, language)


def _lemmas(texts: tuple[str, ...], language: str) -> list[str]:
    found: list[str] = []
    for text in texts:
        found.extend(word.lemma for word in lemmatizer.words(text, language))
    return found


def _readings(texts: tuple[str, ...], language: str) -> list[frozenset[str]]:
    """Every lemma reading of each word (:func:`lemmatizer.readings`): *pris* and *prise* meet in
    *prendre*, *actrice* and *acteur* in *acteur*, where one lemma each would keep them apart."""
    found: list[frozenset[str]] = []
    for text in texts:
        found.extend(lemmatizer.readings(word.form, language) for word in lemmatizer.words(text, language))
    return found


def _phrase_readings(phrase: str, language: str) -> tuple[frozenset[str], ...]:
    return tuple(lemmatizer.readings(word.form, language) for word in lemmatizer.words(phrase, language))


def _by_reference(named: tuple[str, ...], document: Blocks, language: str) -> Verdict:
    """``named``: the words or phrases in focus (empty: every content lemma the reference repeats)."""
    reference_readings = _readings(document.reference, language)
    output = _readings(document.output, language)
    if named:
        focus = [tuple(word.lemma for word in lemmatizer.words(p, language)) for p in named]
        patterns = [_phrase_readings(p, language) for p in named]
        minimum = 2 if document.whole else 1
    else:
        stops = stop_words(language)
        if stops is None:
            return Verdict.undecided(f"no function-word list for {language!r}: name the word in focus (lemma)")
        counts: dict[str, int] = {}
        for lemma in _lemmas(document.reference, language):
            if lemma not in stops and len(lemma) > 1 and not lemma.isdigit():
                counts[lemma] = counts.get(lemma, 0) + 1
        focus = [(lemma,) for lemma, n in counts.items() if n >= 2]
        patterns = [(lemmatizer.readings(lemma, language),) for (lemma,) in focus]
        minimum = 2
        if not focus:
            return Verdict.not_applicable(f"no content word occurs twice in the reference of {document.scope}")
    consistent: list[str] = []
    inconsistent: list[str] = []
    unmatched: list[str] = []
    evidence: list[str] = []
    for phrase, pattern in zip(focus, patterns):
        shown = " ".join(phrase)
        in_reference = lemmatizer.count_readings(pattern, reference_readings)
        in_output = lemmatizer.count_readings(pattern, output)
        evidence.append(f"{shown}: reference {in_reference}, output {in_output}")
        if in_reference < minimum:
            unmatched.append(f"{shown!r} occurs {_times(in_reference)} in the reference of {document.scope}: "
                             "no lexical chain to keep")
        elif in_output == 0:
            unmatched.append(f"no rendering in {document.scope} matches the reference's {shown!r} "
                             f"({_times(in_reference)}): a synonym may be used consistently")
        elif in_output < in_reference:
            inconsistent.append(f"{shown!r} occurs {_times(in_output)} in {document.scope} but {_times(in_reference)} "
                                "in the reference")
        else:
            consistent.append(f"{shown!r} occurs {_times(in_output)} in {document.scope}, as in the reference "
                              f"({_times(in_reference)})")
    if inconsistent:
        return Verdict.failed("inconsistent translation: " + "; ".join(inconsistent), *evidence)
    if consistent:
        return Verdict.passed("consistent translation: " + "; ".join(consistent), *evidence)
    return Verdict.not_applicable("; ".join(unmatched) + " (DiP leaves such samples out of %Con)", *evidence)


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def _by_renderings(document: Blocks, renderings: tuple[str, ...], language: str) -> Verdict:
    output = _readings(document.output, language)
    phrases_by_length = sorted({_phrase_readings(r, language): r for r in renderings}.items(),
                               key=lambda pair: -len(pair[0]))
    used: dict[str, int] = {}
    taken = [False] * len(output)
    for phrase, shown in phrases_by_length:
        size = len(phrase)
        for index in range(len(output) - size + 1):
            if (all(output[index + offset] & phrase[offset] for offset in range(size))
                    and not any(taken[index:index + size])):
                taken[index:index + size] = [True] * size
                used[shown] = used.get(shown, 0) + 1
    evidence = [f"{shown}: {n}" for shown, n in used.items()]
    total = sum(used.values())
    if total < 2:
        found = f"only {next(iter(used))!r} once" if used else "none of them"
        return Verdict.not_applicable(f"fewer than two renderings of the repeated word in {document.scope}: "
                                      f"found {found} (looked for {', '.join(renderings)})", *evidence)
    if len(used) > 1:
        listed = ", ".join(f"{shown!r} ({n}×)" for shown, n in used.items())
        return Verdict.failed(f"the repeated word is translated in {len(used)} ways in {document.scope}: {listed}",
                              *evidence)
    shown, n = next(iter(used.items()))
    return Verdict.passed(f"the repeated word is translated {shown!r} all {n} times in {document.scope}", *evidence)
