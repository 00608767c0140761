"""English word knowledge shared by the pack's signals: is a form English, does a text have a finite verb."""
from __future__ import annotations

import functools

from pytest_mtchallenge.languages.en.inflection import is_gerund, is_past_form
from pytest_mtchallenge.languages.en.words import (
    BE_FORMS, CLAUSE_BREAKS, CLOSED_CLASS, CONJUNCTIONS, DETERMINERS, DO_FORMS, HAVE_FORMS, MODALS, NEGATION,
    PERSONAL_PRONOUNS, PREPOSITIONS,
)

#: Finite forms of the auxiliaries and the modals: a clause has a finite verb when one of them stands in it.
_FINITE_AUXILIARIES = (frozenset(w for w, kind in BE_FORMS.items() if kind in ("present", "past"))
                       | frozenset(w for w, kind in HAVE_FORMS.items() if kind in ("plain", "present", "past"))
                       | frozenset(DO_FORMS) | frozenset(MODALS) | {"'s", "'d"})
_SUBJECTS = frozenset(w for w, form in PERSONAL_PRONOUNS.items() if form.case in ("subject", "both")) | {"who"}
#: Forms of *be* that are never finite (besides a verb after *to* and an *-ing* form).
_NON_FINITE = frozenset({"be", "been", "being"})
#: Words after a subject pronoun that are not its verb.
_NOT_VERBS = frozenset(PERSONAL_PRONOUNS) | DETERMINERS | NEGATION | CONJUNCTIONS | (PREPOSITIONS - {"like"})
#: What ends a non-finite verb's complement.
_BREAKS = CLAUSE_BREAKS - {'"'}


@functools.lru_cache(maxsize=65536)
def is_english_word(word: str) -> bool:
    """A closed-class word of the pack, or a form simplemma's English dictionary knows."""
    import simplemma

    return word in CLOSED_CLASS or simplemma.is_known(word, lang="en")


@functools.lru_cache(maxsize=8192)
def has_finite_verb(text: str) -> bool | None:
    """Whether ``text`` has a finite verb.

    True for a finite auxiliary or modal (*is, had, will*), a simple past (*sank*) or a word right
    after a subject pronoun (*they go*); False when a plainly non-finite verb (*to go*, *be*, an
    *-ing* form) comes before any word that could be finite (*He to go home*, *She be tall*);
    None when the words cannot tell (without parts of speech, *The cats sleep* is unsure).
    """
    from pytest_mtchallenge.languages.en.reader import is_adverb, tokenize

    folded, cased = tokenize(text)
    non_finite = complement = False
    for index, (word, written) in enumerate(zip(folded, cased)):
        if not (word[:1].isalpha() or word.startswith("'")):
            complement = complement and word not in _BREAKS
            continue
        previous = folded[index - 1] if index else ""
        following = folded[index + 1] if index + 1 < len(folded) else ""
        if word in _FINITE_AUXILIARIES:
            return True
        if word in _NON_FINITE or is_gerund(word) or previous == "to" and word not in CLOSED_CLASS:
            non_finite = complement = True  # its complement runs to the end of the clause
            continue
        if complement and word not in CONJUNCTIONS:
            if is_past_form(word) and previous not in DETERMINERS and previous not in PREPOSITIONS:
                return True  # "the idea of leaving terrified her"
            continue
        complement = False
        if previous in _SUBJECTS and word not in _NOT_VERBS and not is_adverb(word):
            return True  # "they go", "I like"
        if word in CLOSED_CLASS and (following != "to" or word in _NOT_VERBS) or is_adverb(word) or previous in DETERMINERS or (
                previous in PREPOSITIONS and previous != "to"):
            continue
        if is_past_form(word):
            return True
        if index and written[:1].isupper():
            continue  # a name
        if index == 0 and following[:1].isalpha() and following not in CLOSED_CLASS and not is_gerund(following):
            continue  # a subject without determiner before its verb ("Max knows")
        return None  # a word that may be a present-tense or imperative verb
    return False if non_finite else None


#: Determiners that open a noun phrase and nothing else (not *that*, *what*, *which*, which also open
#: clauses, nor quantifiers that stand alone: *much*, *more*, *enough*, *all*).
_NOUN_OPENERS = (DETERMINERS - {"that", "what", "which", "much", "more", "most", "little", "enough", "such", "all",
                                "other", "few"}) | {"'s"}
_DEMONSTRATIVES = frozenset({"this", "these", "those"})
#: Nouns of quantity whose *of* opens the noun they measure (*a lot of money*, *plenty of time*).
_QUANTITY_NOUNS = frozenset({"lot", "lots", "plenty", "deal", "number", "amount", "couple", "bit"})
#: Nouns that phrases use for their grammar more than for a thing they name (*pay one's way*, *a great deal*,
#: *all the time*, *that kind of thing*, *the cheapest one*): no participant of a sentence.
LIGHT_NOUNS = frozenset({"way", "ways", "thing", "things", "time", "times", "lot", "lots", "kind", "kinds", "sort",
                         "sorts", "deal", "bit", "bits", "sake", "moment", "one", "ones"})


@functools.lru_cache(maxsize=8192)
def determined_nouns(text: str) -> frozenset[str]:
    """The head nouns of ``text``'s noun phrases that a determiner opens, folded (*the sudden noise in
    the upper rooms* → noise, rooms; *my brother's book* → brother, book): the last of the words after
    the determiner (past adverbs before them: *a really big house*), up to a function word, an adverb or
    punctuation. A head that reads as a verb form (*-ing*, a past form) or an *-ly* adverb is none, nor a
    demonstrative's word before a subject (*this proves he knew*: a pronoun, then its verb), nor a noun of
    :data:`LIGHT_NOUNS` (*I paid my way*), nor an adjective before one (*the cheapest one*). The *of* after a noun of quantity opens a noun too
    (*a lot of money*)."""
    from pytest_mtchallenge.languages.en.inflection import is_past_or_participle
    from pytest_mtchallenge.languages.en.reader import is_adverb, tokenize
    from pytest_mtchallenge.languages.en.stop_words import STOP_WORDS

    words, _ = tokenize(text)
    found = set()
    for index, word in enumerate(words):
        if word not in _NOUN_OPENERS and not (word == "of" and index and words[index - 1] in _QUANTITY_NOUNS):
            continue
        start = index + 1
        while start < len(words) and is_adverb(words[start]) and words[start] not in STOP_WORDS:
            start += 1  # an adverb before the adjectives (*the very thought*, *a really big house*)
        end = start
        while end < len(words) and end - start <= 3 and words[end][:1].isalpha() and words[end] not in STOP_WORDS \
                and words[end] not in CLOSED_CLASS and not is_adverb(words[end]):
            end += 1
        if end == start:
            continue
        head = words[end - 1]
        following = words[end] if end < len(words) else ""
        if is_gerund(head) or is_past_or_participle(head) or is_adverb(head) or head in LIGHT_NOUNS \
                or following in LIGHT_NOUNS:  # *the cheapest one*: the adjective's noun is *one*
            continue
        if word in _DEMONSTRATIVES and end == start + 1 and (following in _SUBJECTS or following in DETERMINERS):
            continue
        found.add(head)
    return frozenset(found)
