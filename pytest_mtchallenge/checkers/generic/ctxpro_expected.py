"""The ``ctxpro-expected`` family: ctxpro's own rule (the expected word, whole, in the last sentence)."""
from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pytest_mtchallenge.checkers import Checker, FamilyParams, reject_unknown
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.verdict import Verdict

_PARAMS = {"expected"}
_ASCII_PUNCTUATION = str.maketrans("", "", string.punctuation)

# --- ctxpro's sentence splitting ---------------------------------------------------------------
# ``ctxpro score`` keeps the last sentence of every output line, split by the ``sentence_splitter``
# package: Koehn and Schroeder's rule-based splitter (the Moses ``split-sentences.perl`` rules).
# The rules are re-implemented here with the standard library, so that the family reproduces the
# scorer without depending on it. A break goes after ``?``/``!`` or several dots, and after a full
# stop, closing quote or bracket, when the next word starts with an upper-case letter (or a digit,
# after a full stop); never after the abbreviations below. A dialogue dash is no sentence starter
# ("Oui. - Non." stays one sentence), as upstream.

#: Opening punctuation that may precede a sentence's first letter: quotes, brackets, ¿ ¡ and the
#: Unicode initial quotes (category Pi); and the final quotes (Pf).
_INITIAL = "'\"([\u00bf\u00a1\u00ab\u2018\u201b\u201c\u201f\u2039\u2e02\u2e04\u2e09\u2e0c\u2e1c\u2e20"
_FINAL = "\u00bb\u2019\u201d\u203a\u2e03\u2e05\u2e0a\u2e0d\u2e1d\u2e21"
_CLOSING = "'\")]" + _FINAL
#: Words ending with a full stop that do not end a sentence: single letters (initials), titles
#: and the usual abbreviations, as the splitter's French list has them (it lacks *Mme* and *Mlle*:
#: "Mme. Dupont" is two sentences upstream, and therefore here).
ABBREVIATIONS = frozenset(
    [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("z") + 1)] + [
        "Œ", "M", "MM", "Mr", "Mrs", "Ms", "Dr", "Prof", "St", "Sr", "Jr", "Gen", "Sen", "Bros", "Inc", "Corp",
        "Co", "SS", "No", "no", "etc", "cf", "vs", "ex", "p", "pp", "art", "av", "apr", "boul", "ca", "chap",
        "dir", "éd", "env", "esp", "fig", "Fig", "fr", "hab", "ibid", "id", "inf", "sup", "suppl", "vol", "tél",
        "sec", "sect", "sing", "pl", "masc", "fém", "ms", "al", "ann", "auj", "lib", "fasc", "suiv", "sq", "sqq",
        "vb", "contr", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Okt", "Nov",
        "Dec", "Ph.D", "PhD", "e.g", "i.e", "c.-à-d", "ch.-l", "p.ex", "p.c.c", "loc.cit", "N.B", "P.S", "p.j",
        "R.I.P", "A.M",
    ])
_STARTS_AFTER_QUESTION = re.compile(rf"([?!]) +([{re.escape(_INITIAL)}]*)([^\W\d_])")
#: (Only from the first dot of a run: from each of the others, the run would be read again to its end.)
_STARTS_AFTER_DOTS = re.compile(rf"(?<!\.)(\.\.+) +([{re.escape(_INITIAL)}]*)([^\W\d_])")
_STARTS_AFTER_CLOSING = re.compile(
    rf"([?!.] *[{re.escape(_CLOSING)}]+) +([{re.escape(_INITIAL)}]* *)([^\W\d_])")
_STARTS_WITH_OPENING = re.compile(rf"([?!.]) +([{re.escape(_INITIAL.replace('(', ''))}]+ *)([^\W\d_])")
#: What may stand between a word's stem and its final full stops ("etc.)." , "50%.").
_BEFORE_FULL_STOP = frozenset(_CLOSING + "%")


def _is_capital(character: str) -> bool:
    """An upper-case letter, or a letter without case (CJK...): what may start a sentence."""
    return unicodedata.category(character) in ("Lu", "Lo")


def _break_before_capital(match: re.Match[str]) -> str:
    if not _is_capital(match.group(3)):
        return match.group(0)
    return f"{match.group(1)}\n{match.group(2)}{match.group(3)}"


def _starts_sentence(word: str) -> bool:
    """Whether a word may begin a sentence after a full stop: opening punctuation, then a capital or digit."""
    stripped = word.lstrip(" " + _INITIAL).lstrip(" ")
    return bool(stripped) and (_is_capital(stripped[0]) or stripped[0] in "0123456789")


def _is_acronym(word: str) -> bool:
    """``U.S.``, ``A.-B.``: a full stop, capitals and hyphens, then the final full stops."""
    body = word.rstrip(".")
    dot = body.rfind(".")
    run = body[dot + 1:]
    return dot >= 0 and bool(run) and all(c == "-" or _is_capital(c) for c in run)


