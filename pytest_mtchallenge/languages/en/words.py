"""English closed-class words: pronouns, determiners, prepositions, conjunctions, auxiliaries, negation and adverbs."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


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
REFLEXIVES = frozenset(REFLEXIVE_PRONOUNS)
#: Words that may stand as the subject of a clause: the personal pronouns in the subject case, and
#: the expletive *there* (*there is*).
SUBJECT_PRONOUNS = frozenset(w for w, f in PERSONAL_PRONOUNS.items() if f.case in ("subject", "both")
                             and w != "thee") | {"there"}
#: Pronouns that may stand as an object: object-case personal pronouns and the reflexives.
OBJECT_PRONOUNS = frozenset(w for w, f in PERSONAL_PRONOUNS.items() if f.case in ("object", "both")) | REFLEXIVES

POSSESSIVE_DETERMINERS = frozenset({"my", "your", "his", "her", "its", "our", "their", "one's", "thy"})
POSSESSIVE_PRONOUNS = frozenset({"mine", "yours", "his", "hers", "ours", "theirs"})
ARTICLES = frozenset({"a", "an", "the"})
DEMONSTRATIVES = frozenset({"this", "that", "these", "those"})
QUANTIFIERS = frozenset({"some", "any", "no", "every", "each", "all", "both", "many", "much", "several",
                         "few", "little", "another", "other", "such", "enough", "more", "most"})
#: Interrogative and relative determiners (*which book*, *whose car*).
WH_DETERMINERS = frozenset({"what", "which", "whose"})
NUMERALS = frozenset({"one", "two", "three"})
DETERMINERS = ARTICLES | DEMONSTRATIVES | POSSESSIVE_DETERMINERS | QUANTIFIERS | WH_DETERMINERS | NUMERALS
#: Determiners that only open a noun phrase (not *that*, *which*, *what*, which also relate clauses):
#: a verb form after one of them is a noun (*the work*, *his talk*).
NOUN_MARKERS = ARTICLES | POSSESSIVE_DETERMINERS | frozenset({"whose", "this", "these", "those", "every", "each",
                                                               "another"})
PREPOSITIONS = frozenset({
    "about", "above", "across", "after", "against", "along", "among", "around", "as", "at", "before", "behind",
    "below", "beneath", "beside", "besides", "between", "beyond", "by", "despite", "down", "during", "except",
    "for", "from", "in", "inside", "into", "like", "near", "of", "off", "on", "onto", "out", "outside", "over",
    "past", "per", "since", "than", "through", "throughout", "till", "to", "toward", "towards", "under",
    "underneath", "until", "unto", "up", "upon", "via", "with", "within", "without",
})
CONJUNCTIONS = frozenset({"and", "or", "but", "nor", "so", "yet", "because", "although", "though", "while",
                          "whereas", "if", "unless", "when", "once", "whether", "that", "which", "who", "as",
                          "since", "until"})
WH_WORDS = frozenset({"who", "whom", "which", "what", "whose", "that", "where", "when"})

# --- verbs -----------------------------------------------------------------------------------------

BE_FORMS: Mapping[str, str] = {"am": "present", "is": "present", "are": "present", "'m": "present",
                               "'re": "present", "was": "past", "were": "past", "be": "base",
                               "been": "participle", "being": "gerund"}
HAVE_FORMS: Mapping[str, str] = {"have": "plain", "has": "present", "'ve": "plain", "had": "past",
                                 "having": "gerund"}
DO_FORMS: Mapping[str, str] = {"do": "plain", "does": "present", "did": "past"}
MODALS: Mapping[str, str] = {"will": "future", "'ll": "future", "shall": "future", "would": "conditional",
                             "should": "should", "must": "modal", "may": "modal", "might": "modal", "can": "modal",
                             "could": "modal", "ought": "modal"}
#: *'s* is *is* or *has*, *'d* is *had* or *would*.
AUXILIARIES = frozenset(BE_FORMS) | frozenset(HAVE_FORMS) | frozenset(DO_FORMS) | frozenset(MODALS) | {"'s", "'d"}
#: The auxiliaries of a passive: *be* and *get* (*was looked at*, *got repaired*).
PASSIVE_AUXILIARIES = frozenset(BE_FORMS) | frozenset({"'s", "'re", "'m", "get", "gets", "got", "gotten", "getting"})
#: Verbs that take an object followed by a verb (*let herself go*, *allowed himself to rest*, *found
#: herself looking*): a pronoun after them is their object, not a clitic left before the next verb.
OBJECT_VERB_GOVERNORS = frozenset({
    "let", "make", "help", "allow", "force", "teach", "push", "get", "have", "see", "find", "watch", "hear",
    "feel", "want", "ask", "tell", "convince", "persuade", "prepare", "bring", "order", "expect", "consider",
    "believe", "imagine", "urge", "encourage", "permit", "remind", "train", "set", "keep", "leave", "catch",
})
#: Verbs whose intransitive use keeps the reflexive meaning (*he shaved* is *he shaved himself*): after
#: them English may leave a reflexive object unexpressed; after other transitive verbs (*sacrifice,
#: repair, defend*) a dropped reflexive loses the relation of the subject to itself.
REFLEXIVE_OPTIONAL_VERBS = frozenset({
    "wash", "shave", "dress", "undress", "bathe", "shower", "behave", "hide", "prepare", "adjust", "change",
    "relax", "train", "exercise", "stretch", "wake", "retire", "surrender", "withdraw", "move", "settle",
    "calm", "hurry", "rest", "identify", "apologise", "apologize", "concentrate", "commit", "enlist",
})

#: Verbs of change of state whose intransitive use has the undergoer as subject (*the work finished*,
#: *the door opened*): after a noun subject their past may be finite. Other transitive verbs (*complete,
#: do, accomplish*) have no such use, so *her work completed* is a participle (an absolute construction).
ERGATIVE_VERBS = frozenset({
    "finish", "end", "stop", "close", "open", "begin", "start", "conclude", "terminate", "cease", "break",
    "change", "increase", "decrease", "grow", "melt", "freeze", "burn", "sink", "move", "turn", "shut", "resume",
    "continue", "die", "fail", "collapse", "explode", "drop", "fall", "rise", "roll", "slow", "speed", "dry",
    "cool", "warm", "fill", "empty", "tear", "split", "crack", "burst", "shatter", "bend", "boil", "dissolve",
})

# --- negation and adverbs --------------------------------------------------------------------------

#: The negation of a verb.
NEGATION = frozenset({"not", "n't", "never"})
#: Every negative word: the verb's negation and the negative determiners, pronouns and adverbs.
NEGATIVE_WORDS = NEGATION | frozenset({"no", "nobody", "nothing", "none", "nowhere", "neither", "nor", "no-one",
                                       "nought", "naught"})
#: Adverbs that may stand inside a verb group or between a verb and its complement, besides the
#: adverbs in -ly (:func:`pytest_mtchallenge.languages.en.reader.is_adverb`).
ADVERBS = frozenset({
    "not", "n't", "never", "also", "always", "already", "still", "just", "even", "ever", "often", "soon",
    "then", "now", "really", "very", "much", "so", "too", "quite", "rather", "almost", "again", "once", "twice",
    "finally", "eventually", "ultimately", "well", "indeed", "perhaps", "maybe", "probably", "certainly",
    "sometimes", "usually", "simply", "only", "actually", "truly", "greatly", "dearly", "terribly", "sorely",
    "badly", "awfully", "enormously", "immensely", "easily", "readily", "quickly", "suddenly", "straight",
    "right", "all", "far", "yet", "forever", "thus", "therefore", "constantly", "continually",
})
#: Adverbs of place and direction that are also particles or prepositions (*go back*, *move on*):
#: a pattern's ``~`` skips them, a verb group does not.
PLACE_ADVERBS = frozenset({"here", "there", "away", "back", "on", "around", "about"})
#: Adverbial locutions a pattern's ``~`` skips as one adverb.
ADVERB_PHRASES = (("all", "the", "time"), ("once", "again"), ("of", "course"), ("at", "times"), ("no", "longer"),
                  ("any", "longer"), ("any", "more"), ("over", "and", "over"), ("again", "and", "again"),
                  ("time", "and", "again"))
#: Words in -ly that are not adverbs (or are mostly adjectives: *early*, *daily*).
NOT_ADVERBS_IN_LY = frozenset({
    "family", "reply", "supply", "apply", "rely", "fly", "ally", "belly", "bully", "jelly", "lily", "holy", "italy",
    "july", "early", "ugly", "silly", "lonely", "lovely", "friendly", "likely", "daily", "weekly", "monthly",
    "yearly", "elderly", "comply", "multiply", "imply", "emily", "sally", "molly", "billy", "polly", "dolly",
    "kelly", "tally", "rally", "folly", "sly", "curly", "jolly", "assembly", "costly", "deadly", "lively",
    "orderly", "hilly", "chilly", "melancholy", "gully", "anomaly", "homily"})
CLAUSE_BREAKS = frozenset({".", ",", ";", ":", "!", "?", "(", ")", '"'})
#: The closed-class words: an abbreviation that spells one of them keeps its full stops (*U.S.* is not *us*).
CLOSED_CLASS = (frozenset(PERSONAL_PRONOUNS) | REFLEXIVES | POSSESSIVE_PRONOUNS | DETERMINERS | PREPOSITIONS
                | CONJUNCTIONS | WH_WORDS | AUXILIARIES | NEGATIVE_WORDS | ADVERBS | PLACE_ADVERBS)

# --- verb classes -----------------------------------------------------------------------------------

#: Verbs (and modal idioms) that name no action of their subject: states and attitudes (*know*, *want*,
#: *like*, *have*, *believe*), modals (*have to*, *need*), perception and memory that happen to the
#: subject (*see*, *notice*, *remember*, *forget*) and events it undergoes (*die*, *happen*, *succeed*).
#: A French pro-verb *le faire* stands only for an action (*I'll call him. — Je le ferai.*), never for
#: one of these (*You know him? — *Je le fais.*). The test is the pseudo-cleft: *What she did was call
#: him* is English, *What she did was know him* is not.
NON_AGENTIVE_VERBS = frozenset({
    # states, attitudes, possession, relations
    "know", "believe", "think", "understand", "want", "wish", "need", "like", "love", "adore", "hate",
    "dislike", "prefer", "hope", "mean", "have", "own", "possess", "belong", "deserve", "owe", "trust",
    "doubt", "suppose", "guess", "reckon", "expect", "imagine", "fear", "care", "mind", "matter", "seem",
    "appear", "look", "sound", "exist", "contain", "cost", "fit", "suit", "depend", "resemble", "agree",
    "appreciate", "enjoy", "envy", "admire", "respect", "regret", "miss", "interest", "bother", "worry",
    "concern", "please", "suffice", "lack", "weigh", "be", "become", "remain", "live", "get",
    # psychological verbs: a stimulus acting on an experiencer (*it inspires me*, *he scares her*)
    "inspire", "impress", "amuse", "scare", "frighten", "surprise", "annoy", "excite", "bore", "upset",
    "disappoint", "fascinate", "attract", "thrill", "shock", "confuse", "embarrass", "delight",
    # modals and their idioms
    "have to", "need to", "used to", "can", "could", "must", "should", "may", "might", "ought", "dare",
    # perception, memory and discovery that happen to the subject
    "see", "hear", "feel", "smell", "taste", "notice", "remember", "recall", "forget", "recognize",
    "recognise", "realize", "realise", "find", "figure", "sense", "grow up", "wake up", "get over",
    # events the subject undergoes
    "happen", "die", "succeed", "fail", "lose", "win", "survive", "fall", "grow", "last",
    "suffer", "occur", "receive", "manage",
})
#: Frequent English verbs, by lemma: with the class above, the verbs whose forms the pack reads by name
#: (*knew* → *know*) when it looks for an elided verb phrase's antecedent.
KNOWN_VERBS = NON_AGENTIVE_VERBS - {"have to", "need to", "used to"} | frozenset({
    "do", "go", "come", "say", "tell", "ask", "answer", "call", "take", "bring", "give", "make", "let", "help",
    "try", "stop", "leave", "move", "put", "keep", "hold", "turn", "run", "walk", "talk", "speak", "listen",
    "watch", "read", "write", "eat", "drink", "pay", "buy", "sell", "send", "show", "open", "close", "play",
    "kill", "save", "protect", "fight", "beat", "hit", "kiss", "marry", "meet", "follow", "wait", "stand",
    "sit", "cry", "laugh", "smoke", "swear", "promise", "accept", "refuse", "forgive", "apologize", "apologise",
    "explain", "thank", "invite", "choose", "pick", "decide", "insist", "admit", "allow", "finish", "continue",
    "celebrate", "cheat", "lie", "steal", "rob", "break", "fix", "cook", "clean", "wash", "drive", "fly", "swim",
    "dance", "sing", "vote", "sign", "teach", "study", "catch", "throw", "shoot", "jump", "touch", "share",
    "hide", "search", "check", "count", "return", "visit", "join", "quit", "pray", "hurry", "hang", "pull",
    "push", "carry", "wear", "use", "spend", "serve", "handle", "deal", "mention", "warn", "blame", "cover",
    "plan", "prepare", "practice", "practise", "handle", "attack", "escape", "bet", "trust", "behave", "rise",
    "get", "bite", "blow", "burn", "build", "dig", "draw", "feed", "hire", "fire", "kick", "knock",
    "ring", "shut", "stick", "tear", "wake", "work", "start", "begin", "end", "change", "sleep", "arrive",
    "hurt", "learn", "leave", "stay", "wed", "tell", "try", "mind", "interest", "deserve",
})
#: Phrasal verbs read as one verb when their particle follows (*comes back*: *come back*), where the
#: particle changes what the verb renders (*revenir*, not *venir*).
PHRASAL_VERBS = frozenset({
    "come back", "go back", "get back", "call back", "bring back", "give back", "pay back", "come in", "come out",
    "come over", "come up", "go out", "go in", "go away", "get out", "get in", "get up", "get over", "give up",
    "find out", "figure out", "work out", "show up", "turn up", "pick up", "hang up", "shut up", "wake up",
    "grow up", "calm down", "sit down", "break up", "make up", "look after", "look for", "take care", "go on",
    "hold on", "move on", "back off", "run away", "throw up", "set up", "take off", "put on", "turn off",
    "turn on", "let go", "let down", "stand up", "keep up", "catch up",
})
