"""The ``en_tag_question`` family: French *n'est-ce pas ?* rendered as an English tag with the right auxiliary, pronoun and polarity."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, words_param
from pytest_mtchallenge.languages.en.inflection import is_past_or_participle
from pytest_mtchallenge.languages.en.reader import Sentence, lexical_verb
from pytest_mtchallenge.languages.en.words import AUXILIARIES, NEGATIVE_WORDS, OBJECT_PRONOUNS, SUBJECT_PRONOUNS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"pronouns", "subject", "auxiliaries"}
_END = frozenset({"?", ".", "!", "…", '"'})
_BREAKS = frozenset({",", ";", "-", "–", "—", ":"})
#: Invariant tags: English or calqued on *n'est-ce pas* / *non ?*, but not the auxiliary tag the
#: construction needs (they select no auxiliary): they fail.
INVARIANT_TAGS = frozenset({
    "right", "no", "eh", "yes", "ok", "okay", "huh", "correct", "true", "yeah", "innit", "see", "you know",
    "is n't that right", "is n't that so", "is n't it true", "is that right", "is that not so", "is that not right",
    "do n't you think", "do n't you agree", "would n't you say", "wouldn't you agree", "not so", "am i right",
    "right or wrong", "agreed", "is n't that the case", "is it not true", "is it not so", "no doubt"})
_FRENCH = frozenset({"est", "n'est", "ce", "pas", "vrai", "hein", "non"})
#: The tense/lexeme families of auxiliaries: a tag repeats the clause's family.
_FAMILIES: dict[str, str] = {
    **dict.fromkeys(("am", "is", "are", "'m", "'re"), "be-present"), **dict.fromkeys(("was", "were"), "be-past"),
    **dict.fromkeys(("have", "has", "'ve"), "have-present"), "had": "have-past",
    **dict.fromkeys(("do", "does"), "do-present"), "did": "do-past",
    "will": "will", "'ll": "will", "would": "would", "shall": "shall", "should": "should", "can": "can",
    "could": "could", "may": "may", "might": "might", "must": "must", "ought": "ought",
}
#: The most words of a final segment read as a tag (*is it not so*); a longer one is a clause.
_SHORT_TAG = 4
_THIRD_SINGULAR = frozenset({"he", "she", "it", "this", "that", "there"})


@dataclass(frozen=True, slots=True)
class Tag:
    """A tag read at the end of an output: its auxiliary, pronoun and polarity, and where it starts."""

    auxiliary: str
    pronoun: str
    negative: bool
    start: int
    text: str


def _read_tag(sentence: Sentence, end: int, subjects: frozenset[str]) -> Tag | None:
    """An auxiliary tag ending at ``end``: *didn't he*, *did he not*, *should we*."""
    tokens = sentence.words
    shapes: list[tuple[int, str, str, bool]] = []
    if end >= 3 and tokens[end - 2] == "n't":
        shapes.append((end - 3, tokens[end - 3], tokens[end - 1], True))  # didn't he
    if end >= 3 and tokens[end - 1] == "not":
        shapes.append((end - 3, tokens[end - 3], tokens[end - 2], True))  # did he not
    if end >= 3 and tokens[end - 2] == "not":
        shapes.append((end - 3, tokens[end - 3], tokens[end - 1], True))  # did not he (archaic order)
    if end >= 2:
        shapes.append((end - 2, tokens[end - 2], tokens[end - 1], False))  # did he
    for start, auxiliary, pronoun, negative in shapes:
        if auxiliary not in _FAMILIES or pronoun not in SUBJECT_PRONOUNS | OBJECT_PRONOUNS | subjects | {"this", "that"}:
            continue
        if start >= 1 and (tokens[start - 1] in _BREAKS or sum(map(sentence.is_word, range(start))) >= 3):
            return Tag(auxiliary, pronoun, negative, start, sentence.quote(start, end))
    return None


