""""Did you mean …?" for the names users type: checker families, system kinds, suites, systems, markers."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def close_names(name: str, known: Iterable[str], *, limit: int = 3) -> list[str]:
    """The known names closest to ``name`` (case-insensitively, most alike first), at most ``limit``."""
    by_folded: dict[str, str] = {}
    for candidate in known:
        by_folded.setdefault(candidate.casefold(), candidate)
    folded = name.casefold()
    if folded in by_folded and by_folded[folded] != name:
        return [by_folded[folded]]  # only the case differs (-m s1 for S1)
    scored = []
    for candidate in by_folded:
        matcher = difflib.SequenceMatcher(None, folded, candidate)
        if matcher.real_quick_ratio() >= 0.6 and matcher.quick_ratio() >= 0.6 and matcher.ratio() >= 0.6:
            scored.append((matcher.ratio(), candidate))
    scored.sort(key=lambda pair: (-pair[0], pair[1]))
    # only the names nearly as alike as the best one: 'agrement' is 'agreement', not also 'movement'
    best = scored[0][0] if scored else 0.0
    return [by_folded[candidate] for score, candidate in scored[:limit] if score >= best - 0.1]


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'agreement'?)`` or ``(did you mean 'S1' or 'S10'?)``; empty when nothing is close."""
    matches = close_names(name, known)
    if not matches:
        return ""
    return f"did you mean {' or '.join(repr(match) for match in matches)}?"
