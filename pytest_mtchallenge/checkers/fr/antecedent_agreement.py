"""The ``antecedent_agreement`` family: a French pronoun agrees with the rendering of its antecedent in the document."""
from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.document import blocks
from pytest_mtchallenge.checkers.fr import FrenchChecker
from pytest_mtchallenge.languages import bilingual
from pytest_mtchallenge.languages.en.inflection import plurals
from pytest_mtchallenge.languages.en.reader import pronoun_function, subject_person
from pytest_mtchallenge.languages.en.reader import tokenize as english_tokenize
from pytest_mtchallenge.languages.fr.lexicon import Lexicon
from pytest_mtchallenge.languages.fr.nouns import NounFeatures, NounLemma, NounMatch, find_noun, noun_features
from pytest_mtchallenge.languages.fr.pronouns import NEUTRAL, Pronoun, agreeing_words, one_pronouns, pronouns_in
from pytest_mtchallenge.languages.fr.reader import Features, SentenceReader, resolve_coordination
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = ("pronoun", "antecedent", "role")
ROLES = ("subject", "object", "disjunctive", "possessive")

#: English pronouns under test: the French roles that can render them, and the number they imply.
ENGLISH: Mapping[str, tuple[tuple[str, ...], str]] = {
    "they": (("subject",), "p"), "them": (("object", "disjunctive"), "p"), "their": (("possessive",), "p"),
    "theirs": (("possessive", "disjunctive"), "p"), "themselves": (("object", "disjunctive"), "p"),
    "it": (("subject", "object", "disjunctive"), "s"), "its": (("possessive",), "s"),
    "itself": (("object", "disjunctive"), "s"), "himself": (("object", "disjunctive"), "s"),
    "herself": (("object", "disjunctive"), "s"),
    "he": (("subject",), "s"), "him": (("object", "disjunctive"), "s"), "his": (("possessive",), "s"),
    "hers": (("possessive",), "s"), "she": (("subject",), "s"), "her": (("object", "disjunctive", "possessive"), "s"),
    # one member of a class (*Owls hunt at night. It is rare to see one*): rendered by a pronominal
    # numeral, a demonstrative or an article before an adjective (*en … une*, *celui-là*, *la moins chère*)
    "one": (("subject", "object"), "s"), "ones": (("subject", "object"), "p"),
}
#: English pronouns for a member of a class: the number is the pronoun's, the gender the class noun's.
CLASS_MEMBER = frozenset({"one", "ones"})

#: Object clitics whose form shows no gender and no choice of number beyond the singular or the
#: dative (*l'*, *lui*, *leur*): with nothing agreeing with them, only a wrong number can be judged.
SILENT = frozenset({"l'", "lui", "leur"})
#: The most pronouns of an output read as candidates for the English one (a sentence has a few).
MAX_RENDERINGS = 16
_NUMBER = {"s": "singular", "p": "plural"}


