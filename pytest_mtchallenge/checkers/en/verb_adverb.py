"""The ``en_verb_adverb`` family: a French governing verb rendered as an English adverb (*finir par* → *finally*)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.reader import Sentence, VerbHit
from pytest_mtchallenge.languages.en.words import DETERMINERS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict



@dataclass(frozen=True, slots=True)
class VerbAdverbParams(WordLists):
    adverbs: Words
    literal: Words
    verbs: Words
    periphrases: Words = ()


class VerbAdverbChecker(EnglishChecker):
    """Whether the meaning of a French governing verb survives, as an adverb or an English periphrasis.

    *Max a fini par comprendre* is *Max finally understood*: the French main verb becomes an
    adverb and the French infinitive the English main verb.

    Parameters:

    - ``adverbs``: adverbs and adverbial phrases that render the governing verb (*finally,
      eventually, in the end…*).
    - ``periphrases``: English verbs that render it with the same meaning (*end up, come to*).
    - ``literal``: English verbs of a word-for-word rendering (*finish, end*): fail.
    - ``verbs``: the English renderings of the governed verb (*understand, grasp, realize…*):
      when one occurs with none of the above, the governing verb's meaning is lost (fail).
    """

    name = "en_verb_adverb"
    #: 2: names the construction it did not find (Verdict.not_found). 3: the English reader finds an irregular
    #: verb in its over-regularised forms too (*runned*, *swimmed*, *readed*)
    version = "3"
    description = "Verb-adverb transposition: a French governing verb as an English adverb"
    Params = VerbAdverbParams
    construction_params = ("adverbs", "periphrases", "literal")

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = VerbAdverbParams.of(item)
        periphrases = params.periphrases
        periphrastic = {hit.index for hit in _verbs(sentence, periphrases)}
        for hit in _verbs(sentence, params.literal):
            if hit.index in periphrastic:
                continue
            phrase = sentence.text(hit.index, hit.end + 1)
            return Verdict.failed(f"{phrase!r} renders the governing verb word for word: expected an adverb such as "
                                  f"{params.adverbs[0]!r}", phrase)
        for adverb in params.adverbs:
            for start, end in sentence.find_phrase(adverb):
                phrase = sentence.text(start, end)
                return Verdict.passed(f"the governing verb is rendered by the adverb {phrase!r}", phrase)
        for hit in _verbs(sentence, periphrases):
            phrase = sentence.text(hit.index, hit.end)
            return Verdict.passed(f"the governing verb is rendered by {phrase!r}, with the same meaning", phrase)
        for hit in _verbs(sentence, params.verbs):
            verb = sentence.text(hit.index, hit.end)
            return Verdict.failed(f"{verb!r} is rendered without the meaning of the governing verb (no adverb such "
                                  f"as {params.adverbs[0]!r})", verb)
        return Verdict.not_found("a rendering of the French verb (an adverb, a periphrasis or the governed verb)",
                                  "neither the adverb, a periphrasis, a literal rendering nor the governed verb "
                                  "found: left to a human")


def _verbs(sentence: Sentence, lemmas: tuple[str, ...]) -> list[VerbHit]:
    """Verb forms, not nouns (*in the end*)."""
    return [hit for hit in sentence.verb_hits(lemmas, particle_gap=0)
            if not (hit.index and sentence.words[hit.index - 1] in DETERMINERS)]
