"""Confidence intervals and significance tests for success rates and paired outcomes."""
from __future__ import annotations

import math


def wilson_interval(successes: int, total: int, *, z: float = 1.959963984540054) -> tuple[float, float] | None:
    """The Wilson score interval (95% by default) of a success rate; None when ``total`` is 0."""
    if total <= 0:
        return None
    if not 0 <= successes <= total:
        raise ValueError(f"successes must be between 0 and total, got {successes}/{total}")
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mcnemar_exact(improved: int, regressed: int) -> float:
    """Two-sided exact McNemar test on the discordant pairs of a paired comparison.

    ``improved``: items that fail in the baseline and pass now; ``regressed``: the converse.
    Under the null hypothesis each discordant pair is a fair coin, so the p-value is the
    two-sided binomial probability of a split at least as uneven: ``min(1, 2 * P(X <= min(b, c)))``
    with ``X ~ Binomial(b + c, 1/2)``. With no discordant pairs the p-value is 1.
    """
    if improved < 0 or regressed < 0:
        raise ValueError("counts of discordant pairs cannot be negative")
    n = improved + regressed
    if n == 0:
        return 1.0
    k = min(improved, regressed)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)
