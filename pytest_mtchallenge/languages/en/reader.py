"""Reading English outputs for the ``en_*`` families: tokens, closed-class words, verb forms and verb groups."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from pytest_mtchallenge.checkers import reject_unknown
from pytest_mtchallenge.normalise import normalise_text

# --- closed classes -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PronounForm:
    """A personal or reflexive pronoun: person 1–3, number s/p (None: either), gender m/f/n, case."""

    person: int
    number: str | None
    gender: str | None
    case: str  # "subject", "object", "both", "reflexive"

    def describe(self) -> str:
        person = {1: "1st person", 2: "2nd person", 3: "3rd person"}[self.person]
        gender = {"m": "masculine", "f": "feminine", "n": "neuter"}.get(self.gender or "", "")
        number = {"s": "singular", "p": "plural"}.get(self.number or "", "")
        return " ".join(part for part in (person, gender, number) if part)


PERSONAL_PRONOUNS: Mapping[str, PronounForm] = {
    "i": PronounForm(1, "s", None, "subject"), "me": PronounForm(1, "s", None, "object"),
    "you": PronounForm(2, None, None, "both"), "thee": PronounForm(2, "s", None, "object"),
    "he": PronounForm(3, "s", "m", "subject"), "him": PronounForm(3, "s", "m", "object"),
    "she": PronounForm(3, "s", "f", "subject"), "her": PronounForm(3, "s", "f", "object"),
    "it": PronounForm(3, "s", "n", "both"), "one": PronounForm(3, "s", None, "both"),
    "we": PronounForm(1, "p", None, "subject"), "us": PronounForm(1, "p", None, "object"),
    "they": PronounForm(3, "p", None, "subject"), "them": PronounForm(3, "p", None, "object"),
}
REFLEXIVE_PRONOUNS: Mapping[str, PronounForm] = {
    "myself": PronounForm(1, "s", None, "reflexive"), "yourself": PronounForm(2, "s", None, "reflexive"),
    "himself": PronounForm(3, "s", "m", "reflexive"), "herself": PronounForm(3, "s", "f", "reflexive"),
    "itself": PronounForm(3, "s", "n", "reflexive"), "oneself": PronounForm(3, "s", None, "reflexive"),
    "themself": PronounForm(3, "s", None, "reflexive"), "ourselves": PronounForm(1, "p", None, "reflexive"),
    "yourselves": PronounForm(2, "p", None, "reflexive"), "themselves": PronounForm(3, "p", None, "reflexive"),
    # non-standard forms that outputs may contain
    "hisself": PronounForm(3, "s", "m", "reflexive"), "theirselves": PronounForm(3, "p", None, "reflexive"),
}
POSSESSIVE_DETERMINERS = frozenset({"my", "your", "his", "her", "its", "our", "their", "one's", "thy"})
POSSESSIVE_PRONOUNS = frozenset({"mine", "yours", "his", "hers", "ours", "theirs"})
ARTICLES = frozenset({"a", "an", "the"})
DEMONSTRATIVES = frozenset({"this", "that", "these", "those"})
QUANTIFIERS = frozenset({"some", "any", "no", "every", "each", "all", "both", "many", "much", "several",
                         "few", "little", "another", "other", "such", "enough", "more", "most"})
DETERMINERS = ARTICLES | DEMONSTRATIVES | POSSESSIVE_DETERMINERS | QUANTIFIERS
PREPOSITIONS = frozenset({
    "about", "above", "across", "after", "against", "along", "among", "around", "as", "at", "before", "behind",
    "below", "beneath", "beside", "besides", "between", "beyond", "by", "despite", "down", "during", "except",
    "for", "from", "in", "inside", "into", "like", "near", "of", "off", "on", "onto", "out", "outside", "over",
    "past", "per", "since", "than", "through", "throughout", "till", "to", "toward", "towards", "under",
    "underneath", "until", "unto", "up", "upon", "via", "with", "within", "without",
})
CONJUNCTIONS = frozenset({"and", "or", "but", "nor", "so", "yet", "because", "although", "though", "while",
                          "whereas", "if", "unless", "when", "once", "whether", "that", "which", "who"})
NEGATION = frozenset({"not", "n't", "never"})
BE_FORMS: Mapping[str, str] = {"am": "present", "is": "present", "are": "present", "'m": "present",
                               "'re": "present", "was": "past", "were": "past", "be": "base",
                               "been": "participle", "being": "gerund"}
HAVE_FORMS: Mapping[str, str] = {"have": "plain", "has": "present", "'ve": "plain", "had": "past",
                                 "having": "gerund"}
DO_FORMS: Mapping[str, str] = {"do": "plain", "does": "present", "did": "past"}
MODALS: Mapping[str, str] = {"will": "future", "'ll": "future", "shall": "future", "wo": "future",
                             "would": "conditional", "should": "should", "must": "modal", "may": "modal",
                             "might": "modal", "can": "modal", "could": "modal", "ought": "modal",
                             "ca": "modal", "sha": "future"}
AUXILIARIES = frozenset(BE_FORMS) | frozenset(HAVE_FORMS) | frozenset(DO_FORMS) | frozenset(MODALS) | {"'s", "'d"}
# Adverbs that sit inside a verb group or between a verb and its complement.
ADVERBS = frozenset({
    "not", "n't", "never", "also", "always", "already", "still", "just", "even", "ever", "often", "soon",
    "then", "now", "really", "very", "much", "so", "too", "quite", "rather", "almost", "again", "once",
    "finally", "eventually", "ultimately", "well", "indeed", "perhaps", "maybe", "probably", "certainly",
    "sometimes", "usually", "simply", "only", "actually", "truly", "greatly", "dearly", "terribly", "sorely",
    "badly", "awfully", "enormously", "immensely", "easily", "readily", "quickly", "suddenly", "straight",
    "right", "all",
})
_NOT_ADVERBS_IN_LY = frozenset({"family", "reply", "supply", "apply", "rely", "fly", "ally", "belly", "bully",
                                "jelly", "lily", "holy", "italy", "july", "only", "early", "ugly", "silly",
                                "lonely", "lovely", "friendly", "likely", "daily", "weekly", "monthly",
                                "yearly", "elderly", "comply", "multiply", "imply", "emily", "sally", "molly",
                                "billy", "polly", "dolly", "kelly", "tally", "rally", "folly"})
CLAUSE_BREAKS = frozenset({".", ",", ";", ":", "!", "?", "(", ")", '"'})


def is_adverb(word: str) -> bool:
    """Closed-list adverbs and -ly adverbs (not *family, reply, only*…)."""
    return word in ADVERBS or (len(word) > 4 and word.endswith("ly") and word not in _NOT_ADVERBS_IN_LY)


# --- verb inflection ------------------------------------------------------------------------------

# lemma, past, past participle ("/" separates variants); prefixed verbs (under-, over-, with-, for(e)-,
# mis-, re-, un-, out-, be-) are inflected like their stem.
_IRREGULAR_TABLE = """
arise arose arisen; awake awoke awoken; be was/were been; bear bore borne/born; beat beat beaten/beat;
become became become; begin began begun; bend bent bent; bet bet bet; bind bound bound; bite bit bitten;
bleed bled bled; blow blew blown; break broke broken; breed bred bred; bring brought brought;
build built built; burn burnt/burned burnt/burned; burst burst burst; buy bought bought; catch caught caught;
choose chose chosen; cling clung clung; come came come; cost cost cost; creep crept crept; cut cut cut;
deal dealt dealt; dig dug dug; do did done; draw drew drawn; dream dreamt/dreamed dreamt/dreamed;
drink drank drunk; drive drove driven; dwell dwelt dwelt; eat ate eaten; fall fell fallen; feed fed fed;
feel felt felt; fight fought fought; find found found; flee fled fled; fling flung flung; fly flew flown;
forbid forbade forbidden; forget forgot forgotten; forgive forgave forgiven; freeze froze frozen;
get got got/gotten; give gave given; go went gone; grind ground ground; grow grew grown; hang hung/hanged hung/hanged;
have had had; hear heard heard; hide hid hidden; hit hit hit; hold held held; hurt hurt hurt; keep kept kept;
kneel knelt knelt; know knew known; lay laid laid; lead led led; lean leant/leaned leant/leaned;
leap leapt/leaped leapt/leaped; learn learnt/learned learnt/learned; leave left left; lend lent lent;
let let let; lie lay/lied lain/lied; light lit/lighted lit/lighted; lose lost lost; make made made; mean meant meant; meet met met;
pay paid paid; prove proved proven/proved; put put put; quit quit quit; read read read; ride rode ridden;
ring rang rung; rise rose risen; run ran run; say said said; see saw seen; seek sought sought;
sell sold sold; send sent sent; set set set; sew sewed sewn; shake shook shaken; shed shed shed;
shine shone shone; shoot shot shot; show showed shown/showed; shrink shrank shrunk; shut shut shut;
sing sang sung; sink sank/sunk sunk; sit sat sat; sleep slept slept; slide slid slid; sling slung slung;
slit slit slit; smell smelt/smelled smelt/smelled; speak spoke spoken; speed sped sped;
spell spelt/spelled spelt/spelled; spend spent spent; spill spilt/spilled spilt/spilled; spin spun spun;
spit spat spat; split split split; spoil spoilt/spoiled spoilt/spoiled; spread spread spread;
spring sprang sprung; stand stood stood; steal stole stolen; stick stuck stuck; sting stung stung;
stink stank stunk; stride strode stridden; strike struck struck; string strung strung; strive strove striven;
swear swore sworn; sweep swept swept; swell swelled swollen; swim swam swum; swing swung swung;
take took taken; teach taught taught; tear tore torn; tell told told; think thought thought;
throw threw thrown; thrust thrust thrust; tread trod trodden; wake woke woken; wear wore worn;
weave wove woven; wed wed wed; weep wept wept; win won won; wind wound wound; wring wrung wrung;
write wrote written
"""
_PREFIXES = ("under", "over", "with", "fore", "for", "mis", "re", "un", "out", "be", "up")


@dataclass(frozen=True, slots=True)
class VerbForms:
    """The inflected forms of one English verb."""

    lemma: str
    base: str
    third: str
    past: frozenset[str]
    participle: frozenset[str]
    gerund: frozenset[str]

    def kinds(self, word: str) -> frozenset[str]:
        """Which forms ``word`` is: base, third, past, participle, gerund."""
        kinds = {kind for kind, forms in (("base", {self.base}), ("third", {self.third}), ("past", self.past),
                                          ("participle", self.participle), ("gerund", self.gerund))
                 if word in forms}
        return frozenset(kinds)


def _parse_irregular() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    table: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for entry in _IRREGULAR_TABLE.replace("\n", " ").split(";"):
        parts = entry.split()
        if len(parts) == 3:
            table[parts[0]] = (tuple(parts[1].split("/")), tuple(parts[2].split("/")))
    return table


IRREGULAR_VERBS = _parse_irregular()
IRREGULAR_PAST = frozenset(p for past, _ in IRREGULAR_VERBS.values() for p in past)
IRREGULAR_PARTICIPLES = frozenset(p for _, participle in IRREGULAR_VERBS.values() for p in participle)
_VOWELS = "aeiou"


def _irregular(lemma: str) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    if lemma in IRREGULAR_VERBS:
        return "", *IRREGULAR_VERBS[lemma]
    for prefix in _PREFIXES:
        stem = lemma[len(prefix):]
        if lemma.startswith(prefix) and stem in IRREGULAR_VERBS and len(stem) > 2:
            past, participle = IRREGULAR_VERBS[stem]
            return prefix, past, participle
    return None


def _doubles(lemma: str) -> bool:
    """Whether the final consonant may double (stop → stopped, plan → planned, refer → referred)."""
    return (len(lemma) >= 3 and lemma[-1] not in _VOWELS + "wxy" and lemma[-2] in _VOWELS
            and lemma[-3] not in _VOWELS)


@lru_cache(maxsize=2048)
def inflect(lemma: str) -> VerbForms:
    """The forms of an English verb (one word): regular rules and the table of irregular verbs.

    Where the spelling rule is uncertain (doubling a final consonant in *visit / refer*), both
    spellings are produced: recognising a misspelling does no harm to a checker.
    """
    lemma = lemma.lower()
    if lemma == "be":
        return VerbForms("be", "be", "is", frozenset({"was", "were"}), frozenset({"been"}), frozenset({"being"}))
    if lemma == "have":
        return VerbForms("have", "have", "has", frozenset({"had"}), frozenset({"had"}), frozenset({"having"}))
    if lemma.endswith(("s", "x", "z", "ch", "sh")) or (lemma.endswith("o") and not lemma.endswith("oo")):
        third = lemma + "es"
    elif lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in _VOWELS:
        third = lemma[:-1] + "ies"
    else:
        third = lemma + "s"
    if lemma.endswith("ie"):
        gerunds = {lemma[:-2] + "ying"}
    elif lemma.endswith("e") and not lemma.endswith(("ee", "ye", "oe")) and len(lemma) > 2:
        gerunds = {lemma[:-1] + "ing"}
    else:
        gerunds = {lemma + "ing"}
    if lemma.endswith("e"):
        regular = {lemma + "d"}
    elif lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in _VOWELS:
        regular = {lemma[:-1] + "ied"}
    else:
        regular = {lemma + "ed"}
    if _doubles(lemma):
        regular.add(lemma + lemma[-1] + "ed")
        gerunds.add(lemma + lemma[-1] + "ing")
    if lemma.endswith("c"):
        regular.add(lemma + "ked")
        gerunds.add(lemma + "king")
    irregular = _irregular(lemma)
    if irregular is not None:
        prefix, past, participle = irregular
        return VerbForms(lemma, lemma, third, frozenset(prefix + p for p in past),
                         frozenset(prefix + p for p in participle), frozenset(gerunds))
    return VerbForms(lemma, lemma, third, frozenset(regular), frozenset(regular), frozenset(gerunds))


_NOT_PAST_IN_ED = frozenset({"shed", "wed", "bed", "embed", "shred", "red", "bred", "fed", "led", "sped",
                             "fled", "bled", "need", "feed", "bleed", "breed", "speed", "proceed", "succeed",
                             "exceed", "seed", "heed", "weed", "steed", "greed", "deed", "reed", "indeed",
                             "hundred", "sacred", "naked", "wicked", "ragged", "rugged", "jagged", "kindred",
                             "ted", "ned", "fred", "ed", "sled"})
_PAST_IN_EED = frozenset({"agreed", "freed", "decreed", "guaranteed", "refereed", "disagreed", "peed"})


def is_regular_past(word: str) -> bool:
    """A regular past or participle in -ed (not *need, proceed, hundred…*)."""
    if word in _PAST_IN_EED:
        return True
    return len(word) > 3 and word.endswith("ed") and not word.endswith("eed") and word not in _NOT_PAST_IN_ED


def is_past_form(word: str) -> bool:
    return word in IRREGULAR_PAST or is_regular_past(word) or word in ("was", "were", "had", "did")


def is_participle(word: str) -> bool:
    return word in IRREGULAR_PARTICIPLES or is_regular_past(word) or word == "been"


def is_gerund(word: str) -> bool:
    return len(word) > 4 and word.endswith("ing") and word not in {"thing", "nothing", "something", "anything",
                                                                    "everything", "morning", "evening",
                                                                    "ceiling", "king", "ring", "spring",
                                                                    "string", "wing", "sing", "bring", "sting"}


# --- sentences ------------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*'?|\d+(?:[.,]\d+)*|[^\w\s]", re.UNICODE)
_CONTRACTION = re.compile(r"^(.+?)('s|'re|'ve|'ll|'d|'m|n't|')$")
_NEGATED = {"ca": "can", "wo": "will", "sha": "shall", "ai": "ai"}


def tokenize(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Lowercased tokens and the same tokens with their case, contractions split off.

    *didn't* → *did n't*, *I've* → *i 've*, *brother's* → *brother 's*, *brothers'* → *brothers '*;
    *can't* / *won't* → *can n't* / *will n't*; *cannot* → *can not*. Punctuation marks are tokens.
    """
    cased: list[str] = []
    for token in _WORD.findall(normalise_text(text)):
        if token.lower() == "cannot":
            cased.extend([token[:3], token[3:]])
            continue
        match = _CONTRACTION.match(token) if "'" in token else None
        if match and match.group(1).isalpha():
            stem, clitic = match.group(1), match.group(2)
            if clitic == "n't":
                stem = _NEGATED.get(stem.lower(), stem)
            cased.extend([stem, clitic])
        else:
            cased.append(token)
    return tuple(t.lower() for t in cased), tuple(cased)


