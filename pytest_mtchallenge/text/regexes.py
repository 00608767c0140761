"""Suites' regular expressions: Python ``re`` syntax and meaning, searched within a time bound.

Python's ``re`` cannot stop a search: ``(a|aa)+$`` backtracks for hours on an output of forty *a*
and a full stop. So each pattern's shape is read once (with Python's own parser): a search whose
number of steps is bounded by a small polynomial of the output's length (no repeated group, at
most a few repeated characters such as ``.*``) and stays under :data:`STEP_BOUND` for this output
runs on ``re`` itself. Any other runs on the ``regex`` engine, which takes a ``timeout``.

The ``regex`` engine's syntax and character classes differ from ``re``'s (POSIX classes, fuzzy
matching, ``\\w`` with combining marks, case folding of dotless *ı*…), so a pattern is never
handed to it as written: the parse tree is written out again in its syntax with every literal
escaped, and the characters each one-character element (``\\w``, ``[^\\d]``, a case-insensitive
letter…) matches are compared between the two engines over every code point, once per element.
An output holding none of the characters on which they differ is searched with the plain
rendering; any other with a rendering that spells the differences out. The match is the one ``re``
finds, except that a case-insensitive back-reference (``(?i)(a)\\1``) compares as ``regex`` folds
case.
"""
from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mtchallenge.errors import JudgingError

try:  # Python >= 3.11
    from re import _compiler as sre_compile  # type: ignore[attr-defined]
    from re import _constants as sre  # type: ignore[attr-defined]
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_compile  # type: ignore[no-redef]
    import sre_constants as sre  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

#: Seconds one search of one pattern in one output may take before the item errors.
MATCH_TIMEOUT = 1.0
#: Most backtracking steps a search may need to run on ``re``, from the pattern's shape and the
#: output's length (about a tenth of a second); a search that may need more runs with the time bound.
STEP_BOUND = 10_000_000

Ranges = tuple[tuple[int, int], ...]  # sorted, disjoint, inclusive code-point ranges

_IGNORECASE, _ASCII, _MULTILINE, _DOTALL = (int(flag) for flag in (re.IGNORECASE, re.ASCII, re.MULTILINE,
                                                                  re.DOTALL))
_LAST = 0x10FFFF
# regex renderings of re's categories for str patterns: re's \w is str.isalnum() or "_", its \s is
# str.isspace() (which holds the information separators U+001C-U+001F); the differences that remain
# (characters that only the regex module's newer Unicode tables assign) are found per code point.
_WORD, _SPACE = r"\p{L}\p{N}_", r"\s\x1c-\x1f"
_CATEGORIES = {
    sre.CATEGORY_DIGIT: (r"\d", r"\d", "0-9"),
    sre.CATEGORY_NOT_DIGIT: (r"\D", r"\D", r"\x00-/:-\U0010ffff"),
    sre.CATEGORY_SPACE: (r"\s", _SPACE, r"\t-\r "),
    sre.CATEGORY_NOT_SPACE: (r"\S", r"\S", r"\x00-\x08\x0e-\x1f!-\U0010ffff"),
    sre.CATEGORY_WORD: (r"\w", _WORD, "0-9A-Z_a-z"),
    sre.CATEGORY_NOT_WORD: (r"\W", r"\W", r"\x00-/:-@\[-\^`{-\U0010ffff"),
}  # category → (re syntax, regex rendering, regex rendering under re.ASCII)
_NEGATED = {sre.CATEGORY_NOT_DIGIT: sre.CATEGORY_DIGIT, sre.CATEGORY_NOT_SPACE: sre.CATEGORY_SPACE,
            sre.CATEGORY_NOT_WORD: sre.CATEGORY_WORD}
