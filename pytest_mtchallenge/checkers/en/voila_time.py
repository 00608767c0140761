"""The ``en_voila_time`` family: *voilà* [TIME] *que* → *have been …ing for* [TIME] / [TIME] *ago*."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.en import EnglishChecker, Words, words_of
from pytest_mtchallenge.languages.en.reader import Sentence, VerbGroup, VerbHit, is_adverb, subject_at, verb_group
from pytest_mtchallenge.languages.en.words import AUXILIARIES, BE_FORMS, PERSONAL_PRONOUNS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"reading", "time", "verbs", "states"}
_READINGS = ("duration", "ago")
_LITERAL_OPENERS = frozenset({"voila", "voilà", "behold", "lo"})
_PRESENTATIVES = frozenset({"here", "there"})
_DUMMY_SUBJECTS = frozenset({"it", "that", "this"})
_PERFECT = frozenset({"present_perfect"})
# Verbs of elapsing time before since (two years have passed since he left).
_ELAPSE = frozenset({"passed", "gone", "by", "elapsed", "now", "already"})


@dataclass(frozen=True, slots=True)
class VoilaTimeParams(FamilyParams):
    reading: str  # one of _READINGS
    time: Words
    verbs: Words
    states: Words = ()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> VoilaTimeParams:
        check_keys(mapping, _PARAMS, required=("reading", "time", "verbs"))
        if mapping["reading"] not in _READINGS:
            raise ValueError(f"reading must be one of {', '.join(_READINGS)}")
        return cls(str(mapping["reading"]), words_of(mapping["time"], "time"), words_of(mapping["verbs"], "verbs"),
                   words_of(mapping.get("states"), "states", required=False))


class VoilaTimeChecker(EnglishChecker):
    """Whether *voilà* [TIME] *que* + clause has the English construction and tense.

    With a French present (*voilà deux heures que je t'attends*), English needs the present perfect
    (progressive) with *for*: *I have been waiting for two hours*. With a completed event (*voilà
    deux ans qu'il est parti*), English uses the past with *ago* (*he left two years ago*), a state
    in the present perfect (*he has been gone for two years*) or *it has been two years since*.
    The calques *it's two hours that I wait*, *here are two years that he left* fail, and so does
    *since* + the time span (*he is gone since two years*): English *since* takes a point in time,
    not a duration (the French *depuis* word for word).

    Parameters:

    - ``reading``: ``duration`` (the situation still holds) or ``ago`` (a completed event).
    - ``time``: the English renderings of the time span (``[two hours, 2 hours]``).
    - ``verbs``: the English renderings of the event verb (*wait*; *leave, go away, depart*).
    - ``states``: for ``ago``, the words of a resulting state after *been* (*gone, away*).
    """

    name = "en_voila_time"
    #: 2: names the construction it did not find (Verdict.not_found). 3: since + a duration fails
    version = "3"
    description = "voilà [TIME] que: present perfect with for, past with ago, or since"
    Params = VoilaTimeParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        words = sentence.words
        params = VoilaTimeParams.of(item)
        reading = params.reading
        times = [span for phrase in params.time for span in sentence.find_phrase(phrase)]
        if not times:
            return Verdict.not_found("the time span of the source",
                                     "the time span of the source is not found: left to a human")
        start, end = times[0]
        time = sentence.text(start, end)
        if words[0] in _LITERAL_OPENERS or (words[0] in _PRESENTATIVES and len(words) > 1
                                            and (words[1] in BE_FORMS or words[1] == "'s")
                                            and not (end < len(words) and words[end] == "since")):
            phrase = sentence.text(0, end)
            return Verdict.failed(f"{phrase!r} renders voilà word for word; expected "
                                  f"{_expected(reading, time)}", phrase)
        if start and words[start - 1] == "since":
            phrase = sentence.text(start - 1, end)
            return Verdict.failed(f"{phrase!r}: English 'since' takes a point in time, not a duration (the French "
                                  f"'depuis' word for word); expected {_expected(reading, time)}", phrase)
        since = next((i for i in range(end, min(end + 4, len(words))) if words[i] == "since"), None)
        if since is not None and all(w in AUXILIARIES or w in _ELAPSE for w in words[end:since]):
            phrase = sentence.text(max(0, start - 3), since + 1)
            return Verdict.passed(f"{phrase!r}: the time span is measured with 'since'", phrase)
        states = params.states
        calque = self._calque(sentence, start, end)
        if calque is not None:
            group, phrase = calque
            stative = reading == "duration" or any(w in states for w in words[group.head:group.head + 2])
            if group.tense in _PERFECT and stative:
                return Verdict.undecided(f"{phrase!r} keeps the French 'voilà … que' frame but has the "
                                         f"{group.describe()}: left to a human", phrase)
            return Verdict.failed(f"{phrase!r} renders 'voilà {time} que' word for word, with the "
                                  f"{group.describe()}; expected {_expected(reading, time)}", phrase)
        hits = sentence.verb_hits(params.verbs)
        hits += [hit for hit in sentence.verb_hits(["be"]) if hit.end < len(words) and words[hit.end] in states]
        for hit in hits:
            event = _group_of(sentence, hit)
            if event is None:
                continue
            verdict = self._judge(sentence, reading, event, time, start, states)
            if verdict is not None:
                return verdict
        return Verdict.not_found(f"a verb of the source's event with {time!r}",
                                  f"no verb of the source's event with {time!r} found: left to a human")

    @staticmethod
    def _calque(sentence: Sentence, start: int, end: int) -> tuple[VerbGroup, str] | None:
        """*It's two hours that I wait*, *that's two hours I'm waiting*, *two hours that I am waiting*."""
        words = sentence.words
        index = end
        introduced = index < len(words) and words[index] in ("that", "now")
        if introduced:
            index += 1
        dummy = start >= 2 and any(w in _DUMMY_SUBJECTS for w in words[max(0, start - 4):start]) and any(
            w in BE_FORMS or w == "'s" for w in words[max(0, start - 3):start])
        if not introduced and not dummy:
            return None
        subject = subject_at(sentence, index)
        if subject is None or subject.pronoun is None and not introduced:
            return None
        group = verb_group(sentence, subject.end, third_singular=subject.third_singular)
        if group.tense in ("none", "nonfinite"):
            return None
        return group, sentence.text(max(0, start - 3), group.end)

    @staticmethod
    def _judge(sentence: Sentence, reading: str, group: VerbGroup, time: str, time_start: int,
               states: tuple[str, ...]) -> Verdict | None:
        words = sentence.words
        clause = sentence.text(max(0, group.start - 1), group.end)
        has_ago = "ago" in words
        stative = any(w in states for w in words[group.head:group.head + 2]) and "been" in words[group.start:group.end]
        if reading == "duration" or (reading == "ago" and not has_ago):
            if group.tense in _PERFECT and (reading == "duration" or stative):
                return Verdict.passed(f"{clause!r} is in the {group.describe()}, as English requires with a duration "
                                      f"({time!r})", clause)
            with_for = time_start >= 1 and words[time_start - 1] == "for"
            if reading == "ago" and not with_for:
                return None
            if group.tense in ("present", "plain", "past", "present_perfect", "base"):
                what = "a completed event with 'for'" if reading == "ago" else "the situation still holds"
                return Verdict.failed(f"{clause!r} ({group.describe()}): {what}; expected "
                                      f"{_expected(reading, time)}", clause)
            return None
        if group.tense == "past":
            return Verdict.passed(f"{clause!r} is in the simple past with 'ago', as English requires", clause)
        if group.tense in ("present_perfect", "present", "plain", "perfect_or_passive"):
            return Verdict.failed(f"{clause!r} ({group.describe()}) cannot take 'ago'; expected the simple past "
                                  f"({_expected(reading, time)})", clause)
        return None


def _group_of(sentence: Sentence, hit: VerbHit) -> VerbGroup | None:
    """The verb group that contains a verb form: back across auxiliaries and adverbs to the subject."""
    words = sentence.words
    start = hit.index
    while start > 0 and (words[start - 1] in AUXILIARIES or is_adverb(words[start - 1])):
        start -= 1
    subject = words[start - 1] if start else ""
    if subject in PERSONAL_PRONOUNS:
        form = PERSONAL_PRONOUNS[subject]
        third = None if subject == "you" else (form.person == 3 and form.number == "s")
    elif subject and subject[0].isalpha():
        third = True
    else:
        return None
    group = verb_group(sentence, start, third_singular=third)
    return group if group.start <= hit.index else None


def _expected(reading: str, time: str) -> str:
    return f"the present perfect with 'for {time}'" if reading == "duration" else f"the simple past with '{time} ago'"
