"""The ``antecedent_agreement`` family: a French pronoun agrees with the rendering of its antecedent in the document."""
from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from pytest_mtchallenge.checkers import reject_unknown
from pytest_mtchallenge.checkers.document import blocks
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.en.reader import pronoun_function, subject_person
from pytest_mtchallenge.languages.en.reader import tokenize as english_tokenize
from pytest_mtchallenge.languages.fr.nouns import NounLemma, NounMatch, compound_gender, find_noun
from pytest_mtchallenge.languages.fr.reader import (
    DEGREE_WORDS,
    DETERMINERS,
    FINITE_MOODS,
    NEGATION,
    OBJECT_CLITICS,
    PRONOUNS,
    Features,
    fold,
    resolve_coordination,
    SUBJECT_CLITICS,
    SentenceReader,
)
from pytest_mtchallenge.languages.fr.syntax import is_impersonal_il
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = ("pronoun", "antecedent", "role")
ROLES = ("subject", "object", "disjunctive", "possessive")

#: English pronouns under test: the French roles that can render them, and the number they imply.
ENGLISH: Mapping[str, tuple[tuple[str, ...], str]] = {
    "they": (("subject",), "p"), "them": (("object", "disjunctive"), "p"), "their": (("possessive",), "p"),
    "theirs": (("possessive", "disjunctive"), "p"), "themselves": (("object", "disjunctive"), "p"),
    "it": (("subject", "object", "disjunctive"), "s"), "its": (("possessive",), "s"),
    "itself": (("object", "disjunctive"), "s"), "himself": (("object", "disjunctive"), "s"),
    "herself": (("object", "disjunctive"), "s"),
    "he": (("subject",), "s"), "him": (("object", "disjunctive"), "s"), "his": (("possessive",), "s"),
    "hers": (("possessive",), "s"), "she": (("subject",), "s"), "her": (("object", "disjunctive", "possessive"), "s"),
    # one member of a class (*Owls hunt at night. It is rare to see one*): rendered by a pronominal
    # numeral, a demonstrative or an article before an adjective (*en … une*, *celui-là*, *la moins chère*)
    "one": (("subject", "object"), "s"), "ones": (("subject", "object"), "p"),
}
#: English pronouns for a member of a class: the number is the pronoun's, the gender the class noun's.
CLASS_MEMBER = frozenset({"one", "ones"})

#: French 3rd-person pronouns by role: form → (gender or None, number).
#: Demonstrative pronouns (*celle-ci a été construite*): subjects, or disjunctive after a preposition.
DEMONSTRATIVES: Mapping[str, tuple[str | None, str]] = {
    f"{stem}-{place}": features for stem, features in (("celui", ("m", "s")), ("celle", ("f", "s")),
                                                       ("ceux", ("m", "p")), ("celles", ("f", "p")))
    for place in ("ci", "là")}
#: Emphatic pronouns (*eux-mêmes*): disjunctive wherever they stand.
EMPHATICS: Mapping[str, tuple[str | None, str]] = {"lui-même": ("m", "s"), "elle-même": ("f", "s"),
                                                   "eux-mêmes": ("m", "p"), "elles-mêmes": ("f", "p")}
SUBJECTS: Mapping[str, tuple[str | None, str]] = {"il": ("m", "s"), "elle": ("f", "s"), "ils": ("m", "p"),
                                                  "elles": ("f", "p"), **DEMONSTRATIVES}
OBJECTS: Mapping[str, tuple[str | None, str]] = {"le": ("m", "s"), "la": ("f", "s"), "l'": (None, "s"),
                                                 "les": (None, "p"), "lui": (None, "s"), "leur": (None, "p")}
DISJUNCTIVES: Mapping[str, tuple[str | None, str]] = {"lui": ("m", "s"), "elle": ("f", "s"), "eux": ("m", "p"),
                                                      "elles": ("f", "p"), **DEMONSTRATIVES, **EMPHATICS}
#: Possessive pronouns after le/la/les (*le sien*, *la leur*): the possessor's number.
POSSESSIVE_PRONOUNS: Mapping[str, tuple[str | None, str]] = {
    "sien": (None, "s"), "sienne": (None, "s"), "siens": (None, "s"), "siennes": (None, "s"),
    "leur": (None, "p"), "leurs": (None, "p")}
#: Every possessive pronoun's stem after le/la/les: *c'est la tienne* renders *it is yours*.
_POSSESSED = frozenset({"mien", "mienne", "miens", "miennes", "tien", "tienne", "tiens", "tiennes", "sien", "sienne",
                        "siens", "siennes", "nôtre", "nôtres", "vôtre", "vôtres", "leur", "leurs"})
