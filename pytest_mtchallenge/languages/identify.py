"""Is an output translated at all? A cheap check from the language packs' function words.

An output that repeats its source, or that reads as the source language (its function words are
the source language's and none are the target's), renders no phenomenon: the papers' annotators
answer "no" to such outputs whatever the question. This is decided before any checker family
reads the output, for every target language with a pack that lists its function words.
"""
from __future__ import annotations

from pytest_mtchallenge.languages import language_pack
from pytest_mtchallenge.text.normalise import normalise_text, tokens

#: Fewer word tokens than this, and an output is too short to tell its language by function words.
MIN_WORDS = 4


def untranslated(output: str, *, source: str, source_language: str, target_language: str) -> str | None:
    """Why ``output`` is not a translation of ``source`` into the target language, or None.

    A suite whose source and target language are the same (paraphrase, simplification) may keep a
    sentence as it is: nothing is decided there.
    """
    if language_pack(source_language).code == language_pack(target_language).code:
        return None
    words = [w.rstrip("'") for w in tokens(output)]
    if not words:
        return None
    if len(tokens(source)) >= 2 and normalise_text(output).casefold() == normalise_text(source).casefold():
        return "not translated: the output repeats the source"
    if len(words) < MIN_WORDS:
        return None
    source_words = language_pack(source_language).stop_words
    target_words = language_pack(target_language).stop_words
    if not source_words or not target_words:
        return None
    marks = [w for w in words if w in source_words and w not in target_words]
    counter = [w for w in words if w in target_words and w not in source_words]
    if len(set(marks)) >= 2 and not counter or len(marks) >= 4 and len(marks) >= 3 * len(counter):
        shown = ", ".join(f"'{w}'" for w in dict.fromkeys(marks))
        source_name, target_name = language_pack(source_language).name, language_pack(target_language).name
        found = (f"; of {target_name}'s only " + ", ".join(f"'{w}'" for w in dict.fromkeys(counter))) if counter else (
            f", none of {target_name}'s")
        return f"not translated: the output reads as {source_name} ({shown} are {source_name} function words{found})"
    return None
