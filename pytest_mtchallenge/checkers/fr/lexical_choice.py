"""The ``lexical_choice`` family: the right French lexeme (savoir vs connaître), checked by lemma."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker, Lemmas, lemma_list
from pytest_mtchallenge.languages.fr.reader import SentenceReader
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"expected", "rejected", "pos"}
_POS = ("verb", "noun", "adj", "adv", "prep")


@dataclass(frozen=True, slots=True)
class LexicalChoiceParams(FamilyParams):
    """The expected and rejected lemmas, and the part of speech they must have."""

    expected: Lemmas
    rejected: Lemmas
    pos: str = "verb"  # of _POS

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> LexicalChoiceParams:
        reject_unknown(mapping, _PARAMS)
        expected = lemma_list(mapping.get("expected"), "expected")
        rejected = lemma_list(mapping.get("rejected"), "rejected")
        if set(expected) & set(rejected):
            raise ValueError(f"rejected repeats the expected lemma {sorted(set(expected) & set(rejected))[0]!r}")
        pos = mapping.get("pos", "verb")
        if pos not in _POS:
            raise ValueError(f"pos must be one of {', '.join(_POS)}")
        return cls(expected, rejected, str(pos))


class LexicalChoiceChecker(FrenchChecker):
    """Which French lexeme renders a source word: an expected lemma versus a rejected one.

    Parameters (from the source sentence, never from an output):

    - ``expected``: the lemma, or lemmas, of a correct rendering (``savoir`` before a
      sentential complement, ``connaître`` before a plain noun phrase);
    - ``rejected``: the lemma, or lemmas, of the wrong choice;
    - ``pos``: the part of speech the lemma must have in the output (``verb`` by default), so
      that *su* the noun or *connaissance* does not count.

    Every word of the output is read with the lexicon, so any inflected form (*savait*,
    *sauront*, *sachant*, *connaissait*, *connait* in the reformed spelling) counts.
    """

    name = "lexical_choice"
    description = "The right French lexeme: expected versus rejected lemmas (lexicon-backed)"
    version = "2"  # an output with no word (only punctuation or numbers) is not applicable
    Params = LexicalChoiceParams
    construction_params = ("expected", "rejected")

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = LexicalChoiceParams.of(item)
        expected, rejected, pos = params.expected, params.rejected, params.pos
        good = self._occurrences(reader, expected, pos)
        bad = self._occurrences(reader, rejected, pos)
        wanted = " or ".join(expected)
        if good and not bad:
            return Verdict.passed(f"found {', '.join(good)}: a form of {wanted}, as expected", *good)
        if bad and not good:
            return Verdict.failed(f"expected a form of {wanted}; found {', '.join(bad)}", *bad)
        if good and bad:
            return Verdict.undecided(
                f"found both {', '.join(good)} (expected) and {', '.join(bad)} (rejected): which one renders the "
                "source word is for a human to say", *good, *bad)
        return Verdict.undecided(
            f"no form of {wanted} nor of {' or '.join(rejected)} found: the output renders the source word otherwise")

    def _occurrences(self, reader: SentenceReader, lemmas: tuple[str, ...], pos: str) -> list[str]:
        pos_set = ("verb", "aux") if pos == "verb" else (pos,)
        found: list[str] = []
        for index, token in enumerate(reader.tokens):
            analyses = reader.readings(index)
            matches = {a.lemma for a in analyses if a.lemma in lemmas and a.pos in pos_set}
            if pos == "verb" and any(a.pos == "noun" for a in analyses) and reader.is_nominal_context(index):
                continue  # "le savoir", "un su": the noun
            if matches:
                found.append(f"{token!r} ({', '.join(sorted(matches))})")
        return found
