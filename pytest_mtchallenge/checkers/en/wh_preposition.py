"""The ``en_wh_preposition`` family: the preposition of a French relativized or questioned phrase (*à qui*, *dont*, *avec qui*, *pour quelle*) kept in English, fronted or stranded."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.en import EnglishChecker, participant, words_param
from pytest_mtchallenge.checkers.participants import Participant
from pytest_mtchallenge.languages.en.inflection import forms_of
from pytest_mtchallenge.languages.en.reader import Sentence, is_adverb, noun_phrase
from pytest_mtchallenge.languages.en.words import (
    ADVERBS,
    AUXILIARIES,
    CLOSED_CLASS,
    DETERMINERS,
    NEGATIVE_WORDS,
    NOUN_MARKERS,
    OBJECT_PRONOUNS,
    PLACE_ADVERBS,
    PREPOSITIONS,
    SUBJECT_PRONOUNS,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"verbs", "prepositions", "transitive", "doubtful", "subject"}
_WH = frozenset({"who", "whom", "which", "what", "whose", "that", "where"})
_CLAUSE_END = frozenset({",", ".", "?", "!", ";", ":", "(", ")", '"'})
#: The object case of a subject pronoun: the source's subject *he* after the verb is *him* (*works for him*).
_OBJECT_CASE = {"i": "me", "he": "him", "she": "her", "we": "us", "they": "them"}
WINDOW = 8  # the most words after the verb in which a stranded preposition is looked for


@dataclass(frozen=True, slots=True)
class Preposition:
    """A preposition found around the governing verb, and how it stands."""

    word: str
    index: int
    place: str  # "fronted" (to whom …), "stranded" (… gave a book to) or "with object" (… to him)
    text: str


def _lemmas(value: object, name: str, *, required: bool) -> frozenset[str]:
    plain = words_param(value, name, required=required)
    return frozenset(f for word in plain for f in forms_of(word))


def _starts_noun_phrase(sentence: Sentence, index: int) -> bool:
    """Whether the token at ``index`` opens a noun phrase (the object of a preposition)."""
    if index >= len(sentence.words) or not sentence.is_word(index):
        return False
    word = sentence.words[index]
    if word in AUXILIARIES or word in NEGATIVE_WORDS:
        return False
    return (word in DETERMINERS or word in OBJECT_PRONOUNS or word.isdigit()
            or (sentence.capitals[index] and index > 0 and word not in SUBJECT_PRONOUNS))


@dataclass(frozen=True, slots=True)
class WhPrepositionParams(FamilyParams):
    verbs: frozenset[str]  # every form of the verbs
    prepositions: frozenset[str]
    transitive: frozenset[str] = frozenset()  # every form of the verbs that take a direct object too
    doubtful: frozenset[str] = frozenset()
    subject: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> WhPrepositionParams:
        reject_unknown(mapping, _PARAMS)
        verbs = _lemmas(mapping.get("verbs"), "verbs", required=True)
        accepted = words_param(mapping.get("prepositions"), "prepositions")
        strange = sorted(accepted - PREPOSITIONS)
        if strange:
            raise ValueError(f"prepositions: {strange[0]!r} is not an English preposition")
        return cls(verbs, accepted, _lemmas(mapping.get("transitive"), "transitive", required=False),
                   words_param(mapping.get("doubtful"), "doubtful", required=False),
                   words_param(mapping.get("subject"), "subject", required=False))


class EnglishWhPrepositionChecker(EnglishChecker):
    """In French a relativized or questioned prepositional phrase fronts its preposition with the
    wh-word (*l'homme à qui Max a donné un livre*, *la fille dont il a parlé*, *Pour quelle
    compagnie travaille-t-il ?*). English accepts the preposition fronted (*to whom Max gave a
    book*) or stranded at its native site (*whom Max gave a book to*); a lost, doubled or wrong
    preposition is the error.

    Parameters (from the source sentence):

    - ``verbs``: the lemmas of the English verb that governs the preposition (``[give, hand]``);
    - ``prepositions``: the prepositions that verb takes for this meaning (``[to]``; ``[about, of]``);
    - ``transitive``: optional, lemmas of verbs that render the source with a direct object and no
      preposition (``[mention, discuss]`` for *parler de*);
    - ``doubtful``: optional, prepositions a human should judge (``[with, in]`` for *work for*);
    - ``subject``: optional, the words for the subject of the governing verb (``[max]``), to spot a
      wh-word turned into the subject with the source's subject as object (*Who gave Max a book?*).

    General rules besides the preposition's place:

    - the relative *that* never follows a preposition: *the girl with that you danced*, *the man
      to that Max gave a book* fail (English has *with whom*, or *that … with* stranded);
    - a wh-word that became the subject of the verb, with the source's subject after the verb as its
      object or the object of a preposition (its pronoun in the object case: *he* → *him*), swaps
      the roles: *the girl who danced with you*, *Who gave a book to Max?*, *Which company works
      for him?* fail;
    - a noun subject doubled by a pronoun after the auxiliary is the French complex inversion
      (*Max a-t-il*): *To whom Max has he given a book?* fails, whatever the preposition. So does a
      lexical verb joined to its pronoun by a hyphen, the French inversion copied as written
      (*For which company works-he?*: no do-support, French spelling). A simple inversion of a verb
      and its pronoun (*For which company works he?*) is archaic English word order: the
      preposition is judged.

    The clause must be the source's, not any clause with the verb and its preposition: its subject goes
    through the shared participant check against the reference clause's (:meth:`EnglishChecker.same_subject`,
    issue 36). Grammatical person survives translation (a name or a noun is 3rd person), so a subject
    pronoun of another person fails (*The film that we talked about* for *the girl he talked about*), as
    does *she* for *he*; a name is rendered as itself or by a pronoun, so a noun phrase subject when the
    reference's subject is a name that appears nowhere in the output fails (*Whom did the children give
    their drawings to?* for *To whom did Max give a book?*). A noun phrase linked to nothing of the item
    (a word of a reference, a translation of a source word) may be a synonym, and is left to a human.

    The verb is one of the item's (``verbs``); a pass rests on its direct object's noun, the item's content
    (``Verdict.content``: *book* of *To whom did Max give a book?*): the judge asks whether it renders the
    source's (*To whom did Max give the keys?* for *À qui Max a-t-il donné un livre ?* is left to a human).
    """

    name = "en_wh_preposition"
    #: 2: names what it did not find (Verdict.not_found); a relative "with what" after a noun fails.
    #: 3: a preposition + relative "that" fails; swapped roles also with the source's subject after a
    #: preposition (*who danced with you*); the French complex inversion (*Max has he*) and a hyphenated
    #: inversion of a lexical verb (*works-he*) fail. 4: the clause's subject must be the source's (another
    #: person, or a noun phrase for a name absent from the output, fails)
    # 5: a pass rests on the verb's direct object noun (Verdict.content), which the judge compares with the source
    # 6: the clause's subject goes through the shared participant check against the reference clause's (issue 36)
    version = "6"
    description = "Relativized/questioned prepositional phrases: preposition fronted or stranded, not lost"
    Params = WhPrepositionParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        verbs = WhPrepositionParams.of(item).verbs
        return self.same_subject(self._judge(item, output), item=item, output=output, role="clause's subject",
                                 subject_at=lambda sentence: _governing_subject(sentence, verbs))

    def _judge(self, item: ChallengeItem, output: str) -> Verdict:
        sentence = Sentence(output)
        tokens = sentence.words
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = WhPrepositionParams.of(item)
        verbs, accepted, doubtful, transitive = params.verbs, params.prepositions, params.doubtful, params.transitive
        wanted = " or ".join(repr(p) for p in sorted(accepted))
        verb = next((i for i, t in enumerate(tokens) if t in verbs and not (i and tokens[i - 1] in NOUN_MARKERS)),
                    None)
        if verb is None:
            other = next((i for i, t in enumerate(tokens) if t in transitive), None)
            if other is not None:
                return Verdict.passed(f"rendered with the transitive verb {sentence.cased[other]!r}, which takes "
                                      f"its object without a preposition")
            return Verdict.not_found("the governing verb of the wh-word",
                                      "the governing verb is not in the output: the clause was rephrased")
        verb_text = sentence.cased[verb]
        wh = next((i for i in range(verb - 1, max(-1, verb - WINDOW - 1), -1) if tokens[i] in _WH), None)
        found: list[Preposition] = []
        if wh is not None and wh > 0 and tokens[wh - 1] in PREPOSITIONS:
            found.append(Preposition(tokens[wh - 1], wh - 1, "fronted", sentence.quote(wh - 1, wh + 1)))
        for index in range(verb + 1, min(len(tokens), verb + 1 + WINDOW)):
            if tokens[index] in _CLAUSE_END:
                break
            if tokens[index] in PREPOSITIONS and not (tokens[index] == "to" and index + 1 < len(tokens)
                                                      and tokens[index + 1] in verbs):
                place = "with object" if _starts_noun_phrase(sentence, index + 1) else "stranded"
                found.append(Preposition(tokens[index], index, place, sentence.quote(verb, index + 2 if place ==
                                                                                   "with object" else index + 1)))
                break
        fronted = [p for p in found if p.place == "fronted"]
        stranded = [p for p in found if p.place == "stranded"]
        with_object = [p for p in found if p.place == "with object"]
        if fronted and stranded:
            return Verdict.failed(f"the preposition is doubled: {fronted[0].text!r} before the clause and "
                                  f"{stranded[0].text!r} after the verb; expected it once", fronted[0].text,
                                  stranded[0].text)
        if fronted and self._relative_that(sentence, fronted[0].index):
            phrase = sentence.quote(fronted[0].index - 1, fronted[0].index + 2)
            return Verdict.failed(f"{phrase!r}: the relative 'that' never follows a preposition in English (the "
                                  f"relative after a preposition is 'whom' or 'which'; 'that' leaves the preposition "
                                  "stranded), so the fronted preposition does not form a relative clause", phrase)
        if fronted and self._relative_what(sentence, fronted[0].index):
            phrase = sentence.quote(fronted[0].index - 2, fronted[0].index + 2)
            return Verdict.failed(f"{phrase!r}: 'what' does not relate a clause to a noun in English (the relative "
                                  f"after a preposition is 'whom' or 'which'), so the fronted {fronted[0].text!r} does "
                                  "not form a relative clause", phrase)
        doubled = self._doubled_subject(sentence, wh, verb) if wh is not None else None
        if doubled is not None:
            phrase = sentence.quote(doubled, doubled + 3)
            return Verdict.failed(f"{phrase!r}: the subject is doubled by a pronoun after the auxiliary, the French "
                                  "complex inversion (Max a-t-il); the clause is no English question or relative, "
                                  "whatever its preposition", phrase)
        copied = next((i for i in sentence.hyphen_inversions if tokens[i - 1] not in AUXILIARIES), None)
        if copied is not None:
            phrase = sentence.quote(copied - 1, copied + 1)
            return Verdict.failed(f"{sentence.cased[copied - 1]}-{sentence.cased[copied]}: the French inversion of a "
                                  "lexical verb is copied as written (travaille-t-il); the question is not built in "
                                  "English (no do-support), whatever its preposition", phrase)
        kept = fronted or stranded
        if kept:
            preposition = kept[0]
            if preposition.word in accepted:
                return Verdict.passed(f"the preposition {preposition.word!r} of {verb_text!r} is {preposition.place} "
                                      f"({preposition.text!r})", preposition.text).resting_on(_object_noun(sentence, verb))
            if preposition.word in doubtful:
                return Verdict.undecided(f"found the preposition {preposition.word!r} ({preposition.text!r}) where "
                                         f"{wanted} is expected: for a human to judge", preposition.text)
            return Verdict.failed(f"expected the preposition {wanted} with {verb_text!r}; found {preposition.word!r} "
                                  f"({preposition.text!r})", preposition.text)
        if wh is not None and self._is_subject(sentence, wh, verb):
            subjects = params.subject | {_OBJECT_CASE[s] for s in params.subject if s in _OBJECT_CASE}
            swapped = next((i for i in range(verb + 1, min(len(tokens), verb + 1 + WINDOW))
                            if tokens[i] in subjects), None)
            if swapped is not None:
                role = (f"the object of {sentence.cased[swapped - 1]!r}" if tokens[swapped - 1] in PREPOSITIONS
                        else "its object")
                return Verdict.failed(f"the roles are swapped: {sentence.cased[wh]!r} is now the subject of "
                                      f"{verb_text!r} and {sentence.cased[swapped]!r}, the source's subject, "
                                      f"{role}", sentence.quote(wh, swapped + 1))
            return Verdict.undecided(f"{sentence.cased[wh]!r} is now the subject of {verb_text!r}: the clause "
                                     "was restructured, for a human to judge")
        if with_object and with_object[0].word in accepted and tokens[with_object[0].index + 1] in OBJECT_PRONOUNS:
            return Verdict.failed(f"the preposition keeps an object of its own ({with_object[0].text!r}): a "
                                  "resumptive pronoun instead of a fronted or stranded preposition",
                                  with_object[0].text)
        if any(t in transitive for t in tokens):
            return Verdict.undecided("both the governing verb and a transitive paraphrase are in the output")
        return Verdict.failed(f"expected the preposition {wanted} with {verb_text!r}, fronted with the wh-word or "
                              "stranded after the verb; found none (the preposition is lost)", verb_text)

    @staticmethod
    def _relative_that(sentence: Sentence, preposition: int) -> bool:
        """*the girl with that I danced*: a preposition + *that* + a clause's subject after a word.
        *That* as a demonstrative (*with that dress*, *With that, he left*) is not one."""
        words = sentence.words
        wh = preposition + 1
        if preposition < 1 or wh + 1 >= len(words) or words[wh] != "that" or not sentence.is_word(preposition - 1):
            return False
        following = wh + 1
        return words[following] in SUBJECT_PRONOUNS or words[following] in DETERMINERS or (
            sentence.capitals[following] and words[following] not in AUXILIARIES)

    @staticmethod
    def _relative_what(sentence: Sentence, preposition: int) -> bool:
        """*the girl with what you danced*: a preposition + the pronoun *what* right after a noun
        phrase (a determiner and its noun), where English needs *whom* or *which*. *What* as a
        determiner (*for what company*) and in questions (*With what did you…*) is not one."""
        words = sentence.words
        wh = preposition + 1
        if wh >= len(words) or words[wh] != "what" or preposition < 2:
            return False
        following = words[wh + 1] if wh + 1 < len(words) else "."
        pronoun = (following in SUBJECT_PRONOUNS or following in DETERMINERS or following in AUXILIARIES
                   or not following[0].isalpha() or sentence.capitals[wh + 1])
        return pronoun and words[preposition - 2] in DETERMINERS and sentence.is_word(preposition - 1) \
            and words[preposition - 1] not in SUBJECT_PRONOUNS | OBJECT_PRONOUNS | DETERMINERS

    @staticmethod
    def _doubled_subject(sentence: Sentence, wh: int, verb: int) -> int | None:
        """*To whom Max has he given a book?*: between the wh-word and the verb, a noun subject, an
        auxiliary and a subject pronoun that repeats it (the French complex inversion *Max a-t-il*).
        The index of the noun subject's last word, or None."""
        words = sentence.words
        start = wh + 1  # the first word after the wh-phrase (*which company*, *whom*)
        if words[wh] in ("which", "what", "whose") and start < verb and words[start] not in AUXILIARIES \
                and words[start] not in SUBJECT_PRONOUNS and not sentence.capitals[start]:
            start += 1
        for index in range(start + 1, verb - 1):
            if words[index] in AUXILIARIES and words[index + 1] in SUBJECT_PRONOUNS - {"there", "you"} \
                    and sentence.is_word(index - 1) and words[index - 1] not in AUXILIARIES | SUBJECT_PRONOUNS \
                    | OBJECT_PRONOUNS | NEGATIVE_WORDS and not is_adverb(words[index - 1]):
                return index - 1
        return None

    @staticmethod
    def _is_subject(sentence: Sentence, wh: int, verb: int) -> bool:
        """Whether the wh-word is the subject of the verb: nothing between them but a noun after
        *which*/*what*, auxiliaries and adverbs (*who gave*, *which company works*)."""
        if verb + 1 < len(sentence.words) and sentence.words[verb + 1] in SUBJECT_PRONOUNS - {"you", "it"}:
            return False  # an inverted subject follows the verb (*which company works he*)
        between = list(range(wh + 1, verb))
        if sentence.words[wh] in ("which", "what", "whose") and between and not sentence.capitals[between[0]] \
                and sentence.words[between[0]] not in AUXILIARIES | SUBJECT_PRONOUNS | DETERMINERS:
            between = between[1:]
        return all(sentence.words[i] in AUXILIARIES or sentence.words[i] in ADVERBS | PLACE_ADVERBS
                   or sentence.words[i] in NEGATIVE_WORDS for i in between)