@dataclass(frozen=True, slots=True)
class VerbHit:
    """A form of one of the searched verbs: where it is, its lemma and which forms it can be."""

    index: int
    end: int  # one past the last token (a particle of a phrasal verb included)
    lemma: str
    kinds: frozenset[str]
    particle: int | None = None  # index of the particle of a phrasal verb


class Sentence:
    """One English output: its tokens, and searches over them."""

    def __init__(self, text: str) -> None:
        self.words, self.cased = tokenize(text)

    def __len__(self) -> int:
        return len(self.words)

    @property
    def is_empty(self) -> bool:
        return not any(word[0].isalnum() for word in self.words)

    def text(self, start: int, end: int) -> str:
        return join_words(self.cased[max(0, start):end])

    def find(self, phrase: Sequence[str], start: int = 0, end: int | None = None) -> list[int]:
        """Start indexes of a token sequence (already lowercased and tokenized)."""
        size = len(phrase)
        stop = len(self.words) if end is None else min(end, len(self.words))
        return [i for i in range(start, stop - size + 1) if tuple(self.words[i:i + size]) == tuple(phrase)]

    def find_phrase(self, phrase: str, start: int = 0) -> list[tuple[int, int]]:
        """(start, end) of every occurrence of an English phrase given as text."""
        tokens = tokenize(phrase)[0]
        return [(i, i + len(tokens)) for i in self.find(tokens, start)] if tokens else []

    def verb_hits(self, lemmas: Iterable[str], *, particle_gap: int = 4) -> list[VerbHit]:
        """Every form of the given verbs; a phrasal verb (*blow up*) may have its object before the particle."""
        hits: list[VerbHit] = []
        for lemma in lemmas:
            words = lemma.lower().split()
            forms = inflect(words[0])
            rest = tuple(words[1:])
            for index, word in enumerate(self.words):
                kinds = forms.kinds(word)
                if not kinds:
                    continue
                if not rest:
                    hits.append(VerbHit(index, index + 1, lemma, kinds))
                    continue
                for gap in range(particle_gap + 1):
                    at = index + 1 + gap
                    if tuple(self.words[at:at + len(rest)]) == rest:
                        if gap and any(w in CLAUSE_BREAKS for w in self.words[index + 1:at]):
                            break
                        hits.append(VerbHit(index, at + len(rest) if gap == 0 else index + 1, lemma, kinds, at))
                        break
        return sorted(hits, key=lambda hit: (hit.index, -len(hit.lemma)))

    def skip_adverbs(self, index: int) -> int:
        while index < len(self.words) and is_adverb(self.words[index]):
            index += 1
        return index

    def skip_adverbs_back(self, index: int) -> int:
        while index >= 0 and is_adverb(self.words[index]):
            index -= 1
        return index

    def clause_end(self, index: int) -> int:
        """The first clause break (punctuation) at or after ``index``."""
        while index < len(self.words) and self.words[index] not in CLAUSE_BREAKS:
            index += 1
        return index