#: Object clitics whose form shows no gender and no choice of number beyond the singular or the
#: dative (*l'*, *lui*, *leur*): with nothing agreeing with them, only a wrong number can be judged.
SILENT = frozenset({"l'", "lui", "leur"})
#: Possessive determiners: the possessor's number (gender is the possessed noun's).
POSSESSIVES: Mapping[str, tuple[str | None, str]] = {"son": (None, "s"), "sa": (None, "s"), "ses": (None, "s"),
                                                     "leur": (None, "p"), "leurs": (None, "p")}
#: *one* as a numeral pronoun (*j'en veux une*, *l'un d'eux*, *aucune*, *chacun*).
NUMERAL_PRONOUNS: Mapping[str, tuple[str | None, str]] = {
    "un": ("m", "s"), "une": ("f", "s"), "aucun": ("m", "s"), "aucune": ("f", "s"), "chacun": ("m", "s"),
    "chacune": ("f", "s")}
#: *one* as a demonstrative (*celui que tu as acheté*, *celle-là*).
ONE_DEMONSTRATIVES: Mapping[str, tuple[str | None, str]] = {
    "celui": ("m", "s"), "celle": ("f", "s"), "ceux": ("m", "p"), "celles": ("f", "p"), **DEMONSTRATIVES}
#: Pronouns with no gender or number to check (*en*, *y*, demonstratives *ce, ça, cela*).
NEUTRAL = frozenset({"en", "y", "ce", "c'", "ça", "cela", "ceci"})
_PREPOSITIONS_BEFORE_INFINITIVE = frozenset({"de", "d'", "à", "pour", "sans", "afin", "avant", "par"})
_VOWELS_AND_H = frozenset("aeiouyhâàéèêëîïôöûùü")
#: The most pronouns of an output read as candidates for the English one (a sentence has a few).
MAX_RENDERINGS = 16
_GENDER = {"m": "masculine", "f": "feminine"}
_NUMBER = {"s": "singular", "p": "plural"}


