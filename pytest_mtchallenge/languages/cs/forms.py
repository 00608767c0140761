"""Czech verb forms and their readings: which verbs a word can be a form of, and which form it is.

A word is read by its shape (its ending) as each form it can be: infinitive (*-t, -ct, -ti*),
l-participle (*-l, -la, -li* …), present or future (*-á, -í, -uje, -ne* …), imperative, passive
participle (*-en, -án, -t*), deverbal noun (*-ní, -tí* and their case forms), present participle
adjective (*-ící, -oucí* and their forms), passive participle adjective (*-ný, -tý* …) and
transgressive (*-íc, -ouc, -v*). Each reading carries the infinitives the word can come from, by
the regular derivations of Czech (the consonant alternations *d–z, t–c, s–š, h–ž, r–ř*, the
*-nout*, *-jmout*, *-ést* classes …) and by simplemma's dictionary where it knows the form, so a
form is matched against lemmas without a full paradigm table.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from pytest_mtchallenge.languages.cs import lemmatizer
from pytest_mtchallenge.languages.cs.words import CASES, NOUNS_LIKE_INFINITIVES

_LENGTH = str.maketrans("áéíýóúůě", "aeiyouue")
VOWELS = frozenset("aáeéěiíoóuúůyý")
#: Long vowels: before *-st, -zt* they make an infinitive (*vést, číst, růst, vézt*), short ones a
#: noun (*test, znalost*).
_LONG = frozenset("áéíóúůý")

#: Readings whose clause is finite (its verb carries person and tense).
FINITE_KINDS = frozenset({"past", "present", "imperative", "passive"})
#: Readings of a non-finite rendering (besides the infinitive, which depends on its governor).
NOMINAL_KINDS = frozenset({"deverbal_noun", "participle_adjective", "passive_adjective", "transgressive",
                           "event_noun"})

_KIND_NAMES = {
    "infinitive": ("an infinitive", ""),
    "past": ("a past form", "l-participle"),
    "present": ("a present or future form", ""),
    "imperative": ("an imperative", ""),
    "passive": ("a passive participle", "short form"),
    "deverbal_noun": ("a deverbal noun", ""),
    "participle_adjective": ("a present participle adjective", ""),
    "passive_adjective": ("a passive participle adjective", ""),
    "transgressive": ("a transgressive", "adverbial participle"),
    "event_noun": ("a form of the event noun", ""),
}


def lemma_key(lemma: str) -> str:
    """A lemma compared without case, vowel length or its reflexive: *Bát se* → ``bat``."""
    words = unicodedata.normalize("NFC", lemma).lower().split()
    if len(words) > 1 and words[-1] in ("se", "si"):
        words = words[:-1]
    return " ".join(words).translate(_LENGTH)


def infinitive_of(word: str) -> str | None:
    """The modern infinitive when ``word`` has an infinitive's shape (*-ti* → *-t*, *moci* → *moct*)."""
    if len(word) >= 4 and word.endswith("ci") and word[-3] in VOWELS:
        return word[:-1] + "t"
    if len(word) >= 3 and word.endswith("ct") and word[-3] in VOWELS:
        return word
    if len(word) >= 5 and word.endswith("ti") and (word[-3] in VOWELS or (word[-3] in "sz" and word[-4] in _LONG)):
        return word[:-1]
    if len(word) >= 3 and word.endswith("t") and (word[-2] in VOWELS or (word[-2] in "sz" and word[-3] in _LONG)):
        return word
    return None


@functools.lru_cache(maxsize=4096)
def lemma_class(lemma: str) -> str:
    """``verb`` for an infinitive (*bát se, péct*), ``noun`` for a noun (*nábor, obava*; *let*, listed),
    ``both`` for an infinitive's shape that simplemma also knows declined as a noun (*růst*, *návrat*:
    *růstu, návratu*)."""
    words = unicodedata.normalize("NFC", lemma).lower().split()
    head = words[0] if words else ""
    if head in NOUNS_LIKE_INFINITIVES or infinitive_of(head) != head:
        return "noun"
    if any(lemmatizer.is_known(head + ending) and lemmatizer.lemma(head + ending) == head
           for ending in ("u", "em", "y", "ů")):
        return "both"
    return "verb"