def _expected_auxiliaries(sentence: Sentence, subject: int, end: int) -> tuple[set[str], str]:
    """The auxiliary families a tag must repeat, read from the clause after its subject, and the
    words they were read from ('' when there is no verb to read)."""
    tokens = sentence.words
    index = subject + 1
    while index < end and (tokens[index] in ("not", "n't") or sentence.adverb_length(index) == 1):
        index += 1
    if index >= end:
        return set(), ""
    word = tokens[index]
    following = tokens[index + 1] if index + 1 < end else ""
    quoted = sentence.quote(subject, min(end, index + (2 if following in ("to", "better", "best", "got") else 1)))
    if word == "'s":
        return {"be-present", "have-present"}, quoted
    if word == "'d":
        return ({"have-past"} if following in ("better", "best") else {"would", "have-past"}), quoted
    if word in ("have", "has", "had") and following in ("to", "got"):
        families = {"have-present"} if following == "got" else set()
        return families | ({"do-past"} if word == "had" else {"do-present"}), quoted
    if word == "had" and following in ("better", "best"):
        return {"have-past"}, quoted
    if word == "ought":
        return {"ought", "should"}, quoted
    if word in _FAMILIES:
        return {_FAMILIES[word]}, quoted
    if word[0].isalpha() and word not in AUXILIARIES:
        return ({"do-past"} if is_past_or_participle(word) else {"do-present"}), quoted
    return set(), ""


def _agrees(auxiliary: str, pronoun: str) -> bool:
    third = pronoun in _THIRD_SINGULAR
    if auxiliary in ("is", "has", "does", "'s"):
        return third
    if auxiliary in ("are", "have", "do", "were", "'re", "'ve"):
        return not third or pronoun == "there"
    if auxiliary in ("am", "'m"):
        return pronoun == "i"
    if auxiliary == "was":
        return pronoun in _THIRD_SINGULAR or pronoun == "i"
    return True


@dataclass(frozen=True, slots=True)
class TagQuestionParams(FamilyParams):
    pronouns: frozenset[str]
    subject: frozenset[str] = frozenset()
    auxiliaries: frozenset[str] = frozenset()  # the source's tense, when the clause shows none

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> TagQuestionParams:
        reject_unknown(mapping, _PARAMS)
        pronouns = words_param(mapping.get("pronouns"), "pronouns")
        subject = words_param(mapping.get("subject"), "subject", required=False)
        auxiliaries = words_param(mapping.get("auxiliaries"), "auxiliaries", required=False)
        strange = sorted(a for a in auxiliaries if a not in _FAMILIES)
        if strange:
            raise ValueError(f"auxiliaries: {strange[0]!r} is not an English auxiliary")
        return cls(pronouns, subject, auxiliaries)


