"""The ``wh_preposition`` family: a preposition fronted with its relative or interrogative pronoun (*avec qui*, *d'où*)."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import FamilyParams, reject_unknown
from pytest_mtchallenge.checkers.fr import (
    FrenchChecker, TokenizedPhrases, VerbLemmas, clause_subject, phrase_tokens, verb_lemmas,
)
from pytest_mtchallenge.checkers.participants import Participant
from pytest_mtchallenge.languages.fr.reader import (
    NEGATION, OBJECT_CLITICS, SentenceReader, join_words,
)
from pytest_mtchallenge.languages.fr.syntax import Inversion, ends_clause, is_finite, read_french, skip_preverbal
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"clause", "fronted", "stranded", "verbs"}
_CLAUSES = ("relative", "interrogative")
# Relative and interrogative pronouns that can front a clause.
_WH_WORDS = frozenset({"qui", "que", "qu'", "quoi", "où", "dont", "lequel", "laquelle", "lesquels", "lesquelles",
                       "auquel", "auxquels", "auxquelles", "duquel", "desquels", "desquelles"})
_BARE_WH = frozenset({"qui", "que", "qu'", "quoi", "où", "lequel", "laquelle", "lesquels", "lesquelles"})
_CLAUSE_END = frozenset({",", ".", "?", "!", ";", ":"})
# Words that open the next clause: a preposition after them belongs to that clause.
_SUBORDINATORS = frozenset({"quand", "lorsque", "lorsqu'", "pendant", "tandis", "alors", "comme", "parce", "puisque",
                            "puisqu'", "si", "et", "mais", "ou"})


@dataclass(frozen=True, slots=True)
class WhElement:
    """The fronted element of the clause: a pronoun, with the preposition in front of it if any."""

    start: int
    end: int
    text: str
    kind: str  # "expected" (an accepted pied-piped form), "other" (another preposition), "bare"


def _occurrences(tokens: Sequence[str], needle: Sequence[str]) -> list[int]:
    """Where ``needle`` occurs in ``tokens``; a capital "À" written "A" (*A qui parlait-il*) counts as "à"."""
    return [i for i in range(len(tokens) - len(needle) + 1)
            if all(t == n or (t == "a" and n == "à") for t, n in zip(tokens[i:i + len(needle)], needle))]


@dataclass(frozen=True, slots=True)
class WhPrepositionParams(FamilyParams):
    """The kind of clause, the accepted pied-piped forms and the stranded prepositions (tokenised),
    and the lemmas of the governing verb."""

    clause: str  # of _CLAUSES
    fronted: TokenizedPhrases
    stranded: TokenizedPhrases
    verbs: VerbLemmas

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> WhPrepositionParams:
        reject_unknown(mapping, _PARAMS)
        for key in ("clause", "fronted", "stranded", "verbs"):
            if key not in mapping:
                raise ValueError(f"{key} is required")
        if mapping["clause"] not in _CLAUSES:
            raise ValueError(f"clause must be one of: {', '.join(_CLAUSES)}")
        fronted = phrase_tokens(mapping["fronted"], "fronted")
        stranded = phrase_tokens(mapping["stranded"], "stranded")
        return cls(str(mapping["clause"]), fronted, stranded, verb_lemmas(mapping["verbs"], "verbs"))


class WhPrepositionChecker(FrenchChecker):
    """A stranded English preposition must be fronted with the French relative or interrogative pronoun.

    Parameters (from the source sentence):

    - ``clause``: ``relative`` or ``interrogative``.
    - ``fronted``: the accepted pied-piped forms (*avec qui*, *avec lequel*; *dont*, *de qui*;
      *d'où*; *à qui*).
    - ``stranded``: the French prepositions the verb governs, which must not be left after the
      verb (*avec*; *de*, *à propos*; *à*).
    - ``verbs``: the lemmas of the French verb that governs the preposition (*sortir*; *parler*;
      *arriver*, *venir*). An output without any of them rephrased the clause (*le type
      qu'elle fréquente*): the checker is undecided.

    The first wh-element of the output decides: an accepted form passes (unless the preposition
    is repeated at the end of the clause: before punctuation, the next clause's verb, a conjunction
    or a wh-word, *Avec qui sort-elle avec quand …*); a bare pronoun (*que*, *qui*, *où*) fails, whether the
    preposition is left after the verb (*qu'elle sort avec*) or lost (*la ville où il arrive*). A
    bare *qui* that is the subject of the verb (*qui sort avec elle*) changed the sentence and is
    left to a human, as is another preposition (*sur qui*).

    The clause must be the source's, not any clause with the verb and its fronted preposition: its
    subject (right after the wh-element, *avec qui je sors*, *avec qui Marie sort*, or inverted, *à qui
    parlais-tu*) goes through the shared participant check (:meth:`FrenchChecker.same_subject`, issue 36)
    against the reference clause's. Another person, or a pronoun of another number or gender, fails (*Le
    garçon avec qui je sors* for *Le type avec qui elle sort*, *À qui parlais-tu* for *À qui parlait-il*); a
    noun phrase for the reference's pronoun, or one linked to nothing of the item, is left to a human; *on*
    is not compared. A pass with a
    verb that is none of ``verbs`` rests on that verb's meaning (``Verdict.content``): the judge asks
    whether it renders the source's (*À qui écrivait-il* for *Who was he talking to* is left to a human).
    """

    name = "wh_preposition"
    # 2: a construction not found in a broken output fails (Verdict.not_found); 3: the expected fronted
    # phrase passes whatever verb renders the clause
    # 4: a preposition repeated before a conjunction or a wh-word is stranded
    # 5: the clause's subject pronoun must be the reference clause's (another person or gender fails)
    # 6: a pass with a verb none of the item's rests on its meaning (Verdict.content)
    # 7: the meaning words follow auxiliary + modal + factitive chains, skip support verbs, read avoir l'air
    # 8: the clause's subject, a noun phrase too, goes through the shared participant check (issue 36)
    version = "8"
    description = "Stranded prepositions: pied-piping with the relative or interrogative pronoun"
    Params = WhPrepositionParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        fronted = WhPrepositionParams.of(item).fronted
        return self.same_subject(self._judge(item, output), item=item, output=output, role="clause's subject",
                                 subject_at=lambda reader: _clause_subject(reader, fronted))

    def _judge(self, item: ChallengeItem, output: str) -> Verdict:
        reader, inversions = read_french(output, self.lexicon)
        tokens = reader.tokens
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = WhPrepositionParams.of(item)
        fronted, stranded, lemmas = params.fronted, params.stranded, params.verbs
        verbs = [i for i in range(len(tokens)) if _is_governing_verb(reader, i, lemmas)]
        lemma_text = " / ".join(sorted(lemmas))
        if not verbs:  # the verb left untranslated (d'où est-il *arriving ?): the preposition is still judged
            copied = {w for w in re.findall(r"[^\W\d_]+", item.source) if w.islower()}  # not names
            verbs = [i for i in range(len(tokens)) if not reader.readings(i) and tokens[i] in copied]
        if not verbs:
            element = _wh_element(reader, fronted)
            if element is not None and element.kind == "expected" and _dangling(
                    reader, stranded, element.end, at_clause_end=True) is None:
                # the preposition the item asks about, whatever verb renders the clause: the pass rests on that
                # verb's meaning, which the judge compares with the source's
                clause = reader.first_finite_verb(element.end)
                return Verdict.passed(
                    f"the preposition is fronted with the pronoun: {element.text!r} (the verb is not "
                    f"{lemma_text}, but the fronted phrase is the expected one)", element.text).resting_on(
                    *(reader.meaning_words(clause) if clause is not None else ()))
            return Verdict.not_found(
                f"a form of {lemma_text}",
                f"the output has no form of {lemma_text}: the clause was rephrased, so the preposition that verb "
                "governs cannot be judged")
        element = _wh_element(reader, fronted)
        if element is None:
            return Verdict.not_found("a relative or interrogative pronoun",
                                     f"no relative or interrogative pronoun found with {lemma_text}")
        verb = next((v for v in verbs if v > element.start), verbs[0])
        verb_text = tokens[verb]
        if element.kind == "expected":
            after = max(verb, element.end)
            dangling = _dangling(reader, stranded, after + 1, at_clause_end=True)
            if dangling is not None:
                return Verdict.failed(
                    f"the preposition is fronted in {element.text!r} but repeated after {verb_text!r}: "
                    f"{join_words(stranded[dangling[1]])!r} dangles at the end of the clause", element.text)
            repeated = _dangling(reader, stranded, after + 1, at_clause_end=False)
            if repeated is not None:
                return Verdict.undecided(
                    f"the preposition is fronted in {element.text!r}, and {join_words(stranded[repeated[1]])!r} "
                    f"comes again after {verb_text!r}: a repeated preposition or another complement, left to a human")
            return Verdict.passed(
                f"the preposition is fronted with the pronoun: {element.text!r} (with {verb_text!r})", element.text)
        if element.kind == "other":
            return Verdict.undecided(
                f"the pronoun is fronted with another preposition, {element.text!r} (expected "
                f"{' / '.join(join_words(f) for f in fronted)!r}): left to a human")
        expected = " / ".join(join_words(f) for f in fronted)
        if element.text == "qui" and _is_subject_qui(reader, element.start, inversions, lemmas):
            return Verdict.undecided(
                f"'qui' is the subject of {verb_text!r}: the sentence was restructured, left to a human")
        if verb < element.start and params.clause == "relative":
            return Verdict.undecided(f"the verb {verb_text!r} comes before the relative pronoun {element.text!r}")
        dangling = _dangling(reader, stranded, max(verb, element.end) + 1, at_clause_end=False)
        if dangling is not None:
            preposition = join_words(stranded[dangling[1]])
            return Verdict.failed(
                f"expected the preposition fronted with the pronoun ({expected!r}); found the bare pronoun "
                f"{element.text!r} and the preposition {preposition!r} stranded after {verb_text!r}",
                element.text, preposition)
        return Verdict.failed(
            f"expected the preposition fronted with the pronoun ({expected!r}); found the bare pronoun "
            f"{element.text!r} with {verb_text!r}: the preposition is lost", element.text)


def _clause_subject(reader: SentenceReader, fronted: tuple[tuple[str, ...], ...]) -> Participant | None:
    """The subject of the clause the expected fronted phrase opens, as a participant (a clitic or a noun
    phrase after it, *avec qui Marie sort*, or the pronoun inverted on its verb, *à qui parlait-il*); None
    where the clause opens otherwise or no subject is read."""
    reader, inversions = read_french(reader.text, reader.lexicon)
    element = _wh_element(reader, fronted)
    if element is None or element.kind != "expected":
        return None
    return clause_subject(reader, element.end, inversions)


def _is_governing_verb(reader: SentenceReader, index: int, lemmas: frozenset[str]) -> bool:
    readings = [a for a in reader.readings(index) if a.pos in ("verb", "aux") and a.lemma in lemmas]
    if not readings:
        return False
    if not any(a.mood in ("infinitive", "participle", "gerund") for a in readings) and reader.is_nominal_context(index):
        return False  # "le sort", "une arrive…": a noun
    tokens = reader.tokens
    # "venir de quitter", "arriver à partir": a periphrasis; the verb that matters is the infinitive.
    if index + 2 < len(tokens) and tokens[index + 1] in ("de", "d'", "à"):
        return not any(a.mood == "infinitive" and a.pos in ("verb", "aux") for a in reader.readings(index + 2))
    return True


def _wh_element(reader: SentenceReader, fronted: tuple[tuple[str, ...], ...]) -> WhElement | None:
    tokens = reader.tokens
    candidates: list[WhElement] = []
    for form in fronted:
        for start in _occurrences(tokens, form):
            candidates.append(WhElement(start, start + len(form), join_words(form), "expected"))
    covered = {i for c in candidates for i in range(c.start, c.end)}
    for index, token in enumerate(tokens):
        if token not in _WH_WORDS or index in covered:
            continue
        if token in ("que", "qu'") and index >= 2 and tokens[index - 2:index] == ["est", "ce"]:
            continue  # the "que" of "est-ce que"
        if token in ("que", "qu'") and index >= 1 and tokens[index - 1] in ("ce", "plus", "moins", "aussi", "autant"):
            continue
        previous = tokens[index - 1] if index else ""
        if previous and any(a.pos == "prep" for a in reader.readings(index - 1)) and previous not in ("que", "qu'"):
            candidates.append(WhElement(index - 1, index + 1, join_words([previous, token]), "other"))
        elif token in _BARE_WH:
            candidates.append(WhElement(index, index + 1, token, "bare"))
        else:
            candidates.append(WhElement(index, index + 1, token, "other"))
    return min(candidates, key=lambda c: (c.start, -c.end)) if candidates else None


def _dangling(reader: SentenceReader, stranded: tuple[tuple[str, ...], ...], start: int,
              *, at_clause_end: bool) -> tuple[int, int] | None:
    """The first stranded preposition from ``start`` to the end of the clause, as (token index, which).

    With ``at_clause_end`` only a preposition that ends the clause counts (*…avec ?*, *…avec est
    beau*); otherwise any, except one that introduces an infinitive (*venir de partir*).
    """
    tokens = reader.tokens
    for index in range(start, len(tokens)):
        if tokens[index] in _CLAUSE_END or tokens[index] in _SUBORDINATORS:
            return None
        if index > start and is_finite(reader, index) and not reader.is_nominal_context(index):
            return None  # the next clause ("… est beau", "… tu es parti")
        for which, preposition in enumerate(stranded):
            end = index + len(preposition)
            if tuple(tokens[index:end]) != preposition:
                continue
            if end >= len(tokens):
                return index, which
            if at_clause_end:
                # before punctuation, the next clause's verb, a conjunction or a wh-word: stranded
                if tokens[end] in _CLAUSE_END or is_finite(reader, end) or ends_clause(reader, end):
                    return index, which
            elif not any(a.mood == "infinitive" for a in reader.readings(end)):
                return index, which
    return None


def _is_subject_qui(reader: SentenceReader, index: int, inversions: tuple[Inversion, ...],
                    lemmas: frozenset[str]) -> bool:
    """Whether ``qui`` at ``index`` is the subject of the governing verb (*qui parlait*, *qui a parlé*,
    *qui va parler*), rather than its object (*qui parlait-il*, *qui est-ce qu'il*)."""
    tokens = reader.tokens
    if index + 3 <= len(tokens) and tokens[index + 1:index + 3] == ["est", "ce"]:
        return index + 3 < len(tokens) and tokens[index + 3] == "qui"  # "qui est-ce qui" / "qui est-ce que"
    verb = skip_preverbal(reader, index + 1)
    if not is_finite(reader, verb) or any(inv.verb == verb for inv in inversions):
        return False
    finite_lemmas = {a.lemma for a in reader.finite_readings(verb)}
    if finite_lemmas & lemmas:
        return True
    following = verb + 1
    while following < len(tokens) and (tokens[following] in NEGATION or tokens[following] in OBJECT_CLITICS):
        following += 1
    if following >= len(tokens):
        return False
    wanted = "participle" if finite_lemmas & {"avoir", "être"} else "infinitive"
    return any(a.lemma in lemmas and a.mood == wanted for a in reader.readings(following))


__all__ = ["WhPrepositionChecker"]
