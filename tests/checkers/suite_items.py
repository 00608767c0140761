"""The items of a bundled suite judged by one checker family, as loaded (and validated) from the suite."""
from __future__ import annotations

import functools

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite
from pytest_mtchallenge.judge import Judge
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.verdict import Verdict


@functools.cache
@functools.cache
def _suite(suite: str) -> Suite:
    families = builtin_checkers()
    return load_suite(bundled_suites()[suite], checkers=families,
                      validate_params=lambda name, params: families[name].parse_params(params))


def family_items(checker: str, suite: str = "isabelle-kuhn2018-fr-en") -> dict[str, ChallengeItem]:
    """Item id → item, for the items of ``suite`` whose checker is ``checker``."""
    return {item.id: item for item in _suite(suite).items if item.checker == checker}


def judged(checker: str, item_id: str, output: str, suite: str = "isabelle-kuhn2018-fr-en") -> Verdict:
    """What the automatic judge says of ``output`` for one item: the untranslated-output check, the
    family's verdict, and a broken output's "construction not found" as a failure."""
    return _judge(suite).verdict(family_items(checker, suite)[item_id], output)


@functools.cache
def _judge(suite: str) -> Judge:
    loaded = _suite(suite)
    return Judge(languages=(loaded.source_language, loaded.target_language),
                 checkers=lambda name: builtin_checkers()[name]())
