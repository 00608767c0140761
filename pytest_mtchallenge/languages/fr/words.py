"""French word knowledge shared by the pack's signals: is a form French, does a text have a finite verb."""
from __future__ import annotations

import functools


@functools.lru_cache(maxsize=65536)
def is_french_word(word: str) -> bool:
    """A form both the Lefff and simplemma's French dictionary know: the Lefff alone lists English
    loans with their English plurals (*calls*, *rooms*), which a French text rarely means."""
    import simplemma

    from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
    from pytest_mtchallenge.languages.fr.reader import readings

    return bool(readings(default_lexicon(), word)) and simplemma.is_known(word, lang="fr")


def has_finite_verb(text: str) -> bool:
    """Whether a word of ``text`` reads as a finite verb (indicative, conditional, subjunctive or
    imperative) that no determiner makes a noun (*la ferme*, *mes porte*); after a word that is also
    a clitic (*le, la, les, leur*), it is a verb when a pronoun or a negation comes before (*il ne
    leur parlait pas*, *nous les voyons*)."""
    from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
    from pytest_mtchallenge.languages.fr.reader import DETERMINERS, NEGATION, OBJECT_CLITICS, PRONOUNS, SentenceReader

    reader = SentenceReader(text, default_lexicon())
    tokens = reader.tokens
    for index in range(len(tokens)):
        previous = tokens[index - 1] if index else ""
        if previous in DETERMINERS:
            before = tokens[index - 2] if index >= 2 else ""
            clitic = previous in OBJECT_CLITICS and (before in PRONOUNS or before in NEGATION or before in OBJECT_CLITICS)
            if not clitic:
                continue
        if reader.finite_readings(index) or any(a.mood == "imperative" for a in reader.readings(index)):
            return True
    return False
