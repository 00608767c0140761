"""Document-level items end to end: each system kind in sentence and document mode, and a checker
that sees the context's translation."""
from __future__ import annotations

import json
import sys
import textwrap

import pytest

from tests.loopback import Loopback, LoopbackServer, ReceivedRequest, Reply
from tests.suites import subcategory, suite_yaml

DOCUMENT_SUITE = suite_yaml(
    subcategories=[subcategory(
        "D1", [{"id": "D1a", "source": "It is old.", "context": ["We bought a house.", "The garden is big."],
                "context_references": ["Nous avons acheté une maison.", "Le jardin est grand."],
                "reference": "Elle est vieille."},
               {"id": "D1b", "source": "It is red.", "reference": "Elle est rouge."}],
        category="discourse", title="Context seen by the checker", checker="context-probe",
        question="Does the context translation mention the house?")],
    name="docs", title="Document suite", citation="The pytest-mtchallenge developers (2026)")

# A family that reads the context translation: passes when it mentions "maison", fails when there is
# a context translation without it, and is n/a without one (the system translated the sentence alone).
PROBE = """\
from pytest_mtchallenge.checkers import Checker
from pytest_mtchallenge.verdict import Verdict


class ContextProbe(Checker):
    name = "context-probe"

    def check(self, *, item, output, context=()):
        if not context:
            return Verdict.not_applicable(f"no context translation; output {output!r}")
        text = " ".join(context)
        if "maison" in text.lower():
            return Verdict.passed(f"context {text!r}; output {output!r}")
        return Verdict.failed(f"context {text!r}; output {output!r}")


def pytest_mtchallenge_checkers():
    return {"context-probe": ContextProbe}
"""

# A toy "translator": a fixed French rendering of each English sentence, so outputs are predictable.
TOY = {
    "We bought a house.": "Nous avons acheté une maison.",
    "The garden is big.": "Le jardin est grand.",
    "It is old.": "Elle est vieille.",
    "It is red.": "Elle est rouge.",
}
TOY_MODULE = f"""\
import re
TOY = {TOY!r}

def translate(sources):
    out = []
    for text in sources:
        sentences = re.split(r"(?<=[.!?]) ", text)
        out.append(" ".join(TOY.get(s, s) for s in sentences))
    return out
"""
TOY_COMMAND = TOY_MODULE + """
import sys
for line in sys.stdin:
    print(translate([line.rstrip("\\n")])[0])
"""


@pytest.fixture
def document_suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(".yaml", suite=DOCUMENT_SUITE)
    pytester.makeconftest(PROBE)
    pytester.makepyfile(toy_mt=TOY_MODULE)
    pytester.syspathinsert()
    return pytester


def _outcome_lines(result: pytest.RunResult) -> list[str]:
    return [line for line in result.outlines if "D1a" in line or "D1b" in line]


def test_sentence_mode_sends_the_sentence_alone(document_suite: pytest.Pytester) -> None:
    result = document_suite.runpytest("--mt-suite=suite.yaml", "--mt-system=toy=python:toy_mt:translate",
                                      "--mt-no-cache", "-rs")
    result.assert_outcomes(skipped=2)  # no context translation: the probe says n/a
    result.stdout.fnmatch_lines(["*n/a: no context translation; output 'Elle est vieille.'*"])


@pytest.mark.parametrize("spec", ["python:toy_mt:translate", f"cmd:{sys.executable} toy_cmd.py"])
def test_document_mode_splits_the_output_and_the_checker_sees_the_context(
        document_suite: pytest.Pytester, spec: str) -> None:
    document_suite.makepyfile(toy_cmd=TOY_COMMAND)
    result = document_suite.runpytest("--mt-suite=suite.yaml", f"--mt-system=toy={spec},mode=document",
                                      "--mt-no-cache", "-rA")
    # D1a: its context was translated with it, and its output is the last sentence only.
    result.assert_outcomes(passed=1, skipped=1)
    assert any("D1a" in line and "PASSED" in line for line in result.outlines)


