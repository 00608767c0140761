"""The ``verb_ellipsis`` family: an English elided verb phrase ("I did.") rendered in French."""
from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.en.ellipsis import Ellipsis, context_verbs, read_ellipsis
from pytest_mtchallenge.languages.fr.lexicon import Analysis, Lexicon
from pytest_mtchallenge.languages.fr.reader import PRONOUNS, SUBJECT_CLITICS, readings
from pytest_mtchallenge.languages.fr.syntax import negated
from pytest_mtchallenge.languages.fr.words import (
    DATIVE_EXPERIENCER_VERBS, PRONOMINAL_SENSES, english_renderings, english_verbs_of, non_agentive,
)
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.verdict import Outcome, Verdict

_PARAMS = {"lemma", "synonyms"}

#: Verbs that render the same English verb in an answer: repeating either one repeats the verb
#: ("You know him? — Gibbons did." → *Gibbons le connaissait* or *Gibbons savait*). Symmetric. A
#: multi-word verb is its head verb and fixed words (*être obligé*).
SYNONYM_GROUPS: tuple[frozenset[str], ...] = tuple(frozenset(group) for group in (
    {"savoir", "connaître"}, {"penser", "croire"}, {"vouloir", "souhaiter", "désirer", "avoir envie"},
    {"aimer", "adorer"}, {"dire", "raconter", "affirmer"}, {"parler", "discuter"}, {"voir", "apercevoir"},
    {"entendre", "écouter"}, {"venir", "arriver"}, {"revenir", "rentrer", "retourner"},
    {"partir", "quitter", "aller"}, {"finir", "terminer", "achever"}, {"commencer", "débuter"},
    {"arrêter", "cesser"}, {"essayer", "tenter"}, {"aider", "assister"}, {"appeler", "téléphoner"},
    {"comprendre", "saisir"}, {"avoir", "posséder"}, {"mourir", "décéder"}, {"tuer", "assassiner"},
    {"souvenir", "rappeler"}, {"trouver", "retrouver"}, {"gagner", "remporter"}, {"sembler", "paraître"},
    {"travailler", "bosser"}, {"manger", "bouffer"}, {"promettre", "jurer"}, {"donner", "offrir"},
    {"accepter", "consentir"}, {"marcher", "fonctionner"}, {"devoir", "être obligé", "falloir"},
    {"avoir besoin", "falloir"}, {"faire confiance", "fier"}, {"aimer", "aimer bien"},
))
AUXILIARIES = frozenset({"avoir", "être"})
SUBJECTS = SUBJECT_CLITICS | frozenset({"c'", "ce", "ça", "cela", "qui"})
CLITICS = frozenset({"me", "m'", "te", "t'", "se", "s'", "le", "la", "l'", "les", "lui", "leur", "y", "en", "nous",
                     "vous"})
NEGATION = frozenset({"ne", "n'", "pas", "plus", "jamais", "rien", "point", "guère"})
#: Words after which a verb form is read as a verb (a subject, a clitic, the negation, a relative).
_VERBAL_LEFT = SUBJECTS | CLITICS | NEGATION | {"qu'", "que", "-"}
DETERMINERS = frozenset({"un", "une", "des", "du", "au", "aux", "ce", "cet", "cette", "ces", "mon", "ma", "mes", "ton",
                         "ta", "tes", "son", "sa", "ses", "notre", "votre", "leur", "nos", "vos", "leurs", "quel",
                         "quelle", "quels", "quelles", "bonne", "bon", "belle", "beau"})
PREPOSITIONS = frozenset({"à", "de", "d'", "pour", "sans", "par", "avec", "sur", "dans", "après", "avant"})
#: Indefinite pronouns that may be the subject before a clitic (*quelqu'un le sait*).
_INDEFINITE_SUBJECTS = frozenset({"quelqu'un", "personne", "chacun", "chacune", "tous", "monde", "rien", "aucun"})
#: Subjects that name no agent: *le faire* after them stands for no action (*ça l'a fait*).
_INANIMATE_SUBJECTS = frozenset({"ça", "cela", "ce", "c'"})
#: Forms read as the frequent one of their verbs (*suis*: être, not suivre, unless an object clitic
#: comes before it: *je te suis*; *vit*: vivre, not the literary past of voir).
_FREQUENT_READING = {"suis": "être", "sommes": "être", "vis": "vivre", "vit": "vivre", "est": "être", "été": "être"}
#: Verbs that render English auxiliaries and modals (*will*, *can*, *should*, *would like*, *'d better*)
#: as often as a verb: the context translation's use of one says nothing of the antecedent's verb.
_MODAL_VERBS = frozenset({"avoir", "être", "aller", "venir", "faire", "vouloir", "pouvoir", "devoir", "falloir",
                          "aimer", "savoir", "valoir", "laisser"})
#: Verbs that head multi-word verbs (*avoir besoin*, *être obligé*, *faire confiance*): ctxpro's lemma
#: may be the head alone.
_LIGHT_VERBS = frozenset({"avoir", "être", "faire"})
#: Verbs that are an action in one sense and not in another (*arriver*: arrive or happen): *le faire*
#: stands for them only when the English verb is known to be an action.
_TWO_SENSES = frozenset({"arriver", "rappeler", "marcher", "passer", "tenir", "sortir", "compter"})
#: How French renders an English modal idiom of the answer (*You'd better.* → *Tu as intérêt.*):
#: the modal, its complement left understood as in English.
MODAL_RENDERINGS: Mapping[str, tuple[str, ...]] = {
    "better": ("avoir intérêt", "valoir mieux", "falloir", "faire mieux", "devoir"),
    "rather": ("préférer", "aimer mieux", "valoir mieux"),
}
#: Pro-forms standing for the whole elided clause: *je crois que oui*, *c'est vrai*, *moi aussi*.
_PRO_SENTENCE = re.compile(
    r"\b(?:que\s+(?:oui|non|si)|(?:c'|ce\s+n'|ça\s+n')\s*(?:est|était|étais|sera|serait|a\s+été)\s+(?:pas\s+|plus\s+|"
    r"toujours\s+|bien\s+|enfin\s+|aussi\s+|déjà\s+|encore\s+|souvent\s+|jamais\s+|[^\W\d_]+ment\s+)?"
    r"(?:le\s+cas|vrai|exact|sûr|ça|moi|toi|lui|elle|nous|vous|eux|elles)|en\s+(?:va|est|était|sera|serait|a\s+été)"
    r"\s+de\s+même|(?:moi|toi|lui|elle|nous|vous|eux|elles)\s+(?:aussi|non\s+plus|pas)|bien\s+sûr|pas\s+(?:moi|toi|"
    r"lui|elle|nous|vous|eux|elles))\b", re.IGNORECASE)
