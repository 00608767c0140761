"""Outputs a system gives for many different sources: the sign of a system that does not translate.

A broken model or a misconfigured endpoint may answer every source with the same sentence (*Le chat
est assis sur le tapis.*). Each such output may happen to show an item's construction (an agreeing
verb, a clitic before a verb) and a family would pass it: an output repeated for many different
sources is judged as what it is, not a translation of this source. Fluent systems repeat short
answers too (*Oui, c'est vrai.* for 25 of ctxpro's 8,322 elliptical sources): an output counts as
repeated only when it stands for at least :data:`MIN_SOURCES` different sources and
:data:`MIN_SHARE` of the system's outputs for the suite.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping

#: The fewest different sources, and the smallest share of a suite's outputs, one output must
#: stand for to be a repeated output.
MIN_SOURCES = 5
MIN_SHARE = 0.05

_NOT_WORD = re.compile(r"[\W_]+")


def _key(text: str) -> str:
    return _NOT_WORD.sub(" ", text.casefold()).strip()


def repeated_outputs(outputs: Mapping[str, str], sources: Mapping[str, str]) -> dict[str, int]:
    """Item id → how many different sources got that item's output, for the outputs that stand for
    at least :data:`MIN_SOURCES` different sources and :data:`MIN_SHARE` of ``outputs``."""
    needed = max(MIN_SOURCES, math.ceil(MIN_SHARE * len(outputs)))
    if len(outputs) < needed:
        return {}
    by_output: dict[str, set[str]] = {}
    for item_id, output in outputs.items():
        by_output.setdefault(_key(output), set()).add(_key(sources.get(item_id, item_id)))
    repeated = {key: len(found) for key, found in by_output.items() if key and len(found) >= needed}
    if not repeated:
        return {}
    return {item_id: repeated[_key(output)] for item_id, output in outputs.items() if _key(output) in repeated}