def is_verb_lemma(lemma: str) -> bool:
    """Whether a lemma can be a verb's infinitive (see :func:`lemma_class`)."""
    return lemma_class(lemma) != "noun"


# -- derivations: a stem back to the infinitives it can come from ---------------------------------

_ALTERNATIONS = {
    "šť": ("st", "šť", "sk"), "žď": ("zd", "žď"), "z": ("z", "d"), "c": ("c", "t", "k"), "š": ("š", "s", "ch"),
    "ž": ("ž", "z", "h", "g"), "č": ("č", "k", "t", "c"), "ř": ("ř", "r"), "ď": ("ď", "d"), "ť": ("ť", "t"),
    "ň": ("ň", "n"),
}


def _unalternate(stem: str) -> tuple[str, ...]:
    """The stems before the consonant alternation of a participle or noun (*dosaz-* ← *dosad-*)."""
    for final in ("šť", "žď"):
        if stem.endswith(final):
            return tuple(stem[:-2] + base for base in _ALTERNATIONS[final])
    if stem and stem[-1] in _ALTERNATIONS:
        return tuple(stem[:-1] + base for base in _ALTERNATIONS[stem[-1]])
    return (stem,)


def passive_infinitives(stem: str) -> set[str]:
    """Infinitives of a passive participle stem, as in the passive (*udeřen*), its adjective
    (*udeřený*) and the deverbal noun (*udeření* ← *udeřen-í*, *přijetí* ← *přijet-í*)."""
    found: set[str] = set()
    if len(stem) < 3:
        return found
    if stem.endswith(("ován", "ovan")):
        found.add(stem[:-4] + "ovat")
    if stem.endswith(("án", "an")):
        found.add(stem[:-2] + "at")
    if stem.endswith(("en", "ěn")):
        base = stem[:-2]
        for original in _unalternate(base):
            found.update({original + "it", original + "et", original + "ět", original + "nout"})
        if base.endswith(("ed", "es")):
            found.add(base[:-2] + "ést")
        if base.endswith("ez"):
            found.add(base[:-2] + "ézt")
        if base.endswith("ř"):
            found.add(base + "ít")
        if base.endswith("čt"):
            found.add(base[:-2] + "číst")
        if base.endswith("řeč"):
            found.add(base[:-3] + "říct")
        elif base.endswith("eč"):
            found.add(base[:-2] + "éct")
    if stem.endswith("nut"):
        found.add(stem[:-3] + "nout")
    elif stem.endswith("ut"):
        found.add(stem[:-2] + "out")
    if stem.endswith(("jat", "jet")):
        found.add(stem[:-2] + "mout")
    if stem.endswith("yt"):
        found.add(stem[:-2] + "ýt")
    if stem.endswith(("it", "at", "et")):
        found.add(stem[:-2] + "ít")
    return found


def past_infinitives(participle: str) -> set[str]:
    """Infinitives of a masculine l-participle (*udeřil, nazval, vedl, navrhl, přijal, šel*)."""
    found: set[str] = set()
    base = participle[:-1]
    if len(base) < 2:
        return found
    last = base[-1]
    if last in "aá":
        found.add(base + "t")
        found.add(base[:-1] + "ít")
        if base.endswith("ja"):
            found.add(base[:-1] + "mout")
    elif last in "ií":
        found.update({base + "t", base[:-1] + "ít"})
    elif last in "eě":
        found.update({base + "t", base[:-1] + "ít"})
        if base.endswith("še"):
            found.add(base[:-2] + "jít")
    elif last in "yý":
        found.add(base[:-1] + "ýt")
    elif last in "uů":
        found.add(base[:-1] + "out")
    elif last not in VOWELS:
        found.add(base + "nout")
        if base.endswith(("ed", "es")):
            found.add(base[:-2] + "ést")
        if base.endswith("ez"):
            found.add(base[:-2] + "ézt")
        if base.endswith("et"):
            found.update({base[:-2] + "íst", base[:-2] + "ést"})
        if base.endswith("ek"):
            found.update({base[:-2] + "éct", base[:-2] + "íct"})
        if base.endswith("oh"):
            found.add(base[:-2] + "oct")
        if base.endswith("ost"):
            found.add(base[:-3] + "ůst")
    return found