def join_words(words: Sequence[str]) -> str:
    """Tokens shown as text: contractions and possessives attached (*didn't*, *brother's*), punctuation too."""
    text = ""
    for word in words:
        attached = word.startswith("'") or word.lower() == "n't" or (word[:1] in ".,;:!?)" and len(word) == 1)
        if text and not attached:
            text += " "
        text += word
    return text


# --- subjects and verb groups ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NounPhrase:
    """A subject read at the start of a clause: its tokens and whether it is 3rd person singular."""

    start: int
    end: int
    text: str
    third_singular: bool | None  # None: a form that does not show it (you)
    pronoun: PronounForm | None = None


def subject_at(sentence: Sentence, index: int) -> NounPhrase | None:
    """The subject starting at ``index``: a personal pronoun, a name, or [determiner] words up to the verb."""
    words = sentence.words
    if index >= len(words):
        return None
    word = words[index]
    if word in PERSONAL_PRONOUNS and PERSONAL_PRONOUNS[word].case in ("subject", "both"):
        form = PERSONAL_PRONOUNS[word]
        singular = None if word == "you" else (form.person == 3 and form.number == "s")
        return NounPhrase(index, index + 1, sentence.text(index, index + 1), singular, form)
    if word in DEMONSTRATIVES and index + 1 < len(words) and _starts_verb_group(words[index + 1]):
        return NounPhrase(index, index + 1, sentence.text(index, index + 1), word in ("this", "that"))
    if word in DETERMINERS or sentence.cased[index][:1].isupper() or word[0].isalpha():
        end = index + 1
        if word in AUXILIARIES or word in PREPOSITIONS or word in CLAUSE_BREAKS:
            return None
        while end < len(words) and end - index < 5 and words[end][0].isalpha() and \
                not _starts_verb_group(words[end]) and words[end] not in PREPOSITIONS | CONJUNCTIONS:
            end += 1
        if end >= len(words) or not _starts_verb_group(words[end]):
            return None
        head = words[end - 1]
        plural = (head.endswith("s") and not head.endswith("ss") and not sentence.cased[end - 1][:1].isupper()
                  and end - 1 > index) or words[index] in ("these", "those", "both", "several", "many")
        return NounPhrase(index, end, sentence.text(index, end), not plural)
    return None


