"""English verb-phrase ellipsis: an answer's stranded auxiliary (*I did.*, *No, you won't.*), its
polarity, and the clause whose verb it leaves out (*Do you know him? — I do.*)."""
from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from pytest_mtchallenge.languages.en.inflection import (
    IRREGULAR_PARTICIPLES, IRREGULAR_PAST, IRREGULAR_VERBS, inflect, is_gerund, is_regular_past,
)
from pytest_mtchallenge.languages.en.reader import is_adverb, tokenize
from pytest_mtchallenge.languages.en.words import (
    CLOSED_CLASS, DETERMINERS, NON_AGENTIVE_VERBS, PERSONAL_PRONOUNS, PHRASAL_VERBS, SUBJECT_PRONOUNS,
)

#: What each finite auxiliary or modal is: the family an elided clause shares with its antecedent.
FAMILIES: dict[str, str] = {
    "do": "do", "does": "do", "did": "do",
    "will": "will", "'ll": "will", "shall": "will",
    "would": "would", "'d": "would",
    "have": "have", "has": "have", "had": "have", "'ve": "have",
    "am": "be", "is": "be", "are": "be", "was": "be", "were": "be", "'m": "be", "'re": "be", "'s": "be",
    "can": "can", "could": "can", "should": "should", "must": "must", "may": "may", "might": "may",
    "ought": "should",
}
#: The families whose antecedent may be a clause without an auxiliary (*You know him? — I do.*).
_SIMPLE = "simple"
_COMPATIBLE: dict[str, frozenset[str]] = {"do": frozenset({"do", _SIMPLE, "imperative"}),
                                          "will": frozenset({"will", "going", "imperative"}),
                                          "can": frozenset({"can"}), "may": frozenset({"may"})}
#: Auxiliaries that continue a verb group after its first one, by the first one's family (*would
#: have*, *will be*, *had better*, *has been*); *do* after a modal is the lexical verb (*I will do*).
_MODAL_CHAIN = frozenset({"have", "'ve", "be", "been", "being"})
_CHAINED: dict[str, frozenset[str]] = {
    **{family: _MODAL_CHAIN for family in ("will", "can", "should", "must", "may")},
    "would": _MODAL_CHAIN | {"better", "rather"}, "have": frozenset({"been", "better"}),
    "be": frozenset({"being", "been"}),
}
_NEGATION = frozenset({"n't", "not", "never"})
#: Subjects that make a clause negative (*No one would.*, *Nothing will.*).
_NEGATIVE_SUBJECTS = frozenset({"nobody", "nothing", "none", "neither", "no-one", "noone"})
#: Adverbs before a verb that negate it (*I never did*).
_NEGATIVE_ADVERBS = frozenset({"never"})
#: Adverbs that make a clause nearly negative (*I barely do*): French says it with a negation (*presque
#: pas*) as often as without (*à peine*, *rarement*), so the clause's polarity is left unknown.
_QUASI_NEGATIVE = frozenset({"hardly", "barely", "scarcely", "seldom", "rarely"})
#: Words that close a stranded auxiliary's clause besides punctuation (*I did, but…*, *I will if…*).
_CLAUSE_WORDS = frozenset({"and", "but", "or", "if", "because", "'cause", "cause", "when", "unless", "so", "as",
                           "than", "though", "although", "until", "before", "after", "while", "since", "then",
                           "anyway", "yet"})
#: Adverbs that may follow a stranded auxiliary (*I do too.*, *You will now.*, *She did already.*).
_TRAILING = frozenset({"too", "either", "so", "now", "then", "again", "already", "still", "anyway", "though",
                       "today", "tonight", "tomorrow", "later", "once", "twice", "sometimes", "indeed", "sure",
                       "all", "both", "neither", "ever", "here", "anymore", "yet", "very", "much", "well", "right",
                       "not", "n't"})
_PUNCTUATION_BREAKS = frozenset({".", ",", ";", ":", "!", "?", "…", "-", "—", "–", '"', "(", ")", "[", "]", "♪", "*"})
#: Marks that cut a subtitle off mid-sentence (*wouldn't…*, *would you--*).
_CUT_MARKS = frozenset({"…", "-", "—", "–"})
#: Words after an auxiliary that show *do* is the main verb with its own object (*I did it*, *Do that*).
_OBJECTS = (frozenset(w for w, f in PERSONAL_PRONOUNS.items() if f.case in ("object", "both"))
            | frozenset({"this", "that", "these", "those", "something", "anything", "nothing", "everything",
                         "what", "whatever", "stuff", "things", "thing", "some", "any", "all", "much", "more",
                         "good", "well", "fine", "great", "right", "wrong", "better", "worse", "best", "enough"})
            | frozenset({"a", "an", "the", "my", "your", "his", "her", "its", "our", "their"}))
