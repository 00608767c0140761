"""The French reading of the ``entity_gender`` family: French persons' noun phrases and what refers to them."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from pytest_mtchallenge.checkers.entity_gender import GRAMMATICAL, NOUN_WHAT, Cue, Person
from pytest_mtchallenge.checkers.referents import Pronoun, SubjectVerbReading
from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
from pytest_mtchallenge.languages.fr.professions import Mention, ProfessionTable, profession_table
from pytest_mtchallenge.languages.fr.reader import COPULAS, DETERMINERS, NEGATION, SUBJECT_CLITICS, SentenceReader

#: Subject pronouns that show a gender, and the demonstratives that may stand for a person.
GENDERED_SUBJECTS = {"il": "m", "elle": "f", "celui-ci": "m", "celle-ci": "f", "celui-là": "m", "celle-là": "f"}
#: Accusative clitics (*l'* takes its gender from a participle after *avoir*).
OBJECT_PRONOUNS: Mapping[str, str | None] = {"le": "m", "la": "f", "l'": None}
#: Disjunctive pronouns after a preposition (*pour elle, de lui*).
DISJUNCTIVE_PRONOUNS = {"lui": "m", "elle": "f"}
#: Possessives whose form shows no gender before a vowel (*son infirmière*).
_VOWEL_POSSESSIVES = frozenset({"mon", "ton", "son"})
_VOWELS = frozenset("aàâeéèêëiîïoôuùûüyœh")
#: Words that open a clause with a subject of its own.
_CLAUSE_OPENERS = frozenset({"parce", "car", "que", "qu'", "quand", "lorsque", "lorsqu'", "si", "s'", "comme",
                             "puisque", "puisqu'", "bien", "qui", "où", "quoique", "tandis", ";"})
#: Words that coordinate verb phrases sharing the sentence's subject (*et la sabotait*, *mais n'a pas pu la convaincre*).
_COORDINATORS = frozenset({"et", "mais", "puis", "alors", "donc", ","})
_PREPOSITIONS = frozenset({"de", "d'", "à", "pour", "sans", "afin", "avant", "par", "après"})
#: Verbs whose infinitive complement has the dative as its subject (*demander à X de…*).
_OBJECT_CONTROL = frozenset({"demander", "dire", "conseiller", "ordonner", "permettre", "interdire", "défendre",
                             "rappeler", "suggérer", "recommander", "proposer", "prier", "supplier", "commander",
                             "enjoindre", "imposer", "reprocher", "signaler", "expliquer", "apprendre"})
#: What may stand before an accusative clitic (not a determiner): *il la voit, et l'a vue, de la voir*.
_BEFORE_CLITIC = SUBJECT_CLITICS | frozenset({"ne", "n'", "et", "de", "d'", "à", "pour", "sans", "qui", "que",
                                              "qu'", "y", "en", "me", "m'", "te", "t'", "se", "s'", "puis", ",",
                                              "pas", "jamais", "plus", "afin"})
_ELIDED_OR_PLURAL = frozenset({"l'", "les", "des", "aux", "ces", "mes", "tes", "ses", "nos", "vos", "leurs"})
_ÊTRE_FORMS = frozenset({"est", "était", "sera", "serait", "fut", "soit", "été"})


class FrenchReading(SubjectVerbReading[SentenceReader]):
    """French outputs read with the French pack (the Lefff lexicon, its profession table): the noun phrase
    and what refers to the person (subject, object and disjunctive pronouns, the predicates of a copula,
    the participle agreeing with *l'* after *avoir*), resolved by :mod:`~pytest_mtchallenge.checkers.referents`."""

    language = "French"
    neutral = ("French gives every person a gender, and WinoMT's French measure counts these items wrong whatever "
               "the translation")

    def table(self) -> ProfessionTable:
        return profession_table()

    def read(self, output: str) -> SentenceReader | None:
        reader = SentenceReader(output, default_lexicon())
        return None if reader.is_empty else reader

    def mentions(self, sentence: SentenceReader) -> list[Mention]:
        return [m for m in profession_table().mentions(sentence.tokens) if not _is_verb(sentence, m)]

    def read_phrase(self, sentence: SentenceReader, person: Person, persons: Sequence[Person]) -> None:
        _read_phrase(sentence, person, persons)

    def is_attribute(self, sentence: SentenceReader, person: Person) -> bool:
        """Whether the person's noun phrase follows a copula (*était la propriétaire*, *est devenu le chef*)."""
        opening = person.mention.start - (1 if person.determiner else 0)
        return opening > 0 and any(a.lemma in COPULAS for a in sentence.finite_readings(opening - 1))

    def own_predicates(self, sentence: SentenceReader, person: Person, attributes: Mapping[int, Person]) -> list[Cue]:
        after = person.mention.end
        while after < len(sentence.tokens) and _is_adjective(sentence, after) and not sentence.finite_readings(after):
            after += 1
        return _predicates(sentence, after, attributes) if _verb_follows(sentence, after) else []

    def pronouns(self, sentence: SentenceReader, persons: Sequence[Person],
                 attributes: Mapping[int, Person]) -> list[Pronoun]:
        return _pronouns(sentence, persons)

    def pronoun_cues(self, sentence: SentenceReader, pronoun: Pronoun, attributes: Mapping[int, Person]) -> list[Cue]:
        cues = [Cue(pronoun.gender, pronoun.form, f"{pronoun.role} pronoun")] if pronoun.gender else []
        if pronoun.role == "subject":
            cues.extend(_predicates(sentence, pronoun.index + 1, attributes))
        elif pronoun.role == "object":
            cues.extend(_object_participle(sentence, pronoun.index))
        return cues

    def may_be_subject(self, sentence: SentenceReader, person: Person) -> bool:
        return _verb_follows(sentence, person.mention.end)

    def opens_clause(self, sentence: SentenceReader, index: int) -> bool:
        return sentence.tokens[index] in _CLAUSE_OPENERS

    def coordinates(self, sentence: SentenceReader, token: str) -> bool:
        return token in _COORDINATORS

    def is_subject_pronoun(self, sentence: SentenceReader, index: int, known: Mapping[int, Person | None]) -> bool:
        return sentence.tokens[index] in GENDERED_SUBJECTS

    def relative_antecedents(self, sentence: SentenceReader, start: int,
                             persons: Sequence[Person]) -> list[Person] | None:
        if sentence.tokens[start] != "qui":
            return None
        return [p for p in persons if p.mention.end in (start, start - 1)]

    def controller(self, sentence: SentenceReader, index: int, start: int, persons: Sequence[Person],
                   known: Mapping[int, Person | None]) -> Person | None:
        """In an infinitive after an object-control verb with a dative (*lui a demandé de la
        raccompagner chez elle*), the dative's person is the infinitive's subject."""
        reader, tokens = sentence, sentence.tokens
        opening = None
        for probe in range(index - 1, max(start, index - 8), -1):
            if reader.finite_readings(probe) and not reader.is_nominal_context(probe):
                return None
            if tokens[probe] in ("de", "d'", "à") and any(
                    any(a.mood == "infinitive" for a in reader.readings(i)) for i in range(probe + 1, min(len(tokens), index + 3))):
                opening = probe
                break
        if opening is None:
            return None
        governor = next((i for i in range(opening - 1, max(start, opening - 5), -1)
                         if any(a.pos in ("verb", "aux") and a.mood in ("participle", "infinitive", "indicative")
                                for a in reader.readings(i))), None)
        if governor is None or not any(a.lemma in _OBJECT_CONTROL for a in reader.readings(governor)):
            return None
        datives = [p for p in persons if start < p.mention.start < opening and _after_a(tokens, p)]
        if datives:
            return datives[-1]
        if "lui" in tokens[max(start, 0):opening]:
            subject = self.sentence_subject(sentence, persons)
            others = [p for p in persons if p is not subject]
            return others[0] if len(others) == 1 else None
        return None

    def no_cue(self, person: Person, fixed: str | None) -> str:
        if fixed:
            return f"{person.rendering.form!r} is {GRAMMATICAL[fixed]} whatever the person's sex"
        if person.determiner in _ELIDED_OR_PLURAL or not person.determiner:
            what = "an elided" if person.determiner == "l'" else "a plural" if person.determiner else "no"
            return f"{what} determiner on an epicene noun shows no gender"
        return f"the determiner {person.determiner!r} shows no gender on an epicene noun"


READING = FrenchReading()


# -- finding the persons -------------------------------------------------------------------------


def _is_verb(reader: SentenceReader, mention: Mention) -> bool:
    """A form that is also a verb, used as one: a participle after *avoir* (*a commis une erreur*,
    *a invité*) or a verb after a subject and a clitic (*il le garde*)."""
    tokens = reader.tokens
    if mention.start == 0:
        return False
    previous = tokens[mention.start - 1]
    if any(a.lemma == "avoir" for a in reader.finite_readings(mention.start - 1)):
        return any(a.pos == "verb" and a.mood == "participle" for a in reader.readings(mention.start))
    before = tokens[mention.start - 2] if mention.start > 1 else ""
    return previous in ("le", "la", "l'", "se", "s'") and (before in SUBJECT_CLITICS or before in ("ne", "n'"))


# -- the noun phrase -----------------------------------------------------------------------------


def _read_phrase(reader: SentenceReader, person: Person, persons: Sequence[Person]) -> None:
    mention, rendering = person.mention, person.rendering
    tokens = reader.tokens
    if rendering.tells_sex and rendering.gender:
        person.phrase.append(Cue(rendering.gender, mention.text, NOUN_WHAT[rendering.kind]))
    index = mention.start - 1
    adjectives = 0
    while index >= 0 and adjectives < 2 and tokens[index] not in DETERMINERS and _is_adjective(reader, index):
        gender = _adjective_gender(reader, index)
        if gender and rendering.kind != "fixed":
            person.phrase.append(Cue(gender, tokens[index], "adjective"))
        index -= 1
        adjectives += 1
    if index >= 0 and tokens[index] in DETERMINERS:
        determiner = tokens[index]
        person.determiner = determiner
        gender = DETERMINERS[determiner][0]
        following = tokens[index + 1]
        if determiner in _VOWEL_POSSESSIVES and following[:1] in _VOWELS:
            gender = None  # son infirmière
        if determiner in ("le", "la") and index > 0 and tokens[index - 1] in SUBJECT_CLITICS:
            gender = None  # a clitic, not a determiner
        if gender and rendering.kind != "fixed":
            person.phrase.append(Cue(gender, determiner, "determiner"))
    end = mention.end
    while end < len(tokens) and _is_adjective(reader, end) and not any(p.mention.start == end for p in persons):
        if reader.finite_readings(end):
            break
        gender = _adjective_gender(reader, end)
        if gender and rendering.kind != "fixed":
            person.phrase.append(Cue(gender, tokens[end], "adjective"))
        end += 1


def _is_adjective(reader: SentenceReader, index: int) -> bool:
    token = reader.tokens[index]
    if token in DETERMINERS or token in ("lui", "elle", "il") or not token[:1].isalpha():
        return False
    readings = reader.readings(index)
    return bool(readings) and any(a.pos == "adj" for a in readings) and not any(
        a.pos in ("prep", "conj", "clitic", "pron", "det") for a in readings)


def _adjective_gender(reader: SentenceReader, index: int) -> str | None:
    genders = {a.gender for a in reader.readings(index) if a.pos == "adj" or a.mood == "participle"}
    return genders.pop() if len(genders) == 1 and None not in genders else None


# -- what refers to the person -------------------------------------------------------------------


def _pronouns(reader: SentenceReader, persons: Sequence[Person]) -> list[Pronoun]:
    tokens = reader.tokens
    inside = {i for p in persons for i in range(p.mention.start - 1, p.mention.end)}
    found: list[Pronoun] = []
    for index, token in enumerate(tokens):
        if index in inside and token not in GENDERED_SUBJECTS:
            continue
        after_preposition = index > 0 and reader.has_pos(index - 1, "prep") and tokens[index - 1] not in (
            "que", "qu'", "le", "la", "l'", "les")
        if token in DISJUNCTIVE_PRONOUNS and after_preposition:
            found.append(Pronoun(index, token, DISJUNCTIVE_PRONOUNS[token], "disjunctive"))
        elif token in GENDERED_SUBJECTS and not _impersonal(tokens, index):
            found.append(Pronoun(index, token, GENDERED_SUBJECTS[token], "subject"))
        elif token in OBJECT_PRONOUNS and _is_clitic(reader, index) and not (
                index + 1 < len(tokens) and tokens[index + 1] in ("lui", "leur")):
            found.append(Pronoun(index, token, OBJECT_PRONOUNS[token], "object"))
    return found


def _impersonal(tokens: Sequence[str], index: int) -> bool:
    """*il y a, il faut, il s'agit, il est difficile de…*: an *il* that refers to no one."""
    if tokens[index] != "il":
        return False
    rest = [t for t in tokens[index + 1:index + 6] if t not in ("ne", "n'")]
    if not rest:
        return False
    if rest[0] in ("y", "faut", "fallait", "faudra", "faudrait", "fallut", "pleut", "neige", "vaut", "suffit",
                   "suffisait") or rest[:2] in (["s'", "agit"], ["s'", "agissait"]):
        return True
    if rest[0] in ("semble", "semblait", "paraît", "paraissait") and len(rest) > 1 and rest[1] in ("que", "qu'"):
        return True
    if rest[:2] == ["a", "été"] or rest[:2] == ["avait", "été"]:
        rest = rest[1:]
    return rest[0] in _ÊTRE_FORMS and len(rest) > 2 and rest[2] in ("de", "d'", "que", "qu'") and rest[1] not in (
        "le", "la", "un", "une")


def _is_clitic(reader: SentenceReader, index: int) -> bool:
    """*le, la, l'* before a verb (*et la sabotait*, *l'a remerciée*, *de la voir*), not a determiner
    (*la visite*, *de la cause*)."""
    tokens = reader.tokens
    probe = index + 1
    while probe < len(tokens) and tokens[probe] in ("y", "en", "lui", "leur"):
        probe += 1
    if probe >= len(tokens) or not any(a.pos in ("verb", "aux") for a in reader.readings(probe)):
        return False
    previous = tokens[index - 1] if index else ""
    if previous in _PREPOSITIONS:
        return any(a.mood == "infinitive" for a in reader.readings(probe))
    return previous in _BEFORE_CLITIC or not reader.has_pos(probe, "noun", "adj")


def _object_participle(reader: SentenceReader, index: int) -> list[Cue]:
    """The participle after *avoir* that agrees with a preceding object clitic (*l'a invitée*)."""
    tokens = reader.tokens
    probe = index + 1
    while probe < len(tokens) and tokens[probe] in ("y", "en"):
        probe += 1
    if probe >= len(tokens) or not any(a.lemma == "avoir" for a in reader.finite_readings(probe)):
        return []
    probe += 1
    while probe < len(tokens) and (tokens[probe] in NEGATION or reader.is_adverb(probe)):
        probe += 1
    if probe < len(tokens):
        genders = {a.gender for a in reader.readings(probe) if a.mood == "participle"}
        if len(genders) == 1 and None not in genders:
            return [Cue(genders.pop(), tokens[probe], "participle agreeing with the object pronoun")]
    return []


def _verb_follows(reader: SentenceReader, index: int) -> bool:
    """Whether a finite verb group starts at ``index`` (the person before it is its subject)."""
    tokens = reader.tokens
    while index < len(tokens) and (tokens[index] in NEGATION or tokens[index] in (
            "se", "s'", "me", "te", "lui", "leur", "y", "en", "le", "la", "l'", "les")):
        index += 1
    return index < len(tokens) and bool(reader.finite_readings(index)) and not reader.has_pos(index, "det", "prep")


def _predicates(reader: SentenceReader, start: int, attributes: Mapping[int, Person]) -> list[Cue]:
    """The predicate adjectives, participles and person nouns of the first finite verb from ``start``
    (*elle était occupée*, *elle était la propriétaire*)."""
    verb = reader.first_finite_verb(start)
    if verb is None:
        return []
    cues = []
    attribute = attributes.get(verb + 2) or attributes.get(verb + 1)
    if attribute is not None and attribute.phrase_gender:
        cues.append(Cue(attribute.phrase_gender, attribute.text, "predicate noun"))
    for index in reader.predicates(verb):
        genders = {a.gender for a in reader.readings(index) if a.pos == "adj" or a.mood == "participle"}
        if len(genders) == 1 and None not in genders:
            cues.append(Cue(genders.pop(), reader.tokens[index], "agreeing predicate"))
    return cues


def _after_a(tokens: Sequence[str], person: Person) -> bool:
    """Whether the person's noun phrase is introduced by *à* (*au chauffeur*, *à la secrétaire*)."""
    if person.determiner in ("au", "aux"):
        return True
    opening = person.mention.start - (1 if person.determiner else 0)
    return opening > 0 and tokens[opening - 1] == "à"


__all__ = ["READING", "FrenchReading"]