_PRESENT_A = ("áme", "áte", "ají", "ám", "áš", "á")
_PRESENT_I = ("íme", "íte", "ejí", "ějí", "ím", "íš", "í")
_PRESENT_UJE = ("ujeme", "ujete", "ujou", "uješ", "uje", "uji", "uju", "ují")
_PRESENT_E = ("eme", "ete", "eš", "ou", "e", "u", "i")


def _e_stem_infinitives(stem: str) -> set[str]:
    """Infinitives of a present stem of the *-e-* conjugations (*nazv-e, přijm-e, ved-e, pij-e*)."""
    found = {stem + "at", stem + "out"}
    if stem.endswith(("ij", "yj")):
        found.add(stem[:-2] + ("ít" if stem[-2] == "i" else "ýt"))
    if stem.endswith(("ed", "es")):
        found.add(stem[:-2] + "ést")
    if stem.endswith("ez"):
        found.add(stem[:-2] + "ézt")
    if stem.endswith("jd"):
        found.add(stem[:-2] + "jít")
    if stem.endswith("č"):
        found.update({stem[:-1] + "ct", stem[:-1] + "kat"})
    if stem.endswith("ž"):
        found.update({stem[:-1] + "zat", stem[:-1] + "hat"})
    if stem.endswith("píš"):
        found.add(stem[:-3] + "psát")
    elif stem.endswith("š"):
        found.add(stem[:-1] + "sat")
    if stem.endswith("ř"):
        found.add(stem + "ít")
    if stem.endswith("čn"):
        found.add(stem[:-1] + "ít")  # začne → začít
    if stem.endswith("čt"):
        found.add(stem[:-2] + "číst")
    if stem.endswith("ost"):
        found.add(stem[:-3] + "ůst")
    return found


def present_infinitives(form: str) -> set[str]:
    """Infinitives of a present (or perfective future) form (*dělá, udeří, kupuje, nazve, vede*)."""
    found: set[str] = set()
    for ending in _PRESENT_UJE:
        if form.endswith(ending) and len(form) > len(ending) + 1:
            found.add(form[:-len(ending)] + "ovat")
    for ending in _PRESENT_A:
        if form.endswith(ending) and len(form) > len(ending) + 1:
            found.add(form[:-len(ending)] + "at")
    for ending in _PRESENT_I:
        if form.endswith(ending) and len(form) > len(ending) + 1:
            base = form[:-len(ending)]
            found.update({base + "it", base + "et", base + "ět"})
    for ending in _PRESENT_E:
        if form.endswith(ending) and len(form) > len(ending) + 1 and form[-len(ending) - 1] not in VOWELS:
            found.update(_e_stem_infinitives(form[:-len(ending)]))
    return found


def imperative_infinitives(form: str) -> set[str]:
    """Infinitives of an imperative (*dělej, kupujte, vyhni, přijměte, udeř, dosaďte, zvažte*)."""
    found: set[str] = set()
    for ending in ("ejte", "ejme", "ej"):
        if form.endswith(ending) and len(form) > len(ending) + 1:
            found.add(form[:-len(ending)] + "at")
    for ending in ("ujte", "ujme", "uj"):
        if form.endswith(ending) and len(form) > len(ending) + 1:
            found.add(form[:-len(ending)] + "ovat")
    for ending in ("ěte", "ěme", "ete", "eme", "i"):
        if form.endswith(ending) and len(form) > len(ending) + 1 and form[-len(ending) - 1] not in VOWELS:
            stem = form[:-len(ending)]
            found.update({stem + "out", stem + "at", stem + "it"})
    bare = form[:-2] if form.endswith(("te", "me")) else form
    # a bare imperative of -it/-et verbs softens d, t, n (dosaď, pusť, braň): a hard one is not one
    if len(bare) >= 3 and bare[-1] not in VOWELS and bare[-1] not in "dtn":
        for stem in _unalternate(bare):
            found.update({stem + "it", stem + "et", stem + "ět"})
    return found