#: Subjects after an inverted auxiliary besides the pronouns (*Did Paul?*, *So does everyone.*).
_INDEFINITE_SUBJECTS = frozenset({"everyone", "everybody", "someone", "somebody", "anyone", "anybody", "nobody",
                                  "no-one", "nothing", "everything", "something", "anything", "all", "both",
                                  "this", "that", "who", "mine", "yours"})
#: Verbs whose negation means their complement's (*I don't think I have a choice*: no choice).
_NEG_RAISING = frozenset({"think", "believe", "suppose", "expect", "imagine", "reckon", "guess", "figure"})
#: Colloquial contractions that hold a verb and its *to*: (verb, the idiom's English lemma).
_FUSED = {"wanna": "want", "gotta": "have to", "gonna": "going", "hafta": "have to", "needa": "need"}
#: Verbs that, followed by *to*, are modals: the antecedent is the idiom, not the verb after *to*.
_TO_IDIOMS = {"have": "have to", "has": "have to", "had": "have to", "need": "need", "got": "have to",
              "ought": "should", "want": "want", "used": "used to"}
_INANIMATE = frozenset({"it", "that", "this", "there"})
#: Words after *not* that make a negative subject (*Not everybody does.*, *Not one of them will.*).
_NOT_ALL = frozenset({"one", "a", "many", "much", "everyone", "everybody", "everything", "all", "every", "anyone",
                      "anybody"})
_DO_VERB = frozenset({"do", "done", "doing"})
#: Adverbs inside a verb group (*I really do*, *will never*, *did not even*).
_INNER_ADVERBS = frozenset({"ever", "just", "really", "actually", "still", "already", "also", "even", "sure",
                            "probably", "certainly", "definitely", "always", "only", "totally", "absolutely",
                            "truly", "surely", "seriously", "honestly", "obviously", "clearly", "usually"})
#: Words that may end an answer as an address (*I do, sir*, *I will, Mom*).
_VOCATIVES = frozenset({"sir", "ma'am", "madam", "man", "mom", "mum", "dad", "guys", "buddy", "dude", "honey",
                        "baby", "babe", "darling", "sweetie", "son", "kid", "boss", "mate", "pal", "doc"})
#: Words after which an auxiliary opens its clause, its subject after it (*So do I*, *Why would he?*).
_OPENERS = frozenset({"so", "neither", "nor", "then", "why", "how", "what", "where", "when", "who", "whom", "which",
                      "whose", "and", "but", "or", "if", "yes", "no", "yeah", "yep", "nope", "oh", "well", "okay",
                      "ok", "now", "as", "than", "uh", "um", "hey", "really", "because", "'cause", "cause"})
#: Words that make an elided answer whole before suspension points (*Of course I will...*).
_WHOLE_ANSWERS = frozenset({"yes", "yeah", "yep", "no", "nope", "sure", "maybe", "perhaps", "if", "so", "too",
                            "either", "okay", "ok", "neither", "nor", "when", "because", "than", "as"})
_CLOSERS = frozenset({'"', "'", ")", "]", "»", "”", "’"})


@dataclass(frozen=True, slots=True)
class VerbGroup:
    """One clause's verb group: its first word, family, lexical verb (None when elided) and polarity."""

    start: int
    family: str  # the first auxiliary's family, "simple" without one, "going" for going to
    verb: str | None  # the lexical verb as written (folded), None when elided
    lemma: str | None  # its lemma, or an idiom (*have to*, *would like*), when known
    negative: bool
    subject: str  # the word before (or, inverted, after) the auxiliary
    modal: str | None = None  # *better* (had better), *like* (would like), *rather* (would rather)
    cut: bool = False  # elided, and the text stops right after it on a cut mark (*wouldn't…*)
    main_do: bool = False  # *do* with its own object: the verb is *do*, not elided
    to_elided: bool = False  # the verb's infinitive complement is elided (*I want to.*)
    tag: bool = False  # a question tag (*…, don't you?*)
    asserted: bool = True  # False in a question, an *if* clause, an imperative: it claims nothing
    imperative: bool = False  # a bare *Don't!*
    quasi_negative: bool = False  # *barely*, *hardly*, *rarely*: a polarity French may say either way

    @property
    def elided(self) -> bool:
        return self.verb is None


