"""French nouns found by lemma in a text: plural, feminine, compound and misspelt forms, and the lexicon's gender of a lemma."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

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

    def both_genders(self, lexicon: Lexicon) -> bool:
        """Whether the lexicon lists the lemma (its head) in both genders (*œuvre*, *élève*, *tour*), so that only
        the text, or French usage, tells which."""
        word = self.words[self.head]
        return (_noun_genders(lexicon, word, word) or _noun_genders(lexicon, word, None)) == {None}

    def gender(self, lexicon: Lexicon) -> str | None:
        """The lemma's gender by the lexicon: the head's for a multi-word noun (the Lefff's own entries
        for those are unreliable: it has *pomme de terre* masculine); for a hyphenated one missing
        from the lexicon, its head's (:func:`compound_gender`); None when the lexicon gives both
        genders (unless French usually gives it one: :func:`usual_gender`), none, or does not know the word."""
        word = self.words[self.head]
        if not self.compound and "-" in word and not _noun_genders(lexicon, word, word):
            return compound_gender(lexicon, word)
        genders = _noun_genders(lexicon, word, word) or _noun_genders(lexicon, word, None)
        if not genders and word.isalpha() and len(word) <= ACRONYM_MAX:
            genders = _noun_genders(lexicon, word.upper(), None)  # an acronym, which texts are read lowercased in
        if genders == {None}:
            return usual_gender(lexicon, word)  # both genders: the usual one, where French has one (*œuvre*)
        return genders.pop() if len(genders) == 1 else None


@functools.cache
def usual_genders() -> dict[str, str]:
    """The usual gender of nouns that Lefff lists in both genders, by folded lemma: ``m``, ``f``, or ``sense``
    where the gender changes the sense (*le tour* / *la tour*), from ``data/usual_genders.tsv`` (the project's
    curation, issue 36; person nouns are not listed: their gender is the person's)."""
    text = resources.files("pytest_mtchallenge.languages.fr.data").joinpath("usual_genders.tsv").read_text(
        encoding="utf-8")
    found: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 2 or fields[1] not in ("m", "f", "sense"):
            raise ValueError(f"usual_genders.tsv, line {number}: expected 'lemma<TAB>m|f|sense<TAB>sense', "
                             f"found {line!r}")
        found[fold(fields[0])] = fields[1]
    return found


def usual_gender(lexicon: Lexicon, lemma: str) -> str | None:
    """The gender French usually gives ``lemma`` (folded) where the lexicon lists it in both genders and nothing
    in the text marks it (*œuvre*: feminine); None for a noun the lexicon genders, one whose gender changes its
    sense, and a person noun (*élève*: the person's)."""
    lemma = fold(lemma)
    gender = usual_genders().get(lemma)
    if gender not in ("m", "f") or _noun_genders(lexicon, lemma, lemma) - {None}:
        return None
    return gender


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


#: Letters before which *ma, ta, sa* become *mon, ton, son* (*mon amie*).
_VOWELS_AND_H = frozenset("aeiouyhâàéèêëîïôöûùü")


@dataclass(frozen=True, slots=True)
class NounFeatures:
    """The gender and number a sentence gives a noun it mentions, how the gender was read when not
    from the lexicon alone (*gender by 'la'*), and the genders of the nouns coordinated with it."""

    gender: str | None
    number: str | None
    why: str = ""
    conjuncts: tuple[str | None, ...] = ()
    #: Whether the sentence marks the gender (a determiner, a word agreeing with the noun), not the lexicon.
    marked: bool = False


def noun_features(reader: SentenceReader, match: NounMatch, lexicon: Lexicon) -> NounFeatures:
    """The gender and number of the noun ``match`` as its sentence writes it:

    - the gender of its determiner, the text's own (*la maire*, *la nouvelle médecin*), except
      *mon, ton, son* before a vowel (*mon amie*);
    - else the lexicon's (a multi-word noun's head's, a hyphenated one's by :func:`compound_gender`,
      a misspelling's its lemma's);
    - for a noun of both genders, the gender of an adjective agreeing with it or of its clause's
      predicate (*les enfants étaient fatigués*); else the gender French usually gives it (*œuvre*,
      *après-midi*: :func:`usual_gender`); else, in the plural, masculine (a group of both genders), in the
      singular none; a noun the lexicon has in both genders (*amours*) none.

    The number comes from the determiner, else the form.
    """
    head = match.head
    nouns = [a for a in reader.readings(head) if a.pos == "noun"
             and (match.how != "lemma" or fold(a.lemma) == match.lemma.words[0])]
    if not nouns:
        nouns = [a for a in reader.readings(head) if a.pos == "adj"]
    genders = {a.gender for a in nouns}
    numbers = {a.number for a in nouns if a.number}
    if match.lemma.compound:
        genders = {match.lemma.gender(lexicon)}
    elif "-" in reader.tokens[head] and not nouns:
        genders = {compound_gender(lexicon, fold(reader.tokens[head]))}
    elif not nouns:  # a misspelling or a non-standard plural of the lemma (*bijous*): the lemma's gender
        genders = {match.lemma.gender(lexicon)}
    if not numbers and not reader.readings(head):
        numbers = {"p" if reader.tokens[head][-1] in "sx" else "s"}
    start = determiner_of(reader, match.start)
    determiner = reader.tokens[start] if start is not None else ""
    det_gender, det_number = DETERMINERS.get(determiner, (None, None))
    if start is not None and determiner in ("mon", "ton", "son") and reader.tokens[start + 1][:1] in _VOWELS_AND_H:
        det_gender = None  # *mon amie*, *son école*: the masculine form before a vowel
    number = det_number or (numbers.pop() if len(numbers) == 1 else None)
    why = ""
    if det_gender:
        gender: str | None = det_gender  # the text's own marking (*la maire*, *la nouvelle médecin*)
        if genders != {det_gender}:
            why = f"gender by {determiner!r}"
    elif len(genders) == 1 and None not in genders:
        gender = next(iter(genders))
    else:
        cue = _gender_cue(reader, match.start if start is None else start, match.end, number)
        if cue is not None:
            gender, why = cue[0], f"gender by {cue[1]!r}"
        elif nouns and genders == {None} and (usual := _usual(lexicon, nouns)) is not None:
            gender, why = usual, "the usual gender of a noun the lexicon lists in both genders"
        elif nouns and None in genders and len(genders) == 1 and number == "p":
            gender, why = "m", "a plural of both genders: masculine when nothing marks it"
        else:
            gender = None
    conjuncts = _conjuncts(reader, match.start if start is None else start, match.end)
    return NounFeatures(gender, number, why, conjuncts, marked=bool(det_gender) or why.startswith("gender by"))


def _usual(lexicon: Lexicon, nouns: list) -> str | None:  # type: ignore[type-arg]
    """The one usual gender of a noun's lemmas that the lexicon lists in both genders, or None."""
    found = {usual_gender(lexicon, fold(a.lemma)) for a in nouns}
    return found.pop() if len(found) == 1 else None


def determiner_of(reader: SentenceReader, start: int) -> int | None:
    """The index of the determiner of the noun at ``start``, past up to two adjectives before it
    (*la nouvelle maire*)."""
    for probe in range(start - 1, max(-1, start - 4), -1):
        if reader.tokens[probe] in DETERMINERS:
            return probe
        if not reader.has_pos(probe, "adj") or reader.has_pos(probe, "verb", "prep"):
            return None
    return None


def _gender_cue(reader: SentenceReader, start: int, end: int,
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


def _conjuncts(reader: SentenceReader, start: int, end: int) -> tuple[str | None, ...]:
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


def _has_noun_lemma(reader: SentenceReader, index: int, word: str) -> bool:
    return any(a.pos == "noun" and fold(a.lemma) == word for a in reader.readings(index))


__all__ = ["NounFeatures", "NounLemma", "NounMatch", "compound_gender", "determiner_of", "find_noun", "noun_features",
           "singular", "usual_gender", "usual_genders", "within_one_edit"]
