"""German closed-class words and what their forms say: determiners (gender, case), pronouns, prepositions."""
from __future__ import annotations

from collections.abc import Mapping

#: A reading of a determiner or an ending: gender (``m``, ``f``, ``n``; ``p`` for the plural) and case.
Reading = tuple[str, str]

_CASES = ("nom", "acc", "dat", "gen")
_DER = frozenset({("m", "nom"), ("f", "dat"), ("f", "gen"), ("p", "gen")})
_DIE = frozenset({("f", "nom"), ("f", "acc"), ("p", "nom"), ("p", "acc")})
_DAS = frozenset({("n", "nom"), ("n", "acc")})
_DEN = frozenset({("m", "acc"), ("p", "dat")})
_DEM = frozenset({("m", "dat"), ("n", "dat")})
_DES = frozenset({("m", "gen"), ("n", "gen")})
_EIN = frozenset({("m", "nom"), ("n", "nom"), ("n", "acc")})
_EINE = frozenset({("f", "nom"), ("f", "acc")})
_EINEN = frozenset({("m", "acc")})
_EINER = frozenset({("f", "dat"), ("f", "gen")})


def _definite(stem: str, *, plural: bool = True) -> dict[str, frozenset[Reading]]:
    """*dieser, diese, dieses, diesen, diesem* (and *jeder*, without a plural)."""
    forms = {stem + "er": _DER, stem + "e": _DIE, stem + "es": _DAS | _DES, stem + "en": _DEN, stem + "em": _DEM}
    if not plural:
        forms = {form: frozenset(r for r in readings if r[0] != "p") for form, readings in forms.items()}
    return forms


def _indefinite(stem: str) -> dict[str, frozenset[Reading]]:
    """*kein, keine, keinen, keinem, keiner, keines* and the possessives: *ein*'s endings, with a plural."""
    plural_e = frozenset({("p", "nom"), ("p", "acc")})
    return {stem: _EIN, stem + "e": _EINE | plural_e, stem + "en": _EINEN | {("p", "dat")}, stem + "em": _DEM,
            stem + "er": _EINER | {("p", "gen")}, stem + "es": _DES}


#: Determiners: each form's readings, and whether it declines a following adjective weakly
#: (``definite``: *der Angestellte*) or mixed (``indefinite``: *ein Angestellter*).
DETERMINERS: Mapping[str, frozenset[Reading]] = {
    "der": _DER, "die": _DIE, "das": _DAS, "den": _DEN, "dem": _DEM, "des": _DES,
    "ein": _EIN, "eine": _EINE, "einen": _EINEN, "einem": _DEM, "einer": _EINER, "eines": _DES,
    **_definite("dies"), **_definite("jen"), **_definite("jed", plural=False), **_definite("welch"),
    **_indefinite("kein"), **_indefinite("mein"), **_indefinite("dein"), **_indefinite("sein"),
    **_indefinite("ihr"), **_indefinite("unser"), **_indefinite("eur"), "euer": _EIN,
    # a preposition and the article in one word
    "zum": _DEM, "vom": _DEM, "beim": _DEM, "im": _DEM, "am": _DEM, "zur": frozenset({("f", "dat")}),
    "ins": frozenset({("n", "acc")}), "ans": frozenset({("n", "acc")}),
}
#: Determiners after which an adjective (and an adjectival noun) takes the mixed endings (*ein Angestellter*).
INDEFINITE = frozenset(form for form in DETERMINERS if form.startswith(("ein", "kein", "mein", "dein", "sein", "ihr",
                                                                        "unser", "eur")))

#: An adjectival noun's ending (*Angestellt-er*) after a definite determiner, an indefinite one, or none:
#: the readings it allows (weak, mixed and strong declension).
_ALL_PLURAL = frozenset(("p", case) for case in _CASES)
_OBLIQUE = frozenset({("m", "acc"), ("m", "dat"), ("m", "gen"), ("f", "dat"), ("f", "gen"), ("n", "dat"),
                      ("n", "gen")}) | _ALL_PLURAL
ADJECTIVAL_ENDINGS: Mapping[str, Mapping[str, frozenset[Reading]]] = {
    "definite": {"e": frozenset({("m", "nom"), ("f", "nom"), ("f", "acc"), ("n", "nom"), ("n", "acc")}),
                 "en": _OBLIQUE},
    "indefinite": {"er": frozenset({("m", "nom")}), "e": _EINE, "es": _DAS, "en": _OBLIQUE},
    "none": {"er": frozenset({("m", "nom"), ("f", "dat"), ("f", "gen"), ("p", "gen")}),
             "e": frozenset({("f", "nom"), ("f", "acc"), ("p", "nom"), ("p", "acc")}),
             "en": frozenset({("m", "acc"), ("m", "gen"), ("n", "gen"), ("p", "dat")}),
             "em": _DEM, "es": _DAS},
}

