"""The German reading of the ``entity_gender`` family: German persons' noun phrases and what refers to them."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pytest_mtchallenge.checkers.entity_gender import GRAMMATICAL, NOUN_WHAT, Cue, Person
from pytest_mtchallenge.checkers.referents import Pronoun, ReferentReading
from pytest_mtchallenge.languages.de.professions import InflectedTable, Mention, NounForm, profession_table
from pytest_mtchallenge.languages.de.reader import Sentence
from pytest_mtchallenge.languages.de.words import (
    ADJECTIVAL_ENDINGS, CLAUSE_PUNCTUATION, COORDINATORS, DETERMINERS, INDEFINITE, NOT_ADJECTIVES, OBJECT_CONTROL,
    OTHER_SUBJECTS, PERSONAL_PRONOUNS, PLURAL_VERBS, POSSESSIVES, PREPOSITIONS, SUBORDINATORS, Reading)

_NOUN_WHAT = {**NOUN_WHAT, "generic": "masculine noun (German's generic masculine)"}
#: Adjective endings: a lowercase word with one of them between a determiner and its noun is read past.
_ADJECTIVE_ENDINGS = ("e", "en", "er", "es", "em")
_SENTENCE_ENDS = frozenset({".", "!", "?"})
#: A separable verb's zu-infinitive in one word (*aufzuhören, mitzubringen, beizubringen*).
_ZU_INFINITIVE = re.compile(r"^(?:ab|an|auf|aus|bei|dar|ein|fest|her|hin|los|mit|nach|vor|weg|zurück|zusammen|"
                            r"weiter|teil|statt|kennen|frei)zu\w+n$")
#: Forms of the copulas, after which a person noun is the subject again (*sie ist Lehrerin*).
_COPULAS = frozenset({"ist", "war", "sei", "wäre", "wird", "wurde", "würde", "bleibt", "blieb", "bin", "bist"})


class GermanReading(ReferentReading[Sentence]):
    """German outputs read with the German pack (its profession table and closed-class words): the noun
    phrase (its determiner and case), and the personal pronouns and possessives that refer to the person,
    resolved by :mod:`~pytest_mtchallenge.checkers.referents` (the subject of a clause found by case)."""

    language = "German"
    neutral = ("a German person noun and its pronouns are masculine or feminine (neuter only on nouns such as das "
               "Kind, whose gender never follows the person's sex), and WinoMT's German measure counts these items "
               "wrong whatever the translation")

    #: German's generic masculine: the masculine of a noun with an -in feminine and an epicene under a masculine
    #: determiner (*der Manager, der Angestellte, der CEO*); a noun that names a man (*der Zimmermann*) is not one.
    generic_masculine = frozenset({"generic", "epicene"})

    def table(self) -> InflectedTable:
        return profession_table()

    def read(self, output: str) -> Sentence | None:
        sentence = Sentence.read(output)
        return None if sentence.is_empty else sentence

    def mentions(self, sentence: Sentence) -> list[Mention]:
        return profession_table().mentions(sentence)

    def read_phrase(self, sentence: Sentence, person: Person, persons: Sequence[Person]) -> None:
        person.nominative = _read_phrase(sentence, person)

    def is_attribute(self, sentence: Sentence, person: Person) -> bool:
        """*sie ist Lehrerin*: a person noun after a copula."""
        return _opening(sentence, person) > 0 and sentence.tokens[_opening(sentence, person) - 1] in _COPULAS

    def pronouns(self, sentence: Sentence, persons: Sequence[Person], attributes: Mapping[int, Person]) -> list[Pronoun]:
        return _pronouns(sentence, persons)

    def pronoun_cues(self, sentence: Sentence, pronoun: Pronoun, attributes: Mapping[int, Person]) -> list[Cue]:
        if pronoun.gender is None:
            return []
        cues = [Cue(pronoun.gender, sentence.cased[pronoun.index], f"{pronoun.role} pronoun")]
        if pronoun.role == "subject":
            attribute = _attribute_after(sentence, pronoun.index, attributes)
            if attribute is not None and attribute.phrase_gender:
                cues.append(Cue(attribute.phrase_gender, attribute.text, "predicate noun"))
        return cues

    def may_be_subject(self, sentence: Sentence, person: Person) -> bool:
        """Whether the person's noun phrase may be a nominative (its determiner and ending say so)."""
        return person.nominative

    def candidates(self, sentence: Sentence, pronoun: Pronoun, persons: Sequence[Person]) -> list[Person]:
        """Not the person whose noun phrase a possessive determines (*seinem Schützling*), and an antecedent
        before the pronoun rather than a person named after it."""
        candidates = [p for p in persons if p is not pronoun.owner]
        before = [p for p in candidates if p.mention.start < pronoun.index]
        return before or candidates

    def clause_subjects(self, sentence: Sentence, index: int, persons: Sequence[Person],
                        known: Mapping[int, Person | None]) -> list[Person]:
        """Who may be the subject of an object pronoun's clause: a subject pronoun or a nominative person
        in the clause; in a zu-infinitive, its understood subject (the object of *bitten, sagen, helfen …*,
        else the sentence's subject); in a conjunct without a subject (*und bat sie*), the sentence's subject."""
        tokens = sentence.tokens
        start, end = _clause_span(tokens, index)
        if any(token == "zu" or _ZU_INFINITIVE.match(token) for token in tokens[index:end]):
            controller = self._infinitive_subject(sentence, start, persons, known)
            if controller is not None:
                return [controller]
        for probe in range(start + 1, end):
            if probe != index and tokens[probe] in ("er", "sie") and probe in known:
                subject = known[probe]
                if tokens[probe] == "er" or probe < index:
                    return [subject] if subject is not None else []
        in_clause = [p for p in persons if start < p.mention.start < end and p.nominative]
        if in_clause:
            return in_clause[:1]
        first = self.sentence_subject(sentence, persons)
        return [first] if first is not None else []

    def _infinitive_subject(self, sentence: Sentence, start: int, persons: Sequence[Person],
                            known: Mapping[int, Person | None]) -> Person | None:
        """The understood subject of a zu-infinitive clause opening after ``start``: with *um* (*um sie zu
        schützen*) the sentence's subject; after an object-control verb (*bat den Arzt, sie zu …*) its object."""
        tokens = sentence.tokens
        if start + 1 < len(tokens) and tokens[start + 1] in ("um", "ohne", "statt", "anstatt"):
            return self.sentence_subject(sentence, persons)
        if start < 0 or tokens[start] != ",":
            return None
        previous, _ = _clause_span(tokens, start)
        if not any(tokens[i] in OBJECT_CONTROL for i in range(previous + 1, start)):
            return self.sentence_subject(sentence, persons)
        objects = [p for p in persons if previous < p.mention.start < start and not p.nominative]
        if objects:
            return objects[-1]
        pronouns = [known.get(i) for i in range(previous + 1, start) if tokens[i] in ("ihn", "ihm", "ihr", "sie")]
        return next((p for p in reversed(pronouns) if p is not None), None)

    def no_cue(self, person: Person, fixed: str | None) -> str:
        if fixed:
            return f"{person.rendering.form!r} is {GRAMMATICAL[fixed]} whatever the person's sex"
        if person.mention.plural:
            return "a plural noun phrase shows no gender"
        if not person.determiner:
            return "no determiner on an epicene noun shows no gender"
        return (f"the determiner {person.determiner!r} and the form {person.mention.text!r} may be masculine, "
                "feminine or plural here: they show no gender")

    def masculine_and_feminine(self, person: Person, *, rendered: str, shown: str,
                               feminine: str) -> tuple[str, str]:
        """German's generic masculine (*der Lehrer, der Angestellte, der CEO*) is used for both
        sexes: a feminine pronoun that refers to the person makes her a woman. A noun that names a
        man (*der Zimmermann, der Krankenpfleger*) or another sense of the word keeps its gender."""
        rendering = person.rendering
        if rendering.kind in self.generic_masculine:
            return "f", (f"{rendered} ({shown}), German's generic masculine, used for both sexes, and {feminine} "
                         "refers to the person: a German reader reads a woman: female")
        why = (f"the noun names a man (its feminine: {self.feminine_forms(person)})" if rendering.kind == "masculine"
               else "the noun keeps its own gender in this sense")
        return "m", (f"{rendered} ({shown}): male; {feminine} refers to the person, but {why}: the pronoun renders "
                     "the source's pronoun, the noun phrase is the translation's choice for the person")


