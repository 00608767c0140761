"""Wilson intervals and the exact McNemar test against hand-computed values."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.significance import mcnemar_exact, wilson_interval


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(72, 108)  # type: ignore[misc]
    assert low == pytest.approx(0.5734, abs=1e-4) and high == pytest.approx(0.7485, abs=1e-4)
    low, high = wilson_interval(0, 10)  # type: ignore[misc]
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) is None


@given(total=st.integers(1, 500), data=st.data())
def test_wilson_interval_contains_the_rate(total: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(0, total))
    low, high = wilson_interval(successes, total)  # type: ignore[misc]
    rate = successes / total
    assert 0.0 <= low <= rate + 1e-12 and rate - 1e-12 <= high <= 1.0


def test_mcnemar_exact_hand_computed() -> None:
    # b=1 improved, c=9 regressed: p = 2 * (C(10,0) + C(10,1)) / 2**10 = 22/1024
    assert mcnemar_exact(1, 9) == pytest.approx(22 / 1024)
    assert mcnemar_exact(9, 1) == pytest.approx(22 / 1024)
    # b=0, c=5: p = 2 / 32
    assert mcnemar_exact(0, 5) == pytest.approx(0.0625)
    assert mcnemar_exact(3, 3) == 1.0
    assert mcnemar_exact(0, 0) == 1.0


@given(b=st.integers(0, 60), c=st.integers(0, 60))
def test_mcnemar_is_a_symmetric_probability(b: int, c: int) -> None:
    p = mcnemar_exact(b, c)
    assert 0.0 < p <= 1.0 and p == mcnemar_exact(c, b)
    if b + c:
        assert p == pytest.approx(min(1.0, 2 * sum(math.comb(b + c, i) for i in range(min(b, c) + 1)) / 2 ** (b + c)))
