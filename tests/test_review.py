"""The review workflow: verdict files that only grow, the outputs to review, the page's server, the
terminal prompts, and a server killed while it writes."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from review_suite import OUTPUTS, run_document, write_suite
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats.yaml import load_suite, load_verdicts
from pytest_mtchallenge.judge import VerdictStore
from pytest_mtchallenge.model import RecordedVerdict
from pytest_mtchallenge.review import verdict_file as verdict_file_module
from pytest_mtchallenge.review.server import ReviewServer
from pytest_mtchallenge.review.tasks import (
    NothingToReview,
    Review,
    ReviewError,
    pending_tasks,
    plan_review,
    task_key,
)
from pytest_mtchallenge.review.terminal import LineAnswers, answers_from, review_in_terminal
from pytest_mtchallenge.formats.yaml import overlay_verdicts
from pytest_mtchallenge.review.verdict_file import VerdictFile
from tests.loopback import serving

ITEMS = {"H1a", "H1b", "H1c", "H1d"}


def verdict(item: str, output: str, value: str, annotator: str = "ana") -> RecordedVerdict:
    return RecordedVerdict(item=item, output=output, verdict=value, annotator=annotator)


@pytest.fixture
def suite_path(tmp_path: Path) -> Path:
    return write_suite(tmp_path)


@pytest.fixture
def review(tmp_path: Path, suite_path: Path) -> Review:
    suite = load_suite(suite_path)
    verdicts = VerdictFile(tmp_path / "mine.yaml", suite=suite.name, item_ids={i.id for i in suite.items})
    return Review(pending_tasks(run_document(), suite), verdicts)


# -- the verdict file -----------------------------------------------------------------------------

def test_appended_verdicts_load_with_their_annotator(tmp_path: Path) -> None:
    file = VerdictFile(tmp_path / "v.yaml", suite="demo-review", item_ids=ITEMS, source="mtchallenge review")
    assert file.append([verdict("H1a", "Il pleut.", "yes", "ana")]) == 1
    assert file.append([verdict("H1b", "Il est mort.", "no", "ben")]) == 2
    loaded = load_verdicts(tmp_path / "v.yaml", ITEMS)
    assert [(v.item, v.output, v.verdict, v.annotator, v.source) for v in loaded] == [
        ("H1a", "Il pleut.", "yes", "ana", "mtchallenge review"), ("H1b", "Il est mort.", "no", "ben", "mtchallenge review")]
    assert yaml.safe_load((tmp_path / "v.yaml").read_text())["suite"] == "demo-review"


def test_an_append_keeps_the_earlier_bytes(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"
    path.write_text("# my notes\nsuite: demo-review\nverdicts:\n- {item: H1a, output: \"x\", verdict: \"yes\"}  # hand\n")
    before = path.read_bytes()
    VerdictFile(path, suite="demo-review", item_ids=ITEMS).append([verdict("H1b", "y", "na")])
    assert path.read_bytes().startswith(before)
    assert [v.item for v in load_verdicts(path, ITEMS)] == ["H1a", "H1b"]


def test_a_file_whose_list_is_not_last_is_rewritten_with_every_verdict(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"
    path.write_text('verdicts:\n- {item: H1a, output: "x", verdict: "yes"}\nsource: by hand\n')
    VerdictFile(path, suite="demo-review", item_ids=ITEMS).append([verdict("H1b", "y", "no")])
    loaded = load_verdicts(path, ITEMS)
    assert [(v.item, v.verdict, v.source) for v in loaded] == [("H1a", "yes", "by hand"), ("H1b", "no", "")]


def test_a_file_of_another_suite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"
    VerdictFile(path, suite="other", item_ids=ITEMS).append([verdict("H1a", "x", "yes")])
    with pytest.raises(SuiteError, match=r"v.yaml: field 'suite': holds verdicts of suite 'other', not 'demo-review'"):
        VerdictFile(path, suite="demo-review", item_ids=ITEMS).append([verdict("H1b", "y", "no")])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(output=st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=80))
@example(output="0\x85")  # YAML reads NEL, LS and PS as line breaks: they must be escaped
@example(output="a\u2028b\u2029c\r\nd")
@example(output="yes")
def test_any_output_text_reads_back_exactly(tmp_path: Path, output: str) -> None:
    assume(output.strip())
    path = tmp_path / "v.yaml"
    path.unlink(missing_ok=True)
    file = VerdictFile(path, suite="demo-review", item_ids=ITEMS)
    file.append([verdict("H1a", "first", "yes")])
    file.append([verdict("H1b", output, "no")])
    assert [v.output for v in load_verdicts(path, ITEMS)] == ["first", output]


def test_two_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"

    def annotate(name: str) -> None:
        file = VerdictFile(path, suite="demo-review", item_ids=ITEMS)  # each its own file handle and lock
        for n in range(15):
            file.append([verdict("H1a", f"output {n}", "yes", name)])

    writers = [threading.Thread(target=annotate, args=(name,)) for name in ("ana", "ben", "chloé")]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=60)
    loaded = load_verdicts(path, ITEMS)
    assert len(loaded) == 45
    assert {(v.annotator, v.output) for v in loaded} == {(a, f"output {n}") for a in ("ana", "ben", "chloé")
                                                         for n in range(15)}


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_an_interrupted_write_leaves_the_earlier_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      step: str) -> None:
    path = tmp_path / "v.yaml"
    file = VerdictFile(path, suite="demo-review", item_ids=ITEMS)
    file.append([verdict("H1a", "x", "yes")])
    before = path.read_bytes()

    def crash(*args: object) -> None:
        raise KeyboardInterrupt  # the process stops here: the new bytes are written, not yet in place

    monkeypatch.setattr(verdict_file_module.os, step, crash)
    with pytest.raises(KeyboardInterrupt):
        file.append([verdict("H1b", "y", "no")])
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [v.item for v in load_verdicts(path, ITEMS)] == ["H1a"]
    assert not list(tmp_path.glob(".v.yaml.*.tmp"))


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")
def test_a_symbolic_link_is_written_through_to_its_target(tmp_path: Path) -> None:
    (tmp_path / "shared").mkdir()
    shared, mine = tmp_path / "shared" / "team.yaml", tmp_path / "mine.yaml"
    VerdictFile(shared, suite="demo-review", item_ids=ITEMS).append([verdict("H1a", "x", "yes", "ben")])
    mine.symlink_to(Path("shared") / "team.yaml")
    VerdictFile(mine, suite="demo-review", item_ids=ITEMS).append([verdict("H1b", "y", "no", "ana")])
    assert mine.is_symlink() and [v.annotator for v in load_verdicts(shared, ITEMS)] == ["ben", "ana"]
    assert (tmp_path / "shared" / ".team.yaml.lock").exists() and not (tmp_path / ".mine.yaml.lock").exists()
    # A link to a file not written yet creates the target; a loop of links is one line.
    (tmp_path / "later.yaml").symlink_to(tmp_path / "shared" / "new.yaml")
    VerdictFile(tmp_path / "later.yaml", suite="demo-review", item_ids=ITEMS).append([verdict("H1a", "z", "na")])
    assert (tmp_path / "later.yaml").is_symlink() and len(load_verdicts(tmp_path / "shared" / "new.yaml", ITEMS)) == 1
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    with pytest.raises(SuiteError, match=r"loop.yaml: cannot follow its symbolic links"):
        VerdictFile(tmp_path / "loop.yaml", suite="demo-review", item_ids=ITEMS).append([verdict("H1a", "z", "na")])


@pytest.mark.skipif(not hasattr(os, "link"), reason="hard links")
def test_a_hard_link_keeps_sharing_the_file(tmp_path: Path) -> None:
    shared, mine = tmp_path / "team.yaml", tmp_path / "mine.yaml"
    VerdictFile(shared, suite="demo-review", item_ids=ITEMS).append([verdict("H1a", "x", "yes", "ben")])
    os.link(shared, mine)
    inode = shared.stat().st_ino
    for n in range(3):
        VerdictFile(mine, suite="demo-review", item_ids=ITEMS).append([verdict("H1b", f"y{n}", "no", "ana")])
    assert mine.stat().st_ino == shared.stat().st_ino == inode and shared.stat().st_nlink == 2
    assert [v.output for v in load_verdicts(shared, ITEMS)] == ["x", "y0", "y1", "y2"]
    assert not list(tmp_path.glob(".*.journal")) and not list(tmp_path.glob(".*.tmp"))


@pytest.mark.skipif(not hasattr(os, "link"), reason="hard links")
def test_a_hard_linked_file_interrupted_mid_write_is_completed_from_its_journal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared, mine = tmp_path / "team.yaml", tmp_path / "mine.yaml"
    VerdictFile(shared, suite="demo-review", item_ids=ITEMS).append([verdict("H1a", "x", "yes", "ben")])
    os.link(shared, mine)

    def crash(path: Path, data: bytes) -> None:
        with open(path, "r+b") as handle:
            handle.write(data[: len(data) // 2])  # half the new content is in place
        raise KeyboardInterrupt

    monkeypatch.setattr(verdict_file_module, "_overwrite", crash)
    with pytest.raises(KeyboardInterrupt):
        VerdictFile(mine, suite="demo-review", item_ids=ITEMS).append([verdict("H1b", "y" * 500, "no", "ana")])
    monkeypatch.undo()
    assert (tmp_path / ".mine.yaml.journal").exists()
    # The next review through that name finishes the write before it reads: nothing is lost.
    assert [v.annotator for v in VerdictFile(mine, suite="demo-review", item_ids=ITEMS).read()] == ["ben", "ana"]
    assert [v.annotator for v in load_verdicts(shared, ITEMS)] == ["ben", "ana"]
    assert shared.stat().st_ino == mine.stat().st_ino and not (tmp_path / ".mine.yaml.journal").exists()


@pytest.mark.skipif(not hasattr(os, "link"), reason="hard links")
def test_writers_through_two_hard_links_at_once_lose_nothing(tmp_path: Path) -> None:
    VerdictFile(tmp_path / "a.yaml", suite="demo-review", item_ids=ITEMS).append([verdict("H1a", "x", "yes", "ben")])
    os.link(tmp_path / "a.yaml", tmp_path / "b.yaml")

    def annotate(name: str) -> None:
        file = VerdictFile(tmp_path / f"{name}.yaml", suite="demo-review", item_ids=ITEMS)
        for n in range(15):
            file.append([verdict("H1a", f"output {n}", "yes", name)])

    writers = [threading.Thread(target=annotate, args=(name,)) for name in ("a", "b")]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=60)
    assert len(load_verdicts(tmp_path / "b.yaml", ITEMS)) == 31
    assert (tmp_path / "a.yaml").stat().st_ino == (tmp_path / "b.yaml").stat().st_ino


# -- recorded verdicts with annotators --------------------------------------------------------------

def test_an_annotators_later_verdict_replaces_the_earlier_one() -> None:
    store = VerdictStore([verdict("H1a", "x", "yes", "ana"), verdict("H1a", "x", "no", "ben"),
                          verdict("H1a", "x", "no", "ana")])
    assert len(store) == 2
    value, reason = store.lookup("H1a", "x")  # type: ignore[misc]
    assert value == "no" and "by ben, ana" in reason


def test_verdicts_without_annotator_all_count() -> None:
    store = VerdictStore([RecordedVerdict(item="H1a", output="x", verdict="yes"),
                          RecordedVerdict(item="H1a", output="x", verdict="yes"), verdict("H1a", "x", "no", "ana")])
    assert store.lookup("H1a", "x")[0] == "yes"  # type: ignore[index]


def test_user_files_are_overlaid_on_the_suite_they_name(tmp_path: Path, suite_path: Path) -> None:
    suite = load_suite(suite_path)
    mine, other, unnamed = tmp_path / "mine.yaml", tmp_path / "other.yaml", tmp_path / "unnamed.yaml"
    VerdictFile(mine, suite="demo-review", item_ids=ITEMS).append([verdict("H1a", "x", "yes")])
    VerdictFile(other, suite="another-suite", item_ids=ITEMS).append([verdict("H1b", "y", "yes")])
    unnamed.write_text('verdicts:\n- {item: H1c, output: "z", verdict: "no"}\n')
    overlaid = overlay_verdicts(suite, [mine, other, unnamed, tmp_path / "not-yet.yaml"])
    assert [v.item for v in overlaid.verdicts] == ["H1a", "H1c"]
    assert overlaid.verdict_paths == (mine, unnamed)
    assert overlay_verdicts(suite, [tmp_path / "not-yet.yaml"]) is suite


# -- the outputs to review ---------------------------------------------------------------------------

def test_identical_outputs_after_normalisation_are_one_task(suite_path: Path) -> None:
    tasks = pending_tasks(run_document(), load_suite(suite_path))
    assert [(t.item, t.systems) for t in tasks] == [
        ("H1a", ("alpha", "beta")), ("H1b", ("alpha",)), ("H1b", ("beta",)), ("H1c", ("alpha",)), ("H1d", ("alpha",))]
    first = tasks[0]
    assert first.locus == ("pleut des cordes",) and first.source_locus == ("raining cats and dogs",)
    assert first.question == "Is the idiom translated by its meaning?"
    assert first.reasons and "no automatic checker" in first.reasons[0]
    assert first.key == task_key("H1a", OUTPUTS["beta"]["H1a"])


def test_only_outputs_judged_review_are_tasks(suite_path: Path) -> None:
    assert pending_tasks(run_document(outcome="fail"), load_suite(suite_path)) == []


def test_a_run_of_a_changed_suite_is_a_one_line_error(suite_path: Path) -> None:
    document = run_document()
    document["runs"][0]["items"][0]["id"] = "H9z"  # type: ignore[index]
    with pytest.raises(ReviewError, match=r"run.json: field 'runs\[0\].items': item 'H9z' is not in the suite"):
        pending_tasks(document, load_suite(suite_path), origin="run.json")


def test_a_verdict_is_recorded_once_it_is_valid(review: Review) -> None:
    key = review.tasks[0].key
    with pytest.raises(ValueError, match="annotator's name"):
        review.record(key, "yes", "  ")
    with pytest.raises(ValueError, match="one of yes, no, na"):
        review.record(key, "maybe", "ana")
    with pytest.raises(ValueError, match="no output to review"):
        review.record("nope", "yes", "ana")
    assert not review.verdict_file.path.exists()
    assert review.record(key, "yes", " ana  m. ") == 1
    (recorded,) = review.verdict_file.read()
    assert (recorded.item, recorded.verdict, recorded.annotator, recorded.system) == ("H1a", "yes", "ana m.",
                                                                                      "alpha, beta")
    assert review.answers("ana m.") == {key: "yes"} and review.answers("ben") == {}


def test_an_output_a_verdict_file_cannot_hold_gets_no_verdict(tmp_path: Path, suite_path: Path) -> None:
    document = run_document()
    document["runs"][0]["items"][0]["output"] = "Il pleut\ud800"  # type: ignore[index]
    document["runs"][0]["items"][1]["output"] = ""  # type: ignore[index]
    suite = load_suite(suite_path)
    review = Review(pending_tasks(document, suite), VerdictFile(tmp_path / "mine.yaml", suite=suite.name,
                                                                item_ids=ITEMS))
    by_output = {task.output: task for task in review.tasks}
    with pytest.raises(ValueError, match=r"^output: holds a lone surrogate \(U\+D800\)"):
        review.record(by_output["Il pleut\ud800"].key, "yes", "Ana")
    with pytest.raises(ValueError, match=r"^output: must not be empty$"):
        review.record(by_output[""].key, "yes", "Ana")
    assert not review.verdict_file.path.exists()


# -- which run, suite and verdict file ----------------------------------------------------------------

def test_a_bundled_suite_needs_a_verdict_file_of_ones_own(tmp_path: Path) -> None:
    document = {"runs": [{"suite": "isabelle2017-en-fr", "system": "x", "items": [
        {"id": "S1a", "output": "o", "outcome": "review", "system": "x"}]}]}
    (tmp_path / "r.json").write_text(json.dumps(document))
    with pytest.raises(ReviewError, match=r"bundled suite.*--verdicts PATH.*--mt-verdicts=PATH"):
        plan_review(run="r.json", suite=None, verdicts=None, base=tmp_path)
    plan = plan_review(run="r.json", suite=None, verdicts="mine.yaml", base=tmp_path)
    assert plan.verdict_path == tmp_path / "mine.yaml" and not plan.suite_own
    assert [task.item for task in plan.tasks] == ["S1a"] and plan.tasks[0].locus


def test_a_suite_of_ones_own_takes_its_verdicts_by_default(tmp_path: Path, suite_path: Path) -> None:
    runs = tmp_path / ".mtchallenge" / "runs"
    runs.mkdir(parents=True)
    (runs / "0001_alpha.json").write_text(json.dumps(run_document()))
    plan = plan_review(run="last", suite=str(suite_path), verdicts=None, base=tmp_path)
    assert plan.run_path == runs / "0001_alpha.json"
    assert plan.verdict_path == suite_path.parent / "verdicts.yaml" and plan.suite_own
    with pytest.raises(ReviewError, match="not bundled: name its file with --suite PATH"):
        plan_review(run="last", suite=None, verdicts=None, base=tmp_path)


def test_a_run_without_outputs_to_review_says_so(tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text(json.dumps(run_document(outcome="pass")))
    with pytest.raises(NothingToReview, match="no output of this run needs a human verdict"):
        plan_review(run="r.json", suite=None, verdicts=None, base=tmp_path)


# -- the page's server ------------------------------------------------------------------------------

@pytest.fixture
def server(review: Review) -> Iterator[ReviewServer]:
    with serving(ReviewServer(review, title="Demo review suite", annotator="")) as server:
        yield server


def call(server: ReviewServer, path: str, body: object | None = None, *, token: str | None = None,
         host: str | None = None) -> tuple[int, dict[str, object] | str]:
    request = urllib.request.Request(server.url.rstrip("/") + path, method="GET" if body is None else "POST",
                                     data=None if body is None else json.dumps(body).encode())
    if token is not None:
        request.add_header("X-Review-Token", token)
    if host is not None:
        request.add_header("Host", host)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, text = response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    return status, json.loads(text) if text.startswith("{") else text


def test_a_reviewer_answers_three_outputs_through_the_page(server: ReviewServer, review: Review) -> None:
    status, page = call(server, "/")
    assert status == 200 and isinstance(page, str) and server.token in page and "Demo review suite" in page
    status, state = call(server, "/api/state?annotator=Ana")
    assert status == 200 and isinstance(state, dict) and state["total"] == 5 and state["answers"] == {}
    tasks = state["tasks"]
    assert isinstance(tasks, list)
    for task, value in zip(tasks, ("yes", "no", "na")):
        status, reply = call(server, "/api/verdict", {"key": task["key"], "verdict": value, "annotator": "Ana"},
                             token=server.token)
        assert status == 200 and reply["saved"] is True  # type: ignore[index]
    assert reply["answered"] == 3 and reply["total"] == 5  # type: ignore[index]
    recorded = load_verdicts(review.verdict_file.path, ITEMS)
    assert [(v.item, v.output, v.verdict, v.annotator) for v in recorded] == [
        ("H1a", OUTPUTS["alpha"]["H1a"], "yes", "Ana"), ("H1b", OUTPUTS["alpha"]["H1b"], "no", "Ana"),
        ("H1b", OUTPUTS["beta"]["H1b"], "na", "Ana")]
    status, state = call(server, "/api/state?annotator=Ana")
    assert state["answers"] == {tasks[0]["key"]: "yes", tasks[1]["key"]: "no", tasks[2]["key"]: "na"}  # type: ignore[index]
    status, reply = call(server, "/api/finish", {}, token=server.token)
    assert status == 200 and server.finished.wait(5)


def test_changes_need_the_pages_token_and_a_local_host_name(server: ReviewServer, review: Review) -> None:
    key = review.tasks[0].key
    status, reply = call(server, "/api/verdict", {"key": key, "verdict": "yes", "annotator": "Ana"})
    assert status == 403 and "token" in str(reply)
    status, reply = call(server, "/api/verdict", {"key": key, "verdict": "yes", "annotator": "Ana"},
                         token=server.token, host="evil.example:80")
    assert status == 403
    status, reply = call(server, "/", host="evil.example")
    assert status == 403
    assert not review.verdict_file.path.exists()


def test_bad_answers_are_refused_with_a_reason(server: ReviewServer, review: Review) -> None:
    key = review.tasks[0].key
    for body, reason in (({"key": key, "verdict": "maybe", "annotator": "Ana"}, "one of yes, no, na"),
                         ({"key": key, "verdict": "yes"}, "annotator's name"),
                         ({"key": "nope", "verdict": "yes", "annotator": "Ana"}, "no output to review"),
                         (["not", "an", "object"], "JSON object")):
        status, reply = call(server, "/api/verdict", body, token=server.token)
        assert status == 400 and reason in str(reply), body
    assert not review.verdict_file.path.exists()


def exchange(server: ReviewServer | str, raw: bytes, *,
             wait: float = 10) -> tuple[int | None, dict[str, str], bytes]:
    """Send ``raw`` bytes to the server on a fresh connection; the status, headers and body of its
    answer (None when it closed the connection without one)."""
    import socket

    url = server.url if isinstance(server, ReviewServer) else server
    host, port = url.split("//")[1].rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as connection:
        connection.sendall(raw)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            if not chunk:
                return None, {}, received
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
        while len(body) < int(headers.get("content-length", 0)):
            chunk = connection.recv(65536)
            if not chunk:
                break
            body += chunk
    return int(lines[0].split()[1]), headers, body


def post(path: str, body: bytes, *, token: str, length: str | None = None, extra: str = "") -> bytes:
    length_line = "" if length == "" else f"Content-Length: {len(body) if length is None else length}\r\n"
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Review-Token: {token}\r\n{length_line}{extra}\r\n"
            .encode() + body)


def test_every_response_forbids_framing(server: ReviewServer) -> None:
    requests = [b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                b"GET /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n",
                b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n",
                post("/api/verdict", b"{}", token="wrong"),
                b"DELETE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",   # the base class's own 501
                b"GET / HTTP/x.y\r\n\r\n",                           # and its own 400
                b"GET / HTTP/9.9\r\n\r\n"]                           # and 505
    for raw in requests:
        status, headers, _ = exchange(server, raw)
        assert status is not None, raw
        assert headers.get("x-frame-options") == "DENY", raw
        assert "frame-ancestors 'none'" in headers.get("content-security-policy", ""), raw


def test_the_page_settings_cannot_end_its_script(review: Review) -> None:
    title = "<!--<script> </script><script>alert(1)</script> & \u2028\u2029 ]]> -->"
    page = ReviewServer(review, title=title).page().decode("utf-8")
    template = __import__("pytest_mtchallenge.review.server", fromlist=["page_template"]).page_template()
    for marker in ("<!--", "<script", "</script", "-->"):
        assert page.lower().count(marker) == template.lower().count(marker), marker
    settings = json.loads(page.split("const SETTINGS = ", 1)[1].split(";\n", 1)[0])
    assert settings["title"] == title


@pytest.fixture
def impatient_server(review: Review) -> Iterator[ReviewServer]:
    """The review server, closing connections silent for half a second."""
    with serving(ReviewServer(review, title="Demo review suite", request_timeout=0.5)) as server:
        yield server


@pytest.mark.parametrize(("build", "status", "reason"), [
    (lambda token: post("/api/verdict", b"{}", token=token, length="abc"), 400, "whole number"),
    (lambda token: post("/api/verdict", b"{}", token=token, length="-1"), 400, "whole number"),
    (lambda token: post("/api/verdict", b"{}", token=token, length=" 1e3"), 400, "whole number"),
    (lambda token: post("/api/verdict", b"", token=token, length="100000000"), 413, "larger than"),
    (lambda token: post("/api/verdict", b"[" * 30_000 + b"]" * 30_000, token=token), 400, "nested deeper than 100"),
    (lambda token: post("/api/verdict", b'{"key": "\xff"}', token=token), 400, "not UTF-8"),
    (lambda token: post("/api/verdict", b'{"key": ', token=token), 400, "invalid JSON"),
    (lambda token: post("/api/verdict", b"2\r\n{}\r\n0\r\n\r\n", token=token, length="",
                        extra="Transfer-Encoding: chunked\r\n"), 411, "Content-Length"),
    (lambda token: post("/api/verdict", b'{"key"', token=token, length="100"), 408, "did not arrive in time"),
    (lambda token: post("/api/verdict", b"{}", token=token + "\u00e9"), 403, "token"),
], ids=["not-a-number", "negative", "exponent", "too-large", "30k-deep", "not-utf8", "truncated", "chunked",
        "stalled-body", "non-ascii-token"])
def test_every_malformed_request_gets_an_answer(impatient_server: ReviewServer, review: Review,
                                                build: Callable[[str], bytes], status: int, reason: str) -> None:
    answer, headers, body = exchange(impatient_server, build(impatient_server.token))
    assert (answer, reason in body.decode()) == (status, True), body
    assert headers.get("connection") == "close"
    assert not review.verdict_file.path.exists()
    # The server still answers the next request.
    assert call(impatient_server, "/api/state")[0] == 200


def test_idle_connections_are_closed(impatient_server: ReviewServer) -> None:
    import socket

    with socket.create_connection(("127.0.0.1", impatient_server.server_address[1]), timeout=10) as connection:
        assert connection.recv(1024) == b""  # closed by the server, not by our 10-second timeout
        connection.close()


@pytest.mark.skipif(sys.platform == "win32", reason="runs the command in its own process")
def test_the_review_command_answers_hostile_requests(tmp_path: Path, suite_path: Path) -> None:
    (tmp_path / "run.json").write_text(json.dumps(run_document()))
    process, url, token = start_review_command(tmp_path, suite_path, "mine.yaml")
    try:
        for raw, status in [(post("/api/verdict", b"{}", token=token, length="-5"), 400),
                            (post("/api/verdict", b"[" * 30_000 + b"]" * 30_000, token=token), 400),
                            (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 200)]:
            answer, headers, _ = exchange(url, raw)
            assert answer == status and headers["x-frame-options"] == "DENY"
    finally:
        printed = stop_review_command(process)
    assert "Traceback" not in printed


# -- the terminal -----------------------------------------------------------------------------------

def test_the_terminal_review_records_answers_skips_and_goes_back(review: Review) -> None:
    from rich.console import Console

    console = Console(file=io.StringIO(), width=120)
    sitting = review_in_terminal(review, annotator="Ana", console=console,
                                 answers=LineAnswers(io.StringIO("y\nmaybe\nn\ns\nb\na\nq\n")))
    assert (sitting.saved, sitting.answered, sitting.total, sitting.input_ended) == (3, 3, 5, False)
    keys = [task.key for task in review.tasks]
    assert review.answers("Ana") == {keys[0]: "yes", keys[1]: "no", keys[2]: "na"}
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Il pleut à verse" in shown and "type y, n, a, s, b or q" in shown
    # The end of the input ends the sitting; a new one starts at the first unanswered output.
    again = review_in_terminal(review, annotator="Ana", console=Console(file=io.StringIO()),
                               answers=LineAnswers(io.StringIO("")))
    assert (again.saved, again.answered, again.left, again.input_ended) == (0, 3, 2, True)


def test_answers_come_as_lines_from_anything_but_a_terminal(tmp_path: Path) -> None:
    assert isinstance(answers_from(io.StringIO("y\n")), LineAnswers)
    with open(tmp_path / "answers.txt", "w+") as file:
        assert isinstance(answers_from(file), LineAnswers)


# -- a server killed while it writes ---------------------------------------------------------------

def start_review_command(folder: Path, suite_path: Path, verdicts: str) -> tuple[subprocess.Popen[str], str, str]:
    """``mtchallenge review run.json`` in its own process, serving on loopback: the process, the
    page's address and its token (the caller stops the process)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pytest_mtchallenge.cli", "review", "run.json", "--suite", str(suite_path),
         "--verdicts", verdicts, "--no-browser"], cwd=folder, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("review page: "):
            url = line.split()[2]
            break
    else:
        process.wait(timeout=10)
        raise AssertionError("the review server did not start")
    page = urllib.request.urlopen(url, timeout=10).read().decode()
    token = json.loads(page.split("const SETTINGS = ", 1)[1].split(";\n", 1)[0])["token"]
    return process, url, token


