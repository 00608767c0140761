"""The ``agreement`` family: subject–verb and predicate agreement, checked with the lexicon."""
from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from pytest_mtchallenge.checkers import reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.fr.reader import Features, SentenceReader, resolve_coordination
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"subject", "controller", "check", "optional"}
_TARGETS = ("verb", "predicate")
_FEATURE_KEYS = {"person": (1, 2, 3), "number": ("s", "p"), "gender": ("m", "f")}


def _features(value: object, name: str) -> Features:
    if not isinstance(value, Mapping):
        raise ValueError(f"{name} must be a mapping of person / number / gender")
    for key, allowed in ((k, _FEATURE_KEYS.get(k)) for k in value):
        if allowed is None:
            raise ValueError(f"{name} has unknown feature {key!r} (features: person, number, gender)")
        if value[key] not in allowed:
            raise ValueError(f"{name}.{key} must be one of {', '.join(map(str, allowed))}")
    return Features(person=value.get("person", 3), number=value.get("number"), gender=value.get("gender"))  # type: ignore[arg-type]


def _conjuncts(value: object) -> list[Features]:
    if isinstance(value, Mapping):
        return [_features(value, "subject")]
    if isinstance(value, Sequence) and not isinstance(value, str) and value:
        return [_features(v, f"subject[{i}]") for i, v in enumerate(value)]
    raise ValueError("subject must be the features of the subject, or a list of the conjuncts' features")


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
    features (the translation changed the subject), the checker is undecided rather than
    judging agreement with a subject the source does not have.
    """

    name = "agreement"
    description = "Subject-verb and predicate agreement (lexicon-backed)"
    # 2: reformed spellings (connait), word-less outputs n/a; 3: fronted adverbials, a noun's own features over a
    # disagreeing determiner, a missing verb or predicate in a broken output fails
    # 4: coordinations in another order, a noun after a prenominal adjective or in English order
    version = "4"

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        reject_unknown(params, _PARAMS)
        if ("subject" in params) == ("controller" in params):
            raise ValueError("give exactly one of 'subject' or 'controller'")
        if "subject" in params:
            _conjuncts(params["subject"])
        else:
            _features(params["controller"], "controller")
        for key in ("check", "optional"):
            targets = params.get(key, list(_TARGETS))
            if not isinstance(targets, Sequence) or isinstance(targets, str) or not set(targets) <= set(_TARGETS):
                raise ValueError(f"{key} must be a list of: verb, predicate")
        if not params.get("check", _TARGETS):
            raise ValueError("check must name at least one of: verb, predicate")

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        if "controller" in item.params:
            return self._check_control(reader, _features(item.params["controller"], "controller"))
        conjuncts = _conjuncts(item.params["subject"])
        expected = resolve_coordination(conjuncts)
        check = tuple(item.params.get("check", _TARGETS))  # type: ignore[arg-type]

        found = reader.subject()
        if found is None:
            return Verdict.not_found("a subject at the start of the sentence",
                                     "could not find the subject at the start of the output")
        phrases, after_subject = found
        subject_text = " et ".join(p.head for p in phrases)
        if len(phrases) != len(conjuncts):
            return Verdict.undecided(
                f"the output's subject ({subject_text!r}) has {len(phrases)} conjunct(s), the source {len(conjuncts)}")
        # coordination is unordered for agreement (*lui et vous* renders *you and he*): match each
        # conjunct of the output with one of the source's
        order = next((p for p in itertools.permutations(conjuncts)
                      if all(_compatible(phrase.features, want) for phrase, want in zip(phrases, p))), conjuncts)
        for phrase, want in zip(phrases, order):
            if not _compatible(phrase.features, want):
                return Verdict.undecided(
                    f"the output's subject {phrase.head!r} is {phrase.features.describe()}, not {want.describe()} as in "
                    "the source: agreement is not judged against a changed subject")
        actual = resolve_coordination([p.features for p in phrases])
        target = Features(expected.person, expected.number, expected.gender or actual.gender)

        verb = reader.first_finite_verb(after_subject)
        if verb is None:
            return Verdict.not_found("a finite verb", f"no finite verb found after the subject {subject_text!r}")
        problems: list[str] = []
        checked: list[str] = []
        if "verb" in check:
            for index in [verb, *reader.coordinated_finite_verbs(verb + 1)]:
                ok, described = self._verb_agrees(reader, index, target)
                (checked if ok else problems).append(described)
        if "predicate" in check:
            predicates = [p for v in [verb, *reader.coordinated_finite_verbs(verb + 1)] for p in reader.predicates(v)]
            if not predicates and "predicate" not in item.params.get("optional", ()):  # type: ignore[operator]
                if problems:
                    return _fail(problems, target, subject_text)
                return Verdict.not_found("a predicate adjective or participle",
                                         f"no predicate adjective or participle found after {reader.tokens[verb]!r}")
            for index in predicates:
                ok, described = self._predicate_agrees(reader, index, target)
                (checked if ok else problems).append(described)
        if problems:
            return _fail(problems, target, subject_text)
        return Verdict.passed(f"{', '.join(checked)} agree{'s' if len(checked) == 1 else ''} with the "
                              f"{target.describe()} subject {subject_text!r}", *checked)

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
                              f"{controller.describe()} controller", *checked)

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


def _fail(problems: list[str], target: Features, subject: str) -> Verdict:
    return Verdict.failed(f"expected agreement with the {target.describe()} subject {subject!r}; found "
                          + "; ".join(problems), *problems)