@dataclass(frozen=True, slots=True)
class Ellipsis:
    """An answer's elided verb phrase read with its context.

    ``negative`` is the answer's polarity (None when its elided clauses differ, *No, you wouldn't. —
    Yeah, I would.*); ``antecedent`` the clause whose verb it leaves out, ``previous`` the nearest
    clause before it about the same verb (the antecedent, or an elided echo of it: *No, he does not.*),
    whose polarity the answer keeps or contradicts.
    """

    groups: tuple[VerbGroup, ...]  # the elided groups of the answer
    negative: bool | None
    antecedent: VerbGroup | None = None
    previous: VerbGroup | None = None
    other_verbs: tuple[str, ...] = ()  # lemmas of the answer's other lexical verbs (*I know, but I want to*)

    @property
    def cut(self) -> bool:
        """The answer stops on a cut mark right after its auxiliary: its verb is missing, not elided."""
        return bool(self.groups) and all(group.cut for group in self.groups)

    @property
    def family(self) -> str | None:
        return self.groups[0].family if self.groups else None

    @property
    def modal(self) -> str | None:
        """The answer's own modal idiom (*better* for *You'd better.*)."""
        return next((group.modal for group in self.groups if group.modal), None)

    @property
    def governor(self) -> str | None:
        """The verb whose infinitive is elided (*want* in *I know, but I want to.*), when it is one."""
        return next((group.lemma or group.verb for group in self.groups if group.to_elided), None)

    @property
    def contradicts(self) -> bool | None:
        """Whether the answer reverses the polarity of the clause it answers (*I don't know him. — Yes
        you do.*); None when either polarity is unknown, or the answer claims nothing (a question, an
        *if* clause, an imperative)."""
        if self.negative is None or self.previous is None or not all(group.asserted for group in self.groups):
            return None
        return self.negative != self.previous.negative

    @property
    def inanimate(self) -> bool:
        """Whether the answer's subject is *it*, *that*, *this* or *there*: no agent."""
        return bool(self.groups) and all(group.subject in _INANIMATE for group in self.groups)

    @property
    def agentive(self) -> bool | None:
        """Whether the elided verb phrase is an action someone does (*call*, *help*, *come back*): None
        when its verb is unknown; False for a state, a modal, a perception or an event that happens
        to its subject (*know*, *want*, *have to*, *see*, *die*) and for an inanimate subject."""
        if self.inanimate:
            return False
        lemma = self.antecedent.lemma if self.antecedent is not None else None
        if lemma is None:
            return None
        if self.family == "would" and self.antecedent is not None and self.antecedent.modal in ("like", "rather"):
            return False  # *We'd like to go. — We wouldn't.*: the elided phrase is *like to go*
        return lemma not in NON_AGENTIVE_VERBS


@functools.lru_cache(maxsize=4096)
def _verb_lemmas() -> dict[str, str]:
    """Every form of the verbs the pack knows by name (the non-agentive class, the irregular verbs,
    the verbs of the bilingual renderings) → the lemma."""
    from pytest_mtchallenge.languages.en.words import KNOWN_VERBS

    forms: dict[str, str] = {}
    for lemma in sorted(KNOWN_VERBS | frozenset(IRREGULAR_VERBS), key=len, reverse=True):
        for form in inflect(lemma).all:
            forms.setdefault(form, lemma)
    for lemma in sorted(KNOWN_VERBS | frozenset(IRREGULAR_VERBS)):
        forms[lemma] = lemma
    return forms


def verb_lemma(word: str) -> str | None:
    """The lemma of an English verb form the pack knows (*knew* → *know*), else None."""
    return _verb_lemmas().get(word)


def _is_verb_like(word: str) -> bool:
    """A word that may be a lexical verb: a known verb form, a past or -ing form, or an open-class word."""
    if not word[:1].isalpha() or word in FAMILIES or word in _INNER_ADVERBS or word in _TRAILING:
        return False
    if verb_lemma(word) is not None or word in _FUSED:
        return True
    return word not in CLOSED_CLASS and word not in _INDEFINITE_SUBJECTS and not is_adverb(word)


