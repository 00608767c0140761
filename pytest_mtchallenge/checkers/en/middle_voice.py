"""The ``en_middle_voice`` family: the French middle voice (*se répare*) → an English passive (*can be repaired*)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.reader import Sentence, VerbHit, is_adverb, pronoun_before_verb
from pytest_mtchallenge.languages.en.words import BE_FORMS, DETERMINERS, MODALS, REFLEXIVE_PRONOUNS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_DEFAULT_EASY = ("easy", "simple", "straightforward", "quick", "possible", "hard", "difficult", "easier", "simpler")
_GENERIC_SUBJECTS = frozenset({"you", "one", "people", "we", "anyone", "anybody", "everyone", "someone"})
_PASSIVE_AUXILIARIES = frozenset(BE_FORMS) | {"'s", "get", "gets", "got", "gotten"}
#: The facility modifiers of the English middle (*This book reads easily*, *This car handles well*):
#: a middle needs one; other adverbs after an intransitive verb (*repairs automatically*) describe
#: an agent's own action.
FACILITY_MODIFIERS = (("easily",), ("readily",), ("well",), ("quickly",), ("fast",), ("simply",), ("effortlessly",),
                      ("smoothly",), ("cheaply",), ("badly",), ("poorly",), ("with", "ease"),
                      ("without", "difficulty"), ("without", "much", "difficulty"), ("without", "effort"),
                      ("with", "difficulty"), ("in", "no", "time"))
#: Subjects that are agents, not the patient of a middle (*he repairs easily* is about a repairer).
_AGENT_SUBJECTS = frozenset({"i", "we", "he", "she", "you", "one"})


@dataclass(frozen=True, slots=True)
class MiddleVoiceParams(WordLists):
    verbs: Words
    easy: Words = _DEFAULT_EASY


class MiddleVoiceChecker(EnglishChecker):
    """Whether a French middle-voice verb (pseudo-pronominal, generic) became an English passive.

    *Ce type de moteur se répare facilement* is *this type of engine can be repaired / is easily
    repaired / is easy to repair*; *repairs itself* renders the *se* as a true reflexive (the
    engine repairs itself), a wrong reading.

    Parameters:

    - ``verbs``: the English renderings of the source verb (*repair, fix, mend…*).
    - ``easy``: adjectives of the *easy to repair* construction (default: easy, simple,
      straightforward, quick, possible, hard, difficult…).

    How it reads an output: a form of *be* / *get* (after a modal, across adverbs) followed by the
    participle of a verb passes; an adjective of ``easy`` + *to* + the verb passes; a generic
    subject (*you, one, people*) + the active verb passes; the English middle passes: the patient
    as subject of the active verb with no object and a facility modifier right after it (*This type of
    engine repairs easily*, *fixes with ease*, *mends without difficulty*, as *This book reads easily*,
    *This car handles well*), not after an agent pronoun (*he repairs easily*); a reflexive pronoun
    after the verb, or left before it in the French clitic position (*this engine itself repairs*),
    fails; another active verb (*repairs automatically*) is left to a human.
    """

    name = "en_middle_voice"
    #: 2: names what it did not find (Verdict.not_found); a reflexive before the verb fails. 3: the English middle
    #: (*repairs easily*) passes
    version = "3"
    description = "Middle voice: a French pseudo-pronominal verb as an English passive"
    Params = MiddleVoiceParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        words = sentence.words
        params = MiddleVoiceParams.of(item)
        easy = set(params.easy)
        hits = [hit for hit in sentence.verb_hits(params.verbs, particle_gap=0)
                if not (hit.index and words[hit.index - 1] in DETERMINERS)]
        for hit in hits:
            after = sentence.skip_adverbs(hit.end)
            if after < len(words) and words[after] in REFLEXIVE_PRONOUNS:
                phrase = sentence.text(hit.index, after + 1)
                return Verdict.failed(f"{phrase!r} renders se as a true reflexive (the subject acts on itself); "
                                      "expected a passive such as 'can be repaired'", phrase)
            before = pronoun_before_verb(sentence, hit.index)
            if before is not None and words[before.index] in REFLEXIVE_PRONOUNS:
                phrase = sentence.text(before.index, hit.end)
                return Verdict.failed(f"{phrase!r} renders se as a reflexive pronoun left before the verb, in the "
                                      "French clitic position; expected a passive such as 'can be repaired'", phrase)
        for hit in hits:
            verdict = self._judge(sentence, hit, easy)
            if verdict is not None:
                return verdict
        if hits:
            return Verdict.undecided(f"{sentence.text(hits[0].index, hits[0].end)!r} is neither a passive, an "
                                     "'easy to' construction nor an English middle with a facility modifier: left "
                                     "to a human")
        return Verdict.not_found("an English rendering of the source verb",
                                  "no form of the source verb's renderings found: left to a human")

    @staticmethod
    def _judge(sentence: Sentence, hit: VerbHit, easy: set[str]) -> Verdict | None:
        words = sentence.words
        before = sentence.skip_adverbs_back(hit.index - 1)
        if "participle" in hit.kinds and before >= 0 and words[before] in _PASSIVE_AUXILIARIES:
            start = before
            while start > 0 and (words[start - 1] in MODALS or is_adverb(words[start - 1])
                                 or words[start - 1] in ("have", "has", "had")):
                start -= 1
            phrase = sentence.text(start, hit.end)
            return Verdict.passed(f"{phrase!r}: a passive renders the middle voice", phrase)
        if "base" in hit.kinds and before >= 1 and words[before] == "to" and words[before - 1] in easy:
            phrase = sentence.text(before - 1, hit.end)
            return Verdict.passed(f"{phrase!r}: an adjective + to-infinitive renders the generic middle", phrase)
        subject = before
        while subject >= 0 and (words[subject] in MODALS or words[subject] in ("do", "does", "did")):
            subject = sentence.skip_adverbs_back(subject - 1)
        modifier = _facility_after(sentence, hit.end)
        if modifier and subject >= 0 and words[subject][0].isalpha() and words[subject] not in _AGENT_SUBJECTS \
                and words[subject] not in _GENERIC_SUBJECTS and words[subject] not in REFLEXIVE_PRONOUNS \
                and hit.kinds & {"third", "base", "past"}:
            phrase = sentence.text(hit.index, modifier)
            return Verdict.passed(f"{phrase!r}: the English middle (the patient as subject of the active verb, "
                                  "with a facility modifier, as in 'this book reads easily') renders the French "
                                  "middle voice", phrase)
        if subject >= 0 and words[subject] in _GENERIC_SUBJECTS and hit.end < len(words) \
                and words[hit.end] in DETERMINERS:
            phrase = sentence.text(subject, hit.end + 1)
            return Verdict.passed(f"{phrase!r}: an active verb with a generic subject renders the middle", phrase)
        return None


def _facility_after(sentence: Sentence, index: int) -> int:
    """The end of a facility modifier right after the verb (*easily*, *with ease*, *without
    difficulty*), the verb having no object; 0 when there is none."""
    words = sentence.words
    for modifier in FACILITY_MODIFIERS:
        if words[index:index + len(modifier)] == modifier:
            return index + len(modifier)
    return 0