def lemmas_of(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError("antecedent must be a French noun lemma, or a non-empty list of them")
    return tuple(v.strip().lower() for v in value)


@dataclass(frozen=True, slots=True)
class AntecedentAgreementParams(FamilyParams):
    """The English pronoun (lowercased), the lemmas that can render its antecedent, and the pronoun's
    role in the source when the item gives it."""

    pronoun: str
    antecedent: tuple[str, ...]
    role: str | None = None  # None: read from English word order

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> AntecedentAgreementParams:
        reject_unknown(mapping, _PARAMS)
        for key in ("pronoun", "antecedent"):
            if key not in mapping:
                raise ValueError(f"missing parameter {key!r}")
        pronoun = mapping["pronoun"]
        if not isinstance(pronoun, str) or pronoun.strip().lower() not in ENGLISH:
            raise ValueError(f"pronoun must be one of {', '.join(ENGLISH)}, found {pronoun!r}")
        antecedent = lemmas_of(mapping["antecedent"])
        role = mapping.get("role")
        if "role" in mapping and role not in ENGLISH[pronoun.strip().lower()][0]:
            roles = ", ".join(ENGLISH[pronoun.strip().lower()][0])
            raise ValueError(f"role must be one of the roles {pronoun!r} can have ({roles}), found {role!r}")
        return cls(pronoun.strip().lower(), antecedent, None if "role" not in mapping else str(role))


@dataclass(frozen=True, slots=True)
class Mention:
    """The rendering of the antecedent found in the output's document, with the features its sentence gives it."""

    form: str
    lemma: str
    features: NounFeatures
    where: str  # "in the sentence" / "in the context translation"

    def describe(self, gender: str | None, number: str | None) -> str:
        why = f"; {self.features.why}" if self.features.why else ""
        return f"{self.form!r} ({self.lemma}, {_features(gender, number)}{why}) {self.where}"


class Mentions:
    """The renderings of the antecedent in an output's document, each found once: the output's
    sentence is read once from left to right, the context translation once from its end, and a
    mention's features (which may read the rest of its sentence) are worked out only for the
    mentions a pronoun is judged against, so that a long output stays linear in its length."""

    def __init__(self, lexicon: Lexicon, reader: SentenceReader, lemmas: tuple[NounLemma, ...],
                 context: tuple[str, ...]) -> None:
        self._lexicon, self._reader, self._lemmas, self._context = lexicon, reader, lemmas, context
        self._found = [(match.end - 1, match) for index in range(len(reader.tokens))
                       if (match := _match_at(reader, index, lemmas)) is not None]
        self._positions = [index for index, _ in self._found]
        self._described: dict[int, Mention] = {}
        self._in_context: Mention | None = None
        self._context_read = False
        self._marks: dict[str, tuple[str, str] | None] = {}

    def first_in_sentence(self) -> Mention | None:
        """The first mention in the output's sentence, if any."""
        return self._described_at(0) if self._found else None

    def before(self, index: int) -> Mention | None:
        """The last mention before the token at ``index``: in the sentence, else in the context translation."""
        position = bisect.bisect_left(self._positions, index)
        if position:
            return self._described_at(position - 1)
        return self.in_context()

    def _described_at(self, position: int) -> Mention:
        if position not in self._described:
            self._described[position] = self._mention(self._reader, self._found[position][1], "in the sentence")
        return self._described[position]

    def _mention(self, reader: SentenceReader, match: NounMatch, where: str) -> Mention:
        features = noun_features(reader, match, self._lexicon)
        if not features.marked and match.lemma.both_genders(self._lexicon):
            marked = self._marked(match.lemma)
            if marked is not None:
                features = dataclasses.replace(features, gender=marked[0], why=marked[1], marked=True)
        return Mention(match.text(reader), match.lemma.text, features, where)

    def _marked(self, lemma: NounLemma) -> tuple[str, str] | None:
        """The gender another mention of ``lemma`` in the document marks (its determiner, a word agreeing with it:
        *une œuvre*, *des baskets neuves*), and where: a noun the lexicon lists in both genders has the gender the
        document gives it, before French usage or the masculine of a plural decide. The sentence's mentions first,
        then the context translation's, nearest first; None when none marks it."""
        if lemma.text not in self._marks:
            self._marks[lemma.text] = None
            readers = [(self._reader, "in the sentence")] + [
                (SentenceReader(sentence, self._lexicon), "in the context translation")
                for sentence in reversed(self._context)]
            for reader, where in readers:
                for index in range(len(reader.tokens)):
                    match = find_noun(reader, index, lemma)
                    if match is None:
                        continue
                    features = noun_features(reader, match, self._lexicon)
                    if features.marked and features.gender in ("m", "f"):
                        why = features.why or "gender by its determiner"
                        self._marks[lemma.text] = (features.gender, f"{why} in another mention {where}")
                        return self._marks[lemma.text]
        return self._marks[lemma.text]

    def in_context(self) -> Mention | None:
        if not self._context_read:
            self._context_read = True
            for sentence in reversed(self._context):
                earlier = SentenceReader(sentence, self._lexicon)
                for index in range(len(earlier.tokens) - 1, -1, -1):
                    match = _match_at(earlier, index, self._lemmas)
                    if match is not None:
                        self._in_context = self._mention(earlier, match, "in the context translation")
                        return self._in_context
        return self._in_context


def _match_at(reader: SentenceReader, index: int, lemmas: tuple[NounLemma, ...]) -> NounMatch | None:
    """The first of the antecedent's lemmas found at token ``index``."""
    return next((match for lemma in lemmas if (match := find_noun(reader, index, lemma)) is not None), None)


def _plural_in_english(lemmas: tuple[NounLemma, ...], english: Sequence[str]) -> bool:
    """Whether the English source (its context and sentence) writes the antecedent in the plural: a plural of an
    English translation of one of its French lemmas (*mouche* → *fly* → *flies*), by the core lexicon."""
    words = {word for sentence in english for word in english_tokenize(sentence)[0]}
    return any(plural in words for lemma in lemmas
               for translation in bilingual.translations(lemma.text, source_language="fr", target_language="en")
               for plural in plurals(translation))


def _features(gender: str | None, number: str | None) -> str:
    return Features(3, number, gender).describe().removeprefix("3rd person ")


class AntecedentAgreementChecker(FrenchChecker):
    """Whether the French pronoun rendering an English pronoun agrees with the rendering of its antecedent.

    The English antecedent (*the house … they*) may become one of several French nouns of
    different genders (*maison*, *immeuble*); the pronoun must agree with the one the output's
    document uses. Parameters:

    - ``pronoun``: the English pronoun under test (:data:`ENGLISH`: *they, them, it, its, her, one*…);
    - ``antecedent``: the French lemmas that can render the antecedent (``[bâtiment, immeuble,
      maison, résidence]``, ``pomme de terre``, ``sœur``); a semi-correct choice still passes
      when the pronoun agrees with it;
    - ``role``: the role of the pronoun in the source, when it can have several (*it*: ``subject``,
      ``object`` or ``disjunctive``; *her*: also ``possessive``): only French pronouns in that role
      are read (*He drives it* → ``object``: *il la conduit*, the subject *il* is someone else).
      Without it, the role is read from English word order in the source.

    The family finds the French pronouns in the roles the English one can have (subject, object
    clitic before a verb or after an imperative, disjunctive after a preposition, after *que* or
    in a cleft, possessive; for *one*, a numeral or demonstrative standing alone), the last
    mention of the antecedent before each (in the sentence, else in the context translation:
    plural, compound and misspelt forms included) and the gender the document gives it
    (determiner, agreeing words, the lexicon; for a noun of both genders another mention's marks in the
    document, then the gender French usually gives it, then masculine for a plural), and
    checks the pronoun and what agrees with it: predicates, the participle after *avoir*,
    floating *tous/toutes*. docs/checkers.md gives every rule with an example.
    """

    name = "antecedent_agreement"
    description = "a French pronoun (and what agrees with it) agrees with the rendering of its antecedent"
    # 2: issue 23: clefts, comparisons, enclitics, one, compounds, epicenes, roles read from English
    # 3: issue 36: a noun of both genders takes the gender another mention in the document marks, else its usual
    # one (data/usual_genders.tsv); one member of a plural set; the plaire switch
    version = "3"
    Params = AntecedentAgreementParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader = SentenceReader(output, self.lexicon, enclitics=True)
        if not any(token[0].isalnum() for token in reader.tokens):
            return Verdict.not_applicable("the output is empty")
        params = AntecedentAgreementParams.of(item)
        english = params.pronoun
        roles, english_number = ENGLISH[english]
        source = english_tokenize(item.source)[0]
        if params.role is not None:
            roles = (params.role,)
        else:
            roles = self._source_roles(source, english, roles)
        lemmas = tuple(NounLemma.parse(lemma, self.lexicon) for lemma in params.antecedent)
        renderings = one_pronouns(reader) if english in CLASS_MEMBER else pronouns_in(reader, roles)
        if not renderings and "subject" not in roles and english not in CLASS_MEMBER \
                and subject_person(source) in (1, 2):
            # *I miss them* → *elles me manquent*, *you'll need it* → *il te sera utile*: with a 1st or
            # 2nd person subject in English, a French 3rd person subject can only render the pronoun
            renderings = pronouns_in(reader, ("subject",))
        if not renderings:
            repeated = Mentions(self.lexicon, reader, lemmas, ()).first_in_sentence()
            if repeated is not None:
                return Verdict.passed(f"no pronoun renders {english!r}: the output repeats the antecedent "
                                      f"{repeated.form!r} ({repeated.lemma}) instead, which needs no agreement",
                                      f"antecedent:{repeated.form}")
            neutral = next((t for t in reader.tokens if t in NEUTRAL - {"en", "y"}), None)
            why = f" ({neutral!r} carries no gender or number)" if neutral else ""
            return Verdict.not_applicable(f"no French pronoun in the roles of {english!r} "
                                          f"({', '.join(roles)}){why}: dropped or restructured")
        document = blocks(item, output, context)
        mentions = Mentions(self.lexicon, reader, lemmas, document.output[:-1])
        members = english_number == "s" and _plural_in_english(lemmas, (*item.context, item.source))
        occurrences = source.count(english)
        if occurrences > 1:
            # *Wash them and put them all back*: the first pronouns render each occurrence, and each must agree
            verdicts = [self._judge(reader, rendering, english, english_number, lemmas, mentions, members)
                        for rendering in renderings[:min(occurrences, MAX_RENDERINGS)]]
            return next((v for v in verdicts if v.outcome.value == "fail"),
                        next((v for v in verdicts if v.outcome.value == "pass"), verdicts[0]))
        first = self._judge(reader, renderings[0], english, english_number, lemmas, mentions, members)
        if first.outcome.value == "fail":
            # a later pronoun may be the one that renders the English pronoun; at most MAX_RENDERINGS
            # are read, so that a long output costs no more than a short one per pronoun
            for rendering in renderings[1:MAX_RENDERINGS]:
                if self._judge(reader, rendering, english, english_number, lemmas, mentions, members).outcome.value == "pass":
                    return Verdict.undecided(f"{first.reason}; but a later pronoun agrees: which one renders "
                                             f"{english!r} is left to a human", *first.evidence)
        return first

    @staticmethod
    def _source_roles(source: Sequence[str], english: str, roles: tuple[str, ...]) -> tuple[str, ...]:
        """The roles the English pronoun can have, narrowed by its function in the source when an
        item gives none (*He drives it* → object, *It broke* → subject, *It was her who* → disjunctive).
        After a preposition both the clitic and the disjunctive stay open: French verbs take as direct
        objects what English puts after a preposition (*voted against it* → *l'a rejeté*, *look for
        it* → *la chercher*)."""
        function = pronoun_function(source, english)
        narrowed = {"subject": ("subject",), "object": ("object",), "dative": ("object", "disjunctive"),
                    "prepositional": ("object", "disjunctive"), "predicative": ("disjunctive",),
                    "possessive": ("possessive",)}.get(function or "", roles)
        return tuple(role for role in roles if role in narrowed) or roles

    def _judge(self, reader: SentenceReader, rendering: Pronoun, english: str, english_number: str,
               lemmas: tuple[NounLemma, ...], mentions: Mentions, members: bool = False) -> Verdict:
        mention = mentions.before(rendering.index)
        pronoun = f"{rendering.form!r} ({rendering.role}"
        pronoun += f", {_features(rendering.gender, rendering.number)})" if rendering.role != "possessive" \
            else f", possessor {_NUMBER[rendering.number]})"
        if mention is not None and english in CLASS_MEMBER:
            gender, number = mention.features.gender, english_number  # one of a class: the class noun's gender only
            antecedent = f"{mention.describe(gender, None)}, {_NUMBER[number]} as {english!r} is"
        elif mention is not None:
            gender, number = mention.features.gender, mention.features.number or english_number
            if english_number == "p" and number == "s" and mention.features.conjuncts:
                # *la table et le canapé … ils*: the coordination is the antecedent
                group = resolve_coordination([Features(3, "s", g) for g in (gender, *mention.features.conjuncts)])
                gender, number = group.gender, "p"
            antecedent = mention.describe(gender, number)
            if members and number == "p" and not mention.features.conjuncts and rendering.number == "s":
                # a singular English pronoun for an antecedent that English writes in the plural picks out one
                # of its members (*There are flies everywhere. I'll kill it.* → *je la tuerai*): the number
                # follows the English pronoun's, the gender the noun's. Not where English has a singular for a
                # French plural (*hair* → *cheveux*, *it* → *les*)
                number = "s"
                antecedent = f"one of {mention.describe(gender, 'p')}, singular as {english!r} is"
        else:
            genders = {lemma.text: lemma.gender(self.lexicon) for lemma in lemmas}
            shared = set(genders.values())
            gender = shared.pop() if len(shared) == 1 else None
            number = english_number
            antecedent = (f"the antecedent ({'/'.join(genders)}; no rendering of it found before the pronoun, "
                          f"number from {english!r})")
            if rendering.gender is not None and gender is None and rendering.number == number:
                agreeing = [lemma for lemma, g in genders.items() if g == rendering.gender]
                others = [lemma for lemma, g in genders.items() if g != rendering.gender]
                return Verdict.undecided(f"{pronoun} agrees with {', '.join(agreeing) or 'none'} but not with "
                                         f"{', '.join(others)}; which one renders the antecedent is not in the "
                                         "output (no context translation or another noun)", rendering.form)
        evidence = (rendering.form, f"antecedent:{mention.form}") if mention else (rendering.form,)
        if number and rendering.number != number:
            return Verdict.failed(f"{pronoun} does not agree in number with {antecedent}", *evidence)
        if rendering.gender and gender and rendering.gender != gender and rendering.role != "possessive":
            return Verdict.failed(f"{pronoun} does not agree in gender with {antecedent}", *evidence)
        agreeing = agreeing_words(reader, rendering)
        if rendering.role == "object" and rendering.form in SILENT and not agreeing:
            return Verdict.not_applicable(f"{pronoun} shows no gender and nothing agrees with it (no participle "
                                          f"after avoir, no floating tous/toutes): its number agrees with "
                                          f"{antecedent}, and there is nothing else to judge", *evidence)
        for index in agreeing:
            if not self._agrees(reader, index, gender, number):
                word = reader.tokens[index]
                readings = sorted({_features(a.gender, a.number) for a in reader.readings(index)
                                   if a.pos == "adj" or a.mood == "participle"})
                return Verdict.failed(f"{pronoun} agrees with {antecedent}, but {word!r} "
                                      f"({' or '.join(readings)}) does not", *evidence, word)
        words = ", ".join(repr(reader.tokens[i]) for i in agreeing)
        also = f", as {'does' if len(agreeing) == 1 else 'do'} {words}" if agreeing else ""
        return Verdict.passed(f"{pronoun} agrees with {antecedent}{also}", *evidence)

    def _agrees(self, reader: SentenceReader, index: int, gender: str | None, number: str | None) -> bool:
        return any((a.pos == "adj" or a.mood == "participle" or a.lemma == "tout")
                   and (gender is None or a.gender in (None, gender))
                   and (number is None or a.number in (None, number))
                   for a in reader.readings(index))
