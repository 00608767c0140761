"""The ``en_anaphora`` family: the English pronoun that renders a source pronoun suits its antecedent (DiP, section 3.1)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.en import EnglishChecker, Words, words_of
from pytest_mtchallenge.languages.en.inflection import is_participle
from pytest_mtchallenge.languages.en.reader import Sentence, tokenize
from pytest_mtchallenge.languages.en.words import BE_FORMS
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = ("antecedent", "pronouns")

#: Pronouns and possessives of the 3rd and 2nd person: what a source pronoun may have become.
#: Features: (person, gender m/f/n or None, number s/p or None).
FORMS: Mapping[str, tuple[int, str | None, str | None]] = {
    "he": (3, "m", "s"), "him": (3, "m", "s"), "his": (3, "m", "s"), "himself": (3, "m", "s"),
    "she": (3, "f", "s"), "her": (3, "f", "s"), "hers": (3, "f", "s"), "herself": (3, "f", "s"),
    "it": (3, "n", "s"), "its": (3, "n", "s"), "itself": (3, "n", "s"),
    "they": (3, None, "p"), "them": (3, None, "p"), "their": (3, None, "p"), "theirs": (3, None, "p"),
    "themselves": (3, None, "p"), "themself": (3, None, "s"),
    "you": (2, None, None), "your": (2, None, None), "yours": (2, None, None), "yourself": (2, None, "s"),
    "yourselves": (2, None, "p"),
}
_EXPLETIVE_VERBS = frozenset({"seems", "seemed", "appears", "appeared", "rains", "rained", "takes", "took"})


def describe(form: str) -> str:
    person, gender, number = FORMS[form]
    words = [{2: "2nd person", 3: "3rd person"}[person],
             {"m": "masculine", "f": "feminine", "n": "neuter"}.get(gender or "", ""),
             {"s": "singular", "p": "plural"}.get(number or "", "")]
    return " ".join(word for word in words if word)


@dataclass(frozen=True, slots=True)
class AnaphoraParams(FamilyParams):
    antecedent: str  # the noun or name as the item gives it, for reasons
    antecedent_words: tuple[str, ...]  # tokenised as outputs are, to find it again
    pronouns: Words

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> AnaphoraParams:
        check_keys(mapping, _PARAMS, required=_PARAMS)
        antecedent = mapping["antecedent"]
        if not isinstance(antecedent, str) or not antecedent.strip():
            raise ValueError("antecedent must be the English noun or name the pronoun refers to")
        pronouns = words_of(mapping["pronouns"], "pronouns")
        unknown = [p for p in pronouns if p not in FORMS]
        if unknown:
            raise ValueError(f"pronouns must be English 3rd- or 2nd-person pronouns or possessives; "
                             f"{unknown[0]!r} is not")
        return cls(antecedent.strip(), tokenize(antecedent)[0], pronouns)


class AnaphoraChecker(EnglishChecker):
    """Whether the pronoun that renders the item's source pronoun suits its antecedent.

    DiP's pronoun errors (Table 4, Table 17): the **gender copy** (German *sie* → *Wohnung*
    becomes *she* instead of *it*), the **named entity** (*Lady Liberty … it* for *she*) and
    **language-specific** ambiguities (German *Ihr* → *Your* for *Their*).

    - ``antecedent``: the English noun or name the pronoun refers to (``apartment``, ``Lady Liberty``);
    - ``pronouns``: the forms that suit it (``[it, its, itself]``, ``[he, him, his, himself]``).

    The rendering is the 3rd- or 2nd-person pronoun of the output closest to the place of the
    reference's pronoun (expletive *it is … to* aside). One of ``pronouns`` passes; another form
    fails; no such pronoun (dropped, or the antecedent repeated instead) is na. A pronoun that
    comes before a mention of the antecedent in the same sentence is not its rendering: na.
    """

    name = "en_anaphora"
    description = "the English pronoun rendering a source pronoun suits its antecedent (gender, number, person)"
    Params = AnaphoraParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        sentence = Sentence(output)
        if sentence.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = AnaphoraParams.of(item)
        accepted, antecedent, name = params.pronouns, params.antecedent_words, params.antecedent
        words = sentence.words
        candidates = [index for index, word in enumerate(words) if word in FORMS and not _expletive(words, index)]
        shown = " / ".join(repr(p) for p in accepted)
        if not candidates:
            return Verdict.not_applicable(f"no pronoun renders the source pronoun (dropped, or the sentence is "
                                          f"restructured): expected {shown} for {name!r}")
        chosen = min(candidates, key=lambda index: abs(index / len(words) - _reference_place(item, accepted)))
        word = words[chosen]
        mentions = sentence.find(antecedent)
        if word not in accepted and any(at > chosen for at in mentions):
            return Verdict.not_applicable(f"{word!r} comes before {name!r} in the output: the antecedent is named "
                                          "again rather than rendered by a pronoun", word)
        if word in accepted:
            return Verdict.passed(f"{word!r} ({describe(word)}) suits {name!r}", word)
        elsewhere = [words[i] for i in candidates if words[i] in accepted]
        if elsewhere:
            return Verdict.undecided(f"{word!r} stands where the reference has its pronoun, but {elsewhere[0]!r} "
                                     "also occurs: left to a human", word)
        return Verdict.failed(f"{word!r} ({describe(word)}) does not suit {name!r}: expected {shown}", word)


def _expletive(words: tuple[str, ...], index: int) -> bool:
    """*it is hard to…*, *it seems that…*: an *it* that refers to nothing."""
    if words[index] != "it" or index + 1 >= len(words):
        return False
    following = words[index + 1]
    if following in _EXPLETIVE_VERBS:
        return True
    if (following in BE_FORMS or following == "'s") and index + 2 < len(words):
        if is_participle(words[index + 2]) and words[index + 2] not in ("said", "known", "believed", "reported"):
            return False  # *it is meant to…*: a passive with a referential subject
        return any(word in ("to", "that") for word in words[index + 2:index + 7])
    return False


def _reference_place(item: ChallengeItem, accepted: tuple[str, ...]) -> float:
    """Where the reference has the pronoun, as a share of its length (0.0 when it has none)."""
    words = Sentence(item.reference).words if item.references else ()
    for index, word in enumerate(words):
        if word in accepted:
            return index / len(words)
    return 0.0


__all__ = ["FORMS", "AnaphoraChecker", "AnaphoraParams", "describe"]