def stop_review_command(process: subprocess.Popen[str]) -> str:
    """Stop a :func:`start_review_command` process; what it printed after its address."""
    process.terminate()
    try:
        out, _ = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate(timeout=10)
    return out


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic and hard links")
@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_the_review_command_writes_through_a_linked_verdict_file(tmp_path: Path, suite_path: Path, link: str) -> None:
    (tmp_path / "run.json").write_text(json.dumps(run_document()))
    (tmp_path / "team").mkdir()
    shared = tmp_path / "team" / "verdicts.yaml"
    VerdictFile(shared, suite="demo-review", item_ids=ITEMS).append([verdict("H1d", "earlier", "yes", "ben")])
    if link == "symbolic":
        (tmp_path / "mine.yaml").symlink_to(shared)
    else:
        os.link(shared, tmp_path / "mine.yaml")
    process, url, token = start_review_command(tmp_path, suite_path, "mine.yaml")
    try:
        key = json.loads(urllib.request.urlopen(url + "api/state", timeout=10).read())["tasks"][0]["key"]
        request = urllib.request.Request(url + "api/verdict", method="POST", headers={"X-Review-Token": token},
                                         data=json.dumps({"key": key, "verdict": "no", "annotator": "ana"}).encode())
        assert json.loads(urllib.request.urlopen(request, timeout=10).read())["saved"] is True
    finally:
        stop_review_command(process)
    assert [(v.annotator, v.verdict) for v in load_verdicts(shared, ITEMS)] == [("ben", "yes"), ("ana", "no")]
    assert (tmp_path / "mine.yaml").is_symlink() if link == "symbolic" else shared.stat().st_nlink == 2