_ONE_CHARACTER = (sre.LITERAL, sre.NOT_LITERAL, sre.ANY, sre.IN)
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", sre.MAX_REPEAT))
# re's \B does not match in an empty text before Python 3.14.
_NON_BOUNDARY_IN_EMPTY_TEXT = re.search(r"\B", "") is not None
# A character class of at most this many ranges is written out rather than corrected.
_FEW = 16


class PatternTimeout(JudgingError):
    """A suite's regular expression ran past :data:`MATCH_TIMEOUT` on an output."""


class _Unsupported(Exception):
    """A parse-tree node this module does not know (a newer Python's ``re``)."""


@dataclass(frozen=True, slots=True)
class SuiteRegex:
    """One pattern, ready to search outputs as ``re.search`` would, within a time bound."""

    pattern: str
    flags: int
    compiled: re.Pattern[str]
    #: The search's shape: at most ``paths`` ways through the pattern times (length + 1) per
    #: repeated character, from each position; None when repeated groups may backtrack exponentially.
    paths: int | None
    loops: int

    def search(self, text: str, *, timeout: float | None = None, field: str | None = None) -> str | None:
        """The text of the first match (as ``re.search(pattern, text, flags).group(0)``), or None.

        Raises :class:`PatternTimeout` (naming ``field``, the suite field the pattern comes from)
        when the search takes longer than ``timeout`` seconds (default :data:`MATCH_TIMEOUT`).
        """
        if self.paths is not None and self.paths * (len(text) + 1) ** (self.loops + 1) <= STEP_BOUND:
            match = self.compiled.search(text)
            return match.group(0) if match else None
        limit = MATCH_TIMEOUT if timeout is None else timeout
        try:
            return _bounded(self.pattern, self.flags).search(text, limit)
        except TimeoutError:
            raise PatternTimeout(f"the regular expression {self.pattern!r} ran longer than {limit:g} s on this output "
                                 "(catastrophic backtracking?): simplify it", field=field) from None


@functools.lru_cache(maxsize=None)
def compile_pattern(pattern: str, flags: int = 0) -> SuiteRegex:
    """Compile ``pattern`` with ``re``'s syntax and meaning; raises ``re.error`` exactly when
    ``re.compile(pattern, flags)`` does (and only then). Compiled once per pattern and flags."""
    parsed = sre_parse.parse(pattern, flags)  # what re.compile does, keeping the parse tree
    try:
        shape = _shape(parsed)
    except _Unsupported:  # pragma: no cover - a construct of a newer Python
        shape = None
    paths, loops = shape if shape is not None else (None, 0)
    return SuiteRegex(pattern, int(flags), sre_compile.compile(parsed, flags), paths, loops)


def search(pattern: str, text: str, *, flags: int = 0, timeout: float | None = None,
           field: str | None = None) -> str | None:
    """``re.search(pattern, text, flags)``'s matched text (or None), within a time bound."""
    return compile_pattern(pattern, flags).search(text, timeout=timeout, field=field)


def _shape(subpattern: Sequence[tuple[object, object]]) -> tuple[int, int] | None:
    """(ways through ``subpattern``, repeated characters in it), or None when a group is repeated."""
    paths, loops = 1, 0
    for op, av in subpattern:
        if op in _ONE_CHARACTER or op is sre.AT:
            continue
        if op is sre.GROUPREF:  # compares as many characters as the group holds
            loops += 1
            continue
        if op in _REPEATS:
            low, high, inner = av  # type: ignore[misc]
            inner_shape = _shape(inner)
            if inner_shape is None:
                return None
            one_character = len(inner) == 1 and inner[0][0] in _ONE_CHARACTER
            if high == 1:  # optional: taken or not
                paths, loops = paths * (inner_shape[0] + 1), loops + inner_shape[1]
            elif one_character:
                loops += 1
            elif high == low and high <= 4:
                paths, loops = paths * inner_shape[0] ** high, loops + inner_shape[1] * high
            else:
                return None
            continue
        if op is sre.BRANCH:
            branches = [_shape(branch) for branch in av[1]]  # type: ignore[index]
        elif op is sre.GROUPREF_EXISTS:
            branches = [_shape(av[1]), _shape(av[2] or [])]  # type: ignore[index]
        elif op is sre.SUBPATTERN:
            branches = [_shape(av[3])]  # type: ignore[index]
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            branches = [_shape(av[1])]  # type: ignore[index]
        elif op is getattr(sre, "ATOMIC_GROUP", None):
            branches = [_shape(av)]  # type: ignore[arg-type]
        else:
            raise _Unsupported(str(op))
        if any(branch is None for branch in branches):
            return None
        paths *= sum(branch[0] for branch in branches)  # type: ignore[index]
        loops += max(branch[1] for branch in branches)  # type: ignore[index]
    return paths, loops


