"""Category and subcategory markers: their names, the names they must not take, and what a ``-m`` expression names that none has."""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable

from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.text.suggest import did_you_mean

#: Names a category marker must not take: pytest's own markers (a category ``xfail`` would turn
#: its wrong outputs into expected failures) and the operators of ``-m`` expressions.
RESERVED_MARKERS = frozenset({"filterwarnings", "parametrize", "skip", "skipif", "tryfirst", "trylast",
                              "usefixtures", "xfail", "and", "or", "not"})


def marker_name(text: str, taken: Collection[str] = ()) -> str:
    """A category or subcategory id as a marker name usable in ``-m`` expressions.

    Runs of other characters than letters, digits and ``_`` become ``_``. A name that is reserved,
    or ``taken`` (a marker of a plugin or the ini file), gets a trailing ``_``: ``skip`` → ``skip_``.
    """
    name = re.sub(r"\W+", "_", text).strip("_") or "category"
    return f"{name}_" if name in RESERVED_MARKERS or name in taken else name


def declared_names(lines: Iterable[str]) -> set[str]:
    """The marker names of ``markers`` ini lines (``name(args): description``)."""
    return {line.split(":")[0].split("(")[0].strip() for line in lines}


class Markers:
    """The run's category and subcategory marker names, each declared once (``--strict-markers``
    accepts them) and computed once per (category, subcategory): suites may hold tens of thousands
    of items.

    ``declared``: the lines of the ``markers`` ini setting so far (pytest's, plugins', the ini
    file's and ours); ``declare``: adds one such line.
    """

    def __init__(self, *, declared: Callable[[], Iterable[str]], declare: Callable[[str], None]) -> None:
        self._declared = declared
        self._declare = declare
        self._names: dict[tuple[str, str], tuple[str, str]] = {}
        self._suites: list[Suite] = []
        self.ours: set[str] = set()

    def add_suite(self, suite: Suite) -> None:
        """A loaded suite, whose category and subcategory titles describe its markers."""
        self._suites.append(suite)

    def declare(self, items: Iterable[ChallengeItem]) -> None:
        """Declare the markers of every item now."""
        for item in items:
            self.names_for(item)

    def names_for(self, item: ChallengeItem) -> tuple[str, str]:
        """The item's category and subcategory marker names. An id that names a marker of pytest,
        a plugin or the ini file gets a trailing ``_``."""
        key = (item.category, item.subcategory)
        if key not in self._names:
            taken = declared_names(self._declared()) - self.ours
            names = (marker_name(item.category, taken), marker_name(item.subcategory, taken))
            for name in names:
                if name not in self.ours:
                    self.ours.add(name)
                    title = self._titles(taken).get(name)
                    described = f" ({title})" if title else ""
                    self._declare(f"{name}: a challenge-set category or subcategory{described}")
            self._names[key] = names
        return self._names[key]

    def _titles(self, taken: set[str]) -> dict[str, str]:
        """Marker name → the category's or subcategory's title, for ``pytest --markers``."""
        titles: dict[str, str] = {}
        for suite in self._suites:
            titles.update({marker_name(c.id, taken): c.title for c in suite.categories})
            titles.update({marker_name(s.id, taken): s.title for s in suite.subcategories.values()})
        return titles

    def unknown(self, expression: str) -> list[str]:
        """What a ``-m`` expression names that no marker of pytest, a plugin or the suites has
        (``-m S99``, ``-m s1``): pytest would deselect everything and say nothing. One line each."""
        if not expression or not self.ours:
            return []
        known = declared_names(self._declared())
        named = set(re.findall(r"[^\s()=,'\"]+", re.sub(r"\([^)]*\)", " ", expression))) - {"and", "or", "not"}
        suite_markers = sorted(self.ours, key=lambda name: [  # S1, S2, … S10, then categories
            (0, int(part), "") if _DIGITS.fullmatch(part) else (1, 0, part) for part in re.split(r"([0-9]+)", name)
            if part])
        found = []
        for name in sorted(named - known):
            hint = did_you_mean(name, known)
            found.append(f"-m {expression}: no marker is named {name!r}{': ' + hint if hint else ''} "
                         f"(the suites' markers: {', '.join(suite_markers)}; `pytest --markers` lists them all)")
        return found


#: Digits ``int`` reads as written: ASCII only (``"²".isdigit()`` is true, and ``int("²")`` raises).
_DIGITS = re.compile(r"[0-9]+")


__all__ = ["RESERVED_MARKERS", "Markers", "declared_names", "marker_name"]
