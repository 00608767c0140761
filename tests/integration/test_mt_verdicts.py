"""--mt-verdicts / ini mt_verdicts: verdicts given with ``mtchallenge review`` decide the next run."""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from pytest_mtchallenge.review.server import ReviewServer
from pytest_mtchallenge.review.tasks import Review, plan_review
from pytest_mtchallenge.review.verdict_file import VerdictFile
from tests.review_suite import idioms_suite
from tests.loopback import serving

SYSTEM = """\
name: literal
outputs:
  H1a: Il pleut des chats et des chiens, n’est-ce pas ?
  H1b: Il a cassé sa pipe.
  H1c: Elle a renversé les haricots.
  H1d: Ça coûte un bras et une jambe.
"""


@pytest.fixture
def idioms(pytester: pytest.Pytester) -> Path:
    root = pytester.path / "idioms"
    (root / "systems").mkdir(parents=True)
    (root / "suite.yaml").write_text(idioms_suite(name="idioms", title="Idioms"), encoding="utf-8")
    (root / "systems" / "literal.yaml").write_text(SYSTEM, encoding="utf-8")
    return root


def outcomes(path: Path) -> dict[str, tuple[str, str, str]]:
    (run,) = json.loads(path.read_text())["runs"]
    return {item["id"]: (item["outcome"], item["decided_by"], item["reason"]) for item in run["items"]}


def answer_in_the_page(plan_path: Path, base: Path, verdicts: str | None, answers: dict[str, str],
                       annotator: str) -> None:
    """Answer outputs through the review page's HTTP interface, as the page's script does."""
    plan = plan_review(run=str(plan_path), suite="idioms", verdicts=verdicts, base=base)
    file = VerdictFile(plan.verdict_path, suite=plan.suite.name, item_ids=[i.id for i in plan.suite.items])
    with serving(ReviewServer(Review(plan.tasks, file), title=plan.suite.title)) as server:
        state = json.loads(urllib.request.urlopen(server.url + "api/state", timeout=10).read())
        keys = {task["item"]: task["key"] for task in state["tasks"]}
        for item, value in answers.items():
            request = urllib.request.Request(
                server.url + "api/verdict", method="POST", headers={"X-Review-Token": server.token},
                data=json.dumps({"key": keys[item], "verdict": value, "annotator": annotator}).encode())
            assert json.loads(urllib.request.urlopen(request, timeout=10).read())["saved"] is True


def test_reviewed_outputs_are_decided_by_human_in_the_next_run(pytester: pytest.Pytester, idioms: Path) -> None:
    first = pytester.runpytest(str(idioms), "--mt-report=first.json")
    first.assert_outcomes(skipped=4)
    assert {o for o, _, _ in outcomes(pytester.path / "first.json").values()} == {"review"}

    answer_in_the_page(pytester.path / "first.json", pytester.path, "mine.yaml",
                       {"H1a": "no", "H1b": "yes", "H1c": "na"}, annotator="Ana")

    second = pytester.runpytest(str(idioms), "--mt-verdicts=mine.yaml", "--mt-report=second.json", "-rs")
    second.assert_outcomes(passed=1, failed=1, skipped=2)
    judged = outcomes(pytester.path / "second.json")
    assert {item: (o, by) for item, (o, by, _) in judged.items()} == {
        "H1a": ("fail", "human"), "H1b": ("pass", "human"), "H1c": ("na", "human"), "H1d": ("review", "none")}
    assert "recorded human verdict 'no' by Ana on the output of literal" in judged["H1a"][2]
    second.stdout.fnmatch_lines(["*FAILED idioms/suite.yaml::H1a[[]literal[]] - fail (decided by human)*"])


def test_the_suites_own_verdict_file_needs_no_option(pytester: pytest.Pytester, idioms: Path) -> None:
    pytester.runpytest(str(idioms), "--mt-report=first.json")
    answer_in_the_page(pytester.path / "first.json", pytester.path, None, {"H1b": "yes"}, annotator="Ben")
    assert (idioms / "verdicts.yaml").is_file()
    result = pytester.runpytest(str(idioms))
    result.assert_outcomes(passed=1, skipped=3)


def test_verdicts_match_outputs_after_normalisation(pytester: pytest.Pytester, idioms: Path) -> None:
    # The system wrote n’est-ce pas with a typographic apostrophe and a French space.
    (pytester.path / "mine.yaml").write_text(
        "suite: idioms\nverdicts:\n"
        "- {item: H1a, output: \"Il pleut des chats et des chiens, n'est-ce pas?\", verdict: 'no', annotator: Ana}\n")
    result = pytester.runpytest(str(idioms), "--mt-verdicts=mine.yaml")
    result.assert_outcomes(failed=1, skipped=3)