def test_file_outputs_with_context_output_and_whole_documents(document_suite: pytest.Pytester) -> None:
    records = [
        {"id": "D1a", "output": "Elle est vieille.", "context_output": ["Nous avons une maison.", "Le jardin."]},
        {"id": "D1b", "output": "Elle est rouge."},
    ]
    document_suite.path.joinpath("split.jsonl").write_text("\n".join(json.dumps(r) for r in records))
    whole = [
        {"id": "D1a", "output": "Nous avons acheté un appartement. Le jardin est grand. Il est vieux.",
         "document": True},
        {"id": "D1b", "output": "Elle est rouge."},
    ]
    document_suite.path.joinpath("whole.jsonl").write_text("\n".join(json.dumps(r) for r in whole))
    result = document_suite.runpytest("--mt-suite=suite.yaml", "--mt-system=file:split.jsonl",
                                      "--mt-system=file:whole.jsonl", "--mt-no-cache", "-rA",
                                      "--mt-report=report.json")
    result.assert_outcomes(passed=1, failed=1, skipped=2)
    report = json.loads(document_suite.path.joinpath("report.json").read_text())
    items = {(run["system"], item["id"]): item for run in report["runs"] for item in run["items"]}
    assert items[("split", "D1a")]["outcome"] == "pass"
    assert items[("whole", "D1a")]["outcome"] == "fail"
    assert items[("whole", "D1a")]["output"] == "Il est vieux."  # the last sentence of the document
    assert items[("whole", "D1a")]["context_output"] == ["Nous avons acheté un appartement.", "Le jardin est grand."]


def test_plain_text_file_in_document_mode_holds_whole_documents(document_suite: pytest.Pytester) -> None:
    document_suite.path.joinpath("docs.txt").write_text(
        "Nous avons acheté une maison. Le jardin est grand. Elle est vieille.\nElle est rouge.\n")
    result = document_suite.runpytest("--mt-suite=suite.yaml", "--mt-system=file:docs.txt,mode=document",
                                      "--mt-no-cache")
    result.assert_outcomes(passed=1, skipped=1)


def test_bad_context_output_names_file_item_and_field(document_suite: pytest.Pytester) -> None:
    document_suite.path.joinpath("bad.jsonl").write_text(json.dumps({"id": "D1a", "output": "x", "context_output": "y"}))
    result = document_suite.runpytest("--mt-suite=suite.yaml", "--mt-system=file:bad.jsonl", "--mt-no-cache")
    assert result.ret == pytest.ExitCode.USAGE_ERROR  # no output of the file can be used: refused before any test
    result.stderr.fnmatch_lines(["*bad.jsonl:1: item D1a: field 'context_output': expected a list of sentences*"])


def test_an_unknown_mode_is_a_usage_error(document_suite: pytest.Pytester) -> None:
    result = document_suite.runpytest("--mt-suite=suite.yaml", "--mt-system=file:x.jsonl,mode=paragraph")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*unknown mode 'paragraph' (known: sentence, document)*"])


def _toy_service(request: ReceivedRequest) -> Reply:
    """A generic JSON translation service: ``{"q": [...]}`` → ``{"out": [...]}``."""
    return Reply(body={"out": [_toy(text) for text in request.json["q"]]})


def _toy(text: str) -> str:
    import re

    return " ".join(TOY.get(s, s) for s in re.split(r"(?<=[.!?]) ", text))


@pytest.fixture
def service(loopback: Loopback) -> LoopbackServer:
    return loopback(_toy_service)


def sent(service: LoopbackServer) -> list[list[str]]:
    """The sources of each request the service received."""
    return [request.json["q"] for request in service.requests]


@pytest.mark.parametrize("mode", ["sentence", "document"])
def test_http_kind_in_both_modes(document_suite: pytest.Pytester, service: LoopbackServer, mode: str) -> None:
    document_suite.makeini(textwrap.dedent("""\
        [pytest]
        mt_http_request = {"q": "{sources}"}
        mt_http_response = out
        """))
    result = document_suite.runpytest("--mt-suite=suite.yaml", f"--mt-system=svc={service.url}/translate,mode={mode}",
                                      "--mt-no-cache")
    texts = sorted(text for batch in sent(service) for text in batch)
    if mode == "document":
        assert texts == ["It is red.", "We bought a house. The garden is big. It is old."]
        result.assert_outcomes(passed=1, skipped=1)
    else:
        assert texts == ["It is old.", "It is red."]
        result.assert_outcomes(skipped=2)


def test_the_cache_keeps_modes_and_contexts_apart(document_suite: pytest.Pytester, service: LoopbackServer) -> None:
    document_suite.makeini(textwrap.dedent("""\
        [pytest]
        mt_http_request = {"q": "{sources}"}
        mt_http_response = out
        """))
    for mode in ("sentence", "document", "sentence", "document"):
        result = document_suite.runpytest("--mt-suite=suite.yaml",
                                          f"--mt-system=svc={service.url}/translate,mode={mode}")
        result.assert_outcomes(**({"skipped": 2} if mode == "sentence" else {"passed": 1, "skipped": 1}))
    assert len(service.requests) == 2  # one request per mode; the reruns came from the cache
