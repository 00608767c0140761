"""Czech closed-class words: connectives, aby/kdyby, být, modal verbs, prepositions and their cases."""
from __future__ import annotations

#: Subordinators that open a finite clause (*že, protože, když* …), and the relative connectives
#: that do the same (*což* "which", *čímž* "by which", *jak* "as").
SUBORDINATORS = frozenset({
    "že", "protože", "poněvadž", "když", "jestliže", "jestli", "pokud", "zda", "zdali", "než",
    "až", "ačkoli", "ačkoliv", "přestože", "třebaže", "jakmile", "zatímco", "jak", "kde", "kam", "kdy",
    "proč", "což", "čímž", "čemuž", "čehož", "kdežto", "takže", "dokud", "jelikož", "neboť", "nežli",
    # the relative pronouns: který in every case, jenž and its forms
    "který", "která", "které", "kteří", "kterého", "kterému", "kterém", "kterým", "kterou", "kterých", "kterými",
    "jenž", "jež", "jíž", "již", "jímž", "jejž", "jehož", "jemuž", "jejichž", "jimž", "jichž", "jimiž", "nichž",
    "němž", "nějž", "kdo", "co", "čeho", "čemu", "čím", "koho", "komu", "kým",
})
#: Coordinating conjunctions that join a finite clause to the main one (*a nazval*).
COORDINATORS = frozenset({"a", "i", "ale", "avšak", "však", "nebo", "anebo", "či", "ani", "pak", "přičemž",
                          "načež", "tak", "proto", "aniž"})
#: The enclitic *-li* "if, whether" (*chce-li*), kept as its own token by the tokenizer.
LI = "-li"

#: *aby* and *kdyby* with their person endings: they open a subjunctive (conditional) clause.
ABY_FORMS: dict[str, str] = {
    "abych": "1st person singular", "abys": "2nd person singular", "aby": "3rd person",
    "abychom": "1st person plural", "abyste": "2nd person plural", "abysme": "1st person plural (colloquial)",
}
KDYBY_FORMS: dict[str, str] = {
    "kdybych": "1st person singular", "kdybys": "2nd person singular", "kdyby": "3rd person",
    "kdybychom": "1st person plural", "kdybyste": "2nd person plural", "kdybysme": "1st person plural (colloquial)",
}
#: The conditional auxiliary (*by, bych* …) outside *aby/kdyby*: a conditional, still a finite clause.
CONDITIONAL_AUXILIARIES = frozenset({"bych", "bys", "by", "bychom", "byste", "bysme"})
#: Present forms of *být* as the past-tense auxiliary (*přišel jsem*) and the copula.
BYT_PRESENT = frozenset({"jsem", "jsi", "je", "jest", "jsme", "jste", "jsou", "není", "nejsem", "nejsi",
                         "nejsme", "nejste", "nejsou", "seš", "sme"})
#: Future forms of *být*: with an imperfective infinitive they make the future tense (*bude trvat*).
BYT_FUTURE = frozenset({"budu", "budeš", "bude", "budeme", "budete", "budou",
                        "nebudu", "nebudeš", "nebude", "nebudeme", "nebudete", "nebudou"})
#: l-participles of *být* (*byl nazván*).
BYT_PAST = frozenset({"byl", "byla", "bylo", "byli", "byly", "nebyl", "nebyla", "nebylo", "nebyli", "nebyly"})

#: The modal verbs (*moci, muset, smět, mít, chtít*): with an infinitive they make one predicate
#: (the Prague Dependency Treebank's deep layer keeps the modality as a grammateme of the lexical
#: verb), so *museli se vyhnout* is a finite clause.
MODAL_LEMMAS = ("moci", "muset", "smět", "mít", "chtít")
MODAL_FORMS = frozenset({
    # moci
    "mohu", "můžu", "můžeš", "může", "můžeme", "můžete", "mohou", "můžou", "mohl", "mohla", "mohlo", "mohli", "mohly",
    # muset
    "musím", "musíš", "musí", "musíme", "musíte", "musel", "musela", "muselo", "museli", "musely",
    # smět
    "smím", "smíš", "smí", "smíme", "smíte", "směl", "směla", "smělo", "směli", "směly",
    # mít
    "mám", "máš", "má", "máme", "máte", "mají", "měl", "měla", "mělo", "měli", "měly",
    # chtít
    "chci", "chceš", "chce", "chceme", "chcete", "chtějí", "chtěl", "chtěla", "chtělo", "chtěli", "chtěly",
})

#: Forms of *mít* "have" as a support verb: with an event noun it makes a finite predicate
#: (*měli obavy* "they feared").
SUPPORT_VERB_FORMS = frozenset({"mám", "máš", "má", "máme", "máte", "mají", "měl", "měla", "mělo", "měli", "měly"})

#: Words that can stand between a verb and its infinitive or auxiliary without ending the clause:
#: reflexive and object clitics, particles and common adverbs.
CLITICS = frozenset({"se", "si", "mi", "ti", "mu", "jí", "ho", "jej", "ji", "je", "nám", "vám", "jim", "nás", "vás",
                     "mě", "mne", "tě", "tebe", "sebe", "to", "tam", "tu", "už", "již", "ještě", "také", "též",
                     "rovněž", "zase", "znovu", "opět", "vždy", "nikdy", "často", "hned", "prý", "asi", "snad",
                     "jen", "pouze", "teď", "nyní", "dnes", "zítra", "tedy", "totiž", "přece", "ani"})

#: Prepositions and the cases they govern (the case of a following deverbal noun).
PREPOSITION_CASES: dict[str, frozenset[str]] = {
    **{p: frozenset({"genitive"}) for p in (
        "bez", "beze", "do", "od", "ode", "z", "ze", "u", "kolem", "během", "podle", "místo", "vedle", "kromě",
        "pomocí", "prostřednictvím", "ohledně", "blízko", "podél", "uprostřed", "namísto", "včetně", "stran",
        "následkem", "vlivem", "cestou")},
    **{p: frozenset({"dative"}) for p in ("k", "ke", "ku", "kvůli", "díky", "proti", "vůči", "naproti", "navzdory",
                                           "oproti", "vzhledem")},
    **{p: frozenset({"accusative"}) for p in ("pro", "přes", "skrz", "skrze")},
    **{p: frozenset({"locative"}) for p in ("při",)},
    **{p: frozenset({"accusative", "locative"}) for p in ("o", "na", "v", "ve", "po")},
    **{p: frozenset({"instrumental"}) for p in ("s", "se")},
    **{p: frozenset({"accusative", "instrumental"}) for p in ("za", "mezi", "nad", "nade", "pod", "pode", "před",
                                                              "přede")},
}

CASES = ("nominative", "genitive", "dative", "accusative", "vocative", "locative", "instrumental")

#: Event nouns that end like an infinitive (*let* "flight"): a counterpart lemma listed here is a noun.
NOUNS_LIKE_INFINITIVES = frozenset({
    "let", "přílet", "odlet", "výlet", "přelet", "obrat", "výpočet", "odpočet", "propočet", "rozpočet", "účet",
    "svět", "nárůst", "přírůst",
})

__all__ = [
    "ABY_FORMS", "BYT_FUTURE", "BYT_PAST", "BYT_PRESENT", "CASES", "CLITICS", "CONDITIONAL_AUXILIARIES",
    "COORDINATORS", "KDYBY_FORMS", "LI", "MODAL_FORMS", "MODAL_LEMMAS", "NOUNS_LIKE_INFINITIVES",
    "PREPOSITION_CASES", "SUBORDINATORS", "SUPPORT_VERB_FORMS",
]