@pytest.mark.skipif(sys.platform == "win32", reason="kills with SIGKILL (POSIX)")
def test_killing_the_server_mid_write_keeps_every_acknowledged_verdict(tmp_path: Path, suite_path: Path) -> None:
    (tmp_path / "run.json").write_text(json.dumps(run_document()))
    verdicts = tmp_path / "mine.yaml"
    # A file already holding many verdicts makes each write long enough to be caught in the act.
    VerdictFile(verdicts, suite="demo-review", item_ids=ITEMS).append(
        [verdict("H1d", f"earlier output {n}", "yes", "earlier") for n in range(1000)])

    def start() -> tuple[subprocess.Popen[str], str, str]:
        return start_review_command(tmp_path, suite_path, "mine.yaml")

    process, url, token = start()
    keys = [task["key"] for task in json.loads(urllib.request.urlopen(url + "api/state", timeout=10).read())["tasks"]]
    acknowledged: list[tuple[str, str]] = []
    stop = threading.Event()

    def annotate() -> None:
        n = 0
        while not stop.is_set():
            annotator, key = f"annotator {n}", keys[n % len(keys)]
            request = urllib.request.Request(url + "api/verdict", method="POST", headers={"X-Review-Token": token},
                                             data=json.dumps({"key": key, "verdict": "no", "annotator": annotator}).encode())
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    if response.status == 200:
                        acknowledged.append((annotator, key))
            except (OSError, urllib.error.URLError):
                return  # the server is gone
            n += 1

    writer = threading.Thread(target=annotate, daemon=True)
    writer.start()
    deadline = time.monotonic() + 30
    caught = False
    while time.monotonic() < deadline and not (caught and len(acknowledged) >= 3):
        caught = any(name.endswith(".tmp") for name in os.listdir(tmp_path))
    os.kill(process.pid, signal.SIGKILL)  # mid-write when a temporary file was seen
    process.wait(timeout=10)
    stop.set()
    writer.join(timeout=15)
    assert process.stdout is not None
    process.stdout.close()
    assert len(acknowledged) >= 3

    loaded = load_verdicts(verdicts, ITEMS)  # the file is valid
    by_annotator = {v.annotator: v for v in loaded}
    assert len([v for v in loaded if v.annotator == "earlier"]) == 1000
    tasks = {t.key: t for t in pending_tasks(run_document(), load_suite(suite_path))}
    for annotator, key in acknowledged:
        assert annotator in by_annotator, f"lost {annotator}'s acknowledged verdict"
        assert (by_annotator[annotator].item, by_annotator[annotator].output) == (tasks[key].item, tasks[key].output)

    # A new server picks up where the killed one stopped, despite a leftover temporary file.
    process, url, token = start()
    try:
        first_annotator, first_key = acknowledged[0]
        from urllib.parse import quote

        state = json.loads(urllib.request.urlopen(f"{url}api/state?annotator={quote(first_annotator)}", timeout=10).read())
        assert state["answers"] == {first_key: "no"}
        request = urllib.request.Request(url + "api/verdict", method="POST", headers={"X-Review-Token": token},
                                         data=json.dumps({"key": keys[0], "verdict": "yes", "annotator": "after"}).encode())
        assert urllib.request.urlopen(request, timeout=10).status == 200
        assert load_verdicts(verdicts, ITEMS)[-1].annotator == "after"
        assert not list(tmp_path.glob(".mine.yaml.*.tmp"))  # the killed writer's temporary file is cleared
    finally:
        process.kill()
        process.wait(timeout=10)
        assert process.stdout is not None
        process.stdout.close()


