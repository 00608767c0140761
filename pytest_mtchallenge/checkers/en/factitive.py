"""The ``en_factitive`` family: *faire* + infinitive → one English causative verb (*fait fondre* → *melted*)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers.en import EnglishChecker, WordLists, Words
from pytest_mtchallenge.languages.en.reader import Sentence, VerbHit, is_adverb, passive_auxiliary
from pytest_mtchallenge.languages.en.words import CLAUSE_BREAKS, CONJUNCTIONS, DETERMINERS, PREPOSITIONS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict

#: Adverbial particles that may stand between a verb and its object (*melted down the ice*, *thawed out*).
_PARTICLES = frozenset({"up", "down", "out", "off", "over", "away", "apart", "back", "through"})
# English causative verbs and whether the object stands between them and the verb (make X melt).
_DEFAULT_CAUSATIVES = ("make", "cause", "get", "have", "let", "force")


@dataclass(frozen=True, slots=True)
class FactitiveParams(WordLists):
    verbs: Words
    infinitives: Words
    causatives: Words = _DEFAULT_CAUSATIVES


class FactitiveChecker(EnglishChecker):
    """Whether a French factitive (*faire* + infinitive) lost its *faire* in English.

    Some French verbs need *faire* for an agentive reading (*Max a fait fondre la glace*); their
    English counterparts are themselves transitive (*Max melted the ice*, *Max blew up a rock*), so
    *made the ice melt* or *caused the ice to melt* keep the French auxiliary.

    Parameters:

    - ``verbs``: the English transitive verbs that render the factitive (``[melt, thaw]``,
      ``[blow up, explode, blast]``; a particle may follow the object: *blew a rock up*).
    - ``infinitives``: the English verbs of the French infinitive, as they appear under a causative
      (``[melt]``, ``[explode, blow up]``).
    - ``causatives``: the English causative verbs (default: make, cause, get, have, let, force).

    How it reads an output: a causative followed, within its clause, by an object and an infinitive
    (or *to* + infinitive, or a participle) of ``infinitives`` fails; otherwise a form of one of
    ``verbs`` with a direct object (a determiner or a noun after it) passes, and so does its passive
    (*The ice was melted by Max*). *had melted* is a past perfect, not the causative *have*: the
    causative needs its object before the verb.

    A form of one of ``verbs`` used intransitively — nothing after it, or a preposition (not a
    particle: *melted down the ice*) or a conjunction — has the patient as its subject (*The ice
    melted*, *A rock exploded on Max*): the agent's causation that *faire* expresses is lost, fail.
    The verb of a phrasal verb of ``verbs`` with an object and no particle in its clause (*Max blew
    a rock*, for *blow up*) has the bare verb's own meaning: fail.

    The causer must be the source's (issue 23): the subject is compared with the reference's
    (:meth:`EnglishChecker.same_subject`): *The sun melted the snow* for *Max a fait fondre la glace*
    fails, *Max thawed the ice* passes. The object of the active verb (its words up to a preposition or
    the clause's end) must be a word of a reference or a translation of a source word
    (:meth:`EnglishChecker.same_object`): *Max melted the chocolate* for *Max a fait fondre la glace* is
    left to a human (another thing, or a synonym the lexicon lacks), never failed.
    """

    name = "en_factitive"
    #: 2: names the construction it did not find (Verdict.not_found). 3: an intransitive use and a phrasal
    #: verb without its particle fail; a passive passes
    # 4: the causer (the verb's subject) must be the reference's (issue 23, 5)
    # 5: the object after the verb must be linked to the item, else left to a human (same_object), where a
    # reference has one
    version = "5"
    description = "Factitives: faire + infinitive as one English transitive verb"
    Params = FactitiveParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        verdict, start = self._construction(item=item, output=output)
        verdict = self.same_subject(verdict, item=item, output=output, role='causer (the subject of the verb)')
        if verdict.outcome is not Outcome.PASS:
            return verdict  # only a pass is checked: nothing more to read
        if all(self._construction(item=item, output=reference)[1] is None for reference in item.references):
            return verdict  # the reference shows no object after its verb: nothing to compare with
        return self.same_object(verdict, item=item, output=output, start=start, role='object of the verb')

    def _construction(self, *, item: ChallengeItem, output: str) -> tuple[Verdict, int | None]:
        """The verdict on the construction, and where the object of an active transitive verb starts."""
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty"), None
        words = sentence.words
        params = FactitiveParams.of(item)
        infinitives = sentence.verb_hits(params.infinitives, particle_gap=0)
        for causative in sentence.verb_hits(params.causatives, particle_gap=0):
            end = sentence.clause_end(causative.end)
            for hit in infinitives:
                if not causative.end <= hit.index < end:
                    continue
                gap = hit.index - causative.end
                if causative.lemma in ("have", "get") and (gap == 0 or "participle" in hit.kinds
                                                            and gap <= 1 and _only_adverbs(sentence, causative, hit)):
                    continue  # *had melted*: the perfect; *got melted*: a passive
                phrase = sentence.text(causative.index, hit.end)
                return Verdict.failed(f"{phrase!r} keeps the French 'faire' as the causative "
                                      f"{words[causative.index]!r}; expected one transitive verb such as "
                                      f"{params.verbs[0]!r}", phrase), None
        verbs = params.verbs
        hits = sentence.verb_hits(verbs)
        for hit in hits:
            if hit.index and words[hit.index - 1] in DETERMINERS:
                continue  # a noun: *the melt*
            after = sentence.skip_adverbs(hit.end)
            auxiliary = passive_auxiliary(sentence, hit.index)
            if auxiliary is not None:
                phrase = sentence.text(auxiliary, min(len(words), after + 2))
                return Verdict.passed(f"{phrase!r}: the factitive is rendered by one transitive verb, in the "
                                      "passive", phrase), None
            if after >= len(words) or words[after] in CLAUSE_BREAKS or words[after] in PREPOSITIONS - _PARTICLES \
                    or words[after] in CONJUNCTIONS:
                phrase = sentence.text(hit.index, min(len(words), after + 2)).rstrip(" .,;:!?")
                return Verdict.failed(f"{phrase!r}: {words[hit.index]!r} is used intransitively, with the "
                                      "patient as its subject and no object: the agent's causation that 'faire' "
                                      "expresses is lost", phrase), None
            phrase = sentence.text(hit.index, min(len(words), after + 2))
            start = after
            while start < len(words) and words[start] in _PARTICLES:
                start += 1  # *blew up a rock*: the object follows the particle
            return Verdict.passed(f"{phrase!r}: the factitive is rendered by one transitive verb with its object",
                                  phrase), start
        bare = self._particle_lost(sentence, verbs, {hit.index for hit in hits})
        if bare is not None:
            return bare, None
        return Verdict.not_found("a transitive verb or a causative + infinitive rendering 'faire' + infinitive",
                                  "no transitive rendering and no causative + infinitive found: left to a human"), None


    @staticmethod
    def _particle_lost(sentence: Sentence, verbs: tuple[str, ...], found: set[int]) -> Verdict | None:
        """*Max blew a rock*: the verb of a phrasal verb of ``verbs`` (*blow up*) with an object and
        no particle in its clause has the bare verb's own meaning (*blow* on it), not the phrasal
        verb's: fail."""
        words = sentence.words
        for phrasal in (v for v in verbs if len(v.split()) > 1):
            verb, particle = phrasal.split()[0], phrasal.split()[1:]
            for hit in sentence.verb_hits([verb]):
                if hit.index in found or (hit.index and words[hit.index - 1] in DETERMINERS):
                    continue
                end = sentence.clause_end(hit.end)
                after = sentence.skip_adverbs(hit.end)
                if after >= end or words[after] not in DETERMINERS or sentence.find(particle, hit.end, end):
                    continue
                phrase = sentence.text(hit.index, min(end, after + 2))
                return Verdict.failed(f"{phrase!r}: {verb!r} without its particle ({phrasal!r}) has the bare verb's "
                                      f"own meaning, not the factitive's", phrase)
        return None


def _only_adverbs(sentence: Sentence, causative: VerbHit, hit: VerbHit) -> bool:
    return all(is_adverb(w) for w in sentence.words[causative.end:hit.index])
