"""--junitxml carries suite, category, subcategory, system, outcome, decided_by and output per test case,
and never a secret of the run, at any log level."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.loopback import Loopback, ReceivedRequest, Reply


def test_junit_properties(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.runpytest(str(mini_suite.parent), "--junitxml=junit.xml")
    root = ET.parse(pytester.path / "junit.xml").getroot()
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert set(cases) == {"M1a[old]", "M1b[old]", "T1a[old]", "T1b[old]"}
    properties = {p.get("name"): p.get("value") for p in cases["T1b[old]"].iter("property")}
    assert properties == {"suite": "mini", "category": "syntax", "subcategory": "T1", "system": "old",
                          "outcome": "pass", "decided_by": "human", "output": "Il était en retard, hein ?"}
    assert cases["M1a[old]"].find("failure") is not None


def test_junit_failure_message_starts_with_the_verdict(pytester: pytest.Pytester, mini_suite: Path) -> None:
    pytester.runpytest(str(mini_suite.parent), "--junitxml=junit.xml")
    root = ET.parse(pytester.path / "junit.xml").getroot()
    failure = next(case for case in root.iter("testcase") if case.get("name") == "M1a[old]").find("failure")
    assert failure is not None
    assert failure.get("message", "").startswith("fail (decided by checker): ")


# -- no secret in JUnit XML, the terminal or the reports, at any log level -------------------------

def _shouting(request: ReceivedRequest) -> Reply:
    """A generic JSON service: uppercases ``texts``."""
    return Reply(body={"translations": [text.upper() for text in request.json["texts"]]})


def test_a_key_in_an_http_url_is_hidden_in_debug_logs_and_junit_xml(pytester: pytest.Pytester, mini_suite: Path,
                                                                    loopback: Loopback,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """urllib3 logs each request's URL at DEBUG; with the key in the URL (as documented), pytest's log
    capture would put it in failure reports and, with junit_logging = all, in the XML."""
    service = loopback(_shouting).url
    monkeypatch.setenv("MT_URL_KEY", "u7Lk3y-very-secret")
    pytester.makeini('[pytest]\nmt_http_request = {"texts": "{sources}"}\nmt_http_response = translations\n'
                     "junit_logging = all\n")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=shout=" + service + "/t?key=${MT_URL_KEY}",
                                "--log-level=DEBUG", "--log-cli-level=DEBUG", "--junitxml=junit.xml", "-rA",
                                "--mt-judge=auto")
    xml = (pytester.path / "junit.xml").read_text(encoding="utf-8")
    outcomes = {k: v for k, v in result.parseoutcomes().items() if k not in ("warnings", "warning")}
    assert sum(outcomes.values()) == 4  # each test ran, its logs captured
    assert '"POST /t?key=*** HTTP/1.1" 200' in xml  # urllib3's line was captured, redacted
    assert '"POST /t?key=*** HTTP/1.1" 200' in result.stdout.str()  # live logging, redacted too
    assert "u7Lk3y-very-secret" not in xml
    assert "u7Lk3y-very-secret" not in result.stdout.str() + result.stderr.str()


def test_a_deepl_key_quoted_by_another_system_is_hidden_everywhere(pytester: pytest.Pytester, mini_suite: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Redaction covers every secret of the run in every system's messages, not each system's own."""
    key = "d33pl-k3y-0123:fx"
    monkeypatch.setenv("DEEPL_AUTH_KEY", key)
    monkeypatch.setenv("DEEPL_SERVER_URL", "http://127.0.0.1:9")  # nothing listens: deepl errors at once
    pytester.makepyfile(leaky_mt="""
        import os

        def translate(sources):
            raise RuntimeError("upstream refused Authorization: DeepL-Auth-Key " + os.environ["DEEPL_AUTH_KEY"])
    """)
    pytester.syspathinsert()
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=deepl", "--mt-system=leaky=python:leaky_mt:translate",
                                "--mt-retries=0", "--mt-report=report.json", "--mt-save=saved.json",
                                "--junitxml=junit.xml", "-o", "junit_logging=all", "--log-level=DEBUG")
    result.assert_outcomes(errors=8)
    shown = {"terminal": result.stdout.str() + result.stderr.str()}
    shown.update({name: (pytester.path / name).read_text(encoding="utf-8")
                  for name in ("report.json", "saved.json", "junit.xml")})
    for where, text in shown.items():
        assert key not in text, where
        assert "upstream refused Authorization: DeepL-Auth-Key ***" in text, where