class EnglishTagQuestionChecker(EnglishChecker):
    """French *n'est-ce pas ?* must become an English tag question: the auxiliary of the clause
    (or *do*, *does*, *did* for a lexical verb), the pronoun of the subject, and the opposite
    polarity (*He saw the picture, didn't he?*; *We should check the oil, shouldn't we?*).

    Parameters (from the source sentence):

    - ``pronouns``: the English pronouns that refer back to the subject (``[he]``, ``[we]``);
    - ``subject``: optional, the words that head a noun subject (``[max]``), when it is not a pronoun;
    - ``auxiliaries``: optional, the tag auxiliaries the source's tense implies (``[did]``), used
      only when the output's own clause has no verb to read.

    The auxiliary is read from the output's own clause, so a tag that matches a clause in another
    tense (*He has seen it, hasn't he?*) passes: the tense is another question.

    An invariant tag fails: a final segment before the question mark that is not an auxiliary tag
    (*, not?*, *, no?*, *, is it not so?*, *, right?*, *, isn't that so?*; up to four words, not a
    clause of its own) selects no auxiliary, and the construction English needs is the auxiliary tag.

    A pass rests on the statement's lexical verb (``Verdict.content``; the participle or infinitive after
    its auxiliaries), not on the tag: the judge asks whether it renders the source's (*He missed the train
    yesterday, didn't he?* for *Il a vu la photo hier, n'est-ce pas ?* is left to a human).
    """

    name = "en_tag_question"
    #: 2: names the construction it did not find (Verdict.not_found). 3: an invariant tag fails
    # 4: a pass rests on the statement's lexical verb (Verdict.content), which the judge compares with the source
    version = "4"
    description = "n'est-ce pas rendered as an English tag question (auxiliary, pronoun, polarity)"
    Params = TagQuestionParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        tokens = sentence.words
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = TagQuestionParams.of(item)
        pronouns = params.pronouns
        subjects = pronouns | params.subject
        end = len(tokens)
        while end and tokens[end - 1] in _END:
            end -= 1
        final = tokens[end] if end < len(tokens) else ""
        tag = _read_tag(sentence, end, subjects)
        if tag is None:
            return self._no_tag(sentence, end, final)
        clause_end = tag.start - 1 if tokens[tag.start - 1] in _BREAKS else tag.start
        subject = next((i for i in range(clause_end) if tokens[i] in subjects), None)
        first = next((i for i in range(clause_end) if tokens[i] in SUBJECT_PRONOUNS | subjects), None)
        if first is not None and tokens[first] not in subjects:
            return Verdict.undecided(f"the clause before the tag {tag.text!r} has another subject "
                                     f"({sentence.cased[first]!r}) than the source's: for a human to judge", tag.text)
        problems: list[str] = []
        if tag.pronoun not in pronouns:
            wanted = " or ".join(repr(p) for p in sorted(pronouns))
            calque = " (the invariant calque of 'n'est-ce pas')" if tag.pronoun == "it" else ""
            problems.append(f"its pronoun {tag.pronoun!r} does not refer back to the subject: expected {wanted}{calque}")
        negative_clause = any(t in NEGATIVE_WORDS for t in tokens[:clause_end])
        if tag.negative == negative_clause:
            polarity = "negative" if tag.negative else "positive"
            problems.append(f"a {polarity} tag after a {polarity} statement; expected the "
                            f"{'positive' if negative_clause else 'negative'} tag")
        if not _agrees(tag.auxiliary, tag.pronoun):
            problems.append(f"its auxiliary {tag.auxiliary!r} does not agree with {tag.pronoun!r}")
        families, read_from = (_expected_auxiliaries(sentence, subject, clause_end) if subject is not None
                               else (set(), ""))
        if not families:
            families = {_FAMILIES[a] for a in params.auxiliaries}
            read_from = "the source's tense"
        if not families and not problems:
            return Verdict.undecided(f"found the tag {tag.text!r} but no verb in the clause to check its auxiliary "
                                     "against")
        if families and _FAMILIES[tag.auxiliary] not in families:
            problems.append(f"its auxiliary {tag.auxiliary!r} does not repeat the verb of {read_from!r}")
        if problems:
            return Verdict.failed(f"found the tag {tag.text!r}: " + "; ".join(problems), tag.text)
        if tag.text.split()[1:2] == ["not"]:
            return Verdict.undecided(f"found the tag {tag.text!r}, right but in the archaic order auxiliary + not + "
                                     "pronoun: for a human to judge", tag.text)
        # the tag is the construction; the statement's lexical verb is the item's content
        verb = lexical_verb(sentence, subject + 1) if subject is not None else None
        return Verdict.passed(f"found the tag {tag.text!r}, whose auxiliary, pronoun and polarity match "
                              f"{read_from!r}", tag.text).resting_on(
            sentence.cased[verb] if verb is not None and verb < clause_end else "")

    @staticmethod
    def _no_tag(sentence: Sentence, end: int, final: str) -> Verdict:
        tokens = sentence.words
        start = max((i + 1 for i in range(end) if tokens[i] in _BREAKS), default=0)
        segment = " ".join(tokens[start:end])
        if start and set(tokens[start:end]) & _FRENCH:
            return Verdict.failed(f"found {sentence.quote(start, end)!r}: 'n'est-ce pas' left untranslated; "
                                  "expected an English tag question")
        # *Yesterday, he saw it?*, *Yesterday, Max saw it?*: a clause, not a tag
        clause = start < end and end - start > 1 and (tokens[start] in SUBJECT_PRONOUNS or (
            sentence.capitals[start] and tokens[start] not in AUXILIARIES | NEGATIVE_WORDS
            and tokens[start] not in INVARIANT_TAGS))
        if start and final == "?" and (segment in INVARIANT_TAGS or (0 < end - start <= _SHORT_TAG and not clause)):
            return Verdict.failed(f"found the invariant tag {sentence.quote(start, end)!r}, not an English tag "
                                  "question: the tag must repeat the clause's auxiliary with n't and the subject's "
                                  "pronoun (e.g. 'didn't he')", sentence.quote(start, end))
        if final != "?":
            return Verdict.failed("no tag question: the output is a plain statement and 'n'est-ce pas' is lost")
        return Verdict.not_found("an English tag question (auxiliary + pronoun)",
                                  "no auxiliary tag, but the output is a question: for a human to judge")

