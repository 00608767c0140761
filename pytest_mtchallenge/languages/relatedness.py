"""Whether an output renders this item's source at all, or is a sentence about something else.

A family that finds its construction (an agreeing verb, a clitic before its verb, a subjunctive)
only shows that the phenomenon is rendered when the words it reads belong to a translation of the
item's source. A content word of the output is *linked* to its item when it is a content word of a
reference (by lemma, or written alike once accents and case are folded), a name of the source, a
translation of a source word (the pair's core lexicon, :mod:`pytest_mtchallenge.languages.bilingual`)
or a cognate of one (*président* / *president*, *chocolat* / *chocolate*). A translation links most
of its content words; a sentence about something else links few or none (*Le chat dort sur le
tapis.* for *The sudden noise in the upper rooms should have alerted us.*): an output of at least
:data:`MIN_WORDS` content words of which fewer than :data:`MIN_LINKED` are linked is *unrelated*,
and what a family found in it is no evidence of the item's phenomenon. Only content words count:
the packs' function words (articles, pronouns, auxiliaries, prepositions) are shared by any two
sentences. Short replies (*Si, je le sais.*) are never called unrelated: too few words to tell by, nor
is an output without a reference into a language the source's has no core lexicon with (WinoMT's
English→Spanish): names and cognates alone link too few words of a translation.

The words of the family's construction itself (*manquer* for *miss*, *important* of *it is important
that*, *know* of *know how to*: the item's ``construction`` words) neither link nor count: any sentence
with the construction has them, so an output about something else that reuses the construction (*Le
soleil me manque beaucoup en hiver.* for *Mary sorely misses Jim.*) shares exactly those words with
the reference, and they say nothing about whether it renders this source.

An output may link enough words and still say something else of the source's participants (*La femme
était très fatiguée* for *The woman was very tall*). A family's pass then rests on a word that is no
rendering of the source: :func:`unsupported` asks it of the words a family names (``Verdict.content``:
agreement's predicates, a clitic's verb), by the core lexicon in both directions, and
:func:`other_participant` of the output's nouns: a translation names its source's participants.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages import bilingual, language_pack, lemmatizer

_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
#: Shortest word counted as a content word, and shortest shared beginning of two cognates.
MIN_CONTENT = 3
MIN_COGNATE = 5
#: Fewest content words an output must have, and its source or a reference too, for the comparison
#: to say anything; and the share of the output's content words that must be linked to its item.
MIN_WORDS = 3
MIN_LINKED = 0.25


@dataclass(frozen=True, slots=True)
class Relatedness:
    """The output's content words linked to its item (with why), how many it has, and whether the
    item gave anything to compare with."""

    links: tuple[str, ...]
    words: int
    comparable: bool
    #: The output's words left out as the construction's own (neither linked nor counted).
    construction: tuple[str, ...] = ()

    @property
    def unrelated(self) -> bool:
        return self.comparable and self.words >= MIN_WORDS and len(self.links) < MIN_LINKED * self.words

    def describe(self) -> str:
        outside = (f" outside the construction ({', '.join(repr(word) for word in self.construction[:3])})"
                   if self.construction else "")
        if not self.links:
            return (f"none of its {self.words} content words{outside} is a word of a reference or a translation of "
                    "the source's")
        return (f"{len(self.links)} of its {self.words} content words{outside} linked to the item "
                f"({', '.join(self.links[:3])})")


def relatedness(output: str, *, source: str, references: Sequence[str], source_language: str,
                target_language: str, construction: Sequence[str] = ()) -> Relatedness:
    """Which content words of ``output`` are linked to the item's ``source`` and ``references``;
    the words of the family's ``construction`` (target-language words or phrases) left out. (The
    judge reads an item once, :class:`ItemReading`; this reads it for one output.)"""
    return _related_words(source, tuple(references), source_language, target_language,
                          tuple(construction)).relatedness(output)


class _RelatedWords:
    """What :func:`relatedness` compares an output's words with: the item's source and references read once
    (their content words, names, the construction's readings); the source words' translations (the costly
    part) only when an output has a content word to link."""

    def __init__(self, source: str, references: tuple[str, ...], source_language: str, target_language: str,
                 construction: tuple[str, ...]) -> None:
        self.source_language, self.target_language = source_language, target_language
        self.own = _construction_readings(construction, target_language)
        self.source_content = _content(source, source_language)
        reference_content = [_content(reference, target_language) for reference in references]
        comparable = max(len(self.source_content), *map(len, reference_content), 0) >= MIN_WORDS - 1
        if not any(reference_content) and language_pack(source_language).code != language_pack(target_language).code \
                and not bilingual.has_lexicon(source_language, target_language):
            comparable = False  # names and cognates alone do not tell a translation from another sentence
        self.comparable = comparable
        self.reference_forms = frozenset(form for content in reference_content for form, _ in content)
        self.reference_lemmas = frozenset(lemma for content in reference_content for _, lemma in content)
        self.names = frozenset(_names(source, source_language))
        self.source_forms = frozenset(form for form, _ in self.source_content)
        self._translated: dict[str, str] | None = None

    @property
    def translated(self) -> dict[str, str]:
        if self._translated is None:
            self._translated = _translated(self.source_content, self.source_language, self.target_language)
        return self._translated

    def relatedness(self, output: str) -> Relatedness:
        target_language = self.target_language
        tokens = tuple(dict.fromkeys(_tokens(output, target_language)))
        own = self.own
        written = _written(output) if own else {}
        left_out = tuple(token for token in tokens
                         if own and any(_readings(written.get(form, form), target_language) & own for form, _ in token))
        tokens = tuple(token for token in tokens if token not in left_out)
        construction_words = tuple(dict.fromkeys(token[0][0] for token in left_out))
        if not tokens or not self.comparable:
            return Relatedness((), len(tokens), comparable=False, construction=construction_words)
        links = []
        for token in tokens:
            link = next((found for form, lemma in token
                         if (found := _link(form, lemma, self.reference_forms, self.reference_lemmas, self.names,
                                            self.translated, self.source_forms))), None)
            if link is not None:
                links.append(link)
        return Relatedness(tuple(links), len(tokens), comparable=True, construction=construction_words)


@functools.lru_cache(maxsize=256)
def _related_words(source: str, references: tuple[str, ...], source_language: str, target_language: str,
                   construction: tuple[str, ...]) -> _RelatedWords:
    return _RelatedWords(source, references, source_language, target_language, construction)


@functools.lru_cache(maxsize=1024)
def _construction_readings(construction: tuple[str, ...], language: str) -> frozenset[str]:
    """Every lemma the construction's content words may have, folded (*manquant* → manquant, manquer)."""
    return frozenset(found for phrase in construction for token in _tokens(phrase, language)
                     for form, _ in token for found in _readings(_written(phrase).get(form, form), language))


def _written(text: str) -> dict[str, str]:
    """Each word of ``text`` (and each part of a word with an apostrophe or hyphen) as written,
    lowercased, by its folded form: the lexicon reads *préfère*, not *prefere*."""
    found: dict[str, str] = {}
    for match in _WORD.finditer(text):
        word = match.group(0)
        found[_fold(word)] = word.casefold()
        if "'" in word or "’" in word or "-" in word:
            for part in re.split(r"['’-]", word):
                found[_fold(part)] = part.casefold()
    return found


@functools.lru_cache(maxsize=65536)
def _readings(form: str, language: str) -> frozenset[str]:
    """Every lemma a word form may have (:func:`~pytest_mtchallenge.languages.lemmatizer.readings`:
    the form, its lemma, and the pack's lexicon's lemmas: *manque* → manque, manquer), folded."""
    found = {_fold(form)}
    if lemmatizer.supports(language):
        try:
            found |= {_fold(reading) for reading in lemmatizer.readings(form, language)}
        except lemmatizer.LemmatizerError:
            pass
    return frozenset(found)


@functools.lru_cache(maxsize=4096)
def _translated(source_content: tuple[tuple[str, str], ...], source_language: str,
                target_language: str) -> dict[str, str]:
    """Folded target word → the source word it translates, for the source's content words (one
    source serves every system's output of its item: computed once)."""
    translated: dict[str, str] = {}
    for form, lemma in source_content:
        for word in (lemma, form):
            for other in bilingual.translations(word, source_language=source_language,
                                                target_language=target_language):
                translated.setdefault(_fold(other), form)
    return translated


def _link(form: str, lemma: str, reference_forms: frozenset[str], reference_lemmas: frozenset[str],
          names: frozenset[str], translated: dict[str, str], source_forms: frozenset[str]) -> str | None:
    """Why one reading of an output word is linked to its item, or None."""
    if lemma in reference_lemmas or form in reference_forms:
        return f"'{form}' of a reference"
    if form in names:
        return f"the name '{form}'"
    if form in translated or lemma in translated:
        return f"'{form}' for '{translated.get(form) or translated[lemma]}'"
    cognate = next((other for other in source_forms if _cognates(form, other)), None)
    return f"'{form}', a cognate of '{cognate}'" if cognate is not None else None


@functools.lru_cache(maxsize=65536)
def _fold(word: str) -> str:
    """Casefolded, without accents, apostrophes or hyphens: how cognates and names are compared."""
    decomposed = unicodedata.normalize("NFD", word.casefold().replace("œ", "oe").replace("æ", "ae"))
    return "".join(char for char in decomposed if char.isalpha() and not unicodedata.combining(char))


def _content(text: str, language: str) -> tuple[tuple[str, str], ...]:
    """Every word of ``text`` that may render or support a word of the other side: (folded form, folded
    lemma), function words left out, the words of function phrases kept (:func:`_tokens` with ``phrases``
    false); a word with an apostrophe or hyphen gives its whole form (*ma'am*) and its parts."""
    return tuple(reading for token in _tokens(text, language, False) for reading in token)


@functools.lru_cache(maxsize=16384)
def _tokens(text: str, language: str, phrases: bool = True) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The content words of ``text``, each as its readings (folded form, folded lemma): one for a
    plain word, the whole and the parts for *quelqu'un*, *après-midi*; function words of the
    language (whole, or every part) left out, and with ``phrases`` the words of the pack's function phrases
    (*à partir de*, *as long as*). What an output is judged on (its words counted, the words it must render)
    leaves those out; what may render or support a word keeps them (*à cause de toi* renders *you were the
    reason*, *aussi longtemps que* renders *as long as*)."""
    stop = _stop_words(language)
    elisions = language_pack(language).elisions
    pattern = _function_phrases(language) if phrases else None
    if pattern is not None:
        text = pattern.sub(" ", text.replace("’", "'"))
    found = []
    for match in _WORD.finditer(text):
        whole = match.group(0).replace("’", "'")
        head, apostrophe, rest = whole.partition("'")
        while apostrophe and rest and head.casefold() in elisions:
            whole = rest  # *l'une*, *qu'aujourd'hui*: the elided word is no part of the next
            head, apostrophe, rest = whole.partition("'")
        if whole.casefold() in stop:
            continue
        parts = re.split(r"['-]", whole)
        readings = []
        for word in parts if len(parts) == 1 else [whole, *parts]:
            lowered = word.casefold()
            if len(lowered) < MIN_CONTENT or lowered in stop:
                continue
            lemma = _lemma(lowered, language)
            if lemma not in stop:
                readings.append((_fold(lowered), _fold(lemma)))
        if readings:
            found.append(tuple(readings))
    return tuple(found)


@functools.lru_cache(maxsize=65536)
def _lemma(word: str, language: str) -> str:
    try:
        return lemmatizer.lemma(word, language) if lemmatizer.supports(language) else word
    except lemmatizer.LemmatizerError:
        return word


@functools.cache
def _function_phrases(language: str) -> re.Pattern[str] | None:
    """The pack's phrases that work as one function word (*à partir de*, *in order to*), as one pattern; None."""
    phrases = sorted(language_pack(language).function_phrases, key=len, reverse=True)
    if not phrases:
        return None
    # a phrase that ends elided (*à partir d'*) runs into the next word; any other ends with a word
    alternatives = "|".join(re.escape(phrase) + ("" if phrase.endswith("'") else r"(?![\w'-])") for phrase in phrases)
    return re.compile(rf"(?<![\w'-])(?:{alternatives})", re.IGNORECASE)


@functools.cache
def _stop_words(language: str) -> frozenset[str]:
    return frozenset(word.casefold() for word in language_pack(language).stop_words)


def _names(source: str, language: str) -> set[str]:
    """Capitalised words of the source that do not start its sentences (*John*, *Olay*, *Paris*)."""
    names = set()
    for match in re.finditer(r"(?<![.!?]\s)(?<!^)\b([A-Z][^\W\d_]+)", source.strip()):
        word = match.group(1)
        if word.casefold() not in _stop_words(language):
            names.add(_fold(word))
    return names


def _cognates(word: str, other: str) -> bool:
    """Two folded words that begin alike over :data:`MIN_COGNATE` letters, or are equal."""
    if word == other:
        return len(word) >= 4
    size = MIN_COGNATE
    return len(word) >= size and len(other) >= size and word[:size] == other[:size]


@dataclass(frozen=True, slots=True)
class Unsupported:
    """A content word a pass rests on that translates none of the source's words, and the source's
    words that the output renders nowhere."""

    word: str
    meanings: tuple[str, ...]
    unrendered: tuple[str, ...]

    def describe(self) -> str:
        meanings = ", ".join(repr(meaning) for meaning in self.meanings[:3])
        missing = ", ".join(repr(word) for word in self.unrendered[:3])
        return (f"{self.word!r} translates {meanings}, none of them a word of the source, is no word of a reference, "
                f"and the output renders nothing for the source's {missing}")


def unsupported(words: Sequence[str], *, output: str, source: str, references: Sequence[str], source_language: str,
                target_language: str, construction: Sequence[str] = ()) -> Unsupported | None:
    """The first of ``words`` (the output's content words a family's pass rests on: *fatiguée* of
    *La femme était très fatiguée*) that is evidence of another sentence, or None.

    Such a word is *known* to the pair's core lexicon as the translation of some source-language words,
    yet none of them is a word of the source; it is not a content word of a reference (by any lemma it may
    have), a name or cognate of the source's, nor a synonym of a reference word or of a source word's
    translation through the lexicon (*robuste* and *fort* both translate *strong*); and at least one of the
    source's content words that the lexicon knows is rendered nowhere in the output (*tall* for *The woman
    was very tall*). A word the lexicon does not know says nothing (a synonym the lexicon lacks), nor does
    one that adds to a translation rendering every source word. The construction's words are left out."""
    if not words or not bilingual.has_lexicon(source_language, target_language):
        return None
    return _unsupported(_item_words(source, tuple(references), source_language, target_language, tuple(construction)),
                        words, output)


def _unsupported(item: _ItemWords, words: Sequence[str], output: str) -> Unsupported | None:
    """:func:`unsupported` against an item's words read once."""
    unrendered: tuple[str, ...] | None = None  # read once, for the first word that needs it
    for text in words:
        written = _written(text)
        for token in _tokens(text, item.target_language):
            meanings = item.foreign(token, written)
            if not meanings:
                continue
            if unrendered is None:
                unrendered = item.unrendered(output)
            if unrendered:
                return Unsupported(token[0][0], meanings, unrendered)
    return None


#: How many of an output's content words must be evidence of another sentence, with how many of the source's
#: content words left unrendered, for the output to say something else than its source
#: (:func:`other_content`): two such words where two of the source's go unrendered, or three whatever the
#: source's. One such word is what a faithful paraphrase has when it says a verb or an adjective otherwise
#: (*mettre en garde* for *alert*), and is asked only of the words a family's pass rests on (:func:`unsupported`).
OTHER_WORDS = 2
OTHER_WORDS_ALONE = 3
#: ... and those words a quarter at least of its content words outside the construction: a long translation
#: has more words the core lexicon knows for other senses (*tels*, "phone"), a sentence about something else
#: few others.
OTHER_SHARE = 0.25
#: Words of another sentence that stand within one phrase (no more than this many other words between them)
#: where one word of the source goes unrendered are one expression for that word, as a faithful rendering may
#: say it (*mettre la puce à l'oreille* for *alert*), and no evidence.
SPAN_GAPS = 1


@dataclass(frozen=True, slots=True)
class OtherContent:
    """An output's content words that translate words absent from the source, and the source's words it leaves
    unrendered: evidence that it says something else than its source."""

    words: tuple[tuple[str, tuple[str, ...]], ...]  # each word with the source-language words it translates
    unrendered: tuple[str, ...]

    def describe(self) -> str:
        said = "; ".join(f"{word!r} ({', '.join(repr(meaning) for meaning in meanings[:2])})"
                         for word, meanings in self.words[:3])
        missing = (f", and renders nothing for the source's {', '.join(repr(word) for word in self.unrendered[:3])}"
                   if self.unrendered else "")
        return f"{len(self.words)} of its words translate no word of the source nor of a reference: {said}{missing}"


def other_content(output: str, *, source: str, references: Sequence[str], source_language: str,
                  target_language: str, construction: Sequence[str] = ()) -> OtherContent | None:
    """Evidence that ``output`` says something else than ``source``, whatever construction a family found in it,
    or None: :data:`OTHER_WORDS` of its content words (outside the construction) are evidence of another sentence
    as :func:`unsupported` asks it of one word (the lexicon knows each only as the translation of words absent
    from the source; none is a reference word, name, cognate or synonym of one) while as many of the source's
    content words go unrendered, or :data:`OTHER_WORDS_ALONE` such words whatever the source's (*Le ministre a
    longtemps tourné autour du pot.* for *Stop beating around the bush.*: the idiom is there, about someone
    else). Fewer is what a faithful paraphrase may have, and is no evidence. Without a reference nothing is
    asked, as for :func:`other_participant`: the core lexicon lacks many renderings a reference's words cover."""
    if not references or not bilingual.has_lexicon(source_language, target_language):
        return None
    item = _item_words(source, tuple(references), source_language, target_language, tuple(construction))
    return _other_content(item, item, output)


def _other_content(supported: _ItemWords, judged: _ItemWords, output: str) -> OtherContent | None:
    """:func:`other_content` of ``output``: its words are compared with ``supported`` (a document's context and
    sentence), the words it leaves unrendered are ``judged``'s (the sentence alone)."""
    written = _written(output)
    words: dict[str, tuple[str, ...]] = {}
    places: list[int] = []
    counted = 0  # the output's content words outside the construction
    for place, token in enumerate(_tokens(output, supported.target_language)):
        if _token_readings(token, supported.target_language, written) & supported.own:
            continue
        counted += 1
        meanings = supported.foreign(token, written)
        if meanings:
            words.setdefault(token[0][0], meanings)
            places.append(place)
    if len(words) < OTHER_WORDS or len(words) < OTHER_SHARE * counted:
        return None
    unrendered = judged.unrendered(output)
    if len(unrendered) <= 1 and places[-1] - places[0] <= len(places) + SPAN_GAPS:
        return None  # one phrase for one word of the source: a faithful rendering may say it by a set phrase
    if len(words) >= OTHER_WORDS_ALONE or len(unrendered) >= OTHER_WORDS:
        return OtherContent(tuple(words.items()), unrendered)
    return None


def other_participant(output: str, *, source: str, context: str = "", references: Sequence[str],
                      source_language: str, target_language: str, construction: Sequence[str] = ()) -> Unsupported | None:
    """A noun of ``output`` that names a participant of another sentence, or None: a head noun a determiner
    opens (the packs' ``nouns``) that is evidence of another sentence as :func:`unsupported` asks it (the
    lexicon knows it only as the translation of words absent from the source; it is no reference word,
    name, cognate or synonym), while a noun of the source that the lexicon knows is rendered nowhere in the
    output (*Paul sait que cette voiture est trop chère.* for *Paul knows this story is hard to believe*:
    *voiture* translates *car*, and *story* goes unrendered).

    The participants of a translation are its source's: a faithful rendering may say a verb or an adjective
    otherwise (*se laver les dents* for *brush one's teeth*), rarely name other things, except in an idiom
    (*mettre le doigt dessus* for *hit the nail on the head*: the judge does not ask it of a figurative
    family). Only the nouns of ``source`` (the sentence judged) count as unrendered; the ``context`` before
    it supports the output's words too (a translation may name a participant of the previous sentence).
    Without a reference nothing is asked: the core lexicon lacks many renderings of person nouns (*CEO*:
    *président*, *physician*: *médecin*), which a reference's words would otherwise cover."""
    return _participants(source, context, tuple(references), source_language, target_language,
                         tuple(construction)).other_participant(output)


def other_predicate(output: str, *, source: str, context: str = "", references: Sequence[str], source_language: str,
                    target_language: str, construction: Sequence[str] = ()) -> Unsupported | None:
    """A predicate of ``output`` that says what another sentence says, or None: the word that carries the meaning
    of one of its finite clauses (the packs' ``predicates``: a lexical verb, a copula's predicate) that is evidence
    of another sentence as :func:`unsupported` asks it (the lexicon knows it only as the translation of words
    absent from the source; it is no reference word, name, cognate or synonym), while a predicate of the source
    that the lexicon knows is rendered nowhere in the output (*He calls her.* for *Il la voit.*: *calls*
    translates *appeler*, and *voit* goes unrendered; *est médecin* for *is handsome*).

    A translation says what its source says of its participants: it may use another construction, rarely
    another predicate. Support verbs (*mettre en garde*, *take a walk*) are not read. Only the predicates of
    ``source`` (the sentence judged) count as unrendered; its ``context`` supports the output's words. Without a
    reference nothing is asked, as for :func:`other_participant`."""
    supported = _supporting_words(source, context, references, source_language, target_language, construction)
    if supported is None:
        return None
    return _other_predicate(supported, output, source, tuple(references), source_language, target_language,
                            tuple(construction), frozenset())


def _supporting_words(source: str, context: str, references: Sequence[str], source_language: str,
                      target_language: str, construction: Sequence[str]) -> _ItemWords | None:
    """The item's words that support an output's (its context and sentence, its references), or None when nothing
    is asked: no reference, or no core lexicon for the pair."""
    if not references or not bilingual.has_lexicon(source_language, target_language):
        return None
    whole = " ".join(filter(None, (context, source)))
    return _item_words(whole, tuple(references), source_language, target_language, tuple(construction))


def _other_predicate(supported: _ItemWords, output: str, source: str, references: tuple[str, ...],
                     source_language: str, target_language: str, construction: tuple[str, ...],
                     asked: frozenset[str]) -> Unsupported | None:
    target_pack, source_pack = language_pack(target_language), language_pack(source_language)
    if target_pack.predicates is None or source_pack.predicates is None:
        return None
    written = _written(output)
    predicates = [word for word in target_pack.predicates(output)
                  if not any(_token_readings(token, target_language, written) & asked
                             for token in _tokens(word, target_language))]
    found = _unsupported_words(supported, predicates, output)
    if found is None:
        return None
    source_predicates = {_fold(word) for word in source_pack.predicates(source)}
    judged = _item_words(source, references, source_language, target_language, construction)
    unrendered = tuple(word for word in judged.unrendered(output) if word in source_predicates)
    return Unsupported(found[0], found[1], unrendered) if unrendered else None


def other_word(output: str, *, source: str, context: str = "", references: Sequence[str], source_language: str,
               target_language: str, construction: Sequence[str] = ()) -> Unsupported | None:
    """A content word of ``output``, whatever its part of speech, that says what another sentence says, or None: a
    word that is evidence of another sentence as :func:`unsupported` asks it (the lexicon knows it only as the
    translation of words absent from the source; it is no reference word, name, cognate or synonym), while a content
    word of the source that the lexicon knows is rendered nowhere in the output (*Ma sœur sait que votre fils est
    malade.* for *My sister knows your son is reliable*; *Rangez le couteau à viande dans le tiroir.* for *Use the
    meat knife.*: *tiroir* translates *drawer*, and *use* goes unrendered).

    One such word is what a faithful paraphrase may have too (a verb said otherwise, an added adverb), so the
    lexicon's reading alone decides nothing: the semantic triage asks it of outputs whose meaning the encoder
    already reads as not close to the source's (:mod:`pytest_mtchallenge.judge.triage`). Only the words of
    ``source`` (the sentence judged) count as unrendered; its ``context`` supports the output's words. Without a
    reference nothing is asked, as for :func:`other_participant`."""
    supported = _supporting_words(source, context, references, source_language, target_language, construction)
    if supported is None:
        return None
    judged = _item_words(source, tuple(references), source_language, target_language, tuple(construction))
    return _other_word(supported, judged, output, frozenset())


def _other_word(supported: _ItemWords, judged: _ItemWords, output: str, asked: frozenset[str],
                literal: bool = False) -> Unsupported | None:
    """:func:`other_word`; with ``literal``, only the output's nouns are asked (:meth:`ItemReading.other_word`)."""
    language = supported.target_language
    written = _written(output)
    nouns: frozenset[str] | None = None
    if literal:
        pack = language_pack(language)
        if pack.nouns is None:
            return None
        nouns = frozenset(_fold(noun) for noun in pack.nouns(output))
    for token in _tokens(output, language):
        readings = _token_readings(token, language, written)
        if readings & supported.own or readings & asked:
            continue
        if nouns is not None and not any(form in nouns for form, _ in token):
            continue
        meanings = supported.foreign(token, written)
        if meanings:
            unrendered = judged.unrendered(output, literal=literal)
            return Unsupported(token[0][0], meanings, unrendered) if unrendered else None
    return None


def _unsupported_words(item: _ItemWords, words: Sequence[str], output: str) -> tuple[str, tuple[str, ...]] | None:
    """The first of ``words`` that is evidence of another sentence, and what it translates; None."""
    written = _written(output)
    for text in words:
        for token in _tokens(text, item.target_language):
            meanings = item.foreign(token, written)
            if meanings:
                return token[0][0], meanings
    return None


class _Participants:
    """What :func:`other_participant` compares an output's nouns with, read once per item: the references' words,
    the source's nouns (on the first output that needs them), the words that support an output's."""

    def __init__(self, source: str, context: str, references: tuple[str, ...], source_language: str,
                 target_language: str, construction: tuple[str, ...]) -> None:
        self.source, self.context, self.references, self.construction = source, context, references, construction
        self.source_language, self.target_language = source_language, target_language
        self.source_pack, self.target_pack = language_pack(source_language), language_pack(target_language)
        # without a reference, a rendering the lexicon lacks (*CEO*: *président*) looks foreign
        self.asks = bool(references) and self.source_pack.nouns is not None and self.target_pack.nouns is not None \
            and bilingual.has_lexicon(source_language, target_language)
        self.said = frozenset(reading for reference in references
                              for token in _tokens(reference, target_language, False)
                              for reading in token) if self.asks else frozenset()
        self._source_nouns: frozenset[str] | None = None

    @property
    def source_nouns(self) -> frozenset[str]:
        if self._source_nouns is None:
            assert self.source_pack.nouns is not None
            self._source_nouns = frozenset(_fold(noun) for noun in self.source_pack.nouns(self.source))
        return self._source_nouns

    def other_participant(self, output: str) -> Unsupported | None:
        if not self.asks:
            return None
        target_language, source_language = self.target_language, self.source_language
        written = _written(output)
        # the words the lexicon knows that no reference has, first: most outputs have none, and need neither the
        # item's words nor a reading of their nouns
        said = self.said
        tokens = _tokens(output, target_language)
        candidates = [token for token in tokens
                      if not any(reading in said for reading in token)
                      and any(_translations(reading, target_language, source_language)
                              for reading in _token_readings(token, target_language, written))]
        source_nouns = self.source_nouns if candidates else frozenset()
        if not source_nouns:
            return None
        assert self.target_pack.nouns is not None
        nouns = {_fold(noun) for noun in self.target_pack.nouns(output)}
        candidates = [token for token in candidates if any(form in nouns for form, _ in token)]  # *d'amis*: amis
        if not candidates:
            return None
        supported = _item_words(" ".join(filter(None, (self.context, self.source))), self.references, source_language,
                                target_language, self.construction)
        found = next(((token, meanings) for token in candidates
                      if (meanings := supported.foreign(token, written))), None)
        if found is None:
            return None
        judged = _item_words(self.source, self.references, source_language, target_language, self.construction)
        unrendered = tuple(word for word in judged.unrendered(output) if word in source_nouns)
        noun = next(form for form, _ in found[0] if form in nouns)
        place = tokens.index(found[0])
        if unrendered and place and _compound_renders(tokens[place - 1], unrendered, target_language, source_language,
                                                       written):
            return None
        return Unsupported(noun, found[1], unrendered) if unrendered else None


#: The shortest stem a compound's modifier must share with the derived noun it renders (*café* / *cafetière*).
MIN_STEM = 3


def _compound_renders(modifier: tuple[tuple[str, str], ...], unrendered: Sequence[str], language: str,
                      other_language: str, written: dict[str, str]) -> bool:
    """Whether the word before an output's noun makes with it a compound that renders one of the source's
    unrendered nouns derived from the modifier's translation: a French noun derived by a suffix (*cafetière*,
    *théière*, *pommier*, *cendrier*) is said in English by a compound of its stem's translation and another noun
    (*coffee machine*, *teapot*, *apple tree*): *coffee* translates *café*, the stem of *cafetière*, so *machine* is
    no participant of another sentence."""
    stems = {_fold(other) for reading in _token_readings(modifier, language, written)
             for other in _translations(reading, language, other_language)}
    return any(len(stem) >= MIN_STEM and noun != stem and noun.startswith(stem)
               for noun in map(_fold, unrendered) for stem in stems)


@functools.lru_cache(maxsize=256)
def _participants(source: str, context: str, references: tuple[str, ...], source_language: str, target_language: str,
                  construction: tuple[str, ...]) -> _Participants:
    return _Participants(source, context, references, source_language, target_language, construction)


class ItemReading:
    """An item's source, context and references as the unrelated-output gate reads every output of it: read
    once per item and shared by every system's output (:func:`relatedness`, :func:`unsupported` and
    :func:`other_participant` of one output read the item again, through the same caches)."""

    def __init__(self, *, source: str, context: Sequence[str] = (), references: Sequence[str] = (),
                 context_references: Sequence[str] = (), source_language: str, target_language: str,
                 construction: Sequence[str] = ()) -> None:
        # a document's output may hold more than its last sentence: its context counts as its source too
        whole = " ".join((*context, source))
        extended = (*references, *(" ".join((*context_references, reference))
                                   for reference in references if context_references))
        construction = tuple(construction)
        self._related = _RelatedWords(whole, tuple(extended), source_language, target_language, construction)
        self._lexicon = bilingual.has_lexicon(source_language, target_language)
        # other_predicate, other_word and other_content ask nothing without a reference (as other_content says)
        self._asks = self._lexicon and bool(references)
        self._supported_args = (whole, tuple(references), source_language, target_language, construction)
        self._supported: _ItemWords | None = None
        self._sentence = source
        self._judged: _ItemWords | None = None
        self._participants = _Participants(source, " ".join(context), tuple(references), source_language,
                                           target_language, construction)

    def relatedness(self, output: str) -> Relatedness:
        """:func:`relatedness` of ``output`` to the whole source (context and sentence) and the references
        (each also after the context's references)."""
        return self._related.relatedness(output)

    def unsupported(self, words: Sequence[str], output: str) -> Unsupported | None:
        """:func:`unsupported` of a pass's ``words`` in ``output``, against the whole source."""
        if not words or not self._lexicon:
            return None
        return _unsupported(self._supporting_words(), words, output)

    def other_participant(self, output: str) -> Unsupported | None:
        """:func:`other_participant` of ``output``: the sentence's nouns, the context supporting."""
        return self._participants.other_participant(output)

    def other_predicate(self, output: str, asked: Sequence[str] = ()) -> Unsupported | None:
        """:func:`other_predicate` of ``output``, its predicates that are words (or forms of lemmas) of ``asked`` left
        out: a family's content, which :func:`unsupported` asks of a pass, and the words an item's parameters name
        (the renderings of its verb the family accepts: *respecter* for *fail to comply*)."""
        if not self._asks:
            return None
        _, references, source_language, target_language, construction = self._supported_args
        return _other_predicate(self._supporting_words(), output, self._sentence, references, source_language,
                                target_language, construction, frozenset(map(_fold, asked)))

    def other_word(self, output: str, asked: Sequence[str] = (), *, literal: bool = False) -> Unsupported | None:
        """:func:`other_word` of ``output``, the words (or forms of lemmas) of ``asked`` left out, as for
        :meth:`other_predicate`. With ``literal`` (an idiom's item), only the output's nouns are asked (a participant
        of another sentence: *le ministre*, *la réunion*; an added adverb may render the source's verb loosely) and
        only the source's words that a reference renders word for word count as unrendered
        (:meth:`_ItemWords.unrendered`: an idiom's own words are said otherwise)."""
        if not self._asks:
            return None
        return _other_word(self._supporting_words(), self._sentence_words(), output, frozenset(map(_fold, asked)),
                           literal)

    def _supporting_words(self) -> _ItemWords:
        """The whole source (context and sentence) and the references: the words that support an output's."""
        if self._supported is None:
            self._supported = _item_words(*self._supported_args)
        return self._supported

    def _sentence_words(self) -> _ItemWords:
        """The sentence judged, without its context: the words an output must render."""
        if self._judged is None:
            whole, references, source_language, target_language, construction = self._supported_args
            self._judged = (self._supporting_words() if whole == self._sentence else
                            _item_words(self._sentence, references, source_language, target_language, construction))
        return self._judged

    def other_content(self, output: str) -> OtherContent | None:
        """:func:`other_content` of ``output``: its words against the whole source (the context supports them),
        the words it leaves unrendered the sentence's alone."""
        if not self._asks:
            return None
        return _other_content(self._supporting_words(), self._sentence_words(), output)


class _ItemWords:
    """What an output's words are compared with: the item's source and references, read once per item; the
    translations of the source's words (the costly part) only when a word needs them."""

    def __init__(self, source: str, references: tuple[str, ...], source_language: str, target_language: str,
                 construction: tuple[str, ...]) -> None:
        self.source_language, self.target_language = source_language, target_language
        self.own = _construction_readings(construction, target_language)
        self.reference_words = frozenset(reading for reference in references
                                         for token in _tokens(reference, target_language, False)
                                         for reading in _token_readings(token, target_language, _written(reference)))
        self.source_tokens = _tokens(source, source_language)
        self.source_support = _tokens(source, source_language, False)
        self.source_written = _written(source)
        self.source_forms = frozenset(form for token in self.source_support for form, _ in token)
        self.names = frozenset(_names(source, source_language))
        self._rendering: frozenset[str] | None = None

    @property
    def rendering(self) -> frozenset[str]:
        """Every translation the lexicon gives of any reading of a source word, folded."""
        if self._rendering is None:
            self._rendering = frozenset(
                other for token in self.source_support
                for reading in _token_readings(token, self.source_language, self.source_written)
                for other in _translations(reading, self.source_language, self.target_language))
        return self._rendering

    def foreign(self, token: tuple[tuple[str, str], ...], written: dict[str, str]) -> tuple[str, ...]:
        """The source-language words an output word translates, none of them the source's, when the word is
        evidence of another sentence (see :func:`unsupported`); empty when it is not."""
        readings = _token_readings(token, self.target_language, written)
        if readings & self.own or readings & self.reference_words or readings & self.names:
            return ()
        if any(_cognates(form, other) for form, _ in token for other in self.source_forms):
            return ()
        meanings = frozenset(meaning for reading in readings
                             for meaning in _translations(reading, self.target_language, self.source_language))
        if not meanings or readings & self.rendering:
            return ()  # the lexicon does not know the word (no evidence either way), or it renders the source
        synonyms = frozenset(other for meaning in meanings
                             for other in _translations(meaning, self.source_language, self.target_language))
        if synonyms & (self.reference_words | self.rendering):
            return ()  # a synonym of a reference word or of a source word's translation
        return tuple(sorted(meanings))

    def unrendered(self, output: str, *, literal: bool = False) -> tuple[str, ...]:
        """The source's content words that the output renders nowhere: a name it does not write (a capitalised
        word the lexicon translates is a word, as German writes its nouns: *Gebäude*), a word the
        lexicon knows (or a reference renders by a cognate: *arrogant* / *arrogante*) none of whose translations
        nor cognates the output has. Words the lexicon does not know, and the construction's, are left out.
        Synonyms through the other language are not asked here: two steps through a polysemous word join
        almost anything (*extrêmement* renders *strong* by *fort*). With ``literal``, only the words a reference
        renders word for word (by one of their translations) count: the others a reference says otherwise, as an
        idiom does (*beating around the bush*: *tourner autour du pot*; *stop*: *cessez*, which an output must
        render too)."""
        pair = (self.source_language, self.target_language)
        written = _written(output)
        output_words = frozenset(reading for token in _tokens(output, self.target_language, False)
                                 for reading in _token_readings(token, self.target_language, written))
        missing = []
        for token in self.source_tokens:
            form = token[0][0]
            if form in output_words:
                continue  # written alike: a name, a loan word (*Max*, *pizza*)
            translations = frozenset(other for reading in _token_readings(token, self.source_language,
                                                                          self.source_written)
                                     for other in _translations(reading, *pair))
            if form in self.names and not translations:
                missing.append(form)  # a name is written, not translated; a capitalised noun the lexicon
                continue  # translates (German *Gebäude*) is a word like any other
            if literal and not translations & self.reference_words:
                continue  # the reference says it otherwise: an idiom's word
            # a word the lexicon lacks is rendered in a reference by its cognate (*arrogant* / *arrogante*)
            translations |= {word for word in self.reference_words if _cognates(word, form)}
            if not translations or translations & self.own or translations & output_words:
                continue
            if any(_cognates(word, form) for word in output_words):
                continue
            missing.append(form)
        return tuple(dict.fromkeys(missing))


@functools.lru_cache(maxsize=1024)
def _item_words(source: str, references: tuple[str, ...], source_language: str, target_language: str,
                construction: tuple[str, ...]) -> _ItemWords:
    return _ItemWords(source, references, source_language, target_language, construction)


def _token_readings(token: tuple[tuple[str, str], ...], language: str, written: dict[str, str]) -> frozenset[str]:
    """Every folded form and lemma a content word may have, its parts' too; the lemmatizer reads the word as
    ``written`` (:func:`_written` of its text: *louée*, not *louee*)."""
    return frozenset(found for form, lemma in token
                     for found in (form, lemma, *_readings(written.get(form, form), language)))


def _translations(word: str, source_language: str, target_language: str) -> frozenset[str]:
    """The folded translations of a folded word (*genereux* → generous): accents are folded on both sides."""
    return _folded_table(source_language, target_language).get(word, frozenset())


@functools.lru_cache(maxsize=16)
def _folded_table(source_language: str, target_language: str) -> dict[str, frozenset[str]]:
    folded: dict[str, set[str]] = {}
    for word, others in bilingual.table(source_language, target_language).items():
        folded.setdefault(_fold(word), set()).update(_fold(other) for other in others)
    return {word: frozenset(others) for word, others in folded.items()}