#: Prepositions and the cases they govern (*mit der Angestellten*: dative; *für die*: accusative).
PREPOSITIONS: Mapping[str, frozenset[str]] = {
    **{p: frozenset({"dat"}) for p in ("mit", "von", "zu", "bei", "aus", "nach", "seit", "gegenüber", "außer",
                                       "entgegen", "samt", "nebst")},
    **{p: frozenset({"acc"}) for p in ("für", "durch", "gegen", "ohne", "um", "bis", "wider")},
    **{p: frozenset({"acc", "dat"}) for p in ("an", "auf", "in", "über", "unter", "vor", "hinter", "neben",
                                              "zwischen")},
    **{p: frozenset({"gen", "dat"}) for p in ("wegen", "trotz", "während", "statt", "anstatt", "laut")},
}

#: Third-person pronouns that show a gender: (gender, role). ``sie`` may also be plural, ``ihr``
#: a dative or a possessive; the reading decides by the context.
PERSONAL_PRONOUNS: Mapping[str, tuple[str, str]] = {
    "er": ("m", "subject"), "ihn": ("m", "object"), "ihm": ("m", "object"),
    "sie": ("f", "subject"), "ihr": ("f", "object"),
}
#: Possessive determiners and the possessor's gender (*sein Auto*: his; *ihr Auto*: her or their).
POSSESSIVES: Mapping[str, str] = {
    **{form: "m" for form in ("sein", "seine", "seinen", "seinem", "seiner", "seines")},
    **{form: "f" for form in ("ihr", "ihre", "ihren", "ihrem", "ihrer", "ihres")},
}
#: Pronouns that are the subject of their clause and show no gender (for finding a clause's subject).
OTHER_SUBJECTS = frozenset({"ich", "du", "wir", "man", "es", "jemand", "niemand"})

#: Words that open a subordinate clause (its verb comes last).
SUBORDINATORS = frozenset({
    "weil", "dass", "daß", "ob", "als", "wenn", "da", "damit", "obwohl", "obgleich", "während", "nachdem",
    "bevor", "ehe", "bis", "sodass", "sobald", "solange", "seit", "seitdem", "falls", "indem", "wie", "wo",
    "wann", "warum", "weshalb", "wodurch", "womit", "worüber", "was", "wer", "wen", "wem", "deren", "dessen",
})
#: Words that coordinate clauses (a conjunct may share the subject: *und bat sie*).
COORDINATORS = frozenset({"und", "aber", "oder", "sondern", "doch", "denn", "sowie"})
#: Punctuation that ends a clause.
CLAUSE_PUNCTUATION = frozenset({",", ";", ":", ".", "!", "?", "(", ")", "–", "—"})

#: Finite forms that show a plural subject (*sie waren*: they), for telling *sie* (they) from *sie* (she).
PLURAL_VERBS = frozenset({
    "sind", "waren", "haben", "hatten", "werden", "wurden", "können", "konnten", "müssen", "mussten", "sollen",
    "sollten", "wollen", "wollten", "dürfen", "durften", "mögen", "mochten", "möchten", "hätten", "wären",
    "würden", "könnten", "müssten", "sollen", "seien",
})

#: Verbs whose dative or accusative object is the subject of their zu-infinitive (*bat ihn, … zu kommen*).
OBJECT_CONTROL = frozenset({
    "bitten", "auffordern", "raten", "empfehlen", "erlauben", "verbieten", "helfen", "zwingen", "überreden",
    "überzeugen", "ermutigen", "beauftragen", "anweisen", "befehlen", "sagen", "erinnern", "ermahnen",
    "warnen", "drängen", "einladen", "bat", "bittet", "forderte", "riet", "empfahl", "erlaubte", "verbot",
    "half", "zwang", "überredete", "überzeugte", "ermutigte", "beauftragte", "wies", "befahl", "sagte",
    "erinnerte", "warnte", "drängte", "lud",
})

#: Words that are never a noun phrase's adjective (walking back from a noun to its determiner).
NOT_ADJECTIVES = frozenset(DETERMINERS) | frozenset(PREPOSITIONS) | frozenset(PERSONAL_PRONOUNS) | SUBORDINATORS \
    | COORDINATORS | frozenset({"nicht", "auch", "noch", "schon", "sehr", "nur", "sich", "zu", "es", "so", "alles",
                                   "etwas", "nichts", "viel", "viele", "wenig", "einige", "mehr", "manche", "andere",
                                   "beide", "alle", "gerne", "heute", "immer", "wieder", "dann", "sofort"})

__all__ = ["ADJECTIVAL_ENDINGS", "CLAUSE_PUNCTUATION", "COORDINATORS", "DETERMINERS", "INDEFINITE",
           "NOT_ADJECTIVES", "OBJECT_CONTROL", "OTHER_SUBJECTS", "PERSONAL_PRONOUNS", "PLURAL_VERBS",
           "POSSESSIVES", "PREPOSITIONS", "SUBORDINATORS", "Reading"]
