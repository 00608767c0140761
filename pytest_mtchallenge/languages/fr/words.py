"""French word knowledge for the pack's broken-output signals (is a form French, does a text have a
finite verb, which constructions of a text French grammar does not allow) and the pack's verb classes
(which verbs name no action, which English verbs a verb renders)."""
from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from pytest_mtchallenge.languages.fr.lexicon import default_lexicon
from pytest_mtchallenge.languages.fr.reader import (
    DETERMINERS, NEGATION, OBJECT_CLITICS, PRONOUNS, SUBJECT_CLITICS, SentenceReader, is_cardinal, readings,
)
from pytest_mtchallenge.languages.fr.stop_words import STOP_WORDS
from pytest_mtchallenge.text.normalise import normalise_text


@functools.lru_cache(maxsize=65536)
def is_french_word(word: str) -> bool:
    """A form both the Lefff and simplemma's French dictionary know: the Lefff alone lists English
    loans with their English plurals (*calls*, *rooms*), which a French text rarely means."""
    import simplemma  # imported at first use, as the lexicon loads

    return bool(readings(default_lexicon(), word)) and simplemma.is_known(word, lang="fr")


@functools.lru_cache(maxsize=8192)
def has_finite_verb(text: str) -> bool | None:
    """Whether ``text`` has a finite verb: True when a word reads as one (indicative, conditional,
    subjunctive or imperative) that no determiner makes a noun (*la ferme*, *mes porte*; after a
    word that is also a clitic, *le, la, les, leur*, it is a verb when a pronoun or a negation comes
    before: *il ne leur parlait pas*); False when the clause has a bare verb instead, an infinitive
    right after its subject (*ma mère être heureuse*, *nous crier*) or a participle right after a
    subject pronoun (*il tourné la tête*); None for a text with no verb at all, as a reply may be
    (*Oui, monsieur.*, *Tout comme Laura.*)."""
    reader = SentenceReader(text, default_lexicon())
    tokens = reader.tokens
    bare = False
    for index in range(len(tokens)):
        previous = tokens[index - 1] if index else ""
        if previous in DETERMINERS:
            before = tokens[index - 2] if index >= 2 else ""
            clitic = previous in OBJECT_CLITICS and (before in PRONOUNS or before in NEGATION or before in OBJECT_CLITICS)
            if not clitic:
                continue
        readings = reader.readings(index)
        if reader.finite_readings(index) or any(a.mood == "imperative" for a in readings):
            return True
        moods = {a.mood for a in readings if a.pos in ("verb", "aux")}
        subject = previous in SUBJECT_CLITICS and (previous not in OBJECT_CLITICS or index == 1 or tokens[index - 2]
                                                   in (",", "et", "mais", "que", "qu'"))
        after_noun = index > 0 and previous[:1].isalpha() and (  # a name, or a noun that is no preposition
            not reader.readings(index - 1)
            or reader.has_pos(index - 1, "noun") and not reader.has_pos(index - 1, "prep"))
        if "infinitive" in moods and (subject or after_noun) or "participle" in moods and subject:
            bare = True
    return False if bare else None


#: Words that open a relative clause, whose verb must be finite.
_CLAUSE_OPENERS = frozenset({"qui", "que", "qu'"})


