"""Reading Italian outputs: the closed classes, tokens (elisions kept on the article: *l', dell', un'*; pronouns
split off infinitives and gerunds: *aiutarla*), lemmas (simplemma's Italian dictionary, loaded at first use),
verb forms and the gender of an adjective or participle (*stanco, stanca, stanchi, stanche*)."""
from __future__ import annotations

from collections.abc import Sequence

from pytest_mtchallenge.languages import romance
from pytest_mtchallenge.languages.it.stop_words import STOP_WORDS
from pytest_mtchallenge.languages.romance import Determiner, RomanceReader, RomanceWords

_M, _F = "m", "f"


def _articulated() -> dict[str, tuple[str | None, bool]]:
    """*del, dello, della, dell', dei, degli, delle*, and the same with *a, da, in, su*."""
    forms: dict[str, tuple[str | None, bool]] = {}
    for stem in ("de", "a", "da", "ne", "su"):
        forms.update({stem + "l": (_M, False), stem + "llo": (_M, False), stem + "lla": (_F, False),
                      stem + "ll'": (None, False), stem + "i": (_M, True), stem + "gli": (_M, True),
                      stem + "lle": (_F, True)})
    forms.update({"col": (_M, False), "coi": (_M, True)})
    return forms


DETERMINERS: dict[str, tuple[str | None, bool]] = {
    "il": (_M, False), "lo": (_M, False), "la": (_F, False), "l'": (None, False), "i": (_M, True),
    "gli": (_M, True), "le": (_F, True), "un": (_M, False), "uno": (_M, False), "una": (_F, False),
    "un'": (_F, False), **_articulated(),
    "questo": (_M, False), "questa": (_F, False), "questi": (_M, True), "queste": (_F, True), "quest'": (None, False),
    "quel": (_M, False), "quello": (_M, False), "quella": (_F, False), "quell'": (None, False), "quei": (_M, True),
    "quegli": (_M, True), "quelle": (_F, True), "mio": (_M, False), "mia": (_F, False), "miei": (_M, True),
    "mie": (_F, True), "tuo": (_M, False), "tua": (_F, False), "tuoi": (_M, True), "tue": (_F, True),
    "suo": (_M, False), "sua": (_F, False), "suoi": (_M, True), "sue": (_F, True), "nostro": (_M, False),
    "nostra": (_F, False), "nostri": (_M, True), "nostre": (_F, True), "vostro": (_M, False), "vostra": (_F, False),
    "loro": (None, False), "ogni": (None, False), "qualche": (None, False), "ciascun": (_M, False),
    "ciascuno": (_M, False), "ciascuna": (_F, False), "nessun": (_M, False), "nessuno": (_M, False),
    "nessuna": (_F, False), "alcun": (_M, False), "alcuna": (_F, False), "alcuni": (_M, True), "alcune": (_F, True),
    "altro": (_M, False), "altra": (_F, False), "altri": (_M, True), "altre": (_F, True), "altr'": (None, False),
}
SUBJECT_PRONOUNS: dict[str, str | None] = {"lui": _M, "lei": _F, "egli": _M, "ella": _F, "esso": _M, "essa": _F,
                                           "loro": None, "io": None, "tu": None, "noi": None, "voi": None}
TONIC_PRONOUNS = {"lui": _M, "lei": _F, "esso": _M, "essa": _F}
#: Object clitics with their gender: accusative *lo, la* (*l'* shows none), dative *gli* (him), *le* (her).
OBJECT_CLITICS: dict[str, str | None] = {"lo": _M, "la": _F, "l'": None, "gli": _M, "le": _F}
CLITICS = frozenset({"mi", "ti", "si", "ci", "vi", "ne", "lo", "la", "l'", "li", "le", "gli", "m'", "t'", "s'", "c'",
                     "v'", "n'", "me", "te", "se", "ce", "ve", "glielo", "gliela", "glieli", "gliele", "gliene"})
NEGATION = frozenset({"non", "mai", "né", "neanche", "nemmeno", "neppure"})
PREPOSITIONS = frozenset({"a", "ad", "da", "di", "d'", "in", "con", "su", "per", "tra", "fra", "senza", "verso",
                          "contro", "presso", "durante", "sopra", "sotto", "dietro", "secondo", "oltre", "tranne",
                          "circa"})
