"""The ``en_pronoun`` family: the English form and place of a French clitic pronoun (le, la, leur, se)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from pytest_mtchallenge.checkers import FamilyParams, check_keys, flag
from pytest_mtchallenge.checkers.en import EnglishChecker, Words, words_of
from pytest_mtchallenge.languages.en.reader import (
    Sentence,
    VerbHit,
    is_adverb,
    passive_auxiliary,
    pronoun_before_verb,
    verb_group_start,
)
from pytest_mtchallenge.languages.en.words import (
    CLOSED_CLASS,
    CONJUNCTIONS,
    DETERMINERS,
    PERSONAL_PRONOUNS,
    PLACE_ADVERBS,
    POSSESSIVE_DETERMINERS,
    PREPOSITIONS,
    REFLEXIVE_OPTIONAL_VERBS,
    REFLEXIVE_PRONOUNS,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"pronoun", "verbs", "any_verb", "misreadings"}
# Words that can fill an object slot in place of the expected pronoun ("so" for le in je le suppose).
_OBJECT_WORDS = frozenset(PERSONAL_PRONOUNS) - {"one"} | {"so"}
_DEMONSTRATIVES = frozenset({"this", "that"})
# Words that open another clause: a pronoun after them is not the verb's complement.
_CLAUSE_OPENERS = CONJUNCTIONS - {"so", "that"} | {"whom", "whose", "where", "who", "which"}
_OBJECT_ONLY = frozenset({"me", "him", "her", "us", "them"})
# Words after a pronoun that show it is an object, not the subject of a clause (sees it in the street).
_NOT_VERBS = PREPOSITIONS | DETERMINERS | CONJUNCTIONS | frozenset(REFLEXIVE_PRONOUNS) | frozenset(
    {"everything", "something", "nothing", "anything", "all", "both", "too", "either", "again", "yet"})


def _verbs(value: object) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, Mapping) or not value:
        raise ValueError("verbs must map each English verb to the prepositions that introduce the pronoun "
                         "('' for a direct object)")
    verbs: dict[str, tuple[str, ...]] = {}
    for verb, prepositions in value.items():
        if not isinstance(verb, str) or not verb.strip():
            raise ValueError("verbs must be keyed by English verb lemmas")
        if isinstance(prepositions, str) or not isinstance(prepositions, Sequence) or not prepositions or \
                not all(isinstance(p, str) and (p == "" or p.strip().lower() in PREPOSITIONS) for p in prepositions):
            raise ValueError(f"verbs.{verb} must be a non-empty list of English prepositions or ''")
        verbs[verb.strip().lower()] = tuple(p.strip().lower() for p in prepositions)
    return verbs


@dataclass(frozen=True, slots=True)
class Slot:
    """The pronoun found after a verb, and what introduces it."""

    index: int
    word: str
    preposition: str  # "" for a direct object


@dataclass(frozen=True, slots=True)
class PronounParams(FamilyParams):
    pronoun: Words
    verbs: Mapping[str, tuple[str, ...]]  # verb lemma → the prepositions before the pronoun ('' for none)
    any_verb: bool = False
    misreadings: Words = ()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> PronounParams:
        check_keys(mapping, _PARAMS, required=("pronoun", "verbs"))
        pronoun = words_of(mapping["pronoun"], "pronoun")
        if not all(p in _OBJECT_WORDS or p in REFLEXIVE_PRONOUNS for p in pronoun):
            raise ValueError("pronoun must list English personal or reflexive pronouns (or 'so')")
        verbs = MappingProxyType(_verbs(mapping["verbs"]))
        return cls(pronoun, verbs, flag(mapping, "any_verb"),
                   words_of(mapping.get("misreadings"), "misreadings", required=False))


class PronounChecker(EnglishChecker):
    """Whether a French clitic became the right English pronoun, in its complement position.

    The French clitic underdetermines its English counterpart: *se* is *itself / herself /
    himself* by its antecedent, *leur* is *to them* or *from them* by the verb, *le* may be *so*
    (*je le suppose* → *I suppose so*). Subject- and object-control verbs (*convaincre / promettre
    à X de se sacrifier*) fall here too: the reflexive agrees with the controller.

    Parameters (from the source sentence):

    - ``pronoun``: the accepted English forms (``[them]``, ``[her, it]``, ``[itself]``, ``[so]``).
      Reflexive forms make it a reflexive item: any other *-self* form, or a plain object pronoun in
      the slot, fails.
    - ``verbs``: the English verbs that render the source verb, each with the prepositions that must
      introduce the pronoun (``''`` for a direct object): ``{speak: [to, with], tell: ['']}``.
    - ``any_verb``: when none of ``verbs`` occurs, judge the form of the first pronoun of the class
      in the output anyway (for items where only the features matter). Default false.
    - ``misreadings``: verbs that reverse the relation (*lend* for *emprunter*): fail; their forms as
      nouns (*a loan*, *on loan*) do not.

    Word order: a bare object pronoun left between the subject and the verb group (*He her sees*,
    *I them have spoken*) fails, as English never puts a bare object before its verb; a preposition
    + pronoun there (*I to them have spoken*) is a prepositional phrase, which English allows
    between subject and verb (*I, to them, have spoken*), so it is judged on its form and preposition
    (*I to them have borrowed* fails: *borrow* needs *from*). *the* between a subject pronoun and the
    verb group (*He the sees*, *I the suppose*) is the clitic *le / la* read as the article: the
    pronoun is lost, fail. *her* before a place adverb (*sees her there*) is the pronoun.

    The subject must be the source's (issue 23): it is compared with the reference's
    (:meth:`EnglishChecker.same_subject`): *We suppose so* for *I suppose so* fails (another number),
    *The little girl looked at herself* for *La femme s'est regardée* is left to a human, *The wife
    looked at herself* passes (a translation of *femme*).

    A pass with ``any_verb``, where none of ``verbs`` occurs, rests on the verb the pronoun is the
    complement of (``Verdict.content``): the judge asks whether it renders the source's (*He hears her*
    for *Il la voit* is left to a human). A pass on one of ``verbs`` rests on none: they render the source's.
    """

    name = "en_pronoun"
    #: 2: names what it did not find (Verdict.not_found); a clitic left before the verb group fails across
    #: auxiliaries and with its preposition; a lost reflexive (before the verb, passive, dropped object) fails.
    #: 3: a preposition + pronoun before the verb is judged on its form and preposition; the clitic read as
    #: the article (*He the sees*) fails; a misreading verb's noun (*on loan*) and *her* + place adverb
    # 4: the subject of the pronoun's verb must be the reference's: another person or number fails (issue 23, 5)
    # 5: a pass with any_verb, none of the item's verbs found, rests on the pronoun's verb (Verdict.content)
    version = "5"
    description = "English rendering of a French clitic pronoun: form, features and preposition"
    Params = PronounParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        verdict = self._construction(item=item, output=output)
        return self.same_subject(verdict, item=item, output=output, role="subject of the pronoun's verb")

    def _construction(self, *, item: ChallengeItem, output: str) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = PronounParams.of(item)
        accepted, verbs = params.pronoun, params.verbs
        reflexive = all(p in REFLEXIVE_PRONOUNS for p in accepted)
        reading = _Reading(sentence, accepted, reflexive)
        for hit in sentence.verb_hits(params.misreadings):
            if reading.is_noun(hit, after_preposition=True):
                continue  # *on loan*, *a loan*: the noun, not the verb that reverses the relation
            return Verdict.failed(f"{sentence.words[hit.index]!r} ({hit.lemma}) reverses the relation of the source "
                                  "verb: the pronoun's role is lost", sentence.words[hit.index])
        all_hits = sentence.verb_hits(verbs)
        for hit in all_hits:
            verdict = reading.clitic_as_article(hit)
            if verdict is not None:
                return verdict
        hits = [hit for hit in all_hits if not reading.is_noun(hit)]
        for hit in hits:
            verdict = reading.clitic_order(hit, verbs[hit.lemma])
            if verdict is not None:
                return verdict
        missing: VerbHit | None = None
        for hit in hits:
            slot, embedded = reading.slot_after(hit)
            if slot is None:
                if not embedded and missing is None:
                    missing = hit
                continue
            return reading.judge(slot, hit, verbs[hit.lemma])
        if missing is not None:
            if reflexive:
                verdict = reading.reflexive_lost(missing, verbs[missing.lemma])
                if verdict is not None:
                    return verdict
            if reading.anywhere():
                return Verdict.undecided(f"no pronoun after {sentence.words[missing.index]!r}, but "
                                         f"{reading.anywhere()!r} occurs elsewhere: left to a human")
            verb = sentence.words[missing.index]
            if reflexive:
                return Verdict.not_found(f"a reflexive pronoun after {verb!r}",
                                         f"no reflexive pronoun after {verb!r}: English may leave a reflexive "
                                         "unexpressed; left to a human")
            possessive = reading.possessive_after(missing)
            if possessive:
                return Verdict.undecided(f"no pronoun after {verb!r}, but the possessive {possessive!r} may render the "
                                         "clitic (as in 'her reflection'): left to a human")
            return Verdict.failed(f"the clitic is not rendered: expected {_either(accepted)} after {verb!r}; "
                                  f"found no pronoun in the complement of {verb!r}", verb)
        if hits:
            verb = sentence.words[hits[0].index]
            return Verdict.undecided(f"the complement of {verb!r} is a clause: left to a human")
        if params.any_verb:
            slot = reading.first_anywhere()
            if slot is not None:
                # none of the item's verbs: the pass rests on the verb the pronoun is the object of
                return reading.judge_form(slot, None).resting_on(reading.governing_verb(slot))
        listed = ", ".join(sorted(verbs))
        return Verdict.not_found(f"a form of {listed}", f"no form of {listed} found: left to a human")


class _Reading:
    """Looks for the pronoun slot of one output."""

    def __init__(self, sentence: Sentence, accepted: tuple[str, ...], reflexive: bool) -> None:
        self.sentence = sentence
        self.words = sentence.words
        self.accepted = accepted
        self.reflexive = reflexive
        self.candidates = (frozenset(REFLEXIVE_PRONOUNS) | _OBJECT_ONLY | {"it"} if reflexive
                           else _OBJECT_WORDS | _DEMONSTRATIVES)

    def is_noun(self, hit: VerbHit, *, after_preposition: bool = False) -> bool:
        """*a repair*, *the look*: the verb's form used as a noun after a determiner; with
        ``after_preposition``, after a preposition too (*on loan*)."""
        before = self.words[hit.index - 1] if hit.index else ""
        return before in ("a", "an", "the", "his", "its", "their", "my", "your", "our") or (
            after_preposition and before in PREPOSITIONS and "gerund" not in hit.kinds)

    def clitic_as_article(self, hit: VerbHit) -> Verdict | None:
        """*He the sees*, *I the suppose*: a subject pronoun, then *the* right before a form of the
        verb that ends its clause or is followed by a word that cannot start its object. English never
        has an article between a subject pronoun and anything but a subject's noun, so *the* is the
        French clitic *le / la / les* read as the article, and the pronoun is lost."""
        words = self.words
        at = verb_group_start(self.sentence, hit.index)  # *He the has seen*
        if at < 2 or words[at - 1] != "the" or words[at - 2] not in PERSONAL_PRONOUNS \
                or PERSONAL_PRONOUNS[words[at - 2]].case not in ("subject", "both") or words[at - 2] == "it":
            return None
        following = words[hit.end] if hit.end < len(words) else "."
        if following[0].isalpha() and following not in PREPOSITIONS and following not in CONJUNCTIONS:
            return None  # *we the undersigned…*: a noun phrase after all
        phrase = self.sentence.text(at - 2, hit.end)
        return Verdict.failed(f"{phrase!r}: 'the' before the verb is the French clitic le/la read as the article; "
                              f"the pronoun is lost (expected {_either(self.accepted)} after the verb)", phrase)

    def clitic_order(self, hit: VerbHit, prepositions: tuple[str, ...]) -> Verdict | None:
        """*He her sees*, *I them have spoken*: an object pronoun left after the subject, before the
        verb group, as the French clitic is, fails: English never puts a bare object before its verb.
        A preposition + pronoun there (*I to them have spoken*) is a prepositional phrase, which English
        allows between subject and verb (*I, to them, have spoken*): it is judged on its form and
        preposition as in the complement position."""
        found = pronoun_before_verb(self.sentence, hit.index)
        if found is None or self.words[found.index] in REFLEXIVE_PRONOUNS:
            return None  # a reflexive there may be emphatic (*I myself spoke*): judged with the slot
        pronoun = self.sentence.text(found.start, found.index + 1)
        verb = self.sentence.text(found.verb_start, hit.index + 1)
        if found.preposition is not None:
            slot = Slot(found.index, self.words[found.index], self.words[found.preposition])
            if slot.word not in self.accepted:
                return self.judge_form(slot, None)
            if slot.preposition not in prepositions:
                wanted = " or ".join(repr(p) if p else "no preposition" for p in prepositions)
                return Verdict.failed(f"{hit.lemma!r} needs {wanted} before {slot.word!r}; found {pronoun!r} before "
                                      f"{verb!r}, in the French clitic position", pronoun)
            return Verdict.passed(f"{pronoun!r} before {verb!r}: the French clitic position, where English allows a "
                                  "prepositional phrase; its form and preposition render the clitic", pronoun)
        return Verdict.failed(f"the pronoun {pronoun!r} stands before the verb {verb!r}, in the French clitic "
                              "position: English needs it in the complement position", pronoun)

    def reflexive_lost(self, hit: VerbHit, prepositions: tuple[str, ...]) -> Verdict | None:
        """Why no reflexive follows the verb, when that loses the reflexive: a reflexive left before
        the verb (*the woman herself is looked*, *of itself to sacrifice*), a passive (*was looked at*:
        someone else acts on the subject), or a transitive verb left without its object (*to
        sacrifice.*) that English does not read as reflexive (unlike *shave, dress, hide*)."""
        sentence, words = self.sentence, self.words
        verb = sentence.text(hit.index, hit.end)
        found = pronoun_before_verb(sentence, hit.index)
        if found is not None and words[found.index] in REFLEXIVE_PRONOUNS:
            pronoun = sentence.cased[found.index]
            form = REFLEXIVE_PRONOUNS[words[found.index]]
            agreement = "" if pronoun.lower() in self.accepted else f", and as {form.describe()} it does not " \
                f"suit the antecedent (expected {_either(self.accepted)})"
            group = sentence.text(found.verb_start, hit.end)
            return Verdict.failed(f"the reflexive {pronoun!r} stands before {group!r}, "
                                  f"in the French clitic position, not as the object of {verb!r}{agreement}", pronoun)
        auxiliary = passive_auxiliary(sentence, hit.index)
        if auxiliary is not None:
            phrase = sentence.text(auxiliary, hit.end)
            return Verdict.failed(f"{phrase!r} is a passive: someone else acts on the subject, and the reflexive "
                                  f"relation of the source is lost (expected {_either(self.accepted)})", phrase)
        after = sentence.skip_adverbs(hit.end)
        following = words[after] if after < len(words) else "."
        if "" in prepositions and hit.particle is None and hit.lemma.split()[0] not in REFLEXIVE_OPTIONAL_VERBS and (
                not following[0].isalpha() or following in PREPOSITIONS or following in CONJUNCTIONS):
            return Verdict.failed(f"{verb!r} has no object: the reflexive of the source is dropped, and {hit.lemma!r} "
                                  f"without an object does not mean acting on oneself (expected "
                                  f"{_either(self.accepted)})", verb)
        return None

    def _is_pronoun_here(self, index: int) -> bool:
        word = self.words[index]
        following = self.words[index + 1] if index + 1 < len(self.words) else "."
        if word in ("her", "his", "its") and following[0].isalpha() and following not in PREPOSITIONS \
                and not is_adverb(following) and following not in PLACE_ADVERBS \
                and following not in ("and", "or", "but"):
            return False  # a possessive determiner: *her book*
        if word in _DEMONSTRATIVES and following[0].isalpha() and following not in PREPOSITIONS:
            return False  # *that book*, *that he…*
        if word == "so" and following[0].isalpha() and following not in ("far",):
            return following in PREPOSITIONS
        return True

    def _is_embedded_subject(self, index: int) -> bool:
        """*I suppose it works*: a subject pronoun followed by its verb opens an embedded clause."""
        word = self.words[index]
        following = self.words[index + 1] if index + 1 < len(self.words) else "."
        if word not in PERSONAL_PRONOUNS or PERSONAL_PRONOUNS[word].case not in ("subject", "both"):
            return False
        return following[0].isalpha() and not is_adverb(following) and following not in _NOT_VERBS

    def slot_after(self, hit: VerbHit) -> tuple[Slot | None, bool]:
        """The first pronoun of the class in the verb's clause, and whether an embedded clause came first."""
        start = hit.end if hit.particle is None else hit.index + 1
        end = self.sentence.clause_end(start)
        for index in range(start, end):
            word = self.words[index]
            if word in _CLAUSE_OPENERS or (word == "that" and not self._is_pronoun_here(index)):
                return None, False
            if word not in self.candidates or not self._is_pronoun_here(index):
                continue
            if self._is_embedded_subject(index):
                return None, True
            previous = self.words[index - 1]
            direct = index - 1 in (hit.index, hit.particle) or previous not in PREPOSITIONS
            if previous == "of" and index >= 2 and self.words[index - 2] in ("off", "out"):
                previous = self.words[index - 2] if self.words[index - 2] == "off" else "out of"  # *off of them*
            return Slot(index, word, "" if direct else previous), False
        return None, False

    def possessive_after(self, hit: VerbHit) -> str:
        """A possessive determiner in the verb's clause (*looked at her reflection*)."""
        end = self.sentence.clause_end(hit.end)
        return next((w for w in self.words[hit.end:end] if w in POSSESSIVE_DETERMINERS), "")

    def anywhere(self) -> str:
        return next((w for w in self.words if w in self.accepted), "")

    def first_anywhere(self) -> Slot | None:
        for index, word in enumerate(self.words):
            if index == 0 or word not in self.candidates or not self._is_pronoun_here(index):
                continue
            if word in PERSONAL_PRONOUNS and PERSONAL_PRONOUNS[word].case == "subject" and not self.reflexive:
                continue
            if self._is_embedded_subject(index):
                continue
            previous = self.words[index - 1]
            return Slot(index, word, previous if previous in PREPOSITIONS else "")
        return None

    def governing_verb(self, slot: Slot) -> str:
        """The verb the pronoun at ``slot`` is the complement of, when none of the item's verbs was found:
        the open-class word before it, past a preposition and adverbs (*hears her*, *buy herself*, *looked
        at herself*); "" for a name, a closed-class word or the sentence's start."""
        at = self.sentence.skip_adverbs_back(slot.index - 1)
        if at >= 0 and self.words[at] in PREPOSITIONS:
            at = self.sentence.skip_adverbs_back(at - 1)
        if at < 0 or self.sentence.capitals[at] or self.words[at] in CLOSED_CLASS or not self.words[at][:1].isalpha():
            return ""
        return self.sentence.cased[at]

    def judge_form(self, slot: Slot, verb: str | None) -> Verdict:
        where = f" after {verb!r}" if verb else ""
        if slot.word in self.accepted:
            return Verdict.passed(f"{slot.word!r}{where} renders the clitic with the expected features", slot.word)
        if slot.word in _DEMONSTRATIVES:
            return Verdict.undecided(f"the demonstrative {slot.word!r}{where} stands for the clitic: left to a human")
        found = REFLEXIVE_PRONOUNS.get(slot.word) or PERSONAL_PRONOUNS.get(slot.word)
        if found is None:
            what = f"{slot.word!r}"
        elif self.reflexive and slot.word not in REFLEXIVE_PRONOUNS:
            what = f"the non-reflexive {slot.word!r} ({found.describe()})"
        elif found.case == "subject":
            what = f"the subject form {slot.word!r} ({found.describe()})"
        else:
            what = f"{slot.word!r} ({found.describe()})"
        return Verdict.failed(f"expected {_either(self.accepted)}{where}; found {what}", slot.word)

    def judge(self, slot: Slot, hit: VerbHit, prepositions: tuple[str, ...]) -> Verdict:
        verb = self.sentence.text(hit.index, hit.index + 1)
        if slot.word not in self.accepted:
            return self.judge_form(slot, verb)
        auxiliary = passive_auxiliary(self.sentence, hit.index)
        if self.reflexive and not slot.preposition and "" in prepositions and auxiliary is not None:
            phrase = self.sentence.text(auxiliary, slot.index + 1)
            return Verdict.failed(f"{phrase!r}: a passive verb takes no object, so {slot.word!r} is not its "
                                  "complement (the French 'se' rendered as a passive and a reflexive at once)", phrase)
        if slot.preposition not in prepositions:
            wanted = " or ".join(repr(p) if p else "no preposition" for p in prepositions)
            found = repr(slot.preposition) if slot.preposition else "no preposition"
            return Verdict.failed(f"{hit.lemma!r} needs {wanted} before {slot.word!r}; found {found} "
                                  f"({self.sentence.text(hit.index, slot.index + 1)!r})", slot.word)
        how = f"introduced by {slot.preposition!r}" if slot.preposition else "as its direct object"
        return Verdict.passed(f"{slot.word!r} is the complement of {verb!r} {how}, with the expected features",
                              self.sentence.text(hit.index, slot.index + 1))


def _either(forms: tuple[str, ...]) -> str:
    described = []
    for form in forms:
        features = REFLEXIVE_PRONOUNS.get(form) or PERSONAL_PRONOUNS.get(form)
        described.append(f"{form!r} ({features.describe()})" if features else repr(form))
    return " or ".join(described)