def _subject_before(words: Sequence[str], index: int) -> str:
    """The word before ``index`` as a subject (after skipping an adverb: *I really do*)."""
    at = index - 1
    while at >= 0 and (is_adverb(words[at]) or words[at] in ("sure", "just", "never", "still", "also", "too")
                       or words[at] in _QUASI_NEGATIVE):
        at -= 1
    return words[at] if at >= 0 else ""


def read_groups(words: Sequence[str], cased: Sequence[str]) -> list[VerbGroup]:
    """Every verb group of a tokenised text (``words`` folded, ``cased`` as written, as
    :func:`pytest_mtchallenge.languages.en.reader.tokenize` gives them)."""
    groups: list[VerbGroup] = []
    taken = -1  # the last index that belongs to a group already read
    subject_ends = -1  # a noun of the subject read before its verb (*you guys knew*)
    for index, word in enumerate(words):
        if index <= taken:
            continue
        before = words[index - 1] if index else ""
        if word in FAMILIES and before != "to":
            group, taken = _auxiliary_group(words, index, cased)
            if group is not None:
                groups.append(group)
            continue
        subject_word = _subject_before(words, index)
        opens = index == 0 or before in _PUNCTUATION_BREAKS or before in ("please", "just", "now", "so", "then",
                                                                          "and", "but", "oh", "well")
        if opens and verb_lemma(word) == word:
            # an imperative (*Get in the car!*, *Call him.*): a base form opening its clause
            groups.append(VerbGroup(index, "imperative", word, _lemma_with_to(words, index), False, "you",
                                    to_elided=_to_elided(words, index)))
            taken = index
            continue
        subject = (subject_word in SUBJECT_PRONOUNS or subject_word in _INDEFINITE_SUBJECTS
                   or subject_word in _NEGATIVE_SUBJECTS or subject_word in ("who", "that")
                   or _is_name(words, cased, index - 1) or subject_ends == index - 1
                   or (index > 1 and words[index - 2] in DETERMINERS and before not in CLOSED_CLASS))
        if not subject or not _is_verb_like(word):
            continue
        if word in _FUSED:  # *I wanna*, *you gotta*, *we gonna*
            group, taken = _fused_group(words, index)
            groups.append(group)
            continue
        following = words[index + 1] if index + 1 < len(words) else ""
        if verb_lemma(word) is None and (verb_lemma(following) is not None or following in FAMILIES):
            subject_ends = index
            continue  # *you guys knew*: a noun of the subject
        if (verb_lemma(word) is not None or is_regular_past(word) or word in IRREGULAR_PAST
                or subject_word in SUBJECT_PRONOUNS and not word.endswith("ly")):
            groups.append(VerbGroup(index, _SIMPLE, word, _lemma_with_to(words, index),
                                    _negative_subject(words, index), subject_word,
                                    to_elided=_to_elided(words, index)))
            taken = index
    return _with_tags(words, _with_complements(words, groups))


def _with_tags(words: Sequence[str], groups: list[VerbGroup]) -> list[VerbGroup]:
    """The groups, question tags marked (*You know him, don't you?*): an elided group with its pronoun
    subject after it, after a comma that follows another group of the sentence."""
    marked = []
    for position, group in enumerate(groups):
        if (group.elided and position and group.start > 0 and words[group.start - 1] == ","
                and group.subject in SUBJECT_PRONOUNS and not any(
                    w in (".", "!", "?") for w in words[groups[position - 1].start:group.start])):
            group = replace(group, tag=True)
        marked.append(group)
    return marked


def _with_complements(words: Sequence[str], groups: list[VerbGroup]) -> list[VerbGroup]:
    """The groups, and a group for each infinitive after *to* that a verb governs (*I want to meet
    him*: *meet*, which a later *You will.* may elide), with its governor's subject and polarity."""
    found: list[VerbGroup] = []
    position = 0
    for index, word in enumerate(words[:-1]):
        while position < len(groups) and groups[position].start < index:
            found.append(groups[position])
            position += 1
        infinitive = words[index + 1]
        lemma = verb_lemma(infinitive)
        if word != "to" or lemma is None or not found or index - found[-1].start > 6:
            continue
        governor = found[-1]
        if any(w in _PUNCTUATION_BREAKS for w in words[governor.start:index]):
            continue
        found.append(VerbGroup(index + 1, "infinitive", infinitive, lemma, governor.negative, governor.subject,
                               modal=governor.modal))  # *would like to see*: would like
    found.extend(groups[position:])
    return found


