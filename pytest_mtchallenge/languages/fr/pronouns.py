"""French third-person pronouns in a sentence by role, the renderings of English *one*, and the words that agree with a pronoun."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pytest_mtchallenge.languages.fr.reader import (
    DEGREE_WORDS,
    DETERMINERS,
    FINITE_MOODS,
    NEGATION,
    OBJECT_CLITICS,
    PRONOUNS,
    SUBJECT_CLITICS,
    SentenceReader,
)
from pytest_mtchallenge.languages.fr.syntax import is_impersonal_il

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
#: Every possessive pronoun after le/la/les (*c'est la tienne* renders *it is yours*).
POSSESSED = frozenset({"mien", "mienne", "miens", "miennes", "tien", "tienne", "tiens", "tiennes", "sien", "sienne",
                        "siens", "siennes", "nôtre", "nôtres", "vôtre", "vôtres", "leur", "leurs"})
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


@dataclass(frozen=True, slots=True)
class Pronoun:
    """A pronoun of a sentence in one role (``subject``, ``object``, ``disjunctive``, ``possessive``, or
    ``one``), with its gender (None where its form shows none) and number (a possessive's: the possessor's)."""

    index: int
    form: str
    role: str
    gender: str | None
    number: str


def pronouns_in(reader: SentenceReader, roles: tuple[str, ...]) -> list[Pronoun]:
    """The 3rd-person pronouns of a sentence in ``roles`` (subject, object, disjunctive, possessive):
    subjects (*il, elle, ils, elles*, *celle-ci*, a possessive pronoun after *c'est*: *c'est la
    tienne*), not an impersonal *il*; object clitics before a verb (*les a vendues*, *les as-tu*)
    or joined to an imperative (*prends-la*); strong pronouns after a preposition, after the *que*
    of a comparison, in focus in a cleft (also subjects: *ce sont eux qui*) and emphatic ones
    (*eux-mêmes*); possessive determiners and pronouns (*leur*, *le sien*)."""
    tokens = reader.tokens
    found: list[Pronoun] = []
    for index, token in enumerate(tokens):
        after_preposition = index > 0 and reader.has_pos(index - 1, "prep") and tokens[index - 1] not in PRONOUNS
        cleft = token in DISJUNCTIVES and not after_preposition and cleft_focus(reader, index)
        strong = cleft or token in DISJUNCTIVES and (after_preposition or token in EMPHATICS
                                                     or after_que(reader, index))
        strong_roles = ("disjunctive", "subject") if cleft else ("disjunctive",)  # *ce sont eux qui…*
        if strong and set(roles) & set(strong_roles):
            found.append(Pronoun(index, token, "disjunctive", *DISJUNCTIVES[token]))
        elif "subject" in roles and token in SUBJECTS and not strong \
                and not is_impersonal_il(reader, index):
            found.append(Pronoun(index, token, "subject", *SUBJECTS[token]))
        elif "object" in roles and token in OBJECTS and (is_enclitic(reader, index) or is_proclitic(reader, index)):
            found.append(Pronoun(index, token, "object", *OBJECTS[token]))
        elif "possessive" in roles and token in POSSESSIVE_PRONOUNS and index \
                and tokens[index - 1] in ("le", "la", "les", "du", "au", "aux", "des") \
                and not is_proclitic(reader, index):
            found.append(Pronoun(index, f"{tokens[index - 1]} {token}", "possessive",
                                 *POSSESSIVE_PRONOUNS[token]))  # *plus petit que le leur*
        elif "possessive" in roles and token in POSSESSIVES and index + 1 < len(tokens) \
                and not is_proclitic(reader, index):
            found.append(Pronoun(index, token, "possessive", *POSSESSIVES[token]))
        elif "subject" in roles and token in POSSESSED and index >= 2 and tokens[index - 1] in ("le", "la", "les") \
                and after_cest(reader, index - 1):
            gender, number = DETERMINERS[tokens[index - 1]]  # *c'est la tienne*: the possessed is the antecedent
            found.append(Pronoun(index, f"{tokens[index - 1]} {token}", "subject", gender, number or "s"))
    return found


def one_pronouns(reader: SentenceReader) -> list[Pronoun]:
    """The French renderings of English *one* (a member of a class): a numeral standing alone (*j'en ai acheté une*, *l'une
    d'elles*, *il y en a un qui…*, *une plus grande*, *une autre*), *aucun(e)*, *chacun(e)*, a
    demonstrative (*celui que…*, *celle-là*), or an article before a comparative with no noun
    (*la moins chère*)."""
    tokens = reader.tokens
    found: list[Pronoun] = []
    for index, token in enumerate(tokens):
        if token in NUMERAL_PRONOUNS and stands_alone(reader, index):
            found.append(Pronoun(index, token, "one", *NUMERAL_PRONOUNS[token]))
        elif token in ONE_DEMONSTRATIVES:
            found.append(Pronoun(index, token, "one", *ONE_DEMONSTRATIVES[token]))
        elif token in ("le", "la", "les") and index + 2 < len(tokens) and tokens[index + 1] in ("plus", "moins") \
                and reader.has_pos(index + 2, "adj") and not _noun_follows(reader, index + 3):
            found.append(Pronoun(index, f"{token} {tokens[index + 1]} {tokens[index + 2]}", "one",
                                 *DETERMINERS[token]))  # type: ignore[arg-type]
    return found


def stands_alone(reader: SentenceReader, index: int) -> bool:
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
        if _noun_follows(reader, probe + 1):
            return False  # *une autre voiture*, *une vraiment belle maison*
        return not reader.has_pos(probe, "noun") or "en" in tokens[:index]
    if reader.has_pos(probe, "adv") and following not in NEGATION:
        return True  # *j'en ai vu une hier* (hier is also a noun), not *un pas*
    return reader.has_pos(probe, "prep") and not reader.has_pos(probe, "noun")


def _noun_follows(reader: SentenceReader, index: int) -> bool:
    return index < len(reader.tokens) and reader.has_pos(index, "noun") and not reader.has_pos(index, "prep")


def after_que(reader: SentenceReader, index: int) -> bool:
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


def after_cest(reader: SentenceReader, index: int) -> bool:
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


def cleft_focus(reader: SentenceReader, index: int) -> bool:
    """*c'est elle qui…*, *ce sont eux qui…*, *ce n'est pas lui que…*: the pronoun a cleft puts in focus."""
    tokens = reader.tokens
    if index + 1 >= len(tokens) or tokens[index + 1] not in ("qui", "que", "qu'"):
        return False
    return after_cest(reader, index)


def is_enclitic(reader: SentenceReader, index: int) -> bool:
    """*prends-la*, *range-les*, *passe-le-moi*: a pronoun joined by a hyphen to the imperative before it."""
    if index not in reader.enclitics:
        return False
    host = index - 1
    while host in reader.enclitics:
        host -= 1
    return host >= 0 and (not reader.readings(host) or reader.has_pos(host, "verb", "aux"))


def is_proclitic(reader: SentenceReader, index: int) -> bool:
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
    if previous in _PREPOSITIONS_BEFORE_INFINITIVE:  # *de le faire*, but *de leur rue*
        return any(a.mood == "infinitive" for a in reader.readings(probe))
    if previous in PRONOUNS or previous in NEGATION or previous in ("y", "en", "me", "te", "se", "nous", "vous",
                                                                     "m'", "t'", "s'", "qu'", "que"):
        return True
    return not reader.has_pos(probe, "noun", "adj")


def agreeing_words(reader: SentenceReader, pronoun: Pronoun) -> list[int]:
    """Adjectives, participles and floating quantifiers whose agreement the pronoun triggers:
    after a subject, the predicates of its verb and a floating *tous/toutes* (*elles travaillent
    toutes*) unless a plural object clitic takes it; after an object clitic, the past participle
    after *avoir*, a floating *tous/toutes* (*je les ai toutes gardées*, *range-les toutes*) and,
    for *les*, a following *seuls/seules* (*il les a laissées seules*)."""
    tokens = reader.tokens
    if pronoun.role == "one":
        return _one_agreeing_words(reader, pronoun)
    if pronoun.role == "subject":
        verb = reader.first_finite_verb(pronoun.index + 1)
        if verb is None:
            return []
        found = reader.predicates(verb)
        between = tokens[pronoun.index + 1:verb]
        if not {"les", "leur", "nous", "vous"} & set(between):
            found = sorted({*found, *floating_quantifier(reader, verb + 1)})
        return found
    if pronoun.role != "object" or pronoun.form not in ("le", "la", "l'", "les", "lui", "leur"):
        return []
    plural = pronoun.number == "p"
    if pronoun.index in reader.enclitics:  # *range-les toutes*
        probe = pronoun.index + 1
        while probe in reader.enclitics:
            probe += 1
        return floating_quantifier(reader, probe) if plural else []
    probe = pronoun.index + 1
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
    found = floating_quantifier(reader, probe) if plural else []
    if found:
        probe += 1
    if avoir and pronoun.form not in ("lui", "leur") and probe < len(tokens) \
            and any(a.mood == "participle" for a in reader.readings(probe)):
        found.append(probe)
        probe += 1
        if pronoun.form == "les" and probe < len(tokens) and tokens[probe] in ("seuls", "seules") \
                and not {"nous", "vous", "ils", "elles"} & set(tokens[max(0, pronoun.index - 2):pronoun.index]):
            found.append(probe)
    return found


def _one_agreeing_words(reader: SentenceReader, pronoun: Pronoun) -> list[int]:
    """For a pronoun of *one*: the adjective after it (*une plus grande*, *la moins chère*) and,
    when it opens its clause (*l'une d'elles a été aperçue*), the predicates of its verb."""
    tokens = reader.tokens
    found: list[int] = []
    probe = pronoun.index + 1
    while probe < len(tokens) and (tokens[probe] in DEGREE_WORDS or tokens[probe] == "autre"):
        probe += 1
    if pronoun.form not in ONE_DEMONSTRATIVES and probe < len(tokens) and any(
            a.pos == "adj" or a.mood == "participle" for a in reader.readings(probe)) \
            and not reader.has_pos(probe, "det") and not _noun_follows(reader, probe + 1):
        found.append(probe)
    start = pronoun.index
    while start > 0 and tokens[start - 1] not in (",", ";", ":", "—", "-") and not reader.finite_readings(start - 1):
        start -= 1
    if start == 0 or tokens[start - 1] in (",", ";", ":", "—", "-"):
        verb = reader.first_finite_verb(pronoun.index + 1)
        if verb is not None:
            found.extend(i for i in reader.predicates(verb) if i not in found)
    return found


def floating_quantifier(reader: SentenceReader, index: int) -> list[int]:
    """The index of a floating *tous* or *toutes* at ``index`` or past adverbs after it (*ils sont
    tous partis*, *je les ai toutes lues*), in a list; empty when it opens a noun phrase (*tous
    les jours*) or is not there."""
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


__all__ = ["NEUTRAL", "Pronoun", "after_cest", "after_que", "agreeing_words", "cleft_focus", "floating_quantifier",
           "is_enclitic", "is_proclitic", "one_pronouns", "pronouns_in", "stands_alone"]
