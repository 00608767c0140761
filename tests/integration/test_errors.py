"""Malformed suite files stop only their own collection, with one line naming file, item and field."""
from __future__ import annotations

from pathlib import Path

import pytest


@pytest.mark.parametrize(("change", "expected"), [
    (("      source: The dog of the neighbours barks.\n", ""), "*mini/suite.yaml: item M1b: field 'source': missing required field"),
    (("checker: regex", "checker: telepathy"), "*mini/suite.yaml: field 'subcategories.T1.checker': unknown checker 'telepathy' (known: agreement, *human, *regex*)"),
    (("id: M1b", "id: M1a"), "*mini/suite.yaml: item M1a: field 'id': duplicate item id 'M1a'"),
    (("title: Mini suite", "title: [Mini suite"), "*mini/suite.yaml:*: invalid YAML*"),
    (("{subject: {person: 3, number: s, gender: m}}", "{subject: {person: 7}}"),
     "*item M1b: field 'params': invalid parameters for checker 'agreement': subject.person must be one of 1, 2, 3"),
])
def test_malformed_suite_gives_one_line(pytester: pytest.Pytester, mini_suite: Path, change: tuple[str, str],
                                        expected: str) -> None:
    text = mini_suite.read_text()
    assert change[0] in text
    mini_suite.write_text(text.replace(*change))
    pytester.makepyfile(test_other="def test_other():\n    pass\n")
    result = pytester.runpytest(str(mini_suite.parent), "test_other.py", "--mt-system=reference")
    result.stdout.fnmatch_lines([expected])
    assert "Traceback" not in result.stdout.str()
    # the suite's collection error stops that suite only: the other tests run
    result.assert_outcomes(passed=1, errors=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_malformed_verdict_file_keeps_the_recorded_data(pytester: pytest.Pytester, mini_suite: Path) -> None:
    verdicts = mini_suite.parent / "verdicts.yaml"
    before = verdicts.read_text()
    verdicts.write_text(before + "- {item: T1a, output: x, verdict: perhaps}\n")
    result = pytester.runpytest(str(mini_suite.parent))
    result.stdout.fnmatch_lines(["*verdicts.yaml: item T1a: field 'verdicts[[]1[]].verdict': expected one of yes, no, na, found 'perhaps'"])
    assert verdicts.read_text().startswith(before)


@pytest.mark.parametrize(("name", "content"), [
    ("deep/suite.yaml", "[" * 50_000 + "]" * 50_000),
    ("deep.items.json", '{"items": ' + "[" * 50_000 + "]" * 50_000 + ', "positive_regex": ""}'),
], ids=["yaml", "json"])
def test_deeply_nested_files_are_refused_without_crashing_the_interpreter(pytester: pytest.Pytester, name: str,
                                                                          content: str) -> None:
    path = pytester.path / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(content)
    pytester.makepyfile(test_other="def test_other():\n    pass\n")
    result = pytester.runpytest_subprocess(str(path), "test_other.py", "--mt-system=reference")
    result.stdout.fnmatch_lines([f"*{name}*: nested deeper than 100 levels"])
    result.assert_outcomes(passed=1, errors=1)