def _to_elided(words: Sequence[str], index: int) -> bool:
    """Whether the verb at ``index`` ends its clause with a bare *to* (*I want to.*, *I'd love to!*)."""
    at = index + 1
    if words[index] in ("wanna", "gotta"):
        at = index
    elif at < len(words) and words[at] == "to":
        at += 1
    else:
        return False
    return at >= len(words) or words[at] in _PUNCTUATION_BREAKS or words[at] in _CLAUSE_WORDS


def _negative_subject(words: Sequence[str], index: int) -> bool:
    """Whether the clause before the verb at ``index`` makes it negative: a negative subject (*nobody*,
    *no one at the office*, *neither of us*, *not everybody*) or *never*."""
    for at in range(index - 1, max(-1, index - 8), -1):
        word = words[at]
        if word in _PUNCTUATION_BREAKS or word in _CLAUSE_WORDS and word not in ("so",) or word in _OPENERS:
            return False
        if word in _NEGATIVE_SUBJECTS or word in _NEGATIVE_ADVERBS or (
                word in ("one", "body") and at > 0 and words[at - 1] == "no"):
            return True
        if word == "no" and at + 1 < index and words[at + 1][:1].isalpha():
            return True  # *no man would*
        if word == "not" and at + 1 < index and words[at + 1] in _NOT_ALL:
            return True
        if at < index - 1 and word in SUBJECT_PRONOUNS:
            return False
    return False


def _lemma_with_to(words: Sequence[str], index: int) -> str | None:
    """The lemma of the verb at ``index``: its idiom when *to* follows (*have to*, *need to*), a phrasal
    verb when its particle does, up to two words apart (*comes back*, *figure it out*)."""
    word = words[index]
    following = words[index + 1] if index + 1 < len(words) else ""
    if word in _FUSED:
        return _FUSED[word]
    lemma = verb_lemma(word)
    if following == "to" and word in _TO_IDIOMS:
        return _TO_IDIOMS[word]
    if lemma is not None:
        for particle in words[index + 1:index + 4]:
            if f"{lemma} {particle}" in PHRASAL_VERBS:
                return f"{lemma} {particle}"
            if particle in _PUNCTUATION_BREAKS:
                break
    return lemma


def _fused_group(words: Sequence[str], index: int) -> tuple[VerbGroup, int]:
    word = words[index]
    following = index + 1
    if word == "gonna":  # going to + verb: the future; the verb after it is the lexical one
        verb = words[following] if following < len(words) and _is_verb_like(words[following]) else None
        negative = any(w in _NEGATION for w in words[max(0, index - 3):index])
        return VerbGroup(index, "going", verb, verb_lemma(verb) if verb else None, negative,
                         _subject_before(words, index)), following if verb else index
    negative = any(w in _NEGATION for w in words[max(0, index - 3):index])
    return VerbGroup(index, _SIMPLE, word, _FUSED[word], negative, _subject_before(words, index),
                     to_elided=_to_elided(words, index)), index


