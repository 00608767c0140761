"""How a Spanish or Italian output shows a person's gender, for the ``entity_gender`` family: the noun phrase
(determiner, noun form, adjectives) and the words that refer to the person (subject and tonic pronouns,
object clitics, the predicates of a copula, of a dropped subject, and the participle agreeing with an object
clitic), read with the language pack's :class:`~pytest_mtchallenge.languages.romance.RomanceReader`: the
:class:`RomanceReading` the Spanish and Italian readings (``checkers/es``, ``checkers/it``) share."""
from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence

from pytest_mtchallenge.checkers.entity_gender import NOUN_WHAT, Cue, Person
from pytest_mtchallenge.checkers.referents import Pronoun, SubjectVerbReading
from pytest_mtchallenge.languages.professions import Mention, PluralRuleTable
from pytest_mtchallenge.languages.romance import RomanceReader

_PUNCTUATION = frozenset({",", ";", ":", ".", "!", "?", "(", ")", '"', "¿", "¡"})


class RomanceReading(SubjectVerbReading[RomanceReader]):
    """A Spanish or Italian output read with its pack's reader and profession table (docs/checkers.md,
    *entity_gender*): the noun phrase (determiner, noun form, adjectives) decides; where it shows no
    gender the words that refer to the person do (tonic and subject pronouns, object clitics, the
    predicates of a copula after the person, a pronoun or a dropped subject), resolved by
    :mod:`~pytest_mtchallenge.checkers.referents`."""

    rereads_clause = True

    @abstractmethod
    def table(self) -> PluralRuleTable:
        """The pack's profession table."""

    @abstractmethod
    def reader(self, output: str) -> RomanceReader:
        """The output read with the pack's reader."""

    def read(self, output: str) -> RomanceReader | None:
        reader = self.reader(output)
        return None if reader.is_empty else reader

    def mentions(self, sentence: RomanceReader) -> list[Mention]:
        return [m for m in self.table().mentions(sentence.tokens) if not _is_verb(sentence, m)]

    def read_phrase(self, sentence: RomanceReader, person: Person, persons: Sequence[Person]) -> None:
        _read_phrase(sentence, person, persons)

    def is_attribute(self, sentence: RomanceReader, person: Person) -> bool:
        """Whether the person's noun phrase follows a copula (*era la dueña*, *è diventato il capo*)."""
        opening = person.mention.start - (1 if person.determiner else 0)
        if opening <= 0:
            return False
        verb = sentence.verb_lemma(opening - 1)
        return verb in sentence.words.copulas and verb != sentence.words.have

    def own_predicates(self, sentence: RomanceReader, person: Person, attributes: Mapping[int, Person]) -> list[Cue]:
        after = _phrase_end(sentence, person)
        return _predicates(sentence, sentence.skip_preverbal(after), attributes) if sentence.verb_follows(after) else []

    def pronouns(self, sentence: RomanceReader, persons: Sequence[Person],
                 attributes: Mapping[int, Person]) -> list[Pronoun]:
        return _pronouns(sentence, persons, attributes)

    def pronoun_cues(self, sentence: RomanceReader, pronoun: Pronoun, attributes: Mapping[int, Person]) -> list[Cue]:
        if pronoun.role == "dropped":
            return list(pronoun.cues)
        cues = [Cue(pronoun.gender, pronoun.form, f"{pronoun.role} pronoun")] if pronoun.gender else []
        if pronoun.role == "subject" and pronoun.verb is not None:
            cues.extend(_predicates(sentence, pronoun.verb, attributes))
        elif pronoun.role == "object":
            cues.extend(_object_participle(sentence, pronoun.index))
        return cues

    def may_be_subject(self, sentence: RomanceReader, person: Person) -> bool:
        return sentence.verb_follows(_phrase_end(sentence, person))

    def opens_clause(self, sentence: RomanceReader, index: int) -> bool:
        return sentence.tokens[index] in sentence.words.clause_openers

    def coordinates(self, sentence: RomanceReader, token: str) -> bool:
        return token in sentence.words.coordinators

    def is_subject_pronoun(self, sentence: RomanceReader, index: int, known: Mapping[int, Person | None]) -> bool:
        return index in known and sentence.tokens[index] in sentence.words.subject_pronouns

    def relative_antecedents(self, sentence: RomanceReader, start: int,
                             persons: Sequence[Person]) -> list[Person] | None:
        if sentence.tokens[start] not in sentence.words.relatives:
            return None
        return [p for p in persons if _phrase_end(sentence, p) == start]

    def controller(self, sentence: RomanceReader, index: int, start: int, persons: Sequence[Person],
                   known: Mapping[int, Person | None]) -> Person | None:
        """In the complement of a verb such as *pedir, decir; chiedere, dire* with a dative (*le pidió al
        escritor que la ayudara*, *ha chiesto allo scrittore di aiutarla*), the dative's person is the
        complement's subject."""
        reader = sentence
        tokens, words = reader.tokens, reader.words
        opening = None
        for probe in range(index - 1, max(start - 1, index - 4), -1):
            if tokens[probe] in ("de", "di", "a", "que", "che"):
                verb = reader.skip_preverbal(probe + 1)
                complement = reader.is_finite(verb) if tokens[probe] in ("que", "che") else reader.is_infinitive(verb)
                if complement and probe < index <= verb + 1:  # *que la ayudara*, *di aiutarla*
                    opening = probe
                break
        if opening is None:
            return None
        governor = next((i for i in range(opening - 1, max(-1, opening - 6), -1) if reader.verb_lemma(i) is not None
                         and not reader.is_infinitive(i)), None)
        if governor is None or reader.verb_lemma(governor) not in words.control_verbs:
            return None
        clause_start = governor - 1
        while clause_start >= 0 and tokens[clause_start] not in words.clause_openers and tokens[clause_start] not in (
                ",", ";"):
            clause_start -= 1
        datives = [p for p in persons if clause_start < p.mention.start < opening and _after_a(reader, p)]
        if datives:
            return datives[-1]
        before = governor - 1
        while before >= 0 and tokens[before] in words.negation:
            before -= 1
        if before >= 0 and tokens[before] in ("le", "les", "gli"):
            subject = self.sentence_subject(sentence, persons)
            others = [p for p in persons if p is not subject]
            return others[0] if len(others) == 1 else None
        return None