def _governing_subject(sentence: Sentence, verbs: frozenset[str]) -> Participant | None:
    """The subject of the item's governing verb (its first form not after a noun marker) as a participant,
    for the shared participant check; None where the verb or its subject is not read."""
    tokens = sentence.words
    verb = next((i for i, t in enumerate(tokens) if t in verbs and not (i and tokens[i - 1] in NOUN_MARKERS)), None)
    if verb is None:
        return None
    if verb + 1 < len(tokens) and tokens[verb + 1] in SUBJECT_PRONOUNS - {"you", "it", "there"}:
        span: tuple[int, int] | None = (verb + 1, verb + 2)  # inverted after a lexical verb (*works he*)
    else:
        span = _clause_subject(sentence, verb)
    return participant(sentence, noun_phrase(sentence, *span)) if span is not None else None


def _clause_subject(sentence: Sentence, verb: int) -> tuple[int, int] | None:
    """The subject of the governing verb, before it across auxiliaries and adverbs (*whom did the
    children give*, *that he has been talking*), as a span of words; None when none stands there
    (the wh-word is the subject, an imperative)."""
    words = sentence.words
    end = verb
    while end > 0 and (words[end - 1] in AUXILIARIES or words[end - 1] in NEGATIVE_WORDS or is_adverb(words[end - 1])):
        end -= 1
    last = end - 1
    if last < 0 or not sentence.is_word(last) or words[last] in _WH or words[last] in PREPOSITIONS \
            or words[last] in OBJECT_PRONOUNS - SUBJECT_PRONOUNS:
        return None
    if words[last] in SUBJECT_PRONOUNS:
        return (last, end) if words[last] != "there" else None
    start = last
    while start > 0 and last - start < 4 and words[start] not in DETERMINERS and sentence.is_word(start - 1) \
            and words[start - 1] not in _WH | AUXILIARIES | PREPOSITIONS | SUBJECT_PRONOUNS | OBJECT_PRONOUNS:
        start -= 1
    return start, end


def _object_noun(sentence: Sentence, verb: int) -> str:
    """The noun of the direct object right after the verb at ``verb``, past an indirect object pronoun
    (*gave him a book*) and a determiner: the first open-class word after the determiner (*book*, *a book*);
    "" when no determiner follows (a preposition, the clause's end, a name)."""
    words = sentence.words
    at = verb + 1
    if at < len(words) and words[at] in OBJECT_PRONOUNS:
        at += 1
    if at >= len(words) or words[at] not in DETERMINERS:
        return ""
    at += 1
    if at < len(words) and words[at][:1].isalpha() and words[at] not in CLOSED_CLASS and not sentence.capitals[at]:
        return sentence.cased[at]
    return ""