#: Reassurance formulae answering a request without its verb (*Don't forget. — I won't.* → *Comptez sur
#: moi.*, *Sans faute.*): an answer without the elided verb, unless their own verb is the one elided.
_REASSURANCE = re.compile(r"\b(?:(?:(?:tu\s+peux|vous\s+pouvez)\s+)?compte(?:[zs]|r)?\s+sur\s+(?:moi|nous)|sans\s+faute)\b",
                          re.IGNORECASE)
#: A clause restating the antecedent's proposition: positive (*c'est le cas*, *ça arrivera*), negative
#: (*ce n'est pas le cas*), or copying its polarity (*il en va de même*).
_RESTATEMENT = re.compile(
    r"\b(?P<negative>(?:ce|ça|cela)\s+n'\s*(?:est|était|sera|serait|a\s+été)\s+(?:pas|plus|jamais)\s+le\s+cas|"
    r"(?:ça|cela)\s+n'\s*(?:arrive|arrivera|arriverait|arrivait|est\s+pas\s+arrivé)\b)|"
    r"(?P<positive>c'\s*(?:est|était|sera|serait|a\s+été)\s+(?:\w+ment\s+|bien\s+|toujours\s+|déjà\s+|encore\s+)?"
    r"le\s+cas|(?:ça|cela)\s+(?:arrive|arrivera|arriverait|est\s+arrivé|va\s+arriver))|"
    r"(?P<same>en\s+(?:va|est|était|sera|serait|a\s+été)\s+de\s+même)", re.IGNORECASE)
#: Replies that agree with what was just said (*c'est vrai*, *oui*, *non* after a negative claim), at
#: the start of an answer: after an English answer that contradicts (*I don't know him. — Yes you
#: do.*), they say the opposite of it. *Bien sûr* renders the English *of course* and agrees with
#: nothing by itself.
_AGREEING = re.compile(r"^(?:(?:mais|oh|ah|eh\s+bien|euh|bon|alors|hé|eh)\s*,?\s*)*(?P<reply>oui|ouais|exact|"
                       r"exactement|en\s+effet|tout\s+à\s+fait|absolument|d'accord|c'est\s+(?:bien\s+)?"
                       r"(?:vrai|exact|ça|juste)|(?P<no>non))\b", re.IGNORECASE)
#: A fragment carrying a polarity: *moi aussi* (positive), *moi non plus*, *pas moi* (negative).
_FRAGMENT = re.compile(r"\b(?:[^\W\d_]+\s+(?P<positive>aussi)|[^\W\d_]+\s+(?P<negative>non\s+plus)|"
                       r"(?P<negative2>pas)\s+(?:moi|toi|lui|elle|nous|vous|eux|elles))\b", re.IGNORECASE)
#: The contradicting particle *si*, alone or closing a fragment (*Si.*, *Moi, si.*, *Oh que si !*).
_SI = re.compile(r"(?:^|[\s,;:.!?'’\-])si(?=\s*(?:[,;:.!?…]|$))", re.IGNORECASE)
#: Fixed expressions whose words are no verbs of the sentence: question and tag particles, adverbs.
_FIXED = re.compile(r"\b(?:qu'\s*est-ce\s+(?:que|qu'|qui)|est-ce\s+(?:que|qu')|n'est-ce\s+pas|peut-être|c'est-à-dire|"
                    r"n'importe|en\s+fait|tout\s+à\s+fait|s'il\s+(?:te|vous)\s+plaît|je\s+veux\s+dire|voyons|"
                    r"au\s+revoir|à\s+bientôt|à\s+plus\s+tard|c'est\s+tout)\b", re.IGNORECASE)
#: A discourse marker closing a remark ("Moi aussi, tu sais."), not the answer itself ("Si, tu sais.").
_TAG = re.compile(r"(?P<head>[^,]*),\s*(?:tu\s+sais|vous\s+savez|tu\s+vois|vous\s+voyez)(?=\s*(?:[.!?,…]|$))",
                  re.IGNORECASE)
_ANSWER_PARTICLES = frozenset({"", "oui", "non", "si", "mais", "mais si", "mais non", "ouais", "bien sûr", "eh bien"})
_WORD = re.compile(r"quelqu'une?s?|aujourd'hui|[^\W\d_]+'|[^\W\d_]+|\d+|[,;:!?.…—]")
#: A dash that opens a turn of dialogue (*- Oui. -Non.*), not a hyphen inside a word (*a-t-il*).
_TURN = re.compile(r"(?:^|(?<=\s))[-–—]+")
_BREAKS = frozenset({",", ";", ":", ".", "!", "?", "…", "—"})
_FINITE = frozenset({"indicative", "conditional", "subjunctive", "imperative"})
#: Reflexive clitics and their person: before a verb, with a subject of the same person, they make it
#: pronominal (*tu te rappelles*; *tu me rappelles* is not).
_REFLEXIVE_PERSON = {"me": 1, "m'": 1, "te": 2, "t'": 2, "se": 3, "s'": 3, "nous": 1, "vous": 2}
#: Datives and their person: the experiencer of *manquer à* (*tu me manques*, *il manque à Paul*).
_DATIVE_PERSON = {"me": 1, "m'": 1, "te": 2, "t'": 2, "lui": 3, "leur": 3, "nous": 1, "vous": 2}
_ENGLISH_PERSON = {"i": 1, "we": 1, "you": 2}
_PERSON_NAMES = {1: "1st person", 2: "2nd person", 3: "3rd person"}
#: The French modal that may render an English auxiliary (*Will you marry me?* → *Veux-tu m'épouser ?*):
#: its form with *le* echoes a question built on it (*— Je le veux.*) as the English answer echoes
#: the auxiliary (*— I will.*).
_ECHO_MODALS = {"will": "vouloir", "would": "vouloir", "can": "pouvoir", "should": "devoir", "must": "devoir"}
_FUNCTION_WORDS = frozenset({"adv", "prep", "det", "pron", "clitic", "conj"})


