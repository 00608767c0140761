"""French nouns found by lemma in a text: plural, feminine, compound and misspelt forms, and the lexicon's gender of a lemma."""
from __future__ import annotations

from dataclasses import dataclass

from pytest_mtchallenge.languages.fr.lexicon import Lexicon
from pytest_mtchallenge.languages.fr.reader import (
    DETERMINERS,
    OBJECT_CLITICS,
    SUBJECT_CLITICS,
    SentenceReader,
    fold,
    readings,
    tokenize,
)

#: Words inside a multi-word noun that are not its head (*pomme de terre*, *machine à laver*).
_LINKS = frozenset({"de", "d'", "à", "en", "du", "des", "au", "aux"})
#: Words after which a word that may be a finite verb is one (subject and object clitics, *ne*).
_BEFORE_VERB = SUBJECT_CLITICS | OBJECT_CLITICS - {"le", "la", "les", "l'"} | {"ne", "n'"}
#: The longest word looked up as an acronym (*SMS*, *HLM*) when the lexicon lacks it in lowercase.
ACRONYM_MAX = 5
#: The shortest lemma a misspelling is matched against (shorter words are too near other words).
MISSPELT_MIN = 5


def singular(word: str) -> str:
    """The word without a plural ending: *maisons* → *maison*, *bijoux* → *bijou*, *chevaux* → *cheval*."""
    if len(word) > 4 and word.endswith("aux"):
        return word[:-3] + "al"
    if len(word) > 2 and word[-1] in "sx":
        return word[:-1]
    return word


def within_one_edit(first: str, second: str) -> bool:
    """Whether one letter inserted, dropped, replaced or two neighbours swapped make one word the other."""
    if first == second:
        return True
    if abs(len(first) - len(second)) > 1:
        return False
    if len(first) == len(second):
        diffs = [i for i, (a, b) in enumerate(zip(first, second)) if a != b]
        return len(diffs) == 1 or (len(diffs) == 2 and diffs[1] == diffs[0] + 1
                                   and first[diffs[0]] == second[diffs[1]] and first[diffs[1]] == second[diffs[0]])
    shorter, longer = sorted((first, second), key=len)
    index = next((i for i, (a, b) in enumerate(zip(shorter, longer)) if a != b), len(shorter))
    return shorter[index:] == longer[index + 1:]


def _same(token: str, word: str) -> bool:
    """A token that is the word, or its plural (regular or not: *maisons*, *bijous*, *voies ferrées*)."""
    return token == word or singular(token) == word


@dataclass(frozen=True, slots=True)
class NounLemma:
    """A noun as a suite names it (*maison*, *sœur*, *pomme de terre*, *grand-mère*): its words
    folded as the lexicon spells them (*soeur*), and which of them is the head."""

    text: str
    words: tuple[str, ...]
    head: int

    @classmethod
    def parse(cls, text: str, lexicon: Lexicon) -> NounLemma:
        words = tuple(fold(token) for token in tokenize(text) if token[0].isalpha())
        head = 0
        # an adjective before the head (*grande surface*, *petit ami*): the noun after it
        if len(words) > 1 and words[1] not in _LINKS and not any(
                a.pos == "noun" for a in readings(lexicon, words[0])):
            head = 1
        return cls(text=text, words=words or (fold(text),), head=head)

    @property
    def compound(self) -> bool:
        """Written in several words (*salle de bains*), not hyphenated."""
        return len(self.words) > 1

    def gender(self, lexicon: Lexicon) -> str | None:
        """The lemma's gender by the lexicon: the head's for a multi-word noun (the Lefff's own entries
        for those are unreliable: it has *pomme de terre* masculine); for a hyphenated one missing
        from the lexicon, its head's (:func:`compound_gender`); None when the lexicon gives both
        genders, none, or does not know the word."""
        word = self.words[self.head]
        if not self.compound and "-" in word and not _noun_genders(lexicon, word, word):
            return compound_gender(lexicon, word)
        genders = _noun_genders(lexicon, word, word) or _noun_genders(lexicon, word, None)
        if not genders and word.isalpha() and len(word) <= ACRONYM_MAX:
            genders = _noun_genders(lexicon, word.upper(), None)  # an acronym, which texts are read lowercased in
        return genders.pop() if len(genders) == 1 else None


