"""The ``en_argument_switch`` family: *Y manque à X* → *X misses Y*, the arguments swapped."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass

from pytest_mtchallenge.checkers import reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.checkers.participants import Participant, item_names, linked_to, role_forms, same_participant
from pytest_mtchallenge.languages.en.reader import Sentence, VerbHit, is_adverb
from pytest_mtchallenge.languages.en.words import (
    AUXILIARIES, BE_FORMS, CLAUSE_BREAKS, DETERMINERS, PERSONAL_PRONOUNS, PREPOSITIONS, REFLEXIVE_PRONOUNS,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict

# Degree phrases that may sit between the verb and its object (misses a lot Mary is rare but possible).
_DEGREE = frozenset({"a", "lot", "great", "deal", "very", "much", "so", "terribly", "badly", "dearly"})


@dataclass(frozen=True, slots=True)
class ArgumentSwitchParams(WordLists):
    experiencer: Words
    theme: Words
    verbs: Words
    misreadings: Words = ()
    #: The roles whose words are all names (capitalised: *Mary*), rendered as themselves or by a pronoun.
    named: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> ArgumentSwitchParams:
        reject_unknown(mapping, [field.name for field in dataclasses.fields(cls) if field.name != "named"])
        parsed = WordLists.parse.__func__(cls, mapping)  # type: ignore[attr-defined]
        named = frozenset(role for role in ("experiencer", "theme") if all(
            isinstance(word, str) and word[:1].isupper() for word in mapping[role]))  # type: ignore[union-attr]
        return dataclasses.replace(parsed, named=named)


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

    The object must be the source's thing missed, not merely an object: a sentence that reuses
    *miss* with another object (*John misses the bus every morning.* for *Mary manque beaucoup à
    John*) says something else. An object pronoun of another person than the theme's (*John misses
    you* for *Mary*; names and nouns are 3rd person) fails, and so does a noun phrase without the
    theme when the theme is a name that appears nowhere in the output (a name is rendered as itself
    or by a pronoun); a noun phrase without a theme that is a common noun may be a synonym, and is
    left to a human. Since version 5 (issue 36) the object goes through the shared participant check
    against the theme's words: a pronoun of another gender or number fails too (*John misses him* for
    *Mary*), and a noun phrase the core lexicon links to the item may be the theme.
    """

    name = "en_argument_switch"
    #: 2: names the construction it did not find (Verdict.not_found). 3: the English reader finds an irregular
    #: verb in its over-regularised forms too (*runned*, *swimmed*, *readed*). 4: the object must be the
    #: source's theme (a pronoun of another person, or a noun phrase for a name, fails). 5: the object goes through
    #: the shared participant check (issue 36): a pronoun of another gender or number fails too, a noun phrase the
    #: core lexicon links to the item may be the theme
    version = "5"
    description = "Argument switch: the experiencer of manquer à as the subject of miss"
    Params = ArgumentSwitchParams
    construction_params = ("verbs", "misreadings")

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = ArgumentSwitchParams.of(item)
        roles = {"experiencer": set(params.experiencer), "theme": set(params.theme)}
        # the item's names, and the words of an argument written as a name (*Mary*), rendered as themselves
        names = item_names(item.source, item.references) | {word for role in params.named for word in roles[role]}
        linked = linked_to(item)
        for hit in sentence.verb_hits(params.misreadings):
            word = sentence.words[hit.index]
            return Verdict.failed(f"{word!r} ({hit.lemma}) renders another sense of manquer: the experiencer and "
                                  "the thing missed are not related as in the source", word)
        for hit in sentence.verb_hits(params.verbs):
            verdict = self._judge(sentence, hit, roles, names, linked)
            if verdict is not None:
                return verdict
        return Verdict.not_found("a form of the expected verbs with the experiencer or the thing missed as its subject",
                                  "no form of the expected verbs with its arguments in place: left to a human")

    def _judge(self, sentence: Sentence, hit: VerbHit, roles: Mapping[str, set[str]], names: Set[str] = frozenset(),
               linked: Callable[[str], bool] | None = None) -> Verdict | None:
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
            if after is None or after[0] != "theme":
                other = _other_object(sentence, hit.end, roles, names, linked)
                if other is not None:
                    return other
            return Verdict.passed(f"the experiencer {subject_word!r} is the subject of {verb!r}"
                                  + (f" and {after[2]!r} its object" if after and after[0] == "theme" else ""),
                                  subject_word)
        return Verdict.failed(f"the thing missed {subject_word!r} is the subject of {verb!r}: expected the experiencer "
                              f"({' / '.join(sorted(roles['experiencer']))}) as the subject of {verb!r}", subject_word)


_OBJECT_FORMS = {word: form for word, form in {**PERSONAL_PRONOUNS, **REFLEXIVE_PRONOUNS}.items()
                 if form.case in ("object", "both", "reflexive")}


def _other_object(sentence: Sentence, start: int, roles: Mapping[str, set[str]], names: Set[str],
                  linked: Callable[[str], bool] | None) -> Verdict | None:
    """The object right after the verb when it cannot be the source's theme, by the shared participant check
    against the theme's words (:func:`~pytest_mtchallenge.checkers.participants.same_participant`, issue 36): a
    pronoun of another person, or of another number or gender (fails); a noun phrase without the theme when
    the theme is a name the output lacks (fails); one linked to nothing of the item (left to a human); None
    when it may be the theme (one of its words, a translation of a source word)."""
    words = sentence.words
    index = start
    while index < len(words) and (words[index] in _DEGREE or is_adverb(words[index])):
        index += 1
    if index >= len(words) or words[index] in CLAUSE_BREAKS or words[index] in PREPOSITIONS \
            or not words[index][:1].isalpha() or _role(words[index], roles) is not None:
        return None
    if words[index] in _OBJECT_FORMS:
        end = index + 1
    elif any(word in roles["theme"] for word in words):
        return None
    else:
        end = index + 1
        while end < len(words) and end - index < 4 and words[end][:1].isalpha() and words[end] not in CLAUSE_BREAKS \
                and words[end] not in PREPOSITIONS and words[end] not in DETERMINERS and not is_adverb(words[end]):
            end += 1
    verb = sentence.text(start - 1, start)
    found = _argument(words[index:end], sentence.text(index, end))
    verdict = same_participant(Verdict.passed(""), role=f"thing missed (the object of {verb!r})", found=found,
                               expected=role_forms(found, [_argument((word,), word) for word in sorted(roles["theme"])]),
                               names=names,
                               output_words=words, function_words=DETERMINERS, linked=linked, whose="the source's")
    return None if verdict.outcome is Outcome.PASS else verdict


def _argument(words: Sequence[str], text: str) -> Participant:
    """An argument as the shared participant check reads it: a pronoun with its person, number and gender, else a
    noun phrase or a name in the 3rd person."""
    if len(words) == 1 and words[0] in _OBJECT_FORMS:
        form = _OBJECT_FORMS[words[0]]
        return Participant(text, tuple(words), form.person, True, form.number, form.gender)
    return Participant(text, tuple(words), 3, False)


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
