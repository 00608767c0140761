"""The DFKI German–English suite (TQ-AutoTest format) run unchanged, from ../shared/external."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

DFKI = Path(__file__).resolve().parents[3] / "shared" / "external" / "dfki-mt-testsuite"
FILES = {"de-en.items.json": 2767, "en-de.items.json": 2324}


@pytest.fixture(params=sorted(FILES))
def dfki_file(request: pytest.FixtureRequest) -> Path:
    path = DFKI / request.param
    if not path.exists():
        pytest.skip(f"the DFKI test suite is not available at {DFKI} (its licence keeps it out of this repository)")
    return path


def outputs_file(pytester: pytest.Pytester, items_file: Path) -> Path:
    """One output per item: a positive token, else a negative one, else the source (unjudged)."""
    lines = []
    for item in json.loads(items_file.read_text(encoding="utf-8"))["items"]:
        output = (item["positive_tokens"] or item["negative_tokens"] or [item["source_sentence"]])[0]
        lines.append(json.dumps({"id": item["id"], "output": output.split("|")[0]}, ensure_ascii=False))
    path = pytester.path / "outputs.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_collects_and_runs_every_item(pytester: pytest.Pytester, dfki_file: Path) -> None:
    out = outputs_file(pytester, dfki_file)
    result = pytester.runpytest(f"--mt-suite={dfki_file}", f"--mt-system=file:{out}", "--mt-judge=human",
                                "--mt-report=r.json", "-q", "-p", "no:randomly")
    outcomes = result.parseoutcomes()
    assert sum(outcomes.get(k, 0) for k in ("passed", "failed", "skipped", "errors")) == FILES[dfki_file.name]
    # a token without a letter (en-de 00451003's positive token is ".") is an output that renders
    # nothing: an error, as an empty output is
    given = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    wordless = {line["id"] for line in given if not any(char.isalpha() for char in line["output"])}
    assert outcomes.get("errors", 0) == len(wordless)
    items = json.loads((pytester.path / "r.json").read_text())["runs"][0]["items"]
    assert {item["id"] for item in items if item["outcome"] == "error"} == wordless
    raw = {i["id"]: i for i in json.loads(dfki_file.read_text(encoding="utf-8"))["items"]}
    for item in items:
        if item["id"] in wordless:
            continue
        source = raw[item["id"]]
        if set(source["positive_tokens"]) & set(source["negative_tokens"]):
            continue  # the annotators' tokens contradict each other: no decision
        if source["positive_tokens"]:
            assert item["outcome"] == "pass", item["id"]  # equal to a positive token
        elif source["negative_tokens"]:
            assert item["outcome"] == "fail", item["id"]  # equal to a negative token


def test_meta_evaluation_over_the_tokens(pytester: pytest.Pytester, dfki_file: Path) -> None:
    result = pytester.runpytest(f"--mt-suite={dfki_file}", "--mt-meta-eval", "--mt-report=m.json")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["*per category*"])
    evaluation = json.loads((pytester.path / "m.json").read_text())["meta_evaluation"]
    raw = json.loads(dfki_file.read_text(encoding="utf-8"))["items"]
    tokens = [alternative for i in raw for token in i["positive_tokens"] + i["negative_tokens"]
              for alternative in token.split("|") if alternative.strip()]
    assert evaluation["overall"]["total"] == len(tokens)
    assert {c["category"] for c in evaluation["categories"]} == {
        i["category"] for i in raw if i["positive_tokens"] or i["negative_tokens"]}


def test_an_uncompilable_regex_errors_that_item_and_is_counted(pytester: pytest.Pytester) -> None:
    items = [{"id": str(n), "langpair": "deen", "category": "C", "phenomenon": "P", "source_sentence": f"Satz {n}.",
              "positive_regex": "(broken" if n == 1 else "ok", "negative_regex": "", "positive_tokens": [],
              "negative_tokens": []} for n in range(3)]
    (pytester.path / "x.items.json").write_text(json.dumps({"items": items}))
    result = pytester.runpytest("x.items.json", "--mt-system=python:builtins:list", "--mt-report=r.json", "--tb=short")
    result.assert_outcomes(errors=1, failed=2)  # the other two: a copy of the source is not translated
    result.stdout.fnmatch_lines(["*1 cannot be judged: *x.items.json: item 1: positive_regex '(broken' does not compile*"])
    overall = json.loads((pytester.path / "r.json").read_text())["runs"][0]["summary"]["overall"]
    assert overall["error"] == 1


def test_a_catastrophic_regex_errors_its_item_and_the_run_goes_on(pytester: pytest.Pytester,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mtchallenge.text import regexes

    monkeypatch.setattr(regexes, "MATCH_TIMEOUT", 0.05)
    items = [{"id": str(n), "langpair": "deen", "category": "C", "phenomenon": "P", "source_sentence": f"Satz {n}.",
              "positive_regex": "^(a|aa)+$" if n == 1 else "(a+)+$" if n == 2 else "a", "negative_regex": "",
              "positive_tokens": [], "negative_tokens": []} for n in range(3)]
    (pytester.path / "slow.items.json").write_text(json.dumps({"items": items}))
    (pytester.path / "out.txt").write_text("a\n" + "a" * 40 + "!\n" + "a" * 34 + "!\n")
    result = pytester.runpytest("slow.items.json", "--mt-system=file:out.txt", "--mt-judge=auto")
    result.assert_outcomes(passed=1, failed=1, skipped=1)
    result.stdout.fnmatch_lines(["*suite slow: item 1: field 'positive_regex': the regular "
                                 "expression '^(a|aa)+$' ran longer than 0.05 s on this output*"])
    assert "Traceback" not in result.stdout.str()
