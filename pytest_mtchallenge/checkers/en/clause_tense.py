"""The ``en_clause_tense`` family: the tense and mood English requires in a subordinate clause."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.en import EnglishChecker, Words, participant, tense_lists, words_of
from pytest_mtchallenge.checkers.participants import Participant
from pytest_mtchallenge.languages.en.reader import (
    TENSE_NAMES,
    Sentence,
    lexical_word,
    subject_at,
    verb_group,
)
from pytest_mtchallenge.languages.en.words import (
    CLAUSE_BREAKS,
    DETERMINERS,
    OBJECT_PRONOUNS,
    PREPOSITIONS,
    SUBJECT_PRONOUNS,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"triggers", "accept", "reject"}


@dataclass(frozen=True, slots=True)
class ClauseTenseParams(FamilyParams):
    triggers: Words
    accept: tuple[str, ...]  # verb-group tenses (TENSE_NAMES)
    reject: tuple[str, ...]

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> ClauseTenseParams:
        check_keys(mapping, _PARAMS, required=("triggers", "accept", "reject"))
        triggers = words_of(mapping["triggers"], "triggers")
        return cls(triggers, *tense_lists(mapping))


class ClauseTenseChecker(EnglishChecker):
    """Whether the verb of a subordinate clause has the tense or mood English requires there.

    French leaves the choice underdetermined: *qu'il arrive* is indicative or subjunctive, and
    English needs the subjunctive after *it is essential that* (*that he arrive*, or *should
    arrive*); *dès que tu te lèveras* is a future, and English needs the present in a temporal
    clause (*as soon as you get up*, not *will get up*).

    Parameters:

    - ``triggers``: the English words that open the clause (*essential, vital, crucial…*; *as soon
      as, once, when…*); an optional *that* may follow.
    - ``accept`` / ``reject``: verb-group tenses that pass / fail (``base`` — the bare form with a
      3rd person singular subject —, ``should``, ``present``, ``plain`` — a bare form that may be
      the present —, ``present_perfect``, ``past``, ``past_perfect``, ``future``, ``going_to``,
      ``conditional``, ``modal``…). Any other tense is undecided.

    How it reads an output: after a trigger (and *that*), the clause's subject (a pronoun, a name,
    or a determiner and its noun), then its verb group across adverbs and negation, classified by
    its auxiliaries and the form of the verb (*arrives* after *he* is the present, *arrive* the
    subjunctive; *'ll get* the future; *'ve got* the present perfect). Where the subjunctive or
    *should* is accepted (a mandative trigger), *for* + subject + *to*-infinitive (*essential for him
    to arrive*) is English's other mandative construction and passes. *what* after a trigger is the
    French *que* rendered word for word (*essential what he arrive*): the clause after it is read as
    after *that*. A clitic left after the subject is skipped: an object or reflexive pronoun (*you
    yourself will raise*) or the subject pronoun repeated (*you you will raise*, for *tu te lèveras*).

    The clause must be the source's, not any clause after the trigger: its subject keeps the person
    of the reference clause's subject (a noun phrase is 3rd person), and a *he* stays *he* (a French
    *il* is *he* or *it*, never *she*). A clause in the right form whose subject has another person, or
    *she* for the reference's *he* and the other way round (*It is important that she be told the
    truth.* for *… that he arrive on time*), says something else, and fails. A pass rests on the clause's
    lexical verb (``Verdict.content``; the participle or infinitive after its auxiliaries, the predicate
    after *be*): the judge asks whether it renders the source's (*It is essential that he leave early*
    for *… qu'il arrive à l'heure* is left to a human).
    """

    name = "en_clause_tense"
    #: 2: names what it did not find (Verdict.not_found); for + subject + to-infinitive after a mandative
    #: trigger passes; a preposition + that (a calqued French conjunction) is read as an opener; a clitic
    #: pronoun after the subject is skipped. 3: *what* for *que* after a trigger; a repeated subject pronoun
    #: (the clitic) is skipped. 4: the clause's subject must have the reference clause's person (and he/she)
    # 5: a pass rests on the clause's lexical verb (Verdict.content), which the judge compares with the source
    # 6: the clause's subject compared by the shared participant check (same_participant, issue 36): a pronoun's
    #    number too; a noun phrase for the reference's pronoun, or not linked to the item, left to a human
    version = "6"
    description = "Tense and mood of an English subordinate clause (subjunctive, present for future)"
    Params = ClauseTenseParams
    construction_params = ("triggers",)

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = ClauseTenseParams.of(item)
        accept, reject = params.accept, params.reject
        expected = " or ".join(TENSE_NAMES[t] for t in accept)
        found_trigger = ""
        for trigger in params.triggers:
            for start, end in sentence.find_phrase(trigger):
                found_trigger = found_trigger or trigger
                # *that*, or *what*: the French *que* rendered word for word (*essential what he arrive*)
                after = end + 1 if end < len(sentence) and sentence.words[end] in ("that", "what") else end
                subject = subject_at(sentence, after)
                if subject is None:
                    verdict = _for_to(sentence, start, end, accept)
                    if verdict is not None:
                        return verdict
                    continue
                group = verb_group(sentence, _after_clitic(sentence, subject.end),
                                   third_singular=subject.third_singular)
                opener = sentence.text(start, after)
                clause = f"{subject.text} {group.text}".strip()
                if group.tense in accept:
                    passed = Verdict.passed(f"after {opener!r}, {clause!r} is in the {group.describe()}, as English "
                                            "requires", clause).resting_on(lexical_word(sentence, group.head))
                    return self.same_subject(passed, item=item, output=output, role="clause's subject",
                                             subject_at=lambda read: _clause_subject(read, params.triggers))
                if group.tense in reject:
                    return Verdict.failed(f"expected the {expected} after {opener!r}; found {clause!r} "
                                          f"({group.describe()})", clause)
                return Verdict.undecided(f"after {opener!r}, {clause!r} ({group.describe()}) is neither an accepted "
                                         "nor a rejected form: left to a human", clause)
        if not found_trigger:
            verdict = _calqued_opener(sentence, accept, reject, expected)
            if verdict is not None:
                return verdict
        if found_trigger:
            return Verdict.not_found(f"a clause with a subject and a finite verb after {found_trigger!r}",
                                     f"no clause with a subject and a verb after {found_trigger!r} (an infinitive or "
                                     "another construction): left to a human")
        return Verdict.not_found("a clause opener rendering the source's",
                                 "none of the expected clause openers found: left to a human")


def _clause_subject(sentence: Sentence, triggers: Words) -> Participant | None:
    """The subject of the first clause after a trigger (and its *that*) in ``sentence``, as a participant."""
    for trigger in triggers:
        for _, end in sentence.find_phrase(trigger):
            after = end + 1 if end < len(sentence) and sentence.words[end] in ("that", "what") else end
            subject = subject_at(sentence, after)
            if subject is not None:
                return participant(sentence, subject)
    return None


def _for_to(sentence: Sentence, start: int, end: int, accept: tuple[str, ...]) -> Verdict | None:
    """*It is essential for him to arrive*: after a mandative trigger (where the subjunctive or
    *should* is accepted), *for* + its subject + *to*-infinitive is the English alternative to the
    mandative subjunctive, and passes."""
    if "should" not in accept:
        return None
    words = sentence.words
    if end >= len(words) or words[end] != "for":
        return None
    for to in range(end + 2, min(len(words), end + 6)):
        if words[to] in CLAUSE_BREAKS:
            return None
        if words[to] == "to" and to + 1 < len(words) and words[to + 1][:1].isalpha() \
                and words[to + 1] not in DETERMINERS:
            phrase = sentence.text(start, to + 2)
            return Verdict.passed(f"{phrase!r}: for + subject + to-infinitive, the English alternative to the "
                                  "mandative subjunctive after the trigger", phrase).resting_on(
                lexical_word(sentence, to + 1))
    return None


#: Prepositions that open a clause with *that* in English (*in that, so that, now that*): any other
#: preposition + *that* + clause is a French conjunction in *que* rendered word for word (*dès que* →
#: *from that*, *après que* → *after that*).
_ENGLISH_THAT_OPENERS = frozenset({"in", "so", "now", "except", "but", "save", "given", "provided", "considering"})


def _calqued_opener(sentence: Sentence, accept: tuple[str, ...], reject: tuple[str, ...],
                    expected: str) -> Verdict | None:
    """With none of the triggers in the output: a clause opened by a preposition + *that* (*Max will
    leave from that you will rise*), the word-for-word rendering of a French conjunction in *que*,
    judged by its verb group as a trigger's clause would be (a rejected tense fails; an accepted one
    is left to a human, since the opener itself is not English)."""
    words = sentence.words
    for index in range(1, len(words) - 1):
        if words[index] != "that" or words[index - 1] not in PREPOSITIONS or words[index - 1] in _ENGLISH_THAT_OPENERS:
            continue
        subject = subject_at(sentence, index + 1)
        if subject is None or subject.pronoun is None:
            continue  # *after that day*, *of that book*: *that* is a determiner
        group = verb_group(sentence, _after_clitic(sentence, subject.end), third_singular=subject.third_singular)
        opener = sentence.text(index - 1, index + 1)
        clause = f"{subject.text} {group.text}".strip()
        if group.tense in reject:
            return Verdict.failed(f"{opener!r} renders a French conjunction in 'que' word for word, and its clause "
                                  f"{clause!r} is in the {group.describe()}; expected the {expected}", clause)
        if group.tense in accept:
            return Verdict.undecided(f"{opener!r} renders a French conjunction in 'que' word for word; its clause "
                                     f"{clause!r} is in the {group.describe()}: left to a human", clause)
    return None


def _after_clitic(sentence: Sentence, index: int) -> int:
    """Where the verb group starts after a subject: past an object or reflexive pronoun left there
    from a French clitic (*you yourself will raise* for *tu te lèveras*), or the subject pronoun
    repeated as the clitic's object form (*you you will raise*), which is not the verb."""
    words = sentence.words
    repeated = index > 0 and words[index] == words[index - 1] and words[index] in OBJECT_PRONOUNS  # *you you*
    if index + 1 < len(words) and (words[index] in OBJECT_PRONOUNS - SUBJECT_PRONOUNS or repeated) \
            and words[index + 1][:1].isalpha():
        return index + 1
    return index
