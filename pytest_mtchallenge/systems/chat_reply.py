"""What a chat model wraps around a translation (reasoning, code fence, preamble, notes, quotes), and its removal."""
from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_mtchallenge.languages import language_name

#: How much of a removed piece a note quotes.
QUOTED_CHARS = 60
#: The longest reply read, in characters (about ten thousand words): a longer one is not cleaned
#: nor judged, it holds no translation (a model that ran on). Every reading below takes time in
#: proportion to the reply's length, so cleaning one reply takes milliseconds.
MAX_REPLY_CHARS = 64 * 1024

#: The reasoning tags; a block is an opening tag and the first closing tag of the same name after it.
_REASONING_TAGS = ("think", "thinking", "reasoning")
_REASONING_OPENING = re.compile(r"<(think|thinking|reasoning)>", re.IGNORECASE)
_REASONING_CLOSING = {tag: re.compile(f"</{tag}>", re.IGNORECASE) for tag in _REASONING_TAGS}
_UNCLOSED_REASONING = re.compile(r"^\s*<(think|thinking|reasoning)>", re.IGNORECASE)
_FENCE = "```"
#: A code fence's info string ("python", "text") and the end of its line.
_FENCE_INFO = re.compile(r"[\w+-]*[ \t]*\n")
#: Words that make a short phrase ending in a colon a label for the translation that follows.
_LABEL_WORDS = r"translat\w*|traduc\w*|traduz\w*|übersetz\w*|překlad\w*|vertaling|перевод\w*"
#: A label's words: no sentence punctuation, except inside quotes or parentheses.
_LABEL_BODY = r"""(?:"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|\([^)\n]*\)|[^\n:.!?"“«(])"""
_OPENER = r"(?:(?:sure|certainly|of course|okay|ok|absolutely)\b[!.,]?\s*)?"
_INTERJECTION = re.compile(
    r"^(?:(?:sure|certainly|of course|okay|ok|absolutely)[!.,]?(?:\s*here(?:'s| is| you go| it is)\b[^\n]{0,40})?"
    r"|here you go|here it is)[!.:]?$", re.IGNORECASE)
_SOURCE_LABEL = re.compile(r"^[^\n:.!?]{1,60}:")
#: The longest label removed.
_LABEL_CHARS = 160
#: A trailing line that comments on the translation instead of being part of it.
_NOTE = re.compile(
    r"^[\s*_>]*(?:\(\s*|\[\s*)?(?:(?:notes?|n\.?\s?b\.?|explanation|remarks?|remarque|comments?|alternatives?|"
    r"alternatively|literally|literal translation|or|also possible)\b[*_]*\s*[:—–-]|"
    r"(?<=\()(?:notes?|n\.?\s?b\.?|literally|or)\b|"
    r"(?:note that|this translation|the translation|translation notes?|in this translation|"
    r"i (?:translated|have translated|used|kept|chose|rendered))\b)", re.IGNORECASE)
#: The opening of a parenthesised note ending the translation: "(Note: …)", "(literally …)".
_ASIDE_OPENING = re.compile(r"\((?:notes?|n\.?\s?b\.?|literally|lit\.|or|i\.e\.|translation|translated)\b",
                            re.IGNORECASE)
#: Opening quote → the closing quotes that may match it.
_QUOTES = {'"': '"', "“": "”", "„": "“”", "«": "»", "»": "«", "‘": "’", "'": "'", "‚": "‘’", "「": "」", "『": "』",
           "‹": "›"}
#: The start of a reply that declines to translate, in English (what chat models say).
_REFUSAL = re.compile(
    r"^\W*(?:i'?m sorry|i am sorry|sorry,|i apologi[sz]e|unfortunately,? i|i (?:cannot|can ?not|can't|can’t|won't|"
    r"won’t|am unable|'m unable|’m unable|am not able|'m not able)|as an ai\b|i must decline)", re.IGNORECASE)
