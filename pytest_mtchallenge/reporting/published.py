"""What a bundled suite says beside its measures: the figures its paper published, and its known data defects.

A WinoMT manifest names a file of published figures (``published:``, ``suites/winomt/published.yaml``) and the
recorded outputs that are known defects of the data (``known_defects:``); a report finds them by the run's suite
name among the bundled suites (a suite of your own is shown without them), read once and kept.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

#: The figures a paper may give per system, in report order, and how a report names them.
FIGURES = {"acc": "Acc", "f1_male": "F1 male", "f1_female": "F1 female", "delta_g": "ΔG", "delta_s": "ΔS"}


@dataclass(frozen=True, slots=True)
class PublishedFigures:
    """One system's published figures (percentages; None where the file gives none) and where they come from."""

    values: Mapping[str, float | None]
    source: str = ""

    def parts(self) -> list[str]:
        """``Acc 63.6``, ``ΔG 6.4``, … for the figures given, in report order."""
        return [f"{FIGURES[key]} {value:.1f}" for key, value in self.values.items() if value is not None]

    def to_dict(self) -> dict[str, object]:
        return {**{key: self.values.get(key) for key in FIGURES}, "source": self.source}


@dataclass(frozen=True, slots=True)
class SuiteNotes:
    """A bundled suite's published figures (by system) and its known defects (``ITEM`` or ``SYSTEM/ITEM``)."""

    citation: str
    method: str
    figures: Mapping[str, PublishedFigures]
    known_defects: Mapping[str, str]

    def defects_of(self, system: str) -> dict[str, str]:
        """The items whose recorded output of ``system`` is a known defect, and why."""
        from pytest_mtchallenge.formats.winomt import defects_for

        return defects_for(self.known_defects, system)


@functools.cache
def suite_notes(suite: str) -> SuiteNotes | None:
    """The notes of the bundled suite named ``suite``; None for another suite, or one whose manifest says none."""
    from pytest_mtchallenge import files
    from pytest_mtchallenge.errors import MTChallengeError, SuiteError
    from pytest_mtchallenge.formats import bundled_suites
    from pytest_mtchallenge.formats.winomt import looks_like, read_manifest

    path = bundled_suites().get(suite)
    if path is None or not looks_like(path):
        return None
    try:
        manifest = read_manifest(path)
        figures: dict[str, PublishedFigures] = {}
        citation = method = ""
        if manifest.published:
            document = files.read_yaml(Path(path.parent, manifest.published), error=SuiteError)
            citation, method = str(document.get("citation", "")), str(document.get("method", ""))
            language = manifest.target_language.split("-")[0].lower()
            for system, given in (document.get("figures", {}).get(language) or {}).items():
                figures[str(system)] = PublishedFigures(
                    MappingProxyType({key: float(given[key]) if given.get(key) is not None else None
                                      for key in FIGURES}), str(given.get("source", "")))
    except (MTChallengeError, AttributeError, TypeError, ValueError):
        return None
    if not figures and not manifest.known_defects:
        return None
    return SuiteNotes(citation, method, MappingProxyType(figures), manifest.known_defects)


__all__ = ["FIGURES", "PublishedFigures", "SuiteNotes", "suite_notes"]
