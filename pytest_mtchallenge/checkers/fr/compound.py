"""The ``compound`` family: English noun compounds N1 N2 rendered as French N2 + preposition + N1."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker, Lemmas, lemma_list
from pytest_mtchallenge.languages.fr.reader import is_empty, readings, tokenize
from pytest_mtchallenge.languages.fr.lexicon import Analysis
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"head", "modifier", "prepositions", "doubtful", "adjectives", "juxtaposition"}
_JUXTAPOSITION = ("fail", "undecided")
# Preposition + article contractions: "au beurre" is à + le, "du jus" is de + le.
_CONTRACTIONS: dict[str, str] = {"au": "à", "aux": "à", "du": "de", "des": "de"}
_PREPOSITIONS = frozenset({"à", "de", "d'", "en", "pour", "avec", "sur", "dans", "contre", "par", "sans", "sous"})
_ARTICLES = frozenset({"le", "la", "l'", "les", "un", "une", "des", "du", "de", "d'"})
_DETERMINERS = frozenset({"ce", "cet", "cette", "ces", "mon", "ton", "son", "ma", "ta", "sa", "mes", "tes", "ses",
                          "notre", "votre", "nos", "vos", "leur", "leurs"})
_MAX_ADJECTIVES = 1


@dataclass(frozen=True, slots=True)
class Rendering:
    """How the output links the head noun to the modifier: ``preposition`` None for an adjective
    or a juxtaposition, ``article`` the article after the preposition if any."""

    text: str
    kind: str  # "preposition", "adjective", "juxtaposition", "english order"
    preposition: str | None = None
    article: str | None = None


def _preposition(value: str) -> str:
    return "de" if value == "d'" else value


@dataclass(frozen=True, slots=True)
class CompoundParams(FamilyParams):
    """The head's and the modifier's lemmas, the accepted and doubtful prepositions (*d'* read as
    *de*), the adjectives that render the modifier, and the verdict on a juxtaposition."""

    head: Lemmas
    modifier: Lemmas
    prepositions: frozenset[str]
    doubtful: frozenset[str] = frozenset()
    adjectives: Lemmas = ()
    juxtaposition: str = "fail"  # or "undecided"

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> CompoundParams:
        reject_unknown(mapping, _PARAMS)
        head = lemma_list(mapping.get("head"), "head")
        modifier = lemma_list(mapping.get("modifier"), "modifier")
        accepted = lemma_list(mapping.get("prepositions"), "prepositions")
        doubtful = lemma_list(mapping.get("doubtful"), "doubtful", required=False)
        adjectives = lemma_list(mapping.get("adjectives"), "adjectives", required=False)
        for name, values in (("prepositions", accepted), ("doubtful", doubtful)):
            unknown_prepositions = [p for p in values if p not in _PREPOSITIONS]
            if unknown_prepositions:
                raise ValueError(f"{name} has {unknown_prepositions[0]!r}, not a preposition "
                                 f"(known: {', '.join(sorted(_PREPOSITIONS))})")
        if set(map(_preposition, accepted)) & set(map(_preposition, doubtful)):
            raise ValueError("doubtful repeats a preposition of prepositions")
        juxtaposition = mapping.get("juxtaposition", "fail")
        if juxtaposition not in _JUXTAPOSITION:
            raise ValueError(f"juxtaposition must be one of {', '.join(_JUXTAPOSITION)}")
        return cls(head, modifier, frozenset(map(_preposition, accepted)), frozenset(map(_preposition, doubtful)),
                   adjectives, str(juxtaposition))


class CompoundChecker(FrenchChecker):
    """The English compound N1 N2 becomes French N2 + preposition + N1, and the preposition
    carries the relation: *couteau à viande* (purpose, no article), *filtre en tissu* (material).

    Parameters (from the source sentence, never from an output):

    - ``head``: the lemma(s) of the French head noun (N2: ``couteau``);
    - ``modifier``: the lemma(s) that render N1 (``viande``; ``steak``, ``bifteck``);
    - ``prepositions``: the right preposition(s) (``[à]``, ``[en]``), followed by the bare noun;
    - ``doubtful``: prepositions a human should judge (``[de]`` for a material: *filtre de papier*);
    - ``adjectives``: adjective lemmas that render N1 correctly (``métallique`` for *metal*);
    - ``juxtaposition``: the verdict on N2 N1 without preposition (*filtre papier*), ``fail`` by
      default or ``undecided``.

    Every other preposition (*couteau de viande*, *filtre à papier* for a paper filter), a
    preposition with an article (*couteau au beurre*), and the English order N1 N2 (*steak
    couteau*) fail. Nouns are matched by lemma, so plurals (*couteaux à viande*) count. A material
    takes *en* or *de* + the bare noun (*filtre en métal*, *filtre de métal*): the suite lists both.

    Where the head is not linked to the modifier: the modifier heading a phrase whose complement is the
    head (*le steak au couteau*, *le jus du filtre*: the relation reversed) fails, and so does the head
    right after another noun (*le chiffon filtre*: the English order with a modifier the item does not
    list).
    """

    name = "compound"
    description = "Noun compound N1 N2 rendered as N2 + the right preposition + N1 (lexicon-backed)"
    # 3: a construction not found in a broken output fails (Verdict.not_found); earlier: an output with no word
    # (only punctuation or numbers) is not applicable
    # 4: the relation reversed (steak au couteau) and the English order with an unlisted modifier fail
    version = "4"
    Params = CompoundParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        tokens = tokenize(output)
        if is_empty(tokens):
            return Verdict.not_applicable("the output is empty")
        params = CompoundParams.of(item)
        heads, modifiers, adjectives = params.head, params.modifier, params.adjectives
        accepted, doubtful = params.prepositions, params.doubtful
        analyses = [readings(self.lexicon, token) for token in tokens]

        renderings = [r for index in range(len(tokens)) if _has_lemma(analyses[index], heads, "noun")
                      for r in [self._rendering(tokens, analyses, index, modifiers, adjectives)] if r is not None]
        if not renderings:
            if not any(_has_lemma(a, heads, "noun") for a in analyses):
                return Verdict.not_found(f"the head noun {' or '.join(heads)}",
                                         f"found no form of the head noun {' or '.join(heads)}")
            for index in range(len(tokens)):
                if not _has_lemma(analyses[index], heads, "noun"):
                    continue
                swapped = _swapped(tokens, analyses, index, modifiers)
                if swapped is not None:
                    return Verdict.failed(
                        f"expected {' or '.join(heads)} + the preposition + the bare modifier; found {swapped!r}: "
                        "the modifier heads the phrase and the head noun is its complement, the relation reversed",
                        swapped)
                before = _noun_before(tokens, analyses, index)
                if before is not None:
                    return Verdict.failed(
                        f"expected {' or '.join(heads)} + the preposition + the bare modifier; found {before!r}: "
                        f"{tokens[index]!r} after another noun, the English order N1 N2 (a modifier the item does "
                        "not list)", before)
            return Verdict.not_found(f"a rendering of {' or '.join(modifiers)} linked to {' or '.join(heads)}",
                                     f"the head noun {' or '.join(heads)} is not linked to a rendering of "
                                     f"{' or '.join(modifiers)}")
        right = " or ".join(f"{p!r}" for p in sorted(accepted))
        good: list[str] = []
        bad: list[str] = []
        unsure: list[str] = []
        for rendering in renderings:
            if rendering.kind == "adjective":
                good.append(f"{rendering.text!r} (an accepted adjective)")
            elif rendering.kind == "english order":
                bad.append(f"{rendering.text!r} (the English order N1 N2, without a preposition)")
            elif rendering.kind == "juxtaposition":
                target = unsure if params.juxtaposition == "undecided" else bad
                target.append(f"{rendering.text!r} (the two nouns side by side, without a preposition)")
            elif rendering.preposition in accepted and rendering.article is None:
                good.append(f"{rendering.text!r} (the preposition {rendering.preposition!r} + the bare noun)")
            elif rendering.preposition in accepted:
                bad.append(f"{rendering.text!r} ({rendering.preposition!r} with the article "
                           f"{rendering.article!r}, where the compound takes the bare noun)")
            elif rendering.preposition in doubtful and rendering.article is None:
                unsure.append(f"{rendering.text!r} (the preposition {rendering.preposition!r})")
            else:
                article = f" with the article {rendering.article!r}" if rendering.article else ""
                bad.append(f"{rendering.text!r} (the preposition {rendering.preposition!r}{article})")
        if good and not bad and not unsure:
            return Verdict.passed(f"found {'; '.join(good)}", *good)
        if bad and not good and not unsure:
            return Verdict.failed(f"expected the preposition {right} + the bare noun; found {'; '.join(bad)}", *bad)
        return Verdict.undecided(f"found {'; '.join(good + bad + unsure)}: for a human to judge",
                                 *good, *bad, *unsure)

    def _rendering(self, tokens: list[str], analyses: list[tuple[Analysis, ...]], head: int,
                   modifiers: tuple[str, ...], adjectives: tuple[str, ...]) -> Rendering | None:
        if head > 0 and _has_lemma(analyses[head - 1], modifiers, "noun"):
            return Rendering(f"{tokens[head - 1]} {tokens[head]}", "english order")
        index = head + 1
        skipped = 0
        while index < len(tokens) and skipped <= _MAX_ADJECTIVES:
            token = tokens[index]
            if _has_lemma(analyses[index], adjectives, "adj"):
                return Rendering(" ".join(tokens[head:index + 1]), "adjective")
            if _has_lemma(analyses[index], modifiers, "noun"):
                return Rendering(" ".join(tokens[head:index + 1]), "juxtaposition")
            if token in _CONTRACTIONS or token in _PREPOSITIONS:
                return self._prepositional(tokens, analyses, head, index, modifiers)
            if not _only_adjective(analyses[index]):
                return None
            index += 1
            skipped += 1
        return None

    def _prepositional(self, tokens: list[str], analyses: list[tuple[Analysis, ...]], head: int, index: int,
                       modifiers: tuple[str, ...]) -> Rendering | None:
        token = tokens[index]
        preposition = _CONTRACTIONS.get(token, _preposition(token))
        article = token if token in _CONTRACTIONS else None
        probe = index + 1
        if article is None and probe < len(tokens) and tokens[probe] in _ARTICLES:
            article = tokens[probe]
            probe += 1
        if probe < len(tokens) and _only_adjective(analyses[probe]):
            probe += 1  # "couteau à grosse viande" is rare; "filtre en fin tissu" possible
        if probe < len(tokens) and _has_lemma(analyses[probe], modifiers, "noun"):
            return Rendering(" ".join(tokens[head:probe + 1]), "preposition", preposition, article)
        return None


def _swapped(tokens: list[str], analyses: list[tuple[Analysis, ...]], head: int,
             modifiers: tuple[str, ...]) -> str | None:
    """The modifier heading a phrase whose complement is the head noun (*le steak au couteau*, *le jus du
    filtre*): modifier + preposition (+ article) (+ adjective) + head; its text, or None."""
    probe = head - 1
    if probe >= 0 and _only_adjective(analyses[probe]):
        probe -= 1
    if probe >= 0 and tokens[probe] in _ARTICLES - {"de", "d'", "du", "des"} and probe - 1 >= 0 and (
            tokens[probe - 1] in _PREPOSITIONS):
        probe -= 1
    if probe < 1 or not (tokens[probe] in _PREPOSITIONS or tokens[probe] in _CONTRACTIONS):
        return None
    modifier = probe - 1
    if modifier >= 0 and _only_adjective(analyses[modifier]):
        modifier -= 1
    if modifier >= 0 and _has_lemma(analyses[modifier], modifiers, "noun"):
        return " ".join(tokens[modifier:head + 1])
    return None


def _noun_before(tokens: list[str], analyses: list[tuple[Analysis, ...]], head: int) -> str | None:
    """Determiner + a noun (no adjective reading) + the head noun with nothing linking them (*le chiffon
    filtre*): the English order N1 N2 with a modifier the item does not list; its text, or None."""
    if head < 2 or tokens[head - 2] not in _ARTICLES | _DETERMINERS:
        return None
    before = analyses[head - 1]
    if not before or not all(a.pos == "noun" for a in before):
        return None
    following = tokens[head + 1] if head + 1 < len(tokens) else ""
    if following in _PREPOSITIONS or following in _CONTRACTIONS:
        return None  # "le chiffon filtre à eau": the head has its own complement
    return " ".join(tokens[head - 2:head + 1])


def _has_lemma(analyses: tuple[Analysis, ...], lemmas: tuple[str, ...], pos: str) -> bool:
    return any(a.lemma in lemmas and a.pos == pos for a in analyses)


def _only_adjective(analyses: tuple[Analysis, ...]) -> bool:
    return bool(analyses) and all(a.pos == "adj" or (a.pos == "verb" and a.mood == "participle") for a in analyses)