@dataclass(frozen=True, slots=True)
class _Bounded:
    """A pattern written out for the regex engine: the plain rendering, and the characters on
    which it does not match as ``re`` does (then the exact rendering is used)."""

    plain: object  # regex.Pattern
    exact_source: str
    divergent: object | None  # regex.Pattern of one character, or None when the engines agree

    def search(self, text: str, timeout: float) -> str | None:
        compiled = self.plain
        if self.divergent is not None and self.divergent.search(text):  # type: ignore[attr-defined]
            compiled = _compile_regex(self.exact_source)
        match = compiled.search(text, timeout=timeout)  # type: ignore[attr-defined]
        return match.group(0) if match else None


@functools.lru_cache(maxsize=1024)
def _bounded(pattern: str, flags: int) -> _Bounded:
    import regex

    try:
        with warnings.catch_warnings():  # re's warnings (a possible nested set) were given at compile time
            warnings.simplefilter("ignore")
            parsed = sre_parse.parse(pattern, flags)
        plain = _Renderer(exact=False)
        plain_source = plain.render(parsed, int(parsed.state.flags))
        exact_source = _Renderer(exact=True).render(parsed, int(parsed.state.flags))
        compiled = _compile_regex(plain_source)
    except (_Unsupported, regex.error):  # pragma: no cover - a construct of a newer Python
        source = f"(?i:{pattern})" if flags & _IGNORECASE else pattern
        return _Bounded(_compile_regex(source), source, None)
    divergent = _compile_regex(_class(_union(plain.divergent))) if plain.divergent else None
    return _Bounded(compiled, exact_source, divergent)


@functools.lru_cache(maxsize=64)
def _compile_regex(source: str) -> object:
    import regex

    return regex.compile(source, regex.V0)