READING = GermanReading()


# -- the noun phrase -----------------------------------------------------------------------------


def _forms(sentence: Sentence, person: Person) -> list[NounForm]:
    index = person.mention.start
    return [f for f in profession_table().analyse(sentence.tokens[index], capitalised=sentence.capitalised(index))
            if f.rendering == person.rendering]


def _determiner_at(sentence: Sentence, person: Person) -> int | None:
    """The index of the person's determiner, read past up to two adjectives (*dem neuen Assistenten*)."""
    tokens = sentence.tokens
    index = person.mention.start - 1
    adjectives = 0
    while index >= 0 and adjectives < 2 and tokens[index] not in NOT_ADJECTIVES and tokens[index].isalpha() \
            and tokens[index].endswith(_ADJECTIVE_ENDINGS) and not sentence.capitalised(index):
        index -= 1
        adjectives += 1
    return index if index >= 0 and tokens[index] in DETERMINERS else None


def _opening(sentence: Sentence, person: Person) -> int:
    """Where the person's noun phrase starts (its determiner, else the noun)."""
    found = _determiner_at(sentence, person)
    return found if found is not None else person.mention.start


def _context_cases(sentence: Sentence, opening: int) -> frozenset[str] | None:
    """The cases the place of a noun phrase allows: those of a preposition before it; the nominative
    at the start of a clause (a preference); None where it says nothing."""
    if opening == 0:
        return frozenset({"nom"})
    before = sentence.tokens[opening - 1]
    if before in PREPOSITIONS:
        return PREPOSITIONS[before]
    if before in SUBORDINATORS or before in COORDINATORS or before in CLAUSE_PUNCTUATION:
        return frozenset({"nom"})
    return None


