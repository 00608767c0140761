"""The ``verb_ellipsis`` family: an English elided verb phrase ("I did.") rendered with the antecedent's verb."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import reject_unknown
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages.fr.lexicon import Analysis, Lexicon
from pytest_mtchallenge.languages.fr.reader import SUBJECT_CLITICS, readings
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.normalise import normalise_text
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"lemma", "synonyms"}

#: Verbs that render the same English verb in an answer: repeating either one repeats the verb
#: ("You know him? — Gibbons did." → *Gibbons le connaissait* or *Gibbons savait*). Symmetric.
SYNONYM_GROUPS: tuple[frozenset[str], ...] = tuple(frozenset(group) for group in (
    {"savoir", "connaître"}, {"penser", "croire"}, {"vouloir", "souhaiter", "désirer"}, {"aimer", "adorer"},
    {"dire", "raconter", "affirmer"}, {"parler", "discuter"}, {"voir", "apercevoir"}, {"entendre", "écouter"},
    {"venir", "arriver"}, {"revenir", "rentrer", "retourner"}, {"partir", "quitter", "aller"},
    {"finir", "terminer", "achever"}, {"commencer", "débuter"}, {"arrêter", "cesser"}, {"essayer", "tenter"},
    {"aider", "assister"}, {"appeler", "téléphoner"}, {"comprendre", "saisir"}, {"avoir", "posséder"},
    {"mourir", "décéder"}, {"tuer", "assassiner"}, {"souvenir", "rappeler"}, {"trouver", "retrouver"},
    {"gagner", "remporter"}, {"sembler", "paraître"}, {"travailler", "bosser"}, {"manger", "bouffer"},
    {"promettre", "jurer"}, {"donner", "offrir"}, {"accepter", "consentir"}, {"marcher", "fonctionner"},
))
AUXILIARIES = frozenset({"avoir", "être"})
SUBJECTS = SUBJECT_CLITICS | frozenset({"c'", "ce", "ça", "cela",
                      "qui"})
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
#: Pro-forms standing for the whole elided clause: *je crois que oui*, *c'est le cas*, *moi aussi*.
_PRO_SENTENCE = re.compile(
    r"\b(?:que\s+(?:oui|non|si)|(?:c'|ce\s+n'|ça\s+n')\s*(?:est|était|étais|sera|serait|a\s+été)\s+(?:pas\s+|plus\s+|"
    r"toujours\s+|bien\s+|enfin\s+|aussi\s+|déjà\s+|encore\s+|souvent\s+|jamais\s+|[^\W\d_]+ment\s+)?"
    r"(?:le\s+cas|vrai|exact|sûr|ça)|en\s+(?:est|était|sera|serait|a\s+été)\s+de\s+même|"
    r"(?:moi|toi|lui|elle|nous|vous|eux|elles)\s+(?:aussi|non\s+plus|pas)|bien\s+sûr|pas\s+(?:moi|toi|lui|elle|"
    r"nous|vous|eux|elles))\b", re.IGNORECASE)
#: Fixed expressions whose words are no verbs of the sentence: question and tag particles, adverbs.
_FIXED = re.compile(r"\b(?:qu'\s*est-ce\s+(?:que|qu'|qui)|est-ce\s+(?:que|qu')|n'est-ce\s+pas|peut-être|c'est-à-dire|"
                    r"n'importe|en\s+fait|tout\s+à\s+fait|s'il\s+(?:te|vous)\s+plaît|je\s+veux\s+dire|voyons)\b",
                    re.IGNORECASE)
#: A discourse marker closing a remark ("Moi aussi, tu sais."), not the answer itself ("Si, tu sais.").
_TAG = re.compile(r"(?P<head>[^,]*),\s*(?:tu\s+sais|vous\s+savez|tu\s+vois|vous\s+voyez)(?=\s*(?:[.!?,…]|$))",
                  re.IGNORECASE)
_ANSWER_PARTICLES = frozenset({"", "oui", "non", "si", "mais", "mais si", "mais non", "ouais", "bien sûr", "eh bien"})
_WORD = re.compile(r"quelqu'une?s?|aujourd'hui|[^\W\d_]+'|[^\W\d_]+|\d+|[,;:!?.…]")
_BREAKS = frozenset({",", ";", ":", ".", "!", "?", "…"})
_FINITE = frozenset({"indicative", "conditional", "subjunctive", "imperative"})


@dataclass(frozen=True, slots=True)
class VerbForm:
    """A verb of the output: its word, lemmas, a description and whether it is a pro-verb or auxiliary."""

    index: int
    word: str
    lemmas: frozenset[str]
    reading: str
    auxiliary: bool = False  # avoir or être before a past participle
    pro_verb: bool = False  # faire with le/l' (le faire, je l'ai fait), or faire de même
    readings: tuple[Analysis, ...] = ()

    def describe(self, lemmas: frozenset[str] = frozenset()) -> str:
        """The word and its reading (the reading of one of ``lemmas`` when it has one)."""
        chosen = next((a for a in sorted(self.readings, key=lambda a: a.pos != "verb") if a.lemma in lemmas), None)
        return f"{self.word} ({chosen.describe() if chosen else self.reading})"


def synonyms_of(lemma: str) -> frozenset[str]:
    """The verbs that count as repeating ``lemma`` (itself included)."""
    found = {lemma}
    for group in SYNONYM_GROUPS:
        if lemma in group:
            found |= group
    return frozenset(found)


def _lemmas(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError("synonyms must be a verb or a list of verbs (infinitives)")
    return tuple(v.strip().lower() for v in value)


class VerbEllipsisChecker(FrenchChecker):
    """An English elided verb phrase (*Course I did.*, *I will.*, *She would.*) rendered in French, where
    an auxiliary cannot stand alone, by repeating the antecedent's verb.

    Parameters: ``lemma``: the antecedent's French verb (ctxpro's ``ref verb lemma``, *connaître*);
    ``synonyms`` (optional): more verbs that count as the same (the family knows common pairs such as
    *savoir*/*connaître*, *penser*/*croire*). The output's verbs are read through the lexicon.

    Pass: a form of the verb or a synonym, in any tense or person (*connaissait*, *connaîtra*);
    *avoir* and *être* only as main verbs, not as the auxiliary of another verb. Fail: the pro-verb
    *faire* standing for another verb (*Gibbons l'a fait* for "Gibbons did [know someone]"), or
    another verb. N/a: an idiomatic answer without a verb of its own (*Bien sûr que oui.*, *Moi
    aussi.*, *Si.*, *Je crois que oui.*, *C'est le cas.*).
    """

    name = "verb_ellipsis"
    description = "Verb-phrase ellipsis: the antecedent's verb repeated, not the pro-verb faire or another verb"

    @classmethod
    def validate(cls, params: Mapping[str, object]) -> None:
        reject_unknown(params, _PARAMS)
        lemma = params.get("lemma")
        if not isinstance(lemma, str) or not lemma.strip() or " " in lemma.strip():
            raise ValueError("lemma is required: the antecedent's French verb, as an infinitive (connaître)")
        _lemmas(params.get("synonyms"))

    def check(self, *, item: ChallengeItem, output: str) -> Verdict:
        lemma = str(item.params["lemma"]).strip().lower()
        # a form given as the lemma ("mérite") stands for its verb
        lemma = next(iter(sorted(a.lemma for a in self._analyses(lemma) if a.pos == "verb"
                                 and a.mood != "infinitive")), lemma) if not self._is_infinitive(lemma) else lemma
        accepted = synonyms_of(lemma) | set(_lemmas(item.params.get("synonyms")))
        text = _TAG.sub(_drop_tag, _FIXED.sub(" , ", normalise_text(output)))
        pro_sentence = _PRO_SENTENCE.search(text)
        framed = set(_framed_words(text, pro_sentence)) if pro_sentence else set()
        verbs = [verb for verb in self.verbs(text) if verb.index not in framed]
        repeated = [verb for verb in verbs if verb.lemmas & accepted and not verb.auxiliary
                    and not (verb.pro_verb and "faire" not in accepted)]
        if repeated:
            found = repeated[0]
            via = sorted(found.lemmas & accepted)
            synonym = "" if lemma in found.lemmas else f" (a synonym: {', '.join(via)})"
            return Verdict.passed(f"repeats the elided verb {lemma}{synonym}: {found.describe(accepted)}",
                                  *(v.word for v in repeated))
        pro_verbs = [verb for verb in verbs if verb.pro_verb]
        if pro_verbs:
            return Verdict.failed(
                f"the pro-verb faire ({pro_verbs[0].word}) stands for {lemma}: French repeats the verb",
                *(v.word for v in pro_verbs))
        main = [verb for verb in verbs if not verb.auxiliary]
        if main:
            return Verdict.failed(
                f"the elided verb {lemma} is rendered by another verb: " + ", ".join(v.describe() for v in main),
                *(v.word for v in main))
        if pro_sentence:
            return Verdict.not_applicable(f"an idiomatic answer without the verb: “{pro_sentence.group(0)}”",
                                          pro_sentence.group(0))
        return Verdict.not_applicable("an answer without a verb: the elided verb phrase is not rendered by one")

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        super().__init__(lexicon)
        self._cache: dict[str, tuple[Analysis, ...]] = {}

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

    def verbs(self, text: str) -> list[VerbForm]:
        """The output's verb forms, read in the lexicon with the words around them."""
        words = [w.lower() for w in _WORD.findall(text.replace("-", " - "))]
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
            nominal = any(a.pos in ("noun", "adj", "adv", "other") for a in analyses)
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
            if (nominal and before not in _VERBAL_LEFT and before not in _INDEFINITE_SUBJECTS and before != "tout"
                    and not participle_of_auxiliary and index - 1 not in nouns and not self._subject_noun(before)):
                continue  # "Bonne nuit", "Attention": a noun the lexicon also reads as a verb form
            lemmas = frozenset(a.lemma for a in verbal)
            auxiliary = bool(lemmas & AUXILIARIES) and _participle_follows(words, index, self._analyses)
            if auxiliary:
                after_auxiliary = index
            pro_verb = "faire" in lemmas and _pro_verb(words, index, found)
            found.append(VerbForm(index=index, word=word, lemmas=lemmas, reading=_describe(verbal),
                                  auxiliary=auxiliary, pro_verb=pro_verb, readings=tuple(verbal)))
        return found


def _drop_tag(match: re.Match[str]) -> str:
    head = match.group("head")
    return match.group(0) if head.strip(" -–—").lower() in _ANSWER_PARTICLES else head


def _describe(readings: Sequence[Analysis]) -> str:
    return readings[0].describe()


def _clitic_before(words: list[str], index: int, analyses) -> bool:  # type: ignore[no-untyped-def]
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


def _participle_follows(words: list[str], index: int, analyses) -> bool:  # type: ignore[no-untyped-def]
    """Whether a past participle follows the verb at ``index``, after the negation and adverbs."""
    for word in words[index + 1:index + 6]:
        readings = analyses(word)
        if (word in NEGATION or word in ("-", "tous", "toutes", "les", "deux", "trois", "il", "elle", "on", "ils",
                                         "elles", "t") or readings and all(a.pos == "adv" for a in readings)):
            continue  # "n'a jamais su", "avons tous les deux gagné", "a-t-il vu", "est presque fini"
        return any(a.mood == "participle" and a.pos in ("verb", "aux") for a in readings)
    return False


def _pro_verb(words: list[str], index: int, found: list[VerbForm]) -> bool:
    """faire standing for a verb phrase: *le faire*, *je le fais*, *il l'a fait*, *ce qu'ils feront*,
    *en faire autant*, *faire de même*, *faire pareil*."""
    following = words[index + 1:index + 3]
    if following[:1] in (["autant"], ["pareil"]) or following == ["de", "même"]:
        return True
    start = index
    if found and found[-1].auxiliary and found[-1].index >= index - 4:
        start = found[-1].index  # "l'a fait": the clitic stands before the auxiliary
    if start >= 2 and words[start - 1] in SUBJECTS and words[start - 2] in ("que", "qu'"):
        return True  # "c'est ce qu'ils feront"
    for word in reversed(words[max(0, start - 3):start]):
        if word in ("le", "l'"):
            return True
        if word not in NEGATION and word not in ("me", "m'", "te", "t'", "se", "s'", "lui", "leur", "y"):
            return False
    return False


def _framed_words(text: str, match: re.Match[str]) -> list[int]:
    """Indexes of the words of a pro-sentence and of the verb that introduces it (*je crois que oui*)."""
    words = [w.lower() for w in _WORD.findall(text.replace("-", " - "))]
    head = [w.lower() for w in _WORD.findall(text[:match.start()].replace("-", " - "))]
    inside = [w.lower() for w in _WORD.findall(match.group(0).replace("-", " - "))]
    indexes = list(range(len(head), len(head) + len(inside)))
    if inside and inside[0] == "que":  # the verb before "que oui": crois, pense, espère, dirais (bien)
        position = len(head) - 1
        while position >= 0 and words[position] in ("bien", "vraiment", "plutôt"):
            position -= 1
        if position >= 0:
            indexes.append(position)
    return indexes