@functools.lru_cache(maxsize=8192)
def broken_structures(text: str) -> tuple[str, ...]:
    """Constructions French grammar does not allow, as word-by-word renderings of English make them:

    - a relative clause after a noun whose verb is not finite: an infinitive right after *qui* (*la
      femme qui voir*), or a bare participle with no auxiliary (*la maison que John visité*);
    - an English zero relative (*la femme votre frère a vu est charmante*): a sentence-initial noun
      phrase directly followed by another noun phrase and its verb, and then the main verb;
    - a relative or complement clause whose subject is followed by an infinitive (*la femme que votre frère
      voir*, *j'ai demandé que les familles ne pas être séparées*);
    - a subject clitic directly before an infinitive or a participle (*il vouloir venir*), a sentence-initial
      name directly before a past participle and its object (*John vendu la voiture*), or before a bare noun
      and a determiner, the verb rendered as a noun (*John cuisinier un grand poulet*);
    - a mandatory elision or contraction left undone (*que il*, *de le parc*, *si il*).

    An indirect question after a verb (*je sais qui inviter*) is not a relative clause.
    """
    reader = SentenceReader(text, default_lexicon())
    tokens = reader.tokens
    found: list[str] = []
    for index, token in enumerate(tokens):
        if token not in _CLAUSE_OPENERS or index == 0 or not reader.noun_after_determiner(index - 1):
            continue
        bare = _infinitive_after_relative_subject(reader, index)
        if bare is not None:
            found.append(f"no finite verb in the relative clause after {token!r} ({tokens[bare]!r})")
            continue
        for probe in range(index + 1, min(len(tokens), index + 6)):
            if not tokens[probe][0].isalpha() or _finite(reader, probe) or reader.has_pos(probe, "prep"):
                break
            if tokens[probe] in PRONOUNS or tokens[probe] in OBJECT_CLITICS:
                continue  # *lui*, not the participle of luire
            moods = {a.mood for a in reader.readings(probe) if a.pos in ("verb", "aux")}
            if token != "qui" and "infinitive" in moods:
                break  # a compound infinitive (*avoir tué*)
            if token == "qui" and probe == index + 1 and "infinitive" in moods or (
                    token != "qui" and probe > index + 1 and "participle" in moods
                    and not reader.has_pos(probe, "noun")):
                found.append(f"no finite verb in the relative clause after {token!r} ({tokens[probe]!r})")
                break
    for index, token in enumerate(tokens):
        if token in ("que", "qu'") and index > 0 and not reader.noun_after_determiner(index - 1):
            bare = _infinitive_after_relative_subject(reader, index)
            if bare is not None:
                found.append(f"no finite verb in the clause after {token!r} ({tokens[bare]!r})")
    zero = _zero_relative(reader)
    if zero:
        found.append(zero)
    found.extend(_bare_verbs(reader))
    found.extend(_missing_elisions(tokenize_plain(text)))
    return tuple(found)


#: Subject clitics that are never an object (*nous*, *vous* may be: *il va vous voir*).
_SUBJECT_ONLY = frozenset({"je", "j'", "tu", "il", "elle", "on", "ils", "elles"})


def _infinitive_after_relative_subject(reader: SentenceReader, opener: int) -> int | None:
    """The index of an infinitive right after the subject of a clause that *que* opens, past negation and
    clitics (*la femme que votre frère voir*, *j'ai demandé que les familles ne pas être séparées*), or None."""
    if reader.tokens[opener] == "qui":
        return None
    subject = reader.noun_phrase(opener + 1)
    first = reader.tokens[opener + 1] if opener + 1 < len(reader.tokens) else ""
    if subject is None or (first not in DETERMINERS and first not in _SUBJECT_ONLY):
        return None
    index = subject.end
    while index < len(reader.tokens) and reader.tokens[index] in NEGATION | OBJECT_CLITICS:
        index += 1  # "que les familles ne pas être séparées"
    if index >= len(reader.tokens) or reader.finite_readings(index):
        return None
    moods = {a.mood for a in reader.readings(index) if a.pos in ("verb", "aux")}
    return index if moods == {"infinitive"} else None


def _name_at_start(reader: SentenceReader) -> bool:
    """Whether the sentence opens with a name: a capitalised word the lexicon lacks (*John*, *Mary*) or
    knows only as a noun, which could not open a sentence without its determiner (*Pierre*)."""
    return bool(reader.tokens) and reader.tokens[0][:1].isalpha() and reader.text.lstrip()[:1].isupper() and all(
        a.pos == "noun" for a in reader.readings(0))


def _bare_verbs(reader: SentenceReader) -> list[str]:
    """A subject clitic directly followed by an infinitive or a past participle (*il vouloir venir*,
    *elle aller*, *je demandé*): the verb the subject needs is not finite. A sentence-initial name directly
    followed by a past participle and a determiner (*John vendu la voiture*: the auxiliary dropped), or by
    a bare noun and a determiner (*John cuisinier un grand poulet*: the verb rendered as a noun)."""
    tokens = reader.tokens
    found = []
    if _name_at_start(reader) and len(tokens) > 2 and tokens[2] in DETERMINERS and not reader.finite_readings(1):
        moods = {a.mood for a in reader.readings(1) if a.pos in ("verb", "aux")}
        bare_noun = reader.has_pos(1, "noun") and all(a.pos in ("noun", "adj") for a in reader.readings(1))
        if moods == {"participle"} or bare_noun:
            found.append(f"no finite verb after the subject {tokens[0]!r} ({tokens[1]!r})")
    for index in range(len(tokens) - 1):
        if tokens[index] not in _SUBJECT_ONLY or tokens[index + 1] in PRONOUNS or tokens[index + 1] in OBJECT_CLITICS:
            continue
        if index and (reader.finite_readings(index - 1) or tokens[index - 1] == "t"):
            continue  # an inverted subject (*a-t-il couru*, *dois-je faire*): its verb comes before it
        readings = reader.readings(index + 1)
        verbal = {a.mood for a in readings if a.pos in ("verb", "aux")}
        if verbal and verbal <= {"infinitive", "participle"} and not reader.finite_readings(index + 1):
            found.append(f"no finite verb after the subject {tokens[index]!r} ({tokens[index + 1]!r})")
    return found