def lemmas_of(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError("antecedent must be a French noun lemma, or a non-empty list of them")
    return tuple(v.strip().lower() for v in value)


@dataclass(frozen=True, slots=True)
class Mention:
    """The rendering of the antecedent found in the output's document, with its agreement features."""

    form: str
    lemma: str
    gender: str | None
    number: str | None
    where: str  # "in the sentence" / "in the context translation"
    #: How the gender was read, when not from the lexicon alone ("by 'la'", "an epicene plural").
    why: str = ""
    #: The genders of the noun phrases coordinated with it (*la table et le canapé*), if any.
    conjuncts: tuple[str | None, ...] = ()

    def describe(self, gender: str | None, number: str | None) -> str:
        why = f"; {self.why}" if self.why else ""
        return f"{self.form!r} ({self.lemma}, {_features(gender, number)}{why}) {self.where}"


@dataclass(frozen=True, slots=True)
class Rendering:
    """The French pronoun taken to render the English one."""

    index: int
    form: str
    role: str
    gender: str | None
    number: str


class Mentions:
    """The renderings of the antecedent in an output's document, each found once: the output's
    sentence is read once from left to right, the context translation once from its end, and a
    mention's features (which may read the rest of its sentence) are worked out only for the
    mentions a pronoun is judged against, so that a long output stays linear in its length."""

    def __init__(self, checker: AntecedentAgreementChecker, reader: SentenceReader, lemmas: tuple[NounLemma, ...],
                 context: tuple[str, ...]) -> None:
        self._checker, self._reader, self._lemmas, self._context = checker, reader, lemmas, context
        self._found = [(match.end - 1, match) for index in range(len(reader.tokens))
                       if (match := _match_at(reader, index, lemmas)) is not None]
        self._positions = [index for index, _ in self._found]
        self._described: dict[int, Mention] = {}
        self._in_context: Mention | None = None
        self._context_read = False

    def first_in_sentence(self) -> Mention | None:
        """The first mention in the output's sentence, if any."""
        return self._described_at(0) if self._found else None

    def before(self, index: int) -> Mention | None:
        """The last mention before the token at ``index``: in the sentence, else in the context translation."""
        position = bisect.bisect_left(self._positions, index)
        if position:
            return self._described_at(position - 1)
        return self.in_context()

    def _described_at(self, position: int) -> Mention:
        if position not in self._described:
            self._described[position] = self._checker._mention(self._reader, self._found[position][1],
                                                               "in the sentence")
        return self._described[position]

    def in_context(self) -> Mention | None:
        if not self._context_read:
            self._context_read = True
            for sentence in reversed(self._context):
                earlier = SentenceReader(sentence, self._checker.lexicon)
                for index in range(len(earlier.tokens) - 1, -1, -1):
                    match = _match_at(earlier, index, self._lemmas)
                    if match is not None:
                        self._in_context = self._checker._mention(earlier, match, "in the context translation")
                        return self._in_context
        return self._in_context


def _match_at(reader: SentenceReader, index: int, lemmas: tuple[NounLemma, ...]) -> NounMatch | None:
    """The first of the antecedent's lemmas found at token ``index``."""
    return next((match for lemma in lemmas if (match := find_noun(reader, index, lemma)) is not None), None)


def _features(gender: str | None, number: str | None) -> str:
    return Features(3, number, gender).describe().removeprefix("3rd person ")


class AntecedentAgreementChecker(FrenchChecker):
    """Whether the French pronoun rendering an English pronoun agrees with the rendering of its antecedent.

    The English antecedent (*the house … they*) may become one of several French nouns of
    different genders (*maison*, *immeuble*); the pronoun must agree with the one the output's
    document uses. Parameters:

    - ``pronoun``: the English pronoun under test (:data:`ENGLISH`: *they, them, it, its, her, one*…);
    - ``antecedent``: the French lemmas that can render the antecedent (``[bâtiment, immeuble,
      maison, résidence]``, ``pomme de terre``, ``sœur``); a semi-correct choice still passes
      when the pronoun agrees with it;
    - ``role``: the role of the pronoun in the source, when it can have several (*it*: ``subject``,
      ``object`` or ``disjunctive``; *her*: also ``possessive``): only French pronouns in that role
      are read (*He drives it* → ``object``: *il la conduit*, the subject *il* is someone else).
      Without it, the role is read from English word order in the source.

    The family finds the French pronouns in the roles the English one can have (subject, object
    clitic before a verb or after an imperative, disjunctive after a preposition, after *que* or
    in a cleft, possessive; for *one*, a numeral or demonstrative standing alone), the last
    mention of the antecedent before each (in the sentence, else in the context translation:
    plural, compound and misspelt forms included) and the gender the document gives it
    (determiner, agreeing words, the lexicon, masculine for a plural of both genders), and
    checks the pronoun and what agrees with it: predicates, the participle after *avoir*,
    floating *tous/toutes*. docs/checkers.md gives every rule with an example.
    """

    name = "antecedent_agreement"
    description = "a French pronoun (and what agrees with it) agrees with the rendering of its antecedent"
    reads_context: ClassVar[bool] = True
    version = "2"  # issue 23: clefts, comparisons, enclitics, one, compounds, epicenes, roles read from English

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        reject_unknown(params, _PARAMS)
        for key in ("pronoun", "antecedent"):
            if key not in params:
                raise ValueError(f"missing parameter {key!r}")
        pronoun = params["pronoun"]
        if not isinstance(pronoun, str) or pronoun.strip().lower() not in ENGLISH:
            raise ValueError(f"pronoun must be one of {', '.join(ENGLISH)}, found {pronoun!r}")
        lemmas_of(params["antecedent"])
        if "role" in params and params["role"] not in ENGLISH[pronoun.strip().lower()][0]:
            roles = ", ".join(ENGLISH[pronoun.strip().lower()][0])
            raise ValueError(f"role must be one of the roles {pronoun!r} can have ({roles}), found {params['role']!r}")

    def check(self, *, item: ChallengeItem, output: str, context: tuple[str, ...] = ()) -> Verdict:
        reader = SentenceReader(output, self.lexicon, enclitics=True)
        if not any(token[0].isalnum() for token in reader.tokens):
            return Verdict.not_applicable("the output is empty")
        english = str(item.params["pronoun"]).strip().lower()
        roles, english_number = ENGLISH[english]
        source = english_tokenize(item.source)[0]
        if "role" in item.params:
            roles = (str(item.params["role"]),)
        else:
            roles = self._source_roles(source, english, roles)
        lemmas = tuple(NounLemma.parse(lemma, self.lexicon) for lemma in lemmas_of(item.params["antecedent"]))
        renderings = self._one_renderings(reader) if english in CLASS_MEMBER else self._renderings(reader, roles)
        if not renderings and "subject" not in roles and english not in CLASS_MEMBER \
                and subject_person(source) in (1, 2):
            # *I miss them* → *elles me manquent*, *you'll need it* → *il te sera utile*: with a 1st or
            # 2nd person subject in English, a French 3rd person subject can only render the pronoun
            renderings = self._renderings(reader, ("subject",))
        if not renderings:
            repeated = Mentions(self, reader, lemmas, ()).first_in_sentence()
            if repeated is not None:
                return Verdict.passed(f"no pronoun renders {english!r}: the output repeats the antecedent "
                                      f"{repeated.form!r} ({repeated.lemma}) instead, which needs no agreement",
                                      f"antecedent:{repeated.form}")
            neutral = next((t for t in reader.tokens if t in NEUTRAL - {"en", "y"}), None)
            why = f" ({neutral!r} carries no gender or number)" if neutral else ""
            return Verdict.not_applicable(f"no French pronoun in the roles of {english!r} "
                                          f"({', '.join(roles)}){why}: dropped or restructured")
        document = blocks(item, output, context)
        mentions = Mentions(self, reader, lemmas, document.output[:-1])
        occurrences = source.count(english)
        if occurrences > 1:
            # *Wash them and put them all back*: the first pronouns render each occurrence, and each must agree
            verdicts = [self._judge(reader, rendering, english, english_number, lemmas, mentions)
                        for rendering in renderings[:min(occurrences, MAX_RENDERINGS)]]
            return next((v for v in verdicts if v.outcome.value == "fail"),
                        next((v for v in verdicts if v.outcome.value == "pass"), verdicts[0]))
        first = self._judge(reader, renderings[0], english, english_number, lemmas, mentions)
        if first.outcome.value == "fail":
            # a later pronoun may be the one that renders the English pronoun; at most MAX_RENDERINGS
            # are read, so that a long output costs no more than a short one per pronoun
            for rendering in renderings[1:MAX_RENDERINGS]:
                if self._judge(reader, rendering, english, english_number, lemmas, mentions).outcome.value == "pass":
                    return Verdict.undecided(f"{first.reason}; but a later pronoun agrees: which one renders "
                                             f"{english!r} is left to a human", *first.evidence)
        return first

    # -- finding the pronoun -------------------------------------------------------------------

    def _renderings(self, reader: SentenceReader, roles: tuple[str, ...]) -> list[Rendering]:
        tokens = reader.tokens
        found: list[Rendering] = []
        for index, token in enumerate(tokens):
            after_preposition = index > 0 and reader.has_pos(index - 1, "prep") and tokens[index - 1] not in PRONOUNS
            cleft = token in DISJUNCTIVES and not after_preposition and self._cleft_focus(reader, index)
            strong = cleft or token in DISJUNCTIVES and (after_preposition or token in EMPHATICS
                                                         or self._after_que(reader, index))
            strong_roles = ("disjunctive", "subject") if cleft else ("disjunctive",)  # *ce sont eux qui…*
            if strong and set(roles) & set(strong_roles):
                found.append(Rendering(index, token, "disjunctive", *DISJUNCTIVES[token]))
            elif "subject" in roles and token in SUBJECTS and not strong \
                    and not is_impersonal_il(reader, index):
                found.append(Rendering(index, token, "subject", *SUBJECTS[token]))
            elif "object" in roles and token in OBJECTS and (self._is_enclitic(reader, index)
                                                             or self._is_clitic(reader, index)):
                found.append(Rendering(index, token, "object", *OBJECTS[token]))
            elif "possessive" in roles and token in POSSESSIVE_PRONOUNS and index \
                    and tokens[index - 1] in ("le", "la", "les", "du", "au", "aux", "des") \
                    and not self._is_clitic(reader, index):
                found.append(Rendering(index, f"{tokens[index - 1]} {token}", "possessive",
                                       *POSSESSIVE_PRONOUNS[token]))  # *plus petit que le leur*
            elif "possessive" in roles and token in POSSESSIVES and index + 1 < len(tokens) \
                    and not self._is_clitic(reader, index):
                found.append(Rendering(index, token, "possessive", *POSSESSIVES[token]))
            elif "subject" in roles and token in _POSSESSED and index >= 2 and tokens[index - 1] in ("le", "la", "les") \
                    and self._after_cest(reader, index - 1):
                gender, number = DETERMINERS[tokens[index - 1]]  # *c'est la tienne*: the possessed is the antecedent
                found.append(Rendering(index, f"{tokens[index - 1]} {token}", "subject", gender, number or "s"))
        return found

    @staticmethod
    def _source_roles(source: Sequence[str], english: str, roles: tuple[str, ...]) -> tuple[str, ...]:
        """The roles the English pronoun can have, narrowed by its function in the source when an
        item gives none (*He drives it* → object, *It broke* → subject, *It was her who* → disjunctive).
        After a preposition both the clitic and the disjunctive stay open: French verbs take as direct
        objects what English puts after a preposition (*voted against it* → *l'a rejeté*, *look for
        it* → *la chercher*)."""
        function = pronoun_function(source, english)
        narrowed = {"subject": ("subject",), "object": ("object",), "dative": ("object", "disjunctive"),
                    "prepositional": ("object", "disjunctive"), "predicative": ("disjunctive",),
                    "possessive": ("possessive",)}.get(function or "", roles)
        return tuple(role for role in roles if role in narrowed) or roles

    def _one_renderings(self, reader: SentenceReader) -> list[Rendering]:
        """The French renderings of *one*: a numeral standing alone (*j'en ai acheté une*, *l'une
        d'elles*, *il y en a un qui…*, *une plus grande*, *une autre*), *aucun(e)*, *chacun(e)*, a
        demonstrative (*celui que…*, *celle-là*), or an article before a comparative with no noun
        (*la moins chère*)."""
        tokens = reader.tokens
        found: list[Rendering] = []
        for index, token in enumerate(tokens):
            if token in NUMERAL_PRONOUNS and self._stands_alone(reader, index):
                found.append(Rendering(index, token, "one", *NUMERAL_PRONOUNS[token]))
            elif token in ONE_DEMONSTRATIVES:
                found.append(Rendering(index, token, "one", *ONE_DEMONSTRATIVES[token]))
            elif token in ("le", "la", "les") and index + 2 < len(tokens) and tokens[index + 1] in ("plus", "moins") \
                    and reader.has_pos(index + 2, "adj") and not self._noun_follows(reader, index + 3):
                found.append(Rendering(index, f"{token} {tokens[index + 1]} {tokens[index + 2]}", "one",
                                       *DETERMINERS[token]))  # type: ignore[arg-type]
        return found

    def _stands_alone(self, reader: SentenceReader, index: int) -> bool:
        """Whether *un/une* (*aucun*, *chacun*…) at ``index`` is a pronoun, not the determiner of a noun:
        *l'une*, or no noun after it past degree words and adjectives (*une plus grande ?*, *une
        autre*, *une est pourrie*, *j'en ai vu une il y a un an*); an adjective that may also be a
        noun (*une rouge*, *une grande*) counts as one after a quantitative *en* (*il en a acheté
        une rouge*)."""
        tokens = reader.tokens
        if index and tokens[index - 1] == "l'" or tokens[index] in ("chacun", "chacune"):
            return True
        probe = index + 1
        if probe < len(tokens) and tokens[probe] == "peu":
            return False  # *un peu*
        while probe < len(tokens) and (tokens[probe] in DEGREE_WORDS or reader.is_adverb(probe)):
            probe += 1
        if probe >= len(tokens) or not tokens[probe][0].isalpha():
            return True
        following = tokens[probe]
        if following in ("qui", "que", "qu'", "de", "d'", "des", "du", "parmi") or following in DETERMINERS \
                or following in PRONOUNS or following in OBJECT_CLITICS:
            return True  # *j'en ai mangé une il y a une heure*: no noun phrase goes on with a pronoun
        if reader.finite_readings(probe) and (reader.has_pos(probe, "aux") or not reader.has_pos(probe, "noun", "adj")):
            return True  # *une est pourrie*, *un manque*
        if reader.has_pos(probe, "adj"):
            if self._noun_follows(reader, probe + 1):
                return False  # *une autre voiture*, *une vraiment belle maison*
            return not reader.has_pos(probe, "noun") or "en" in tokens[:index]
        return reader.has_pos(probe, "prep") and not reader.has_pos(probe, "noun")

    def _noun_follows(self, reader: SentenceReader, index: int) -> bool:
        return index < len(reader.tokens) and reader.has_pos(index, "noun") and not reader.has_pos(index, "prep")

    def _after_que(self, reader: SentenceReader, index: int) -> bool:
        """*plus grand qu'eux*, *aussi vite qu'elles*, *je ne vois que lui*: a strong pronoun after
        *que* with no verb of its own (*qu'elle vienne* is a subject)."""
        tokens = reader.tokens
        if index == 0 or tokens[index - 1] not in ("que", "qu'"):
            return False
        if tokens[index] == "eux":
            return True
        probe = index + 1
        while probe < len(tokens) and (tokens[probe] in ("ne", "n'") or tokens[probe] in OBJECT_CLITICS):
            probe += 1
        return probe >= len(tokens) or not reader.has_pos(probe, "verb", "aux")

    def _after_cest(self, reader: SentenceReader, index: int) -> bool:
        """Whether the word at ``index`` follows *c'est*, *ce sont*, *ce n'était pas*… (its predicate)."""
        tokens = reader.tokens
        probe = index - 1
        while probe >= 0 and tokens[probe] in NEGATION:
            probe -= 1
        if probe < 0 or not any(a.lemma == "être" and a.mood in FINITE_MOODS for a in reader.readings(probe)):
            return False
        probe -= 1
        if probe >= 0 and tokens[probe] in ("ne", "n'"):
            probe -= 1
        return probe >= 0 and tokens[probe] in ("c'", "ce")

    def _cleft_focus(self, reader: SentenceReader, index: int) -> bool:
        """*c'est elle qui…*, *ce sont eux qui…*, *ce n'est pas lui que…*: the pronoun a cleft puts in focus."""
        tokens = reader.tokens
        if index + 1 >= len(tokens) or tokens[index + 1] not in ("qui", "que", "qu'"):
            return False
        return self._after_cest(reader, index)

    def _is_enclitic(self, reader: SentenceReader, index: int) -> bool:
        """*prends-la*, *range-les*, *passe-le-moi*: a pronoun joined by a hyphen to the imperative before it."""
        if index not in reader.enclitics:
            return False
        host = index - 1
        while host in reader.enclitics:
            host -= 1
        return host >= 0 and (not reader.readings(host) or reader.has_pos(host, "verb", "aux"))

    def _is_clitic(self, reader: SentenceReader, index: int) -> bool:
        """*le, la, l', les, lui, leur* before a verb (*elle les a vendues*), not a determiner (*les maisons*)."""
        tokens = reader.tokens
        probe = index + 1
        while probe < len(tokens) and tokens[probe] in ("y", "en", "lui", "leur"):
            probe += 1
        if probe >= len(tokens):
            return False
        verb = any(a.pos in ("verb", "aux") and a.mood not in ("participle",) for a in reader.readings(probe))
        if not verb:
            return False
        if probe + 1 < len(tokens) and tokens[probe + 1] in SUBJECT_CLITICS and reader.finite_readings(probe):
            return True  # an inversion: *où les as-tu prises ?*
        previous = tokens[index - 1] if index else ""
        if previous in PRONOUNS or previous in NEGATION or previous in ("y", "en", "me", "te", "se", "nous", "vous",
                                                                         "m'", "t'", "s'", "qu'", "que") \
                or previous in _PREPOSITIONS_BEFORE_INFINITIVE:
            return True
        return not reader.has_pos(probe, "noun", "adj")

    # -- the antecedent --------------------------------------------------------------------------

    def _mention(self, reader: SentenceReader, match: NounMatch, where: str) -> Mention:
        """The mention ``match`` with the gender and number its sentence gives it."""
        head = match.head
        nouns = [a for a in reader.readings(head) if a.pos == "noun"
                 and (match.how != "lemma" or fold(a.lemma) == match.lemma.words[0])]
        if not nouns:
            nouns = [a for a in reader.readings(head) if a.pos == "adj"]
        genders = {a.gender for a in nouns}
        numbers = {a.number for a in nouns if a.number}
        if match.lemma.compound:
            genders = {match.lemma.gender(self.lexicon)}
        elif "-" in reader.tokens[head] and not nouns:
            genders = {compound_gender(self.lexicon, fold(reader.tokens[head]))}
        elif not nouns:  # a misspelling or a non-standard plural of the lemma (*bijous*): the lemma's gender
            genders = {match.lemma.gender(self.lexicon)}
        if not numbers and not reader.readings(head):
            numbers = {"p" if reader.tokens[head][-1] in "sx" else "s"}
        start = self._determiner(reader, match.start)
        determiner = reader.tokens[start] if start is not None else ""
        det_gender, det_number = DETERMINERS.get(determiner, (None, None))
        if determiner in ("mon", "ton", "son") and reader.tokens[start + 1][:1] in _VOWELS_AND_H:
            det_gender = None  # *mon amie*, *son école*: the masculine form before a vowel
        number = det_number or (numbers.pop() if len(numbers) == 1 else None)
        why = ""
        if det_gender:
            gender = det_gender  # the text's own marking (*la maire*, *la nouvelle médecin*)
            if genders != {det_gender}:
                why = f"gender by {determiner!r}"
        elif len(genders) == 1 and None not in genders:
            gender = next(iter(genders))
        else:
            cue = self._gender_cue(reader, match.start if start is None else start, match.end, number)
            if cue is not None:
                gender, why = cue[0], f"gender by {cue[1]!r}"
            elif nouns and None in genders and len(genders) == 1 and number == "p":
                gender, why = "m", "a plural of both genders: masculine when nothing marks it"
            else:
                gender = None
        conjuncts = self._conjuncts(reader, match.start if start is None else start, match.end)
        return Mention(match.text(reader), match.lemma.text, gender, number, where, why, conjuncts)

    def _determiner(self, reader: SentenceReader, start: int) -> int | None:
        """The index of the determiner of the noun at ``start``, past up to two adjectives before it
        (*la nouvelle maire*)."""
        for probe in range(start - 1, max(-1, start - 4), -1):
            if reader.tokens[probe] in DETERMINERS:
                return probe
            if not reader.has_pos(probe, "adj") or reader.has_pos(probe, "verb", "prep"):
                return None
        return None

    def _gender_cue(self, reader: SentenceReader, start: int, end: int,
                    number: str | None) -> tuple[str, str] | None:
        """The gender that words agreeing with a noun of both genders give it: an adjective before or after
        it (*les artistes québécoises*), or the predicate of the clause it is the subject of (*les
        enfants étaient fatigués*, *les artistes, trois sœurs, sont arrivées*)."""
        tokens = reader.tokens
        candidates = [i for i in range(start + 1, end) if reader.has_pos(i, "adj") and not reader.has_pos(i, "noun")]
        probe = end
        while probe < len(tokens) and reader.has_pos(probe, "adj") and not reader.finite_readings(probe):
            candidates.append(probe)
            probe += 1
        if start == reader.after_fronted_adverbial():
            verb = reader.first_finite_verb(end)
            if verb is not None:
                candidates.extend(reader.predicates(verb))
        for index in candidates:
            genders = {a.gender for a in reader.readings(index) if (a.pos == "adj" or a.mood == "participle")
                       and a.number in (None, number)}
            if len(genders) == 1 and None not in genders:
                return next(iter(genders)), tokens[index]  # type: ignore[return-value]
        return None

    def _conjuncts(self, reader: SentenceReader, start: int, end: int) -> tuple[str | None, ...]:
        """The genders of noun phrases coordinated with the mention by *et* / *ou* (*la table et le canapé*)."""
        tokens = reader.tokens
        found: list[str | None] = []
        if start >= 2 and tokens[start - 1] in ("et", "ou"):
            for probe in range(start - 2, max(-1, start - 6), -1):
                if tokens[probe] in DETERMINERS:
                    phrase = reader.noun_phrase(probe)
                    if phrase is not None and phrase.end == start - 1:
                        found.append(phrase.features.gender)
                    break
        while end < len(tokens) and reader.has_pos(end, "adj") and not reader.has_pos(end, "noun"):
            end += 1
        if end + 1 < len(tokens) and tokens[end] in ("et", "ou") and tokens[end + 1] in DETERMINERS:
            phrase = reader.noun_phrase(end + 1)
            if phrase is not None:
                found.append(phrase.features.gender)
        return tuple(found)

    def _lemma_gender(self, lemmas: tuple[NounLemma, ...]) -> dict[str, str | None]:
        return {lemma.text: lemma.gender(self.lexicon) for lemma in lemmas}

    # -- judging -----------------------------------------------------------------------------------

    def _judge(self, reader: SentenceReader, rendering: Rendering, english: str, english_number: str,
               lemmas: tuple[NounLemma, ...], mentions: Mentions) -> Verdict:
        mention = mentions.before(rendering.index)
        pronoun = f"{rendering.form!r} ({rendering.role}"
        pronoun += f", {_features(rendering.gender, rendering.number)})" if rendering.role != "possessive" \
            else f", possessor {_NUMBER[rendering.number]})"
        if mention is not None and english in CLASS_MEMBER:
            gender, number = mention.gender, english_number  # one of a class: the class noun's gender only
            antecedent = f"{mention.describe(gender, None)}, {_NUMBER[number]} as {english!r} is"
        elif mention is not None:
            gender, number = mention.gender, mention.number or english_number
            if english_number == "p" and number == "s" and mention.conjuncts:
                # *la table et le canapé … ils*: the coordination is the antecedent
                group = resolve_coordination([Features(3, "s", g) for g in (gender, *mention.conjuncts)])
                gender, number = group.gender, "p"
            antecedent = mention.describe(gender, number)
        else:
            genders = self._lemma_gender(lemmas)
            shared = set(genders.values())
            gender = shared.pop() if len(shared) == 1 else None
            number = english_number
            antecedent = (f"the antecedent ({'/'.join(lemma.text for lemma in lemmas)}; no rendering of it found before the pronoun, "
                          f"number from {english!r})")
            if rendering.gender is not None and gender is None and rendering.number == number:
                agreeing = [lemma for lemma, g in genders.items() if g == rendering.gender]
                others = [lemma for lemma, g in genders.items() if g != rendering.gender]
                return Verdict.undecided(f"{pronoun} agrees with {', '.join(agreeing) or 'none'} but not with "
                                         f"{', '.join(others)}; which one renders the antecedent is not in the "
                                         "output (no context translation or another noun)", rendering.form)
        evidence = (rendering.form, f"antecedent:{mention.form}") if mention else (rendering.form,)
        problems: list[str] = []
        if number and rendering.number != number:
            problems.append(f"{pronoun} does not agree in number with {antecedent}")
        elif rendering.gender and gender and rendering.gender != gender and rendering.role != "possessive":
            problems.append(f"{pronoun} does not agree in gender with {antecedent}")
        if problems:
            return Verdict.failed("; ".join(problems), *evidence)
        agreeing_words = self._agreeing_words(reader, rendering)
        if rendering.role == "object" and rendering.form in SILENT and not agreeing_words:
            return Verdict.not_applicable(f"{pronoun} shows no gender and nothing agrees with it (no participle "
                                          f"after avoir, no floating tous/toutes): its number agrees with "
                                          f"{antecedent}, and there is nothing else to judge", *evidence)
        for index in agreeing_words:
            if not self._agrees(reader, index, gender, number):
                word = reader.tokens[index]
                readings = sorted({_features(a.gender, a.number) for a in reader.readings(index)
                                   if a.pos == "adj" or a.mood == "participle"})
                return Verdict.failed(f"{pronoun} agrees with {antecedent}, but {word!r} "
                                      f"({' or '.join(readings)}) does not", *evidence, word)
        agreeing = [reader.tokens[i] for i in agreeing_words]
        also = f", as {'does' if len(agreeing) == 1 else 'do'} {', '.join(repr(w) for w in agreeing)}" if agreeing else ""
        return Verdict.passed(f"{pronoun} agrees with {antecedent}{also}", *evidence)

    def _agreeing_words(self, reader: SentenceReader, rendering: Rendering) -> list[int]:
        """Adjectives, participles and floating quantifiers whose agreement the pronoun triggers:
        after a subject, the predicates of its verb and a floating *tous/toutes* (*elles travaillent
        toutes*) unless a plural object clitic takes it; after an object clitic, the past participle
        after *avoir*, a floating *tous/toutes* (*je les ai toutes gardées*, *range-les toutes*) and,
        for *les*, a following *seuls/seules* (*il les a laissées seules*)."""
        tokens = reader.tokens
        if rendering.role == "one":
            return self._one_agreeing_words(reader, rendering)
        if rendering.role == "subject":
            verb = reader.first_finite_verb(rendering.index + 1)
            if verb is None:
                return []
            found = reader.predicates(verb)
            between = tokens[rendering.index + 1:verb]
            if not {"les", "leur", "nous", "vous"} & set(between):
                found = sorted({*found, *self._floating(reader, verb + 1)})
            return found
        if rendering.role != "object" or rendering.form not in ("le", "la", "l'", "les", "lui", "leur"):
            return []
        plural = rendering.number == "p"
        if rendering.index in reader.enclitics:  # *range-les toutes*
            probe = rendering.index + 1
            while probe in reader.enclitics:
                probe += 1
            return self._floating(reader, probe) if plural else []
        probe = rendering.index + 1
        while probe < len(tokens) and tokens[probe] in ("y", "en", "lui", "leur"):
            probe += 1
        if probe >= len(tokens) or not reader.has_pos(probe, "verb", "aux"):
            return []
        avoir = any(a.lemma == "avoir" and a.pos in ("aux", "verb") and a.mood != "participle"
                    for a in reader.readings(probe))
        probe += 1
        while probe < len(tokens) and (tokens[probe] in NEGATION or reader.is_adverb(probe)
                                       or tokens[probe] in PRONOUNS):
            probe += 1  # *ne les a pas vues*, *les a-t-il vues*
        found = self._floating(reader, probe) if plural else []
        if found:
            probe += 1
        if avoir and rendering.form not in ("lui", "leur") and probe < len(tokens) \
                and any(a.mood == "participle" for a in reader.readings(probe)):
            found.append(probe)
            probe += 1
            if rendering.form == "les" and probe < len(tokens) and tokens[probe] in ("seuls", "seules") \
                    and not {"nous", "vous", "ils", "elles"} & set(tokens[max(0, rendering.index - 2):rendering.index]):
                found.append(probe)
        return found

    def _one_agreeing_words(self, reader: SentenceReader, rendering: Rendering) -> list[int]:
        """For a rendering of *one*: the adjective after it (*une plus grande*, *la moins chère*) and,
        when it opens its clause (*l'une d'elles a été aperçue*), the predicates of its verb."""
        tokens = reader.tokens
        found: list[int] = []
        probe = rendering.index + 1
        while probe < len(tokens) and (tokens[probe] in DEGREE_WORDS or tokens[probe] == "autre"):
            probe += 1
        if rendering.form not in ONE_DEMONSTRATIVES and probe < len(tokens) and any(
                a.pos == "adj" or a.mood == "participle" for a in reader.readings(probe)) \
                and not reader.has_pos(probe, "det") and not self._noun_follows(reader, probe + 1):
            found.append(probe)
        start = rendering.index
        while start > 0 and tokens[start - 1] not in (",", ";", ":", "—", "-") and not reader.finite_readings(start - 1):
            start -= 1
        if start == 0 or tokens[start - 1] in (",", ";", ":", "—", "-"):
            verb = reader.first_finite_verb(rendering.index + 1)
            if verb is not None:
                found.extend(i for i in reader.predicates(verb) if i not in found)
        return found

    def _floating(self, reader: SentenceReader, index: int) -> list[int]:
        """``[index]`` when *tous* or *toutes* there floats (*ils sont tous partis*, *je les ai
        toutes lues*), not when it opens a noun phrase (*tous les jours*)."""
        tokens = reader.tokens
        while index < len(tokens) and (tokens[index] in NEGATION or reader.is_adverb(index)):
            index += 1
        if index >= len(tokens) or tokens[index] not in ("tous", "toutes"):
            return []
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if following in DETERMINERS or following in ("ceux", "celles", "deux", "trois", "quatre") \
                or following.isdigit():
            return []
        return [index]

    def _agrees(self, reader: SentenceReader, index: int, gender: str | None, number: str | None) -> bool:
        return any((a.pos == "adj" or a.mood == "participle" or a.lemma == "tout")
                   and (gender is None or a.gender in (None, gender))
                   and (number is None or a.number in (None, number))
                   for a in reader.readings(index))
