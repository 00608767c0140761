"""The ``cs_clause_type`` family: the Czech clause an English gerund or infinitive became."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.cs import CzechChecker
from pytest_mtchallenge.languages.cs.reader import Found, Sentence
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

#: The expected renderings (the Czech equivalents of Cinková & Bojar's Table 2) and the clause
#: kinds of the reader that count as each.
EXPECTED = {"finclause": "finite", "subjunctclause": "subjunctive", "nofinclause": "nonfinite"}
EXPECTED_NAMES = {
    "finclause": "a finite clause",
    "subjunctclause": "a subjunctive clause (aby/kdyby)",
    "nofinclause": "a non-finite rendering (infinitive, deverbal noun, participle adjective or event noun)",
}
_ENGLISH_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
_LEMMA = re.compile(r"^[^\W\d_]+(?: s[ei])?$", re.UNICODE)


def _keyword(params: Mapping[str, object]) -> str:
    keyword = params.get("keyword")
    if not isinstance(keyword, str) or not _ENGLISH_WORD.search(keyword):
        raise ValueError("keyword must be the English gerund or infinitive under test (e.g. 'fearing', 'to strike')")
    return keyword


def _counterpart(params: Mapping[str, object]) -> tuple[str, ...]:
    value = params.get("counterpart")
    if isinstance(value, str) or not isinstance(value, Sequence) or not value:
        raise ValueError("counterpart must be a non-empty list of Czech lemmas (e.g. [bát se, obávat se])")
    lemmas = []
    for lemma in value:
        if not isinstance(lemma, str) or not _LEMMA.match(" ".join(lemma.split()).lower()):
            raise ValueError(f"counterpart: {lemma!r} is not a Czech lemma (one word, a verb optionally with se/si)")
        lemmas.append(" ".join(lemma.split()).lower())
    return tuple(lemmas)


def _expected(params: Mapping[str, object]) -> str:
    expected = params.get("expected")
    if not isinstance(expected, str) or expected not in EXPECTED:
        raise ValueError(f"expected must be one of {', '.join(EXPECTED)}, found {expected!r}")
    return str(expected)


def keyword_position(source: str, keyword: str) -> float | None:
    """Where the keyword's last word stands in the source, as a share of its words (0 … 1)."""
    words = [w.lower() for w in _ENGLISH_WORD.findall(source)]
    wanted = [w.lower() for w in _ENGLISH_WORD.findall(keyword)]
    for size in (len(wanted), 1):
        target = wanted[-size:]
        for start in range(len(words) - size + 1):
            if words[start:start + size] == target:
                return (start + size - 0.5) / len(words)
    return None


@dataclass(frozen=True, slots=True)
class ClauseTypeParams(FamilyParams):
    keyword: str  # the English gerund or infinitive under test
    counterpart: tuple[str, ...]  # Czech lemmas, normalised (one space, lower case)
    expected: str  # a key of EXPECTED

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> ClauseTypeParams:
        reject_unknown(mapping, ("keyword", "counterpart", "expected"))
        for key in ("keyword", "counterpart", "expected"):
            if key not in mapping:
                raise ValueError(f"missing parameter {key!r}")
        return cls(_keyword(mapping), _counterpart(mapping), _expected(mapping))


class ClauseTypeChecker(CzechChecker):
    """Whether the Czech counterpart of an English gerund or controlled infinitive stands in the
    expected kind of clause (Cinková & Bojar 2018).

    *fearing that they would be out of place* → *protože se báli, že …* (a finite clause);
    *encouraged the IMF to insist* → *přiměly MMF k tomu, aby … trval* (subjunctive);
    *agreed to strike* → *souhlasil s udeřením* (non-finite: a deverbal noun).

    Parameters:

    - ``keyword``: the English gerund or infinitive under test (*fearing*, *to strike*).
    - ``counterpart``: Czech lemmas that can render it: verbs by their infinitive (*bát se,
      obávat se*), event nouns by their nominative (*nábor*, *obava*). Any inflected or derived
      form counts: finite forms, the infinitive, the deverbal noun (*udeření*), the participle
      adjective (*pokrývající*).
    - ``expected``: ``finclause`` (a finite clause, not *aby/kdyby*), ``subjunctclause`` (a clause
      opened by *aby/kdyby*) or ``nofinclause`` (an infinitive not joined to a modal verb or the
      future *bude*, a deverbal noun, a participle adjective, a transgressive or an event noun).

    The counterpart found → pass (Good) or fail (Bad); not found → not applicable (Unknown). Of
    several forms of the counterpart, the one nearest the keyword's place in the source is judged.
    """

    name = "cs_clause_type"
    description = "English gerund or infinitive: the kind of Czech clause of its counterpart"
    Params = ClauseTypeParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        params = ClauseTypeParams.of(item)
        keyword, lemmas, expected = params.keyword, params.counterpart, params.expected
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty: the counterpart was not found")
        named = ", ".join(f"*{lemma}*" for lemma in lemmas)
        found = sentence.find(lemmas)
        if not found:
            return Verdict.not_applicable(f"the counterpart of {keyword!r} was not found (no form of {named} "
                                          "in the output)")
        chosen = self._aligned(sentence, found, keyword_position(item.source, keyword))
        clause = sentence.clause(chosen)
        of = " " if chosen.reading.kind == "event_noun" else " of "
        reading = f"*{chosen.word}*, {sentence.describe(chosen)}{of}*{chosen.lemma}*"
        what = clause.description if clause.kind == "nonfinite" else f"in {clause.description}"
        evidence = clause.words
        if clause.kind == EXPECTED[expected]:
            return Verdict.passed(f"found {reading}: {what}, as expected", evidence)
        return Verdict.failed(f"found {reading}: {what}; expected {EXPECTED_NAMES[expected]}", evidence)

    @staticmethod
    def _aligned(sentence: Sentence, found: list[Found], position: float | None) -> Found:
        """Of several forms of the counterpart, the one standing nearest the keyword's place in the
        source (relative positions: a stand-in for the paper's word alignment)."""
        if position is None or len(found) == 1:
            return found[0]
        count = max(sentence.word_count(), 1)
        return min(found, key=lambda f: abs((sentence.word_position(f.index) + 0.5) / count - position))


__all__ = ["EXPECTED", "EXPECTED_NAMES", "ClauseTypeChecker", "ClauseTypeParams", "keyword_position"]