# -- runs that hold what a terminal or a verdict file cannot --------------------------------------

def run_command(folder: Path, *args: str, stdin: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """``mtchallenge ARGS`` in its own process, its memory bounded (POSIX), its output captured."""
    def bounded() -> None:  # pragma: no cover - runs in the child
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3, 3 * 1024**3))

    return subprocess.run([sys.executable, "-m", "pytest_mtchallenge", *args], cwd=folder, input=stdin,
                          stdin=None if stdin is not None else subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=120, preexec_fn=bounded if sys.platform != "win32" else None,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "COLUMNS": "250", **env})


@pytest.mark.skipif(sys.platform == "win32", reason="/dev/zero and memory limits")
@pytest.mark.parametrize(("run", "message"), [
    ("deep.json", "deep.json: nested deeper than 100 levels"),
    ("/dev/zero", "/dev/zero: larger than 256 MiB, the limit of a saved run"),
    ("bad.json", "bad.json: invalid JSON (Expecting value at column 10)"),
], ids=["deep", "dev-zero", "invalid"])
def test_a_run_file_the_review_cannot_read_is_one_line(tmp_path: Path, suite_path: Path, run: str,
                                                       message: str) -> None:
    (tmp_path / "deep.json").write_text('{"runs": ' + "[" * 100_000 + "]" * 100_000 + "}")
    (tmp_path / "bad.json").write_text('{"runs": ]')
    done = run_command(tmp_path, "review", run, "--suite", str(suite_path), "--verdicts", "mine.yaml", "--tty")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("mtchallenge: ") and done.stderr.endswith(f"{message}\n")
    assert done.stderr.count("\n") == 1


