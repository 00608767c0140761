"""Reading French outputs for every French family: closed-class words, tokens, lexicon readings and a shallow sentence reading."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages.fr.lexicon import Analysis, Lexicon
from pytest_mtchallenge.text.normalise import normalise_text

#: Verbs whose infinitive complement carries the meaning of the group (*devrais-je appeler*).
_MODALS = frozenset({"devoir", "pouvoir", "vouloir"})
FINITE_MOODS = frozenset({"indicative", "conditional", "subjunctive"})

# Subject pronouns and strong pronouns: (person, number, gender or None).
PRONOUNS: dict[str, tuple[int, str, str | None]] = {
    "je": (1, "s", None), "j'": (1, "s", None), "tu": (2, "s", None), "il": (3, "s", "m"),
    "elle": (3, "s", "f"), "on": (3, "s", None), "nous": (1, "p", None), "vous": (2, "p", None),
    "ils": (3, "p", "m"), "elles": (3, "p", "f"), "moi": (1, "s", None), "toi": (2, "s", None),
    "lui": (3, "s", "m"), "eux": (3, "p", "m"),
}

# Determiners with the gender and number they mark (None: unmarked).
DETERMINERS: dict[str, tuple[str | None, str | None]] = {
    "le": ("m", "s"), "la": ("f", "s"), "l'": (None, "s"), "les": (None, "p"),
    "un": ("m", "s"), "une": ("f", "s"), "des": (None, "p"), "du": ("m", "s"), "de": (None, None),
    "d'": (None, None), "au": ("m", "s"), "aux": (None, "p"),
    "mon": ("m", "s"), "ton": ("m", "s"), "son": ("m", "s"), "ma": ("f", "s"), "ta": ("f", "s"),
    "sa": ("f", "s"), "mes": (None, "p"), "tes": (None, "p"), "ses": (None, "p"),
    "notre": (None, "s"), "votre": (None, "s"), "leur": (None, "s"), "nos": (None, "p"),
    "vos": (None, "p"), "leurs": (None, "p"), "ce": ("m", "s"), "cet": ("m", "s"),
    "cette": ("f", "s"), "ces": (None, "p"), "quelques": (None, "p"), "plusieurs": (None, "p"),
    "chaque": (None, "s"), "tout": ("m", "s"), "toute": ("f", "s"), "tous": ("m", "p"), "toutes": ("f", "p"),
}

#: The grammatical person of each personal pronoun: subject, strong and object clitics (*me* 1, *te* 2,
#: *lui*, *leur*, *le* 3).
PERSONS: dict[str, int] = {**{word: features[0] for word, features in PRONOUNS.items()},
                           "me": 1, "m'": 1, "te": 2, "t'": 2, "se": 3, "s'": 3, "le": 3, "la": 3, "l'": 3,
                           "les": 3, "leur": 3}
#: The subject clitics (*je, j', tu, il, elle, on, nous, vous, ils, elles*): the one list every family reads.
SUBJECT_CLITICS = frozenset(PRONOUNS) - {"moi", "toi", "lui", "eux"}
#: The strong (disjoint) pronouns (*moi, toi, lui, elle, nous, vous, eux, elles*).
STRONG_PRONOUNS = frozenset({"moi", "toi", "lui", "elle", "nous", "vous", "eux", "elles"})
#: The demonstrative subject *ce* (*c'est*).
CE = frozenset({"ce", "c'"})

NEGATION = frozenset({"ne", "n'", "pas", "jamais", "plus", "point", "guère"})
OBJECT_CLITICS = frozenset({"me", "m'", "te", "t'", "se", "s'", "nous", "vous", "le", "la", "l'", "les",
                            "lui", "leur", "y", "en"})
COPULAS = frozenset({"être", "sembler", "paraître", "devenir", "rester", "demeurer"})
#: Support verbs: with a noun or a phrase they mean what the phrase means (*mettre en garde*, *mettre la puce à
#: l'oreille*, *faire peur*, *prendre soin*, *donner raison*, *tenir compte*, *rendre visite*), so that alone they
#: say little of what a clause means.
SUPPORT_VERBS = frozenset({"mettre", "faire", "prendre", "donner", "tenir", "rendre"})
#: Verbs that are copulas with a reflexive clitic: *se montrer, se révéler, s'avérer, se sentir* (+ adjective).
PRONOMINAL_COPULAS = frozenset({"montrer", "révéler", "avérer", "sentir"})
#: Reflexive clitics before a pronominal verb.
REFLEXIVE_CLITICS = frozenset({"me", "m'", "te", "t'", "se", "s'", "nous", "vous"})
#: Multiword coordinators of noun phrases that add a conjunct as *et* does when no comma sets them off
#: (*mon père ainsi que mon frère seront*; *mon père, ainsi que mon frère, sera* is parenthetical).
ADDITIVE_COORDINATORS = (("ainsi", "que"), ("de", "même", "que"))
#: Numerals of a floating quantifier (*tous deux*, *toutes les trois*).
_QUANTIFIER_NUMERALS = frozenset({"deux", "trois", "quatre", "cinq", "six"})
COORDINATORS = frozenset({"et", "ou", "mais", "ni", ","})
#: *tout* as a degree adverb (*tout excités*) and floating *tous/toutes* (*elles sont toutes parties*).
FLOATING_QUANTIFIERS = frozenset({"tout", "toute", "toutes", "tous"})
DEGREE_WORDS = frozenset({"très", "trop", "si", "aussi", "plus", "moins", "bien", "assez", "fort"})

_TOKEN = re.compile(r"[^\W\d_]+'|[^\W\d_]+(?:-[^\W\d_]+)*|\d+|[,;:!?.]", re.UNICODE)


# Cardinal numerals from two up (un/une are also articles); compounds are written with hyphens
# (dix-sept, vingt-deux, quatre-vingts) and counted when every part is a numeral word.
CARDINALS = frozenset({
    "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze", "treize",
    "quatorze", "quinze", "seize", "vingt", "vingts", "trente", "quarante", "cinquante", "soixante", "cent", "cents",
    "mille", "un", "une", "et",
})
_NOT_ALONE = frozenset({"un", "une", "et"})


def is_cardinal(token: str) -> bool:
    """A cardinal numeral from two up: digits, or numeral words (*quatre*, *dix-sept*)."""
    if token.isdigit():
        return True
    parts = token.split("-")
    return all(p in CARDINALS for p in parts) and not (len(parts) == 1 and token in _NOT_ALONE)


def tokenize(text: str) -> list[str]:
    """Lowercased tokens with elision kept on the clitic (``l'``, ``qu'``) and punctuation as tokens.

    Hyphenated inversions (``ont-ils``, ``a-t-il``) are split into verb and pronoun.
    """
    return _tokenize(text, enclitics=False)[0]


#: Pronouns joined by hyphens after an imperative (*prends-la*, *passe-le-moi*, *goûtes-en*, *va-t-en*).
ENCLITICS = frozenset({"le", "la", "les", "lui", "leur", "en", "y", "moi", "toi", "nous", "vous"})


def tokenize_enclitics(text: str) -> tuple[list[str], frozenset[int]]:
    """:func:`tokenize`, with a word followed by hyphenated pronouns split as well (*prends-la* →
    *prends la*, *range-les* → *range les*, *va-t-en* → *va en*), and the indices of those pronouns."""
    return _tokenize(text, enclitics=True)


def _tokenize(text: str, *, enclitics: bool) -> tuple[list[str], frozenset[int]]:
    words: list[str] = []
    found: list[int] = []
    for token in _TOKEN.findall(normalise_text(text).lower()):
        parts = token.split("-")
        if enclitics and len(parts) > 1 and parts[0] and all(p in ENCLITICS or p == "t" for p in parts[1:]) \
                and any(p in ENCLITICS for p in parts[1:]):
            words.append(parts[0])
            for part in parts[1:]:
                if part != "t":
                    found.append(len(words))
                    words.append(part)
        elif len(parts) > 1 and (parts[-1] in PRONOUNS or parts[-1] == "ce"):
            words.extend(p for p in parts if p != "t")
        else:
            words.append(token)
    return words, frozenset(found)


def is_empty(tokens: Sequence[str]) -> bool:
    """Whether no token is a word (one that starts with a letter): an empty output for every family."""
    return not any(token[0].isalpha() for token in tokens)


def fold(word: str) -> str:
    """A word as patterns compare it: NFC, lowercase, *œ*/*æ* spelled *oe*/*ae* (Lefff spelling)."""
    return unicodedata.normalize("NFC", word).lower().replace("œ", "oe").replace("æ", "ae")


_CIRCUMFLEXED = {"i": "î", "u": "û"}


def readings(lexicon: Lexicon, token: str) -> tuple[Analysis, ...]:
    """The lexicon's readings of a token; a form in the 1990 reformed spelling (*connait*,
    *paraitre*), which the Lefff lacks, is read as its circumflexed form (*connaît*)."""
    found = lexicon.analyses(token)
    if found or not token.isalpha():
        return found
    for position, letter in enumerate(token):
        if letter in _CIRCUMFLEXED:
            found = lexicon.analyses(token[:position] + _CIRCUMFLEXED[letter] + token[position + 1:])
            if found:
                return found
    return ()


def join_words(words: Sequence[str]) -> str:
    """Tokens shown as text: no space after an elided word (*l'homme*, *n'en*) or before punctuation."""
    text = ""
    for word in words:
        if text and not text.endswith("'") and word[:1].isalnum():
            text += " "
        text += word
    return text


@dataclass(frozen=True, slots=True)
class Features:
    """Agreement features: person 1–3, number s/p, gender m/f (None where unknown or unmarked)."""

    person: int | None = 3
    number: str | None = None
    gender: str | None = None

    def describe(self) -> str:
        person = {1: "1st person", 2: "2nd person", 3: "3rd person"}.get(self.person or 0, "")
        gender = {"m": "masculine", "f": "feminine"}.get(self.gender or "", "")
        number = {"s": "singular", "p": "plural"}.get(self.number or "", "")
        return " ".join(word for word in (person, gender, number) if word) or "unspecified"


def resolve_coordination(conjuncts: list[Features]) -> Features:
    """The agreement features of coordinated subjects (French feature calculus).

    Two or more conjuncts make a plural; the smallest person wins (1 over 2 over 3); the
    result is feminine only when every conjunct is feminine (unknown gender stays unknown).
    """
    if len(conjuncts) == 1:
        return conjuncts[0]
    persons = [c.person for c in conjuncts if c.person is not None]
    genders = [c.gender for c in conjuncts]
    if any(g == "m" for g in genders):
        gender: str | None = "m"
    elif genders and all(g == "f" for g in genders):
        gender = "f"
    else:
        gender = None
    return Features(person=min(persons) if persons else 3, number="p", gender=gender)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A noun phrase or pronoun found in a sentence: its span, head word and features."""

    start: int
    end: int  # index after the last token
    head: str
    features: Features