@dataclass(frozen=True, slots=True)
class VerbForm:
    """A verb of the output: its word, lemmas, a description and whether it is a pro-verb or auxiliary."""

    index: int
    word: str
    lemmas: frozenset[str]
    readings: tuple[Analysis, ...]
    auxiliary: bool = False  # avoir or être before a past participle
    pro_verb: bool = False  # faire with le/l' (le faire, je l'ai fait), or faire de même
    head: int = -1  # the finite verb of its clause (its auxiliary, the modal before an infinitive)

    def describe(self, lemmas: frozenset[str] = frozenset()) -> str:
        """The word and its reading (the reading of one of ``lemmas`` when it has one)."""
        chosen = next((a for a in sorted(self.readings, key=lambda a: a.pos != "verb") if a.lemma in lemmas),
                      self.readings[0])
        return f"{self.word} ({chosen.describe()})"


@dataclass(frozen=True, slots=True)
class Expected:
    """What repeats the elided verb: single verbs (lemmas) and multi-word verbs (head, fixed words)."""

    lemma: str
    verbs: frozenset[str]
    phrases: tuple[tuple[str, tuple[str, ...]], ...] = ()
    own: frozenset[str] = frozenset()  # the item's own verbs: the lemma, its synonyms given as parameters

    def with_verbs(self, more: Sequence[str]) -> Expected:
        singles = {verb for verb in more if " " not in verb}
        phrases = {_phrase(verb) for verb in more if " " in verb} | set(self.phrases)
        return Expected(self.lemma, self.verbs | singles, tuple(sorted(phrases)), self.own)


def synonyms_of(lemma: str) -> frozenset[str]:
    """The verbs that count as repeating ``lemma`` (itself included)."""
    found = {lemma}
    for group in SYNONYM_GROUPS:
        if lemma in group:
            found |= group
    return frozenset(found)


def _phrase(verb: str) -> tuple[str, tuple[str, ...]]:
    """A multi-word verb as its head and fixed words (*avoir l'air* → avoir, (l', air))."""
    head, _, rest = verb.partition(" ")
    return head, tuple(_WORD.findall(rest.lower()))