def _auxiliary_group(words: Sequence[str], index: int, cased: Sequence[str]) -> tuple[VerbGroup | None, int]:
    """The verb group whose first auxiliary stands at ``index``, and its last index."""
    size = len(words)
    first = words[index]
    family = FAMILIES[first]
    subject = _subject_before(words, index)
    negative = _negative_subject(words, index)
    at = index + 1
    modal: str | None = None
    inverted = False

    def skip() -> None:
        nonlocal at, negative
        while at < size and (words[at] in _NEGATION or words[at] in _INNER_ADVERBS or words[at] in _QUASI_NEGATIVE):
            negative = negative or words[at] in _NEGATION
            at += 1

    skip()
    if index > 0 and words[index - 1] in ("so", "neither", "nor") and family not in ("have", "be"):
        # *So does his sister.*, *Neither will the others*: the whole subject after the auxiliary
        end = at
        while end < size and words[end] not in _PUNCTUATION_BREAKS and words[end] not in _CLAUSE_WORDS:
            end += 1
        if end - at <= 4:
            return (VerbGroup(index, family, None, None, negative or words[index - 1] != "so",
                              " ".join(words[at:end]) or subject, asserted=_asserted(words, index, end)), end - 1)
    # inversion: the subject after the auxiliary (*Do you?*, *So would I.*, *Why wouldn't he?*)
    opens = index == 0 or words[index - 1] in _PUNCTUATION_BREAKS or words[index - 1] in _OPENERS
    if opens and at < size and (words[at] in SUBJECT_PRONOUNS or words[at] in _INDEFINITE_SUBJECTS
                                or _is_name(words, cased, at)) and words[at] not in ("that", "this", "all", "both"):
        following = words[at + 1] if at + 1 < size else ""
        if (following == "" or following in _NEGATION or following in _PUNCTUATION_BREAKS or following in _DO_VERB
                or following in _CHAINED.get(family, ()) or following in _TRAILING or following in _CLAUSE_WORDS
                or following in _INNER_ADVERBS or following in _QUASI_NEGATIVE or _is_verb_like(following)):
            subject = words[at]
            negative = negative or (index > 0 and words[index - 1] in ("neither", "nor"))
            inverted = True
            at += 1
            skip()
    # the rest of the chain: *would have*, *will be*, *'d better*
    chained = False
    while at < size and words[at] in _CHAINED.get(family, ()):
        word = words[at]
        if word in ("better", "rather"):
            modal = word
        chained = True
        at += 1
        skip()
    word = words[at] if at < size else ""
    following = words[at + 1] if at + 1 < size else ""
    if word in _DO_VERB:  # *What did you do?*, *I will do*: do is the lexical verb
        return VerbGroup(index, family, word, "do", negative, subject, modal, main_do=True), at
    if family == "do" and not chained and word in _OBJECTS and modal is None and not _degree(words, at):
        return VerbGroup(index, family, first, "do", negative, subject, main_do=True), index  # *I did it.*
    if family == "have" and not chained and modal is None and word == "got":
        lemma = "have to" if following == "to" else "have"
        return VerbGroup(index, _SIMPLE, word, lemma, negative, subject), at
    if family == "be" and word in ("going", "gonna") and (following == "to" or word == "gonna"):
        verb_at = at + (2 if word == "going" else 1)
        verb = words[verb_at] if verb_at < size and _is_verb_like(words[verb_at]) else None
        return VerbGroup(index, "going", verb, _lemma_with_to(words, verb_at) if verb else None, negative,
                         subject), verb_at if verb else at
    lexical = word and (_is_verb_like(word) or word in ("have", "be") and family not in ("have", "be")) and (
        word not in _TRAILING and word not in _CLAUSE_WORDS)
    if lexical and family == "have" and not chained and not _is_participle(word):
        lexical = False  # *I have a dog*: have is the verb, read below
    if lexical and family == "be" and not (is_gerund(word) or _is_participle(word)):
        lexical = False  # *I am tall*: be is the verb
    if lexical:
        if word in ("like", "love") and first in ("would", "'d") and not chained:
            modal = "like"
        return VerbGroup(index, family, word, _lemma_with_to(words, at), negative, subject, modal,
                         to_elided=_to_elided(words, at)), at
    # no lexical verb: elided, when nothing but trailing adverbs comes before the clause ends
    end = at
    while end < size and (words[end] in _TRAILING or _degree(words, end)):
        negative = negative or words[end] in _NEGATION
        end += 2 if words[end] == "a" else 1
    closed = (end >= size or words[end] in _PUNCTUATION_BREAKS or words[end] in _CLAUSE_WORDS
              or _is_name(words, cased, end) or words[end] in _VOCATIVES)
    if not closed:
        if family in ("have", "be") and not chained:  # *I have a dog*, *She is tall*: the verb itself
            lemma = _lemma_with_to(words, index) if family == "have" else "be"
            return VerbGroup(index, _SIMPLE if family == "have" else "be", first, lemma, negative, subject), index
        return None, index
    imperative = family == "do" and not inverted and (index == 0 or words[index - 1] in _PUNCTUATION_BREAKS
                                                      or words[index - 1] in _OPENERS)
    quasi = any(word in _QUASI_NEGATIVE for word in words[max(0, index - 3):end])
    return (VerbGroup(index, family, None, None, negative, subject, modal, cut=_cut(words, index, end),
                      asserted=_asserted(words, index, end) and not imperative, imperative=imperative,
                      quasi_negative=quasi),
            max(at - 1, index))


def _asserted(words: Sequence[str], index: int, end: int) -> bool:
    """Whether the elided clause from ``index`` to ``end`` claims something: not a question (*Do you?*),
    not under *if*, *unless*, *whether*, *as if* (*What if I do?*), not an imperative (*Don't!*)."""
    if "?" in words[end:end + 3]:
        return False
    start = index
    while start > 0 and words[start - 1] not in _PUNCTUATION_BREAKS:
        start -= 1
    return not any(word in ("if", "unless", "whether", "when", "whenever") for word in words[start:index])


