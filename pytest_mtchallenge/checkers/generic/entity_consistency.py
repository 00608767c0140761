"""The ``entity_consistency`` family: a name of the source keeps one rendering across the document (DiP's "inconsistency")."""
from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import Checker, FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.document import blocks
from pytest_mtchallenge.checkers.generic.lexical_consistency import phrases, stop_words
from pytest_mtchallenge.languages import base_code, lemmatizer
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = ("name", "renderings", "similarity")
_WORD = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
#: A word with its hyphenated parts (*Essen-Mülheim*, *Feeding-Community*).
_NAME_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*", re.UNICODE)


def plain(text: str) -> str:
    """Letters only, without accents, casefolded: *Essen-Mülheim* → *essenmulheim* (for similarity)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c)).casefold()


def spelled(text: str) -> str:
    """Letters as written (accents kept), casefolded: two spellings of a name differ here."""
    return "".join(c for c in unicodedata.normalize("NFC", text) if c.isalnum()).casefold()


def tokens(text: str) -> list[str]:
    return [spelled(word) for word in _WORD.findall(normalise_text(text))]


def occurrences(name: tuple[str, ...], words: list[str]) -> list[int]:
    return [i for i in range(len(words) - len(name) + 1) if tuple(words[i:i + len(name)]) == name]


@dataclass(frozen=True, slots=True)
class Variant:
    """A capitalised span of the output that looks like another rendering of the name."""

    text: str
    key: str  # spelled()


@dataclass(frozen=True, slots=True)
class EntityConsistencyParams(FamilyParams):
    name: str
    renderings: tuple[str, ...]  # default: the name itself
    similarity: float = 0.6

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> EntityConsistencyParams:
        reject_unknown(mapping, _PARAMS)
        name = mapping.get("name")
        if name is None:
            raise ValueError("missing parameter 'name'")
        if not isinstance(name, str) or not name.strip():
            raise ValueError("name must be the name as the source writes it (a word or phrase)")
        if "renderings" in mapping:
            phrases(mapping["renderings"], "renderings")
        similarity = mapping.get("similarity", 0.6)
        if isinstance(similarity, bool) or not isinstance(similarity, (int, float)) or not 0 < similarity <= 1:
            raise ValueError("similarity must be a number between 0 and 1")
        return cls(name.strip(), phrases(mapping.get("renderings", [name.strip()]), "renderings"), float(similarity))


class EntityConsistencyChecker(Checker):
    """Whether a name that the source repeats is rendered the same way each time (reference-free).

    DiP's coherence errors include **inconsistency**: the same named entity translated in two
    ways in one document (*Essen-Mülheim* → *Essen-Mosquitos* … *Essen Mill*). Parameters:

    - ``name``: the name as the source writes it (``Essen-Mülheim``);
    - ``renderings``: its acceptable target spellings (default: the name itself, as names are
      usually kept; give the exonym or transliteration instead: ``[Munich]``). Two of them used
      in one document are two renderings;
    - ``similarity``: how alike (0–1, default 0.6) a capitalised span of the output must be to
      the name, letters only, to count as another rendering of it; a span that starts with the
      name's first word (*Essen Mill*) counts whatever its similarity.

    The family counts the acceptable renderings in the output's document and looks for other
    spellings of the name. An acceptable rendering and another spelling, or two other spellings,
    fail; one spelling for every mention passes (also a consistent misspelling: the question is
    consistency); a single mention that is not acceptable, or no mention at all, is na. Parts of
    the name alone (*Essen* for *Essen-Mülheim*) are short forms, not other renderings.
    """

    name = "entity_consistency"
    description = "a repeated source name keeps one rendering across the document (DiP's inconsistency errors)"
    Params = EntityConsistencyParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        if not output.strip():
            return Verdict.not_applicable("the output is empty")
        params = EntityConsistencyParams.of(item)
        name, accepted, similarity = params.name, params.renderings, params.similarity
        document = blocks(item, output, context)
        in_source = sum(len(occurrences(tuple(tokens(name)), tokens(s))) for s in document.source)
        if not in_source:
            return Verdict.undecided(f"the source of {document.scope} does not contain {name!r}: check the item's "
                                     "name")
        found: dict[str, int] = {}
        variants: dict[str, list[str]] = {}
        stops = stop_words(item.target_language) if item.target_language else None
        for sentence in document.output:
            words = tokens(sentence)
            covered: set[int] = set()
            for rendering in sorted(accepted, key=lambda r: -len(tokens(r))):
                shape = tuple(tokens(rendering))
                for start in occurrences(shape, words):
                    if not covered & set(range(start, start + len(shape))):
                        covered |= set(range(start, start + len(shape)))
                        found[rendering] = found.get(rendering, 0) + 1
            for span, initial in _spans(sentence, stops):
                variant = _as_variant(span, name, accepted, similarity,
                                      initial_word=initial and " " not in span
                                      and _is_common_word(span, item.target_language))
                if variant is not None and not _inside_accepted(span, sentence, accepted):
                    variants.setdefault(variant.key, []).append(variant.text)
        mentions = sum(found.values()) + sum(len(v) for v in variants.values())
        spellings = [f"{r!r} ({n}×)" for r, n in found.items()] + \
                    [f"{texts[0]!r} ({len(texts)}×)" for texts in variants.values()]
        evidence = tuple(f"{r}: {n}" for r, n in found.items()) + \
            tuple(f"{texts[0]}: {len(texts)}" for texts in variants.values())
        ways = len(found) + len(variants)
        if ways >= 2:
            return Verdict.failed(f"{name!r} is rendered in {ways} ways in {document.scope}: {', '.join(spellings)}",
                                  *evidence)
        if not mentions:
            return Verdict.not_applicable(f"{name!r} does not appear in {document.scope} (dropped, or a pronoun "
                                          "stands for it)")
        if found:
            how = "its only mention" if mentions == 1 else "the same way each time"
            return Verdict.passed(f"{name!r} is rendered {spellings[0]} in {document.scope}, {how}", *evidence)
        if mentions >= 2:
            return Verdict.passed(f"{name!r} is rendered {spellings[0]} every time in {document.scope} (a "
                                  "consistent spelling, though not the source's)", *evidence)
        return Verdict.not_applicable(f"{name!r} is mentioned once in {document.scope}, as {spellings[0]}: no "
                                      "second mention to compare", *evidence)


def _spans(sentence: str, stops: frozenset[str] | None) -> list[tuple[str, bool]]:
    """Runs of capitalised words joined by single spaces, without a leading function word
    (*The Feeding-Community* → *Feeding-Community*), each with whether it opens the sentence."""
    text = normalise_text(sentence)
    runs: list[tuple[list[str], bool]] = []
    end = -2
    first = True
    for match in _NAME_WORD.finditer(text):
        word = match.group(0)
        if not word[0].isupper():
            end, first = -2, False
            continue
        if runs and text[end:match.start()] == " ":
            runs[-1][0].append(word)
        else:
            runs.append(([word], first))
        end, first = match.end(), False
    found = []
    for words, initial in runs:
        while words and stops is not None and words[0].casefold() in stops:
            words.pop(0)
            initial = False
        if words:
            found.append((" ".join(words), initial))
    return found


def _is_common_word(word: str, language: str) -> bool:
    """A word the target language's dictionary knows (*Lone*, capitalised at the start of a sentence)."""
    if not language or not lemmatizer.supports(language):
        return False
    import simplemma

    return bool(simplemma.is_known(word.lower(), lang=base_code(language)))


def _as_variant(span: str, name: str, accepted: tuple[str, ...], similarity: float, *,
                initial_word: bool = False) -> Variant | None:
    """``span`` as another rendering of ``name``: it starts with the name's first word, or is similar
    to the name (not when it is a common word opening the sentence: ``initial_word``)."""
    key = spelled(span)
    if not key or any(key == spelled(r) for r in accepted):
        return None
    span_words = tokens(span)
    name_words = tokens(name)
    if set(span_words) < set(name_words) or any(set(span_words) < set(tokens(r)) for r in accepted):
        return None  # a part of the name alone: a short form
    first = name_words[0] if name_words else ""
    if len(first) >= 3 and span_words[0] == first:
        return Variant(span, key)
    if not initial_word and difflib.SequenceMatcher(None, plain(span), plain(name)).ratio() >= similarity:
        return Variant(span, key)
    return None


def _inside_accepted(span: str, sentence: str, accepted: tuple[str, ...]) -> bool:
    """The span is an accepted rendering followed or preceded by other capitalised words (*Essen-Mülheim Airport*)."""
    key = spelled(span)
    return any(spelled(r) in key for r in accepted)
