"""The ``agreement`` family: subject–verb and predicate agreement, checked with the lexicon."""
from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker, features
from pytest_mtchallenge.languages.fr.reader import (
    COPULAS,
    DETERMINERS,
    NEGATION,
    Features,
    Phrase,
    SentenceReader,
    join_words,
    resolve_coordination,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"subject", "controller", "check", "optional"}
_TARGETS = ("verb", "predicate")


def _conjuncts(value: object) -> tuple[Features, ...]:
    if isinstance(value, Mapping):
        return (features(value, "subject"),)
    if isinstance(value, Sequence) and not isinstance(value, str) and value:
        return tuple(features(v, f"subject[{i}]") for i, v in enumerate(value))
    raise ValueError("subject must be the features of the subject, or a list of the conjuncts' features")


def _targets(value: object, name: str) -> tuple[str, ...]:
    if (not isinstance(value, Sequence) or isinstance(value, str)
            or not all(isinstance(target, str) and target in _TARGETS for target in value)):
        raise ValueError(f"{name} must be a list of: verb, predicate")
    return tuple(value)


@dataclass(frozen=True, slots=True)
class AgreementParams(FamilyParams):
    """The subject's conjuncts (or the controller's features) and the words that must agree."""

    subject: tuple[Features, ...]  # empty when the item gives a controller
    controller: Features | None
    check: tuple[str, ...]  # of _TARGETS
    optional: tuple[str, ...]

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> AgreementParams:
        reject_unknown(mapping, _PARAMS)
        if ("subject" in mapping) == ("controller" in mapping):
            raise ValueError("give exactly one of 'subject' or 'controller'")
        subject: tuple[Features, ...] = ()
        controller = None
        if "subject" in mapping:
            subject = _conjuncts(mapping["subject"])
        else:
            controller = features(mapping["controller"], "controller")
        check = _targets(mapping.get("check", _TARGETS), "check")
        optional = _targets(mapping.get("optional", ()), "optional")
        if not check:
            raise ValueError("check must name at least one of: verb, predicate")
        return cls(subject, controller, check, optional)