class _Renderer:
    """Writes a parse tree of Python's ``re`` in the regex engine's syntax."""

    def __init__(self, *, exact: bool) -> None:
        self.exact = exact
        self.divergent: list[Ranges] = []

    def render(self, subpattern: Sequence[tuple[object, object]], flags: int) -> str:
        return "".join(self.node(op, av, flags) for op, av in subpattern)

    def node(self, op: object, av: object, flags: int) -> str:  # noqa: C901 - one case per node kind
        if op is sre.LITERAL and not flags & _IGNORECASE:
            return _escape(av)  # type: ignore[arg-type]
        if op in (sre.LITERAL, sre.NOT_LITERAL, sre.IN):
            return self.character(op, av, flags)
        if op is sre.ANY:
            return "(?s:.)" if flags & _DOTALL else "."
        if op is sre.AT:
            return self.position(av, flags)
        if op is sre.BRANCH:
            return "(?:" + "|".join(self.render(branch, flags) for branch in av[1]) + ")"  # type: ignore[index]
        if op is sre.SUBPATTERN:
            group, add_flags, del_flags, inner = av  # type: ignore[misc]
            body = self.render(inner, (flags | add_flags) & ~del_flags)
            return f"({body})" if group is not None else f"(?:{body})"
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) or op is getattr(sre, "POSSESSIVE_REPEAT", None):
            low, high, inner = av  # type: ignore[misc]
            bounds = f"{{{low},}}" if high is sre.MAXREPEAT or high == sre.MAXREPEAT else f"{{{low},{high}}}"
            lazy = {sre.MIN_REPEAT: "?", sre.MAX_REPEAT: ""}.get(op, "+")  # type: ignore[call-overload]
            return f"(?:{self.render(inner, flags)}){bounds}{lazy}"
        if op is sre.GROUPREF:
            return f"(?i:\\{av})" if flags & _IGNORECASE else f"(?:\\{av})"
        if op is sre.GROUPREF_EXISTS:
            group, yes, no = av  # type: ignore[misc]
            return f"(?({group}){self.render(yes, flags)}|{self.render(no or (), flags)})"
        if op in (sre.ASSERT, sre.ASSERT_NOT):
            direction, inner = av  # type: ignore[misc]
            kind = ("=" if op is sre.ASSERT else "!") if direction == 1 else ("<=" if op is sre.ASSERT else "<!")
            return f"(?{kind}{self.render(inner, flags)})"
        if op is getattr(sre, "ATOMIC_GROUP", None):
            return f"(?>{self.render(av, flags)})"  # type: ignore[arg-type]
        raise _Unsupported(str(op))

    def position(self, code: object, flags: int) -> str:
        if code is sre.AT_BEGINNING:
            return "(?m:^)" if flags & _MULTILINE else "^"
        if code is sre.AT_END:
            return "(?m:$)" if flags & _MULTILINE else "$"
        if code is sre.AT_BEGINNING_STRING:
            return r"\A"
        if code is sre.AT_END_STRING:
            return r"\Z"
        if code in (sre.AT_BOUNDARY, sre.AT_NON_BOUNDARY):
            # re's word boundary reads neither the case-insensitive flag nor a locale for str patterns
            word = self.character(sre.IN, [(sre.CATEGORY, sre.CATEGORY_WORD)], flags & _ASCII)
            if code is sre.AT_BOUNDARY:
                return f"(?:(?<={word})(?!{word})|(?<!{word})(?={word}))"
            empty = "" if _NON_BOUNDARY_IN_EMPTY_TEXT else r"(?!\A\Z)"
            return f"{empty}(?:(?<={word})(?={word})|(?<!{word})(?!{word}))"
        raise _Unsupported(str(code))

    def character(self, op: object, av: object, flags: int) -> str:
        """One character: the regex rendering, and where it does not match what re's does, the
        characters on which they differ (recorded, and spelled out in the exact rendering)."""
        flags &= _IGNORECASE | _ASCII
        if op is sre.LITERAL:
            items: list[tuple[object, object]] = [(sre.LITERAL, av)]
            negated = False
        elif op is sre.NOT_LITERAL:
            items, negated = [(sre.LITERAL, av)], True
        else:
            items = list(av)  # type: ignore[call-overload]
            negated = bool(items) and items[0][0] is sre.NEGATE
            items = items[1:] if negated else items
        # Rendered without the regex engine's case-insensitive flag, whose sets misbehave in a
        # branch after a case-insensitive element: re's case folding is in the characters instead.
        plain = _render_class(items, negated=negated, ascii=bool(flags & _ASCII))
        if not flags & _IGNORECASE and all(kind is not sre.CATEGORY for kind, _ in items):
            return plain  # literals and ranges: the same characters in both engines
        source = ("[^" if negated else "[") + "".join(_re_item(kind, value) for kind, value in items) + "]"
        wanted = _matched(source, flags)
        if len(wanted) <= _FEW:
            return _class(wanted)
        extra, missing = _differences(wanted, plain)
        rendering = f"(?!{_class(missing)}){plain}" if missing else plain
        rendering = f"(?:{rendering}|{_class(extra)})" if extra else f"(?:{rendering})"
        if len(extra) + len(missing) <= _FEW:
            return rendering
        self.divergent.extend((extra, missing))
        return rendering if self.exact else plain


