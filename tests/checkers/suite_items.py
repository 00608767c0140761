"""The items of a bundled suite judged by one checker family, as loaded (and validated) from the suite."""
from __future__ import annotations

from pytest_mtchallenge.checkers import builtin_checkers
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.formats import bundled_suites
from pytest_mtchallenge.formats.yaml import load_suite


def family_items(checker: str, suite: str = "isabelle-kuhn2018-fr-en") -> dict[str, ChallengeItem]:
    """Item id → item, for the items of ``suite`` whose checker is ``checker``."""
    families = builtin_checkers()
    loaded = load_suite(bundled_suites()[suite], checkers=families,
                        validate_params=lambda name, params: families[name].validate(params))
    return {item.id: item for item in loaded.items if item.checker == checker}