def test_variables_named_in_mt_secret_env_are_hidden_too(pytester: pytest.Pytester, mini_suite: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An adapter module reads its endpoint from the environment itself (docs/ci.md's example)."""
    monkeypatch.setenv("MT_URL", "https://mt.example.com/t0k3n-in-path")
    pytester.makepyfile(adapter_mt="""
        import logging
        import os

        def translate(sources):
            logging.getLogger("adapter").warning("calling %s", os.environ["MT_URL"])
            raise ConnectionError("cannot reach " + os.environ["MT_URL"])
    """)
    pytester.syspathinsert()
    pytester.makeini("[pytest]\nmt_secret_env = MT_URL\n")
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=ci=python:adapter_mt:translate",
                                "--junitxml=junit.xml", "-o", "junit_logging=all")
    result.assert_outcomes(errors=4)
    xml = (pytester.path / "junit.xml").read_text(encoding="utf-8")
    assert "calling ***" in xml and "cannot reach ***" in xml
    assert "t0k3n-in-path" not in xml and "t0k3n-in-path" not in result.stdout.str()


def test_a_well_known_key_echoed_by_a_system_that_does_not_declare_it_is_hidden_and_not_cached(
        pytester: pytest.Pytester, mini_suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39, point 4: ``DEEPL_AUTH_KEY`` echoed by a ``python:`` system in a run without ``deepl``
    was stored in the translation cache and the JSON report."""
    key = "d33pl-k3y-4567:fx"
    monkeypatch.setenv("DEEPL_AUTH_KEY", key)
    monkeypatch.setenv("HF_TOKEN", "hf_t0ken0123456789")
    pytester.makepyfile(echoing_mt="""
        import os

        def translate(sources):
            return [source + " " + os.environ["DEEPL_AUTH_KEY"] + " " + os.environ["HF_TOKEN"] for source in sources]
    """)
    pytester.syspathinsert()
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=echo=python:echoing_mt:translate",
                                "--mt-report=report.json", "--mt-report-only", "--junitxml=junit.xml")
    folder = pytester.path / ".pytest_cache" / "d" / "mtchallenge"
    stored = b"".join(path.read_bytes() for path in folder.glob("translations.sqlite*"))
    report = (pytester.path / "report.json").read_text(encoding="utf-8")
    assert "*** ***" in report
    for where, text in {"cache": stored.decode("utf-8", "replace"), "report": report, "terminal": result.stdout.str(),
                        "junit": (pytester.path / "junit.xml").read_text(encoding="utf-8")}.items():
        assert key not in text and "hf_t0ken0123456789" not in text, where


def test_a_declared_key_too_short_to_hide_is_a_warning_and_hides_nothing(
        pytester: pytest.Pytester, mini_suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39, point 4: with ``DEEPL_AUTH_KEY=x`` the plugin's own messages read
    ``MA***_REPLY_BYTES … not r***d further``: the key and its base64 were hidden inside words."""
    monkeypatch.setenv("DEEPL_AUTH_KEY", "x")
    pytester.makepyfile(wordy_mt="""
        def translate(sources):
            raise RuntimeError("MAX_REPLY_BYTES exceeded: not read further")
    """)
    pytester.syspathinsert()
    result = pytester.runpytest(str(mini_suite.parent), "--mt-system=wordy=python:wordy_mt:translate")
    result.assert_outcomes(errors=4)
    text = result.stdout.str()
    assert "MAX_REPLY_BYTES exceeded: not read further" in text and "***" not in text
    assert text.count("mtchallenge: DEEPL_AUTH_KEY holds 1 character, fewer than the 6 a secret needs to be "
                      "hidden safely: it is not hidden, wherever it appears") == 1
