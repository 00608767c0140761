"""The run's redaction: secrets and their spellings hidden in messages and in every log record (no pytester)."""
from __future__ import annotations

import base64
import dataclasses
import json
import logging
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mtchallenge.redaction import (
    MIN_SECRET,
    Redaction,
    SecretFilter,
    environment_secrets,
    is_secret,
    redact,
    redact_urls,
    secret_pattern,
    too_short_to_hide,
    url_pieces,
    url_secrets,
)

SECRET = "s3cr3t/k+y"


class Collected(logging.Handler):
    """Keeps each record's formatted text, exception included."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(name)s %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def urllib3_log() -> Iterator[Collected]:
    """What a handler on urllib3's logger sees (as pytest's log capture would)."""
    logger = logging.getLogger("urllib3.connectionpool")
    handler = Collected()
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


def _log_a_request(query: str) -> None:
    logger = logging.getLogger("urllib3.connectionpool")
    logger.debug('%s://%s:%s "%s %s %s" %s %s', "http", "127.0.0.1", 8000, "POST", f"/translate?{query}",
                 "HTTP/1.1", 200, 42)  # urllib3's own line, arguments apart


def test_log_records_are_redacted_while_installed(urllib3_log: Collected) -> None:
    redaction = Redaction([SECRET])
    redaction.install()
    try:
        _log_a_request("key=s3cr3t%2Fk%2By")
        try:
            raise ConnectionError(f"refused for key {SECRET}")
        except ConnectionError:
            logging.getLogger("urllib3.connectionpool").exception("request failed")
    finally:
        redaction.uninstall()
    _log_a_request("key=visible")
    assert urllib3_log.lines[0] == 'urllib3.connectionpool http://127.0.0.1:8000 "POST /translate?key=*** HTTP/1.1" 200 42'
    assert urllib3_log.lines[1].startswith("urllib3.connectionpool request failed\nTraceback")
    assert "ConnectionError: refused for key ***" in urllib3_log.lines[1]
    assert not any(SECRET in line or "s3cr3t%2F" in line for line in urllib3_log.lines)
    assert urllib3_log.lines[2].endswith("/translate?key=visible HTTP/1.1\" 200 42")  # uninstalled: as it was
    assert logging.getLogRecordFactory() is logging.LogRecord


def test_a_filter_redacts_records_made_elsewhere(urllib3_log: Collected) -> None:
    urllib3_log.addFilter(SecretFilter(Redaction([SECRET])))
    _log_a_request(f"token={SECRET}")
    assert "token=*** " in urllib3_log.lines[0] and SECRET not in urllib3_log.lines[0]


def test_secrets_added_later_are_hidden_too() -> None:
    redaction = Redaction()
    assert not redaction and redaction.redact(f"key {SECRET}") == f"key {SECRET}"
    redaction.add([SECRET, "", "  ", 'pa"ss-w0rd', "short"])
    assert redaction.secrets == (SECRET, 'pa"ss-w0rd')  # "short" is too short to be a secret (MIN_SECRET)
    assert redaction.redact(f'key {SECRET}, s3cr3t%2Fk%2By and {{"password": "pa\\"ss-w0rd"}}, short') == (
        'key ***, *** and {"password": "***"}, short')


def test_environment_secrets_are_the_values_of_the_placeholders() -> None:
    environ = {"MT_KEY": "abc123", "EMPTY": "", "OTHER": "zzz"}
    assert environment_secrets("https://mt/${MT_KEY}?k=${MT_KEY}", '{"h": "${EMPTY} ${UNSET}"}',
                               environ=environ) == ("abc123",)


# -- every spelling a reply may give a secret (issue 25, finding 2) -------------------------------

KEY = "sk-live/Abc123+xyz"


@pytest.mark.parametrize("spelled", [
    pytest.param(json.dumps(KEY).replace("/", "\\/"), id="json-escaped-slash"),
    pytest.param(json.dumps(json.dumps({"key": KEY})), id="json-inside-json"),
    pytest.param("sk-live\\u002fAbc123\\u002Bxyz", id="json-unicode-escapes"),
    pytest.param(KEY.upper(), id="upper-case"),
    pytest.param(KEY.lower(), id="lower-case"),
    pytest.param("sk-live/Abc\n123+xyz", id="split-by-a-line-break"),
    pytest.param("sk-live/Abc\\n  123+xyz", id="split-by-an-escaped-line-break"),
    pytest.param("sk- live/Abc123 +xyz", id="split-by-spaces"),
    pytest.param(quote(KEY, safe=""), id="url-encoded"),
    pytest.param(quote(KEY, safe="").lower(), id="url-encoded-lower-case"),
    pytest.param(base64.b64encode(KEY.encode()).decode(), id="base64"),
    pytest.param(base64.urlsafe_b64encode(KEY.encode()).decode().rstrip("="), id="base64-url-safe-unpadded"),
    pytest.param(base64.b64encode(b'{"key": "' + KEY.encode() + b'"}').decode(), id="base64-inside-base64"),
    pytest.param(base64.b64encode(b'{"k": "' + KEY.encode() + b'"}').decode(), id="base64-inside-base64-shifted"),
    pytest.param(base64.b64encode(b'{"k":"' + KEY.encode() + b'"}').decode(), id="base64-inside-base64-shifted-2"),
])
def test_a_secret_is_hidden_in_every_spelling(spelled: str) -> None:
    text = f"reply: [{spelled}] done"
    redacted = Redaction([KEY]).redact(text)
    assert "***" in redacted and redacted.startswith("reply: [") and redacted.endswith("] done")
    for piece in ("Abc123", "abc123", "ABC123", base64.b64encode(KEY.encode()).decode()[4:16]):
        assert piece not in redacted, redacted
    assert redact(text, [KEY]) == redacted


def test_a_url_password_is_hidden_as_http_basic_auth_sends_it() -> None:
    """requests sends ``http://user:PASSW0RD@host/`` as ``Authorization: Basic base64(user:PASSW0RD)``."""
    url = "http://mt-user:PASSW0RD%21@127.0.0.1:8000/t?api_key=k3y-0123456&token=tok-6789&lang=fr&auth=1"
    secrets = url_secrets(f"--mt-system=mine={url},version=2")
    assert set(secrets) == {"PASSW0RD%21", "PASSW0RD!", "mt-user:PASSW0RD!", "k3y-0123456", "tok-6789"}
    basic = base64.b64encode(b"mt-user:PASSW0RD!").decode()
    redacted = Redaction(secrets).redact(f"echo: Authorization: Basic {basic}; password PASSW0RD! user mt-user")
    assert redacted == "echo: Authorization: Basic ***; password *** user mt-user"
    assert url_secrets("http://${MT_PASSWORD_USER}:${MT_PW}@host/", environ={"MT_PW": "from-the-env"}) == (
        "from-the-env", "${MT_PASSWORD_USER}:from-the-env")