def _cut(words: Sequence[str], index: int, end: int) -> bool:
    """Whether the text stops on a cut mark right after the elided group from ``index`` to ``end``: a
    dash (*would you--*), or suspension points (*wouldn't…*) unless an answer word makes the clause
    whole (*Of course I will...*, *Yes, I do...*, *if it does...*) and no adverb is left hanging
    (*She would never...*)."""
    rest = words[end:]
    if not rest or not all(w in _CUT_MARKS or w in _CLOSERS or w in (".", "?", "!") for w in rest):
        return False
    if rest[0] in _CUT_MARKS and rest[0] != "…":
        return True  # a dash
    if rest[0] != "…" and tuple(rest[:3]) != (".", ".", "."):
        return False
    hanging = words[end - 1] in ("never", "even", "really", "just", "ever", "not", "actually", "also", "still",
                                 "definitely", "certainly", "probably", "surely", "always")
    start = index
    while start > 0 and words[start - 1] not in (".", "!", "?", "-", "—"):
        start -= 1
    whole = any(w in _WHOLE_ANSWERS for w in words[start:index]) or (
        "course" in words[start:index] and "of" in words[start:index])
    return hanging or not whole


def _degree(words: Sequence[str], index: int) -> bool:
    """Whether *a little*, *a bit*, *a lot* stands at ``index`` as an adverb (not *a lot of*)."""
    return (words[index] == "a" and tuple(words[index + 1:index + 2]) in (("little",), ("bit",), ("lot",))
            and tuple(words[index + 2:index + 3]) != ("of",))


def _is_participle(word: str) -> bool:
    return word in IRREGULAR_PARTICIPLES or is_regular_past(word) or word == "been"


def _is_name(words: Sequence[str], cased: Sequence[str], index: int) -> bool:
    """A capitalised word inside the sentence that is no closed-class word: a name (*Did Paul?*)."""
    if not 0 <= index < len(cased) or not cased[index][:1].isupper() or words[index] in CLOSED_CLASS:
        return False
    if index == 0 or words[index - 1] in (".", "!", "?", '"', "-"):  # a capital that opens a sentence
        return verb_lemma(words[index]) is None and words[index] not in _OPENERS and not is_adverb(words[index])
    return True


def _neg_raised(groups: list[VerbGroup], words: Sequence[str]) -> list[VerbGroup]:
    """Groups under a negated *think*, *believe*… read as negative (*I don't think I have a choice*)."""
    raised: list[VerbGroup] = []
    for position, group in enumerate(groups):
        if position and not group.negative:
            governor = groups[position - 1]
            between = words[governor.start:group.start]
            if (governor.negative and governor.lemma in _NEG_RAISING
                    and not any(w in _PUNCTUATION_BREAKS for w in between)):
                group = replace(group, negative=True)
        raised.append(group)
    return raised


@functools.lru_cache(maxsize=16384)
def _read(text: str) -> tuple[tuple[str, ...], tuple[VerbGroup, ...]]:
    words, cased = tokenize(text)
    return words, tuple(read_groups(words, cased))


@functools.lru_cache(maxsize=16384)
def _read_context(text: str) -> tuple[VerbGroup, ...]:
    """The verb groups of a context sentence, a negated *think*'s complement read as negative."""
    words, groups = _read(text)
    return tuple(_neg_raised(list(groups), words))


def read_ellipsis(source: str, context: Sequence[str] = (), *, renderings: Collection[str] = ()) -> Ellipsis:
    """The answer ``source``'s elided verb phrase, read with the English ``context`` before it.

    ``renderings`` are English verbs that the expected French verb translates: a clause with one of
    them is the antecedent wherever it stands (within the context); otherwise the nearest clause of
    the same family (*do* and a verb without auxiliary, *will*, *would*…) with a verb of its own,
    then the nearest clause with a verb.
    """
    return _read_ellipsis(source, tuple(context), frozenset(renderings))