#: Words French elides before a vowel (*l'homme*, *qu'il*, *j'ai*, *n'est*) and the contractions of
#: *de*/*à* with *le*/*les* (*du*, *des*, *au*, *aux*).
_ELIDED = frozenset({"le", "la", "de", "je", "me", "te", "se", "ne", "que", "ce", "jusque", "lorsque", "puisque"})
_VOWELS = frozenset("aeiouàâäéèêëîïôöùûü")  # not y: *le Yémen*, *le yaourt*
#: Words before which French does not elide (*le onze*, *le oui*, *le yaourt*, *la ouate*).
_NO_ELISION = frozenset({"onze", "onzième", "oui", "ouate", "yaourt", "yacht", "yoga", "yeux", "ululement"})
_CONTRACTED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*|\d+|[^\w\s]", re.UNICODE)


def tokenize_plain(text: str) -> list[str]:
    """Lowercased words and punctuation as written, an apostrophe its own token (*l ' homme*)."""
    return [t.lower() for t in _WORD.findall(normalise_text(text))]


def _missing_elisions(tokens: list[str]) -> list[str]:
    """A mandatory elision or contraction left undone (*que il*, *le homme*, *je ai*, *de le parc*, *si
    il*), as word-by-word generation leaves it. Not before a word in *h* (*le héros*: an aspirated
    *h* does not elide), nor *de le*, *à le*, *de les* before a verb (the clitic: *de le faire*)."""
    found = []
    for index in range(len(tokens) - 1):
        word, following = tokens[index], tokens[index + 1]
        if not following[:1].isalpha():
            continue
        if word in _ELIDED and following[0] in _VOWELS and following not in _NO_ELISION and len(following) > 1 and (
                word != "de" or following not in ("un", "une")):  # *de un à dix*: a numeral may keep *de*
            found.append(f"'{word} {following}' is not elided")
        elif word == "si" and following in ("il", "ils"):
            found.append(f"'si {following}' is not elided")
        elif (word, following) in _CONTRACTED and not _verb_follows(tokens, index + 2):
            found.append(f"'{word} {following}' is not contracted to '{_CONTRACTED[word, following]}'")
    return found


def _verb_follows(tokens: list[str], index: int) -> bool:
    """Whether the word at ``index`` (past other clitics) may be a verb, so that *le*/*les* before it is
    its object clitic (*de le faire*, *à les voir*)."""
    while index < len(tokens) and tokens[index] in OBJECT_CLITICS:
        index += 1
    return index < len(tokens) and any(a.pos in ("verb", "aux") for a in readings(default_lexicon(), tokens[index]))


def _finite(reader: SentenceReader, index: int) -> bool:
    return bool(reader.finite_readings(index))


def _zero_relative(reader: SentenceReader) -> str | None:
    """"the relative pronoun is missing between 'femme' and 'votre frère' …" for an English zero relative."""
    start = reader.after_fronted_adverbial()
    first = reader.noun_phrase(start)
    tokens = reader.tokens
    if first is None or tokens[first.start] not in DETERMINERS:  # a noun phrase, not a pronoun (*il le fait*)
        return None
    if first.end >= len(tokens) or tokens[first.end] not in DETERMINERS or \
            tokens[first.end] in ("de", "d'", "du", "des", "au", "aux"):
        return None
    second = reader.noun_phrase(first.end)
    if second is None or second.end >= len(tokens):
        return None
    verbs = [i for i in range(second.end, len(tokens)) if _finite(reader, i) or not reader.readings(i)
             or any(a.mood == "participle" for a in reader.readings(i))]
    main = [i for i in verbs[1:] if _finite(reader, i)]
    if not verbs or verbs[0] != second.end or not main or "," in tokens[second.end:main[0]]:
        return None  # an absolute construction is set off by a comma: *Une fois la porte ouverte, il…*
    return (f"the relative pronoun is missing between {tokens[first.start:first.end][-1]!r} and "
            f"{' '.join(tokens[second.start:second.end])!r} (an English zero relative)")


# --- verb classes and the English verbs they render ---------------------------------------------------

