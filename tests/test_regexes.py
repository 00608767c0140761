"""Suites' regular expressions: re's meaning on the regex engine, and a time bound on every search."""
from __future__ import annotations

import re
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_mtchallenge.text import regexes
from pytest_mtchallenge.errors import JudgingError
from pytest_mtchallenge.text.regexes import PatternTimeout, compile_pattern

# Characters on which the two engines' tables, folding or syntax differ, and ordinary ones.
TRICKY = ["a", "b", "e", "é", "e\u0301", "\u0301", "ı", "I", "i", "İ", "K", "\u212a", "k", "ſ", "s", "S", "ß",
          "_", "1", "²", "٣", "½", " ", "\n", "\x1c", "\u2028", "\u00a0", ".", "-", "'", ":", "[", "]", "{", "}",
          "\U0001f600", "\u200d"]
ATOMS = ["a", "é", "ı", "K", "k", "s", "ß", "1", r"\.", "-", "'", r"\w", r"\W", r"\d", r"\D", r"\s", r"\S",
         r"\b", r"\B", "^", "$", r"\A", r"\Z", ".", "[a-z]", "[^a]", r"[\w']", r"[^\W\d_]", r"[\s\d]", r"[\W\d]",
         "[[:alpha:]]", "[é-ï]", "(?i:e)", "(?i:[a-k])", "x{e<=1}", "a{,2}", "[^ab]"]
QUANTIFIERS = ["*", "+", "?", "*?", "+?", "{1,2}", "{2}", "*+", "{,}"]


def _patterns() -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, inner).map("".join),
            inner.map(lambda p: f"({p})"),
            st.tuples(inner, inner).map(lambda ps: f"(?:{ps[0]}|{ps[1]})"),
            st.tuples(inner, st.sampled_from(QUANTIFIERS)).map(lambda pq: f"(?:{pq[0]}){pq[1]}"),
            st.tuples(st.sampled_from(["(?=", "(?!", "(?<=", "(?<!"]), inner).map("".join).map(lambda p: p + ")"),
            inner.map(lambda p: f"({p})\\1"),
        )
    return st.recursive(st.sampled_from(ATOMS), extend, max_leaves=6)


FLAGS = st.sampled_from([0, re.IGNORECASE, re.MULTILINE, re.DOTALL, re.IGNORECASE | re.MULTILINE, re.ASCII,
                         re.ASCII | re.IGNORECASE])
TEXTS = st.lists(st.sampled_from(TRICKY), max_size=8).map("".join)


def re_match(pattern: str, text: str, flags: int = 0) -> str | None:
    match = re.search(pattern, text, flags)
    return match.group(0) if match else None


@settings(max_examples=300, deadline=None)
@given(pattern=_patterns(), flags=FLAGS, text=TEXTS)
def test_the_regex_engine_finds_what_re_finds(pattern: str, flags: int, text: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # re's "possible nested set"
        try:
            expected = re_match(pattern, text, flags)
        except re.error:
            return
        compiled = compile_pattern(pattern, flags)
    if flags & re.IGNORECASE and "\\1" in pattern:
        return  # a case-insensitive back-reference folds case as regex does (documented)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(regexes, "STEP_BOUND", 0)  # every search on the regex engine
        assert compiled.search(text) == expected
    assert compiled.search(text) == expected  # on re where the shape allows


@pytest.mark.parametrize(("pattern", "text"), [
    ("[[:alpha:]]", "a"),  # re: a set of '[', ':', 'a', 'l', 'p', 'h' and then ']'; regex: a POSIX class
    ("[[:alpha:]]", "a]"),
    ("abc{e<=1}", "abd"),  # regex: fuzzy matching; re: literal text
    ("abc{e<=1}", "abc{e<=1}"),
    (r"\w+", "cafe\u0301"),  # a combining mark is not \w for re
    (r"\s", "a\x1cb"),  # U+001C is whitespace for re
    (r"\bx²\b", "x² "),  # ² is \w for re (str.isalnum)
    ("(?i)i", "ı"),  # re folds dotless i with i
    (r"[\d]+", "١٢٣"),
])
def test_where_the_engines_differ_the_answer_is_re_s(monkeypatch: pytest.MonkeyPatch, pattern: str, text: str) -> None:
    monkeypatch.setattr(regexes, "STEP_BOUND", 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        assert compile_pattern(pattern).search(text) == re_match(pattern, text)


def test_an_uncompilable_pattern_raises_re_error_as_re_does() -> None:
    for pattern in ["(unclosed", r"\p{L}", "(?<=a+)b", "a{2,1}"]:
        with pytest.raises(re.error):
            re.compile(pattern)
        with pytest.raises(re.error):
            compile_pattern(pattern)


def test_a_catastrophic_pattern_stops_at_the_time_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(regexes, "MATCH_TIMEOUT", 0.05)
    with pytest.raises(PatternTimeout) as info:
        compile_pattern("(a|aa)+$").search("a" * 40 + "!", field="positive_regex")
    assert isinstance(info.value, JudgingError)
    message = info.value.one_line()
    assert "'(a|aa)+$'" in message and "field 'positive_regex'" in message and "\n" not in message


@pytest.mark.parametrize("pattern", ["(a+)+$", r"^(\w+\s?)*$", "(x+x+)+y"])
def test_nested_repeats_run_on_the_regex_engine_and_answer_as_re(pattern: str) -> None:
    compiled = compile_pattern(pattern)
    assert compiled.paths is None  # the shape allows exponential backtracking in re
    assert compiled.search("a" * 34 + "!") is None
    assert compiled.search("xxy") == re_match(pattern, "xxy")


@pytest.mark.parametrize(("pattern", "paths", "loops"), [
    (r"\b(will|shall)\b come", 2, 0),
    ("either.*(to )?Ibiza or.*(to )?Mallorca", 4, 2),
    ("(ab|cd)(ef|gh)?", 6, 0),
    ("(a|b)(c|d)?", 2, 0),  # re reads one-character alternatives as sets
])
def test_the_shape_of_a_pattern_bounds_its_steps(pattern: str, paths: int, loops: int) -> None:
    compiled = compile_pattern(pattern)
    assert (compiled.paths, compiled.loops) == (paths, loops)
