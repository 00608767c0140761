"""The ``en_how_insertion`` family: *savoir* + infinitive → *know how to* + infinitive."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.inflection import is_gerund
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.languages.en.words import CLAUSE_BREAKS, DETERMINERS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict



@dataclass(frozen=True, slots=True)
class HowInsertionParams(WordLists):
    governors: Words
    verbs: Words
    abilities: Words = ()


class HowInsertionChecker(EnglishChecker):
    """Whether a French V1 + infinitive became *V1 how to* + infinitive, or an equivalent ability modal.

    *Max sait réparer une cafetière* is *Max knows how to repair a coffee maker* (or *Max can
    repair…*); *Max knows to repair* and *Max knows repairing* are word-for-word renderings.

    Parameters:

    - ``governors``: the English verbs of the French V1 (``[know]``).
    - ``abilities``: phrases that render the same ability without *how* (*can, could, be able to,
      be capable of*); a verb of ``verbs`` (or any verb) must follow.
    - ``verbs``: the English renderings of the French infinitive (*repair, fix, mend*).

    The divergence is the insertion of *how*: *knows how repair* has it, its missing *to* is an
    infinitive marker outside the divergence (as a wrong agreement is), so it passes; *knows to
    repair*, *knows repair*, *knows repairing* lack it and fail.

    *how to* must introduce the source's verb: *knows how to knit socks* for *sait réparer une
    cafetière* has the construction and another action. An infinitive that is none of ``verbs`` may be
    a synonym the list lacks, or another sentence: left to a human.
    """

    name = "en_how_insertion"
    #: 2: names the construction it did not find (Verdict.not_found). 3: *how* + a bare infinitive passes.
    #: 4: *how to* + a verb that is none of the source verb's renderings is left to a human
    version = "4"
    description = "V1 V2inf → V1 how to V2inf"
    Params = HowInsertionParams
    construction_params = ("governors", "abilities")

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        words = sentence.words
        params = HowInsertionParams.of(item)
        verb_starts = {hit.index: hit for hit in sentence.verb_hits(params.verbs, particle_gap=0)}
        for hit in sentence.verb_hits(params.governors, particle_gap=0):
            index = sentence.skip_adverbs(hit.end)
            if index >= len(words) or words[index] in CLAUSE_BREAKS:
                continue
            governor = sentence.text(hit.index, hit.end)
            phrase = sentence.text(hit.index, min(index + 3, len(words)))
            if words[index] == "how":
                if index + 1 < len(words) and words[index + 1] == "to":
                    verb = sentence.skip_adverbs(index + 2)
                    if verb < len(words) and verb not in verb_starts and words[verb][:1].isalpha():
                        return Verdict.undecided(
                            f"{phrase!r}: 'how to' introduces {sentence.cased[verb]!r}, none of the renderings of the "
                            f"source's verb ({', '.join(params.verbs)}): another action, or a synonym? Left to a "
                            "human", phrase)
                    return Verdict.passed(f"{phrase!r}: the infinitive is introduced by 'how to'", phrase)
                if index + 1 in verb_starts:
                    return Verdict.passed(f"{phrase!r}: 'how' is inserted before the infinitive (its 'to' is "
                                          "missing, an infinitive marker outside the divergence)", phrase)
                return Verdict.undecided(f"{phrase!r}: a 'how' clause, left to a human", phrase)
            if words[index] == "to" and index + 1 < len(words) and words[index + 1] not in DETERMINERS:
                phrase = sentence.text(hit.index, index + 2)
                return Verdict.failed(f"{phrase!r}: {governor!r} + to-infinitive renders the French verb word for "
                                      "word (it means 'know that one should'); expected 'how to'", phrase)
            if is_gerund(words[index]) or (index in verb_starts and "base" in verb_starts[index].kinds):
                phrase = sentence.text(hit.index, index + 1)
                return Verdict.failed(f"{phrase!r}: {governor!r} directly followed by a verb; expected 'how to'",
                                      phrase)
        for ability in params.abilities:
            for start, end in _ability_spans(sentence, ability):
                index = sentence.skip_adverbs(end)
                if index < len(words) and words[index][0].isalpha() and words[index] not in DETERMINERS:
                    phrase = sentence.text(start, index + 1)
                    return Verdict.passed(f"{phrase!r} renders the ability expressed by the French verb", phrase)
        return Verdict.not_found("the governing verb (or an ability phrase) before the infinitive",
                                  "no form of the governing verb or of an ability phrase before the verb: left to "
                                  "a human")


def _ability_spans(sentence: Sentence, ability: str) -> list[tuple[int, int]]:
    """Where an ability phrase occurs; ``be able to`` matches *is / was / 's able to*."""
    parts = ability.split()
    if parts[0] == "be" and len(parts) > 1:
        spans = []
        for start, end in sentence.find_phrase(" ".join(parts[1:])):
            if start and sentence.words[start - 1] in ("is", "was", "are", "were", "be", "been", "'s", "'m", "'re",
                                                       "am", "being"):
                spans.append((start - 1, end))
        return spans
    return sentence.find_phrase(ability)