def _lemmas(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError("synonyms must be a verb or a list of verbs (infinitives)")
    return tuple(" ".join(v.split()).lower() for v in value)


@dataclass(frozen=True, slots=True)
class VerbEllipsisParams(FamilyParams):
    """The antecedent's verb and its synonyms, each with its words joined by one space, lowercased."""

    lemma: str  # an infinitive (connaître) or a verb with its fixed words (avoir besoin)
    synonyms: tuple[str, ...] = ()

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> VerbEllipsisParams:
        reject_unknown(mapping, _PARAMS)
        lemma = mapping.get("lemma")
        if not isinstance(lemma, str) or not lemma.strip() or len(lemma.split()) > 4:
            raise ValueError("lemma is required: the antecedent's French verb, as an infinitive (connaître), "
                             "or a verb with its fixed words (avoir besoin)")
        return cls(" ".join(lemma.split()).lower(), _lemmas(mapping.get("synonyms")))


class VerbEllipsisChecker(FrenchChecker):
    """An English elided verb phrase (*Course I did.*, *I will.*, *She would.*) rendered in French,
    where an auxiliary cannot stand alone: by the antecedent's verb, by *le faire* for an action, or
    by a clause or particle that keeps the answer's polarity.

    Parameters: ``lemma``: the antecedent's French verb (ctxpro's ``ref verb lemma``, *connaître*),
    or a multi-word verb (*avoir besoin*, *faire confiance*); ``synonyms`` (optional): more verbs
    that count as the same. The family reads the English (the answer and its context) for the
    answer's polarity, the antecedent clause and its verb, and the output's verbs through the lexicon.

    Pass: the verb, a synonym or a rendering of the English antecedent (*savoir* for *know*),
    in any tense or person, with the English answer's polarity; a modal with *le* that echoes the
    system's own question on that modal and the verb (*Veux-tu m'épouser ? — Je le veux.* for *Will
    you marry me? — I will.*), as the English answer echoes its auxiliary; *le faire* for an action (*call*,
    *help*); a restating clause of the right polarity (*c'est le cas*, *ce n'est pas le cas*);
    *si* for a positive answer that contradicts a negative. Fail: the polarity reversed; *le
    faire* for a state, a modal or an event (*know*, *have to*, *die*); a bare agreeing reply
    (*c'est vrai*, *oui*) to an answer that contradicts; another verb, and the pronominal verb of
    its own sense for the plain one (*tu ne te rappelleras pas*, remember, for *rappeler*, call back);
    *manquer à* with its roles reversed (*I'll miss you. — Everyone will.* → *Tout le monde te
    manquera*: the one who misses is the dative of *manquer*, not its subject). N/a: another answer
    without a verb (*Moi aussi.*, *Je crois que oui.*, a reassurance formula: *Comptez sur moi.*,
    *Sans faute.*); an English answer cut off after its
    auxiliary (*wouldn't…*); *do* with its own object (*I did it*), which is no ellipsis unless
    the output drops *faire*.
    """

    name = "verb_ellipsis"
    description = ("Verb-phrase ellipsis: the antecedent's verb (or le faire for an action) repeated with the "
                   "answer's polarity")
    # 3: the pronominal verb of its own sense fails, manquer with its roles reversed fails, a modal with le
    # echoing the context translation's question passes, reassurance formulae are answers without the verb
    version: ClassVar[str] = "3"
    Params = VerbEllipsisParams

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        super().__init__(lexicon)
        self._cache: dict[str, tuple[Analysis, ...]] = {}

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        expected = self._expected(item)
        english = read_ellipsis(item.source, item.context, renderings=self._english_verbs(expected.own))
        if english.cut:
            return Verdict.not_applicable("the English answer stops after its auxiliary (a subtitle cut off): "
                                          "its verb phrase is missing, not elided")
        antecedent = english.antecedent.lemma if english.antecedent is not None else None
        renderings = english_renderings().get(antecedent, ()) if antecedent else ()
        confirmed = antecedent in self._english_verbs(expected.own) or (
            expected.lemma in _LIGHT_VERBS and any(verb.startswith(expected.lemma + " ") for verb in renderings))
        if confirmed:  # the English antecedent renders the expected verb: its other renderings repeat it
            expected = expected.with_verbs(renderings)
        if english.family == "would" and english.antecedent is not None and (
                english.antecedent.modal == "like" or antecedent in ("like", "love", "adore", "enjoy")):
            # would like, would love: aimer (bien) or vouloir in the conditional; the complement may go
            expected = expected.with_verbs(("aimer", "aimer bien", "vouloir"))
        if english.governor:  # I want to.: the governing verb, its infinitive left understood
            expected = expected.with_verbs(english_renderings().get(english.governor, (english.governor,)))
        text = _TAG.sub(_drop_tag, _FIXED.sub(" , ", normalise_text(output)))
        words = _words(text)
        pro_sentence = _PRO_SENTENCE.search(text)
        framed = set(_framed_words(words, text, pro_sentence)) if pro_sentence else set()
        reassurance = _REASSURANCE.search(text)
        formula = set(_framed_words(words, text, reassurance)) if reassurance else set()
        verbs = [verb for verb in self.verbs(words) if verb.index not in framed
                 and (verb.index not in formula or verb.lemmas & expected.verbs)]
        pro_sentence = pro_sentence or reassurance
        if english.groups and all(group.main_do for group in english.groups):
            return self._main_do(expected, verbs)
        repeated = self._repeated(expected, english, words, verbs)
        if repeated is not None and repeated.outcome is Outcome.PASS:
            return repeated
        pro_verb = self._pro_verb(expected, english, words, verbs, confirmed=confirmed)
        if pro_verb is not None:  # le faire decides, right or wrong, unless the verb is repeated
            return pro_verb if pro_verb.outcome is Outcome.PASS or repeated is None else repeated
        others = self._other_verbs(english, verbs)
        without_verb = self._without_verb(english, text, words, others=bool(others))
        if without_verb is not None and (without_verb.outcome is Outcome.PASS or repeated is None):
            # a clause or particle that keeps the answer's polarity, even beside a verb that reverses it
            # (a sentence of the context left in the output): the answer is rendered
            return without_verb
        if repeated is not None:
            return repeated
        if others and context:
            reused = self._from_context(english, context, item.context, others)
            if reused:
                verdict = self._repeated(expected.with_verbs(reused), english, words, verbs,
                                         how="as the system's translation of the context renders the antecedent")
                if verdict is not None:
                    return verdict
            echo = self._modal_echo(expected, english, context, words, verbs)
            if echo is not None:
                return echo
        if others:
            return Verdict.failed(
                f"the elided verb {expected.lemma} is rendered by another verb: "
                + ", ".join(v.describe() for v in others), *(v.word for v in others))
        modal = self._modal(english, verbs)
        if modal is not None:
            return modal
        if pro_sentence:
            return Verdict.not_applicable(f"an idiomatic answer without the verb: “{pro_sentence.group(0)}”",
                                          pro_sentence.group(0))
        return Verdict.not_applicable("an answer without a verb: the elided verb phrase is not rendered by one")

    # --- what counts as the verb ----------------------------------------------------------------------

    def _expected(self, item: ChallengeItem) -> Expected:
        params = VerbEllipsisParams.of(item)
        lemma, synonyms = params.lemma, params.synonyms
        # the reference tells only what an auxiliary or the head of a multi-word verb stands for
        reference = item.references[0] if item.references and lemma in _LIGHT_VERBS else ""
        return self._expected_for(lemma, synonyms, reference)

    @functools.lru_cache(maxsize=4096)  # noqa: B019 — the checker lives as long as the run
    def _expected_for(self, lemma: str, synonyms: tuple[str, ...], reference: str) -> Expected:
        if " " not in lemma and not self._is_infinitive(lemma):
            # a form given as the lemma ("mérite") stands for its verb
            lemma = next(iter(sorted(a.lemma for a in self._analyses(lemma) if a.pos == "verb"
                                     and a.mood != "infinitive")), lemma)
        if lemma in AUXILIARIES and reference:
            # ctxpro took the auxiliary of a compound tense (Tu as gagné.): the lexical verb is the one
            reference_words = _words(normalise_text(reference))
            lexical = [verb for verb in self.verbs(reference_words) if not verb.auxiliary
                       and not verb.lemmas & AUXILIARIES and any(
                           found.auxiliary and found.lemmas & {lemma} and found.index < verb.index
                           for found in self.verbs(reference_words))]
            if lexical:
                lemma = min(lexical[0].lemmas)
        verbs: set[str] = set()
        if lemma in _LIGHT_VERBS and reference:
            # the head of a multi-word verb (avoir for Non, tu n'en as pas besoin): the whole verb
            reference_words = _words(normalise_text(reference))
            for verb in self.verbs(reference_words):
                for head, fixed in _known_phrases():
                    if head == lemma and head in verb.lemmas and _fixed_words_follow(reference_words, verb.index,
                                                                                   fixed, reach=3):
                        verbs.add(" ".join((head, *fixed)).replace("' ", "'"))
        own = {lemma, *synonyms, *verbs}
        for name in (lemma, *synonyms):
            verbs |= synonyms_of(name)
        return Expected(lemma, frozenset(), own=frozenset(own)).with_verbs(sorted(verbs))

    @staticmethod
    def _english_verbs(verbs: frozenset[str]) -> frozenset[str]:
        found: set[str] = set()
        for verb in verbs:
            found |= english_verbs_of(verb)
        return frozenset(found)

    def _matches(self, expected: Expected, verb: VerbForm, words: Sequence[str]) -> bool:
        matched = verb.lemmas & expected.verbs
        if matched and not verb.auxiliary and not (verb.pro_verb and "faire" not in expected.verbs) and not any(
                head in matched and (head, fixed) not in expected.phrases
                and _fixed_words_follow(words, verb.index, fixed, reach=2) for head, fixed in _known_phrases()):
            return True  # the verb itself, not a multi-word verb on it (j'en ai besoin is not avoir)
        for head, fixed in expected.phrases:
            if head in verb.lemmas and _fixed_words_follow(words, verb.index, fixed):
                return True
        return False

    # --- the verdicts ---------------------------------------------------------------------------------

    def _repeated(self, expected: Expected, english: Ellipsis, words: Sequence[str],
                  verbs: Sequence[VerbForm], how: str = "") -> Verdict | None:
        """The verb repeated (or a participle of it in a verbless answer), with the answer's polarity."""
        repeated = [verb for verb in verbs if self._matches(expected, verb, words)]
        pronominal = {verb.index: sense for verb in repeated if (sense := _other_pronominal(english, words, verb))}
        if pronominal and len(pronominal) == len(repeated):
            found = repeated[0]
            lemma = pronominal[found.index]
            return Verdict.failed(
                f"{found.word} is the pronominal se {lemma} ({', '.join(sorted(PRONOMINAL_SENSES[lemma]))}), a verb "
                f"of its own: the English antecedent is {english.antecedent.lemma if english.antecedent else '?'}, "
                f"not what se {lemma} renders", *(verb.word for verb in repeated))
        repeated = [verb for verb in repeated if verb.index not in pronominal]
        if not repeated and not [verb for verb in verbs if not verb.auxiliary]:
            repeated = self._participles(expected, words)
        if not repeated:
            return None
        found = repeated[0]
        lemma = expected.lemma
        via = sorted((found.lemmas & expected.verbs) or {head for head, _ in expected.phrases} & found.lemmas)
        synonym = "" if lemma in found.lemmas or lemma.split(" ")[0] in found.lemmas else \
            f" ({how or 'a synonym or a rendering of the English verb'}: {', '.join(via)})"
        right = [verb for verb in repeated if english.negative is None
                 or negated(words, verb.head if verb.head >= 0 else verb.index) == english.negative]
        if not right:
            return Verdict.failed(
                f"the polarity is reversed: the English answer is {_polarity(english.negative)}, the French "
                f"repeats {lemma} {'negated' if not english.negative else 'without a negation'}: "
                f"{found.describe(expected.verbs)}", *(v.word for v in repeated))
        reversed_roles = _reversed_roles(english, words, right[0])
        if reversed_roles:
            return Verdict.failed(reversed_roles, right[0].word)
        return Verdict.passed(f"repeats the elided verb {lemma}{synonym}: {right[0].describe(expected.verbs)}",
                              *(v.word for v in right))

    def _participles(self, expected: Expected, words: Sequence[str]) -> list[VerbForm]:
        """Past participles of the verb in an answer without a finite verb (*Compris.*, *Promis !*)."""
        found = []
        for index, word in enumerate(words):
            analyses = self._analyses(word)
            participles = [a for a in analyses if a.mood == "participle" and a.lemma in expected.verbs]
            if participles and not any(a.pos in _FUNCTION_WORDS for a in analyses):  # not "plus" (plaire)
                found.append(VerbForm(index=index, word=word, lemmas=frozenset(a.lemma for a in participles),
                                      readings=tuple(participles), head=index))
        return found

    def _pro_verb(self, expected: Expected, english: Ellipsis, words: Sequence[str],
                  verbs: Sequence[VerbForm], *, confirmed: bool) -> Verdict | None:
        """*le faire*: right for an action, wrong for a state, a modal or an event."""
        pro_verbs = [verb for verb in verbs if verb.pro_verb]
        if not pro_verbs:
            return None
        found = pro_verbs[0]
        lemma = expected.lemma
        english_verb = english.antecedent.lemma if english.antecedent is not None else None
        why = None
        if non_agentive(lemma):
            why = f"{lemma} names a state, a modal or an event, not an action"
        elif english.agentive is False:
            why = (f"the English {english_verb} names a state, a modal or an event, not an action"
                   if english_verb and not english.inanimate else "its English subject is no agent")
        elif lemma != "faire" and lemma.endswith("faire"):
            why = f"faire is not {lemma}"
        elif _inanimate_subject(words, found.index) and not _passive_done(words, found.index):
            why = "its subject is no agent"
        elif lemma in _TWO_SENSES and not (confirmed and english.agentive is True):
            why = f"{lemma} is an action only in some senses, and the English verb does not say which"
        if why:
            return Verdict.failed(f"the pro-verb faire ({found.word}) stands for {lemma}, but {why}: French "
                                  "repeats the verb", *(v.word for v in pro_verbs))
        right = [verb for verb in pro_verbs if english.negative is None
                 or negated(words, verb.head if verb.head >= 0 else verb.index) == english.negative]
        action = f"the action {english_verb}" if english_verb else f"the action {lemma}"
        if not right:
            return Verdict.failed(f"the polarity is reversed: the English answer is {_polarity(english.negative)}, "
                                  f"the pro-verb faire ({found.word}) is "
                                  f"{'negated' if not english.negative else 'not negated'}",
                                  *(v.word for v in pro_verbs))
        return Verdict.passed(f"the pro-verb faire ({right[0].word}) stands for {action}", right[0].word)

    def _without_verb(self, english: Ellipsis, text: str, words: Sequence[str], *, others: bool) -> Verdict | None:
        """A restating clause, the particle *si*, an agreeing reply or a fragment: decided by polarity
        (*si* renders the answer only without another verb: *Si, tu en as* is not *Si, tu en as besoin*)."""
        restated = _RESTATEMENT.search(text)
        contradicts = english.contradicts
        si = bool(_SI.search(text)) and not others
        if restated:
            said = restated.group(0)
            if restated.group("same"):
                if contradicts is None:
                    return None
                if contradicts:
                    return Verdict.failed(f"“{said}” repeats the previous claim, which the English answer "
                                          "contradicts", said)
                return Verdict.passed(f"“{said}” restates the antecedent, as the English answer does", said)
            negative = bool(restated.group("negative"))
            if english.negative is None:
                return None
            if negative != english.negative:
                return Verdict.failed(f"the polarity is reversed: the English answer is "
                                      f"{_polarity(english.negative)}, “{said}” is {_polarity(negative)}", said)
            if contradicts and not negative and not si:
                return Verdict.failed(f"“{said}” without si reads as agreeing with the negative claim that the "
                                      "English answer contradicts", said)
            return Verdict.passed(f"“{said}” restates the antecedent with the answer's polarity", said)
        if si and english.negative is True:
            return Verdict.failed("the polarity is reversed: si answers yes, the English answer is negative", "si")
        if si and contradicts and english.negative is False:
            return Verdict.passed("si contradicts the negative claim, as the English answer does", "si")
        if contradicts and english.previous is not None and not si:
            agreeing = _AGREEING.match(" ".join(text.split()).lstrip(" -–—\"«“'"))
            if agreeing and (not agreeing.group("no") or english.previous.negative):
                reply = agreeing.group("reply")
                return Verdict.failed(f"“{reply}” agrees with the previous claim, which the English answer "
                                      "contradicts: the meaning is reversed", reply)
        fragment = _FRAGMENT.search(text)
        if fragment and english.negative is not None and not [w for w in words if w in ("ne", "n'")]:
            negative = not fragment.group("positive")
            if negative != english.negative:
                return Verdict.failed(f"the polarity is reversed: the English answer is "
                                      f"{_polarity(english.negative)}, “{fragment.group(0)}” is "
                                      f"{_polarity(negative)}", fragment.group(0))
        return None

    def _modal_echo(self, expected: Expected, english: Ellipsis, context: tuple[str, ...], words: Sequence[str],
                    verbs: Sequence[VerbForm]) -> Verdict | None:
        """A modal with *le* (*Je le veux.*) where the system's translation of the context asked with that
        modal and the verb (*Veux-tu m'épouser ?* for *Will you marry me?*): the answer echoes the
        question, as the English answer echoes its auxiliary: only where the answer's auxiliary is the
        antecedent's own (*Will you marry me? — I will.*; not *I want to meet him. — You will.*, where
        *vouloir* renders *want*)."""
        family = english.family
        if english.antecedent is None or family != english.antecedent.family or family not in _ECHO_MODALS:
            return None
        for verb in verbs:
            modal = verb.lemmas & {_ECHO_MODALS[family]}
            position = verb.index - 1
            while position >= 0 and words[position] in ("ne", "n'"):
                position -= 1
            if not modal or verb.auxiliary or position < 0 or words[position] not in ("le", "l'"):
                continue
            for sentence in context[-3:]:
                context_words = _words(normalise_text(sentence))
                found = self.verbs(context_words)
                asked = next((other for form in found if form.lemmas & modal for other in found
                              if form.index < other.index <= form.index + 4 and any(
                                  a.mood == "infinitive" and a.lemma in expected.verbs for a in other.readings)), None)
                if asked is None:
                    continue
                if english.negative is not None and negated(words, verb.index) != english.negative:
                    return Verdict.failed(f"the polarity is reversed: the English answer is "
                                          f"{_polarity(english.negative)}, {words[position]} {verb.word} is "
                                          f"{_polarity(not english.negative)}", verb.word)
                return Verdict.passed(f"“{words[position]} {verb.word}” echoes the context translation's "
                                      f"{' / '.join(sorted(modal))} + {asked.word} (“{sentence}”), as the English "
                                      "answer echoes its auxiliary", verb.word)
        return None

    def _main_do(self, expected: Expected, verbs: Sequence[VerbForm]) -> Verdict:
        faire = [verb for verb in verbs if "faire" in verb.lemmas and not verb.auxiliary]
        if faire:
            return Verdict.passed(f"do is the English main verb with its own object, and faire renders it: "
                                  f"{faire[0].describe(frozenset({'faire'}))}", faire[0].word)
        repeated = [verb for verb in verbs if verb.lemmas & expected.verbs and not verb.auxiliary]
        if repeated:
            return Verdict.passed(f"do is the English main verb; the output names its action with "
                                  f"{repeated[0].describe(expected.verbs)}", repeated[0].word)
        return Verdict.not_applicable("do is the English main verb with its own object (I did it): no elided "
                                      "verb phrase to repeat")

    def _other_verbs(self, english: Ellipsis, verbs: Sequence[VerbForm]) -> list[VerbForm]:
        """The output's verbs that are neither auxiliaries nor renderings of the English answer's other
        verbs (*I know, but I want to*: *sais*) or modal idiom (*Tu as intérêt*)."""
        accounted: set[str] = set()
        for verb in english.other_verbs:
            accounted |= set(english_renderings().get(verb, ()))
        if english.modal in MODAL_RENDERINGS:
            accounted |= {rendering.split(" ")[0] for rendering in MODAL_RENDERINGS[english.modal]}
        others = []
        for verb in verbs:
            if verb.auxiliary or verb.lemmas & accounted:
                continue
            if "être" in accounted and any(found.auxiliary and found.index < verb.index <= found.index + 4
                                           and "être" in found.lemmas for found in verbs):
                continue  # I'm tired: je suis fatigué
            others.append(verb)
        return others

    def _from_context(self, english: Ellipsis, context: Sequence[str], item_context: tuple[str, ...],
                      others: Sequence[VerbForm]) -> list[str]:
        """Verbs of the output that the system's own translation of the context used, and that render
        none of the context's other English verbs: its rendering of the antecedent, repeated."""
        context_lemmas: set[str] = set()
        for sentence in context[-3:]:
            context_words = _words(normalise_text(sentence))
            for verb in self.verbs(context_words):
                if not verb.auxiliary:
                    context_lemmas |= verb.lemmas
        accounted: set[str] = set()
        antecedent = english.antecedent.lemma if english.antecedent is not None else None
        for verb in (*context_verbs(item_context), *english.other_verbs):
            if verb != antecedent:
                accounted |= set(english_renderings().get(verb, ()))
        reused = []
        for verb in others:
            shared = (verb.lemmas & context_lemmas) - accounted - _MODAL_VERBS
            reused.extend(sorted(shared))
        return reused

    def _modal(self, english: Ellipsis, verbs: Sequence[VerbForm]) -> Verdict | None:
        if english.modal not in MODAL_RENDERINGS:
            return None
        heads = {rendering.split(" ")[0] for rendering in MODAL_RENDERINGS[english.modal]}
        found = [verb for verb in verbs if verb.lemmas & heads]
        if not found:
            return None
        return Verdict.passed(f"renders the English modal ({english.modal}) with {found[0].describe(heads)}, "
                              "its verb phrase understood as in English", found[0].word)

    # --- reading the output ---------------------------------------------------------------------------

    def _analyses(self, word: str) -> tuple[Analysis, ...]:
        """The lexicon's readings of a word, kept: the same few thousand words recur in every output."""
        found = self._cache.get(word)
        if found is None:
            if len(self._cache) > 100_000:
                self._cache.clear()
            found = self._cache[word] = readings(self.lexicon, word)
        return found

    def _subject_noun(self, word: str) -> bool:
        """A noun or a name (a word the lexicon lacks) that may be the subject of the next word."""
        if not word[:1].isalpha():
            return False
        readings = self._analyses(word)
        return not readings or all(a.pos == "noun" for a in readings)

    def _is_infinitive(self, lemma: str) -> bool:
        return any(a.mood == "infinitive" for a in self._analyses(lemma)) or " " in lemma

    def verbs(self, words: Sequence[str]) -> list[VerbForm]:
        """The output's verb forms (its words lowercased, as ``_WORD`` cuts them), read in the lexicon
        with the words around them."""
        found: list[VerbForm] = []
        after_auxiliary = -10  # index of the last auxiliary: a participle within a few words is its verb
        nouns: set[int] = set()  # words read as nouns after a determiner: a verb may follow them
        for index, word in enumerate(words):
            before = words[index - 1] if index else ""
            analyses = self._analyses(word)
            readings = [a for a in analyses if a.pos in ("verb", "aux")]
            participle_of_auxiliary = index - after_auxiliary <= 4
            if not readings or (any(a.pos in ("pron", "clitic", "det", "prep", "conj") for a in analyses)
                                and not participle_of_auxiliary):
                continue  # no verb, or a function word the lexicon also reads as one ("cela": celer)
            frequent = _FREQUENT_READING.get(word)
            if frequent and not (word == "suis" and before in CLITICS - {"en", "y"}):
                readings = [a for a in readings if a.lemma == frequent] or readings
            nominal = any(a.pos in ("noun", "adj", "adv", "other") for a in analyses)
            after_verb = bool(found) and found[-1].index == index - 1 and not found[-1].pro_verb
            if before in PREPOSITIONS:
                readings = [a for a in readings if a.mood == "infinitive"]  # "pour savoir"
            elif nominal and (before in DETERMINERS or before in ("le", "la", "les", "l'")
                              and not _clitic_before(words, index, self._analyses)):
                nouns.add(index)
                continue  # "la peine", "un savoir", "le fait": a noun
            verbal = [a for a in readings if a.mood in _FINITE or a.mood == "infinitive"
                      or a.mood == "participle" and participle_of_auxiliary]
            if not verbal:
                continue  # a participle used as an adjective
            if after_verb and not participle_of_auxiliary:
                verbal = [a for a in verbal if a.mood == "infinitive"] or verbal
            if (nominal and before not in _VERBAL_LEFT and before not in _INDEFINITE_SUBJECTS and before != "tout"
                    and not participle_of_auxiliary and index - 1 not in nouns and not self._subject_noun(before)
                    and not (after_verb and any(a.mood == "infinitive" for a in verbal))):
                continue  # "Bonne nuit", "Attention": a noun the lexicon also reads as a verb form
            lemmas = frozenset(a.lemma for a in verbal)
            auxiliary = bool(lemmas & AUXILIARIES) and _participle_follows(words, index, self._analyses)
            head = index
            if participle_of_auxiliary and found and found[-1].auxiliary:
                head = found[-1].head
            elif after_verb and any(a.mood == "infinitive" for a in verbal):
                head = found[-1].head  # "tu vas mourir": the clause's finite verb
            if auxiliary:
                after_auxiliary = index
            pro_verb = "faire" in lemmas and _pro_verb(words, index, found)
            found.append(VerbForm(index=index, word=word, lemmas=lemmas, readings=tuple(verbal),
                                  auxiliary=auxiliary, pro_verb=pro_verb, head=head))
        return found


def _words(text: str) -> list[str]:
    """The words of a text, lowercased: elisions kept (*n'*, *l'*), hyphens split (*a-t-il*: a, t, il),
    a dialogue dash kept as a break (—)."""
    return [w.lower() for w in _WORD.findall(_TURN.sub(" — ", text).replace("-", " - "))]


def _other_pronominal(english: Ellipsis, words: Sequence[str], verb: VerbForm) -> str:
    """The verb of ``verb`` when it is used pronominally (a reflexive clitic of its subject's person before
    it, or before its auxiliary) and its pronominal use is a verb of its own (PRONOMINAL_SENSES) while
    the English antecedent is one the plain verb renders (*tu te rappelleras* for *call back*); ""
    otherwise, and when the English antecedent is unknown or renders no sense of the verb."""
    antecedent = english.antecedent.lemma if english.antecedent is not None else None
    if antecedent is None:
        return ""
    for lemma in sorted(verb.lemmas & PRONOMINAL_SENSES.keys()):
        # the English antecedent must be known to render the plain verb (call: rappeler), not its pronominal
        if antecedent in english_verbs_of(lemma) and antecedent not in PRONOMINAL_SENSES[lemma] and _reflexive_before(words, min(verb.index, verb.head)
                                                                             if verb.head >= 0 else verb.index):
            return lemma
    return ""


def _reflexive_before(words: Sequence[str], index: int) -> bool:
    """Whether a reflexive clitic of the subject's person stands before the verb at ``index`` (*je me*,
    *tu ne te*, *il s'*; not *tu me*, where *me* is the object)."""
    position = index - 1
    while position >= 0 and words[position] in ("ne", "n'", "y", "en"):
        position -= 1
    if position < 0 or words[position] not in _REFLEXIVE_PERSON:
        return False
    clitic = words[position]
    if clitic in ("se", "s'"):
        return True
    subject = position - 1
    while subject >= 0 and words[subject] in ("ne", "n'"):
        subject -= 1
    if subject < 0 or words[subject] not in PRONOUNS:
        return False
    return PRONOUNS[words[subject]][0] == _REFLEXIVE_PERSON[clitic] and (
        clitic not in ("nous", "vous") or words[subject] == clitic)


def _reversed_roles(english: Ellipsis, words: Sequence[str], verb: VerbForm) -> str:
    """Why a repeated *manquer* (a verb whose English subject is its French dative) has its roles
    reversed: the French subject has the English subject's person and the dative another (*Everyone
    will.* → *Tout le monde te manquera*); "" when not, or when it cannot tell."""
    lemmas = verb.lemmas & DATIVE_EXPERIENCER_VERBS
    if not lemmas or not english.groups:
        return ""
    english_subject = english.groups[0].subject
    person = _ENGLISH_PERSON.get(english_subject, 3)
    head = verb.head if verb.head >= 0 else verb.index
    position = head - 1
    clitics: list[str] = []
    while position >= 0 and (words[position] in CLITICS or words[position] in NEGATION):
        if words[position] in CLITICS:
            clitics.append(words[position])
        position -= 1
    before = words[position] if position >= 0 else ""
    if before in PRONOUNS and before in SUBJECT_CLITICS:
        subject, datives = before, clitics
    elif clitics and clitics[-1] in ("nous", "vous") and not before[:1].isalpha():
        subject, datives = clitics[-1], clitics[:-1]
    elif before[:1].isalpha() and before not in PREPOSITIONS:
        subject, datives = before, clitics  # a noun phrase (tout le monde, Paul): 3rd person
    else:
        return ""
    subject_person = PRONOUNS[subject][0] if subject in PRONOUNS else 3
    dative = next((clitic for clitic in datives if clitic in _DATIVE_PERSON), None)
    dative_person = _DATIVE_PERSON[dative] if dative else None
    if dative is None:
        after = verb.index + 1
        while after < len(words) and (words[after] in NEGATION or words[after] in ("beaucoup", "vraiment", "tant",
                                                                                    "tellement", "aussi", "bien")):
            after += 1
        if after + 1 < len(words) and words[after] in ("à", "au", "aux") and words[after + 1][:1].isalpha():
            dative = f"{words[after]} {words[after + 1]}"
            dative_person = PRONOUNS[words[after + 1]][0] if words[after + 1] in PRONOUNS else 3
    if subject_person != person or dative_person is None or dative_person == person:
        return ""
    lemma = min(lemmas)
    who = "I" if english_subject == "i" else english_subject
    return (f"with {lemma}, the English subject is the dative (à …, me, te, lui): here the English subject {who!r} "
            f"({_PERSON_NAMES[person]}) is the subject of {verb.word} and {dative!r} ({_PERSON_NAMES[dative_person]}) "
            "its dative: the roles are reversed")


def _polarity(negative: bool | None) -> str:
    return "negative" if negative else "positive"


def _drop_tag(match: re.Match[str]) -> str:
    head = match.group("head")
    return match.group(0) if head.strip(" -–—").lower() in _ANSWER_PARTICLES else head


@functools.cache
def _known_phrases() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every multi-word verb the family knows (renderings, synonyms, modal idioms), as head and fixed
    words, whose fixed words are no verb: a verb of its own (*avoir besoin*, *faire confiance*, *aimer
    bien*), where a verb and its infinitive (*laisser partir*, *aller chercher*) are still the verb."""
    from pytest_mtchallenge.languages.fr.lexicon import default_lexicon

    lexicon = default_lexicon()
    verbs = {verb for renderings in english_renderings().values() for verb in renderings}
    verbs |= {verb for group in SYNONYM_GROUPS for verb in group}
    verbs |= {verb for renderings in MODAL_RENDERINGS.values() for verb in renderings}
    phrases = (_phrase(verb) for verb in verbs if " " in verb)
    return tuple(sorted((head, fixed) for head, fixed in phrases
                        if not any(a.mood == "infinitive" for a in readings(lexicon, fixed[0]))))


def _fixed_words_follow(words: Sequence[str], index: int, fixed: tuple[str, ...], reach: int = 4) -> bool:
    """Whether the fixed words of a multi-word verb follow its head at ``index``, a few words (a
    negation, a clitic, an adverb) apart at most: *en avons besoin*, *fais pas confiance*, *fait un peu
    mal*, *suis pas obligée*."""
    at = index + 1
    for word in fixed:
        for probe in range(at, min(len(words), at + reach)):
            if words[probe] in _BREAKS:
                return False
            if words[probe] == word or (word[-1:].isalpha() and words[probe] in (word + "e", word + "s", word + "es")):
                at = probe + 1
                break
        else:
            return False
    return True


def _inanimate_subject(words: Sequence[str], index: int) -> bool:
    """Whether the pro-verb at ``index`` has *ça*, *cela* or *ce* for subject (*ça l'a fait*)."""
    for word in reversed(words[max(0, index - 5):index]):
        if word in _INANIMATE_SUBJECTS:
            return True
        if word in SUBJECT_CLITICS or word in _BREAKS:
            return False
    return False


def _passive_done(words: Sequence[str], index: int) -> bool:
    """Whether the faire at ``index`` is the participle of *c'est (déjà) fait*: the act done, its agent
    understood."""
    return words[index].startswith("fait") and any(word in ("est", "était", "sera") for word in
                                                   words[max(0, index - 3):index])


def _clitic_before(words: Sequence[str], index: int, analyses) -> bool:  # type: ignore[no-untyped-def]
    """Whether the le/la/les before ``index`` is an object clitic: a subject (a pronoun, a name, a noun)
    or ne precedes it, not a verb or preposition that would take a noun phrase."""
    if index < 2:
        return False  # "Le fait est là": an article opens the sentence
    before = words[index - 2]
    if not before[:1].isalpha():
        return False
    if before in SUBJECTS or before in NEGATION or before in CLITICS or before in _INDEFINITE_SUBJECTS:
        return True
    readings = analyses(before)
    return not readings or all(a.pos in ("noun", "adj") for a in readings)


def _participle_follows(words: Sequence[str], index: int, analyses) -> bool:  # type: ignore[no-untyped-def]
    """Whether a past participle follows the verb at ``index``, after the negation and adverbs."""
    for word in words[index + 1:index + 6]:
        readings = analyses(word)
        if (word in NEGATION or word in ("-", "tous", "toutes", "les", "deux", "trois", "il", "elle", "on", "ils",
                                         "elles", "t") or readings and all(a.pos == "adv" for a in readings)):
            continue  # "n'a jamais su", "avons tous les deux gagné", "a-t-il vu", "est presque fini"
        return any(a.mood == "participle" and a.pos in ("verb", "aux") for a in readings)
    return False


def _pro_verb(words: Sequence[str], index: int, found: list[VerbForm]) -> bool:
    """faire standing for a verb phrase: *le faire*, *je le fais*, *il l'a fait*, *ce qu'ils feront*,
    *en faire autant*, *faire de même*, *faire pareil*, *faire ça*, *c'est (déjà) fait*."""
    following = words[index + 1:index + 3]
    if following[:1] in (["autant"], ["pareil"], ["ça"], ["cela"]) or following == ["de", "même"]:
        return True
    start = index
    if found and found[-1].auxiliary and found[-1].index >= index - 4:
        start = found[-1].index  # "l'a fait": the clitic stands before the auxiliary
        if "être" in found[-1].lemmas and start >= 1 and words[start - 1] in ("c'", "ce", "ça", "cela"):
            return True  # "c'est déjà fait"
    if start >= 2 and words[start - 1] in SUBJECTS and words[start - 2] in ("que", "qu'"):
        return True  # "c'est ce qu'ils feront"
    for word in reversed(words[max(0, start - 3):start]):
        if word in ("le", "l'"):
            return True
        if word not in NEGATION and word not in ("me", "m'", "te", "t'", "se", "s'", "lui", "leur", "y"):
            return False
    return False


def _framed_words(words: Sequence[str], text: str, match: re.Match[str]) -> list[int]:
    """Indexes of the words of a pro-sentence and of the verb that introduces it (*je crois que oui*)."""
    head = _words(text[:match.start()])
    inside = _words(match.group(0))
    indexes = list(range(len(head), len(head) + len(inside)))
    if inside and inside[0] == "que":  # the verb before "que oui": crois, pense, espère, dirais (bien)
        position = len(head) - 1
        while position >= 0 and words[position] in ("bien", "vraiment", "plutôt"):
            position -= 1
        if position >= 0:
            indexes.append(position)
    return indexes
