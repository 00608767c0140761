"""The ``en_manner_of_movement`` family: *traverser à la nage* → *swim across*, manner in the verb."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.reader import Sentence, VerbHit, is_adverb
from pytest_mtchallenge.languages.en.words import DETERMINERS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PATH_MODIFIERS = frozenset({"right", "straight", "back", "directly"})
_COME_GO = frozenset({"come", "go"})


@dataclass(frozen=True, slots=True)
class MannerOfMovementParams(WordLists):
    manner: Words
    path: Words
    generic: Words
    ground: Words = ()
    locative: Words = ()
    wrong_manner: Words = ()


class MannerOfMovementChecker(EnglishChecker):
    """Whether the manner of a French movement became the English verb, with the path as a particle.

    French says *traverser l'océan à la nage* and *entrer dans la salle en courant* (a generic
    verb of movement, the manner as an adverbial); English says *swim across the ocean*, *run into
    the room* (the manner verb, the path as a preposition).

    Parameters:

    - ``manner``: verbs of the source's manner (``[swim]``, ``[run, rush, dash, race…]``).
    - ``path``: the prepositions that give the path (``[across, over]``, ``[into]``).
    - ``ground``: nouns the manner verb may take as a direct object (*swim the ocean*); optional.
    - ``generic``: generic movement verbs of a literal rendering (``[cross, traverse]``,
      ``[enter, come, go]``): without the manner verb and its path, they fail.
    - ``locative``: prepositions that give a place, not the path (*swim in the ocean*): fail.
    - ``wrong_manner``: verbs of another manner (*walk into the room* for *en courant*): fail.

    Who moves must be the source's (issue 23): the subject is compared with the reference's
    (:meth:`EnglishChecker.same_subject`): *The children rushed into the classroom* for *John entra dans
    la salle en courant* fails (*John* nowhere), *John rushed into the room* passes.
    """

    name = "en_manner_of_movement"
    #: 2: names the construction it did not find (Verdict.not_found). 3: the English reader finds an irregular
    #: verb in its over-regularised forms too (*runned*, *swimmed*, *readed*)
    # 4: the subject of the movement verb must be the reference's (issue 23, 5)
    version = "4"
    description = "Manner-of-movement verbs: manner as the verb, path as a preposition"
    Params = MannerOfMovementParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        verdict = self._construction(item=item, output=output)
        return self.same_subject(verdict, item=item, output=output, role='subject of the movement verb')

    def _construction(self, *, item: ChallengeItem, output: str) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = MannerOfMovementParams.of(item)
        path = set(params.path)
        ground = set(params.ground)
        locative = set(params.locative)
        for hit in _verbs(sentence, params.wrong_manner):
            after = _after_verb(sentence, hit)
            if after < len(sentence) and sentence.words[after] in path:
                phrase = sentence.text(hit.index, after + 1)
                return Verdict.failed(f"{phrase!r} expresses another manner of movement than the source's", phrase)
        manner_words: list[str] = []
        generic = params.generic
        for hit in _verbs(sentence, params.manner):
            manner_words.append(sentence.words[hit.index])
            if "gerund" in hit.kinds and _after_generic(sentence, hit, generic):
                continue  # *entered running into*: the French gerund kept as an adverbial
            after = _after_verb(sentence, hit)
            if after >= len(sentence):
                continue
            following = sentence.words[after]
            phrase = sentence.text(hit.index, after + 1)
            if following in path:
                return Verdict.passed(f"{phrase!r}: the manner is the verb and the path a preposition", phrase)
            if ground and following in DETERMINERS:
                noun = next((i for i in range(after + 1, min(after + 4, len(sentence)))
                             if sentence.words[i] in ground), None)
                if noun is not None:
                    phrase = sentence.text(hit.index, noun + 1)
                    return Verdict.passed(f"{phrase!r}: the manner verb takes the ground as its object", phrase)
            if following in locative:
                return Verdict.failed(f"{phrase!r} gives a place, not the path of the movement: expected "
                                      f"{' / '.join(sorted(path))}", phrase)
        for hit in _verbs(sentence, generic):
            verb = sentence.text(hit.index, hit.end)
            if manner_words:
                return Verdict.failed(f"the generic movement verb {verb!r} with the manner as an adverbial "
                                      f"({manner_words[0]!r}): English puts the manner in the verb", verb)
            return Verdict.failed(f"the generic movement verb {verb!r}, and no verb of the source's manner: the "
                                  "manner of movement is lost", verb)
        return Verdict.not_found("an English verb of movement (a manner verb with a path, or a path verb)",
                                  "no manner verb with a path and no generic movement verb found: left to a human")


def _verbs(sentence: Sentence, lemmas: tuple[str, ...]) -> list[VerbHit]:
    """Verb forms, not nouns (*a run*, *the swim*)."""
    return [hit for hit in sentence.verb_hits(lemmas)
            if not (hit.index and sentence.words[hit.index - 1] in DETERMINERS and "base" in hit.kinds)]


def _after_verb(sentence: Sentence, hit: VerbHit) -> int:
    index = hit.end
    while index < len(sentence):
        if sentence.words[index:index + 3] == ("all", "the", "way"):
            index += 3
        elif is_adverb(sentence.words[index]) or sentence.words[index] in _PATH_MODIFIERS:
            index += 1
        else:
            break
    return index


def _after_generic(sentence: Sentence, hit: VerbHit, generic: tuple[str, ...]) -> bool:
    """A manner gerund right after a generic verb other than *come / go* (*came running into* is English)."""
    before = sentence.skip_adverbs_back(hit.index - 1)
    return any(g.index == before and g.lemma not in _COME_GO for g in sentence.verb_hits(generic, particle_gap=0))
