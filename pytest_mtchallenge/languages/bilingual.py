"""Core bilingual lexicons: which words of one language translate a word of another.

A lexicon is a data file of a language pack, ``languages/<code>/data/<a>_<b>_core.tsv``, one line
per lemma of language *a*: ``lemma<TAB>translation|translation|…`` (lemmas of language *b*); it is
read in both directions (*a*→*b*, and the inverse for *b*→*a*), lazily, once. The project writes
them by hand, for frequent content words; no lexicon for a pair means no translated-word links.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from importlib import resources

from pytest_mtchallenge.languages import base_code


@functools.cache
def _table(source: str, target: str) -> dict[str, frozenset[str]]:
    """Lemma of ``source`` → lemmas of ``target`` that translate it (empty without a lexicon)."""
    for first, second, inverse in ((source, target, False), (target, source, True)):
        for pack in (second, first):
            try:
                data = resources.files(f"pytest_mtchallenge.languages.{pack}.data")
            except ModuleNotFoundError:
                continue
            lexicon = data / f"{first}_{second}_core.tsv"
            if not lexicon.is_file():
                continue
            found: dict[str, set[str]] = {}
            for line in lexicon.read_text(encoding="utf-8").splitlines():
                if not line.strip() or line.startswith("#") or "\t" not in line:
                    continue
                word, translations = line.split("\t", 1)
                others = [other.strip().casefold() for other in translations.split("|") if other.strip()]
                # a compound (après-midi, aujourd'hui) is also found by its parts, as texts are read
                others += [part for other in others for part in re.split(r"[-'’]", other) if len(part) > 2
                           and part != other]
                if inverse:
                    for other in others:
                        found.setdefault(other, set()).add(word.strip().casefold())
                else:
                    found.setdefault(word.strip().casefold(), set()).update(others)
            return {word: frozenset(others) for word, others in found.items()}
    return {}


def translations(lemma: str, *, source_language: str, target_language: str) -> frozenset[str]:
    """The lemmas of ``target_language`` that translate ``lemma`` of ``source_language`` (casefolded)."""
    return _table(base_code(source_language), base_code(target_language)).get(lemma.casefold(), frozenset())


def table(source_language: str, target_language: str) -> Mapping[str, frozenset[str]]:
    """The whole lexicon from ``source_language`` to ``target_language``: casefolded lemma → the
    lemmas that translate it (empty without a lexicon)."""
    return _table(base_code(source_language), base_code(target_language))


def has_lexicon(source_language: str, target_language: str) -> bool:
    return bool(_table(base_code(source_language), base_code(target_language)))