def test_ini_mt_verdicts_is_read_from_the_ini_files_folder(pytester: pytest.Pytester, idioms: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    (pytester.path / "reviews").mkdir()
    (pytester.path / "reviews" / "mine.yaml").write_text(
        "suite: idioms\nverdicts:\n- {item: H1b, output: Il a cassé sa pipe., verdict: 'yes', annotator: Ana}\n")
    pytester.makeini("[pytest]\nmt_verdicts =\n    reviews/mine.yaml\n    reviews/not-yet-written.yaml\n")
    (pytester.path / "elsewhere").mkdir()
    monkeypatch.chdir(pytester.path / "elsewhere")  # started from another folder than the ini file's
    result = pytester.runpytest(str(idioms))
    result.assert_outcomes(passed=1, skipped=3)


def test_verdicts_of_another_suite_are_left_out(pytester: pytest.Pytester, idioms: Path) -> None:
    (pytester.path / "other.yaml").write_text(
        "suite: another\nverdicts:\n- {item: H1b, output: Il a cassé sa pipe., verdict: 'yes'}\n")
    result = pytester.runpytest(str(idioms), "--mt-verdicts=other.yaml")
    result.assert_outcomes(skipped=4)


def test_a_bad_verdict_file_is_a_one_line_error(pytester: pytest.Pytester, idioms: Path) -> None:
    (pytester.path / "mine.yaml").write_text("verdicts:\n- {item: H1a, output: x, verdict: maybe}\n")
    result = pytester.runpytest(str(idioms), "--mt-verdicts=mine.yaml")
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # that suite's collection error: other suites would run
    result.stdout.fnmatch_lines(["*mine.yaml: item H1a: field 'verdicts[[]0[]].verdict': expected one of yes, no, na, "
                                 "found 'maybe'"])
    assert "Traceback" not in result.stdout.str()


def test_the_verdict_files_are_part_of_the_runs_signature(pytester: pytest.Pytester, idioms: Path) -> None:
    (pytester.path / "mine.yaml").write_text(
        "suite: idioms\nverdicts:\n- {item: H1b, output: Il a cassé sa pipe., verdict: 'yes', annotator: Ana}\n")
    pytester.runpytest(str(idioms), "--mt-report=without.json")
    pytester.runpytest(str(idioms), "--mt-verdicts=mine.yaml", "--mt-report=with.json")
    signatures = [json.loads((pytester.path / name).read_text())["runs"][0]["signature"]
                  for name in ("without.json", "with.json")]
    hashes = [next(part for part in s.split("|") if part.startswith("verdicts-hash:")) for s in signatures]
    assert hashes[0] == "verdicts-hash:none" and hashes[1] != hashes[0]


def post_verdict(server: ReviewServer, key: str, verdict: str, annotator: str) -> tuple[int, dict[str, object]]:
    body = json.dumps({"key": key, "verdict": verdict, "annotator": annotator}).encode()
    request = urllib.request.Request(server.url + "api/verdict", method="POST", data=body,
                                     headers={"X-Review-Token": server.token})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_page_writes_only_verdicts_that_every_reader_reads_back(pytester: pytest.Pytester, idioms: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from pytest_mtchallenge.cli import main

    pytester.runpytest(str(idioms), "--mt-report=first.json").assert_outcomes(skipped=4)
    report = json.loads((pytester.path / "first.json").read_text())
    report["runs"][0]["items"][3]["output"] = " "  # H1d: a run file edited by hand (a run makes it an error)
    (pytester.path / "first.json").write_text(json.dumps(report))
    plan = plan_review(run="first.json", suite="idioms", verdicts="mine.yaml", base=pytester.path)
    assert plan.left_out == ("item H1d (literal): output: must not be empty",)
    file = VerdictFile(plan.verdict_path, suite=plan.suite.name, item_ids=[i.id for i in plan.suite.items])
    with serving(ReviewServer(Review(plan.tasks, file), title=plan.suite.title)) as server:
        keys = {task["item"]: task["key"]
                for task in json.loads(urllib.request.urlopen(server.url + "api/state", timeout=10).read())["tasks"]}
        assert set(keys) == {"H1a", "H1b", "H1c"}
        assert post_verdict(server, keys["H1b"], "yes", "Ana") == (200, {"saved": True, "answered": 1, "total": 3})
        for annotator, reason in [("Eve\ud800", "lone surrogate (U+D800)"),
                                  ("Eve\x1b]0;owned\x07", "control characters")]:
            status, reply = post_verdict(server, keys["H1a"], "no", annotator)
            assert status == 400 and reason in str(reply["error"]), reply
        assert post_verdict(server, keys["H1a"], "no", "Ben")[0] == 200
    second = pytester.runpytest(str(idioms), "--mt-verdicts=mine.yaml", "--mt-report=second.json")
    second.assert_outcomes(passed=1, failed=1, skipped=2)
    assert main(["agreement", str(pytester.path / "mine.yaml"), "--suite", str(idioms)]) == 0
    assert "Traceback" not in capsys.readouterr().err
    again = plan_review(run="first.json", suite="idioms", verdicts="mine.yaml", base=pytester.path)
    review = Review(again.tasks, VerdictFile(again.verdict_path, suite="idioms", item_ids=file.item_ids))
    assert len(review.answers("Ana")) == 1 and len(review.answers("Ben")) == 1


def test_a_verdicts_directory_is_refused_in_one_line(pytester: pytest.Pytester, mini_suite: Path) -> None:
    """Issue 39, 11: --mt-verdicts=DIR was silently ignored."""
    (pytester.path / "verdicts").mkdir()
    result = pytester.runpytest(str(mini_suite.parent), "--mt-verdicts=verdicts")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--mt-verdicts=*verdicts: a directory, not a verdict file*"])