def hostile_run() -> dict[str, object]:
    """A run whose outputs and reasons hold terminal escape sequences and lone surrogates."""
    document = run_document()
    items = document["runs"][0]["items"]  # type: ignore[index]
    items[0]["output"] = "Il pleut\x1b]0;owned\x07\x1b[2J à verse."
    items[1]["reason"] += " \x1b]52;c;cm0gLXJmIH4=\x07 \ud800"
    items[2]["output"] = "Elle a vendu la m\ud800che."
    return document


def test_the_terminal_review_shows_escape_sequences_instead_of_obeying_them(tmp_path: Path,
                                                                             suite_path: Path) -> None:
    (tmp_path / "run.json").write_text(json.dumps(hostile_run()))
    done = run_command(tmp_path, "review", "run.json", "--suite", str(suite_path), "--verdicts", "mine.yaml",
                       "--tty", "--annotator", "Ana", stdin="y\ny\nq\n")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "\x1b" not in done.stdout and "\ud800" not in done.stdout
    assert "Il pleut\\x1b]0;owned\\x07\\x1b[2J à verse." in done.stdout
    assert "\\x1b]52;c;cm0gLXJmIH4=\\x07 \\ud800" in done.stdout
    assert ("left out, a verdict file could not hold its verdict: item H1c (alpha): output: holds a lone surrogate "
            "(U+D800)") in done.stdout
    # The verdict file keeps the output exactly as the system gave it.
    assert load_verdicts(tmp_path / "mine.yaml", ITEMS)[0].output == "Il pleut\x1b]0;owned\x07\x1b[2J à verse."