def _noun_genders(lexicon: Lexicon, form: str, lemma: str | None) -> set[str | None]:
    return {a.gender for a in readings(lexicon, form)
            if a.pos == "noun" and (lemma is None or fold(a.lemma) == lemma)}


def compound_gender(lexicon: Lexicon, word: str) -> str | None:
    """The gender of a hyphenated noun the lexicon lacks, from its parts: a verb before a noun makes a
    masculine (*un lave-glace*, *un porte-vélo*: a first part that can be a verb in the 3rd person
    present is read as one); a noun first gives its gender (*un chou-rave*, *une auto-école*); after
    an adjective, the last part's (*une haute-chaise*)."""
    parts = [singular(part) for part in word.split("-")]
    first = readings(lexicon, word.split("-")[0])
    if any(a.pos == "verb" and a.person == 3 and a.number == "s" and a.tense == "present" for a in first):
        return "m"  # *lave-*, *porte-*, *garde-*: the verb reading wins over its noun homograph
    if any(a.pos == "noun" for a in first):
        genders = {a.gender for a in first if a.pos == "noun"}
    else:
        genders = {a.gender for a in readings(lexicon, parts[-1]) if a.pos == "noun"}
    return genders.pop() if len(genders) == 1 else None


@dataclass(frozen=True, slots=True)
class NounMatch:
    """Where a lemma is found in a sentence: its tokens ``start``…``end`` (exclusive), the head's index,
    and how it was recognised."""

    start: int
    head: int
    end: int
    lemma: NounLemma
    how: str  # "lemma", "form", "compound" or "misspelt"

    def text(self, reader: SentenceReader) -> str:
        return " ".join(reader.tokens[self.start:self.end]).replace("' ", "'")


def find_noun(reader: SentenceReader, index: int, lemma: NounLemma) -> NounMatch | None:
    """The lemma starting at token ``index``: a noun reading of that lemma; the lemma's form or its plural
    (*lunettes*, *joueuses*, *bijous*); an adjective of that lemma after a determiner (*un portable*);
    a hyphenated noun whose parts are the lemma's in the plural (*grands-mères*); an unknown word after
    a determiner within one edit of the lemma (*la maisom*); every word of a multi-word lemma
    (*pommes de terre*)."""
    tokens = reader.tokens
    if lemma.compound:
        end = index + len(lemma.words)
        if end > len(tokens):
            return None
        for offset, word in enumerate(lemma.words):
            token = fold(tokens[index + offset])
            if not (_same(token, word) or offset == lemma.head and _has_noun_lemma(reader, index + offset, word)):
                return None
        return NounMatch(index, index + lemma.head, end, lemma, "compound")
    word = lemma.words[0]
    if index and tokens[index - 1] in _BEFORE_VERB and reader.finite_readings(index):
        return None  # *il ferme*, *je la porte*: the verb, not the noun *ferme*, *porte*
    if _has_noun_lemma(reader, index, word):
        return NounMatch(index, index, index + 1, lemma, "lemma")
    token = fold(tokens[index])
    found = reader.readings(index)
    after_determiner = index > 0 and tokens[index - 1] in DETERMINERS
    if _same(token, word) and (not found or any(a.pos == "noun" for a in found) or after_determiner):
        return NounMatch(index, index, index + 1, lemma, "form")
    if after_determiner and any(a.pos == "adj" and fold(a.lemma) == word for a in found):
        return NounMatch(index, index, index + 1, lemma, "form")
    if "-" in word and "-" in token:
        parts, wanted = token.split("-"), word.split("-")
        if len(parts) == len(wanted) and all(_same(p, w) for p, w in zip(parts, wanted)):
            return NounMatch(index, index, index + 1, lemma, "compound")
    if not found and after_determiner and len(word) >= MISSPELT_MIN and token.isalpha() and (
            within_one_edit(token, word) or within_one_edit(singular(token), word)):
        return NounMatch(index, index, index + 1, lemma, "misspelt")
    return None


def _has_noun_lemma(reader: SentenceReader, index: int, word: str) -> bool:
    return any(a.pos == "noun" and fold(a.lemma) == word for a in reader.readings(index))


__all__ = ["NounLemma", "NounMatch", "compound_gender", "find_noun", "singular", "within_one_edit"]