#: A word (between spaces) ending with a full stop, and the next word.
_DOTTED_WORD = re.compile(r"(?:(?<= )|^)([^ ]*\.)(?= +([^ ]+))")


def _stem_before_full_stop(word: str) -> tuple[str, str] | None:
    """The stem (letters, digits, ``_``, ``.``, ``-``) and the closing punctuation that end ``word``
    before its final full stop(s), as the splitter's ``([\\w.\\-]*)([CLOSING%]*)(\\.+)$`` reads
    them (the stem keeps all but the last full stop when no punctuation closes it); None without a
    final full stop. Read from the end: the pattern, searched from every character of a long word,
    would read the word again from each."""
    end = len(word.rstrip("."))
    if end == len(word):
        return None
    closing = end
    while closing > 0 and word[closing - 1] in _BEFORE_FULL_STOP:
        closing -= 1
    start = closing if closing < end else len(word)
    while start > 0 and (word[start - 1].isalnum() or word[start - 1] in "_.-"):
        start -= 1
    return (word[start:closing], word[closing:end]) if closing < end else (word[start:-1], "")


def _breaks_after(word: str, following: str) -> bool:
    """Whether a sentence ends after ``word`` (ending with a full stop) before ``following``."""
    found = _stem_before_full_stop(word)
    if found is None or (found[0] in ABBREVIATIONS and not found[1]) or _is_acronym(word):
        return False
    return _starts_sentence(following)


def ctxpro_sentences(text: str) -> list[str]:
    """The sentences of ``text`` as ``ctxpro score`` (0.0.5, through ``sentence_splitter``) splits them."""
    if not text:
        return []
    for pattern in (_STARTS_AFTER_QUESTION, _STARTS_AFTER_DOTS, _STARTS_AFTER_CLOSING, _STARTS_WITH_OPENING):
        text = pattern.sub(_break_before_capital, text)
    breaks = [match.end(1) for match in _DOTTED_WORD.finditer(text) if _breaks_after(match.group(1), match.group(2))]
    if breaks:
        pieces = "".join(text[start:end] + "\n" for start, end in zip([0, *breaks], breaks)) + text[breaks[-1]:]
    else:
        pieces = text
    text = re.sub(" +", " ", pieces).replace("\n ", "\n").replace(" \n", "\n").strip()
    return text.split("\n")


def ctxpro_last_sentence(text: str) -> str:
    """The sentence of an output line that ``ctxpro score`` judges: its last one."""
    sentences = ctxpro_sentences(text)
    return sentences[-1] if sentences else text


def ctxpro_passes(sentence: str, expected: str) -> bool:
    """ctxpro's test: ``expected`` as a whole word of the lowercased sentence without ASCII punctuation.

    An expected form with an apostrophe (*t'*) can therefore never be found, as upstream.
    """
    return f" {expected.lower()} " in f" {sentence.lower().translate(_ASCII_PUNCTUATION)} "


@dataclass(frozen=True, slots=True)
class CtxproExpectedParams(FamilyParams):
    expected: str  # the word the reference uses (ctxpro's 'expected' field)

    @classmethod
    def parse(cls, mapping: Mapping[str, object]) -> CtxproExpectedParams:
        reject_unknown(mapping, _PARAMS)
        expected = mapping.get("expected")
        if not isinstance(expected, str) or not expected.strip():
            raise ValueError("expected is required: the word the reference uses (ctxpro's 'expected' field)")
        return cls(expected)


class CtxproExpectedChecker(Checker):
    """ctxpro's scorer as a family: pass when the item's ``expected`` word occurs in the last sentence.

    Exactly the rule of ``ctxpro score`` 0.0.5: the output's last sentence (its splitter's rules,
    re-implemented here), lowercased, ASCII punctuation removed, padded with spaces, must contain
    `` expected `` (lowercased); otherwise the item fails. It never says n/a or undecided. The
    family reads the context translation of a document-mode system: the context and the output are
    joined again, so the last sentence is the one ctxpro would take from the whole line.
    """

    name = "ctxpro-expected"
    needs_related_output = False  # the peer's own rule, reproduced exactly
    description = "ctxpro's scorer: the expected word, whole, in the last sentence of the output"
    Params = CtxproExpectedParams

    def check(self, *, item: ChallengeItem, output: str, context: Sequence[str] = ()) -> Verdict:
        expected = CtxproExpectedParams.of(item).expected
        line = " ".join((*context, output)).strip()
        sentence = ctxpro_last_sentence(line)
        if ctxpro_passes(sentence, expected):
            return Verdict.passed(f"the expected word “{expected}” occurs in the last sentence", sentence)
        why = (" (ctxpro removes the apostrophe from the output, so an elided form never matches)"
               if any(c in string.punctuation for c in expected) else "")
        return Verdict.failed(f"the expected word “{expected}” does not occur in the last sentence “{sentence}”"
                              + why, sentence)