class AgreementChecker(FrenchChecker):
    """Agreement of the finite verb and the predicate adjectives/participles with their controller.

    Parameters (from the source sentence, never from an output):

    - ``subject``: the features (``person``, ``number``, ``gender``) of the subject, or a list of
      the conjuncts' features for a coordinated subject. The checker resolves coordination the
      French way (plural; smallest person wins; feminine only if every conjunct is).
    - ``check``: which words must agree, ``[verb, predicate]`` by default.
    - ``optional``: targets of ``check`` that the output may lack (``[predicate]``: a translation
      without a predicate adjective is judged on its verbs alone).
    - ``controller``: instead of ``subject``, the features that the predicate of an infinitive
      clause must carry (subject- versus object-control verbs: *promettre à X d'être…*).

    The output's own subject is read with the lexicon. When it does not carry the expected
    person and number (the translation changed the subject), the checker is undecided rather than
    judging agreement with a subject the source does not have. Where only a gender differs (*mes
    souliers et mes bas* for *my shoes and my socks*), the verb is judged on person and number and a
    predicate agrees with the output's own subject (*seront retrouvés*).

    Where the subject is:

    - after a fronted subordinate clause set off by a comma (*Quand il pleut, le chat et le chien …*): the
      main clause's;

    - an impersonal *il* of a matrix that takes a *que* clause (*il faut / faudrait que, il importe que,
      il vaut mieux que, il se peut que, il est important que …*): the subject of the *que* clause
      (*Il faut que la vache et la poule soient nourries*), or undecided when it cannot be read;
    - coordinated by *ainsi que* / *de même que* without commas: two conjuncts, as with *et* (*mon père
      ainsi que mon frère seront*); set off by commas (*, ainsi que mon frère,*) it is parenthetical;
    - not found at the start (*Soudain bruit dans …*, *C'était …*): the first finite verb that is not also
      a noun is judged against the source's subject; after *c'est* / *c'était* the adjectives of the
      presented noun phrase are the predicates (*C'était une femme très grande et extrêmement forte*);
    - followed by a bare copula instead of a finite verb (*Leurs politiciens être plus ignorants …*): when
      ``check`` names only the predicate, the predicates after the copula are judged; a checked verb is
      missing (not found).

    Predicates are found after copulas (*être, sembler, paraître, devenir, rester, demeurer*, and
    *se montrer, se révéler, s'avérer, se sentir*), in a subject-control infinitive complement (*risquent
    d'être volés*, *refusent de rester seules*), past adverbial locutions (*sans peine*, *tout de suite*)
    and floating quantifiers (*sont tous deux nerveux*).

    A pass rests on the predicates (``Verdict.content``): the judge asks whether they render the
    source's words (:func:`~pytest_mtchallenge.languages.relatedness.unsupported`), so that
    *La femme était très fatiguée* for *The woman was very tall* is left to a human, not passed.
    """

    name = "agreement"
    description = "Subject-verb and predicate agreement (lexicon-backed)"
    # 2: reformed spellings (connait), word-less outputs n/a; 3: fronted adverbials, a noun's own features over a
    # disagreeing determiner, a missing verb or predicate in a broken output fails
    # 4: coordinations in another order, a noun after a prenominal adjective or in English order
    # 5: impersonal matrices, ainsi que, another gender of the subject, no subject read, c'est + noun phrase,
    # a bare copula, predicates in infinitive complements and after adverbials and floating quantifiers
    # 6: a pass rests on the predicates (Verdict.content), which the judge compares with the source's words
    # 7: a pass on the verb alone rests on its lexical verb (SentenceReader.meaning_words: *auraient dû nous alerter*)
    version = "7"
    Params = AgreementParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = AgreementParams.of(item)
        if params.controller is not None:
            return self._check_control(reader, params.controller)
        conjuncts = list(params.subject)
        expected = resolve_coordination(conjuncts)
        check = params.check

        found = reader.subject(_after_fronted_clause(reader))
        impersonal = _impersonal_matrix(reader, found)
        if impersonal is not None:
            found = reader.subject(impersonal)
            if found is None:
                return Verdict.undecided("the subject of the impersonal matrix's que clause could not be read "
                                         f"({join_words(reader.tokens[impersonal:impersonal + 3])!r} …)")
        if found is None:
            return self._check_without_subject(reader, expected, check, item)
        phrases, after_subject = found
        subject_text = " et ".join(p.head for p in phrases)
        if len(phrases) != len(conjuncts):
            return Verdict.undecided(
                f"the output's subject ({subject_text!r}) has {len(phrases)} conjunct(s), the source {len(conjuncts)}")
        actual = resolve_coordination([p.features for p in phrases])
        # coordination is unordered for agreement (*lui et vous* renders *you and he*): match each
        # conjunct of the output with one of the source's
        order = next((p for p in itertools.permutations(conjuncts)
                      if all(_compatible(phrase.features, want) for phrase, want in zip(phrases, p))), None)
        if order is None and not _same_but_gender(phrases, conjuncts, actual, expected):
            phrase, want = next((phrase, want) for phrase, want in zip(phrases, conjuncts)
                                if not _compatible(phrase.features, want))
            return Verdict.undecided(
                f"the output's subject {phrase.head!r} is {phrase.features.describe()}, not {want.describe()} as in "
                "the source: agreement is not judged against a changed subject")
        # the same person and number as the source's subject, another gender (*mes souliers* for *my shoes*,
        # *chaussures*): the verb agrees in person and number, a predicate with the output's own subject
        target = Features(expected.person, expected.number, actual.gender or expected.gender)

        verb = reader.first_finite_verb(after_subject)
        if verb is None:
            return self._check_bare_copula(reader, after_subject, target, check, item, subject_text)
        return self._judge(reader, verb, target, check, item, f"subject {subject_text!r}")

    def _judge(self, reader: SentenceReader, verb: int, target: Features, check: tuple[str, ...],
               item: ChallengeItem, subject: str, *, note: str = "") -> Verdict:
        """Judge the verb and predicates after ``verb``; a pass rests on the predicates (the output's
        adjectives and participles that the judge compares with the source's words)."""
        problems: list[str] = []
        checked: list[str] = []
        predicates: list[int] = []
        if "verb" in check:
            for index in [verb, *reader.coordinated_finite_verbs(verb + 1)]:
                ok, described = self._verb_agrees(reader, index, target)
                (checked if ok else problems).append(described)
        if "predicate" in check:
            predicates = [p for v in [verb, *reader.coordinated_finite_verbs(verb + 1)] for p in reader.predicates(v)]
            if not predicates and "predicate" not in AgreementParams.of(item).optional:
                if problems:
                    return _fail(problems, target, subject, note)
                return Verdict.not_found("a predicate adjective or participle",
                                         f"{note}no predicate adjective or participle found after "
                                         f"{reader.tokens[verb]!r}")
            for index in predicates:
                ok, described = self._predicate_agrees(reader, index, target)
                (checked if ok else problems).append(described)
        if problems:
            return _fail(problems, target, subject, note)
        return Verdict.passed(f"{note}{', '.join(checked)} agree{'s' if len(checked) == 1 else ''} with the "
                              f"{target.describe()} {subject}", *checked).resting_on(
            *(reader.tokens[index] for index in predicates) if "predicate" in check else reader.meaning_words(verb))

    def _check_without_subject(self, reader: SentenceReader, expected: Features, check: tuple[str, ...],
                               item: ChallengeItem) -> Verdict:
        """No subject read at the start (*C'était une femme…*, *Soudain bruit dans…*): the first finite verb
        that is not also a noun (*être* and *avoir* aside: *est*) is judged against the source's subject."""
        start = _after_fronted_clause(reader)
        start = reader.after_fronted_adverbial() if start is None else start
        verb = next((i for i in range(start, len(reader.tokens))
                     if reader.finite_readings(i) and not reader.is_nominal_context(i)
                     and (not reader.has_pos(i, "noun")
                          or any(a.lemma in ("être", "avoir") for a in reader.finite_readings(i)))), None)
        if verb is None or any(t in (".", "?", "!", ";") for t in reader.tokens[start:verb]):
            return Verdict.not_found("a subject at the start of the sentence",
                                     "could not find the subject at the start of the output")
        note = "no subject read at the start of the output; "
        presented = _presented_noun(reader, verb)
        if "predicate" in check and presented is not None and not reader.predicates(verb):
            # *C'était une femme très grande et extrêmement forte*: the presented noun phrase is the
            # source's subject, and the adjectives after its noun are the predicates
            predicates = reader.predicates(presented, linked=True)
            if predicates:
                problems, checked = [], []
                for index in predicates:
                    ok, described = self._predicate_agrees(reader, index, expected)
                    (checked if ok else problems).append(described)
                note = f"the subject is presented by {reader.tokens[verb - 1]!r} + {reader.tokens[verb]!r}; "
                subject = f"noun {reader.tokens[presented]!r}"
                if problems:
                    return _fail(problems, expected, subject, note)
                return Verdict.passed(f"{note}{', '.join(checked)} agree{'s' if len(checked) == 1 else ''} with "
                                      f"the {expected.describe()} {subject}", *checked).resting_on(
                    *(reader.tokens[index] for index in predicates))
        return self._judge(reader, verb, expected, check, item, "subject of the source", note=note)

    def _check_bare_copula(self, reader: SentenceReader, after_subject: int, target: Features,
                           check: tuple[str, ...], item: ChallengeItem, subject_text: str) -> Verdict:
        """No finite verb after the subject. A bare copula in its place (*Leurs politiciens être plus
        ignorants…*) leaves the predicates to judge when only they are checked; a checked verb is missing."""
        missing = Verdict.not_found("a finite verb", f"no finite verb found after the subject {subject_text!r}")
        if "verb" in check or "predicate" not in check:
            return missing
        copula = after_subject
        while copula < len(reader.tokens) and (reader.tokens[copula] in NEGATION or reader.is_adverb(copula)):
            copula += 1
        if copula >= len(reader.tokens) or not (reader.tokens[copula] == "être" or any(
                a.mood == "infinitive" and a.lemma in COPULAS for a in reader.readings(copula))):
            return missing
        predicates = reader.predicates(copula, linked=True)
        if not predicates:
            return missing
        problems, checked = [], []
        for index in predicates:
            ok, described = self._predicate_agrees(reader, index, target)
            (checked if ok else problems).append(described)
        note = f"the copula {reader.tokens[copula]!r} is left unconjugated; "
        if problems:
            return _fail(problems, target, f"subject {subject_text!r}", note)
        return Verdict.passed(f"{note}{', '.join(checked)} agree{'s' if len(checked) == 1 else ''} with the "
                              f"{target.describe()} subject {subject_text!r}", *checked).resting_on(
            *(reader.tokens[index] for index in predicates))

    def _check_control(self, reader: SentenceReader, controller: Features) -> Verdict:
        predicates: list[int] = []
        for start in reader.copula_infinitives(0):
            predicates.extend(reader.predicates(start, linked=True))
        verb = reader.first_finite_verb(0)
        if verb is not None:
            for copula in reader.finite_copulas(verb + 1):
                predicates.extend(reader.predicates(copula))
        if not predicates:
            return Verdict.not_found("a predicate adjective",
                                     "no predicate adjective found in an infinitive or subordinate clause")
        problems, checked = [], []
        for index in sorted(set(predicates)):
            ok, described = self._predicate_agrees(reader, index, controller)
            (checked if ok else problems).append(described)
        if problems:
            return Verdict.failed(f"expected agreement with the {controller.describe()} controller; found "
                                  + "; ".join(problems), *problems)
        return Verdict.passed(f"{', '.join(checked)} agree{'s' if len(checked) == 1 else ''} with the "
                              f"{controller.describe()} controller", *checked).resting_on(
            *(reader.tokens[index] for index in sorted(set(predicates))))

    def _verb_agrees(self, reader: SentenceReader, index: int, target: Features) -> tuple[bool, str]:
        readings = reader.finite_readings(index)
        token = reader.tokens[index]
        ok = any(a.person == target.person and (target.number is None or a.number == target.number) for a in readings)
        return ok, f"{token!r} ({'; '.join(sorted({a.describe() for a in readings}))})"

    def _predicate_agrees(self, reader: SentenceReader, index: int, target: Features) -> tuple[bool, str]:
        readings = [a for a in reader.readings(index) if a.pos == "adj" or (a.pos == "verb" and a.mood == "participle")]
        token = reader.tokens[index]
        ok = any(
            (target.number is None or a.number in (None, target.number))
            and (target.gender is None or a.gender in (None, target.gender))
            for a in readings
        )
        return ok, f"{token!r} ({'; '.join(sorted({a.describe() for a in readings}))})"


