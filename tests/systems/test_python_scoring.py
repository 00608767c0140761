"""Scoring with a ``python:`` system: the module's ``score(requests)`` beside its translate function (issue 38)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from textwrap import dedent

import pytest

from pytest_mtchallenge.contrastive.model import CandidateScore
from pytest_mtchallenge.contrastive.scoring import ScoreRequest, Scores
from pytest_mtchallenge.model import Suite
from pytest_mtchallenge.systems import SystemOptions, builtin_system_kinds, parse_system_spec
from pytest_mtchallenge.systems.python import PythonSystem
from pytest_mtchallenge.systems.scoring import cannot_score, score
from tests.systems.test_python import WriteModule, module  # noqa: F401 - the fixture writing a module

TRANSLATE = "def translate(sources):\n    return sources\n"
CANDIDATES = ("Les chevaux courent.", "Le cheval court.", "Il faut qu'elle parte.")


def system(name: str, rootdir: Path, **options: object) -> PythonSystem:
    built = parse_system_spec(f"python:{name}:translate", builtin_system_kinds(),
                              SystemOptions(rootdir=rootdir, **options))  # type: ignore[arg-type]
    assert isinstance(built, PythonSystem)
    return built


def requests(*candidates: str) -> list[ScoreRequest]:
    return [ScoreRequest(key=f"i{n}\x1f0", source="The horses run.", candidate=candidate)
            for n, candidate in enumerate(candidates or CANDIDATES)]


def scored(suite: Suite, name: str, *candidates: str, **options: object) -> Scores:
    return system(name, suite.path.parent, **options).score(suite=suite, requests=requests(*candidates))


def test_a_number_is_the_candidates_score_and_a_list_its_tokens(suite: Suite, module: WriteModule) -> None:
    name = module(TRANSLATE + dedent("""
        def score(requests):
            return [-float(len(r["candidate"])) if n % 2 == 0 else [-1.0, -0.5, -len(r["candidate"])]
                    for n, r in enumerate(requests)]
    """))
    scores = scored(suite, name)
    assert not scores.errors and not scores.problems
    assert dict(scores.scores) == {"i0\x1f0": CandidateScore(total=-20.0),
                                   "i1\x1f0": CandidateScore(total=-17.5, tokens=(-1.0, -0.5, -16.0)),
                                   "i2\x1f0": CandidateScore(total=-22.0)}


def test_the_function_receives_each_request_and_the_language_pair_when_it_asks(
        suite: Suite, module: WriteModule, tmp_path: Path) -> None:
    seen = tmp_path / "seen.json"
    name = module(TRANSLATE + dedent(f"""
        import json
        def score(requests, source_language, target_language):
            with open({str(seen)!r}, "w") as handle:
                json.dump([requests, source_language, target_language], handle)
            return [0.0 for _ in requests]
    """))
    request = ScoreRequest(key="d1\x1f1", source="It is red.", candidate="Elle est rouge.",
                           context=("The car is new.",), target_context=("La voiture est neuve.",))
    scores = system(name, tmp_path).score(suite=suite, requests=[request])
    assert dict(scores.scores) == {"d1\x1f1": CandidateScore(total=0.0)}
    assert json.loads(seen.read_text()) == [[{"source": "It is red.", "candidate": "Elle est rouge.",
                                              "context": ["The car is new."],
                                              "target_context": ["La voiture est neuve."]}], "en", "fr"]


def test_arrays_and_tensors_are_read_with_their_tolist(suite: Suite, module: WriteModule) -> None:
    name = module(TRANSLATE + dedent("""
        class Tensor:
            def __init__(self, values):
                self.values = values
            def tolist(self):
                return self.values

        def score(requests):
            return Tensor([Tensor(-2.0), Tensor([-1.0, -1.5]), 3])
    """))
    assert [s.total for s in scored(suite, name).scores.values()] == [-2.0, -2.5, 3.0]


@pytest.mark.parametrize(("entry", "reason"), [
    ("'-1.5'", "is str, not a number or a list of numbers"),
    ("True", "is bool, not a number or a list of numbers"),
    ("None", "is NoneType, not a number or a list of numbers"),
    ("{'total': -1.0}", "is dict, not a number or a list of numbers"),
    ("[]", "is an empty list, not a number or a list of numbers"),
    ("[-1.0, 'x']", "is a list holding str, not a number or a list of numbers"),
    ("float('nan')", "is nan, not a log-probability"),
    ("float('inf')", "is inf, not a log-probability"),
    ("[-1.0, float('nan')]", "is nan (its tokens: -1.0, nan), not a log-probability"),
])
def test_a_malformed_score_errors_its_own_request_only(suite: Suite, module: WriteModule, entry: str,
                                                       reason: str) -> None:
    name = module(TRANSLATE + dedent(f"""
        def score(requests):
            return [-1.0, {entry}, -3.0]
    """))
    scores = scored(suite, name)
    assert set(scores.scores) == {"i0\x1f0", "i2\x1f0"}
    assert dict(scores.errors) == {"i1\x1f0": f"python:{name}:score: the score of 'Le cheval court.' (item i1) {reason}"}


def test_minus_infinity_is_a_log_probability(suite: Suite, module: WriteModule) -> None:
    """A candidate the model rules out (a masked token) scores -inf: it loses, it is no error."""
    name = module(TRANSLATE + "def score(requests):\n    return [float('-inf')] * len(requests)\n")
    assert {s.total for s in scored(suite, name).scores.values()} == {float("-inf")}


@pytest.mark.parametrize(("body", "message"), [
    ("return [-1.0]", "returned 1 scores for 3 candidates"),
    ("return [-1.0] * 4", "returned 4 scores for 3 candidates"),
    ("return -1.0", "expected a list of scores, got float"),
    ("return 'scores'", "expected a list of scores, got str"),
    ("raise RuntimeError('model not loaded')", "raised RuntimeError: model not loaded"),
    ("return object().tolist()", "raised AttributeError: 'object' object has no attribute 'tolist'"),
])
def test_a_wrong_reply_errors_every_request_of_its_batch_in_one_line(suite: Suite, module: WriteModule, body: str,
                                                                     message: str) -> None:
    name = module(TRANSLATE + f"def score(requests):\n    {body}\n")
    scores = scored(suite, name)
    assert not scores.scores
    assert set(scores.errors.values()) == {f"python:{name}:score: {message}"}
    assert len(scores.errors) == 3 and scores.problems == (f"python:{name}:score: {message}",)


def test_a_failing_batch_errors_its_own_requests_and_the_others_are_scored(suite: Suite, module: WriteModule) -> None:
    name = module(TRANSLATE + dedent("""
        def score(requests):
            if any("cheval" in r["candidate"] for r in requests):
                raise ValueError("no horses")
            return [-1.0] * len(requests)
    """))
    scores = scored(suite, name, batch_size=1)
    assert set(scores.scores) == {"i0\x1f0", "i2\x1f0"}
    assert dict(scores.errors) == {"i1\x1f0": f"python:{name}:score: raised ValueError: no horses"}


def test_a_module_without_score_says_so_in_one_line_without_importing_it(module: WriteModule, tmp_path: Path) -> None:
    name = module("raise SystemExit('imported')\n" + TRANSLATE)
    found = system(name, tmp_path)
    why = f"{name}:translate cannot score given translations: module '{name}' defines no function 'score' " \
          "(define score(requests) beside translate to score)"
    assert cannot_score(found) == why
    scores = score(found, suite=None, requests=requests())  # type: ignore[arg-type]
    assert set(scores.errors.values()) == {why} and scores.problems == (why,)


@pytest.mark.parametrize("source", ["from json import dumps as score\n", "def __getattr__(name):\n    return print\n"])
def test_a_module_that_may_define_score_can_score(module: WriteModule, tmp_path: Path, source: str) -> None:
    assert cannot_score(system(module(TRANSLATE + source), tmp_path)) is None


def test_a_module_whose_score_is_not_there_at_run_time_errors_each_request(suite: Suite, module: WriteModule) -> None:
    name = module(TRANSLATE + "if False:\n    def score(requests):\n        return []\n")
    scores = scored(suite, name)
    assert set(scores.errors.values()) == {f"python:{name}:score: module '{name}' has no function 'score'"}


def test_a_module_that_cannot_be_loaded_errors_every_request(suite: Suite, module: WriteModule) -> None:
    name = module("import mt_no_such_dependency_xyz\n" + TRANSLATE + "def score(requests):\n    return []\n")
    (reason,) = set(scored(suite, name).errors.values())
    assert reason.startswith(f"python:{name}:score: cannot load: ModuleNotFoundError") and "\n" not in reason


def test_translating_and_scoring_share_one_process_and_one_import(suite: Suite, module: WriteModule,
                                                                   tmp_path: Path) -> None:
    calls = tmp_path / "calls.txt"
    name = module(f"""
        import json, os
        with open({str(calls)!r}, "a") as handle:
            handle.write(f"imported in {{os.getpid()}}\\n")

        def translate(sources):
            return sources

        def score(requests):
            with open({str(calls)!r}, "a") as handle:
                handle.write(json.dumps([r["candidate"] for r in requests]) + "\\n")
            return [-1.0] * len(requests)
    """)
    found = system(name, suite.path.parent, batch_size=2)
    assert len(found.translate(suite=suite, items=suite.items).outputs) == len(suite.items)
    assert len(found.score(suite=suite, requests=requests()).scores) == 3
    lines = calls.read_text().splitlines()
    assert lines[1:] == [json.dumps(list(CANDIDATES[:2])), json.dumps([CANDIDATES[2]])]  # batches of --mt-batch-size
    assert lines[0].startswith("imported in ") and lines[0] != f"imported in {os.getpid()}"


def test_a_score_past_the_timeout_errors_the_remaining_batches_at_once(suite: Suite, module: WriteModule,
                                                                       tmp_path: Path) -> None:
    calls = tmp_path / "calls.txt"
    name = module(TRANSLATE + dedent(f"""
        import time
        def score(requests):
            with open({str(calls)!r}, "a") as handle:
                handle.write("called\\n")
            time.sleep(600)
    """))
    scores = scored(suite, name, batch_size=1, timeout=0.5)
    assert scores.errors["i0\x1f0"] == (f"python:{name}:score: did not return within 0.5s (--mt-timeout); its "
                                        "process was stopped")
    assert scores.errors["i2\x1f0"] == f"python:{name}:score: not called: an earlier call timed out after 0.5s " \
                                       "(--mt-timeout)"
    assert calls.read_text() == "called\n"


def test_a_score_that_ends_its_process_is_not_called_again(suite: Suite, module: WriteModule, tmp_path: Path) -> None:
    name = module(TRANSLATE + "import os\ndef score(requests):\n    os._exit(3)\n")
    scores = scored(suite, name, batch_size=1)
    message = "ended the process it runs in (exit status 3) without returning"
    assert scores.errors["i0\x1f0"] == f"python:{name}:score: {message}"
    assert scores.errors["i1\x1f0"] == f"python:{name}:score: not called: an earlier call {message}"


def test_too_many_scores_fail_their_batch_in_one_line(suite: Suite, module: WriteModule,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mtchallenge import systems

    monkeypatch.setattr(systems, "MAX_REPLY_BYTES", 1000)
    name = module(TRANSLATE + "def score(requests):\n    return [[-0.5] * 400 for _ in requests]\n")
    (reason,) = set(scored(suite, name).errors.values())
    assert reason.startswith(f"python:{name}:score: ") and "the scores it returned for the batch" in reason