# -- readings ---------------------------------------------------------------------------------------

_L_DETAILS = {"": "masculine singular", "a": "feminine singular or neuter plural", "o": "neuter singular",
              "i": "masculine animate plural", "y": "feminine or masculine inanimate plural"}
_PARTICIPLE_ADJECTIVE = re.compile(r"^(.{2,}?)(ou|í)c(í|ího|ímu|ím|ích|ími)$")
_PRESENT_TRANSGRESSIVE = re.compile(r"^(.{2,}?)(ou|í)ce?$")
_JE_TRANSGRESSIVE = re.compile(r"^(.+?[^aeiouyáéíóúůýě])(a|e|ě)je$")
_PAST_TRANSGRESSIVE = re.compile(r"^(.{2,}[aeiyuáéíýě])(v|vše|vši)$")
_DEVERBAL_NOUN = re.compile(r"^(.{2,}[aáeěiyu][nt])(í|ím|ích|ími)$")
_PASSIVE_ADJECTIVE = re.compile(r"^(.{2,}[aáeěiyu][nt])(ý|á|é|ého|ému|ém|ým|ých|ými|ou)$")
_PASSIVE = re.compile(r"^(.{2,}(?:en|ěn|án|an|[aeiyu]t))(a|o|i|y)?$")
_L_PARTICIPLE = re.compile(r"^(.{2,}l)(a|o|i|y)?$")
_IMPERATIVE_PLURAL = re.compile(r"(?:[^aeiouyáéíóúůýj]|ě|ej|uj)(te|me)$")

#: Soft-declension endings of a deverbal noun (*přijetí*) and the cases they can mark.
NOUN_ENDING_CASES: dict[str, tuple[str, ...]] = {
    "í": ("nominative", "genitive", "dative", "accusative", "locative"),
    "ím": ("instrumental", "dative"),
    "ích": ("locative",),
    "ími": ("instrumental",),
}


@dataclass(frozen=True, slots=True)
class FormReading:
    """One way to read a word: the form it is (``kind``), what the ending says (``detail``) and
    the lemma keys (:func:`lemma_key`) of the verbs or nouns it can be a form of."""

    kind: str
    lemmas: frozenset[str]
    detail: str = ""
    negated: bool = False

    @property
    def finite(self) -> bool:
        return self.kind in FINITE_KINDS

    def describe(self) -> str:
        """The reading in words: *a past form (l-participle, feminine singular or neuter plural)*."""
        name, form = _KIND_NAMES[self.kind]
        parts = [part for part in (form, self.detail, "negated" if self.negated else "") if part]
        return f"{name} ({', '.join(parts)})" if parts else name


#: Monosyllabic verbs whose present ends in *-aje, -eje, -ěje* like a transgressive (*hraje, přeje,
#: směje se*), with or without a prefix (*dopřeje, naleje*).
PRESENT_JE_ROOTS = ("hraje", "zraje", "přeje", "hřeje", "seje", "leje", "věje", "směje")


def _je_transgressive(word: str) -> str | None:
    """The 3rd person plural behind a transgressive in *-aje, -eje, -ěje* (*trvaje* ← *trvají*,
    *uváděje* ← *uvádějí*), or None: not for the presents of :data:`PRESENT_JE_ROOTS`."""
    match = _JE_TRANSGRESSIVE.match(word)
    if not match or word.endswith(PRESENT_JE_ROOTS):
        return None
    return match[1] + match[2] + "jí"


def _keys(*groups: set[str] | frozenset[str]) -> frozenset[str]:
    return frozenset(lemma_key(lemma) for group in groups for lemma in group if lemma)


def _simplemma(word: str) -> set[str]:
    return {lemmatizer.lemma(word)}