def _starts_verb_group(word: str) -> bool:
    return (word in AUXILIARIES or word in NEGATION or is_past_form(word) or is_regular_past(word)
            or word in IRREGULAR_PARTICIPLES)


@dataclass(frozen=True, slots=True)
class VerbGroup:
    """The finite verb group of a clause, classified by tense.

    ``tense`` is one of: ``present``, ``present_perfect``, ``past``, ``past_perfect``, ``future``,
    ``going_to``, ``conditional``, ``should``, ``modal``, ``base`` (the bare form with a 3rd person
    singular subject: the English subjunctive), ``plain`` (a bare form that may be the present or the
    subjunctive: *you get*), ``perfect_or_passive`` (*'s* + participle), ``nonfinite`` (*to*, *-ing*,
    a participle alone) or ``none``.
    """

    tense: str
    start: int
    end: int
    text: str
    head: int  # the lexical verb, or the last auxiliary

    def describe(self) -> str:
        return TENSE_NAMES.get(self.tense, self.tense)


TENSE_NAMES: Mapping[str, str] = {
    "present": "simple present", "present_perfect": "present perfect", "past": "simple past",
    "past_perfect": "past perfect", "future": "future with will/shall", "going_to": "future with going to",
    "conditional": "conditional with would", "should": "should + infinitive", "modal": "modal verb",
    "base": "bare (subjunctive) form", "plain": "bare form (present or subjunctive)",
    "perfect_or_passive": "'s + participle (has or is)", "nonfinite": "non-finite form",
    "none": "absence of a verb",
}


