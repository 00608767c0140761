"""The ``en_finite_clause`` family: a French non-finite clause rendered as an English finite clause."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.en import EnglishChecker, Words, tense_lists, words_of
from pytest_mtchallenge.languages.en.inflection import (
    IRREGULAR_PAST,
    inflect,
    is_gerund,
    is_participle,
    is_past_form,
    is_regular_past,
)
from pytest_mtchallenge.languages.en.reader import (
    TENSE_NAMES,
    lexical_word,
    NounPhrase,
    Sentence,
    is_adverb,
    subject_at,
    verb_group,
)
from pytest_mtchallenge.languages.en.words import (
    AUXILIARIES,
    BE_FORMS,
    CLOSED_CLASS,
    DETERMINERS,
    ERGATIVE_VERBS,
    PERSONAL_PRONOUNS,
    POSSESSIVE_DETERMINERS,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"governors", "conjunctions", "subjects", "accept", "reject", "verbs"}


@dataclass(frozen=True, slots=True)
class FiniteClauseParams(FamilyParams):
    governors: Words
    conjunctions: Words
    subjects: Words
    verbs: Words
    accept: tuple[str, ...]  # verb-group tenses (TENSE_NAMES)
    reject: tuple[str, ...]

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> FiniteClauseParams:
        check_keys(mapping, _PARAMS, required=("subjects", "accept", "reject"))
        if "governors" not in mapping and "conjunctions" not in mapping:
            raise ValueError("give 'governors' or 'conjunctions' (what introduces the clause)")
        governors = words_of(mapping.get("governors"), "governors", required=False)
        conjunctions = words_of(mapping.get("conjunctions"), "conjunctions", required=False)
        subjects = words_of(mapping["subjects"], "subjects")
        verbs = words_of(mapping.get("verbs"), "verbs", required=False)
        return cls(governors, conjunctions, subjects, verbs, *tense_lists(mapping))


class FiniteClauseChecker(EnglishChecker):
    """Whether a French infinitive or participle clause became an English finite clause with the
    right subject and tense.

    *Max croit connaître la vérité* → *Max thinks he knows the truth* (not *thinks to know*);
    *Aussitôt son travail terminé, Mary partit* → *As soon as her work was over, Mary left*.

    Parameters:

    - ``governors``: English verbs that introduce the clause (*think, believe, feel*; ``be
      convinced`` for *be* + a participle); or ``conjunctions``: the phrases that open it (*as soon
      as, once*). One of the two is needed.
    - ``subjects``: the accepted subjects of the clause (``[he]``, ``[her work, she]``). A personal
      pronoun with other features, or the same noun with another possessive (*his work*), fails.
    - ``accept`` / ``reject``: the verb-group tenses that pass / fail (``present``, ``past``,
      ``past_perfect``, ``nonfinite`` for *to know* / *knowing* / *her work done*, ``none``…).
    - ``verbs``: optional, the English renderings of the French infinitive (*know*): a finite clause
      whose verb is none of them is left to a human; one of them right after the opener, with no
      subject (*believe know*), is the French infinitive kept bare and fails where ``nonfinite`` is
      rejected.

    A bare verb after a 3rd person singular subject (*her work terminate*: the ``base`` form) is not
    a finite indicative clause: it fails unless ``base`` or ``plain`` is accepted.

    Absolute constructions, where ``nonfinite`` is rejected: with no opener in the output, a noun
    phrase + participle + comma before the main clause (*Her work finished, Mary left*; *Immediately
    her work terminated, Mary parted*) keeps the French participle clause and loses its conjunction:
    fail. After an opener, a noun subject + a lone past form before the comma is a finite past only
    when the verb has an intransitive use with the undergoer as subject (*her work finished*,
    :data:`~pytest_mtchallenge.languages.en.words.ERGATIVE_VERBS`: undecided); otherwise it is a
    participle (*Once her work completed*: fail). A noun phrase alone after the opener, the French
    participle turned into an adjective before the noun (*As soon as her finished work, Mary left*),
    has no clause: fail where ``none`` is rejected.

    A pass without ``verbs`` rests on the clause's lexical verb (``Verdict.content``; the participle after
    its auxiliaries, the predicate after *be*): the judge asks whether it renders the source's (*As soon
    as her car was sold, Mary left* for *Aussitôt son travail terminé, Mary partit* is left to a human).
    With ``verbs`` the verb is already one of the item's renderings.
    """

    name = "en_finite_clause"
    #: 2: names what it did not find (Verdict.not_found); a bare verb in the clause fails. 3: absolute
    #: constructions fail (no conjunction; or a participle of a verb without intransitive use)
    # 4: a pass without verbs rests on the clause's lexical verb (Verdict.content), compared with the source
    version = "4"
    description = "Non-finite to finite clause: the English clause's subject and tense"
    Params = FiniteClauseParams
    construction_params = ("governors", "conjunctions")

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = FiniteClauseParams.of(item)
        openers = self._openers(sentence, params.governors, params.conjunctions)
        if not openers:
            absolute = _absolute_construction(sentence)
            if absolute is not None and "nonfinite" in params.reject:
                phrase = sentence.text(*absolute)
                return Verdict.failed(f"{phrase!r} before the main clause is an absolute construction (a noun "
                                      "phrase and a participle, no conjunction): the French participle clause is "
                                      "kept non-finite and its conjunction is lost", phrase)
            return Verdict.not_found("the governing verb or conjunction of the source's clause",
                                     "nothing introduces the clause (no governing verb or conjunction of the "
                                     "source found): left to a human")
        verbs = params.verbs
        heads = {hit.index for hit in sentence.verb_hits(verbs, particle_gap=0)} if verbs else None
        for start, end in openers:
            verdict = self._judge(sentence, start, end, params.subjects, params.accept, params.reject, heads)
            if verdict is not None:
                return verdict
        opener = sentence.text(*openers[0])
        return Verdict.not_found(f"a clause with a subject and a finite verb after {opener!r}",
                                 f"no clause with a subject and a verb after {opener!r}: left to a human")

    def _openers(self, sentence: Sentence, governors: tuple[str, ...],
                 conjunctions: tuple[str, ...]) -> list[tuple[int, int]]:
        openers: list[tuple[int, int]] = []
        for governor in governors:
            words = governor.split()
            if words[0] == "be" and len(words) == 2:
                for index in sentence.find([words[1]]):
                    before = sentence.skip_adverbs_back(index - 1)
                    if before >= 0 and (sentence.words[before] in BE_FORMS or sentence.words[before] == "'s"):
                        openers.append((before, index + 1))
            else:
                openers.extend((hit.index, hit.end) for hit in sentence.verb_hits([governor], particle_gap=0))
        for conjunction in conjunctions:
            openers.extend(sentence.find_phrase(conjunction))
        return sorted(set(openers))

    def _judge(self, sentence: Sentence, start: int, end: int, subjects: tuple[str, ...],
               accept: tuple[str, ...], reject: tuple[str, ...], heads: set[int] | None) -> Verdict | None:
        words = sentence.words
        opener = sentence.text(start, end)
        index = end + 1 if end < len(words) and words[end] == "that" else end
        index = sentence.skip_adverbs(index)
        if index < len(words) and (words[index] == "to" or is_gerund(words[index])):
            phrase = sentence.text(index, index + 2)
            if "nonfinite" in reject:
                return Verdict.failed(f"after {opener!r}, the non-finite {phrase!r}: English needs a finite clause "
                                      "with its own subject", phrase)
            return None
        if heads is not None and index in heads and "nonfinite" in reject:
            phrase = sentence.text(start, index + 1)
            return Verdict.failed(f"{phrase!r}: the verb of the clause follows {opener!r} bare, without a subject "
                                  "(the French infinitive kept); English needs a finite clause with its own subject",
                                  phrase)
        verbless = _verbless_noun_phrase(sentence, index)
        if verbless is not None and "none" in reject:
            phrase = sentence.text(start, verbless)
            return Verdict.failed(f"{phrase!r}: only a noun phrase follows {opener!r}, its participle turned into an "
                                  "adjective; there is no clause, and English needs a finite one", phrase)
        subject = subject_at(sentence, index) or _accepted_subject(sentence, index, subjects)
        if subject is None:
            return None
        found = " ".join(words[subject.start:subject.end])
        if found not in subjects:
            problem = self._wrong_subject(sentence, subject.start, subject.end, subjects)
            if problem:
                return Verdict.failed(f"expected the subject {' / '.join(repr(s) for s in subjects)} after "
                                      f"{opener!r}; found {subject.text!r} ({problem})", subject.text)
            return Verdict.undecided(f"the clause after {opener!r} has the subject {subject.text!r}, not one of "
                                     f"{', '.join(subjects)}: left to a human", subject.text)
        group = verb_group(sentence, subject.end, third_singular=subject.third_singular)
        clause = f"{subject.text} {group.text}".strip()
        if group.tense == "past" and subject.pronoun is None and group.end == group.head + 1 \
                and (is_regular_past(words[group.head]) or words[group.head] in IRREGULAR_PAST) \
                and group.start == group.head and (group.end >= len(words) or not words[group.end][0].isalpha()):
            if not _ergative(words[group.head]) and "nonfinite" in reject:
                return Verdict.failed(f"{clause!r}: {words[group.head]!r} has no intransitive use with the undergoer "
                                      "as subject (unlike 'finished', 'ended'), so it is a participle: an absolute "
                                      "construction, not a finite clause", clause)
            return Verdict.undecided(f"{clause!r} may be a finite past or a participle (an absolute construction): "
                                     "left to a human", clause)
        if heads is not None and group.tense in accept and group.head not in heads:
            return Verdict.undecided(f"after {opener!r}, the clause {clause!r} does not have the source's verb: left "
                                     "to a human", clause)
        if group.tense in accept:
            # with ``verbs`` the clause's verb is one of the item's renderings; without, it is compared
            return Verdict.passed(f"after {opener!r}, the finite clause {clause!r} has the expected subject and the "
                                  f"{group.describe()}", clause).resting_on(
                lexical_word(sentence, group.head) if heads is None else "")
        if group.tense in reject or (group.tense == "base" and "plain" not in accept):
            expected = " or ".join(TENSE_NAMES[t] for t in accept)
            return Verdict.failed(f"after {opener!r}, expected a finite clause in the {expected}; found {clause!r} "
                                  f"({group.describe()})", clause)
        return Verdict.undecided(f"after {opener!r}, {clause!r} ({group.describe()}): left to a human", clause)

    @staticmethod
    def _wrong_subject(sentence: Sentence, start: int, end: int, subjects: tuple[str, ...]) -> str:
        """Why the found subject cannot be the source's: other pronoun features, or another possessor."""
        words = sentence.words[start:end]
        if len(words) == 1 and words[0] in PERSONAL_PRONOUNS and any(s in PERSONAL_PRONOUNS for s in subjects):
            return f"{PERSONAL_PRONOUNS[words[0]].describe()}, not the antecedent's features"
        if words[0] in POSSESSIVE_DETERMINERS:
            for accepted in subjects:
                parts = accepted.split()
                if parts[0] in POSSESSIVE_DETERMINERS and parts[1:] == list(words[1:]):
                    return f"the possessive {words[0]!r} does not refer to the antecedent ({parts[0]!r})"
        if len(words) == 1 and words[0] in PERSONAL_PRONOUNS:
            return f"{PERSONAL_PRONOUNS[words[0]].describe()}, not the antecedent's features"
        return ""