def test_urls_in_a_command_line_lose_their_credentials() -> None:
    line = ("pytest --mt-system=mine=http://user:PASSW0RD@127.0.0.1:8000/t?api_key=k3y&token=t0k&lang=fr "
            "--mt-save=run.json")
    assert redact_urls(line) == ("pytest --mt-system=mine=http://user:***@127.0.0.1:8000/t?api_key=***&token=***"
                                 "&lang=fr --mt-save=run.json")


def test_text_without_a_secret_is_left_alone() -> None:
    text = "Les lettres de mon frère auraient dû nous prévenir. \\n {\"a\": \"b\\/c\"}"
    assert Redaction([KEY]).redact(text) == text and redact(text, []) == text


@given(secret=st.text(min_size=MIN_SECRET, max_size=12).filter(is_secret),
       before=st.text(max_size=20), after=st.text(max_size=20), upper=st.booleans(), split=st.integers(0, 12))
def test_the_quick_search_never_misses_what_the_pattern_finds(secret: str, before: str, after: str, upper: bool,
                                                             split: int) -> None:
    """Text without escapes is searched for squeezed forms first: that must never let a secret through."""
    shown = secret.upper() if upper else secret
    text = before + shown[:split] + "\n " + shown[split:] + after
    pattern = secret_pattern((secret,))
    assert pattern is not None
    assert pattern.search(text) == (pattern.pattern.search(text) is not None)
    assert pattern.sub(text) == pattern.pattern.sub("***", text)