def _compatible(found: Features, want: Features) -> bool:
    if found.person != want.person:
        return False
    if found.number and want.number and found.number != want.number:
        return False
    return not (found.gender and want.gender and found.gender != want.gender)


#: Words that open a fronted subordinate clause (*Quand il pleut, …*, *Si elle part, …*).
SUBORDINATORS = frozenset({"quand", "lorsque", "lorsqu'", "si", "s'", "comme", "parce", "puisque", "puisqu'",
                           "bien", "quoique", "quoiqu'", "pendant", "tandis", "dès", "après", "avant", "afin", "pour",
                           "alors", "même", "depuis", "tant", "sitôt", "aussitôt"})


def _after_fronted_clause(reader: SentenceReader) -> int | None:
    """The index after a fronted subordinate clause set off by a comma (*Quand il pleut, le chat …*): the
    main clause, whose subject is the one to judge; None when the sentence opens otherwise."""
    tokens = reader.tokens
    if not tokens or tokens[0] not in SUBORDINATORS or "," not in tokens:
        return None
    comma = tokens.index(",")
    if any(t in (".", "?", "!", ";") for t in tokens[:comma]) or not any(
            reader.finite_readings(i) for i in range(1, comma)):
        return None
    return comma + 1


def _presented_noun(reader: SentenceReader, verb: int) -> int | None:
    """The head noun of the noun phrase that *c'est* / *c'était* presents (*C'était une femme …*), or None."""
    if verb == 0 or reader.tokens[verb - 1] not in ("c'", "ce") or not any(
            a.lemma == "être" for a in reader.finite_readings(verb)):
        return None
    phrase = reader.noun_phrase(verb + 1)
    if phrase is None or reader.tokens[verb + 1] not in DETERMINERS:
        return None
    return next((i for i in range(phrase.start, phrase.end) if reader.tokens[i] == phrase.head), None)