def verb_group(sentence: Sentence, index: int, *, third_singular: bool | None) -> VerbGroup:
    """Classify the verb group that starts at ``index`` (just after the subject), across adverbs."""
    words = sentence.words
    start = index
    index = sentence.skip_adverbs(index)

    def group(tense: str, end: int, head: int) -> VerbGroup:
        if head < len(words) and words[head] in ("been", "be", "being") and end == head + 1:
            following = sentence.skip_adverbs(end)
            if following < len(words) and (is_gerund(words[following]) or is_participle(words[following])):
                end, head = following + 1, following  # *have been waiting*, *will be repaired*
        return VerbGroup(tense, start, end, sentence.text(start, end), head)

    if index >= len(words) or words[index] in CLAUSE_BREAKS:
        return group("none", index, index)
    word = words[index]
    after = sentence.skip_adverbs(index + 1)
    following = words[after] if after < len(words) else ""
    if word in MODALS:
        tense = MODALS[word]
        if word == "'d":
            tense = "past_perfect" if is_participle(following) else "conditional"
        return group(tense, after + 1, after)
    if word == "'d":
        return group("past_perfect" if is_participle(following) and following not in ("better",)
                     else "conditional", after + 1, after)
    if word in BE_FORMS or word == "'s":
        if word == "'s":
            if following == "been":
                return group("present_perfect", after + 1, after)
            if is_participle(following) and not is_gerund(following):
                return group("perfect_or_passive", after + 1, after)
            return group("present", index + 1, index)
        if following == "going" and after + 1 < len(words) and words[after + 1] == "to":
            return group("going_to", after + 2, after)
        tense = BE_FORMS[word]
        if tense == "base":
            return group("base" if third_singular else "plain", index + 1, index)
        if tense in ("participle", "gerund"):
            return group("nonfinite", index + 1, index)
        return group(tense, index + 1, index)
    if word in HAVE_FORMS:
        perfect = is_participle(following) or following == "been"
        if word == "had":
            return group("past_perfect" if perfect else "past", after + 1 if perfect else index + 1, after)
        if word == "having":
            return group("nonfinite", index + 1, index)
        if perfect:
            tense = "base" if (word in ("have", "'ve") and third_singular) else "present_perfect"
            return group(tense, after + 1, after)
        if word == "has":
            return group("present", index + 1, index)
        return group("base" if third_singular else "plain", index + 1, index)
    if word in DO_FORMS:
        tense = DO_FORMS[word]
        if tense == "plain":
            tense = "base" if third_singular else "present"
        return group(tense, after + 1, after)
    if word == "to" or (is_gerund(word) and word not in ("being",)):
        return group("nonfinite", index + 1, index)
    if word in DETERMINERS or word in PREPOSITIONS or word in PERSONAL_PRONOUNS or not word[0].isalpha():
        return group("none", index, index)
    if word in IRREGULAR_PAST and word not in _BASE_FORMS:
        return group("past", index + 1, index)
    if word in IRREGULAR_PARTICIPLES and word not in _BASE_FORMS:
        return group("nonfinite", index + 1, index)  # *her work done*
    if is_regular_past(word):
        return group("past", index + 1, index)
    if word in _BASE_FORMS and word in IRREGULAR_PAST:
        if third_singular:
            return group("past", index + 1, index)  # *he put*: the present would be *puts*
        return group("plain", index + 1, index)
    if third_singular is None:
        return group("plain", index + 1, index)
    if third_singular:
        if word.endswith("s") and not word.endswith("ss"):
            return group("present", index + 1, index)
        return group("base", index + 1, index)
    return group("plain", index + 1, index)


_BASE_FORMS = frozenset(IRREGULAR_VERBS) | {"come", "become", "run", "overcome"}


def words_of(value: object, name: str, *, required: bool = True) -> tuple[str, ...]:
    """A parameter that is a list of non-empty strings, lowercased and stripped."""
    if value is None and not required:
        return ()
    if isinstance(value, str) or not isinstance(value, Sequence) or (required and not value) or not all(
            isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{name} must be a {'non-empty ' if required else ''}list of English words or phrases")
    return tuple(" ".join(tokenize(v)[0]) for v in value)


def check_keys(params: Mapping[str, object], allowed: Iterable[str], required: Iterable[str] = ()) -> None:
    """Reject unknown and missing parameters, naming them."""
    reject_unknown(params, allowed)
    for key in required:
        if key not in params:
            raise ValueError(f"missing parameter {key!r}")
