"""The tq-regex family's parameters."""
from __future__ import annotations

import pytest

from pytest_mtchallenge.checkers.generic.tq_regex import TqRegexChecker


@pytest.mark.parametrize("params", [{"positive": 3}, {"pattern": "x"}])
def test_invalid_parameters(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        TqRegexChecker.validate(params)


def test_empty_patterns_are_allowed_as_upstream_leaves_them_empty() -> None:
    TqRegexChecker.validate({"positive": "", "negative": ""})