def _render_class(items: Sequence[tuple[object, object]], *, negated: bool, ascii: bool) -> str:
    if len(items) == 1 and items[0][0] is sre.CATEGORY and items[0][1] in _NEGATED:
        items, negated = [(sre.CATEGORY, _NEGATED[items[0][1]])], not negated  # type: ignore[index]
    parts = []
    for kind, value in items:
        if kind is sre.LITERAL:
            parts.append(_escape(value))  # type: ignore[arg-type]
        elif kind is sre.RANGE:
            parts.append(f"{_escape(value[0])}-{_escape(value[1])}")  # type: ignore[index]
        elif kind is sre.CATEGORY:
            parts.append(_CATEGORIES[value][2 if ascii else 1])
        else:
            raise _Unsupported(str(kind))
    return ("[^" if negated else "[") + "".join(parts) + "]"


def _re_item(kind: object, value: object) -> str:
    if kind is sre.LITERAL:
        return f"\\U{value:08x}"
    if kind is sre.RANGE:
        return f"\\U{value[0]:08x}-\\U{value[1]:08x}"  # type: ignore[index]
    if kind is sre.CATEGORY:
        return _CATEGORIES[value][0]
    raise _Unsupported(str(kind))


def _escape(code: int) -> str:
    if code < 0x80 and chr(code).isalnum():
        return chr(code)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


@functools.lru_cache(maxsize=None)
def _matched(re_source: str, flags: int) -> Ranges:
    """The characters ``re`` matches with the one-character pattern ``re_source``: it runs over every
    code point once, in order, so that each run of matched characters is a range."""
    return _runs(re.compile(f"(?:{re_source})+", flags).finditer(_every_code_point()))


@functools.lru_cache(maxsize=None)
def _differences(wanted: Ranges, regex_source: str) -> tuple[Ranges, Ranges]:
    """The characters of ``wanted`` the regex engine does not match with ``regex_source``, and those
    it matches that are not wanted."""
    import regex

    found = _runs(regex.compile(f"(?:{regex_source})+", regex.V0).finditer(_every_code_point()))
    return _subtract(wanted, found), _subtract(found, wanted)


@functools.lru_cache(maxsize=1)
def _every_code_point() -> str:
    import array
    import sys

    codec = "utf-32-le" if sys.byteorder == "little" else "utf-32-be"
    typecode = next(code for code in "ILH" if array.array(code).itemsize == 4)
    return array.array(typecode, range(_LAST + 1)).tobytes().decode(codec, "surrogatepass")


def _runs(matches: object) -> Ranges:
    return tuple((m.start(), m.end() - 1) for m in matches)  # type: ignore[attr-defined]


def _subtract(ranges: Ranges, removed: Ranges) -> Ranges:
    """The code points of ``ranges`` that are not in ``removed``."""
    result: list[tuple[int, int]] = []
    index = 0
    for low, high in ranges:
        while index < len(removed) and removed[index][1] < low:
            index += 1
        cursor, scan = low, index
        while scan < len(removed) and removed[scan][0] <= high:
            if removed[scan][0] > cursor:
                result.append((cursor, removed[scan][0] - 1))
            cursor = max(cursor, removed[scan][1] + 1)
            scan += 1
        if cursor <= high:
            result.append((cursor, high))
    return tuple(result)


def _union(all_ranges: Sequence[Ranges]) -> Ranges:
    merged: list[tuple[int, int]] = []
    for low, high in sorted(r for ranges in all_ranges for r in ranges):
        if merged and low <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return tuple(merged)


def _class(ranges: Ranges) -> str:
    if not ranges:
        return "(?!)"
    return "[" + "".join(_escape(low) if low == high else f"{_escape(low)}-{_escape(high)}"
                         for low, high in ranges) + "]"