def _same_but_gender(phrases: list[Phrase], conjuncts: list[Features], actual: Features, expected: Features) -> bool:
    """Whether the output's conjuncts have the source's persons and numbers (in some order) and only a gender
    differs, with the same person and number once coordinated (*mes souliers et mes bas* for *my shoes
    and my socks*, rendered *chaussures, chaussettes*)."""
    if not _compatible(Features(actual.person, actual.number), expected):
        return False
    return any(all(_compatible(Features(phrase.features.person, phrase.features.number), want)
                   for phrase, want in zip(phrases, order)) for order in itertools.permutations(conjuncts))


def _fail(problems: list[str], target: Features, subject: str, note: str = "") -> Verdict:
    return Verdict.failed(f"{note}expected agreement with the {target.describe()} {subject}; found "
                          + "; ".join(problems), *problems)


#: Verbs of an impersonal matrix whose real subject is in the *que* clause (*il faut que …*, *il importe
#: que …*, *il vaut mieux que …*, *il se peut que …*); *être* + adjective too (*il est important que …*).
IMPERSONAL_VERBS = frozenset({"falloir", "importer", "convenir", "suffire", "valoir", "sembler", "paraître",
                              "pouvoir", "être"})
#: Adjectives of the impersonal frame *il est ADJ que* (*il est important / nécessaire / possible que*).
IMPERSONAL_ADJECTIVES = frozenset({
    "important", "nécessaire", "essentiel", "indispensable", "primordial", "urgent", "utile", "inutile", "possible",
    "impossible", "probable", "improbable", "certain", "évident", "clair", "vrai", "faux", "exact", "normal", "naturel",
    "juste", "injuste", "préférable", "souhaitable", "regrettable", "dommage", "rare", "fréquent", "bon", "temps",
    "obligatoire", "impératif", "vital", "crucial", "capital", "douteux", "exclu", "étonnant", "surprenant",
})