def _accepted_subject(sentence: Sentence, index: int, subjects: tuple[str, ...]) -> NounPhrase | None:
    """One of the accepted subjects, as written, at ``index``: read even when the word after it is a
    bare verb that does not look like a verb group (*her work terminate*)."""
    for accepted in sorted(subjects, key=lambda s: -len(s.split())):
        tokens = accepted.split()
        end = index + len(tokens)
        if tuple(sentence.words[index:end]) != tuple(tokens) or end >= len(sentence.words) \
                or not sentence.words[end][:1].isalpha():
            continue
        pronoun = PERSONAL_PRONOUNS.get(tokens[-1]) if len(tokens) == 1 else None
        if pronoun is not None:
            singular = None if tokens[0] == "you" else (pronoun.person == 3 and pronoun.number == "s")
        else:
            singular = not (tokens[-1].endswith("s") and not tokens[-1].endswith("ss"))
        return NounPhrase(index, end, sentence.text(index, end), singular, pronoun)
    return None


def _ergative(form: str) -> bool:
    """Whether a past form belongs to a verb of :data:`ERGATIVE_VERBS` (*finished*, *ended*)."""
    return any(form in inflect(verb).past for verb in ERGATIVE_VERBS)


def _absolute_construction(sentence: Sentence) -> tuple[int, int] | None:
    """*Her work finished, Mary left*, *Immediately her work terminated, …*: at the start of the
    output, across adverbs, a determiner or possessive and its noun, a participle and a comma before
    the main clause: (start, end) of the noun phrase and participle, or None."""
    words = sentence.words
    index = sentence.skip_adverbs(0)
    if index >= len(words) or words[index] not in DETERMINERS:
        return None
    start = index
    index += 1
    nouns = 0
    while index < len(words) and nouns < 3 and words[index][0].isalpha() and not is_adverb(words[index]) \
            and not is_participle(words[index]) and words[index] not in CLOSED_CLASS:
        index += 1
        nouns += 1
    if not nouns:
        return None
    participle = sentence.skip_adverbs(index)
    if participle >= len(words) or not is_participle(words[participle]):
        return None
    after = sentence.skip_adverbs(participle + 1)
    if after >= len(words) - 1 or words[after] != ",":
        return None
    return start, participle + 1


def _verbless_noun_phrase(sentence: Sentence, index: int) -> int | None:
    """*As soon as its finished work, Mary left*: a determiner, a participle used as an adjective
    before the noun, and no verb up to the comma: the end of the noun phrase, or None."""
    words = sentence.words
    if index >= len(words) or words[index] not in DETERMINERS:
        return None
    end = sentence.clause_end(index)
    if end >= len(words) or words[end] != "," or end - index < 2:
        return None
    last = words[end - 1]
    if any(w in AUXILIARIES for w in words[index:end]) or is_participle(last) or is_past_form(last) \
            or is_gerund(last) or last in CLOSED_CLASS:
        return None
    if not any(is_participle(w) for w in words[index + 1:end - 1]):
        return None  # *after her work*: a prepositional phrase, a rephrasing for a human
    return end