@functools.lru_cache(maxsize=16384)
def _read_ellipsis(source: str, context: tuple[str, ...], renderings: frozenset[str]) -> Ellipsis:
    words, groups = _read(source)
    elided = [group for group in groups if group.elided and not group.tag]
    if not elided and any(group.main_do for group in groups):  # *You do a lot of traveling, don't you?*
        main = [group for group in groups if group.main_do]
        return Ellipsis(groups=tuple(main), negative=_polarity(main), other_verbs=_lemmas(groups, ()))
    elided = elided or [group for group in groups if group.elided or group.to_elided]
    elided = [group for group in elided if not group.cut] or elided  # *I did, only it didn't...*
    if not elided:
        main = [group for group in groups if group.main_do]
        return Ellipsis(groups=tuple(main), negative=_polarity(main), other_verbs=_lemmas(groups, ()))
    first = elided[0]
    family = first.family
    compatible = _COMPATIBLE.get(family, frozenset({family}))
    raised = _neg_raised(list(groups), words)
    before = tuple(group for group in raised if group.start < first.start)
    forms = _forms(renderings)
    echo: tuple[int, VerbGroup] | None = None  # the nearest elided clause of the same family
    compatible_group: tuple[int, VerbGroup] | None = None  # the nearest of the same family (*do*: or none)
    nearest: tuple[int, VerbGroup] | None = None
    found: tuple[int, VerbGroup] | None = None  # the nearest with a verb that renders the expected one
    distance = 0
    for position in range(len(context) + 1):
        if position == 0:
            segment = before
        else:
            sentence = context[-position]
            if compatible_group is not None and not forms & _rough_words(sentence):
                continue  # only a verb that renders the expected one can change the choice now
            segment = _read_context(sentence)
        governors = _governors(segment)
        for group in reversed(segment):
            distance += 1
            if group.elided or group.to_elided:
                if echo is None and group.family in compatible and not group.tag:
                    echo = (distance, group)
                continue
            if group.main_do or group in governors:
                continue
            if group.lemma in renderings:
                found = (distance, group)
                break
            if compatible_group is None and group.family in compatible:
                compatible_group = (distance, group)
            if nearest is None:
                nearest = (distance, group)
        if found is not None:
            break
    chosen = found or compatible_group or nearest
    antecedent = chosen[1] if chosen else None
    previous = echo[1] if echo is not None and (chosen is None or echo[0] < chosen[0]) else antecedent
    return Ellipsis(groups=tuple(elided), negative=_polarity(elided), antecedent=antecedent, previous=previous,
                    other_verbs=_lemmas(groups, elided))


@functools.lru_cache(maxsize=4096)
def context_verbs(context: tuple[str, ...]) -> tuple[str, ...]:
    """The lemmas of the verbs of the context sentences, nearest first."""
    return tuple(dict.fromkeys(group.lemma for sentence in reversed(context)
                               for group in reversed(_read_context(sentence)) if group.lemma))


@functools.lru_cache(maxsize=1024)
def _forms(renderings: frozenset[str]) -> frozenset[str]:
    """Every form of the verbs (the first word of an idiom or phrasal verb: *have to*, *come back*)."""
    return frozenset(form for verb in renderings for form in inflect(verb.split(" ")[0]).all)


_ROUGH_WORD = re.compile(r"[a-z]+")


def _rough_words(sentence: str) -> frozenset[str]:
    """The lowercase letter runs of a sentence: enough to tell whether a verb form may be in it."""
    return frozenset(_ROUGH_WORD.findall(sentence.lower()))


def _governors(segment: Sequence[VerbGroup]) -> frozenset[VerbGroup]:
    """The *think*, *believe*… whose complement clause follows them: the answer echoes the complement
    (*I thought you wanted to come. — I did.*), not the opinion."""
    return frozenset(group for group, following in itertools.pairwise(segment)
                     if group.lemma in _NEG_RAISING and following.start - group.start <= 4)


def _polarity(groups: Sequence[VerbGroup]) -> bool | None:
    """The polarity the groups share; None when they differ, or for a bare *Don't!*, whose polarity
    French renders as often by a positive verb (*Arrête !*)."""
    if any(group.imperative or group.quasi_negative for group in groups):
        return None
    values = {group.negative for group in groups}
    return values.pop() if len(values) == 1 else None


def _lemmas(groups: Sequence[VerbGroup], elided: Sequence[VerbGroup]) -> tuple[str, ...]:
    found = []
    skipped = frozenset(elided)  # a set: one lookup per group, not a scan of the list
    for group in groups:
        if group in skipped:
            continue
        if group.lemma:
            found.append(group.lemma)
        if group.family == "be" and group.elided is False and group.verb is not None:
            found.append("be")
    return tuple(dict.fromkeys(found))


__all__ = ["Ellipsis", "VerbGroup", "context_verbs", "read_ellipsis", "read_groups", "verb_lemma"]