@functools.lru_cache(maxsize=65536)
def analyse(word: str) -> tuple[FormReading, ...]:
    """Every reading of ``word`` as a verb form, the most specific shapes first (participle
    adjective, transgressive, deverbal noun, passive adjective, then infinitive, past, passive,
    present, imperative). A word starting with *ne-* is read as negated first (*nenavrhl*), then as
    itself (*nechat*, *nesli*)."""
    word = unicodedata.normalize("NFC", word).lower()
    readings = _analyse(word[2:], negated=True) if word.startswith("ne") and len(word) > 4 else []
    return tuple(readings + _analyse(word, negated=False))


def _analyse(word: str, *, negated: bool) -> list[FormReading]:
    readings: list[FormReading] = []
    nominal = False
    match = _PARTICIPLE_ADJECTIVE.match(word)
    if match:
        present = match[1] + match[2]
        readings.append(FormReading("participle_adjective", _keys(present_infinitives(present), _simplemma(present)),
                                    negated=negated))
        nominal = True
    match = _PRESENT_TRANSGRESSIVE.match(word)
    present = match[1] + match[2] if match else _je_transgressive(word)
    if present:
        readings.append(FormReading("transgressive", _keys(present_infinitives(present), _simplemma(present)),
                                    "present", negated))
    match = _PAST_TRANSGRESSIVE.match(word)
    if match:
        participle = match[1] + "l"
        readings.append(FormReading("transgressive", _keys(past_infinitives(participle), _simplemma(word)),
                                    "past", negated))
    match = _DEVERBAL_NOUN.match(word)
    deverbal = bool(match)
    if match:
        # -ní/-tí is also the present of -nit/-tit verbs (změní, zaplatí, nutí): the finite readings stay
        stem = match[1]
        readings.append(FormReading("deverbal_noun", _keys(passive_infinitives(stem), _simplemma(stem)),
                                    "", negated))
    match = _PASSIVE_ADJECTIVE.match(word)
    if match:
        stem = match[1]
        readings.append(FormReading("passive_adjective", _keys(passive_infinitives(stem), _simplemma(stem)),
                                    negated=negated))
        nominal = True
    infinitive = infinitive_of(word)
    # simplemma's lemma of the word itself belongs to its finite readings, unless the word has the
    # shape of a nominal form or of an infinitive (whose lemma simplemma gives too)
    own = set() if nominal or deverbal or infinitive else _simplemma(word)
    if infinitive:
        readings.append(FormReading("infinitive", _keys({infinitive}, _simplemma(word)), negated=negated))
    match = _L_PARTICIPLE.match(word)
    if match:
        readings.append(FormReading("past", _keys(past_infinitives(match[1]), own),
                                    _L_DETAILS[match[2] or ""], negated))
    match = _PASSIVE.match(word)
    if match and not nominal and not deverbal:
        readings.append(FormReading("passive", _keys(passive_infinitives(match[1]), own), negated=negated))
    if not nominal:
        finite: list[FormReading] = []
        present = present_infinitives(word)
        if present:
            finite.append(FormReading("present", _keys(present, own), negated=negated))
        imperative = imperative_infinitives(word)
        if imperative:
            reading = FormReading("imperative", _keys(imperative, own), negated=negated)
            # -te/-me after a consonant, ě, ej or uj is an imperative (udeřte, přijměte, dělejme); the
            # present has another vowel (udeříte, přijmete) or -jme (přijme)
            finite.insert(0 if _IMPERATIVE_PLURAL.search(word) else len(finite), reading)
        readings.extend(finite)
    return readings


def noun_stems(lemma: str) -> tuple[str, ...]:
    """The stems a noun's case endings attach to (*nábor* → *nábor*; *podpora* → *podpor, podpoř*;
    *výpočet* → *výpočet, výpočt*)."""
    lemma = lemma.lower()
    stems = [lemma[:-1] if lemma[-1] in VOWELS else lemma]
    if lemma[-1] not in VOWELS and len(lemma) > 3 and lemma[-2] == "e" and lemma[-3] not in VOWELS:
        stems.append(lemma[:-2] + lemma[-1])  # the fleeting e: výpočet → výpočtu
    for stem in list(stems):
        final = stem[-1:]
        softened = {"r": "ř", "k": "c", "h": "z", "g": "z"}.get(final)
        if softened:
            stems.append(stem[:-1] + softened)  # podpora → podpoře, útok → útoce
        if stem.endswith("ch"):
            stems.append(stem[:-2] + "š")
    return tuple(dict.fromkeys(stems))


