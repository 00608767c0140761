"""The ``en_subject_order`` family: a French subject inverted after its verb (*le livre qu'a écrit mon frère*) put back before the English verb."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, source_phrase, words_param
from pytest_mtchallenge.languages.en.inflection import forms_of, is_past_form
from pytest_mtchallenge.languages.en.reader import Sentence, lexical_word
from pytest_mtchallenge.languages.en.words import AUXILIARIES, DETERMINERS, NOUN_MARKERS, PREPOSITIONS, WH_WORDS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"subject", "verbs"}
MODIFIERS = 2  # the most words (older, elder …) between the determiner and the subject's head noun


@dataclass(frozen=True, slots=True)
class SubjectOrderParams(FamilyParams):
    subjects: frozenset[str]  # every form of the subject's words
    verbs: frozenset[str]  # every form of the verbs

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> SubjectOrderParams:
        reject_unknown(mapping, _PARAMS)
        subject = words_param(mapping.get("subject"), "subject")
        verbs = words_param(mapping.get("verbs"), "verbs")
        return cls(frozenset(f for w in subject for f in forms_of(w)), frozenset(f for w in verbs for f in forms_of(w)))


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
    brother*) and fails otherwise. Without the verb, the subject's place is read against the clause's
    other verb: right before a finite verb it is in the English order (*where my father is birth*,
    *where my father came into the world*: pass); after a verb whose subject is the relative word it
    is an object, the roles swapped (*the town that gave birth to my father*: fail). Otherwise, or
    without the subject, the clause was rephrased: undecided.

    A pass read against another verb than ``verbs`` rests on that clause's lexical verb
    (``Verdict.content``): the judge asks whether it renders the source's (*the town where my father
    was buried* for *la ville où est né mon père* is left to a human). With one of ``verbs`` the verb
    renders the source's already.
    """

    name = "en_subject_order"
    #: 2: names the construction it did not find (Verdict.not_found). 3: without the source's verb, the
    #: subject's place against the clause's other verb
    # 4: a pass against another verb rests on its lexical verb (Verdict.content), compared with the source
    version = "4"
    description = "Subject inversion in French relatives: the subject back before the English verb"
    Params = SubjectOrderParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        tokens = sentence.words
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = SubjectOrderParams.of(item)
        subjects, verbs = params.subjects, params.verbs
        source = source_phrase(item)
        verb = next((i for i, t in enumerate(tokens) if t in verbs and not (i and tokens[i - 1] in NOUN_MARKERS)),
                    None)
        subject = next((i for i, t in enumerate(tokens) if t in subjects), None)
        if verb is None and subject is not None:
            verdict = self._other_verb(sentence, subject)
            if verdict is not None:
                return verdict
        if verb is None or subject is None:
            missing = "verb" if verb is None else "subject"
            return Verdict.not_found(f"the {missing} of {source!r}",
                                     f"the {missing} of {source!r} is not in the output: the clause was rephrased")
        start = _phrase_start(sentence, subject, verbs)
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

    @staticmethod
    def _other_verb(sentence: Sentence, subject: int) -> Verdict | None:
        """The source's verb is not in the output, but the clause still shows where its subject
        stands: right before a finite verb (*where my father is birth*: pass, the order is English),
        or after a verb whose subject is the relative word (*the town that gave birth to my father*:
        the roles are swapped, fail)."""
        tokens = sentence.words
        if subject + 1 < len(tokens) and tokens[subject + 1] in ("'s", "'"):
            return None  # *my father's birthplace*: a genitive, the clause rephrased
        start = _phrase_start(sentence, subject, frozenset())
        wh = next((i for i in range(start - 1, -1, -1) if tokens[i] in _RELATIVES), None)
        if wh is not None and wh + 1 < start and _is_finite(tokens[wh + 1]):
            phrase = sentence.quote(wh, subject + 1)
            return Verdict.failed(f"{phrase!r}: the relative word is the subject of {sentence.cased[wh + 1]!r} and "
                                  f"the source's subject {sentence.quote(start, subject + 1)!r} comes after it, as an "
                                  "object: the roles of the clause are swapped", phrase)
        after = subject + 1
        if after < len(tokens) and _is_finite(tokens[after]) and (wh is None or wh < start):
            phrase = sentence.quote(start, after + 1)
            # another verb than the source's: the pass rests on it (the item's content)
            return Verdict.passed(f"the subject {sentence.quote(start, subject + 1)!r} comes before the clause's "
                                  f"finite verb ({phrase!r}), as in English", phrase).resting_on(
                lexical_word(sentence, after))
        return None


#: Words that open a relative clause.
_RELATIVES = frozenset({"that", "which", "who", "where", "whom"})


def _is_finite(word: str) -> bool:
    """A finite verb form that may follow a subject: an auxiliary or a past form."""
    return word in AUXILIARIES or is_past_form(word)


def _phrase_start(sentence: Sentence, subject: int, verbs: frozenset[str]) -> int:
    """The start of the subject's noun phrase: back over modifiers to its determiner."""
    tokens = sentence.words
    start = subject
    while start > 0 and subject - start <= MODIFIERS and sentence.is_word(start - 1):
        before = tokens[start - 1]
        if before in DETERMINERS:
            return start - 1
        if before in verbs or before in AUXILIARIES or before in PREPOSITIONS or before in WH_WORDS:
            break
        start -= 1
    return start
