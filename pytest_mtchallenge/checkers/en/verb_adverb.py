"""The ``en_verb_adverb`` family: a French governing verb rendered as an English adverb (*finir par* → *finally*)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.reader import Sentence, VerbHit
from pytest_mtchallenge.languages.en.ellipsis import verb_lemma
from pytest_mtchallenge.languages.en.inflection import is_regular_past
from pytest_mtchallenge.languages.en.words import CLAUSE_BREAKS, CLOSED_CLASS, DETERMINERS
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

    A pass with none of ``verbs`` rests on the clause's main verb, the governed verb (``Verdict.content``:
    the first verb form the pack knows (or a regular past) after the adverb or periphrasis, else before it): the judge asks
    whether it renders the source's (*Max finally sold the car* for *Max a fini par comprendre la
    difficulté* is left to a human).
    """

    name = "en_verb_adverb"
    #: 2: names the construction it did not find (Verdict.not_found). 3: the English reader finds an irregular
    #: verb in its over-regularised forms too (*runned*, *swimmed*, *readed*)
    # 4: a pass with none of ``verbs`` rests on the governed verb (Verdict.content), compared with the source
    version = "4"
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
        # the governed verb is the item's content: one of ``verbs`` renders the source's, another is compared
        governed = bool(_verbs(sentence, params.verbs))
        for adverb in params.adverbs:
            for start, end in sentence.find_phrase(adverb):
                phrase = sentence.text(start, end)
                return Verdict.passed(f"the governing verb is rendered by the adverb {phrase!r}", phrase).resting_on(
                    "" if governed else _governed_verb(sentence, start, end))
        for hit in _verbs(sentence, periphrases):
            phrase = sentence.text(hit.index, hit.end)
            return Verdict.passed(f"the governing verb is rendered by {phrase!r}, with the same meaning",
                                  phrase).resting_on("" if governed else _governed_verb(sentence, hit.index, hit.end))
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


def _governed_verb(sentence: Sentence, start: int, end: int) -> str:
    """The clause's main verb around the adverb or periphrasis at ``start``..``end``: the first verb form
    the pack knows (or a regular past in *-ed*) after it in its clause (*finally understood*, *ended up grasping*), else the last one
    before it (*Max understood in the end*); not a name, a closed-class word or a noun after a determiner;
    "" when none is found."""
    words = sentence.words

    def is_verb(index: int) -> bool:
        word = words[index]
        return ((verb_lemma(word) is not None or is_regular_past(word)) and word not in CLOSED_CLASS and not sentence.capitals[index]
                and not (index and words[index - 1] in DETERMINERS))

    after = next((i for i in range(end, sentence.clause_end(end)) if is_verb(i)), None)
    if after is not None:
        return sentence.cased[after]
    index = start - 1
    while index >= 0 and words[index] not in CLAUSE_BREAKS:
        if is_verb(index):
            return sentence.cased[index]
        index -= 1
    return ""
