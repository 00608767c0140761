"""The ``en_subject_order`` family: a French subject inverted after its verb (*le livre qu'a écrit mon frère*) put back before the English verb."""
from __future__ import annotations

from collections.abc import Mapping

from pytest_mtchallenge.checkers import reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, source_phrase, words_param
from pytest_mtchallenge.languages.en.inflection import forms_of
from pytest_mtchallenge.languages.en.reader import Sentence
from pytest_mtchallenge.languages.en.words import AUXILIARIES, DETERMINERS, NOUN_MARKERS, PREPOSITIONS, WH_WORDS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"subject", "verbs"}
MODIFIERS = 2  # the most words (older, elder …) between the determiner and the subject's head noun


class EnglishSubjectOrderChecker(EnglishChecker):
    """In French relative clauses (and after some adverbs) the subject may follow its verb
    (*le livre qu'a écrit mon frère*, *la ville où est né mon père*). English puts the subject
    before the verb (*the book that my brother wrote*); a noun phrase left after the verb is read
    as its object (*the book that wrote my brother*), which is the error.

    Parameters (from the source sentence):

    - ``subject``: the lemmas of the English head noun of the inverted subject (``[brother]``;
      ``[father, dad]``);
    - ``verbs``: the lemmas of the English verb (``[write, author, pen]``; ``[bear]`` for *born*).

    How it reads an output: the first form of the verb and the subject's head noun. The subject
    before the verb passes; after it, it passes only as the agent of a passive (*written by my
    brother*) and fails otherwise. Without both words the clause was rephrased: undecided.
    """

    name = "en_subject_order"
    version = "2"  # names the construction it did not find (Verdict.not_found)
    description = "Subject inversion in French relatives: the subject back before the English verb"

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        reject_unknown(params, _PARAMS)
        words_param(params.get("subject"), "subject")
        words_param(params.get("verbs"), "verbs")

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        sentence = Sentence(output)
        tokens = sentence.words
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        subjects = frozenset(f for w in words_param(item.params.get("subject"), "subject") for f in forms_of(w))
        verbs = frozenset(f for w in words_param(item.params.get("verbs"), "verbs") for f in forms_of(w))
        source = source_phrase(item)
        verb = next((i for i, t in enumerate(tokens) if t in verbs and not (i and tokens[i - 1] in NOUN_MARKERS)),
                    None)
        subject = next((i for i, t in enumerate(tokens) if t in subjects), None)
        if verb is None or subject is None:
            missing = "verb" if verb is None else "subject"
            return Verdict.not_found(f"the {missing} of {source!r}",
                                     f"the {missing} of {source!r} is not in the output: the clause was rephrased")
        start = subject  # the start of the subject's noun phrase: back over modifiers to its determiner
        while start > 0 and subject - start <= MODIFIERS and sentence.is_word(start - 1):
            before = tokens[start - 1]
            if before in DETERMINERS:
                start -= 1
                break
            if before in verbs or before in AUXILIARIES or before in PREPOSITIONS or before in WH_WORDS:
                break
            start -= 1
        phrase = sentence.quote(start, subject + 1)
        verb_text = sentence.cased[verb]
        if subject < verb:
            return Verdict.passed(f"the subject {phrase!r} comes before {verb_text!r}, as in English", phrase)
        if start > 0 and tokens[start - 1] == "by":
            return Verdict.passed(f"the subject {phrase!r} is the agent of the passive "
                                  f"{sentence.quote(verb, subject + 1)!r}", phrase)
        return Verdict.failed(f"found {sentence.quote(verb, subject + 1)!r}: the French inverted subject {phrase!r} "
                              f"left after {verb_text!r}, where English reads it as the object; expected "
                              f"{phrase!r} before the verb", sentence.quote(verb, subject + 1))