def _read_phrase(sentence: Sentence, person: Person) -> bool:
    """Give the person the cues of their noun phrase; return whether it may be a nominative (a subject)."""
    rendering = person.rendering
    forms = _forms(sentence, person)
    numbers = frozenset().union(*(f.numbers for f in forms)) if forms else frozenset({"sg"})
    word = sentence.tokens[person.mention.start]
    if rendering.tells_sex and rendering.gender in ("m", "f"):
        person.phrase.append(Cue(rendering.gender, word, _NOUN_WHAT[rendering.kind]))
    at = _determiner_at(sentence, person)
    determiner = sentence.tokens[at] if at is not None else ""
    person.determiner = determiner
    cases = _context_cases(sentence, at if at is not None else person.mention.start)
    ending = next((f.ending for f in forms if f.ending), "")
    if ending:  # an adjectival noun: the determiner and the ending together (der Angestellte, der Angestellten)
        declension = "indefinite" if determiner in INDEFINITE else "definite" if determiner else "none"
        readings = ADJECTIVAL_ENDINGS[declension].get(ending, frozenset())
        if determiner:
            readings = readings & DETERMINERS[determiner]
    elif determiner:
        readings = DETERMINERS[determiner]
    else:
        return True
    if "pl" not in numbers:
        readings = frozenset(r for r in readings if r[0] != "p")
    if "sg" not in numbers:
        readings = frozenset(r for r in readings if r[0] == "p")
    if rendering.kind == "fixed":
        return any(case == "nom" for _, case in readings) or not readings
    if rendering.kind == "epicene":
        gender = _gender_of(readings, cases)
        if gender:
            person.phrase.append(Cue(gender, f"{determiner} {word}".strip(), "determiner and ending" if ending
                                     else "determiner"))
    elif determiner and rendering.gender in ("m", "f"):
        # a noun of its own gender: the determiner tells only where it contradicts the noun (die Assistent)
        agreeing = [r for r in readings if r[0] in (rendering.gender, "p") or rendering.gender == "m" and r[0] == "n"]
        singular = {g for g, _ in DETERMINERS[determiner] if g != "p"}
        if not agreeing and singular == {"f"}:
            person.phrase.append(Cue("f", determiner, "determiner"))
    return any(case == "nom" for _, case in readings)


def _gender_of(readings: frozenset[Reading], cases: frozenset[str] | None) -> str | None:
    """The one gender of an epicene noun phrase's readings, the singular preferred (the source's
    person is one), narrowed by the cases its place allows when that leaves any."""
    if cases is not None and any(case in cases for _, case in readings):
        readings = frozenset(r for r in readings if r[1] in cases)
    singular = {g for g, _ in readings if g != "p"}
    if singular and singular <= {"m", "n"}:
        return "m"
    if singular == {"f"}:
        return "f"
    return None