#: Case endings by the lemma's final letter: soft neuters in -í (*přijetí*), feminines in -a (*obava*)
#: and -e (*chůze*), neuters in -o, and consonant-final masculines and feminines (*nábor, úder*).
_NOUN_ENDINGS = {
    "í": frozenset({"í", "ím", "ích", "ími"}),
    "a": frozenset({"a", "y", "e", "ě", "u", "ou", "o", "", "ám", "ách", "ami", "i"}),
    "e": frozenset({"e", "i", "í", "ím", "ích", "emi", "ěmi", "ě", "ou"}),
    "ě": frozenset({"ě", "i", "í", "ím", "ích", "emi", "ěmi", "e", "ou"}),
    "o": frozenset({"o", "a", "u", "ě", "e", "em", "y", "ům", "ech", "ích", "", "ou"}),
    "": frozenset({"", "u", "a", "e", "ě", "em", "ovi", "i", "y", "ů", "ům", "ech", "ích", "ách", "ami", "emi",
                   "ové", "í", "ím", "ími", "ou", "ěm", "ám"}),
}


def noun_reading(word: str, lemma: str, *, endings_only: bool = False) -> FormReading | None:
    """The reading of ``word`` as a form of the noun ``lemma`` (*náboru* of *nábor*), or None. With
    ``endings_only`` (a lemma that is a verb too, *růst*), only a stem with a case ending counts
    (*růstu*), not simplemma's lemma (*roste* → *růst*) nor the bare lemma (an infinitive as well)."""
    word = unicodedata.normalize("NFC", word).lower()
    lemma = unicodedata.normalize("NFC", lemma).lower()
    kind = "deverbal_noun" if lemma.endswith(("ní", "tí")) else "event_noun"
    if endings_only and word == lemma:
        return None
    negated = False
    for candidate in ([word, word[2:]] if word.startswith("ne") and len(word) > 3 and not lemma.startswith("ne")
                      else [word]):
        known = not endings_only and lemma_key(lemmatizer.lemma(candidate)) == lemma_key(lemma)
        endings = _NOUN_ENDINGS.get(lemma[-1], _NOUN_ENDINGS[""]) if lemma[-1] in VOWELS else _NOUN_ENDINGS[""]
        if known or any(candidate.startswith(stem) and candidate[len(stem):] in endings
                        for stem in noun_stems(lemma)):
            return FormReading(kind, frozenset({lemma_key(lemma)}), negated=negated)
        negated = True
    return None


def noun_ending(word: str) -> str:
    """The case ending of a deverbal noun form (*udeřením* → ``ím``), "" when it has none of them."""
    return next((e for e in ("ími", "ích", "ím", "í") if word.lower().endswith(e)), "")


def case_of(ending: str, preposition: str | None, governed: frozenset[str] | None) -> str:
    """The case(s) a soft noun ending marks, narrowed by the preposition before it (*s udeřením*:
    instrumental), said in words."""
    cases = NOUN_ENDING_CASES.get(ending, ())
    if governed:
        narrowed = tuple(c for c in cases if c in governed)
        if narrowed:
            cases = narrowed
    if not cases:
        return ""
    if ending == "ím" and not governed:
        return "instrumental singular or dative plural"
    ordered = [c for c in CASES if c in cases]
    return ordered[0] if len(ordered) == 1 else ", ".join(ordered[:-1]) + " or " + ordered[-1]


__all__ = [
    "FINITE_KINDS", "FormReading", "NOMINAL_KINDS", "NOUN_ENDING_CASES", "analyse", "case_of", "imperative_infinitives",
    "infinitive_of", "is_verb_lemma", "lemma_class", "lemma_key", "noun_ending", "noun_reading", "noun_stems", "passive_infinitives",
    "past_infinitives", "present_infinitives",
]