def _impersonal_matrix(reader: SentenceReader, found: tuple[list[Phrase], int] | None) -> int | None:
    """The index after *que* when the subject is the impersonal *il* of a matrix verb that takes a *que*
    clause (*Il faudrait que le chat et le chien soient…*): the clause's subject is the one to judge. With
    *être*, only an adjective of the impersonal frame counts (*il est important que*; *il est content que*
    has a personal *il*)."""
    if found is None or len(found[0]) != 1 or found[0][0].head != "il":
        return None
    verb = reader.first_finite_verb(found[1])
    if verb is None or not any(a.lemma in IMPERSONAL_VERBS for a in reader.finite_readings(verb)):
        return None
    lemmas = {a.lemma for a in reader.finite_readings(verb)}
    if lemmas <= {"pouvoir"} and reader.tokens[verb - 1] not in ("se", "s'"):
        return None  # "il peut que" is no French; "il se peut que"
    copular = not lemmas & (IMPERSONAL_VERBS - {"être"})
    adjective = False
    index = verb + 1
    while index < min(len(reader.tokens), verb + 5):
        token = reader.tokens[index]
        if token in ("que", "qu'"):
            return index + 1 if adjective or not copular else None
        if token in IMPERSONAL_ADJECTIVES:
            adjective = True
        elif not (token in NEGATION or token in ("mieux", "bien") or reader.is_adverb(index)):
            return None
        index += 1
    return None