CLAUSE_OPENERS = frozenset({"perché", "poiché", "che", "quando", "se", "mentre", "sebbene", "benché", "siccome",
                            "dove", "cui", "chi", "affinché", "finché", "quale", "nonostante", "anche", ";"})
RELATIVES = frozenset({"che", "cui", "quale"})
COORDINATORS = frozenset({"e", "ed", "ma", "però", "poi", "quindi", "o", "oppure", ","})
ADVERBS = frozenset({"molto", "così", "troppo", "più", "meno", "già", "ancora", "anche", "sempre", "davvero",
                     "proprio", "abbastanza", "piuttosto", "poco", "tanto", "assai", "ben", "bene", "male", "qui",
                     "lì", "là", "poi", "appena", "quasi", "tardi", "presto", "subito", "ora", "adesso", "allora",
                     "solo", "soltanto", "pure", "spesso", "mica", "tutto", "oggi", "ieri", "stato"})
COPULAS = frozenset({"essere", "stare", "sembrare", "parere", "rimanere", "restare", "diventare", "divenire",
                     "venire", "apparire", "risultare"})
#: Copulas with a reflexive pronoun only (*si sentiva stanca*; *ha sentito la battuta* has an object).
REFLEXIVE_COPULAS = frozenset({"sentire", "mostrare", "trovare", "dimostrare", "rivelare", "fare"})
REFLEXIVES = frozenset({"si", "mi", "ti", "ci", "vi", "s'", "m'", "t'", "c'", "v'"})
MODALS = frozenset({"potere", "dovere", "volere", "sapere", "andare", "cominciare", "iniziare", "finire", "smettere",
                    "continuare", "cercare", "sperare"})
CONTROL_VERBS = frozenset({"chiedere", "domandare", "dire", "ordinare", "pregare", "consigliare", "suggerire",
                           "permettere", "vietare", "proibire", "raccomandare", "ricordare", "imporre", "supplicare",
                           "intimare", "comandare", "invitare", "esortare"})
PSYCH_VERBS = frozenset({"piacere", "interessare", "importare", "mancare", "servire", "dispiacere", "bastare",
                         "spettare", "sembrare", "parere", "andare"})
_IRREGULAR = {"stat": "essere", "fatt": "fare", "dett": "dire", "pres": "prendere", "mess": "mettere",
              "vist": "vedere", "scritt": "scrivere", "rimast": "rimanere", "mort": "morire", "nat": "nascere",
              "scelt": "scegliere", "chiest": "chiedere", "rispost": "rispondere", "apert": "aprire",
              "offert": "offrire", "sorpres": "sorprendere", "delus": "deludere", "chius": "chiudere",
              "cors": "correre", "lett": "leggere", "vint": "vincere", "pers": "perdere", "spes": "spendere",
              "acces": "accendere", "sces": "scendere", "decis": "decidere", "uccis": "uccidere",
              "divis": "dividere", "promess": "promettere", "permess": "permettere", "assunt": "assumere",
              "giunt": "giungere", "raggiunt": "raggiungere", "spint": "spingere", "dipint": "dipingere",
              "convint": "convincere", "espress": "esprimere", "offes": "offendere", "colt": "cogliere",
              "tolt": "togliere", "accolt": "accogliere", "risolt": "risolvere", "coinvolt": "coinvolgere",
              "rivolt": "rivolgere", "success": "succedere", "discuss": "discutere", "moss": "muovere",
              "commoss": "commuovere", "scoss": "scuotere", "rott": "rompere", "condott": "condurre",
              "prodott": "produrre", "tradott": "tradurre", "post": "porre", "propost": "proporre",
              "impost": "imporre", "espost": "esporre", "compost": "comporre", "nascost": "nascondere",
              "difes": "difendere", "compres": "comprendere", "sospes": "sospendere", "res": "rendere",
              "attes": "attendere", "arres": "arrendere", "sorris": "sorridere", "ris": "ridere",
              "pian": "piangere", "corrett": "correggere", "protett": "proteggere", "elett": "eleggere",
              "distratt": "distrarre", "attratt": "attrarre", "costrett": "costringere", "stres": "stendere"}
IRREGULAR_PARTICIPLES = {stem + ending: verb for stem, verb in _IRREGULAR.items() for ending in "oaie"
                         if stem + ending not in ("pianto", "piante", "pianta", "piani", "posta", "poste", "posti",
                                                  "resi", "rese", "resa", "reso", "risa", "riso", "risi", "rise",
                                                  "stese", "natale", "nati", "nate", "morte", "corsi", "corsa",
                                                  "corse", "letti", "lette", "letto", "colti", "colta", "colto")}
