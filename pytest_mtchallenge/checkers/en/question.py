"""The ``en_question`` family: a French yes/no question rendered as an English question, with its auxiliary fronted."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, flag, reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, words_param
from pytest_mtchallenge.languages.en.inflection import VerbForms, fold, inflect, is_past_or_participle
from pytest_mtchallenge.languages.en.reader import Sentence, is_adverb, lexical_verb
from pytest_mtchallenge.languages.en.words import (
    AUXILIARIES,
    BE_FORMS,
    CLOSED_CLASS,
    DO_FORMS,
    HAVE_FORMS,
    MODALS,
    SUBJECT_PRONOUNS,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"subject", "verbs", "plural"}
#: Words that may open a question before its auxiliary (*So, have you…*, *And will Max…*).
_OPENERS = frozenset({"so", "and", "but", "then", "well", "now", "tell", "me", "say", "oh", "ok", "okay"})
#: Auxiliary forms by the subjects they agree with.
_THIRD_SINGULAR_ONLY = frozenset({"has", "does", "is", "'s"})
_NOT_THIRD_SINGULAR = frozenset({"have", "do", "are", "were", "'re", "'ve", "am", "'m"})
_FIRST_SINGULAR_ONLY = frozenset({"am", "'m"})


def _person(subject: str, plural: bool) -> str:
    """'1s', '2', 'p' or '3s': the agreement class of an English subject word."""
    if subject == "i":
        return "1s"
    if subject == "you":
        return "2"
    if subject in ("we", "they") or plural:
        return "p"
    return "3s"


def _agrees(auxiliary: str, person: str) -> bool:
    if person == "3s":
        return auxiliary not in _NOT_THIRD_SINGULAR
    if auxiliary in _THIRD_SINGULAR_ONLY:
        return False
    if auxiliary in _FIRST_SINGULAR_ONLY:
        return person == "1s"
    return not (auxiliary == "was" and person in ("2", "p"))


@dataclass(frozen=True, slots=True)
class QuestionParams(FamilyParams):
    subjects: frozenset[str]
    verbs: tuple[VerbForms, ...] = ()  # the forms of each main verb
    plural: bool = False

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> QuestionParams:
        reject_unknown(mapping, _PARAMS)
        subjects = words_param(mapping.get("subject"), "subject")
        verbs = mapping.get("verbs")
        if verbs is not None and (not isinstance(verbs, Sequence) or isinstance(verbs, str)
                                  or not all(isinstance(v, str) and v.strip() for v in verbs)):
            raise ValueError("verbs must be a list of English verb lemmas")
        return cls(subjects, tuple(inflect(fold(str(v))) for v in verbs or ()), flag(mapping, "plural"))


class EnglishQuestionChecker(EnglishChecker):
    """A French yes/no question — subject-pronoun inversion (*As-tu lu*), complex inversion
    (*Max partira-t-il*) or *est-ce que* — must become an English question, formed by fronting an
    auxiliary before the subject (*Have you read*, *Will Max leave*, *Did you read*).

    Parameters (from the source sentence):

    - ``subject``: the English words that head the question's subject (``[you]``; ``[max, he]``);
    - ``verbs``: optional, the lemmas of the English main verb (``[read]``; ``[leave, depart, go]``),
      to spot a lexical verb put before the subject (*Read you…*) and a wrong verb form after the
      auxiliary (*Will Max leaves*);
    - ``plural``: optional, ``true`` when a noun subject is plural (for agreement).

    A pass rests on the question's lexical verb after the subject when it is none of ``verbs``
    (``Verdict.content``; the participle or infinitive after the fronted auxiliary): the judge asks whether
    it renders the source's (*Have you ever watched that film?* for *As-tu lu ce livre ?* is left to a human).
    """

    name = "en_question"
    #: 2: names the construction it did not find (Verdict.not_found). 3: the English reader finds an irregular
    #: verb in its over-regularised forms too (*runned*, *swimmed*, *readed*)
    # 4: a pass rests on the question's lexical verb (Verdict.content), which the judge compares with the source
    version = "4"
    description = "French yes/no questions rendered as English questions with a fronted auxiliary"
    Params = QuestionParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        tokens = sentence.words
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = QuestionParams.of(item)
        subjects, verbs = params.subjects, params.verbs
        verb_words = frozenset(f for v in verbs for f in v.all)
        where = next((i for i, t in enumerate(tokens) if t in subjects), None)
        if where is None:
            listed = ", ".join(sorted(subjects))
            return Verdict.not_found("the subject of the question",
                                     f"the subject ({listed}) of the question is not in the output")
        subject = tokens[where]
        person = _person(subject, params.plural)
        start = where
        while start > 0 and sentence.is_word(start - 1):
            start -= 1
        while start < where and tokens[start] in _OPENERS:
            start += 1
        before = list(tokens[start:where])
        after = tokens[where + 1:]
        quoted = sentence.quote(start, min(len(tokens), where + 2))
        subject_text = sentence.cased[where]

        calque = (bool(after) and after[0] in SUBJECT_PRONOUNS) or (
            not before and len(after) > 1 and after[0] in AUXILIARIES and after[1] in SUBJECT_PRONOUNS)
        if calque and subject not in SUBJECT_PRONOUNS:
            return Verdict.failed(f"found {quoted!r}: the French complex inversion (noun "
                                  "subject repeated by a pronoun) copied into English; expected the auxiliary "
                                  "before the subject alone", quoted)
        if not before:
            if after[:1] == (",",) and not (len(after) > 2 and after[1] in SUBJECT_PRONOUNS and after[2] in AUXILIARIES):
                return Verdict.undecided(f"the subject {subject_text!r} is set apart by a comma ({quoted!r}): a "
                                         "left dislocation or vocative, for a human to judge", quoted)
            if after[:1] == (",",):
                quoted = sentence.quote(start, min(len(tokens), where + 4))
            if self._tagged(tokens):
                return Verdict.undecided("a statement followed by a tag question: for a human to judge")
            return Verdict.failed(f"expected an English question with an auxiliary before the subject; found the "
                                  f"statement order {quoted!r} (the subject {subject_text!r} comes first)", quoted)
        auxiliary = before[0]
        if auxiliary not in AUXILIARIES:
            if auxiliary in verb_words or (len(before) == 1 and is_past_or_participle(auxiliary)):
                return Verdict.failed(f"found the lexical verb {auxiliary!r} before the subject {subject_text!r} "
                                      f"({quoted!r}); an English question fronts an auxiliary (do-support)", quoted)
            if all(w in CLOSED_CLASS or is_adverb(w) for w in before) and not any(w in AUXILIARIES for w in before):
                return Verdict.failed(f"found {quoted!r}: no auxiliary before the subject {subject_text!r}, only "
                                      f"{' '.join(before)!r}, which cannot head an English question; the statement "
                                      "order is kept", quoted)
            return Verdict.undecided(f"the words before the subject ({' '.join(before)!r}) are not an auxiliary")
        rest = [w for w in before[1:] if w not in ("n't", "not")]
        if rest:
            if rest[-1] == "that" or rest[:1] == ["it"]:
                return Verdict.failed(f"found {' '.join(before)!r} before the subject: a calque of 'est-ce que'; "
                                      "expected the auxiliary directly before the subject", quoted)
            if any(w in verb_words or w in AUXILIARIES for w in rest):
                return Verdict.failed(f"found the verb group {' '.join(before)!r} before the subject {subject_text!r}; "
                                      "an English question fronts the auxiliary alone", quoted)
            return Verdict.undecided(f"the words before the subject ({' '.join(before)!r}) are not a fronted "
                                     "auxiliary alone")
        if not _agrees(auxiliary, person):
            return Verdict.failed(f"the fronted auxiliary {auxiliary!r} does not agree with the subject {subject_text!r} "
                                  f"({quoted!r})", quoted)
        problem = self._verb_form(auxiliary, verbs, sentence, where + 1)
        if problem:
            return Verdict.failed(problem, quoted)
        # the question's lexical verb is the item's content; one of ``verbs`` renders the source's already
        verb = lexical_verb(sentence, where + 1)
        content = sentence.cased[verb] if verb is not None and sentence.words[verb] not in verb_words else ""
        return Verdict.passed(f"the auxiliary {sentence.cased[start]!r} is fronted before the subject {subject_text!r} "
                              f"({quoted!r}): an English yes/no question", quoted).resting_on(content)

    @staticmethod
    def _tagged(tokens: Sequence[str]) -> bool:
        """Whether the statement ends with a tag (*…, won't he?*)."""
        words = [t for t in tokens if t not in ("?", ".", "!")]
        return (len(words) >= 3 and words[-1] in SUBJECT_PRONOUNS
                and (words[-2] in AUXILIARIES or (words[-2] == "n't" and words[-3] in AUXILIARIES)))

    @staticmethod
    def _verb_form(auxiliary: str, verbs: Sequence[VerbForms],
                   sentence: Sentence, start: int) -> str:
        """Why the verb after the subject does not fit the fronted auxiliary ('' when it does)."""
        index = start
        while index < len(sentence.words) and (sentence.words[index] in ("not", "n't")
                                                or sentence.adverb_length(index) == 1):
            index += 1
        if index >= len(sentence.words):
            return ""
        word = sentence.words[index]
        following = sentence.words[index + 1] if index + 1 < len(sentence.words) else ""
        forms = [v for v in verbs if word in v.all]
        if auxiliary in DO_FORMS:
            if word in MODALS or word in ("been", "being") or (word == "have" and is_past_or_participle(following)):
                return f"after the fronted {auxiliary!r} the verb must be a bare infinitive; found {word!r}"
            if forms and not any(word == v.base for v in forms):
                return f"after the fronted {auxiliary!r} the verb must be a bare infinitive; found {word!r}"
            return ""
        if auxiliary in MODALS:
            if forms and not any(word == v.base for v in forms):
                return f"after the fronted modal {auxiliary!r} the verb must be a bare infinitive; found {word!r}"
            return ""
        if auxiliary in HAVE_FORMS:
            if forms and not any(word in v.participle for v in forms):
                return f"after the fronted {auxiliary!r} the verb must be a past participle; found {word!r}"
            return ""
        if auxiliary in BE_FORMS and forms and any(word == v.base and word not in v.participle for v in forms):
            return f"after the fronted {auxiliary!r} the verb must be a participle; found the bare form {word!r}"
        return ""