#: Verbs that name no action of their subject: states and attitudes (*savoir*, *vouloir*, *aimer*,
#: *avoir*), modals (*devoir*, *pouvoir*, *falloir*), perception and memory that happen to the subject
#: (*voir*, *oublier*), events it undergoes (*mourir*, *réussir*). The pro-verb *le faire* stands only
#: for an action (*Tu l'appelleras ? — Je le ferai.*), never for these (*Tu le connais ? — *Je le fais.*).
#: Verbs that are both (*arriver*: happen or arrive, *rappeler*: remember or call back, *marcher*: work
#: or walk) are left out: the English verb decides. A multi-word verb on *avoir* or *être* (*avoir
#: besoin*, *être obligé*) is a state by its head.
NON_AGENTIVE_VERBS = frozenset({
    "savoir", "connaître", "croire", "penser", "comprendre", "vouloir", "souhaiter", "désirer", "aimer", "adorer",
    "détester", "haïr", "apprécier", "préférer", "espérer", "craindre", "regretter", "ignorer", "douter",
    "mériter", "valoir", "coûter", "importer", "exister", "appartenir", "ressembler", "sembler", "paraître",
    "avoir", "posséder", "être", "devenir", "plaire", "manquer", "intéresser", "déranger", "gêner", "inquiéter",
    "soucier", "signifier", "devoir", "pouvoir", "falloir", "souvenir", "oublier", "voir", "entendre", "sentir",
    "ressentir", "remarquer", "reconnaître", "mourir", "décéder", "naître", "tomber", "perdre", "réussir",
    "échouer", "gagner", "recevoir", "grandir", "survivre", "vivre", "trouver", "fonctionner", "faire confiance",
    "faire mal", "vouloir dire", "suffire",
    # psychological verbs: a stimulus acting on an experiencer (*il m'inspire*, *ça m'amuse*)
    "inspirer", "impressionner", "amuser", "effrayer", "surprendre", "ennuyer", "énerver", "fasciner", "attirer",
    "décevoir", "choquer", "embarrasser", "passionner", "agacer",
})


#: Verbs whose pronominal use is a verb of its own (*verbes pronominaux* with their own sense), with
#: the English verbs that pronominal use renders: *se rappeler* is *remember* where *rappeler* is
#: *call back*, *s'attendre* *expect* where *attendre* is *wait*. Repeating the pronominal verb for
#: the other one repeats another verb (*I'll call you back. — No, you won't.* → *Non, tu ne te
#: rappelleras pas* says *you won't remember*).
#: Verbs whose pronominal use renders many English verbs (*se passer*: happen, go; *se rendre*: go,
#: surrender, realize) are left out.
PRONOMINAL_SENSES: Mapping[str, frozenset[str]] = {verb: frozenset(english) for verb, english in {
    "rappeler": ("remember", "recall"), "attendre": ("expect",), "douter": ("suspect",),
    "demander": ("wonder",), "plaindre": ("complain",), "tromper": ("mistake",), "apercevoir": ("notice", "realize",
    "realise"), "servir": ("use",), "occuper": ("handle", "deal"), "battre": ("fight",), "moquer": ("mock",),
}.items()}
#: Verbs whose subject in French is the object of their English rendering, and their English
#: subject the French dative: *X misses Y* is *Y manque à X*; *X likes Y* may be *Y plaît à X*.
DATIVE_EXPERIENCER_VERBS = frozenset({"manquer", "plaire"})


def non_agentive(lemma: str) -> bool:
    """Whether a French verb (or multi-word verb) names no action of its subject (see NON_AGENTIVE_VERBS)."""
    return lemma in NON_AGENTIVE_VERBS or lemma.split(" ", 1)[0] in ("avoir", "être") and " " in lemma


@functools.cache
def english_renderings() -> dict[str, tuple[str, ...]]:
    """English verb → the French verbs that render it (``data/english_verbs.txt``), read at first use."""
    from importlib.resources import files

    text = files("pytest_mtchallenge.languages.fr.data").joinpath("english_verbs.txt").read_text(encoding="utf-8")
    table: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        english, _, french = line.partition(":")
        table[english.strip()] = tuple(v.strip() for v in french.split(",") if v.strip())
    return table


@functools.cache
def english_verbs_of(french: str) -> frozenset[str]:
    """The English verbs a French verb renders (*savoir* → *know*), by the same table."""
    return frozenset(english for english, renderings in english_renderings().items() if french in renderings)


