"""What every language pack shares: the pack's description and rule-based sentence splitting."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

#: Characters that end a sentence, and closing quotes or brackets that may follow them.
_TERMINATORS = ".!?…"
_CLOSERS = "\"'”’»)]"
_BOUNDARY = re.compile(rf"([{re.escape(_TERMINATORS)}]+[{re.escape(_CLOSERS)}]*)(\s+)")


@dataclass(frozen=True, slots=True)
class LanguagePack:
    """A target language's knowledge, found by its code (``languages.<code>``).

    ``abbreviations`` are words that end with a full stop without ending a sentence ("M.",
    "Dr."); ``signature`` names the pack's data (a lexicon's version and hash), for run signatures.
    """

    code: str
    name: str
    abbreviations: frozenset[str] = frozenset()
    #: Function words (articles, pronouns, auxiliaries…): what marks a text as written in the language.
    stop_words: frozenset[str] = frozenset()
    signature: Callable[[], str] = field(default=lambda: "none")
    #: Whether a lowercased word is a word of the language (its lexicon); None: the pack cannot tell.
    is_word: Callable[[str], bool] | None = None
    #: Whether a text has a finite verb: True; False when a bare verb (an infinitive, a participle)
    #: stands where the finite one is needed; None when it cannot tell, or the text has no verb at all
    #: (a reply). The field itself is None when the pack has no verb knowledge.
    has_finite_verb: Callable[[str], bool | None] | None = None
    #: Constructions of a text that the language's grammar does not allow, each in words (a relative
    #: clause without a finite verb, an English zero relative in French…): what word-by-word
    #: rendering makes; None: the pack has no such knowledge.
    broken_structures: Callable[[str], tuple[str, ...]] | None = None
    #: Every lemma the pack's lexicon gives a lowercased word form (French *prise*: prendre, prise,
    #: priser; *actrice*: acteur); None: the pack has no lexicon of its own.
    lemmas: Callable[[str], frozenset[str]] | None = None
    #: The head nouns of a text's noun phrases that a determiner opens, lowercased (*la femme*, *les
    #: chambres supérieures* → femme, chambres): a translation's participants; None: the pack cannot tell.
    nouns: Callable[[str], frozenset[str]] | None = None
    #: The words that carry the meaning of a text's finite clauses, lowercased: each clause's lexical verb past
    #: its auxiliaries and modals, or a copula's predicate (*le type est beau* → beau; *has been waiting* →
    #: waiting); none for a support verb (*mettre en garde*): what a translation says of its participants;
    #: None: the pack cannot tell.
    predicates: Callable[[str], tuple[str, ...]] | None = None
    #: Words written elided before the next word with an apostrophe, lowercased without it (French *l'*,
    #: *qu'*): *l'une* is read as *une*, never as one word *lune*.
    elisions: frozenset[str] = frozenset()
    #: Phrases that work as one function word (complex prepositions and conjunctions: French *à partir de*, *en
    #: train de*; English *because of*, *in order to*), lowercased: none of their words is a content word.
    function_phrases: frozenset[str] = frozenset()

    def split_sentences(self, text: str) -> list[str]:
        """Split ``text`` into sentences: after ``. ! ? …`` (and closing quotes) followed by a space
        and a word that may begin a sentence; never after an abbreviation, an initial or a number."""
        sentences: list[str] = []
        start = 0
        for match in _BOUNDARY.finditer(text):
            end = match.end(1)
            following = text[match.end():match.end() + 1]
            if not following or not (following.isupper() or following.isdigit() or following in "\"'“«¿¡(-—–"):
                continue
            if match.group(1).startswith(".") and self._is_abbreviation(text[start:match.start(1)]):
                continue
            sentence = text[start:end].strip()
            if sentence:
                sentences.append(sentence)
            start = match.end()
        rest = text[start:].strip()
        if rest:
            sentences.append(rest)
        return sentences

    def _is_abbreviation(self, before: str) -> bool:
        words = before.split()
        if not words:
            return False
        last = words[-1].lstrip("\"'“«(")
        if len(last) == 1 and last.isalpha():  # an initial: "J. Smith"
            return True
        return last.lower() + "." in self.abbreviations or last + "." in self.abbreviations


GENERIC = LanguagePack(code="", name="the target language")
