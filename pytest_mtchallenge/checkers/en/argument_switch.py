"""The ``en_argument_switch`` family: *Y manque à X* → *X misses Y*, the arguments swapped."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.reader import Sentence, VerbHit, is_adverb
from pytest_mtchallenge.languages.en.words import AUXILIARIES, BE_FORMS, CLAUSE_BREAKS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

# Degree phrases that may sit between the verb and its object (misses a lot Mary is rare but possible).
_DEGREE = frozenset({"a", "lot", "great", "deal", "very", "much", "so", "terribly", "badly", "dearly"})


@dataclass(frozen=True, slots=True)
class ArgumentSwitchParams(WordLists):
    experiencer: Words
    theme: Words
    verbs: Words
    misreadings: Words = ()


class ArgumentSwitchChecker(EnglishChecker):
    """Whether the experiencer of *manquer à* is the subject of *miss* and the thing missed its object.

    Parameters (from the source sentence):

    - ``experiencer`` / ``theme``: the English words of each argument (names: ``[John]``,
      ``[Mary]``).
    - ``verbs``: English verbs whose subject is the experiencer (``[miss, long for, yearn for,
      pine for]``). A passive (*Mary is missed by John*) has the theme as subject.
    - ``misreadings``: verbs that render another sense (*lack*): fail.

    How it reads an output: for each form of a verb, the subject is the argument word closest
    before it (across auxiliaries and adverbs, within the clause) and the object the first
    argument word after it; a form of *be* or *get* before the participle makes it passive, with the
    experiencer in a *by*-phrase.
    """

    name = "en_argument_switch"
    #: 2: names the construction it did not find (Verdict.not_found). 3: the English reader finds an irregular
    #: verb in its over-regularised forms too (*runned*, *swimmed*, *readed*)
    version = "3"
    description = "Argument switch: the experiencer of manquer à as the subject of miss"
    Params = ArgumentSwitchParams
    construction_params = ("verbs", "misreadings")

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = ArgumentSwitchParams.of(item)
        roles = {"experiencer": set(params.experiencer), "theme": set(params.theme)}
        for hit in sentence.verb_hits(params.misreadings):
            word = sentence.words[hit.index]
            return Verdict.failed(f"{word!r} ({hit.lemma}) renders another sense of manquer: the experiencer and "
                                  "the thing missed are not related as in the source", word)
        for hit in sentence.verb_hits(params.verbs):
            verdict = self._judge(sentence, hit, roles)
            if verdict is not None:
                return verdict
        return Verdict.not_found("a form of the expected verbs with the experiencer or the thing missed as its subject",
                                  "no form of the expected verbs with its arguments in place: left to a human")

    def _judge(self, sentence: Sentence, hit: VerbHit, roles: Mapping[str, set[str]]) -> Verdict | None:
        words = sentence.words
        verb = sentence.text(hit.index, hit.end)
        index = hit.index - 1
        passive = False
        while index >= 0 and (words[index] in AUXILIARIES or is_adverb(words[index]) or words[index] == "get"):
            if words[index] in BE_FORMS or words[index] in ("'s", "get", "gets", "got"):
                passive = passive or "participle" in hit.kinds
            index -= 1
        if "gerund" in hit.kinds and passive and words[hit.index - 1] not in ("being",):
            passive = False  # *Mary is missing John*: the progressive
        subject = _role(words[index], roles) if index >= 0 else None
        after = _argument_after(sentence, hit.end, roles)
        if subject is None:
            return None
        subject_word = sentence.cased[index]
        if passive:
            agent = after if after and after[1] == "by" else None
            if subject == "theme":
                by = f" by {agent[2]!r}" if agent else ""
                return Verdict.passed(f"passive: the thing missed {subject_word!r} is the subject of {verb!r}{by}, the "
                                      "experiencer keeps its role", subject_word)
            return Verdict.failed(f"passive with the experiencer {subject_word!r} as the thing missed: the roles are "
                                  "swapped", subject_word)
        if subject == "experiencer":
            return Verdict.passed(f"the experiencer {subject_word!r} is the subject of {verb!r}"
                                  + (f" and {after[2]!r} its object" if after and after[0] == "theme" else ""),
                                  subject_word)
        return Verdict.failed(f"the thing missed {subject_word!r} is the subject of {verb!r}: expected the experiencer "
                              f"({' / '.join(sorted(roles['experiencer']))}) as the subject of {verb!r}", subject_word)


def _role(word: str, roles: Mapping[str, set[str]]) -> str | None:
    matched = [role for role, forms in roles.items() if word in forms]
    return matched[0] if len(matched) == 1 else None


def _argument_after(sentence: Sentence, start: int, roles: Mapping[str, set[str]]) -> tuple[str, str, str] | None:
    """The first argument word after the verb in its clause: (role, the preposition before it or '', word)."""
    words = sentence.words
    for index in range(start, min(len(words), start + 6)):
        if words[index] in CLAUSE_BREAKS:
            return None
        role = _role(words[index], roles)
        if role is not None:
            return role, words[index - 1] if words[index - 1] in ("by", "to", "from") else "", sentence.cased[index]
        if words[index] not in _DEGREE and not is_adverb(words[index]) and words[index] not in ("by", "to", "from"):
            return None
    return None