#: Verb forms simplemma reads as another word (*chiese*: asked, not churches).
VERB_FORMS = {"chiese": "chiedere", "chiesero": "chiedere", "prese": "prendere", "presero": "prendere",
              "rispose": "rispondere", "risposero": "rispondere", "vendette": "vendere", "attese": "attendere",
              "decise": "decidere", "mise": "mettere", "spese": "spendere", "sorprese": "sorprendere",
              "comprese": "comprendere", "rese": "rendere", "difese": "difendere", "offese": "offendere",
              "uccise": "uccidere", "vinse": "vincere", "perse": "perdere", "scelse": "scegliere",
              "lesse": "leggere", "scrisse": "scrivere", "corse": "correre", "mosse": "muovere",
              "dimentica": "dimenticare", "sa": "sapere", "sta": "stare", "fa": "fare", "ha": "avere", "è": "essere",
              "era": "essere", "fu": "essere", "sono": "essere", "stava": "stare"}

WORDS = RomanceWords(
    code="it", name="Italian", determiners=DETERMINERS, subject_pronouns=SUBJECT_PRONOUNS,
    tonic_pronouns=TONIC_PRONOUNS, object_clitics=OBJECT_CLITICS, clitics=CLITICS, negation=NEGATION,
    prepositions=PREPOSITIONS, clause_openers=CLAUSE_OPENERS, relatives=RELATIVES, coordinators=COORDINATORS,
    adverbs=ADVERBS, copulas=COPULAS, reflexive_copulas=REFLEXIVE_COPULAS, reflexives=REFLEXIVES, have="avere",
    modals=MODALS, control_verbs=CONTROL_VERBS, psych_verbs=PSYCH_VERBS, object_participles=True,
    infinitive_endings=("are", "ere", "ire", "rre"), gerund_endings=("ando", "endo"),
    participle_endings=("ato", "ata", "ati", "ate", "uto", "uta", "uti", "ute", "ito", "ita", "iti", "ite"),
    irregular_participles=IRREGULAR_PARTICIPLES, verb_forms=VERB_FORMS,
    function_words=STOP_WORDS | {"alcuno", "nessuno", "uno", "stesso", "stessa", "stessi", "stesse", "quanto",
                                 "quanta", "molta", "molti", "molte", "poca", "pochi", "poche", "troppa", "tanti",
                                 "tante", "vari", "varie", "entrambi", "entrambe", "ognuno", "ognuna"},
)


class SentenceReader(RomanceReader):
    """One Italian output: tokens, lemmas, determiners, verbs, and the gender adjectives and participles show."""

    words = WORDS

    def form_gender(self, index: int) -> str | None:
        """*-o* masculine and *-a* feminine singular (*stanco, stanca*); *-i* masculine and *-e* feminine
        plural where the word's masculine singular ends in *-o* (*stanchi, stanche*, not *felici, felice*)
        or it is a participle; *-ista* shows none."""
        token = self.tokens[index]
        if token.endswith("o"):
            return _M
        if token.endswith("a"):
            return None if token.endswith("ista") else _F
        if token.endswith(("i", "e")) and (self.is_participle(index) or self.lemma(index).endswith("o")):
            return _M if token.endswith("i") else _F
        return None


def tokenize(text: str) -> list[str]:
    """Lowercased tokens, an elision kept on its word (the profession table's forms are read so)."""
    return romance.tokenize(text, WORDS)[0]


_PLURALS: Sequence[tuple[str, Sequence[str]]] = (
    ("co", ["ci", "chi"]), ("go", ["gi", "ghi"]), ("io", ["i", "ii"]), ("o", ["i"]), ("ca", ["che", "chi"]),
    ("ga", ["ghe", "ghi"]), ("cia", ["ce", "cie"]), ("gia", ["ge", "gie"]), ("a", ["e", "i"]), ("e", ["i"]),
)


def plurals(word: str) -> tuple[str, ...]:
    """An Italian noun's or adjective's plural forms (*medico* → *medici, medichi*; *autista* → *autisti,
    autiste*); words ending in a consonant or a stressed vowel do not change (*il designer, i designer*)."""
    return romance.plural_forms(word, _PLURALS)


__all__ = ["DETERMINERS", "Determiner", "SentenceReader", "WORDS", "plurals", "tokenize"]
