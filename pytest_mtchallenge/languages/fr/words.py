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


@functools.lru_cache(maxsize=8192)
def has_finite_verb(text: str) -> bool | None:
    """Whether ``text`` has a finite verb: True when a word reads as one (indicative, conditional,
    subjunctive or imperative) that no determiner makes a noun (*la ferme*, *mes porte*; after a
    word that is also a clitic, *le, la, les, leur*, it is a verb when a pronoun or a negation comes
    before: *il ne leur parlait pas*); False when the clause has a bare verb instead, an infinitive
    right after its subject (*ma mère être heureuse*, *nous crier*) or a participle right after a
    subject pronoun (*il tourné la tête*); None for a text with no verb at all, as a reply may be
    (*Oui, monsieur.*, *Tout comme Laura.*)."""
    from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
    from pytest_mtchallenge.languages.fr.reader import (
        DETERMINERS, NEGATION, OBJECT_CLITICS, PRONOUNS, SUBJECT_CLITICS, SentenceReader,
    )

    reader = SentenceReader(text, default_lexicon())
    tokens = reader.tokens
    bare = False
    for index in range(len(tokens)):
        previous = tokens[index - 1] if index else ""
        if previous in DETERMINERS:
            before = tokens[index - 2] if index >= 2 else ""
            clitic = previous in OBJECT_CLITICS and (before in PRONOUNS or before in NEGATION or before in OBJECT_CLITICS)
            if not clitic:
                continue
        readings = reader.readings(index)
        if reader.finite_readings(index) or any(a.mood == "imperative" for a in readings):
            return True
        moods = {a.mood for a in readings if a.pos in ("verb", "aux")}
        subject = previous in SUBJECT_CLITICS and (previous not in OBJECT_CLITICS or index == 1 or tokens[index - 2]
                                                   in (",", "et", "mais", "que", "qu'"))
        after_noun = index > 0 and previous[:1].isalpha() and not reader.readings(index - 1) or any(
            a.pos == "noun" for a in reader.readings(index - 1)) and not reader.has_pos(index - 1, "prep")
        if "infinitive" in moods and (subject or after_noun) or "participle" in moods and subject:
            bare = True
    return False if bare else None


#: Words that open a relative or completive clause, whose verb must be finite.
_CLAUSE_OPENERS = frozenset({"qui", "que", "qu'"})


@functools.lru_cache(maxsize=8192)
def broken_structures(text: str) -> tuple[str, ...]:
    """Constructions French grammar does not allow, as word-by-word renderings of English make them:

    - a relative clause after a noun whose verb is not finite: an infinitive right after *qui* (*la
      femme qui voir*), or a bare participle with no auxiliary (*la maison que John visité*);
    - an English zero relative (*la femme votre frère a vu est charmante*): a sentence-initial noun
      phrase directly followed by another noun phrase and its verb, and then the main verb.

    An indirect question after a verb (*je sais qui inviter*) is not a relative clause.
    """
    from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
    from pytest_mtchallenge.languages.fr.reader import SentenceReader

    reader = SentenceReader(text, default_lexicon())
    tokens = reader.tokens
    found: list[str] = []
    for index, token in enumerate(tokens):
        if token not in _CLAUSE_OPENERS or index == 0 or not reader.noun_after_determiner(index - 1):
            continue
        for probe in range(index + 1, min(len(tokens), index + 6)):
            if not tokens[probe][0].isalpha() or _finite(reader, probe):
                break
            moods = {a.mood for a in reader.readings(probe) if a.pos in ("verb", "aux")}
            if token == "qui" and probe == index + 1 and "infinitive" in moods or (
                    token != "qui" and probe > index + 1 and "participle" in moods):
                found.append(f"no finite verb in the relative clause after {token!r} ({tokens[probe]!r})")
                break
    zero = _zero_relative(reader)
    if zero:
        found.append(zero)
    return tuple(found)


def _finite(reader, index: int) -> bool:  # type: ignore[no-untyped-def]
    return bool(reader.finite_readings(index))


def _zero_relative(reader) -> str | None:  # type: ignore[no-untyped-def]
    """"the relative pronoun is missing ('femme' 'votre frère' …)" for an English zero relative."""
    from pytest_mtchallenge.languages.fr.reader import DETERMINERS

    start = reader.after_fronted_adverbial()
    first = reader.noun_phrase(start)
    tokens = reader.tokens
    if first is None or first.end >= len(tokens) or tokens[first.end] not in DETERMINERS or \
            tokens[first.end] in ("de", "d'", "du", "des"):
        return None
    second = reader.noun_phrase(first.end)
    if second is None or second.end >= len(tokens):
        return None
    verbs = [i for i in range(second.end, len(tokens)) if _finite(reader, i) or not reader.readings(i)
             or any(a.mood == "participle" for a in reader.readings(i))]
    main = [i for i in verbs[1:] if _finite(reader, i)]
    if not verbs or verbs[0] != second.end or not main or "," in tokens[second.end:main[0]]:
        return None  # an absolute construction is set off by a comma: *Une fois la porte ouverte, il…*
    return (f"the relative pronoun is missing between {tokens[first.start:first.end][-1]!r} and "
            f"{' '.join(tokens[second.start:second.end])!r} (an English zero relative)")
