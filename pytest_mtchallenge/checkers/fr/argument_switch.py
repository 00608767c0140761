"""The ``argument_switch`` family: verbs whose French rendering swaps subject and object (miss → manquer à)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.fr import FUNCTION_WORDS, FrenchChecker, pronoun
from pytest_mtchallenge.checkers.participants import Participant, item_names, linked_to, role_forms, same_participant
from pytest_mtchallenge.languages.fr.reader import (
    DETERMINERS, NEGATION, PERSONS, PRONOUNS, SUBJECT_CLITICS, SentenceReader, tokenize,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Outcome, Verdict

_PARAMS = {"experiencer", "theme", "verb", "alternatives", "misreadings"}
_DEFAULTS: dict[str, tuple[str, ...]] = {"verb": ("manquer",), "alternatives": (), "misreadings": ()}

DATIVE_CLITICS = frozenset({"lui", "leur", "me", "m'", "te", "t'", "nous", "vous"})
REFLEXIVE_CLITICS = frozenset({"se", "s'", "me", "m'", "te", "t'", "nous", "vous"})
_CLITICS = DATIVE_CLITICS | REFLEXIVE_CLITICS | {"le", "la", "l'", "les", "y", "en"}
# Auxiliaries, copulas and modals between the subject and the verb (Jim va lui manquer).
VERB_CHAIN = frozenset({"avoir", "être", "aller", "pouvoir", "devoir", "sembler", "paraître", "rester",
                        "devenir", "commencer", "continuer", "finir", "risquer"})
RELATIVE_SUBJECT = "qui"
_BOUNDARIES = frozenset({".", ",", ";", ":", "?", "!", "que", "qu'", "dont", "et", "ou", "mais"})
_DATIVE_PREPOSITIONS = frozenset({"à", "au", "aux"})
_DE = frozenset({"de", "d'", "du", "des"})
_FOLD = str.maketrans({"œ": "oe", "æ": "ae"})
#: Words that open an argument slot without naming anyone: demonstratives, relatives, indefinites
#: (*ce qui lui manque*, *cela me manque*, *tout lui manque*).
_PROFORMS = frozenset({"ce", "c'", "ça", "cela", "ceci", "qui", "que", "celui", "celle", "ceux", "celles", "tout",
                       "rien", "quelque", "quelqu'un", "personne", "chacun"})
_ROLE_NAMES = {"experiencer": "experiencer", "theme": "thing missed"}


def _fold(token: str) -> str:
    return token.translate(_FOLD)


def _words(value: object, name: str, *, required: bool) -> tuple[str, ...]:
    if value is None and not required:
        return ()
    if isinstance(value, str) or not isinstance(value, Sequence) or (required and not value) or not all(
            isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{name} must be a {'non-empty ' if required else ''}list of French words")
    return tuple(v.strip() for v in value)


def _forms(values: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(_fold(t) for t in tokenize(v)) for v in values if tokenize(v))


@dataclass(frozen=True, slots=True)
class ArgumentSwitchParams(FamilyParams):
    """Each argument's forms as token sequences, the switched verbs (lowercased), the alternatives as
    written and the misreadings (lowercased)."""

    experiencer: tuple[tuple[str, ...], ...]
    theme: tuple[tuple[str, ...], ...]
    verb: frozenset[str]
    alternatives: tuple[str, ...]
    misreadings: frozenset[str]
    #: The roles whose forms are all names (capitalised: *Mary*, *New York*), rendered as themselves.
    named: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> ArgumentSwitchParams:
        check_keys(mapping, _PARAMS, ("experiencer", "theme"))
        experiencer = _words(mapping["experiencer"], "experiencer", required=True)
        theme = _words(mapping["theme"], "theme", required=True)
        lists = {key: _words(mapping[key], key, required=key == "verb") if key in mapping else default
                 for key, default in _DEFAULTS.items()}
        named = frozenset(role for role, forms in (("experiencer", experiencer), ("theme", theme))
                          if all(form[:1].isupper() for form in forms))
        return cls(_forms(experiencer), _forms(theme), frozenset(v.lower() for v in lists["verb"]),
                   lists["alternatives"], frozenset(v.lower() for v in lists["misreadings"]), named)


@dataclass(frozen=True, slots=True)
class Span:
    """Tokens of the output that fill one argument, and the role they match (experiencer, theme or none)."""

    start: int
    end: int
    text: str
    role: str | None


@dataclass(frozen=True, slots=True)
class ArgumentFrame:
    """The subject, the dative (clitic or à-phrase) and the complement found around one predicate."""

    predicate: int
    subject: Span | None
    dative: Span | None
    complement: Span | None  # a de-phrase or a direct object after the predicate
    complement_kind: str  # "de", "direct" or ""


#: Nouns of lack or longing: *X souffre de l'absence de Y*, *X a la nostalgie de Y* render *X misses Y*.
LONGING_NOUNS = frozenset({"absence", "manque", "nostalgie"})


class ArgumentSwitchChecker(FrenchChecker):
    """Whether the experiencer and the theme of an argument-switch verb are where French puts them.

    *X misses Y* is *Y manque à X*: the theme (what is missed) is the subject of *manquer*; the
    experiencer is introduced by *à* or is a dative clitic (*lui, leur, me, te, nous, vous*).

    Parameters:

    - ``experiencer`` / ``theme``: the acceptable French forms of each argument (names, nouns,
      pronouns: ``[il, lui]`` for *he*); an argument matches when one form occurs in it.
    - ``verb``: the lemmas of the switched predicate (default ``[manquer]``).
    - ``alternatives``: lemmas of correct renderings that keep the experiencer as subject
      (*regretter*, *s'ennuyer de*); the experiencer must then be the subject.
    - ``misreadings``: lemmas of other senses of the source verb (*rater, louper, absent*): fail.

    A noun of lack or longing (*absence, manque, nostalgie*) whose *de* complement is the theme, in a
    clause whose subject is the experiencer, keeps the roles and passes (*Mary souffre de l'absence de
    Jim*, *ma sœur a la nostalgie de New York*); the other way round (*Jim souffre de l'absence de Mary*)
    the roles are swapped and it fails.

    Both arguments must be the source's, not merely in the right slots: a sentence that reuses *manquer
    à* with other arguments (*Le soleil me manque beaucoup en hiver.* for *Mary sorely misses Jim*)
    says something else. Each slot goes through the shared participant check against its role's forms
    (:func:`~pytest_mtchallenge.checkers.participants.same_participant`, issue 36): an argument of another
    person than the source's (a dative *me* or *te* for *Mary*, a subject *je* for *Jim*: names and nouns
    are 3rd person), a pronoun of another gender or number (*elle* for *il*; a dative clitic shows no
    gender), or, for an argument that is a name and appears nowhere in the output, a noun phrase without it
    (*le soleil* for *Jim*: a name is rendered as itself or by a pronoun): the output fails. A noun phrase
    the core lexicon links to the item (*toutou* for *dog*) may hold the role; one linked to nothing
    (*son compagnon* for *chien*) may be a synonym: left to a human. Demonstratives and relatives (*ce qui
    lui manque*) stand for any argument.
    """

    name = "argument_switch"
    # 2: a construction not found in a broken output fails (Verdict.not_found)
    # 3: a noun of lack or longing with the theme as its de complement (souffre de l'absence de Jim)
    # 4: the arguments must be the source's: a pronoun of another person, or a noun phrase for a name, fails
    # 5: the arguments go through the shared participant check (issue 36): a pronoun of another gender or
    # number fails too; a noun phrase the core lexicon links to the item may hold its role
    version = "5"
    description = "Argument switch: experiencer and theme of miss → manquer à"
    Params = ArgumentSwitchParams
    construction_params = ("verb", "alternatives", "misreadings")

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader = SentenceReader(output, self.lexicon)
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = ArgumentSwitchParams.of(item)
        roles = {"experiencer": params.experiencer, "theme": params.theme}
        verbs, alternatives, misreadings = params.verb, params.alternatives, params.misreadings
        # the item's names, and the forms of an argument written as a name (*Jim*), rendered as themselves
        names = item_names(item.source, item.references) | {word for role in params.named for form in roles[role]
                                                            for word in form}
        analysis = _Analysis(reader, roles, names, linked_to(item))

        for index in analysis.predicates(verbs):
            verdict = analysis.judge_switched(analysis.frame(index))
            if verdict is not None:
                return verdict
        for entry in alternatives:
            for index in analysis.predicates({entry.split()[-1].split("'")[-1].lower()},
                                             reflexive=entry.lower().startswith(("se ", "s'"))):
                verdict = analysis.judge_alternative(analysis.frame(index))
                if verdict is not None:
                    return verdict
        verdict = analysis.judge_nominal()
        if verdict is not None:
            return verdict
        for index in analysis.predicates(misreadings, nominal=True):
            word = reader.tokens[index]
            lemma = sorted({a.lemma for a in reader.readings(index)} & misreadings)[0]
            return Verdict.failed(f"{word!r} ({lemma}) renders another sense of the source verb: the "
                                  "experiencer/theme relation is lost", word)
        return Verdict.not_found(f"a form of {' / '.join(sorted(verbs))} with both arguments",
                                 f"no form of {' / '.join(sorted(verbs))} with both arguments in place, and no "
                                 "known alternative or misreading: left to a human")


class _Analysis:
    """Reads one output: where the predicates are, and which argument fills which slot."""

    def __init__(self, reader: SentenceReader, roles: Mapping[str, tuple[tuple[str, ...], ...]],
                 names: Set[str] = frozenset(), linked: Callable[[str], bool] | None = None) -> None:
        self.reader = reader
        self.tokens = reader.tokens
        self.folded = [_fold(t) for t in reader.tokens]
        self.roles = roles
        self.names = names  # the item's names, folded (*mary*, *jim*)
        self.linked = linked

    def predicates(self, lemmas: Set[str], *, reflexive: bool = False, nominal: bool = False) -> list[int]:
        found = []
        for index in range(len(self.tokens)):
            readings = self.reader.readings(index)
            if not any(a.lemma in lemmas for a in readings):
                continue
            if not nominal and self._is_noun_here(index):
                continue  # "le manque de …": the noun
            if reflexive and not any(t in REFLEXIVE_CLITICS for t in self.tokens[max(0, index - 3):index]):
                continue
            found.append(index)
        return found

    def judge_nominal(self) -> Verdict | None:
        """A noun of lack or longing (*absence, manque, nostalgie*) whose *de* complement is one argument,
        in a clause whose subject is the other: *Mary souffre de l'absence de Jim*, *ma sœur a la nostalgie
        de New York* keep the experiencer as subject and pass; the arguments the other way round fail."""
        tokens = self.tokens
        found = self.reader.subject()
        if found is None:
            return None
        first = found[0][0]
        subject = self.span(first.start, first.end)
        for index in range(found[1], len(tokens) - 2):
            if not (self._is_noun_here(index) or index > 0 and tokens[index - 1] in DETERMINERS) or not any(
                    a.lemma in LONGING_NOUNS and a.pos == "noun" for a in self.reader.readings(index)):
                continue
            if tokens[index + 1] not in ("de", "d'", "du", "des"):
                continue
            end = next((i for i in range(index + 2, len(tokens)) if tokens[i] in (",", ".", ";", "!", "?")),
                       len(tokens))
            complement = self.span(index + 2 if tokens[index + 1] in ("de", "d'") else index + 1, end)
            phrase = f"{subject.text} … {tokens[index]} {' '.join(tokens[index + 1:end])}"
            if subject.role == "experiencer" and complement.role == "theme":
                return Verdict.passed(f"{phrase!r}: the experiencer {subject.text!r} is the subject and the theme "
                                      f"is the complement of {tokens[index]!r}, a noun of lack or longing", phrase)
            if subject.role == "theme" and complement.role == "experiencer":
                return Verdict.failed(f"{phrase!r}: the theme {subject.text!r} is the subject and the experiencer "
                                      f"the complement of {tokens[index]!r}: the roles are swapped", phrase)
        return None

    def role(self, start: int, end: int) -> str | None:
        words = self.folded[start:end]
        matched = {role for role, forms in self.roles.items()
                   if any(_contains(words, form) for form in forms)}
        return matched.pop() if len(matched) == 1 else None

    def span(self, start: int, end: int) -> Span:
        return Span(start, end, " ".join(self.tokens[start:end]), self.role(start, end))

    def _untranslated_modifier(self, index: int) -> bool:
        """A word the lexicon lacks right before a dative preposition: an untranslated adverb
        (*manque sorely à Mary*), not the complement itself."""
        return (not self.reader.readings(index) and self.tokens[index].isalpha() and index + 1 < len(self.tokens)
                and self.tokens[index + 1] in _DATIVE_PREPOSITIONS)

    def frame(self, predicate: int) -> ArgumentFrame:
        tokens = self.tokens
        index = predicate - 1
        clitics: list[int] = []
        while index >= 0:
            token = tokens[index]
            if token in NEGATION or self._is_adverb(index):
                index -= 1
            elif token in _CLITICS and not (token in ("nous", "vous") and self._opens_clause(index)):
                clitics.append(index)
                index -= 1
            elif self._is_chain_verb(index):
                index -= 1
            elif token in ("à", "de", "d'") and index >= 1 and (self._is_chain_verb(index - 1)
                                                               or tokens[index - 1] == "train"):
                index -= 3 if tokens[index - 1] == "train" and index >= 2 and tokens[index - 2] == "en" else 2
                # "commence à lui manquer", "est en train de lui manquer"
            else:
                break
        dative = next((self.span(i, i + 1) for i in clitics if tokens[i] in DATIVE_CLITICS), None)
        subject: Span | None = None
        if index >= 0 and tokens[index] in SUBJECT_CLITICS:
            subject = self.span(index, index + 1)
        elif index >= 0 and tokens[index] == RELATIVE_SUBJECT:
            start = self._phrase_start(index - 1)
            subject = self.span(start, index) if start < index else None
        elif index >= 0 and self._is_nominal(index):
            subject = self.span(self._phrase_start(index), index + 1)

        complement: Span | None = None
        kind = ""
        probe = predicate + 1
        while probe < len(tokens) and (self._is_adverb(probe) or tokens[probe] in NEGATION or (
                tokens[probe] in ("le", "la", "les") and probe + 1 < len(tokens)
                and tokens[probe + 1] in ("plus", "moins")) or self._untranslated_modifier(probe)):
            probe += 1
        if probe < len(tokens):
            token = tokens[probe]
            if token in _DATIVE_PREPOSITIONS:
                end = self._phrase_end(probe + 1)
                if end > probe + 1:
                    dative = Span(probe, end, " ".join(tokens[probe:end]), self.role(probe + 1, end))
            elif token in _DE:
                end = self._phrase_end(probe + 1 if token in ("de", "d'") else probe)
                complement, kind = self.span(probe, max(end, probe + 1)), "de"
            elif self._is_nominal(probe):
                complement, kind = self.span(probe, self._phrase_end(probe)), "direct"
        return ArgumentFrame(predicate, subject, dative, complement, kind)

    def judge_switched(self, frame: ArgumentFrame) -> Verdict | None:
        verb = repr(self.tokens[frame.predicate])
        subject, dative = frame.subject, frame.dative
        if dative is not None and dative.role == "experiencer" and subject is not None \
                and subject.role == "experiencer" and subject.text in ("il", "ça", "cela"):
            # "ce qu'il lui manque": the impersonal il, with the experiencer as dative
            return Verdict.passed(f"{subject.text!r} is the impersonal subject of {verb} and the experiencer is "
                                  f"the dative {dative.text!r}", dative.text)
        complement = frame.complement
        if subject is not None and subject.role == "experiencer":
            what = ""
            if complement is not None and frame.complement_kind == "de":
                what = f" with {complement.text!r} as a de-complement (the sense 'to lack')"
            elif complement is not None and frame.complement_kind == "direct":
                what = f" with {complement.text!r} as a direct object (the sense 'to fail to hit or catch')"
            return Verdict.failed(
                f"the experiencer {subject.text!r} is the subject of {verb}{what}: expected the thing missed as "
                "subject and the experiencer introduced by à or a dative clitic", subject.text)
        if dative is not None and dative.role == "theme":
            return Verdict.failed(
                f"the thing missed is the dative {dative.text!r} of {verb}: the roles are swapped (expected "
                "the experiencer after à or as a dative clitic)", dative.text)
        if dative is None and complement is None and "experiencer" not in self._roles_anywhere():
            return Verdict.failed(f"{verb} has no dative and the experiencer appears nowhere in the output: the "
                                  "experiencer of the missing situation is lost", self.tokens[frame.predicate])
        if dative is not None and (dative.role == "experiencer" or dative.end - dative.start == 1 and dative.text
                                   in DATIVE_CLITICS):
            others = self.judge_arguments(subject, dative, verb)
            if others is not None:
                return others
            who = f"the subject {subject.text!r}" if subject is not None else "its subject"
            return Verdict.passed(f"{who} is what is missed and the experiencer is the dative {dative.text!r} of "
                                  f"{verb}", dative.text)
        if subject is not None and subject.role == "theme" and frame.complement_kind == "de" \
                and complement is not None and complement.role == "experiencer":
            return Verdict.failed(f"the experiencer {complement.text!r} is a de-complement of {verb} (the sense "
                                  "'to lack')", complement.text)
        return None

    def judge_arguments(self, subject: Span | None, dative: Span, verb: str) -> Verdict | None:
        """The construction is right; are its arguments the source's? A failure when a slot holds what
        cannot be the source's argument, left to a human when it holds a noun phrase that may be a
        synonym of it; None when both may be the source's."""
        found = [stranger for span, role in ((subject, "theme"), (dative, "experiencer"))
                 if (stranger := self._stranger(span, role)) is not None]
        if any(certain for certain, _ in found):
            return Verdict.failed(f"{verb} has the right construction but other arguments than the source's: "
                                  f"{'; '.join(reason for _, reason in found)}", *(reason for _, reason in found))
        if found:
            return Verdict.undecided(f"{verb} has the right construction, but {'; '.join(r for _, r in found)}: "
                                     "a synonym, or another argument? Left to a human")
        return None

    def _stranger(self, span: Span | None, role: str) -> tuple[bool, str] | None:
        """Why the argument slot ``span`` cannot hold the source's ``role``, and whether that is certain; None
        when it may hold it. A slot that holds one of the role's forms, a demonstrative or relative, or a noun
        phrase while a form of the role stands elsewhere in the output, may hold it; anything else goes through
        the shared participant check (:func:`~pytest_mtchallenge.checkers.participants.same_participant`, issue
        36) against the role's forms, the source's participant as the item names it: another person, or a
        pronoun of another number or gender (*il* for *Mary*), fails; a noun phrase for a name the output lacks
        fails; one linked to the item otherwise (a translation of a source word) may hold it; one linked to
        nothing is left to a human."""
        if span is None or span.role is not None:
            return None
        words = self.folded[span.start:span.end]
        if words and words[0] in _DATIVE_PREPOSITIONS:
            words = words[1:]
        if not words or words[0] in _PROFORMS:
            return None
        pronoun = len(words) == 1 and words[0] in PERSONS
        if not pronoun and role in self._roles_anywhere():
            return None
        what = f"the {_ROLE_NAMES[role]}"
        found = _argument(words)
        verdict = same_participant(Verdict.passed(""), role=what, found=found,
                                   expected=role_forms(found, [_argument(form) for form in self.roles[role]]),
                                   names=self.names,
                                   output_words=self.folded, function_words=FUNCTION_WORDS, linked=self.linked,
                                   whose="the source's")
        if verdict.outcome is Outcome.PASS:
            return None
        return verdict.outcome is Outcome.FAIL, verdict.reason

    def judge_alternative(self, frame: ArgumentFrame) -> Verdict | None:
        verb = repr(self.tokens[frame.predicate])
        subject = frame.subject
        if subject is None:
            return None
        if subject.role == "theme":
            return Verdict.failed(f"the thing missed {subject.text!r} is the subject of {verb}, which needs the "
                                  "experiencer as subject", subject.text)
        if subject.role == "experiencer" and self.role(frame.predicate + 1, len(self.tokens)) == "theme":
            return Verdict.passed(f"the experiencer {subject.text!r} is the subject of {verb}, a verb that takes "
                                  "the experiencer as subject, and the thing missed follows", subject.text)
        return None

    def _roles_anywhere(self) -> set[str]:
        return {role for role, forms in self.roles.items() if any(_contains(self.folded, form) for form in forms)}

    def _is_noun_here(self, index: int) -> bool:
        """A noun reading in context: after a determiner, or after a preposition unless an infinitive."""
        if not self.reader.is_nominal_context(index):
            return False
        infinitive = any(a.mood == "infinitive" for a in self.reader.readings(index))
        return not (infinitive and self.tokens[index - 1] in ("à", "de", "d'", "pour", "sans"))

    def _is_chain_verb(self, index: int) -> bool:
        return any(a.lemma in VERB_CHAIN and a.pos in ("verb", "aux") and a.mood is not None
                   for a in self.reader.readings(index)) and not self.reader.is_nominal_context(index)

    def _is_adverb(self, index: int) -> bool:
        readings = self.reader.readings(index)
        return bool(readings) and all(a.pos == "adv" for a in readings)

    def _opens_clause(self, index: int) -> bool:
        return index == 0 or self.tokens[index - 1] in _BOUNDARIES or self.tokens[index - 1] == RELATIVE_SUBJECT

    def _is_nominal(self, index: int) -> bool:
        token = self.tokens[index]
        if token in _BOUNDARIES or token == RELATIVE_SUBJECT or not token[0].isalpha():
            return False
        if token in DETERMINERS or token in ("ce", "c'"):
            return True
        readings = self.reader.readings(index)
        if not readings:
            return True  # a name
        if any(a.pos == "aux" for a in readings) or any(
                a.pos == "verb" and a.mood in ("indicative", "subjunctive", "conditional") for a in readings) \
                and not any(a.pos == "noun" for a in readings):
            return False
        return any(a.pos in ("noun", "adj", "pron") for a in readings)

    def _phrase_start(self, end: int) -> int:
        """The first token of the noun phrase ending at ``end``: its determiner, across complements in de."""
        tokens = self.tokens
        start = end
        while start > 0:
            if tokens[start] in DETERMINERS and tokens[start] not in _DE:
                if tokens[start - 1] in ("de", "d'") and start >= 2 and self._is_nominal(start - 2):
                    start -= 2
                    continue
                break
            if not self._is_nominal(start - 1) or tokens[start - 1] in SUBJECT_CLITICS:
                break
            start -= 1
        return start

    def _phrase_end(self, start: int) -> int:
        end = start
        while end < len(self.tokens) and end - start < 5 and self._is_nominal(end) \
                and self.tokens[end] not in ("à", "au", "aux"):
            end += 1
        return end


#: Dative clitics, which show no gender (*il lui manque*: to him or to her), and their number.
_DATIVE_NUMBER = {"lui": "s", "leur": "p", "me": "s", "m'": "s", "te": "s", "t'": "s", "nous": "p", "vous": None}


def _argument(words: Sequence[str]) -> Participant:
    """An argument's words as the shared participant check reads them: a pronoun with its person, number and
    gender (a dative clitic with none: *lui*), else a noun phrase or a name in the 3rd person."""
    text = " ".join(words)
    if len(words) == 1 and words[0] in _DATIVE_NUMBER:
        return Participant(text, tuple(words), PERSONS[words[0]], True, _DATIVE_NUMBER[words[0]])
    if len(words) == 1 and words[0] in PRONOUNS:
        return pronoun(words[0])
    if len(words) == 1 and words[0] in PERSONS:  # an object clitic (*la*, *les*)
        return Participant(text, tuple(words), PERSONS[words[0]], True)
    return Participant(text, tuple(words), 3, False)


def _contains(words: list[str], form: tuple[str, ...]) -> bool:
    size = len(form)
    return any(tuple(words[i:i + size]) == form for i in range(len(words) - size + 1))