def test_a_judged_result_is_redacted_in_what_the_system_and_judge_wrote() -> None:
    from pytest_mtchallenge.reporting import ItemResult
    from pytest_mtchallenge.plugin.run_secrets import redacted_result
    from pytest_mtchallenge.verdict import DecidedBy, Judgement, Outcome

    judgement = Judgement(suite="s", system="api", item="S1", category="c", subcategory="c1",
                          output="key sk-SECRET1234 leaked", outcome=Outcome.FAIL, decided_by=DecidedBy.CHECKER,
                          reason="saw 'sk-SECRET1234'", context_output=("ctx sk-SECRET1234",))
    result = ItemResult.of(judgement, source="the source")
    hidden = redacted_result(result, Redaction(["sk-SECRET1234"]))
    assert "sk-SECRET1234" not in repr(hidden.judgement)
    assert hidden.judgement.output == "key *** leaked" and hidden.source == "the source"
    clean = ItemResult(judgement=dataclasses.replace(judgement, output="fine", reason="ok", context_output=()))
    assert redacted_result(clean, Redaction(["sk-SECRET1234"])) is clean


# -- a URL-valued secret shown in pieces (issue 34, point 3) ----------------------------------------

MT_URL = "http://127.0.0.1:8123/tok3nSECRET"


def test_a_secret_url_is_hidden_where_requests_prints_it_in_pieces() -> None:
    refused = ("raised ConnectionError: HTTPConnectionPool(host='127.0.0.1', port=8123): Max retries exceeded with "
               "url: /tok3nSECRET/translate (Caused by NewConnectionError('Failed to establish a new connection'))")
    redacted = Redaction([MT_URL]).redact(refused)
    assert "tok3nSECRET" not in redacted
    assert "HTTPConnectionPool(host='127.0.0.1', port=8123): Max retries exceeded with url: /***/translate" in redacted
    assert Redaction([MT_URL]).redact(f"500 Server Error for url: {MT_URL}/translate") == (
        "500 Server Error for url: ***/translate")
    assert Redaction([MT_URL]).redact("POST /tok3nsecret%2Ftranslate") == "POST /***%2Ftranslate"


def test_only_the_token_like_pieces_of_a_secret_url_are_hidden() -> None:
    plain = "http://127.0.0.1:8123/v1/translate?lang=fr&format=text"
    assert url_pieces(plain) == ()
    text = "POST /v1/translate?lang=fr to 127.0.0.1 port 8123: 503"
    assert Redaction([plain]).redact(text) == text  # the words and numbers of the URL stay readable
    secret = "https://mt-user:pa55word@mt.example/api/9f86d081e8c4/run?project=Q2xpZW50SWQ&lang=fr&token=tok-1234"
    assert set(url_pieces(secret)) >= {"pa55word", "mt-user:pa55word", "9f86d081e8c4", "Q2xpZW50SWQ", "tok-1234"}
    redacted = Redaction([secret]).redact(
        "url: /api/9f86d081e8c4/run?project=Q2xpZW50SWQ&lang=fr, password pa55word, token tok-1234, api run")
    assert redacted == "url: /api/***/run?project=***&lang=fr, password ***, token ***, api run"


def test_a_secret_that_is_no_url_has_no_pieces() -> None:
    assert url_pieces("sk-live/Abc123+xyz") == () and url_pieces("tok3nSECRET") == ()


# -- a secret is a whole token of at least MIN_SECRET characters (issue 39, point 4) -----------------

