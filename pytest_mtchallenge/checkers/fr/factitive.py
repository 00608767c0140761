"""The ``factitive`` family: agentive verbs that French must embed under *faire* (faire cuire)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker, Lemmas, lemma_list
from pytest_mtchallenge.languages.fr.reader import NEGATION, is_empty, readings, tokenize
from pytest_mtchallenge.languages.fr.lexicon import Analysis
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict

_PARAMS = {"verb", "alternatives", "rejected"}
_CAUSATIVE = "faire"
# Verbs that also take a bare infinitive with a noun phrase: "laisser fondre la glace" is not the
# factitive, but not the bare agentive verb either.
_OTHER_INFINITIVE_GOVERNORS = frozenset({"laisser", "voir", "regarder", "entendre", "sentir", "écouter"})
_MAX_ADVERBS = 2


@dataclass(frozen=True, slots=True)
class FactitiveParams(FamilyParams):
    """The infinitive under *faire* (as written), and the lemmas of correct and wrong renderings without it."""

    verb: str
    alternatives: Lemmas = ()
    rejected: Lemmas = ()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> FactitiveParams:
        reject_unknown(mapping, _PARAMS)
        verb = mapping.get("verb")
        if not isinstance(verb, str) or not verb.strip() or " " in verb.strip():
            raise ValueError("verb must be the lemma (one word) of the infinitive under faire")
        alternatives = lemma_list(mapping.get("alternatives"), "alternatives", required=False)
        rejected = lemma_list(mapping.get("rejected"), "rejected", required=False)
        if verb in alternatives or verb in rejected or set(alternatives) & set(rejected):
            raise ValueError("verb, alternatives and rejected must not share a lemma")
        return cls(verb, alternatives, rejected)


class FactitiveChecker(FrenchChecker):
    """An English agentive verb (*cook a chicken*, *melt the ice*, *grow flowers*) whose French
    counterpart is intransitive in that sense and needs the causative *faire* + infinitive
    (*faire cuire*, *faire fondre*, *faire pousser*).

    Parameters (from the source sentence, never from an output):

    - ``verb``: the lemma of the infinitive under *faire* (``cuire``); the same verb used
      without *faire* (*John a cuit*, *John a fondu la glace*) is the error;
    - ``alternatives``: lemmas that render the source verb correctly without *faire*
      (``cultiver`` for *grow flowers*, ``cuisiner`` for *cook*);
    - ``rejected``: other lemmas known to be wrong renderings (``développer``, ``grandir``).

    *faire* counts in every form (*fait*, *faisait*, *fera*, *faire*, *faisant*), with up to
    two adverbs before the infinitive (*faire lentement cuire*). An infinitive after *laisser*
    or a perception verb (*laisser fondre*, *voir pousser*) is neither right nor wrong and
    leaves the checker undecided.

    The causer must be the source's (issue 23): the subject of *faire* is compared with the
    reference's (:meth:`FrenchChecker.same_subject`): *Le soleil a fait fondre la neige* for *John melted
    a lot of ice* fails, *John a fait fondre une grande quantité de glace* passes. The object of the
    causative, a noun phrase right after the infinitive, must be a word of a reference or a translation
    of a source word (:meth:`FrenchChecker.same_object`): *John a fait cuire des pâtes* for *John cooked a
    big chicken* is left to a human (another thing, or a synonym the lexicon lacks), never failed.
    """

    name = "factitive"
    description = "Causative faire + infinitive for agentive verbs (lexicon-backed)"
    # 3: a construction not found in a broken output fails (Verdict.not_found); earlier: an output with no word
    # (only punctuation or numbers) is not applicable
    # 4: judged as broken more often: a name before a bare noun in the verb's place (John cuisinier un grand
    # poulet) is a broken structure of the pack, so the missing verb fails as not rendered
    # 5: the causer (the subject of faire) must be the reference's (issue 23, 5)
    # 6: the object after the infinitive must be linked to the item, else left to a human (same_object),
    # where a reference has one
    version = "6"
    Params = FactitiveParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        verdict = self._construction(item=item, output=output)
        verdict = self.same_subject(verdict, item=item, output=output, role='causer (the subject of faire)')
        if verdict.outcome is not Outcome.PASS:
            return verdict  # only a pass is checked: nothing more to read
        if all(self._object_start(item, reference) is None for reference in item.references):
            return verdict  # the reference shows no object after its verb: nothing to compare with
        return self.same_object(verdict, item=item, output=output, start=self._object_start(item, output),
                                role='object of the causative')

    def _object_start(self, item: ChallengeItem, output: str) -> int | None:
        """The token after the first infinitive under *faire* or the first alternative verb: where its
        object starts."""
        tokens = tokenize(output)
        params = FactitiveParams.of(item)
        analyses = [readings(self.lexicon, token) for token in tokens]
        for index in range(len(tokens)):
            lemmas = {a.lemma for a in analyses[index] if _is_verbal(a)}
            if params.verb in lemmas and any(a.lemma == params.verb and a.mood == "infinitive" for a in analyses[index]) \
                    and self._governor(tokens, analyses, index) == _CAUSATIVE or lemmas & set(params.alternatives):
                return index + 1
        return None

    def _construction(self, *, item: ChallengeItem, output: str) -> Verdict:
        tokens = tokenize(output)
        if is_empty(tokens):
            return Verdict.not_applicable("the output is empty")
        params = FactitiveParams.of(item)
        verb, alternatives, rejected = params.verb, params.alternatives, params.rejected
        analyses = [readings(self.lexicon, token) for token in tokens]

        factitive: list[str] = []
        bare: list[str] = []
        governed: list[str] = []
        for index, token in enumerate(tokens):
            forms = [a for a in analyses[index] if a.lemma == verb and _is_verbal(a)]
            if not forms:
                continue
            if any(a.mood == "infinitive" for a in forms):
                governor = self._governor(tokens, analyses, index)
                if governor == _CAUSATIVE:
                    factitive.append(repr(self._causative_span(tokens, analyses, index)))
                    continue
                if governor is not None:
                    governed.append(f"{governor} + {token!r}")
                    continue
            bare.append(f"{token!r} ({'; '.join(sorted({a.describe() for a in forms}))})")
        wrong: list[str] = []
        for index, found in self._occurrences(tokens, analyses, rejected):
            if self._governor(tokens, analyses, index) is None:
                wrong.append(found)
            else:  # "faire grandir des fleurs": a factitive, but not the expected one
                governed.append(f"{self._governor(tokens, analyses, index)} + {tokens[index]!r}")
        good = [*factitive, *(found for _, found in self._occurrences(tokens, analyses, alternatives))]
        bad = [*bare, *wrong]
        wanted = f"faire {verb}" + (f" (or {', '.join(alternatives)})" if alternatives else "")
        if good and not bad:
            return Verdict.passed(f"found {', '.join(good)}: the agentive verb is rendered as {wanted}", *good)
        if bad and not good:
            detail = ", ".join(bad)
            return Verdict.failed(f"expected {wanted}; found {detail}, "
                                  f"{'without the causative faire' if bare else 'a wrong rendering'}", *bad)
        if good and bad:
            return Verdict.undecided(f"found both {', '.join(good)} and {', '.join(bad)}", *good, *bad)
        if governed:
            return Verdict.undecided(f"found {', '.join(governed)}: another verb under a causative or perception "
                                     "verb, for a human to judge")
        return Verdict.not_found(f"a form of {verb} or an alternative",
                                 f"found no form of {verb}, {', '.join(alternatives) or 'an alternative'} or a known "
                                 "wrong rendering: the output renders the verb some other way")

    def _governor(self, tokens: list[str], analyses: list[tuple[Analysis, ...]], index: int) -> str | None:
        """The lemma of *faire* or a perception/permission verb right before the infinitive."""
        previous = index - 1
        skipped = 0
        while previous >= 0 and skipped < _MAX_ADVERBS and (
                tokens[previous] in NEGATION or _only(analyses[previous], "adv")):
            previous -= 1
            skipped += 1
        if previous < 0:
            return None
        lemmas = {a.lemma for a in analyses[previous] if a.pos in ("verb", "aux")}
        if _CAUSATIVE in lemmas:
            return _CAUSATIVE
        found = lemmas & _OTHER_INFINITIVE_GOVERNORS
        return sorted(found)[0] if found else None

    def _causative_span(self, tokens: list[str], analyses: list[tuple[Analysis, ...]], index: int) -> str:
        start = index - 1
        while start > 0 and _CAUSATIVE not in {a.lemma for a in analyses[start] if a.pos in ("verb", "aux")}:
            start -= 1
        return " ".join(tokens[start:index + 1])

    def _occurrences(self, tokens: list[str], analyses: list[tuple[Analysis, ...]],
                     lemmas: tuple[str, ...]) -> list[tuple[int, str]]:
        found = []
        for index, (token, readings_) in enumerate(zip(tokens, analyses)):
            matches = sorted({a.lemma for a in readings_ if a.lemma in lemmas and _is_verbal(a)})
            if matches:
                found.append((index, f"{token!r} ({', '.join(matches)})"))
        return found


def _is_verbal(analysis: Analysis) -> bool:
    return analysis.pos in ("verb", "aux") or (analysis.pos == "adj" and analysis.mood == "participle")


def _only(analyses: tuple[Analysis, ...], pos: str) -> bool:
    return bool(analyses) and all(a.pos == pos for a in analyses)
