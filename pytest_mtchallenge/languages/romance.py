"""What the Spanish and Italian packs share to read a sentence: tokens (elisions kept on the article,
object pronouns split off infinitives and gerunds), lemmas (simplemma, loaded at first use), determiners,
verb forms, and the gender an adjective or participle shows.

Each pack describes its closed classes in a :class:`RomanceWords` and subclasses :class:`RomanceReader`
with the way its forms show gender (``form_gender``); one reader reads one output.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.text.normalise import normalise_text

_APOSTROPHE_ACCENT = re.compile(r"(?<!\w)(?!po')([^\W\d_]*(?:che|[aeiou]))'(?=[\s,.;:!?]|$)", re.UNICODE)
_GRAVE = {"a": "à", "e": "è", "i": "ì", "o": "ò", "u": "ù"}


def _accented(word: str) -> str:
    """*perche* → *perché*, *e* → *è*, *citta* → *città* (the word before a typed apostrophe)."""
    return word[:-1] + ("é" if word.endswith("che") else _GRAVE[word[-1]])


_TOKEN = re.compile(r"[^\W\d_]+'|[^\W\d_]+|\d+|[,;:!?.()\"¿¡]", re.UNICODE)


@dataclass(frozen=True, slots=True)
class Determiner:
    """A determiner and what it shows: ``gender`` m, f or None (*l', su, ogni*), whether it is plural,
    and whether it is elided (*l', dell', un'*)."""

    form: str
    gender: str | None
    plural: bool

    @property
    def elided(self) -> bool:
        return self.form.endswith("'")


@dataclass(frozen=True, slots=True)
class RomanceWords:
    """A language's closed classes, as the reader and the families that read persons need them."""

    code: str
    name: str
    #: Articles, demonstratives, possessives and articulated prepositions: form → (gender, plural).
    determiners: Mapping[str, tuple[str | None, bool]]
    #: Subject pronouns that show a gender (*él, ella; lui, lei, egli*), and those that do not.
    subject_pronouns: Mapping[str, str | None]
    #: Pronouns after a preposition (*para ella, con lui*).
    tonic_pronouns: Mapping[str, str]
    #: Object clitics that may stand for a person, with the gender they show (*lo, la; gli, le*).
    object_clitics: Mapping[str, str | None]
    #: Every clitic pronoun (a verb group may open with them).
    clitics: frozenset[str]
    negation: frozenset[str]
    prepositions: frozenset[str]
    #: Words that open a clause with a subject of its own (*porque, que, cuando; perché, che*).
    clause_openers: frozenset[str]
    #: Relative pronouns among them (*que, quien; che, cui*): the clause's subject may be the antecedent.
    relatives: frozenset[str]
    #: Words that coordinate verb phrases sharing the sentence's subject (*y, pero; e, ma*).
    coordinators: frozenset[str]
    #: Adverbs that may stand inside a verb group or before a predicate (*muy, ya; molto, già*).
    adverbs: frozenset[str]
    #: Verbs whose predicate agrees with the subject (lemmas): *ser, estar, parecer; essere, sembrare*.
    copulas: frozenset[str]
    #: Verbs that are copulas only with a reflexive pronoun (*se sintió cansada, si sentiva stanca*).
    reflexive_copulas: frozenset[str]
    #: Reflexive pronouns (*se, si*…).
    reflexives: frozenset[str]
    #: The auxiliary after which a participle does not agree with the subject (*haber, avere*).
    have: str
    #: Verbs followed by an infinitive that carries the predicate (*poder, deber; potere, dovere*).
    modals: frozenset[str]
    #: Verbs whose dative is the subject of their complement (*pedir a X que…, chiedere a X di…*).
    control_verbs: frozenset[str]
    #: Verbs whose dative clitic is the experiencer (*le gustaba, gli piaceva*).
    psych_verbs: frozenset[str]
    #: Whether a participle after the perfect auxiliary agrees with a preceding object pronoun (*l'ha pagata*).
    object_participles: bool
    infinitive_endings: tuple[str, ...]
    gerund_endings: tuple[str, ...]
    #: Regular participle endings, each gender and number (*-ado, -ada, -ados, -adas*).
    participle_endings: tuple[str, ...]
    #: Irregular participles, each gender and number (*hecho, hecha…; fatto, fatta…*), and their lemmas.
    irregular_participles: Mapping[str, str]
    #: Verb forms whose lemma simplemma gives as another word (*chiese* → *chiesa*, not *chiedere*).
    verb_forms: Mapping[str, str]
    #: Words never read as adjectives or nouns (pronouns, conjunctions, quantifiers).
    function_words: frozenset[str]


class RomanceReader:
    """One output read with a language's words: tokens, lemmas, determiners, verbs and agreement."""

    words: RomanceWords

    def __init__(self, output: str) -> None:
        self.tokens, self.enclitics = tokenize(output, self.words)
        self._finite: dict[int, bool] = {}
        words = self.words
        self._closed = (words.determiners.keys() | words.prepositions | words.clitics | words.subject_pronouns.keys()
                        | words.clause_openers | words.coordinators | words.negation)
        self.is_empty = not any(token[:1].isalpha() for token in self.tokens)

    # -- words -------------------------------------------------------------------------------

    def lemma(self, index: int) -> str:
        return lemma(self.tokens[index], self.words)

    def determiner(self, index: int) -> Determiner | None:
        entry = self.words.determiners.get(self.tokens[index])
        return Determiner(self.tokens[index], *entry) if entry else None

    def is_word(self, index: int) -> bool:
        return 0 <= index < len(self.tokens) and self.tokens[index][:1].isalpha()

    def is_adverb(self, index: int) -> bool:
        token = self.tokens[index]
        return token in self.words.adverbs or (token.endswith("mente") and len(token) > 7)

    def is_preposition(self, index: int) -> bool:
        return self.tokens[index] in self.words.prepositions

    # -- verbs -------------------------------------------------------------------------------

    def verb_lemma(self, index: int) -> str | None:
        """The infinitive of a verb form (finite, infinitive, gerund or participle), or None."""
        token = self.tokens[index]
        if token in self.words.verb_forms:
            return self.words.verb_forms[token]
        if token in self.words.irregular_participles:
            return self.words.irregular_participles[token]
        found = self.lemma(index)
        return found if found.endswith(self.words.infinitive_endings) and found[:1].isalpha() else None

    def is_infinitive(self, index: int) -> bool:
        token = self.tokens[index]
        return token.endswith(self.words.infinitive_endings) and self.verb_lemma(index) == token

    def is_gerund(self, index: int) -> bool:
        return self.tokens[index].endswith(self.words.gerund_endings) and self.verb_lemma(index) is not None

    def is_participle(self, index: int) -> bool:
        token = self.tokens[index]
        if token in self.words.irregular_participles:
            return True
        # simplemma gives some participles their masculine as lemma (*invitata* → *invitato*)
        found = self.lemma(index)
        return token.endswith(self.words.participle_endings) and (
            self.verb_lemma(index) is not None or found != token and found.endswith(self.words.participle_endings))

    def finite_form(self, index: int) -> bool:
        """Whether the word, out of context, may be a finite verb: a verb form that is no infinitive,
        gerund or participle."""
        token = self.tokens[index] if self.is_word(index) else ""
        if token in self.words.verb_forms:
            return True
        if not token or token in self._closed:
            return False
        return not (self.verb_lemma(index) is None or self.is_infinitive(index) or self.is_gerund(index)
                    or self.is_participle(index))

    def is_finite(self, index: int) -> bool:
        """A finite verb: a finite form that follows no preposition, nor a determiner unless that word
        is an object pronoun here (*la cuenta* is a noun, *y la ayudó* a verb)."""
        if index not in self._finite:
            found = self.finite_form(index)
            if found and index > 0:
                if self.is_preposition(index - 1):
                    found = False
                elif self.determiner(index - 1) is not None:
                    found = self.tokens[index - 1] in self.words.clitics and self._clitic_context(index - 1)
            self._finite[index] = found
        return self._finite[index]

    def is_clitic(self, index: int) -> bool:
        """Whether a clitic-looking word (*la, lo; la, le, gli, l'*) is an object pronoun before its verb
        here, not an article (*y la ayudó*, *e l'ha pagata*; not *a la secretaria*, *vio la casa*)."""
        token = self.tokens[index]
        if token not in self.words.clitics:
            return False
        probe = index + 1
        while probe < len(self.tokens) and self.tokens[probe] in self.words.clitics:
            probe += 1
        if probe >= len(self.tokens) or not self.finite_form(probe):
            return False
        return token not in self.words.determiners or self._clitic_context(index)

    def _clitic_context(self, index: int) -> bool:
        """What stands before a word that is a clitic or an article: a preposition or a verb takes an
        article (*a la, vio la*); the rest (a subject, a negation, a conjunction, another clitic) a clitic."""
        if index == 0:
            return False
        previous = self.tokens[index - 1]
        if self.is_preposition(index - 1) or previous in self.words.determiners and previous not in self.words.clitics:
            return False
        if previous in self.words.clitics or previous in self.words.negation:
            return True
        return not (self.finite_form(index - 1) or self.is_infinitive(index - 1) or self.is_gerund(index - 1)
                    or self.is_participle(index - 1))

    def skip_preverbal(self, index: int) -> int:
        """The index after the negation, clitics and adverbs that may open a verb group at ``index``."""
        while index < len(self.tokens) and (self.tokens[index] in self.words.negation
                                            or self.tokens[index] in self.words.clitics or self.is_adverb(index)):
            index += 1
        return index

    def verb_follows(self, index: int) -> bool:
        """Whether a finite verb group starts at ``index`` (the person before it is its subject)."""
        index = self.skip_preverbal(index)
        return index < len(self.tokens) and self.is_finite(index)

    def first_finite_verb(self, start: int, end: int | None = None) -> int | None:
        stop = len(self.tokens) if end is None else end
        return next((i for i in range(start, stop) if self.is_finite(i)), None)

    def predicates(self, verb: int) -> list[int]:
        """The words that agree with the subject of the finite verb at ``verb``: adjectives and
        participles after a copula (*estaba cansada, è stata licenziata, pudo haber sido acusada*),
        through modals, the perfect auxiliary and adverbs. A participle after *haber / avere* does not
        agree (*ha ganado*) unless it is the copula's (*ha sido*)."""
        mode = self._mode(verb)
        index = verb + 1
        found: list[int] = []
        while index < len(self.tokens) and mode in ("modal", "have"):
            index = self._skip_adverbs(index)
            if index >= len(self.tokens):
                return found
            if mode == "modal" and self.is_infinitive(index):
                mode = self._mode(index, verb)
            elif mode == "have" and self.is_participle(index):
                mode = "copula" if self._mode(index, verb) == "copula" else "other"
            elif mode == "modal" and self.tokens[index] in ("a", "de", "di"):  # *va a ser*, *tiene que*
                pass
            else:
                return found
            index += 1
        if mode != "copula":
            return found
        while index < len(self.tokens):
            index = self._skip_adverbs(index, clitics=False)
            if index >= len(self.tokens):
                break
            if self.is_participle(index) and self.verb_lemma(index) in self.words.copulas:
                if self.form_gender(index):  # *è stata*: the copula's own participle agrees
                    found.append(index)
                index += 1
                continue
            if self.agrees(index):
                if self.form_gender(index):
                    found.append(index)
                index += 1
                if index + 1 < len(self.tokens) and self.tokens[index] in ("y", "e", ",") and self.agrees(index + 1):
                    index += 1
                continue
            break
        return found

    def _mode(self, index: int, auxiliary: int | None = None) -> str:
        verb = self.verb_lemma(index)
        if verb in self.words.copulas or verb in self.words.reflexive_copulas and self._reflexive(auxiliary or index):
            return "copula"
        if verb == self.words.have:
            return "have"
        return "modal" if verb in self.words.modals else "other"

    def _reflexive(self, verb: int) -> bool:
        """Whether a reflexive pronoun stands before the verb group at ``verb`` (*se sintió*, *si è sentita*)."""
        probe = verb - 1
        while probe >= 0 and (self.tokens[probe] in self.words.negation or self.tokens[probe] in self.words.clitics):
            if self.tokens[probe] in self.words.reflexives:
                return True
            probe -= 1
        return False

    def _skip_adverbs(self, index: int, *, clitics: bool = True) -> int:
        while index < len(self.tokens) and (self.is_adverb(index) or self.tokens[index] in self.words.negation
                                            or clitics and self.tokens[index] in self.words.clitics):
            index += 1
        return index

    # -- agreement ---------------------------------------------------------------------------

    def form_gender(self, index: int) -> str | None:
        """The gender an adjective or participle form shows (m, f), None when it shows none."""
        raise NotImplementedError

    def agrees(self, index: int) -> bool:
        """Whether the word may be an agreeing adjective or participle: a content word that is no
        finite verb, infinitive, gerund, determiner, preposition or pronoun."""
        if not self.is_word(index):
            return False
        token = self.tokens[index]
        if (token in self.words.function_words or token in self.words.determiners or token in self.words.prepositions
                or token in self.words.clitics or token in self.words.subject_pronouns or self.is_adverb(index)
                or token in self.words.clause_openers or token in self.words.coordinators):
            return False
        if self.is_participle(index):
            return True
        if self.verb_lemma(index) is not None:
            return False
        # an adjective's lemma is its masculine singular: a feminine form that is its own lemma is a noun
        # (*era culpa suya*, *habla con*), unless its masculine is an adjective too (*grata*, *grato*)
        if self.form_gender(index) == "f" and self.lemma(index) in (token, token.removesuffix("s")):
            masculine = token.removesuffix("s")[:-1] + "o"
            return lemma(masculine, self.words) == masculine and is_known(masculine, self.words)
        return True


# -- tokens and lemmas ------------------------------------------------------------------------


def tokenize(text: str, words: RomanceWords) -> tuple[list[str], frozenset[int]]:
    """Lowercased tokens, an elision kept on its word (*l', dell', un'*), punctuation as tokens, and
    object pronouns split off an infinitive or gerund (*ayudarla* → *ayudar la*, *aiutandolo* →
    *aiutando lo*); the second value holds the indices of those split pronouns."""
    tokens: list[str] = []
    split: list[int] = []
    text = normalise_text(text).lower()
    if words.code == "it":  # *perche', e'*: an accent typed as an apostrophe
        text = _APOSTROPHE_ACCENT.sub(lambda m: _accented(m[1]), text)
    for token in _TOKEN.findall(text):
        parts = _enclitics(token, words)
        tokens.append(parts[0])
        for pronoun in parts[1:]:
            split.append(len(tokens))
            tokens.append(pronoun)
    return tokens, frozenset(split)


_ENCLITIC = {
    "es": re.compile(r"^(?P<verb>\w+?(?:ar|er|ir|ír|ando|ándo|iendo|iéndo|yendo|yéndo))"
                     r"(?P<first>me|te|se|nos|os|le|les)?(?P<last>lo|la|los|las|le|les|me|te|nos)$"),
    "it": re.compile(r"^(?P<verb>\w+?(?:ar|er|ir|ando|endo))"
                     r"(?P<first>mi|ti|ci|vi|si|gli|glie|me|te|ce|ve|se)?(?P<last>lo|la|li|le|ne|gli|mi|ti|ci|vi|si)$"),
}


def _enclitics(token: str, words: RomanceWords) -> list[str]:
    """``token`` alone, or the verb and the pronouns written after it: an infinitive (Italian drops its
    final *e*: *aiutarla*) or a gerund (Spanish writes it with an accent: *ayudándola*) that simplemma knows."""
    pattern = _ENCLITIC.get(words.code)
    match = pattern.match(token) if pattern is not None and len(token) > 5 else None
    if match is None:
        return [token]
    plain = _strip_accents(match["verb"])
    if plain.endswith(words.gerund_endings):
        verb = plain
        known = lemma(verb, words).endswith(words.infinitive_endings) and lemma(verb, words) != verb
    else:
        verb = plain + "e" if words.code == "it" else plain
        known = len(verb) > 3 and lemma(verb, words) == verb and is_known(verb, words)
    if not known:
        return [token]
    pronouns = [p for p in (match["first"], match["last"]) if p]
    if pronouns[0] == "glie":  # *glielo*: to him or her, it
        pronouns = ["glie" + pronouns[1]]
    return [verb, *pronouns]


#: The accents a verb takes before its pronouns (*ayudándola, dámelo*), dropped to find the verb; not a letter's own
#: diacritic (*engañarla* is *engañar la*, not *enganar la*).
_WRITTEN_ACCENTS = str.maketrans("áéíóú", "aeiou")


def _strip_accents(word: str) -> str:
    return unicodedata.normalize("NFC", word).translate(_WRITTEN_ACCENTS)


@functools.lru_cache(maxsize=131072)
def _lemma(word: str, code: str) -> str:
    import simplemma

    return unicodedata.normalize("NFC", simplemma.lemmatize(word, lang=code)).lower()


@functools.lru_cache(maxsize=131072)
def _is_known(word: str, code: str) -> bool:
    import simplemma

    return bool(simplemma.is_known(word, lang=code))


def is_known(word: str, words: RomanceWords) -> bool:
    """Whether simplemma's dictionary holds the lowercased word (not a guess)."""
    return _is_known(word, words.code)


def lemma(word: str, words: RomanceWords) -> str:
    """The lemma of a lowercased word (simplemma's dictionary, or its guess for an unknown word)."""
    if not word[:1].isalpha():
        return word
    return _lemma(word, words.code)


def simplemma_signature() -> str:
    """``simplemma-<version>``, for run signatures (nothing is loaded)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"simplemma-{version('simplemma')}"
    except PackageNotFoundError:
        return "simplemma-missing"


def romance_pack(code: str, name: str, *, stop_words: frozenset[str], abbreviations: frozenset[str]) -> LanguagePack:
    """The pack of a language read with simplemma's dictionary (Spanish, Italian): its function words and
    abbreviations; a word is the language's when it is a function word or the dictionary holds it
    (loaded at first use, never with the pack)."""
    def is_word(word: str) -> bool:
        return word in stop_words or _is_known(word, code)

    return LanguagePack(code=code, name=name, signature=simplemma_signature, stop_words=stop_words, is_word=is_word,
                        abbreviations=abbreviations)


def plural_forms(word: str, rules: Sequence[tuple[str, Sequence[str]]]) -> tuple[str, ...]:
    """A word's plurals by the first rule whose ending it has: ``(ending, replacements)``."""
    for ending, replacements in rules:
        if word.endswith(ending):
            stem = word[:len(word) - len(ending)]
            return tuple(dict.fromkeys(stem + r for r in replacements if stem + r != word))
    return ()


__all__ = ["Determiner", "RomanceReader", "RomanceWords", "is_known", "lemma", "plural_forms", "romance_pack",
           "simplemma_signature", "tokenize"]
