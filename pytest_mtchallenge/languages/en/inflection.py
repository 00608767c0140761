"""English inflection: the forms of verbs (regular rules and a table of irregular verbs) and of nouns."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

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

    @property
    def all(self) -> frozenset[str]:
        """Every form: *leave, leaves, left, leaving*."""
        return frozenset({self.base, self.third}) | self.past | self.participle | self.gerund


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
    spellings are produced: recognising a misspelling does no harm to a checker. An irregular verb
    also gets its over-regularised past and participle (*speaked*, *beated*, *runned*), the forms of
    a broken output, so that the verb is still found.
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
        # the over-regularised forms a learner or a weak engine writes (*speaked*, *beated*, *teached*)
        # are read as this verb's past and participle too, unless they spell another word (*seed*)
        regularised = frozenset(f for f in regular if f not in _NOT_PAST_IN_ED)
        return VerbForms(lemma, lemma, third, frozenset(prefix + p for p in past) | regularised,
                         frozenset(prefix + p for p in participle) | regularised, frozenset(gerunds))
    return VerbForms(lemma, lemma, third, frozenset(regular), frozenset(regular), frozenset(gerunds))


#: Words in -ed that are not regular past forms (some are irregular ones: *fed, led, bred*).
_NOT_PAST_IN_ED = frozenset({"shed", "wed", "bed", "embed", "shred", "red", "bred", "fed", "led", "sped",
                             "fled", "bled", "need", "feed", "bleed", "breed", "speed", "proceed", "succeed",
                             "exceed", "seed", "heed", "weed", "steed", "greed", "deed", "reed", "creed", "tweed",
                             "indeed", "hundred", "sacred", "naked", "wicked", "ragged", "rugged", "jagged",
                             "kindred", "ted", "ned", "fred", "ed", "sled"})
_PAST_IN_EED = frozenset({"agreed", "freed", "decreed", "guaranteed", "refereed", "disagreed", "peed"})


def is_regular_past(word: str) -> bool:
    """A regular past or participle in -ed (not *need, proceed, hundred…*)."""
    if word in _PAST_IN_EED:
        return True
    return len(word) > 3 and word.endswith("ed") and not word.endswith("eed") and word not in _NOT_PAST_IN_ED


def is_past_form(word: str) -> bool:
    """A simple past: irregular (*swam*), regular in -ed, or of an auxiliary (*was, had, did*)."""
    return word in IRREGULAR_PAST or is_regular_past(word) or word in ("was", "were", "had", "did")


def is_participle(word: str) -> bool:
    """A past participle: irregular (*swum, written*), regular in -ed, or *been*."""
    return word in IRREGULAR_PARTICIPLES or is_regular_past(word) or word == "been"


def is_past_or_participle(word: str) -> bool:
    """A simple past or a past participle (*saw, seen, left, talked*)."""
    return is_past_form(word) or is_participle(word)


def is_gerund(word: str) -> bool:
    """A form in -ing (not *thing, morning, king*…)."""
    return len(word) > 4 and word.endswith("ing") and word not in {"thing", "nothing", "something", "anything",
                                                                    "everything", "morning", "evening",
                                                                    "ceiling", "king", "ring", "spring",
                                                                    "string", "wing", "sing", "bring", "sting"}


# --- nouns and both -------------------------------------------------------------------------------

_IRREGULAR_NOUNS = """
man men; woman women; child children; foot feet; tooth teeth; goose geese; mouse mice; ox oxen; person people;
knife knives; wife wives; life lives; leaf leaves; half halves; calf calves; wolf wolves; shelf shelves;
sheep sheep; fish fish; deer deer
"""
#: lemma → its irregular plural forms.
IRREGULAR_NOUNS: dict[str, tuple[str, ...]] = {
    entry.split()[0]: tuple(entry.split()[1].split("/")) for entry in _IRREGULAR_NOUNS.split(";")}


def fold(word: str) -> str:
    """A word as English reading compares it: NFC, lowercase, *œ*/*æ* spelled *oe*/*ae*, straight apostrophe."""
    return unicodedata.normalize("NFC", word).lower().replace("œ", "oe").replace("æ", "ae").replace("\u2019", "'")


def plurals(noun: str) -> frozenset[str]:
    """The plural forms of a noun: regular (*boxes, cities, potatoes*), and irregular ones besides (*oxen*)."""
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        regular = {noun + "es"}
    elif len(noun) > 1 and noun.endswith("y") and noun[-2] not in _VOWELS:
        regular = {noun[:-1] + "ies"}
    elif len(noun) > 1 and noun.endswith("o") and noun[-2] not in _VOWELS:
        regular = {noun + "es", noun + "s"}
    else:
        regular = {noun + "s"}
    return frozenset(regular) | frozenset(IRREGULAR_NOUNS.get(noun, ()))


@cache
def forms_of(lemma: str) -> frozenset[str]:
    """Every inflected form of an English verb or noun lemma: *leave* → *leaves, leaving, left*;
    *ox* → *oxen*. Forms the lemma does not have (*leaved*) do no harm in matching."""
    lemma = fold(lemma)
    verb = inflect(lemma)
    forms = set(verb.all) | plurals(lemma)
    if lemma == "be":
        forms.update({"am", "is", "are", "'m", "'re"})  # *'s* is also *has* and the genitive: patterns name it
    if lemma == "have":
        forms.update({"'ve", "'d"})
    return frozenset(forms)
