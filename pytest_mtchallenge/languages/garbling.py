"""Is an output a broken sentence? Signals every family shares, from the language packs' word knowledge.

A weak engine's output (a word-by-word rendering, words it left untranslated, a dropped verb)
often does not contain the construction a family looks for. A fluent output without the
construction is a rephrasing that dodges the phenomenon (the papers' "not applicable"); a broken
one simply does not render it, and the papers' annotators answer "no". The signals:

- **untranslated words**: words copied from the source that the target language does not have
  (by its pack's lexicon), the source language's function words, and words an engine marked as
  unknown (``*guitared``, ``#`` and ``@`` marks of rule-based engines); a name or form of address
  that closes a sentence after a comma in both (*You sure did, padre.* → *C'est sûr, padre.*)
  travels unchanged, as names do;
- **a missing verb**: the output has a bare verb where its source has a finite one (an infinitive
  or a participle standing for the finite verb: *Ma mère être heureuse*, *He to go home*), by the
  packs' verb knowledge where a pack has it; a text with no verb at all (a reply: *Oui, monsieur.*)
  is not read as broken;
- **broken structures**: constructions the target grammar does not allow, by the target pack's
  reader (in French: a relative clause without a finite verb, an English zero relative, a subject
  clitic before a bare infinitive, a mandatory elision or contraction left undone).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_mtchallenge.languages import LanguagePack, language_pack
from pytest_mtchallenge.text.normalise import normalise_text

#: Words of a text (letters with inner hyphens or apostrophes), with a mark an engine may put before a word.
_WORD = re.compile(r"(?<![\w*#@])([*#@]?)([^\W\d_]+(?:[-'][^\W\d_]+)*)", re.UNICODE)


@dataclass(frozen=True, slots=True)
class Garbling:
    """What makes an output a broken sentence: its untranslated words, a missing verb, broken structures."""

    untranslated: tuple[str, ...] = ()
    missing_verb: bool = False
    #: Constructions the target grammar does not allow, in words (the pack's ``broken_structures``).
    structures: tuple[str, ...] = ()
    source_name: str = "source-language"

    @property
    def broken(self) -> bool:
        return bool(self.untranslated) or self.missing_verb or bool(self.structures)

    def describe(self) -> str:
        """The signals in words: "'calls', 'from' left untranslated; no finite verb"."""
        parts = []
        if self.untranslated:
            words = ", ".join(f"'{w}'" for w in self.untranslated)
            parts.append(f"{self.source_name} word{'s' if len(self.untranslated) > 1 else ''} {words} left untranslated")
        if self.missing_verb:
            parts.append("no finite verb, a bare one in its place")
        parts.extend(self.structures)
        return "; ".join(parts)


def _words(text: str) -> list[tuple[str, str]]:
    """(mark, word) of each word of ``text``."""
    return [(m.group(1), m.group(2)) for m in _WORD.finditer(normalise_text(text))]


def garbling(output: str, *, source: str, source_language: str, target_language: str) -> Garbling:
    """The signals of a broken rendering of ``source`` in ``output`` (none for same-language suites)."""
    source_pack, target_pack = language_pack(source_language), language_pack(target_language)
    if source_pack.code == target_pack.code:
        return Garbling()
    source_words = {word.casefold() for _, word in _words(source)}
    addressed = _addresses(output) & _addresses(source)
    untranslated: list[str] = []
    words = _words(output)
    # an elided word of the source (*l'océan*, *d'huile*) is copied with or without its article
    source_words |= {part for word in source_words for part in _elided(word)}
    for index, (mark, word) in enumerate(words):
        folded = word.casefold()
        if mark:
            untranslated.append(mark + word)
        elif folded in addressed or _inside_name(words, index):
            continue
        elif folded in source_words and _foreign(word, folded, source_pack, target_pack):
            untranslated.append(word)
        elif not (target_pack.is_word is not None and target_pack.is_word(folded)):
            untranslated.extend(part for part in _elided(word) if part.casefold() in source_words
                                and _foreign(part, part.casefold(), source_pack, target_pack))
    missing_verb = False
    if target_pack.has_finite_verb is not None and source_pack.has_finite_verb is not None:
        missing_verb = target_pack.has_finite_verb(output) is False and source_pack.has_finite_verb(source) is True
    structures = target_pack.broken_structures(output) if target_pack.broken_structures is not None else ()
    return Garbling(untranslated=tuple(dict.fromkeys(untranslated)), missing_verb=missing_verb,
                    structures=structures, source_name=source_pack.name)


def left_untranslated(output: str, *, source: str, references: tuple[str, ...], source_language: str,
                      target_language: str) -> tuple[str, ...]:
    """The words of ``source`` that ``output`` leaves untranslated (:func:`garbling`'s untranslated words:
    source words the target lexicon does not know, the source's function words, words an engine marked as
    unknown), less those a reference keeps too (a name, a loanword: *steak*, *New York*): a
    half-translated output (*Les appels repeated de sa mère …*)."""
    found = list(garbling(output, source=source, source_language=source_language,
                          target_language=target_language).untranslated)
    found += _untranslated_homographs(output, source, source_language, target_language)
    if not found:
        return ()
    kept = {word.casefold() for reference in references for _, word in _words(reference)}
    titles = _titles_and_quotes(output)  # not for a word the engine itself marked as unknown
    return tuple(dict.fromkeys(word for word in found if word.lstrip("*#@").casefold() not in kept
                               and (word[:1] in "*#@" or word.casefold() not in titles)))


#: A stretch of text in quotation marks (a title, a term the sentence mentions): travels unchanged.
_QUOTED = re.compile(r"[\"“«„]([^\"“”«»„]{1,80})[\"”»“]")


def _titles_and_quotes(output: str) -> set[str]:
    """The casefolded words of ``output`` that a translation keeps as they are: words in quotation marks
    (*nos nouveaux "guppies"*) and the words of a run of two or more capitalised words that does not open the
    sentence (a title or a name: *un scénario intitulé The Planet Wyh*)."""
    text = normalise_text(output)
    kept = {word.casefold() for match in _QUOTED.finditer(text) for _, word in _words(match.group(1))}
    words = [word for _, word in _words(text)]
    run: list[str] = []
    for index, word in enumerate(words + [""]):
        if index and word[:1].isupper():
            run.append(word)
            continue
        if len(run) >= 2:
            kept.update(w.casefold() for w in run)
        run = []
    return kept


def _lemma(word: str, language: str) -> str:
    """The lemma of a word of ``language`` (simplemma's; the word itself where it has none): *assure* →
    *assurer*, so that a form whose lemma translates the source word is not read as the source's."""
    import simplemma

    try:
        return str(simplemma.lemmatize(word, lang=language)).casefold()
    except ValueError:
        return word


def _untranslated_homographs(output: str, source: str, source_language: str, target_language: str) -> list[str]:
    """Lowercase words of ``source`` copied into ``output`` that the target lexicon knows as some other word
    (*la river*: French *river*, to rivet; *a livre*: English *livre*, a coin) while the core bilingual
    lexicon (:mod:`pytest_mtchallenge.languages.bilingual`) translates the source word by other words
    only: the word is the source's, left untranslated. A cognate the lexicon lists as its own translation
    (*machine*, *simple*) and a word the lexicon does not list are not counted."""
    from pytest_mtchallenge.languages.bilingual import translations

    source_pack, target_pack = language_pack(source_language), language_pack(target_language)
    source_words = {word.casefold() for _, word in _words(source)}
    source_words |= {part for word in source_words for part in _elided(word)}
    found = []
    for mark, word in _words(output):
        folded = word.casefold()
        if (mark or len(folded) < 4 or not word[:1].islower() or folded not in source_words
                or folded in target_pack.stop_words):
            continue
        known = translations(folded, source_language=source_pack.code, target_language=target_pack.code)
        if known and folded not in known and _lemma(folded, target_pack.code) not in known:
            found.append(word)
    return found


#: Words set off by a comma at the end of a sentence (*C'est sûr, padre.*): a name or a form of
#: address, which travels unchanged like a name even when it is a word of the source language.
_ADDRESS = re.compile(r",\s*([^\W\d_]+(?:[-'][^\W\d_]+)*(?:\s+[^\W\d_]+)?)\s*[.!?…]*[\"'»”’)]*\s*(?=$|[-–—\s])",
                      re.UNICODE)


def _addresses(text: str) -> frozenset[str]:
    """The casefolded words of the forms of address that close the sentences of ``text``."""
    found: set[str] = set()
    text = normalise_text(text)
    for match in _ADDRESS.finditer(text):
        closed = match.group(0).rstrip().endswith((".", "!", "?", "…", '"', "»", "”", "’", ")"))
        if closed or not text[match.end():].strip():  # the end of its sentence, or of the text
            found.update(word.casefold() for word in match.group(1).split())
    return frozenset(found)


def _elided(word: str) -> tuple[str, ...]:
    """The parts of a word written with an apostrophe that may stand alone (*l'océan* → *océan*; *d'huile* →
    *huile*): those of three letters or more."""
    return tuple(part for part in word.split("'")[1:] if len(part) >= 3) if "'" in word else ()


def _inside_name(words: list[tuple[str, str]], index: int) -> bool:
    """Whether a lowercase word stands between two capitalised ones, inside a name (*Oil of Olay*,
    *Bank of America*), which travels unchanged."""
    return (0 < index < len(words) - 1 and words[index][1][:1].islower()
            and words[index - 1][1][:1].isupper() and words[index + 1][1][:1].isupper())


def _foreign(word: str, folded: str, source_pack: LanguagePack, target_pack: LanguagePack) -> bool:
    """Whether a word copied from the source is not a word of the target language: a source function
    word the target lacks, or a word of the source's lexicon that the target's does not know. Other
    capitalised words are names, and names travel unchanged."""
    if len(folded) < 2:  # a letter (English *I*, *a*) is too little to tell
        return False
    if target_pack.stop_words and folded in source_pack.stop_words and folded not in target_pack.stop_words:
        return True
    if word[:1].isupper():
        return False
    if target_pack.is_word is None or len(folded) < 3:
        return False
    # a word of the source language that the target lacks (not an interjection or a loan from a third
    # language that both may keep: *ohh*, *señor*)
    return not target_pack.is_word(folded) and (source_pack.is_word is None or source_pack.is_word(folded))


__all__ = ["Garbling", "garbling", "left_untranslated"]