def test_the_page_serves_texts_with_lone_surrogates(tmp_path: Path, suite_path: Path) -> None:
    suite = load_suite(suite_path)
    review = Review(pending_tasks(hostile_run(), suite), VerdictFile(tmp_path / "mine.yaml", suite=suite.name,
                                                                     item_ids=ITEMS))
    with serving(ReviewServer(review, title="Demo\ud800 <!--<script>")) as server:
        status, state = call(server, "/api/state?annotator=Ana")
        assert status == 200 and isinstance(state, dict)
        assert any(task["output"] == "Elle a vendu la m\ud800che." for task in state["tasks"])  # type: ignore[index]
        assert call(server, "/")[0] == 200


# -- the command ----------------------------------------------------------------------------------

def test_the_command_asks_in_the_terminal(tmp_path: Path, suite_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from pytest_mtchallenge.cli import main

    (tmp_path / "run.json").write_text(json.dumps(run_document()))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\nn\nq\n"))
    assert main(["review", "run.json", "--suite", str(suite_path), "--verdicts", "mine.yaml", "--tty",
                 "--annotator", "Ana"]) == 0
    out = capsys.readouterr().out
    assert "5 outputs of 4 items of demo-review need a verdict (from run.json); verdicts go to mine.yaml" in out
    assert "mine.yaml holds 2 verdicts; the next run uses them with --mt-verdicts=mine.yaml" in out
    assert [(v.item, v.verdict, v.annotator) for v in load_verdicts(tmp_path / "mine.yaml", ITEMS)] == [
        ("H1a", "yes", "Ana"), ("H1b", "no", "Ana")]


@pytest.mark.parametrize(("typed", "annotator", "line"), [
    ("", [], "end of input: 0 verdicts saved to mine.yaml; 5 of 5 outputs still need one"),
    ("Ana\ny\n", [], "end of input: 1 verdict saved to mine.yaml; 4 of 5 outputs still need one"),
    ("y\nn\ny\ny\n", ["--annotator", "Ana"], "end of input: 4 verdicts saved to mine.yaml; 1 of 5 outputs still needs one"),
])
def test_the_end_of_input_ends_the_terminal_review_in_one_line(
        tmp_path: Path, suite_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        typed: str, annotator: list[str], line: str) -> None:
    from pytest_mtchallenge.cli import main

    (tmp_path / "run.json").write_text(json.dumps(run_document()))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(["review", "run.json", "--suite", str(suite_path), "--verdicts", "mine.yaml", "--tty",
                 *annotator]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == line
    assert "holds" not in out  # the one line is the whole summary


@pytest.mark.skipif(sys.platform == "win32", reason="/dev/null")
def test_the_terminal_review_from_dev_null_ends_without_a_traceback(tmp_path: Path, suite_path: Path) -> None:
    (tmp_path / "run.json").write_text(json.dumps(run_document()))
    done = subprocess.run(
        [sys.executable, "-m", "pytest_mtchallenge", "review", "run.json", "--suite", str(suite_path),
         "--verdicts", "mine.yaml", "--tty"], cwd=tmp_path, stdin=subprocess.DEVNULL, capture_output=True,
        text=True, timeout=120, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.splitlines()[-1] == "end of input: 0 verdicts saved to mine.yaml; 5 of 5 outputs still need one"


def test_the_command_explains_what_it_cannot_do_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from pytest_mtchallenge.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["review"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"mtchallenge: {tmp_path / '.mtchallenge' / 'runs'}: no saved runs yet (save one with --mt-autosave)")
    (tmp_path / "done.json").write_text(json.dumps(run_document(outcome="pass")))
    assert main(["review", "done.json"]) == 0
    assert "no output of this run needs a human verdict" in capsys.readouterr().out