def test_a_value_shorter_than_the_minimum_is_no_secret() -> None:
    """``http://127.0.0.1:${MT_PORT}/`` made the port a secret: "costs 37385 euros" became
    "costs *** euros"; ``DEEPL_AUTH_KEY=x`` hid every x of the plugin's own messages."""
    assert Redaction(["37385"]).redact("costs 37385 euros") == "costs 37385 euros"
    assert not Redaction(["x", " 12345 "]) and secret_pattern(("x",)) is None
    line = "MAX_REPLY_BYTES: not read further"
    assert redact(line, ["x", base64.b64encode(b"x").decode()]) == line


def test_a_secret_is_found_as_a_whole_token_only() -> None:
    key = "k3y-37385x"
    redaction = Redaction([key, "1373850"])
    assert redaction.redact("costs 11373850 euros, 1373850 euros, 13738501") == "costs 11373850 euros, *** euros, 13738501"
    assert redaction.redact(f"a{key} {key}b {key}. ({key}) x={key}&") == f"a{key} {key}b ***. (***) x=***&"
    assert redaction.redact(f"key=%22{quote(key)}%22 \\n{key}") == "key=%22***%22 \\n***"  # escapes are boundaries
    glued = "sk-live-0123456789abc"  # MIN_SECRET_ANYWHERE characters or more: found inside a word too
    assert Redaction([glued]).redact(f"Invalid key{glued}.") == "Invalid key***."


def test_a_declared_secret_too_short_to_hide_is_said_once() -> None:
    environ = {"DEEPL_AUTH_KEY": "x", "OPENAI_API_KEY": "sk-0123456789", "MT_TOKEN": " abcd ", "UNSET_EMPTY": ""}
    assert too_short_to_hide(["DEEPL_AUTH_KEY", "OPENAI_API_KEY", "MT_TOKEN", "DEEPL_AUTH_KEY", "UNSET_EMPTY",
                              "NOT_SET"], environ) == [
        f"mtchallenge: DEEPL_AUTH_KEY holds 1 character, fewer than the {MIN_SECRET} a secret needs to be hidden "
        "safely: it is not hidden, wherever it appears",
        f"mtchallenge: MT_TOKEN holds 4 characters, fewer than the {MIN_SECRET} a secret needs to be hidden "
        "safely: it is not hidden, wherever it appears"]


def test_the_key_variables_of_every_kind_are_secrets_whatever_the_run_s_systems() -> None:
    from pytest_mtchallenge.systems import builtin_system_kinds, key_variables, well_known_secrets

    kinds = builtin_system_kinds().values()
    assert {"DEEPL_AUTH_KEY", "OPENAI_API_KEY", "LIBRETRANSLATE_API_KEY", "HF_TOKEN"} <= set(key_variables(kinds))
    environ = {"DEEPL_AUTH_KEY": "d33pl-0123:fx", "HF_TOKEN": "hf_0123456789", "OPENAI_API_KEY": "  ",
               "DEEPL_SERVER_URL": "http://127.0.0.1:9/x?auth_key=s3cr3t-in-url", "OPENAI_BASE_URL": "http://127.0.0.1:8/v1"}
    assert set(well_known_secrets(kinds, environ)) == {"d33pl-0123:fx", "hf_0123456789", "s3cr3t-in-url"}


def test_a_key_with_a_zero_width_space_inside_is_hidden_in_every_spelling() -> None:
    """Issue 39, 11: a key holding U+200B was stored raw; it is hidden as written, as JSON writes it
    (escaped or not) and as repr quotes it."""
    import json

    from pytest_mtchallenge.redaction import redact

    key = "abc\u200bdefghijk"
    assert redact(f"the key is {key}.", [key]) == "the key is ***."
    assert key not in redact(json.dumps({"k": key}), [key]) and "\\u200b" not in redact(json.dumps({"k": key}), [key])
    assert key not in redact(json.dumps({"k": key}, ensure_ascii=False), [key])
    assert "\\u200b" not in redact(repr(key), [key])