class SentenceReader:
    """Shallow analysis of a French sentence: tokens, lexicon readings, subject, verbs, predicates."""

    def __init__(self, text: str, lexicon: Lexicon, *, enclitics: bool = False) -> None:
        self.text = text
        self.lexicon = lexicon
        #: With ``enclitics``, hyphenated pronouns after an imperative are tokens of their own
        #: (:func:`tokenize_enclitics`), and their indices are in ``enclitics``.
        self.tokens, self.enclitics = _tokenize(text, enclitics=enclitics)
        self._readings: dict[str, tuple[Analysis, ...]] = {}

    @property
    def is_empty(self) -> bool:
        """Whether the sentence has no word (:func:`is_empty`)."""
        return is_empty(self.tokens)

    def readings(self, index: int) -> tuple[Analysis, ...]:
        """The lexicon's readings of the token at ``index``, reformed spellings included (:func:`readings`)."""
        token = self.tokens[index]
        if token not in self._readings:
            self._readings[token] = readings(self.lexicon, token)
        return self._readings[token]

    def is_adverb(self, index: int) -> bool:
        """Whether every reading of the word is an adverb."""
        readings = self.readings(index)
        return bool(readings) and all(a.pos == "adv" for a in readings)

    def has_pos(self, index: int, *pos: str) -> bool:
        return any(a.pos in pos for a in self.readings(index))

    def finite_readings(self, index: int) -> list[Analysis]:
        return [a for a in self.readings(index) if a.pos in ("verb", "aux") and a.mood in FINITE_MOODS and a.person]

    def lexical_verb(self, index: int) -> int | None:
        """The verb that carries the meaning of the verb group at ``index``: the word itself; after an
        auxiliary (*avoir*, *être*) the participle within the next three words (*a-t-il donné*, *l'a pas
        vu*), after a modal (*devoir*, *pouvoir*, *vouloir*) the infinitive (*devrais-je pas appeler*);
        *avoir* or *être* with no participle after it is the verb itself (*elle est grande*); None for a
        modal with no infinitive after it."""
        verbal = [a for a in self.readings(index) if a.pos in ("verb", "aux")]
        if any(a.pos == "aux" or a.lemma in ("avoir", "être") for a in verbal):
            mood = "participle"
        elif verbal and all(a.lemma in _MODALS for a in verbal):
            mood = "infinitive"
        else:
            return index
        found = next((after for after in range(index + 1, min(index + 4, len(self.tokens)))
                      if any(a.mood == mood for a in self.readings(after))), None)
        return index if found is None and mood == "participle" else found

    def lexical_word(self, index: int) -> str:
        """The token of :meth:`lexical_verb`, "" when there is none: what a family's pass rests on."""
        verb = self.lexical_verb(index)
        return self.tokens[verb] if verb is not None else ""

    def meaning_words(self, verb: int) -> tuple[str, ...]:
        """The words that carry the meaning of the verb group at the finite ``verb``: its lexical verb
        (:meth:`lexical_verb`, followed through a chain: *auraient dû nous alerter*: *alerter*; after factitive
        *faire*, the infinitive: *nous faire fuir*: *fuir*), or after a copula (or *avoir l'air*) the predicates
        (*n'avait-elle été aussi heureuse*: *heureuse*); none after *ne … pas* (a negated predicate may render an
        antonym: *n'est pas honnête* for *dishonest*), nor for a support verb (*mettre en garde*:
        :data:`SUPPORT_VERBS`). What a translation of the clause renders of its source, whatever construction
        holds it."""
        lexical = self.lexical_verb(verb)
        while lexical is not None and lexical != verb:  # through a chain: *auraient dû nous alerter*
            further = self.lexical_verb(lexical)
            if further is None or further == lexical:
                break
            verb, lexical = lexical, further
        if lexical is None:
            return ()
        if any(a.lemma in SUPPORT_VERBS for a in self.readings(lexical) if a.pos in ("verb", "aux")):
            # factitive *faire* + infinitive (*nous faire fuir*): the infinitive's meaning
            factitive = next((after for after in range(lexical + 1, min(lexical + 3, len(self.tokens)))
                              if any(a.mood == "infinitive" for a in self.readings(after))
                              and all(token in OBJECT_CLITICS for token in self.tokens[lexical + 1:after])), None)
            if factitive is None or not any(a.lemma == "faire" for a in self.readings(lexical)):
                return ()  # *nous mettre en garde* renders *alert us*: the meaning is the phrase's
            lexical = factitive
        if self.tokens[lexical + 1:lexical + 3] == ["l'", "air"] and self._is_avoir(lexical):
            copula = lexical + 2  # *avoir l'air* + adjective is a copula (*Mary avait l'air heureuse*)
        elif any(a.lemma in COPULAS for a in self.readings(lexical) if a.pos in ("verb", "aux")):
            copula = lexical
        else:
            return (self.tokens[lexical],)
        if "pas" in self.tokens[verb + 1:lexical + 2]:
            return ()  # *n'est pas honnête* renders *dishonest*: a negated predicate may be an antonym
        return tuple(self.tokens[index] for index in self.predicates(copula, linked=True))

    def is_nominal_context(self, index: int) -> bool:
        """Whether the word follows a determiner or preposition (so it is not a finite verb)."""
        if index == 0:
            return False
        previous = self.tokens[index - 1]
        if previous in DETERMINERS and previous not in ("le", "la", "l'", "les"):
            return True
        if previous in ("le", "la", "l'", "les"):
            # "les chambres" (determiner) versus "nous les voyons" (clitic): a clitic follows a subject.
            before = self.tokens[index - 2] if index >= 2 else ""
            return before not in PRONOUNS and before not in NEGATION
        if self.has_pos(index - 1, "prep") and not self.has_pos(index - 1, "clitic", "pron"):
            return True
        # a word that may be a noun after determiner + prenominal adjective (*les supérieur chambres*),
        # or after determiner + noun and before a word that can only be the verb, in English order
        # (*mon cuisine table étaient*): a noun phrase's head
        if index >= 2 and self.has_pos(index, "noun") and self.tokens[index - 2] in DETERMINERS and (
                self.tokens[index - 2] not in OBJECT_CLITICS or index < 3 or self.tokens[index - 3] not in PRONOUNS):
            return self._is_adjective_only(index - 1) or (
                self.has_pos(index - 1, "noun") and self._only_finite(index + 1))
        return False

    def _only_finite(self, index: int) -> bool:
        """Whether the word at ``index`` can only be a finite verb (*étaient*, not *est* or *porte*)."""
        if index >= len(self.tokens):
            return False
        return bool(self.finite_readings(index)) and all(a.pos in ("verb", "aux") for a in self.readings(index))

    # -- noun phrases ------------------------------------------------------------------------

    def noun_phrase(self, start: int) -> Phrase | None:
        """A pronoun, or [determiner] [adjectives] noun|name [adjectives], starting at ``start``."""
        if start >= len(self.tokens):
            return None
        token = self.tokens[start]
        if token in PRONOUNS:
            person, number, gender = PRONOUNS[token]
            return Phrase(start, start + 1, token, Features(person, number, gender))
        index = start
        det_gender: str | None = None
        det_number: str | None = None
        if token in DETERMINERS:
            det_gender, det_number = DETERMINERS[token]
            index += 1
            if token in ("de", "d'") and index < len(self.tokens) and self.tokens[index] in ("la", "l'", "les"):
                det_gender, det_number = DETERMINERS[self.tokens[index]]
                index += 1
        # pre-nominal adjectives; after a determiner, also a word that may be an adjective (*le soudain
        # bruit*) or that the lexicon lacks (an untranslated modifier: *ma kitchen table*) before a noun
        while index < len(self.tokens) - 1 and self._is_nounish(index + 1) and (
                self._is_adjective_only(index) or index > start and self._prenominal(index)):
            index += 1
        if index >= len(self.tokens):
            return None
        head = self.tokens[index]
        if not self._is_nounish(index):
            return None
        gender, number = self._noun_features(index, det_gender, det_number)
        end = index + 1
        while end < len(self.tokens) and self._is_adjective_only(end):
            end += 1
        # A post-nominal word that can be an adjective agreeing with the head ("hommes politiques",
        # not "tu politiques") belongs to the noun phrase, provided a finite verb still follows.
        while (end < len(self.tokens) and self._agreeing_adjective(end, gender, number)
               and self._finite_verb_after(end + 1)):
            end += 1
            while end < len(self.tokens) and self._is_adjective_only(end):
                end += 1
        return Phrase(start, end, head, Features(3, number, gender))

    def _prenominal(self, index: int) -> bool:
        """After a determiner, a word before a noun that may modify it: one with an adjective reading
        and no noun reading, or one the lexicon lacks (not a name), when a known noun follows."""
        if not self.has_pos(index + 1, "noun"):
            return False
        if not self.readings(index):
            return self.tokens[index].isalpha()
        return self.has_pos(index, "adj") and not self.has_pos(index, "noun")

    def noun_after_determiner(self, index: int) -> bool:
        """Whether the word at ``index`` ends a noun phrase that a determiner opens (*la femme*, *les
        chambres supérieures*), so that a following *qui*/*que* is a relative pronoun."""
        start = index
        while start > max(0, index - 3) and self._is_adjective_only(start):  # up to three adjectives after it
            start -= 1
        return self._is_nounish(start) and start > 0 and self.tokens[start - 1] in DETERMINERS and (
            self.noun_phrase(start - 1) is not None)

    def _agreeing_adjective(self, index: int, gender: str | None, number: str | None) -> bool:
        """An adjective reading agrees with the head, and no finite reading could be the head's verb
        (3rd person, same number): "hommes politiques" (tu politiques) but not "champagne est"."""
        if any(a.person == 3 and a.number in (None, number) for a in self.finite_readings(index)):
            return False
        return any(
            a.pos == "adj" and (number is None or a.number in (None, number)) and (gender is None or a.gender in (None, gender))
            for a in self.readings(index)
        )

    def _finite_verb_after(self, start: int) -> bool:
        return any(self.finite_readings(i) and not self.is_nominal_context(i)
                   for i in range(start, len(self.tokens)) if self.tokens[i] not in (".", "?", "!"))

    def _is_adjective_only(self, index: int) -> bool:
        readings = self.readings(index)
        return bool(readings) and all(a.pos == "adj" or (a.pos == "verb" and a.mood == "participle") for a in readings)

    def _is_nounish(self, index: int) -> bool:
        token = self.tokens[index]
        if token in PRONOUNS or token in DETERMINERS or token in COORDINATORS or not token[0].isalpha():
            return False
        readings = self.readings(index)
        if not readings:
            return True  # a name or a word the lexicon lacks
        return any(a.pos == "noun" for a in readings)

    def _noun_features(self, index: int, det_gender: str | None, det_number: str | None) -> tuple[str | None, str | None]:
        nouns = [a for a in self.readings(index) if a.pos == "noun"]
        numbers = {a.number for a in nouns if a.number}
        genders = {a.gender for a in nouns if a.gender}
        # The noun's own features where the lexicon gives it only one (a determiner that disagrees,
        # *leur échecs*, *ma crayon*, is the broken word); the determiner's where the noun has several.
        number = numbers.pop() if len(numbers) == 1 else det_number
        if not nouns and number is None:
            number = "s"  # proper names
        gender = genders.pop() if len(genders) == 1 else det_gender
        return gender, number

    def subject(self, start: int | None = None) -> tuple[list[Phrase], int] | None:
        """The sentence-initial subject (after a fronted adverbial: "Demain, mon père et mon frère…"),
        or the subject at ``start``: its conjuncts and the index after it. Conjuncts are joined by *et*,
        or by *ainsi que* / *de même que* without a comma before them (an additive coordination)."""
        first = self.noun_phrase(self.after_fronted_adverbial() if start is None else start)
        if first is None:
            return None
        conjuncts = [first]
        index = self._skip_modifiers(first.end)
        while (width := self._coordinator_width(index)):
            following = self.noun_phrase(index + width)
            if following is None:
                break
            conjuncts.append(following)
            index = self._skip_modifiers(following.end)
        return conjuncts, conjuncts[-1].end

    def _coordinator_width(self, index: int) -> int:
        """How many tokens a coordinator of noun phrases at ``index`` spans: *et* 1, *ainsi que* 2,
        *de même que* 3 (not after a comma: a parenthetical *, ainsi que …,* adds no conjunct); 0 for none."""
        if index >= len(self.tokens):
            return 0
        if self.tokens[index] == "et":
            return 1
        if index > 0 and self.tokens[index - 1] == ",":
            return 0
        for words in ADDITIVE_COORDINATORS:
            if tuple(self.tokens[index:index + len(words)]) == words:
                return len(words)
        return 0

    def after_fronted_adverbial(self) -> int:
        """The index after a sentence-initial adverbial set off by a comma ("Demain,", "Dans la
        cuisine,", "Selon lui,"): it opens with an adverb or a preposition, is at most five words
        long and holds no finite verb; 0 when the sentence opens otherwise."""
        if not self.tokens or not self.has_pos(0, "adv", "prep") or self.tokens[0] in PRONOUNS:
            return 0
        for index in range(1, min(len(self.tokens), 6)):
            if self.tokens[index] == ",":
                return index + 1
            if self.finite_readings(index) and not self.is_nominal_context(index):
                return 0
        return 0

    def _skip_modifiers(self, index: int) -> int:
        while index < len(self.tokens) and self.tokens[index] == ",":
            index += 1
        return index

    # -- verbs and predicates ------------------------------------------------------------------

    def first_finite_verb(self, start: int) -> int | None:
        for index in range(start, len(self.tokens)):
            token = self.tokens[index]
            if token in (".", "?", "!", ";"):
                return None
            if token in NEGATION or token in OBJECT_CLITICS and index > start - 1 and self._clitic_before_verb(index):
                continue
            if self.finite_readings(index) and not self.is_nominal_context(index):
                return index
        return None

    def _clitic_before_verb(self, index: int) -> bool:
        return index + 1 < len(self.tokens) and bool(self.finite_readings(index + 1) or self.tokens[index + 1] in OBJECT_CLITICS)

    def coordinated_finite_verbs(self, start: int) -> list[int]:
        """Finite verbs of later coordinated verb phrases: ``et [pronoun] [clitics] VERB``."""
        found = []
        index = start
        while index < len(self.tokens):
            if self.tokens[index] == "et":
                probe = index + 1
                if probe < len(self.tokens) and self.tokens[probe] in PRONOUNS:
                    probe += 1
                while probe < len(self.tokens) and (self.tokens[probe] in OBJECT_CLITICS or self.tokens[probe] in NEGATION):
                    probe += 1
                if probe < len(self.tokens) and self.finite_readings(probe):
                    found.append(probe)
            index += 1
        return found

    def predicates(self, verb: int, *, linked: bool | None = None) -> list[int]:
        """Adjectives and participles that agree with the subject after the finite verb ``verb``.

        Follows copulas (être, sembler, devenir, rester, demeurer, paraître), passive and
        compound ``être``/``été``, modal + infinitive (``doivent être``), adverbs and negation,
        and coordination or comparison (``très grande et extrêmement forte``,
        ``plus ignorants que stupides``). A participle after the auxiliary *avoir* agrees with
        a preceding object, not the subject, and is not returned.
        """
        found: list[int] = []
        if linked is None:
            linked = self._is_copula(verb)
        after_avoir = self._is_avoir(verb)
        lexical = not linked and not after_avoir and not self._is_auxiliary_or_modal(verb)
        skip_to = verb + 1
        for index in range(verb + 1, len(self.tokens)):
            if index < skip_to:
                continue
            token = self.tokens[index]
            readings = self.readings(index)
            if token in NEGATION or (readings and all(a.pos == "adv" for a in readings)):
                continue
            if (token in DEGREE_WORDS or token in FLOATING_QUANTIFIERS) and self._modifies_next(index):
                continue  # "très grande", "tout excités", "tous partis", but "fort" alone is the adjective
            if not found and token in OBJECT_CLITICS:
                continue
            if (width := self.adverbial_width(index)) or (width := self._floating_quantifier_width(index)):
                skip_to = index + width  # "sans peine", "tout de suite"; "tous deux", "toutes les trois"
                continue
            if (not found and lexical and token in ("de", "d'", "à")
                    and self._copula_infinitive_after(index + 1)):
                continue  # a subject-control complement: "risquent d'être volés", "refuse de rester seule"
            lemmas_inf = {a.lemma for a in readings if a.mood in ("infinitive", "participle") and a.pos in ("verb", "aux")}
            if (token in ("être", "été") or (lemmas_inf & COPULAS and not found)
                    or (not found and self._is_pronominal_copula(index))):
                linked, after_avoir = True, False
                continue
            if token == "avoir" and not found:
                linked, after_avoir = False, True
                continue
            if any(a.pos in ("prep", "det") for a in readings):
                break  # "sommes sur", "est de": a preposition, not the rare homographic adjective
            if any(a.pos == "adj" or (a.pos == "verb" and a.mood == "participle") for a in readings):
                if linked:
                    found.append(index)
                    continue
                if after_avoir:
                    after_avoir = False  # "avons pu": no subject agreement; a copula may follow
                    continue
                break
            if found and token in ("et", "que", ",", "ou", "mais"):
                continue
            break
        return found

    def adverbial_width(self, index: int) -> int:
        """How many tokens an adverbial locution at ``index`` spans (0 for none): one the lexicon has
        as an adverb of two or three words (*tout de suite*, *sans doute*), or *sans* + a bare noun
        (*sans peine*, *sans effort*: a manner adverbial)."""
        for width in (3, 2):
            words = self.tokens[index:index + width]
            if len(words) == width and all(w[:1].isalpha() for w in words):
                text = "".join(w if w.endswith("'") else w + " " for w in words).strip()
                if any(a.pos == "adv" for a in readings(self.lexicon, text)):
                    return width
        if (self.tokens[index] == "sans" and index + 1 < len(self.tokens) and self.tokens[index + 1] not in DETERMINERS
                and self.has_pos(index + 1, "noun")
                and not any(a.mood == "infinitive" for a in self.readings(index + 1))):
            return 2
        return 0

    def _floating_quantifier_width(self, index: int) -> int:
        """How many tokens a floating quantifier at ``index`` spans (0 for none): *tous deux*, *toutes
        les trois*, or *tous* / *toutes* alone before an adjective or participle (*sont tous nerveux*)."""
        if self.tokens[index] not in ("tous", "toutes"):
            return 0
        following = self.tokens[index + 1:index + 3]
        if following[:1] and following[0] in _QUANTIFIER_NUMERALS:
            return 2
        if following[:1] == ["les"] and following[1:] and following[1] in _QUANTIFIER_NUMERALS:
            return 3
        if index + 1 < len(self.tokens) and self._is_adjective_only(index + 1):
            return 1
        return 0

    def _copula_infinitive_after(self, index: int) -> bool:
        """Whether an infinitive copula (*être*, *rester*, *se montrer* …) follows at ``index``, past
        *ne pas*, adverbs and a reflexive clitic."""
        while index < len(self.tokens) and (self.tokens[index] in NEGATION or self.is_adverb(index)
                                            or self.tokens[index] in REFLEXIVE_CLITICS):
            index += 1
        if index >= len(self.tokens):
            return False
        return self.tokens[index] == "être" or self._is_pronominal_copula(index) or any(
            a.mood == "infinitive" and a.lemma in COPULAS for a in self.readings(index))

    def _is_pronominal_copula(self, index: int) -> bool:
        """*se montrer, se révéler, s'avérer, se sentir* (any form) after a reflexive clitic."""
        return (index > 0 and self.tokens[index - 1] in REFLEXIVE_CLITICS
                and any(a.lemma in PRONOMINAL_COPULAS and a.pos == "verb" for a in self.readings(index)))

    def _is_auxiliary_or_modal(self, index: int) -> bool:
        return any(a.lemma in ("avoir", "être", "pouvoir", "devoir", "aller", "vouloir", "savoir")
                   for a in self.finite_readings(index))

    def _modifies_next(self, index: int) -> bool:
        """Whether the degree word at ``index`` modifies a following adjective, participle or adverb."""
        if index + 1 >= len(self.tokens):
            return False
        return any(a.pos in ("adj", "adv") or a.mood == "participle" for a in self.readings(index + 1))

    def _is_copula(self, index: int) -> bool:
        return any(a.lemma in COPULAS for a in self.finite_readings(index)) or (
            bool(self.finite_readings(index)) and self._is_pronominal_copula(index))

    def _is_avoir(self, index: int) -> bool:
        return any(a.lemma == "avoir" for a in self.finite_readings(index))

    def copula_infinitives(self, start: int) -> list[int]:
        """Infinitive copulas (``être``, ``rester``, ``se montrer``…) at or after ``start``."""
        found = []
        for index in range(start, len(self.tokens)):
            token = self.tokens[index]
            readings = self.readings(index)
            if any(a.mood == "infinitive" for a in readings) and self._is_pronominal_copula(index):
                found.append(index)
            elif any(a.mood == "infinitive" and a.lemma in COPULAS for a in readings):
                found.append(index)
        return found

    def finite_copulas(self, start: int) -> list[int]:
        return [i for i in range(start, len(self.tokens)) if self._is_copula(i) and not self.is_nominal_context(i)]
