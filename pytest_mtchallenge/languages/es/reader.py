"""Reading Spanish outputs: the closed classes, tokens (pronouns split off infinitives and gerunds: *ayudarla*),
lemmas (simplemma's Spanish dictionary, loaded at first use), verb forms and the gender of an adjective or
participle (*cansado, cansada*)."""
from __future__ import annotations

from collections.abc import Sequence

from pytest_mtchallenge.languages import romance
from pytest_mtchallenge.languages.es.stop_words import STOP_WORDS
from pytest_mtchallenge.languages.romance import Determiner, RomanceReader, RomanceWords

_M, _F = "m", "f"

DETERMINERS: dict[str, tuple[str | None, bool]] = {
    "el": (_M, False), "la": (_F, False), "los": (_M, True), "las": (_F, True), "un": (_M, False),
    "una": (_F, False), "unos": (_M, True), "unas": (_F, True), "del": (_M, False), "al": (_M, False),
    "este": (_M, False), "esta": (_F, False), "estos": (_M, True), "estas": (_F, True), "ese": (_M, False),
    "esa": (_F, False), "esos": (_M, True), "esas": (_F, True), "aquel": (_M, False), "aquella": (_F, False),
    "aquellos": (_M, True), "aquellas": (_F, True), "mi": (None, False), "mis": (None, True), "tu": (None, False),
    "tus": (None, True), "su": (None, False), "sus": (None, True), "nuestro": (_M, False), "nuestra": (_F, False),
    "nuestros": (_M, True), "nuestras": (_F, True), "vuestro": (_M, False), "vuestra": (_F, False),
    "cada": (None, False), "otro": (_M, False), "otra": (_F, False), "otros": (_M, True), "otras": (_F, True),
    "algún": (_M, False), "alguna": (_F, False), "algunos": (_M, True), "algunas": (_F, True),
    "ningún": (_M, False), "ninguna": (_F, False), "cualquier": (None, False),
}
SUBJECT_PRONOUNS: dict[str, str | None] = {"él": _M, "ella": _F, "ellos": _M, "ellas": _F, "usted": None,
                                           "yo": None, "tú": None}
TONIC_PRONOUNS = {"él": _M, "ella": _F}
#: Accusative clitics (the dative *le, les* shows no gender).
OBJECT_CLITICS: dict[str, str | None] = {"lo": _M, "la": _F}
CLITICS = frozenset({"me", "te", "se", "nos", "os", "lo", "la", "los", "las", "le", "les"})
NEGATION = frozenset({"no", "nunca", "jamás", "tampoco", "ni"})
PREPOSITIONS = frozenset({"a", "ante", "bajo", "con", "contra", "de", "desde", "durante", "en", "entre", "hacia",
                          "hasta", "mediante", "para", "por", "según", "sin", "sobre", "tras"})
CLAUSE_OPENERS = frozenset({"porque", "que", "cuando", "si", "aunque", "mientras", "donde", "quien", "quienes",
                            "cual", "cuales", "pues", "como", "puesto", "ya", ";"})
RELATIVES = frozenset({"que", "quien", "quienes", "cual", "cuales"})
COORDINATORS = frozenset({"y", "e", "pero", "mas", "luego", "entonces", "o", "u", "sino", ","})
ADVERBS = frozenset({"muy", "tan", "bastante", "demasiado", "más", "menos", "ya", "aún", "todavía", "también",
                     "siempre", "casi", "bien", "mal", "aquí", "allí", "ahí", "luego", "pronto", "temprano", "tarde",
                     "recién", "incluso", "apenas", "poco", "mucho", "algo", "nada", "tanto", "realmente", "sólo",
                     "solamente", "entonces", "así", "ahora", "antes", "después", "todo", "súper"})
COPULAS = frozenset({"ser", "estar", "parecer", "quedar", "resultar", "permanecer", "seguir", "continuar", "andar"})
#: Copulas with a reflexive pronoun only (*se sintió cansada*; *sintió miedo* has an object).
REFLEXIVE_COPULAS = frozenset({"sentir", "volver", "poner", "mostrar", "encontrar", "hallar", "mantener", "hacer"})
REFLEXIVES = frozenset({"se", "me", "te", "nos", "os"})
MODALS = frozenset({"poder", "deber", "querer", "soler", "ir", "tener", "acabar", "empezar", "comenzar",
                    "necesitar", "esperar"})
CONTROL_VERBS = frozenset({"pedir", "decir", "ordenar", "rogar", "suplicar", "mandar", "aconsejar", "recomendar",
                           "sugerir", "exigir", "permitir", "prohibir", "recordar", "indicar", "encargar",
                           "solicitar", "advertir", "instar", "invitar"})
