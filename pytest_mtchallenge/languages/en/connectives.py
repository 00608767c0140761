"""English explicit discourse connectives (after the Penn Discourse Treebank's list) and where a word is one."""
# The list holds the explicit connectives of the PDTB (Prasad et al. 2008, 2018): subordinating
# and coordinating conjunctions, discourse adverbials and prepositional phrases, with the
# prepositions PDTB 3 annotates before a clause or gerund (*by*, *with*, *without*, *in*, *upon*)
# that DiP's Table 13 counts. *too* is added as the additive synonym of *also* (DiP's Table 17
# counts it as a synonymous rendering). Many of these words are connectives only in some uses
# (*and* between noun phrases, *as* before a noun, *since 2010*, *a while*): each has a rule for
# the position in which it links two clauses, and elsewhere it is not counted.
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.languages.en.reader import (
    AUXILIARIES,
    CLAUSE_BREAKS,
    DETERMINERS,
    MODALS,
    PERSONAL_PRONOUNS,
    is_adverb,
    is_gerund,
    is_past_form,
)

#: How a connective is recognised:
#: ``always`` — wherever it occurs (with the exceptions of :func:`_exception`);
#: ``coordinator`` — *and, or, but…*: at the start of a clause, or before a clause (subject and verb);
#: ``clause`` — *as, since, once…*: before a clause or a gerund;
#: ``temporal`` — *after, before, until*: before a clause, gerund or noun phrase, not as an adverb
#: closing a clause (*two days before.*);
#: ``initial`` — adverbials (*still, later, first*): at the start of a clause;
#: ``gerund`` — prepositions (*by, without*): before a gerund (*by driving*);
#: ``final`` — *too*: closing a clause.
USES = ("always", "coordinator", "clause", "temporal", "initial", "gerund", "final")

CONNECTIVES: Mapping[str, str] = {
    # coordinating conjunctions
    "and": "coordinator", "but": "coordinator", "or": "coordinator", "nor": "coordinator", "yet": "coordinator",
    "so": "coordinator", "for": "coordinator", "plus": "initial", "or else": "always",
    "either": "initial", "neither": "initial",
    # subordinating conjunctions
    "although": "always", "though": "always", "even though": "always", "because": "always",
    "whereas": "always", "while": "clause", "as": "clause", "since": "clause", "once": "clause",
    "when": "always", "whenever": "always", "if": "always", "even if": "always", "unless": "always",
    "until": "temporal", "till": "temporal", "before": "temporal", "after": "temporal",
    "before and after": "always", "as soon as": "always", "as long as": "always", "as if": "always",
    "as though": "always", "so that": "always", "now that": "always", "insofar as": "always",
    "much as": "always", "lest": "always", "if and when": "always", "when and if": "always",
    "except that": "always", "except when": "always", "given that": "always", "provided that": "always",
    "in order to": "always", "in order that": "always", "so as to": "always", "rather than": "always",
    "in case": "always", "by the time": "always",
    # discourse adverbials and prepositional phrases
    "accordingly": "always", "additionally": "always", "afterward": "always", "afterwards": "always",
    "also": "always", "alternatively": "always", "as a result": "always", "as an alternative": "always",
    "as a consequence": "always", "as well": "always", "besides": "initial", "by comparison": "always",
    "by contrast": "always", "by then": "always", "consequently": "always", "conversely": "always",
    "earlier": "initial", "else": "initial", "finally": "always", "first": "initial", "second": "initial",
    "third": "initial", "for example": "always", "for instance": "always", "further": "initial",
    "furthermore": "always", "hence": "always", "however": "always", "in addition": "always",
    "in contrast": "always", "in fact": "always", "in other words": "always", "in particular": "always",
    "in short": "always", "in sum": "always", "in the end": "always", "in turn": "always",
    "in the meantime": "always", "at the same time": "always", "after all": "always", "indeed": "always",
    "instead": "always", "later": "initial", "likewise": "always", "meantime": "always", "meanwhile": "always",
    "moreover": "always", "nevertheless": "always", "next": "initial", "nonetheless": "always",
    "on the contrary": "always", "on the other hand": "always", "on the one hand": "always",
    "otherwise": "always", "overall": "initial", "previously": "always", "rather": "initial",
    "regardless": "initial", "separately": "initial", "similarly": "always", "simultaneously": "always",
    "specifically": "always", "still": "initial", "then": "always", "thereafter": "always",
    "thereby": "always", "therefore": "always", "thus": "always", "ultimately": "always",
    "subsequently": "always", "until then": "always", "in the meanwhile": "always",
    # prepositions that PDTB 3 annotates before a clause or a gerund
    "by": "gerund", "with": "gerund", "without": "gerund", "in": "gerund", "upon": "gerund",
    # the additive synonym of "also"
    "too": "final",
}

_PHRASES: dict[str, list[tuple[str, ...]]] = {}
for _phrase in sorted(CONNECTIVES, key=lambda p: -len(p.split())):
    _PHRASES.setdefault(_phrase.split()[0], []).append(tuple(_phrase.split()))

_SUBJECTS = frozenset(w for w, f in PERSONAL_PRONOUNS.items() if f.case in ("subject", "both")) | {"there"}
#: Words before *if* that make it *whether* (*asked if*), not a condition.
_WHETHER_VERBS = frozenset({
    "ask", "asks", "asked", "asking", "wonder", "wonders", "wondered", "wondering", "know", "knows", "knew",
    "see", "sees", "saw", "check", "checks", "checked", "checking", "doubt", "doubts", "doubted", "unclear",
    "sure", "unsure", "decide", "decides", "decided", "tell", "told", "find", "found", "determine", "whether",
})
#: Words before *while* that make it a noun (*a while*).
_WHILE_NOUN = frozenset({"a", "the", "for", "worth", "little", "short", "long", "this", "that", "some", "awhile"})
#: Words after *however* that make it a degree adverb (*however hard*), not a contrast.
_DEGREE = frozenset({"much", "many", "hard", "long", "often", "far", "little", "few", "good", "bad", "great",
                     "small", "large", "big", "high", "low", "well", "badly", "strong", "fast"})
