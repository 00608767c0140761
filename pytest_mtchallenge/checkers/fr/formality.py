"""The ``formality`` family: tu or vous, the register the context sets, in every second-person form."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.fr.lexicon import Lexicon
from pytest_mtchallenge.languages.fr.reader import SUBJECT_CLITICS, readings
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"register"}
REGISTERS = {"tu": "informal singular (tu)", "vous": "formal or plural (vous)"}
PLURAL = "plural"  # the register of a vous that is plural by its words (vous deux, vous tous, entre vous)
#: Words beside *vous* that make it plural: *vous deux*, *vous tous*, *entre vous*, *chacun de vous*.
_PLURAL_AFTER = frozenset({"deux", "trois", "quatre", "cinq", "tous", "toutes", "autres"})
_PLURAL_BEFORE = frozenset({"entre", "chacun", "chacune", "aucun", "aucune", "plupart", "certains", "certaines",
                            "plusieurs", "l'un", "l'une"})

#: Second-person pronouns and possessives that mark the register whatever their neighbours.
PRONOUN_FORMS: dict[str, tuple[str, str]] = {
    "tu": ("tu", "subject pronoun"), "t'": ("tu", "elided pronoun (te or tu)"), "te": ("tu", "object pronoun"),
    "toi": ("tu", "disjunctive pronoun"), "vous": ("vous", "pronoun"),
    "ta": ("tu", "possessive determiner"), "tes": ("tu", "possessive determiner"),
    "votre": ("vous", "possessive determiner"), "vos": ("vous", "possessive determiner"),
}
#: Possessive pronouns: counted after an article (*le tien*, *les vôtres*).
POSSESSIVE_PRONOUNS = {"tien": "tu", "tienne": "tu", "tiens": "tu", "tiennes": "tu", "vôtre": "vous", "vôtres": "vous"}
ARTICLES = frozenset({"le", "la", "les", "l'", "des", "du", "au", "aux"})
#: Words after which *ton* is the noun (the tone of a voice), not the possessive.
_NOUN_TON_BEFORE = frozenset({"le", "un", "ce", "cet", "du", "au", "mon", "son", "quel", "même", "bon", "sur"})
_NOUN_TON_AFTER = frozenset({"de", "d'", "sur", "qui", "que", "qu'", "et", "ou", "plus", "moins", "froid", "sec"})
#: Clitics that follow an imperative with a hyphen (*dis-moi*, *laissez-le*, *vas-y*) and subject
#: pronouns that follow an inverted verb (*pense-t-il*: no imperative).
IMPERATIVE_CLITICS = frozenset({"moi", "toi", "le", "la", "les", "lui", "leur", "nous", "vous", "y", "en", "m'", "t'",
                                "l'"})
INVERTED_SUBJECTS = (SUBJECT_CLITICS - {"j'", "nous", "vous"}) | {"ce"}
#: Where a clause (and so an imperative) begins, and where one may begin.
STRONG_BREAKS = frozenset({";", ":", ".", "!", "?", "-", "«", "»", '"', "(", ")"})
SOFT_BREAKS = frozenset({",", "...", "…", "et", "mais", "ou", "puis", "alors", "donc", "oh", "ah",
                           "eh", "hé", "bon", "allez", "allons", "non", "oui", "si", "maintenant", "vite", "s'il",
                           "plaît"})
#: Imperatives used as interjections by speakers of either register when nothing follows them.
INTERJECTIONS = frozenset({"allez", "tiens"})
#: Imperatives that open a remark to the listener ("Écoute, ...") although the lexicon also has their noun.
DISCOURSE_IMPERATIVES = frozenset({"écoute", "excuse", "pardonne"})
#: Exclamations the lexicon also reads as imperatives (of *merder*, *saloper*).
EXCLAMATIONS = frozenset({"merde", "salope", "putain", "bordel"})
SUBJECTS = SUBJECT_CLITICS | {"ce", "c'", "ça", "qui"}
_FINITE = frozenset({"indicative", "conditional", "subjunctive"})
#: Imperatives of être and avoir, never nouns before an adjective (*sois prudent*, *ayez confiance*).
_AUXILIARY_IMPERATIVES = frozenset({"sois", "soyons", "soyez", "aie", "ayons", "ayez"})
NE = frozenset({"ne", "n'"})
OBJECT_CLITICS = frozenset({"me", "m'", "te", "t'", "se", "s'", "le", "la", "l'", "les", "lui", "leur", "nous",
                            "vous", "y", "en"})
#: Lexicalised compounds holding a pronoun: *un rendez-vous*, *au garde-à-vous*.
_COMPOUNDS = re.compile(r"\b(?:garde-à-vous|m'as-tu-vu|(?:(?:un|le|les|des|ce|ces|mon|ton|son|notre|votre|leur|nos|"
                        r"vos|leurs|du|au|aux|de|d'|ses|mes|tes)\s+)(?:rendez-vous|chez-toi|chez-vous))\b",
                        re.IGNORECASE)
_TAIRE = frozenset({"est", "sont", "était", "étaient", "suis", "sommes", "êtes", "es", "fut", "sera", "serait"})
_REFLEXIVE = frozenset({"s'", "se", "me", "m'", "nous", "vous", "t'", "te"})
_PUNCTUATION = frozenset({",", ";", ":", ".", "!", "?"})


@dataclass(frozen=True, slots=True)
class SecondPersonForm:
    """A word addressing the listener: its text, the register it marks and what it is."""

    word: str
    register: str
    kind: str

    def describe(self) -> str:
        return f"{self.word} ({self.kind})"


@dataclass(frozen=True, slots=True)
class FormalityParams(FamilyParams):
    """The register the context sets: ``tu`` or ``vous``."""

    register: str

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> FormalityParams:
        reject_unknown(mapping, _PARAMS)
        register = mapping.get("register")
        if not isinstance(register, str) or register not in REGISTERS:
            raise ValueError("register must be tu (informal singular) or vous (formal or plural)")
        return cls(str(register))


class FormalityChecker(FrenchChecker):
    """The register of address (tu or vous) that the item's context sets, in every second-person form.

    Parameter: ``register``: ``tu`` (informal singular: ctxpro's INFORM.SING rules) or ``vous``
    (formal or plural: FORM+PLUR). The output sentence's second-person forms are its pronouns
    (*tu, t', te, toi, vous*), possessive determiners (*ton, ta, tes, votre, vos*; not the noun
    *le ton*), possessive pronouns (*le tien, les vôtres*) and imperatives (a verb opening a clause
    with no subject, read as 2nd person singular or plural in the lexicon: *attends, écoutez,
    dis-moi, ne bouge pas*). Pass: every form has the expected register; fail: any form has the
    other; n/a: the output has no second-person form (*Je peux aider ?*).
    """

    name = "formality"
    description = "Formality: tu or vous as the context sets it, in pronouns, possessives and imperatives"
    Params = FormalityParams

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        super().__init__(lexicon)
        self._readings: dict[str, tuple[str, bool, bool] | None] = {}  # word -> _reading(word)
        self._finite: dict[str, bool] = {}

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        expected = FormalityParams.of(item).register
        found = self.second_person_forms(output)
        # "vous deux", "entre vous": a group is addressed; that says nothing of how one listener is
        # addressed (in a tu item), and in a vous item the singular forms beside it address one of them
        forms = [form for form in found if form.register != PLURAL or expected == "vous"]
        if expected == "vous" and any(form.register == PLURAL for form in forms):
            forms = [form for form in forms if form.register != "tu"]
        if not forms:
            if found:
                return Verdict.not_applicable("the output addresses a group, not the listener alone: "
                                              + ", ".join(form.describe() for form in found))
            return Verdict.not_applicable("the output addresses no one: no second-person pronoun, possessive or "
                                          "imperative")
        wrong = [form for form in forms if form.register not in (expected, PLURAL)]
        listed = ", ".join(form.describe() for form in forms)
        if wrong:
            other = "vous" if expected == "tu" else "tu"
            return Verdict.failed(
                f"the context sets {REGISTERS[expected]}; the output uses {other}: "
                + ", ".join(form.describe() for form in wrong), *(form.word for form in wrong))
        return Verdict.passed(f"every second-person form is {REGISTERS[expected]}: {listed}",
                              *(form.word for form in forms))

    def second_person_forms(self, output: str) -> list[SecondPersonForm]:
        """The output's words that address the listener, in order."""
        words, hyphenated = _words(_COMPOUNDS.sub(" ", normalise_text(output)))
        # "toi et Perry ne vous disputez jamais": vous takes up a coordination with toi, a plural
        # and "je vous vois tous les deux": a floating quantifier makes it plural too
        group = any(word == "toi" and ((index + 1 < len(words) and words[index + 1] in ("et", "ou"))
                                       or (index and words[index - 1] in ("et", "ou")))
                    or word in ("tous", "toutes") and words[index + 1:index + 2] == ["les"]
                    and words[index + 2:index + 3] and words[index + 2] in _PLURAL_AFTER
                    and (index + 3 == len(words) or words[index + 3] in _PUNCTUATION)
                    for index, word in enumerate(words))
        forms: list[SecondPersonForm] = []
        for index, word in enumerate(words):
            form = self._form(words, hyphenated, index)
            if form is not None:
                if group and form.word == "vous":
                    form = SecondPersonForm("vous", PLURAL, "plural pronoun (taking up toi and another)")
                forms.append(form)
        return forms

    def _form(self, words: list[str], hyphenated: list[bool], index: int) -> SecondPersonForm | None:
        word = words[index]
        before = words[index - 1] if index else ""
        after = words[index + 1] if index + 1 < len(words) else ""
        if word == "vous" and (after in _PLURAL_AFTER or before in _PLURAL_BEFORE
                               or before in ("de", "d'") and index >= 2 and words[index - 2] in _PLURAL_BEFORE):
            return SecondPersonForm(f"{before} vous" if after not in _PLURAL_AFTER else f"vous {after}", PLURAL,
                                    "plural pronoun")
        if word in PRONOUN_FORMS:
            register, kind = PRONOUN_FORMS[word]
            if (word == "tu" and not hyphenated[index] and before in _TAIRE and index >= 2
                    and words[index - 2] in _REFLEXIVE):
                return None  # "il s'est tu": the participle of se taire
            return SecondPersonForm(word, register, kind)
        if word == "ton":
            if before in _NOUN_TON_BEFORE or not after or after in _PUNCTUATION or after in _NOUN_TON_AFTER:
                return None
            return SecondPersonForm(word, "tu", "possessive determiner")
        if word in POSSESSIVE_PRONOUNS and before in ARTICLES:
            return SecondPersonForm(f"{before} {word}", POSSESSIVE_PRONOUNS[word], "possessive pronoun")
        return self._imperative(words, hyphenated, index)

    def _imperative(self, words: list[str], hyphenated: list[bool], index: int) -> SecondPersonForm | None:
        """A verb opening a clause with no subject, 2nd person imperative in the lexicon."""
        word = words[index]
        reading = self._reading(word)
        if reading is None or word in OBJECT_CLITICS or word in EXCLAMATIONS:
            return None
        register, other, other_persons = reading
        after = words[index + 1] if index + 1 < len(words) else ""
        with_clitic = index + 1 < len(words) and hyphenated[index + 1]
        if with_clitic and after in INVERTED_SUBJECTS:
            return None  # an inversion: "pense-t-il", "sais-tu"
        start = index
        negated = False
        while start > 0 and words[start - 1] in OBJECT_CLITICS and not hyphenated[start]:
            start -= 1
        if start > 0 and words[start - 1] in NE:
            start -= 1
            negated = True
        if start != index and not negated:
            return None  # "le fais" without ne: clitics precede a finite verb, not an imperative
        if negated and word == "importe":
            return None  # "n'importe quoi"
        if with_clitic and after == "vous" and register == "vous":
            return None  # "voulez-vous", "asseyez-vous": inversion or imperative, the pronoun says vous
        # Where the clause may begin: after a strong break, or after a comma, a coordinator or an
        # interjection when no subject or verb precedes there ("Mais, écoute", not "Il se lève, regarde").
        previous = words[start - 1] if start else ""
        if previous and previous not in STRONG_BREAKS:
            if previous not in SOFT_BREAKS:
                return None
            if other_persons and not with_clitic and self._verb_or_subject_before(words, start - 1):
                return None
        if not with_clitic and not negated:
            if word in INTERJECTIONS and (not after or after in _PUNCTUATION):
                return None  # "Allez, viens !", "Tiens !": said to tu and vous alike
            if other and word not in _AUXILIARY_IMPERATIVES and word not in DISCOURSE_IMPERATIVES:
                if after in _PUNCTUATION and after != "!" or after and not self._follows_imperative(after):
                    return None  # "Juge, euh.", "Marche arrière", "Entre nous": a noun or preposition
        shown = f"{word}-{after}" if with_clitic else word
        number = "plural" if register == "vous" else "singular"
        return SecondPersonForm(shown, register, f"imperative, 2nd person {number}")

    def _reading(self, word: str) -> tuple[str, bool, bool] | None:
        """What the lexicon says of a word as an imperative (cached): the register of its 2nd person
        imperative (None when it has none, or both numbers), whether it has a reading other than verb
        or adjective, and whether it is also a 1st or 3rd person finite form."""
        if word in self._readings:
            return self._readings[word]
        found: tuple[str, bool, bool] | None = None
        if word[:1].isalpha():
            analyses = readings(self.lexicon, word)
            numbers = {a.number for a in analyses if a.mood == "imperative" and a.person == 2
                       and a.pos in ("verb", "aux")}
            if len(numbers) == 1:
                found = ("vous" if numbers == {"p"} else "tu",
                         any(a.pos not in ("verb", "aux", "adj") for a in analyses),
                         any(a.person in (1, 3) for a in analyses if a.mood in _FINITE))
        if len(self._readings) < 100_000:
            self._readings[word] = found
        return found

    def _verb_or_subject_before(self, words: list[str], end: int) -> bool:
        """Whether a subject pronoun or a finite verb stands between the last strong break and ``end``."""
        for index in range(end - 1, -1, -1):
            word = words[index]
            if word in STRONG_BREAKS:
                return False
            if word in SUBJECTS or self._is_finite(word):
                return True
        return False

    def _is_finite(self, word: str) -> bool:
        if word not in self._finite:
            if len(self._finite) > 100_000:
                self._finite.clear()
            self._finite[word] = any(a.mood in _FINITE and a.person for a in readings(self.lexicon, word)
                                     if a.pos in ("verb", "aux"))
        return self._finite[word]

    def _follows_imperative(self, word: str) -> bool:
        """What may follow an imperative verb (*écoute ça*, *laisse tomber*, *viens ici*): a determiner,
        a demonstrative or strong pronoun, an infinitive or an adverb of place, manner or negation."""
        if word in _AFTER_IMPERATIVE:
            return True
        return any(a.mood == "infinitive" for a in readings(self.lexicon, word))


_AFTER_IMPERATIVE = frozenset({"ça", "cela", "ceci", "le", "la", "les", "un", "une", "des", "du", "ce", "cette", "ces",
                               "mon", "ma", "mes", "moi", "ici", "là", "bien", "vite", "pas", "plus", "jamais", "tout",
                               "donc", "de", "d'", "à", "au", "aux", "en"})


_TOKEN = re.compile(r"[^\W\d_]+'|[^\W\d_]+(?:-[^\W\d_]+)*(?:-[^\W\d_]')?|\d+|\.\.\.|[,;:!?.…«»\"()\[\]]|-")


def _words(text: str) -> tuple[list[str], list[bool]]:
    """Lowercased words and punctuation, clitics after a hyphen split off (*dites-le* → dites, le;
    *va-t'en* → va, t', en); ``hyphenated[i]`` says that word ``i`` hung on the one before by a hyphen."""
    words: list[str] = []
    hyphenated: list[bool] = []
    for token in _TOKEN.findall(text.lower()):
        parts = token.split("-")
        if len(parts) > 1 and all(p in IMPERATIVE_CLITICS or p in INVERTED_SUBJECTS or p == "t" for p in parts[1:]):
            words.append(parts[0])
            hyphenated.append(False)
            for part in parts[1:]:
                if part != "t":  # the euphonic t of "a-t-il"
                    words.append(part)
                    hyphenated.append(True)
        else:
            words.append(token)
            hyphenated.append(False)
    return words, hyphenated