PSYCH_VERBS = frozenset({"gustar", "encantar", "interesar", "importar", "preocupar", "molestar", "doler",
                         "faltar", "costar", "apetecer", "agradar", "disgustar", "fascinar"})
_IRREGULAR = {"hech": "hacer", "dich": "decir", "vist": "ver", "puest": "poner", "escrit": "escribir",
              "abiert": "abrir", "muert": "morir", "vuelt": "volver", "rot": "romper", "cubiert": "cubrir",
              "satisfech": "satisfacer", "resuelt": "resolver", "descubiert": "descubrir", "devuelt": "devolver",
              "impres": "imprimir", "pres": "prender", "frit": "freír", "provist": "proveer",
              "propuest": "proponer", "dispuest": "disponer", "compuest": "componer", "supuest": "suponer",
              "expuest": "exponer", "impuest": "imponer", "envuelt": "envolver", "previst": "prever",
              "absuelt": "absolver", "revuelt": "revolver", "deshech": "deshacer", "insatisfech": "insatisfacer"}
IRREGULAR_PARTICIPLES = {stem + ending: verb for stem, verb in _IRREGULAR.items() for ending in ("o", "a", "os", "as")}

WORDS = RomanceWords(
    code="es", name="Spanish", determiners=DETERMINERS, subject_pronouns=SUBJECT_PRONOUNS,
    tonic_pronouns=TONIC_PRONOUNS, object_clitics=OBJECT_CLITICS, clitics=CLITICS, negation=NEGATION,
    prepositions=PREPOSITIONS, clause_openers=CLAUSE_OPENERS, relatives=RELATIVES, coordinators=COORDINATORS,
    adverbs=ADVERBS, copulas=COPULAS, reflexive_copulas=REFLEXIVE_COPULAS, reflexives=REFLEXIVES, have="haber",
    modals=MODALS, control_verbs=CONTROL_VERBS, psych_verbs=PSYCH_VERBS, object_participles=False,
    infinitive_endings=("ar", "er", "ir", "ír"), gerund_endings=("ando", "iendo", "yendo"),
    participle_endings=("ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas", "ído", "ída", "ídos", "ídas"),
    irregular_participles=IRREGULAR_PARTICIPLES, verb_forms={},
    function_words=STOP_WORDS | {"alguno", "alguna", "ninguno", "ninguna", "uno", "mismo", "misma", "mismos",
                                 "mismas", "cuanto", "cuanta", "mucha", "muchos", "muchas", "poca", "pocos",
                                 "pocas", "demasiada", "varios", "varias", "ambos", "ambas"},
)


class SentenceReader(RomanceReader):
    """One Spanish output: tokens, lemmas, determiners, verbs, and the gender adjectives and participles show."""

    words = WORDS

    def form_gender(self, index: int) -> str | None:
        """*-o, -os* masculine, *-a, -as* feminine (*cansado, cansada*), *-dor* masculine (*trabajador*);
        *-e*, *-l*, *-ista* and the rest show none."""
        token = self.tokens[index]
        if token.endswith(("o", "os", "dor", "dores")):
            return _M
        if token.endswith(("a", "as")) and not token.endswith(("ista", "istas")):
            return _F
        return None


def tokenize(text: str) -> list[str]:
    """Lowercased tokens with punctuation as tokens (the profession table's forms are read so)."""
    return romance.tokenize(text, WORDS)[0]


_PLURALS: Sequence[tuple[str, Sequence[str]]] = (
    ("joven", ["jóvenes"]), ("z", ["ces"]), ("ón", ["ones"]), ("án", ["anes"]), ("én", ["enes"]),
    ("ín", ["ines"]), ("és", ["eses"]), ("a", ["as"]), ("e", ["es"]), ("o", ["os"]), ("í", ["íes", "ís"]),
    ("ú", ["úes", "ús"]), ("é", ["és"]), ("á", ["ás"]), ("ó", ["ós"]), ("s", []), ("l", ["les"]),
    ("r", ["res", "rs"]), ("n", ["nes", "ns"]), ("d", ["des"]), ("j", ["jes"]), ("y", ["ys", "yes"]), ("", ["s", "es"]),
)


def plurals(word: str) -> tuple[str, ...]:
    """A Spanish noun's or adjective's plural forms (*peatón* → *peatones*, *capataz* → *capataces*)."""
    return romance.plural_forms(word, _PLURALS)


__all__ = ["DETERMINERS", "Determiner", "SentenceReader", "WORDS", "plurals", "tokenize"]