def _is_verb(reader: RomanceReader, mention: Mention) -> bool:
    """A form that is also a verb, used as one: a participle after *haber / avere* (*ha empleado*,
    *ha invitato*) or a finite form after an object clitic (*lo guarda*)."""
    if mention.start == 0:
        return False
    if reader.verb_lemma(mention.start - 1) == reader.words.have and reader.is_participle(mention.start):
        return True
    return len(mention.words) == 1 and reader.is_clitic(mention.start - 1)


# -- the noun phrase -----------------------------------------------------------------------------


def _read_phrase(reader: RomanceReader, person: Person, persons: Sequence[Person]) -> None:
    """The determiner, the noun form and the adjectives of the person's noun phrase (*la nueva secretaria*,
    *l'analista*, *un'assistente*, *la sua assistente*). A fixed noun's words agree with the noun, not the
    person (*la víctima*): they give no cue (the paper's reading reads the noun's own gender)."""
    mention, rendering = person.mention, person.rendering
    tokens = reader.tokens
    speaks = rendering.kind != "fixed"
    if rendering.tells_sex and rendering.gender:
        person.phrase.append(Cue(rendering.gender, mention.text, NOUN_WHAT[rendering.kind]))
    opening = next((d for d in (mention.start - 1, mention.start - 2, mention.start - 3) if d >= 0
                    and reader.determiner(d) is not None
                    and all(reader.agrees(i) and reader.determiner(i) is None for i in range(d + 1, mention.start))),
                   None)
    if opening is not None:
        determiner = reader.determiner(opening)
        assert determiner is not None
        person.determiner = determiner.form
        if determiner.gender and speaks:
            person.phrase.append(Cue(determiner.gender, determiner.form, "determiner"))
        for index in range(opening + 1, mention.start):
            gender = reader.form_gender(index)
            if gender and speaks:
                person.phrase.append(Cue(gender, tokens[index], "adjective"))
        if not determiner.gender:
            what = "an elided" if determiner.elided else "a plural" if determiner.plural else f"the {determiner.form!r}"
            person.unmarked = f"{what} determiner on an epicene noun shows no gender"
    else:
        person.unmarked = "no determiner on an epicene noun shows the gender"
    end = mention.end
    if (end < len(tokens) and reader.agrees(end) and not reader.is_finite(end) and reader.form_gender(end)
            and not any(p.mention.start == end for p in persons) and speaks):
        person.phrase.append(Cue(reader.form_gender(end) or "m", tokens[end], "adjective"))


def _phrase_end(reader: RomanceReader, person: Person) -> int:
    """The index after the noun phrase (an adjective after the noun included)."""
    end = person.mention.end
    if end < len(reader.tokens) and any(c.word == reader.tokens[end] and c.what == "adjective" for c in person.phrase):
        end += 1
    return end


# -- what refers to the person -------------------------------------------------------------------