# -- what refers to the person -------------------------------------------------------------------


def _attribute_after(sentence: Sentence, index: int, attributes: Mapping[int, Person]) -> Person | None:
    """A person noun after the copula that follows a subject pronoun (*sie war die Besitzerin*)."""
    if index + 1 < len(sentence.tokens) and sentence.tokens[index + 1] in _COPULAS:
        return next((p for p in attributes.values() if index + 1 < p.mention.start <= index + 4), None)
    return None


def _pronouns(sentence: Sentence, persons: Sequence[Person]) -> list[Pronoun]:
    tokens = sentence.tokens
    owners = {_determiner_at(sentence, p): p for p in persons}
    found: list[Pronoun] = []
    for index, token in enumerate(tokens):
        after_preposition = index > 0 and tokens[index - 1] in PREPOSITIONS
        before_noun = _before_noun(sentence, index)
        if token in POSSESSIVES and (token not in ("sein", "ihr") or before_noun):
            found.append(Pronoun(index, token, POSSESSIVES[token], "possessive", owners.get(index)))
        elif token == "sie" and sentence.cased[index] == "Sie" and index > 0 \
                and tokens[index - 1] not in _SENTENCE_ENDS:
            continue  # the polite Sie: the addressee
        elif token == "sie" and _plural_sie(sentence, index):
            continue
        elif token in PERSONAL_PRONOUNS:
            gender, role = PERSONAL_PRONOUNS[token]
            if after_preposition:
                role = "prepositional"
            elif token == "sie" and not _is_subject(sentence, index, persons):
                role = "object"
            found.append(Pronoun(index, token, gender, role))
    return found


def _before_noun(sentence: Sentence, index: int) -> bool:
    """Whether a noun follows, perhaps after an adjective (*ihr Auto*, *seinen neuen Wagen*; not *ihr
    alles Gute*, where *ihr* is a dative)."""
    for probe in (index + 1, index + 2):
        if probe < len(sentence.tokens) and sentence.capitalised(probe):
            return True
        if probe >= len(sentence.tokens) or not sentence.tokens[probe].endswith(_ADJECTIVE_ENDINGS) \
                or sentence.tokens[probe] in NOT_ADJECTIVES:
            return False
    return False


def _clause_span(tokens: Sequence[str], index: int) -> tuple[int, int]:
    """The clause around ``index``: from after the last boundary before it to the next boundary."""
    start = index - 1
    while start >= 0 and not _boundary(tokens, start):
        start -= 1
    end = index + 1
    while end < len(tokens) and not _boundary(tokens, end):
        end += 1
    return start, end


def _boundary(tokens: Sequence[str], index: int) -> bool:
    token = tokens[index]
    return token in CLAUSE_PUNCTUATION or token in SUBORDINATORS or token in COORDINATORS


def _plural_sie(sentence: Sentence, index: int) -> bool:
    """*sie* with a plural verb (*sie waren, weil sie … konnten*): they, not she."""
    tokens = sentence.tokens
    _, end = _clause_span(tokens, index)
    after = tokens[index + 1] if index + 1 < len(tokens) else ""
    return after in PLURAL_VERBS or (end - 1 > index and tokens[end - 1] in PLURAL_VERBS)


def _is_subject(sentence: Sentence, index: int, persons: Sequence[Person]) -> bool:
    """Whether a *sie* is the subject of its clause: at the clause's start (*weil sie*, *, sie solle*),
    or after the verb of a clause whose subject is not already there (*dann bat sie*); not after the
    verb of a conjunct that shares the sentence's subject (*und bat sie*) or a clause with a subject."""
    tokens = sentence.tokens
    start, _ = _clause_span(tokens, index)
    prefix = range(start + 1, index)
    if not prefix:
        return True
    if any(tokens[i] in ("er", "ich", "du", "wir", "man") or tokens[i] in OTHER_SUBJECTS for i in prefix):
        return False
    if any(p.mention.start in prefix and p.nominative for p in persons):
        return False
    if start >= 0 and tokens[start] in COORDINATORS | {","} and all(
            tokens[i].isalpha() and not sentence.capitalised(i) and tokens[i] not in DETERMINERS for i in prefix):
        return False  # und bat sie: the conjunct shares its subject
    return True


__all__ = ["READING", "GermanReading"]