#: Nouns of time before *after / before*, which are then adverbs (*the day after*).
_TIME_NOUNS = frozenset({"day", "days", "week", "weeks", "month", "months", "year", "years", "hour", "hours",
                         "minute", "minutes", "night", "nights", "moment", "moments", "time", "ever", "long"})
#: Words before *but* that make it *except* (*nothing but*).
_EXCEPT = frozenset({"nothing", "all", "anything", "everything", "none", "anyone", "everyone", "no"})


@dataclass(frozen=True, slots=True)
class ConnectiveHit:
    """A connective found in a sentence: its token span and the connective (the list's spelling)."""

    start: int
    end: int
    connective: str


def find_connectives(words: Sequence[str]) -> list[ConnectiveHit]:
    """The explicit connectives of a tokenized, lowercased sentence (``reader.tokenize``), in order."""
    hits: list[ConnectiveHit] = []
    index = 0
    while index < len(words):
        for phrase in _PHRASES.get(words[index], ()):
            end = index + len(phrase)
            if tuple(words[index:end]) == phrase and _in_use(words, index, end, " ".join(phrase)):
                hits.append(ConnectiveHit(index, end, " ".join(phrase)))
                index = end
                break
        else:
            index += 1
    return hits


def is_connective(phrase: str) -> bool:
    return phrase.lower().strip() in CONNECTIVES


def _clause_start(words: Sequence[str], index: int) -> bool:
    """The word at ``index`` opens a clause: first word, after a clause break, or after *and / but*."""
    if index == 0:
        return True
    previous = words[index - 1]
    return previous in CLAUSE_BREAKS or previous in ("and", "but", "``", "“") or not previous[0].isalnum() \
        and previous not in ("'s", "'")


def opens_clause(words: Sequence[str], start: int, *, span: int = 8) -> bool:
    """A clause (subject and finite verb) or a gerund begins at ``start`` (adverbs skipped)."""
    index = start
    while index < len(words) and is_adverb(words[index]) and words[index] not in ("so", "then", "once"):
        index += 1
    if index >= len(words) or words[index] in CLAUSE_BREAKS:
        return False
    first = words[index]
    if is_gerund(first):
        return True
    if first in _SUBJECTS:
        following = words[index + 1] if index + 1 < len(words) else "."
        return following not in CLAUSE_BREAKS
    if first in AUXILIARIES or first in MODALS:
        return False  # a verb phrase (VP coordination), not a clause
    for position in range(index + 1, min(len(words), index + span)):
        word = words[position]
        if word in CLAUSE_BREAKS or word in ("and", "or", "but", "that", "which", "who"):
            return False
        if word in AUXILIARIES and word not in ("'s", "'d") or word in MODALS:
            return True
        if is_past_form(word) and words[position - 1] not in DETERMINERS:  # not *a tired man*
            return True
    return False


def _subject_follows(words: Sequence[str], end: int) -> bool:
    """A subject-like word follows: a subject pronoun, *there*, a determiner or a capitalised name."""
    if end >= len(words):
        return False
    following = words[end]
    return following in _SUBJECTS or following in DETERMINERS or following[0].isdigit()


def _in_use(words: Sequence[str], start: int, end: int, connective: str) -> bool:
    """Whether the words ``start:end`` are used as the connective ``connective`` here."""
    use = CONNECTIVES[connective]
    previous = words[start - 1] if start else ""
    following = words[end] if end < len(words) else ""
    closing = not following or following in CLAUSE_BREAKS and following != ","
    if connective == "because":
        return following != "of"
    if connective == "however":
        return following not in _DEGREE
    if connective == "instead":
        return following != "of"
    if connective == "if":
        return previous not in _WHETHER_VERBS
    if connective == "when":
        question = start == 0 and words[-1] == "?" and following in AUXILIARIES
        return not question and previous not in ("since",)
    if connective == "while":
        return previous not in _WHILE_NOUN and not closing
    if connective == "then":
        return previous not in ("the", "than", "since", "from", "until", "till", "by")
    if connective == "but" and previous in _EXCEPT:
        return False
    if connective == "as" and previous in ("such", "same", "well", "so"):
        return False
    if connective == "for":
        return previous in (",", ";") and following in _SUBJECTS
    if use == "always":
        return True
    if use == "coordinator":
        if closing:
            return False
        if _clause_start(words, start) and following not in ("so", "on", "forth"):
            return True
        return (_subject_follows(words, end) or is_adverb(following)) and opens_clause(words, end)
    if use == "clause":
        return opens_clause(words, end)
    if use == "temporal":
        return not closing and previous not in _TIME_NOUNS
    if use == "initial":
        return _clause_start(words, start) and not closing and (
            following in (",", ":") or following in _SUBJECTS or following in DETERMINERS
            or opens_clause(words, end))
    if use == "gerund":
        limit = 1 if connective != "with" else 5
        for position in range(end, min(len(words), end + limit)):
            if words[position] in CLAUSE_BREAKS:
                return False
            if is_gerund(words[position]):
                return True
        return False
    if use == "final":
        return (closing or following == ",") and previous not in ("me", "much", "far", "way")
    return False


__all__ = ["CONNECTIVES", "USES", "ConnectiveHit", "find_connectives", "is_connective", "opens_clause"]