def _pronouns(reader: RomanceReader, persons: Sequence[Person], attributes: Mapping[int, Person]) -> list[Pronoun]:
    """The pronouns that may refer to a person, in order: subject and tonic pronouns, object clitics
    (*la, lo; le, gli*), and the dropped subjects of a clause whose copula's predicate agrees
    (*porque estaba cansada*)."""
    tokens, words = reader.tokens, reader.words
    inside = {i for p in persons for i in range(p.mention.start - 1, _phrase_end(reader, p))}
    found: list[Pronoun] = []
    verbs_taken: set[int] = set()
    for index, token in enumerate(tokens):
        if index in inside:
            continue
        if index in reader.enclitics:
            if token in words.object_clitics and words.object_clitics[token] and index + 1 not in reader.enclitics:
                found.append(Pronoun(index, token, words.object_clitics[token], "object"))  # not *dárselo*'s *se*
        elif token in words.tonic_pronouns and index > 0 and reader.is_preposition(index - 1):
            found.append(Pronoun(index, token, words.tonic_pronouns[token], "tonic"))
        elif token in words.subject_pronouns and words.subject_pronouns[token]:
            verb = reader.skip_preverbal(index + 1)
            if verb < len(tokens) and reader.is_finite(verb):
                verbs_taken.add(verb)
                found.append(Pronoun(index, token, words.subject_pronouns[token], "subject", verb))
            elif token in words.tonic_pronouns and index > 0 and reader.is_finite(index - 1):
                found.append(Pronoun(index, token, words.tonic_pronouns[token], "tonic"))  # *ha visto lei*
            else:
                found.append(Pronoun(index, token, words.subject_pronouns[token], "subject"))
        elif token in words.object_clitics and reader.is_clitic(index):
            if index + 1 < len(tokens) and tokens[index + 1] in words.clitics:
                continue  # *se la dio*: the first pronoun is the dative, this one a thing
            verb = reader.skip_preverbal(index + 1)
            gender = words.object_clitics[token]
            if verb < len(tokens) and reader.verb_lemma(verb) in words.psych_verbs and token not in ("lo", "la", "l'"):
                verbs_taken.add(verb)  # *le gustaba, gli piaceva*: the dative is who likes
                found.append(Pronoun(index, token, gender, "subject", verb))
            else:
                found.append(Pronoun(index, token, gender, "object"))
    for verb in range(len(tokens)):
        if verb in verbs_taken or verb in inside or not reader.is_finite(verb):
            continue
        dropped = _dropped_subject(reader, verb, persons, attributes)
        if dropped is not None:
            found.append(dropped)
    return sorted(found, key=lambda p: p.index)


def _dropped_subject(reader: RomanceReader, verb: int, persons: Sequence[Person],
                     attributes: Mapping[int, Person]) -> Pronoun | None:
    """The dropped subject of a finite verb that opens its clause (after *porque, que, y*, a comma or
    the sentence's start), when the verb's predicate shows a gender (*porque estaba cansada*)."""
    tokens, words = reader.tokens, reader.words
    before = verb - 1
    while before >= 0 and (tokens[before] in words.negation or tokens[before] in words.clitics
                           or reader.is_adverb(before)):
        before -= 1
    if before >= 0 and not (tokens[before] in words.clause_openers or tokens[before] in words.coordinators
                            or tokens[before] in _PUNCTUATION):
        return None
    if before >= 0 and tokens[before] in words.relatives and any(_phrase_end(reader, p) == before for p in persons):
        return None  # *el médico que estaba cansado*: the relative's antecedent is the subject
    cues = tuple(_predicates(reader, verb, attributes))
    genders = {cue.gender for cue in cues}
    if not cues:
        return None
    coordinated = before >= 0 and tokens[before] in words.coordinators and tokens[before] != ","
    return Pronoun(verb, f"(the dropped subject of {tokens[verb]!r})", genders.pop() if len(genders) == 1 else None,
                    "dropped", verb, cues, coordinated)


def _predicates(reader: RomanceReader, verb: int, attributes: Mapping[int, Person]) -> list[Cue]:
    """The predicate adjectives, participles and person nouns of a finite verb (*estaba ocupada*,
    *è stata licenziata*, *era la dueña*)."""
    cues: list[Cue] = []
    if reader.verb_lemma(verb) in reader.words.copulas:
        attribute = attributes.get(verb + 2) or attributes.get(verb + 1)
        if attribute is not None and attribute.phrase_gender:
            cues.append(Cue(attribute.phrase_gender, attribute.text, "predicate noun"))
    for index in reader.predicates(verb):
        gender = reader.form_gender(index)
        if gender:
            cues.append(Cue(gender, reader.tokens[index], "agreeing predicate"))
    return cues


def _object_participle(reader: RomanceReader, index: int) -> list[Cue]:
    """The participle after *avere* that agrees with a preceding object clitic (*l'ha pagata*)."""
    if (not reader.words.object_participles or index in reader.enclitics
            or reader.tokens[index] not in ("lo", "la", "l'")):
        return []  # a dative (*le ha prestato*) takes no agreement
    probe = index + 1
    while probe < len(reader.tokens) and reader.tokens[probe] in reader.words.clitics:
        probe += 1
    if probe >= len(reader.tokens) or reader.verb_lemma(probe) != reader.words.have:
        return []
    probe += 1
    while probe < len(reader.tokens) and (reader.tokens[probe] in reader.words.negation or reader.is_adverb(probe)):
        probe += 1
    if probe < len(reader.tokens) and reader.is_participle(probe):
        gender = reader.form_gender(probe)
        if gender:
            return [Cue(gender, reader.tokens[probe], "participle agreeing with the object pronoun")]
    return []


def _after_a(reader: RomanceReader, person: Person) -> bool:
    """Whether the person's noun phrase is introduced by *a* (*al conductor, a la secretaria; allo scrittore*)."""
    if person.determiner in ("al", "allo", "alla", "all'", "ai", "agli", "alle"):
        return True
    opening = person.mention.start - (1 if person.determiner else 0)
    return opening > 0 and reader.tokens[opening - 1] in ("a", "ad")


__all__ = ["RomanceReading"]