#: Nouns that phrases use for their grammar more than for a thing they name (*à la fois*, *de toute façon*,
#: *un coup de main*, *un peu*, *la plupart des*, *c'est le cas*): no participant of a sentence.
LIGHT_NOUNS = frozenset({"fois", "chose", "choses", "façon", "façons", "manière", "manières", "sorte", "sortes",
                         "genre", "genres", "coup", "coups", "peu", "espèce", "plupart", "moitié", "cas"})


#: Adverbs of quantity that make *de* a determiner (*beaucoup d'amis*, *peu de patience*, *trop de bruit*).
QUANTITY_ADVERBS = frozenset({"beaucoup", "peu", "trop", "assez", "tant", "autant", "plus", "moins", "combien",
                              "énormément"})


#: Prepositions after which a word that may be a noun or a finite verb is the noun (*en garde*, *à pied*), which the
#: reader's nominal context leaves open (*en* is also a clitic: *il en garde*).
_BEFORE_NOUN = frozenset({"en", "à", "de", "d'"})


@functools.lru_cache(maxsize=8192)
def clause_predicates(text: str) -> tuple[str, ...]:
    """The words that carry the meaning of ``text``'s finite clauses, lowercased: each finite verb's
    :meth:`~pytest_mtchallenge.languages.fr.reader.SentenceReader.meaning_words` (its lexical verb past
    auxiliaries and modals, a copula's predicates; none for a support verb or a negated copula), once each, in
    order. A finite verb form in a nominal context (*la porte*) is none."""
    reader = SentenceReader(text, default_lexicon())
    found: list[str] = []
    covered: set[int] = set()
    for index in range(len(reader.tokens)):
        if index in covered or not reader.finite_readings(index) or reader.is_nominal_context(index):
            continue
        before = reader.tokens[index - 2] if index >= 2 else ""
        if index and reader.tokens[index - 1] in _BEFORE_NOUN and reader.has_pos(index, "noun") \
                and before not in SUBJECT_CLITICS and before not in NEGATION:
            continue  # *mettre en garde*, *aller à pied*: a noun after a preposition (not *il en garde*), no verb
        lexical = reader.lexical_verb(index)
        if lexical is not None:
            covered.update(range(index, lexical + 1))
        for word in reader.meaning_words(index):
            if word not in found:
                found.append(word)
    return tuple(found)


@functools.lru_cache(maxsize=8192)
def determined_nouns(text: str) -> frozenset[str]:
    """The head nouns of ``text``'s noun phrases that a determiner opens, lowercased (*le bruit soudain
    dans les chambres supérieures* → bruit, chambres): the reader's noun phrase after each determiner
    (:meth:`~pytest_mtchallenge.languages.fr.reader.SentenceReader.noun_phrase`), when its head has a noun
    reading in the lexicon. A clitic that is also an article (*nous les voyons*) opens none, nor does *de*
    (a preposition as often as a determiner) unless an adverb of quantity comes before it (*beaucoup d'amis*); a noun of :data:`LIGHT_NOUNS` (*de toute façon*) is none."""
    reader = SentenceReader(text, default_lexicon())
    tokens = reader.tokens
    found = set()
    for index, token in enumerate(tokens):
        if token not in DETERMINERS or index + 1 >= len(tokens):
            continue
        if token in ("de", "d'") and (index == 0 or tokens[index - 1] not in QUANTITY_ADVERBS):
            continue  # a preposition as often as a determiner, but *beaucoup de*, *peu d'* quantify a noun
        if token in OBJECT_CLITICS and not reader.is_nominal_context(index + 1):
            continue
        phrase = reader.noun_phrase(index)
        if phrase is None:
            continue
        head = next((position for position in range(phrase.start + 1, phrase.end) if tokens[position] == phrase.head),
                    None)
        # a prenominal adjective that is also a noun (*les multiples coups*): the word after it that can only be a
        # noun is the head (not after *les politiciens locaux*, where either may be the noun)
        while head is not None and head + 1 < len(tokens) and reader.has_pos(head, "adj") \
                and reader.has_pos(head + 1, "noun") and not reader.has_pos(head + 1, "adj", "verb", "prep") \
                and tokens[head + 1] not in DETERMINERS and tokens[head + 1] not in STOP_WORDS:
            head += 1
        if head is not None and reader.has_pos(head, "noun") and not reader.has_pos(head, "adv") \
                and not is_cardinal(tokens[head]) and tokens[head] not in LIGHT_NOUNS:  # not an adverb or numeral that may be a noun (*la moins chère*, *tous les deux*)
            found.add(tokens[head])
    return frozenset(found)
