"""The ``tag_question`` family: an English tag question rendered by a French tag (*n'est-ce pas ?*, *non ?*)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from pytest_mtchallenge.checkers import FamilyParams, check_keys
from pytest_mtchallenge.checkers.fr import FrenchChecker, phrase_list
from pytest_mtchallenge.languages.fr.reader import (
    NEGATION,
    OBJECT_CLITICS,
    SUBJECT_CLITICS,
    SentenceReader,
    join_words,
    tokenize,
)
from pytest_mtchallenge.languages.fr.syntax import is_finite, read_french
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"tags", "literal"}
_BOUNDARIES = frozenset({",", ".", ";", ":", "?", "!"})
_FINAL = frozenset({".", "?", "!"})
# Words a calqued pronoun + auxiliary tag is made of, besides verbs and subject pronouns.
_TAG_FUNCTION_WORDS = NEGATION | OBJECT_CLITICS | {"si", "non", "pas", "ne", "n'"}
# Tags that open the sentence: "N'est-ce pas que…", "N'est-ce pas, …".
_FRONTED_TAGS = (("n'", "est", "ce", "pas"), ("pas", "vrai"))


def _tokenized(value: object, name: str) -> Mapping[tuple[str, ...], str]:
    """Each French string by its tokens (the string is kept for the reason text)."""
    return MappingProxyType({tuple(tokenize(v)): v for v in phrase_list(value, name)})


@dataclass(frozen=True, slots=True)
class TagQuestionParams(FamilyParams):
    """The accepted tags and the literal renderings to reject, each by its tokens."""

    tags: Mapping[tuple[str, ...], str]
    literal: Mapping[tuple[str, ...], str] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> TagQuestionParams:
        check_keys(mapping, _PARAMS, {"tags": "the accepted French tags"})
        tags = _tokenized(mapping["tags"], "tags")
        return cls(tags, _tokenized(mapping["literal"], "literal")) if "literal" in mapping else cls(tags)


def _find(tokens: Sequence[str], needle: Sequence[str]) -> int:
    for start in range(len(tokens) - len(needle) + 1):
        if tuple(tokens[start:start + len(needle)]) == tuple(needle):
            return start
    return -1


class TagQuestionChecker(FrenchChecker):
    """An English tag (*didn't she?*, *should we?*) must become a French invariable tag.

    Parameters:

    - ``tags``: the accepted French tags (*n'est-ce pas*, *non*, *hein*, *pas vrai*, *c'est ça*,
      *d'accord*, *vous ne trouvez pas*…), matched as the whole last segment of the output
      (after its last comma) or, for *n'est-ce pas* and *pas vrai*, at its start.
    - ``literal`` (optional): word-for-word renderings of the English tag to reject
      (*n'était-elle pas*, *devrions-nous*, *si nous*).

    Besides the ``literal`` list, a last segment made only of a subject pronoun, verbs, clitics and
    negation after a statement (*…, elle n'était pas ?*, *…, faut-il ?*) is a calqued pronoun +
    auxiliary tag and fails; a statement whose verb is left unconjugated (*Mary regardé vraiment
    heureux ce soir, ne fait pas elle ?*) counts. Without any tag, a statement ending in a full stop fails (the tag is
    lost); one ending in a question mark, or a sentence turned into a negative question, is left
    to a human. A pass rests on the meaning of the statement the tag asks about (``Verdict.content``: its
    first verb's, ``SentenceReader.meaning_words``): the judge asks whether it renders the source's (*Il
    était fatigué ce matin, n'est-ce pas ?* for *She was perfect tonight, was she not?* is left to a human).
    """

    name = "tag_question"
    description = "Tag questions rendered by a French invariable tag"
    # 3: a construction not found in a broken output fails (Verdict.not_found); earlier: words in the 1990 reformed
    # spelling (connait, paraitra) read
    # 4: a calqued tag after a statement whose verb is left unconjugated fails
    # 5: a pass rests on the statement's meaning (Verdict.content), which the judge compares with the source
    # 6: the meaning words follow auxiliary + modal + factitive chains, skip support verbs, read avoir l'air
    version = "6"
    Params = TagQuestionParams
    construction_params = ("tags",)

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        reader, _ = read_french(output, self.lexicon)
        tokens = reader.tokens
        if reader.is_empty:
            return Verdict.not_applicable("the output is empty")
        params = TagQuestionParams.of(item)
        tags, literal = params.tags, params.literal
        words = list(tokens)
        while words and words[-1] in _FINAL:
            words.pop()
        question_mark = "?" in tokens[len(words):]
        cut = max((i for i, t in enumerate(words) if t in _BOUNDARIES), default=-1)
        head, tail = words[:cut] if cut >= 0 else words, words[cut + 1:] if cut >= 0 else []
        statement = any(is_finite(reader, i) for i in range(len(head)))
        # a broken statement whose verb is left unconjugated (*Mary regardé vraiment heureux ce soir*) still
        # carries the tag after it
        verbal_head = statement or len(head) >= 3 and any(
            a.pos in ("verb", "aux") and a.mood in ("participle", "infinitive")
            for i in range(1, len(head)) if not reader.is_nominal_context(i) for a in reader.readings(i))

        # the statement the tag asks about renders the source's: a pass rests on its verb's meaning
        subject = reader.subject(0)
        verb = reader.first_finite_verb(subject[1] if subject else 0)
        meaning = reader.meaning_words(verb) if verb is not None else ()
        for tag, text in tags.items():
            if cut >= 0 and tuple(tail) == tag:
                return Verdict.passed(f"the tag is rendered by the French tag {text!r}", text).resting_on(*meaning)
            if len(tag) > 1 and tuple(words[-len(tag):]) == tag and len(words) > len(tag):
                return Verdict.passed(f"the tag is rendered by the French tag {text!r} (no comma before it)",
                                      text).resting_on(*meaning)
        for fronted in _FRONTED_TAGS:
            if fronted in tags and tuple(words[:len(fronted)]) == fronted and len(words) > len(fronted) + 2:
                return Verdict.passed(f"the tag is rendered by the fronted French tag {tags[fronted]!r}",
                                      tags[fronted]).resting_on(*meaning)
        if (len(tail) == 4 and tail[0] == "n'" and tail[2:] == ["ce", "pas"]
                and any(a.lemma == "être" for a in reader.finite_readings(cut + 2))):
            return Verdict.undecided(
                f"{_segment(reader, cut + 1, len(words))!r} is 'n'est-ce pas' in another tense: left to a human")
        if cut >= 0 and verbal_head and tail:
            for rendering, text in literal.items():
                if _find(tail, rendering) >= 0:
                    return _literal_failure(_segment(reader, cut + 1, len(words)),
                                            f"the word-for-word rendering {text!r}")
            if _is_calqued_tag(reader, cut + 1, len(words)):
                return _literal_failure(_segment(reader, cut + 1, len(words)),
                                        "a pronoun + verb tag, which French does not have")
        if not statement and not any(is_finite(reader, i) for i in range(len(words))):
            return Verdict.not_found("a statement with a finite verb",
                                     "no finite verb found: the statement the tag attaches to is missing")
        if question_mark:
            return Verdict.not_found(
                "a French question tag",
                "no French tag found, but the output ends in a question mark (an intonation question, or a negative "
                "question replacing the tag): left to a human")
        return Verdict.failed(
            "expected a French tag (n'est-ce pas, non ?, hein ?, …); found a plain statement: the tag question is "
            "not rendered", join_words(tail or words[-3:]))


def _is_calqued_tag(reader: SentenceReader, start: int, end: int) -> bool:
    """Whether tokens[start:end] are only subject pronouns and/or verbs, with clitics and negation.

    *n'était-elle pas*, *si nous*, *faut-il*, *ne l'a pas fait*, and a French tag spoilt by a
    pronoun (*n'est-ce pas elle*).
    """
    if start >= end or end - start > 6:
        return False
    has_core = False
    for index in range(start, end):
        token = reader.tokens[index]
        if token in SUBJECT_CLITICS or token == "ce" or is_finite(reader, index):
            has_core = True
        elif token in _TAG_FUNCTION_WORDS or any(a.pos in ("verb", "aux") for a in reader.readings(index)):
            continue
        else:
            return False
    return has_core


def _segment(reader: SentenceReader, start: int, end: int) -> str:
    """Tokens start..end as written (inversions re-hyphenated: "n'était-elle pas")."""
    text = ""
    for index in range(start, end):
        token = reader.tokens[index]
        if index > start and token in SUBJECT_CLITICS | {"ce"} and reader.finite_readings(index - 1):
            text += "-" + token
        elif text.endswith("'") or not text:
            text += token
        else:
            text += " " + token
    return text


def _literal_failure(tail: str, what: str) -> Verdict:
    return Verdict.failed(
        f"expected a French tag (n'est-ce pas, non ?, hein ?, …); found {tail!r}: {what}", tail)


__all__ = ["TagQuestionChecker"]
