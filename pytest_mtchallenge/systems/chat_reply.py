"""What a chat model wraps around a translation (reasoning, code fence, preamble, notes, quotes), and its removal."""
from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_mtchallenge.languages import language_name

#: How much of a removed piece a note quotes.
QUOTED_CHARS = 60

_REASONING = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_UNCLOSED_REASONING = re.compile(r"^\s*<(think|thinking|reasoning)>", re.IGNORECASE)
_FENCE = re.compile(r"```[\w+-]*[ \t]*\n?(.*?)\n?[ \t]*```", re.DOTALL)
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
_TRAILING_ASIDE = re.compile(
    r"\s*\((?:notes?|n\.?\s?b\.?|literally|lit\.|or|i\.e\.|translation|translated)\b[^()]*\)\s*$", re.IGNORECASE)
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
    :attr:`CleanedReply.removed`. Leading and trailing whitespace is removed silently.
    """
    removed: list[str] = []
    text = reply
    for step in (_strip_reasoning, _strip_fence, _strip_preamble, _strip_notes, _strip_quotes):
        text = step(text.strip(), source.strip(), target_language, removed)
    return CleanedReply(text=text.strip(), removed=tuple(removed))


def _strip_reasoning(text: str, source: str, target_language: str, removed: list[str]) -> str:
    if "<" not in text or _REASONING.search(source) or _UNCLOSED_REASONING.match(source):
        return text
    stripped = _REASONING.sub("", text)
    if _UNCLOSED_REASONING.match(stripped):  # reasoning cut off by max_tokens: no translation followed
        stripped = ""
    if stripped != text:
        removed.append("removed the model's reasoning (<think>…</think>)")
    return stripped.strip()


def _strip_fence(text: str, source: str, target_language: str, removed: list[str]) -> str:
    if "```" in source:
        return text
    fences = list(_FENCE.finditer(text))
    if len(fences) != 1 or not fences[0].group(1).strip():
        return text
    fence = fences[0]
    outside = (text[:fence.start()] + " " + text[fence.end():]).strip()
    removed.append("took the text inside the code fence" + (f" (dropped {quoted(outside)})" if outside else ""))
    return fence.group(1).strip()


def _labels(target_language: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Labels before the translation: one naming a translation ("Here is the French translation:",
    "Traduction :"), and one naming the target language alone ("French:")."""
    name = re.escape(language_name(target_language))
    return (re.compile(rf"^{_OPENER}(?=[^\n:]*?\b(?:{_LABEL_WORDS})\b){_LABEL_BODY}+[ \t]*:[ \t]*", re.IGNORECASE),
            re.compile(rf"^{_OPENER}(?:in |into )?{name}(?: \(\w+\))?[ \t]*:[ \t]*", re.IGNORECASE))


def _strip_preamble(text: str, source: str, target_language: str, removed: list[str]) -> str:
    translation_label, language_label = _labels(target_language)
    if translation_label.match(source):
        return text
    first, newline, rest = text.partition("\n")
    if (newline and rest.strip() and text.count("\n") > source.count("\n") and _INTERJECTION.match(first.strip())
            and not _INTERJECTION.match(source.partition("\n")[0].strip())):
        removed.append(f"removed the preamble {quoted(first)}")
        text = rest.strip()
    # A source that opens with a label of its own ("Anglais : une langue") may be translated as "English: …".
    labels = [translation_label] if _SOURCE_LABEL.match(source) else [translation_label, language_label]
    for label in labels:
        match = label.match(text)
        if match and len(match.group(0)) <= _LABEL_CHARS and text[match.end():].strip():
            removed.append(f"removed the preamble {quoted(match.group(0).strip())}")
            return text[match.end():].strip()
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
    aside = _TRAILING_ASIDE.search(text)
    if aside and aside.start() > 0 and not _TRAILING_ASIDE.search(source):
        removed.append(f"removed a trailing note {quoted(aside.group(0).strip())}")
        text = text[:aside.start()].rstrip()
    return text


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
