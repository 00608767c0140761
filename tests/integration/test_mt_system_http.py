"""Remote systems on loopback: a LibreTranslate server's batched requests, and none at all on a second
identical run; endpoints where nothing listens, given up in one line per system."""
from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from tests.loopback import Loopback, LoopbackServer, ReceivedRequest, Reply


def _uppercase(request: ReceivedRequest) -> Reply:
    """A LibreTranslate server that uppercases every text."""
    body = request.json
    assert request.path == "/translate" and body["source"] == "en" and body["target"] == "fr"
    return Reply(body={"translatedText": [text.upper() for text in body["q"]]})


@pytest.fixture
def server(loopback: Loopback) -> LoopbackServer:
    return loopback(_uppercase)


def batch_sizes(server: LoopbackServer) -> list[int]:
    """How many sources each request carried, in the order they arrived."""
    return [len(request.json["q"]) for request in server.requests]


def test_the_bundled_suite_takes_a_handful_of_requests_then_none(pytester: pytest.Pytester,
                                                                 server: LoopbackServer) -> None:
    args = ["--mt-suite=isabelle2017-en-fr", f"--mt-system=lt=libretranslate:{server.url}", "--mt-judge=auto"]
    first = pytester.runpytest(*args)
    assert sorted(batch_sizes(server)) == [12, 32, 32, 32]  # concurrent batches arrive in any order
    assert first.parseoutcomes()["failed"] > 0  # an uppercasing "translator" is judged, not errored
    assert first.parseoutcomes().get("errors", 0) == 0
    second = pytester.runpytest(*args)
    assert len(server.requests) == 4  # all from the cache
    assert second.parseoutcomes() == first.parseoutcomes()


def test_batch_size_and_concurrency_options(pytester: pytest.Pytester, server: LoopbackServer) -> None:
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", f"--mt-system=lt=libretranslate:{server.url}",
                       "--mt-batch-size=50", "--mt-concurrency=1", "--mt-no-cache")
    assert batch_sizes(server) == [50, 50, 8]  # one at a time: in order
    pytester.makeini("[pytest]\nmt_batch_size = 60\n")
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", f"--mt-system=lt=libretranslate:{server.url}", "--mt-no-cache")
    assert sorted(batch_sizes(server)[3:]) == [48, 60]
    pytester.makeini("[pytest]\n")  # neither given: the remote kinds' default
    pytester.runpytest("--mt-suite=isabelle2017-en-fr", f"--mt-system=lt=libretranslate:{server.url}", "--mt-no-cache")
    assert sorted(batch_sizes(server)[5:]) == [12, 32, 32, 32]


def _refused_port() -> int:
    with socket.socket() as probe:  # bound, never listening: connections are refused
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_endpoints_where_nothing_listens_error_every_item_in_one_line_per_system(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: this run took 215 s (108 sources x 5 attempts with backoff) to say nothing listened."""
    for variable in ("NO_PROXY", "no_proxy"):
        monkeypatch.setenv(variable, "127.0.0.1,localhost")
    for variable in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "LIBRETRANSLATE_API_KEY"):
        monkeypatch.delenv(variable, raising=False)
    gpt, lt = _refused_port(), _refused_port()
    result = pytester.runpytest("--mt-suite=isabelle2017-en-fr", "--mt-no-cache", "--mt-report=r.json",
                                f"--mt-system=gpt=openai:m,base_url=http://127.0.0.1:{gpt}/v1",
                                f"--mt-system=lt=libretranslate:http://127.0.0.1:{lt}")
    result.assert_outcomes(errors=216)
    given_up = "connection refused; 3 attempts in a row failed, the remaining requests were not sent"
    reasons = {"gpt": f"cannot connect to http://127.0.0.1:{gpt}/v1/chat/completions ({given_up})",
               "lt": f"cannot connect to http://127.0.0.1:{lt}/translate ({given_up})"}
    runs = json.loads(pytester.path.joinpath("r.json").read_text(encoding="utf-8"))["runs"]
    assert {run["system"]: {item["reason"] for item in run["items"]} for run in runs} == \
        {system: {reason} for system, reason in reasons.items()}
    summary = result.stdout.str().partition("mtchallenge: category success report")[2]
    assert sorted(line for line in summary.splitlines() if line.startswith("ERROR")) == [
        f"ERROR {system}: {reason} (108 items: S1a, S1b, S1c, S2a, S2b, …)" for system, reason in reasons.items()]


# -- a ${NAME} too short to be a secret leaves outputs alone (issue 39, point 4) -------------------

MINI_REFERENCES = {
    "The letters from my brother should have warned us.": "Les lettres de mon frère auraient dû nous prévenir.",
    "The dog of the neighbours barks.": "Le chien des voisins aboie.",
    "She was perfect, wasn't she?": "Elle était parfaite, n'est-ce pas ?",
    "He was late, wasn't he?": "Il était en retard, n'est-ce pas ?",
}


def test_a_port_in_the_url_is_no_secret_and_outputs_are_judged_as_given(
        pytester: pytest.Pytester, mini_suite: Path, loopback: Loopback, monkeypatch: pytest.MonkeyPatch) -> None:
    """``http://127.0.0.1:${MT_PORT}/t``: every ``${NAME}`` value was a secret whatever its length,
    so an output quoting the port number ("costs 37385 euros") was judged and cached as "costs *** euros"."""
    port = ""

    def translate(request: ReceivedRequest) -> Reply:
        return Reply(body={"out": [f"{MINI_REFERENCES[text]} ({port} euros)" for text in request.json["texts"]]})

    server = loopback(translate)
    port = server.url.rpartition(":")[2]
    monkeypatch.setenv("MT_PORT", port)
    pytester.makeini('[pytest]\nmt_http_request = {"texts": "{sources}"}\nmt_http_response = out\n')
    args = [str(mini_suite.parent), "--mt-system=mine=http://127.0.0.1:${MT_PORT}/t", "--mt-report=r.json"]
    for _ in range(2):  # translated, then read from the cache
        result = pytester.runpytest(*args)
        result.assert_outcomes(passed=4)
        outputs = [item["output"] for run in json.loads((pytester.path / "r.json").read_text(encoding="utf-8"))["runs"]
                   for item in run["items"]]
        assert outputs and all(output.endswith(f"({port} euros)") for output in outputs), outputs
    result.stdout.fnmatch_lines(["*mine: 4 of 4 outputs for mini from the translation cache*"])
    assert "PytestConfigWarning" not in result.stdout.str()  # a ${NAME} in a URL is not declared a secret