#: What a refusal declines; the words a translation into English could hold too are left out for English targets.
_REFUSAL_OBJECT = re.compile(r"\b(?:translat\w*|help with|provide|request|this content)\b", re.IGNORECASE)
_REFUSAL_REASON = re.compile(
    r"\b(?:assist\w*|comply|fulfil+\w*|as an ai|ai (?:language )?model|language model|policy|policies|guidelines|"
    r"inappropriate|harmful|offensive)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class CleanedReply:
    """A reply with what is not the translation removed; ``removed`` says what, in words, in order."""

    text: str
    removed: tuple[str, ...] = ()

    @property
    def note(self) -> str:
        """One line for the judgement's reason ("" when nothing but whitespace was removed)."""
        return f"the model's reply was cleaned: {'; '.join(self.removed)}" if self.removed else ""


def quoted(text: str, limit: int = QUOTED_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters, in single quotes."""
    line = " ".join(text.split())
    return "'" + (line if len(line) <= limit else line[:limit - 1] + "…") + "'"


def is_refusal(reply: str, *, source: str, target_language: str) -> bool:
    """Whether ``reply`` declines to translate ("I'm sorry, but I can't help with that.").

    The reply must open with an apology or a refusal and say what it declines (translating, a
    request) or why (assisting, a policy, being an AI). Into English, "I'm sorry, I can't
    translate it" may be a translation, so only the reasons count. A source that itself reads
    as a refusal is translated, not refused.
    """
    text = reply.strip()
    english = language_name(target_language) == "English"
    if not _REFUSAL.match(text) or not (_REFUSAL_REASON.search(text) or not english and _REFUSAL_OBJECT.search(text)):
        return False
    return not _REFUSAL.match(source.strip())


def clean_reply(reply: str, *, source: str, target_language: str) -> CleanedReply:
    """``reply`` without the model's reasoning, a code fence, a preamble, trailing notes and enclosing quotes.

    Each step only removes what the ``source`` does not have itself (a source in quotes keeps
    its quotes, a source with a code fence its fence), and each removal is named in
    :attr:`CleanedReply.removed`. Leading and trailing whitespace is removed silently. A reply that
    is only a preamble ("Here is the translation:") leaves nothing, as one of reasoning only does;
    so does a reply longer than :data:`MAX_REPLY_CHARS`, which is not read.
    """
    if len(reply) > MAX_REPLY_CHARS:
        return CleanedReply(text="", removed=(f"not read: {len(reply):,} characters, more than the "
                                              f"{MAX_REPLY_CHARS:,} a reply may have (MAX_REPLY_CHARS)",))
    removed: list[str] = []
    text = reply
    for step in (_strip_reasoning, _strip_fence, _strip_preamble, _strip_notes, _strip_quotes):
        text = step(text.strip(), source.strip(), target_language, removed)
    return CleanedReply(text=text.strip(), removed=tuple(removed))


def _reasoning_blocks(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each reasoning block of ``text``, in order: an opening tag and the first
    closing tag of its name after it; an opening tag never closed is left in place.

    One pass: the next closing tag of each name is remembered, so the text after an opening tag
    that is never closed is not searched again for the next one (a regular expression's lazy
    ``.*?`` would, from each opening tag: time in the square of the reply's length).
    """
    blocks: list[tuple[int, int]] = []
    # tag → the (start, end) of its next closing tag; (-1, -1): the text has no closing tag left
    closing: dict[str, tuple[int, int]] = {}
    position = 0
    while (opening := _REASONING_OPENING.search(text, position)) is not None:
        tag = opening.group(1).lower()
        start, end = closing.get(tag, (0, 0))
        if start != -1 and start < opening.end():  # not searched yet, or that closing tag is behind
            found = _REASONING_CLOSING[tag].search(text, opening.end())
            start, end = closing[tag] = found.span() if found else (-1, -1)
        if start == -1:
            position = opening.start() + 1
            continue
        blocks.append((opening.start(), end))
        position = end
    return blocks


def _strip_reasoning(text: str, source: str, target_language: str, removed: list[str]) -> str:
    if "<" not in text or _reasoning_blocks(source) or _UNCLOSED_REASONING.match(source):
        return text
    blocks = _reasoning_blocks(text)
    ends = [0, *(end for _, end in blocks)]
    stripped = "".join(text[end:start] for end, (start, _) in zip(ends, blocks)) + text[ends[-1]:]
    if _UNCLOSED_REASONING.match(stripped):  # reasoning cut off by max_tokens: no translation followed
        stripped = ""
    if stripped != text:
        removed.append("removed the model's reasoning (<think>…</think>)")
    return stripped.strip()


def _fences(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each code fence of ``text``: three backticks and the next three."""
    fences: list[tuple[int, int]] = []
    start = text.find(_FENCE)
    while start >= 0:
        end = text.find(_FENCE, start + len(_FENCE))
        if end < 0:
            break
        fences.append((start, end + len(_FENCE)))
        start = text.find(_FENCE, end + len(_FENCE))
    return fences


def _strip_fence(text: str, source: str, target_language: str, removed: list[str]) -> str:
    if _FENCE in source:
        return text
    fences = _fences(text)
    if len(fences) != 1:
        return text
    start, end = fences[0]
    body = start + len(_FENCE)
    info = _FENCE_INFO.match(text, body, end - len(_FENCE))  # "```python\n": the info string ends its line
    inside = text[info.end() if info else body:end - len(_FENCE)].strip()
    if not inside:
        return text
    outside = (text[:start] + " " + text[end:]).strip()
    removed.append("took the text inside the code fence" + (f" (dropped {quoted(outside)})" if outside else ""))
    return inside


def _labels(target_language: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Labels before the translation: one naming a translation ("Here is the French translation:",
    "Traduction :"), and one naming the target language alone ("French:")."""
    name = re.escape(language_name(target_language))
    return (re.compile(rf"^{_OPENER}(?=[^\n:]*?\b(?:{_LABEL_WORDS})\b){_LABEL_BODY}+[ \t]*:[ \t]*", re.IGNORECASE),
            re.compile(rf"^{_OPENER}(?:in |into )?{name}(?: \(\w+\))?[ \t]*:[ \t]*", re.IGNORECASE))


def _strip_preamble(text: str, source: str, target_language: str, removed: list[str]) -> str:
    translation_label, language_label = _labels(target_language)
    if translation_label.match(source, 0, _LABEL_CHARS + 1):
        return text
    first, newline, rest = text.partition("\n")
    if (newline and rest.strip() and text.count("\n") > source.count("\n") and _INTERJECTION.match(first.strip())
            and not _INTERJECTION.match(source.partition("\n")[0].strip())):
        removed.append(f"removed the preamble {quoted(first)}")
        text = rest.strip()
    # A source that opens with a label of its own ("Anglais : une langue") may be translated as "English: …".
    labels = [translation_label] if _SOURCE_LABEL.match(source) else [translation_label, language_label]
    for label in labels:
        # A label is at most _LABEL_CHARS long: the rest of the reply is not read for one.
        match = label.match(text, 0, _LABEL_CHARS + 1)
        if match and len(match.group(0)) <= _LABEL_CHARS:
            removed.append(f"removed the preamble {quoted(match.group(0).strip())}")
            return text[match.end():].strip()  # nothing after it: the reply was only a preamble
    return text


def _strip_notes(text: str, source: str, target_language: str, removed: list[str]) -> str:
    lines = text.split("\n")
    if len(lines) > len(source.split("\n")) and not _NOTE.match(source):
        for index in range(1, len(lines)):
            if _NOTE.match(lines[index]) and "\n".join(lines[:index]).strip():
                note = "\n".join(lines[index:])
                removed.append(f"removed a trailing note {quoted(note)}")
                text = "\n".join(lines[:index]).strip()
                break
    aside = _trailing_aside(text)
    if aside and _trailing_aside(source) is None:
        removed.append(f"removed a trailing note {quoted(text[aside:].strip())}")
        text = text[:aside].rstrip()
    return text


def _trailing_aside(text: str) -> int | None:
    """Where a parenthesised note that ends ``text`` starts ("… (Note: subjunctive)"), the spaces
    before it included; None when there is none. Only the last parenthesis is read."""
    end = len(text.rstrip())
    if not text.endswith(")", 0, end):
        return None
    opening = text.rfind("(", 0, end - 1)
    if opening < 0 or ")" in text[opening + 1:end - 1] or not _ASIDE_OPENING.match(text, opening):
        return None
    return len(text[:opening].rstrip())


def _strip_quotes(text: str, source: str, target_language: str, removed: list[str]) -> str:
    if len(text) < 2 or text[0] not in _QUOTES or text[-1] not in _QUOTES[text[0]]:
        return text
    if source[:1] in _QUOTES and source[-1:] and source[-1] in _QUOTES[source[0]]:
        return text  # the source is a quotation: its translation is one too
    inner = text[1:-1]
    if _quote_inside(inner, text[0]) or _quote_inside(inner, text[-1]):
        return text  # "a" and "b": the first and last quotes are not one pair
    removed.append(f"removed the quotes {text[0]}…{text[-1]} around the translation")
    return inner.strip()


def _quote_inside(inner: str, mark: str) -> bool:
    """Whether ``mark`` occurs in ``inner`` as a quote, not as an apostrophe between letters (l'homme)."""
    for position, character in enumerate(inner):
        if character == mark:
            before, after = inner[position - 1:position], inner[position + 1:position + 2]
            if not (before.isalpha() and after.isalpha()):
                return True
    return False


__all__ = ["CleanedReply", "clean_reply", "is_refusal", "quoted"]
