"""The HTTP client every remote system kind shares: retries and backoff, bounded reply reading, redaction."""
from __future__ import annotations

import dataclasses
import email.utils
import functools
import json
import random
import re
import time
import zlib
from collections.abc import Callable, Iterable, Mapping
from datetime import timezone
from types import MappingProxyType, TracebackType
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import urlsplit

from pytest_mtchallenge import __version__
from pytest_mtchallenge.errors import SystemFailure
from pytest_mtchallenge.redaction import redact, redact_url
from pytest_mtchallenge import systems as system_kinds
from pytest_mtchallenge.systems import SystemOptions, Translations, too_large

if TYPE_CHECKING:
    import requests

Reading = TypeVar("Reading")

#: The longest wait between two attempts, whatever ``Retry-After`` or the backoff say.
MAX_RETRY_DELAY = 60.0
#: How much of a reply body a failure message quotes.
EXCERPT_CHARS = 160
#: How much of an error reply's body is read (for the failure message's quote).
ERROR_BODY_BYTES = 64 * 1024
#: The content codings asked for and read (``Accept-Encoding``), with their zlib window bits.
CONTENT_CODINGS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}
_READ_SIZE = 64 * 1024
USER_AGENT = f"pytest-mtchallenge/{__version__}"


# -- secrets ---------------------------------------------------------------------------------

def redact_translations(translations: Translations, secrets: Iterable[str]) -> Translations:
    """``translations`` with every secret removed from its error messages, problems and notes (the rest kept)."""
    secrets = tuple(secrets)
    if not secrets:
        return translations
    return dataclasses.replace(
        translations,
        errors=MappingProxyType({item: redact(reason, secrets) for item, reason in translations.errors.items()}),
        problems=tuple(dict.fromkeys(redact(problem, secrets) for problem in translations.problems)),
        notes=MappingProxyType({item: redact(note, secrets) for item, note in translations.notes.items()}),
    )


# -- the client ------------------------------------------------------------------------------

class ReplyError(ValueError):
    """A reply that is valid JSON but not what the service should have said (raised by readers)."""


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def retry_after_seconds(value: str | None, *, now: float | None = None) -> float | None:
    """The wait a ``Retry-After`` header asks for (delay-seconds or HTTP date), or None if absent or unreadable."""
    if not value or not value.strip():
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        seconds = when.timestamp() - (time.time() if now is None else now)
    if seconds != seconds:  # NaN
        return None
    return max(0.0, seconds)


def _connection_problem(exc: Exception, text: str) -> str:
    """A short reason for a connection error ``exc`` whose redacted text is ``text``.

    ``[Errno 111] Connection refused``, not urllib3's nested exceptions.
    """
    errno = re.search(r"\[Errno -?\d+\] [^'\")\]]+", text)
    if errno:
        return errno.group(0).strip()
    for marker in ("RemoteDisconnected", "ConnectionResetError", "ProtocolError"):
        if marker in text:
            return f"connection closed by the server ({marker})"
    return excerpt(f"{type(exc).__name__}: {text}")


class BodyTooLarge(Exception):
    """A reply body past the limit (raised by :func:`read_body`)."""


class _Inflater:
    """A gzip or deflate body, decompressed no further than asked: a small reply that inflates to
    gigabytes (a "zip bomb") costs only what is read of it. A deflate body may be zlib-wrapped or
    raw, as servers send both; data after a gzip member that is not another member is ignored."""

    def __init__(self, coding: str) -> None:
        self._bits = CONTENT_CODINGS[coding]
        self._decompressor = zlib.decompressobj(self._bits)
        self._started = False
        self._ended = False

    def feed(self, data: bytes, room: int) -> bytes:
        """Up to ``room`` (at least 1) decompressed bytes of ``data``; what is left of the input stays
        in the decompressor (:meth:`more`)."""
        if self._ended:
            return b""
        try:
            out = self._decompressor.decompress(data, room)
        except zlib.error:
            if self._started or self._bits != zlib.MAX_WBITS:
                if self._started:  # trailing garbage after a complete member
                    self._ended = True
                    return b""
                raise
            self._bits = -zlib.MAX_WBITS  # raw deflate, without the zlib header
            self._decompressor = zlib.decompressobj(self._bits)
            out = self._decompressor.decompress(data, room)
        self._started = self._started or bool(out) or self._decompressor.eof
        return out

    def more(self) -> bytes:
        """The input not yet decompressed: the rest of the last chunk, or the start of a next gzip member."""
        if self._ended:
            return b""
        if self._decompressor.unconsumed_tail:
            return self._decompressor.unconsumed_tail
        if self._decompressor.eof and self._decompressor.unused_data:
            rest = self._decompressor.unused_data
            self._decompressor = zlib.decompressobj(self._bits)
            return rest
        return b""


def read_body(response: requests.Response, *, limit: int, cut: bool = False) -> bytes:
    """The body of a streamed ``response``, decompressed (gzip, deflate), read a block at a time.

    Past ``limit`` bytes of decompressed body, :class:`BodyTooLarge` is raised, or with ``cut`` the
    first ``limit`` bytes are returned: nothing beyond is read or decompressed. A content coding
    that was not asked for is a :class:`~pytest_mtchallenge.errors.SystemFailure`. Connection
    errors while reading are the ``requests`` exceptions that the same errors raise while a
    request is made (a timeout, a broken connection).
    """
    import requests
    from urllib3.exceptions import DecodeError, ProtocolError, ReadTimeoutError

    coding = response.headers.get("Content-Encoding", "").strip().lower()
    codings = [part.strip() for part in coding.split(",") if part.strip() not in ("", "identity")]
    if len(codings) > 1 or (codings and codings[0] not in CONTENT_CODINGS):
        raise SystemFailure(f"the reply is in Content-Encoding {coding!r}, which was not asked for "
                            f"(Accept-Encoding: {', '.join(CONTENT_CODINGS)})")
    inflater = _Inflater(codings[0]) if codings else None
    body = bytearray()
    try:
        for chunk in response.raw.stream(_READ_SIZE, decode_content=False):
            if inflater is None:
                body += chunk
            else:
                data = chunk
                while data and len(body) <= limit:
                    body += inflater.feed(data, limit + 1 - len(body))
                    data = inflater.more()
            if len(body) > limit:
                response.close()  # the rest is never read: the connection is not reused
                if cut:
                    return bytes(body[:limit])
                raise BodyTooLarge(limit)
    except ReadTimeoutError as exc:
        raise requests.Timeout(exc) from None
    except (ProtocolError, OSError) as exc:
        raise requests.exceptions.ChunkedEncodingError(exc) from None
    except (DecodeError, zlib.error) as exc:
        raise SystemFailure(f"the reply's body is not valid {codings[0] if codings else 'data'}: {exc}") from None
    return bytes(body)


class HttpClient:
    """A ``requests`` session with the run's timeout and retry policy; every message it writes is redacted.

    Connection errors, timeouts, 429 and 5xx replies are retried ``options.retries`` times,
    waiting ``options.backoff`` seconds and doubling each time, or what ``Retry-After`` asks
    (up to :data:`MAX_RETRY_DELAY`). The last failure, another 4xx or a reply that is not JSON
    raise :class:`SystemFailure` naming the URL. ``secrets`` (API keys) never appear in a
    message, nor in the client's repr.

    An endpoint that cannot be connected to at all (refused, a name that does not resolve, no
    route) is given up once :data:`~pytest_mtchallenge.systems.breaker.UNREACHABLE_AFTER`
    attempts in a row, from any of the threads sharing the client, have failed so: every request
    to it then fails at once, without waiting or sending, with the same one-line message.
    """

    def __init__(
        self,
        *,
        options: SystemOptions,
        secrets: Iterable[str] = (),
        headers: Mapping[str, str] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        import requests

        from pytest_mtchallenge.systems.breaker import ConnectionBreaker
        from pytest_mtchallenge.systems.deadline import DeadlineAdapter

        self.timeout = options.timeout
        self.retries = max(0, options.retries)
        self.backoff = max(0.0, options.backoff)
        self._secrets = tuple(secret for secret in secrets if secret)
        self._sleep = sleep
        self._requests = requests
        self._breaker = ConnectionBreaker()
        # A client that sends a key (a header, a body field, a ${NAME} value) follows a redirect only
        # within the origin it was given: requests strips only Authorization on the way elsewhere.
        self.session = _same_origin_session()() if self._secrets else requests.Session()
        adapter = DeadlineAdapter(pool_maxsize=max(10, options.concurrency), max_retries=0)
        self.session.mount("http://", adapter)
        self.session.mount("https://", adapter)
        # Only the codings read_body decompresses, within its limit (requests would also offer br, zstd).
        self.session.headers.update({"User-Agent": USER_AGENT, "Accept": "application/json",
                                     "Accept-Encoding": ", ".join(coding for coding in CONTENT_CODINGS
                                                                  if coding != "x-gzip")})
        self.session.headers.update(dict(headers or {}))

    def __repr__(self) -> str:
        return (f"HttpClient(timeout={self.timeout:g}s, retries={self.retries}, backoff={self.backoff:g}s, "
                f"secrets={len(self._secrets)} redacted)")

    def __enter__(self) -> HttpClient:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self.session.close()

    @property
    def secrets(self) -> tuple[str, ...]:
        return self._secrets

    def redact(self, text: str) -> str:
        return redact(text, self._secrets)

    def failure(self, url: str, message: str) -> SystemFailure:
        """A one-line, redacted :class:`SystemFailure` about ``url``."""
        return SystemFailure(excerpt(self.redact(message), 400), file=redact_url(self.redact(url)))

    def quote(self, body: str) -> str:
        """A reply body as a message quotes it: redacted first, then cut (never half a secret)."""
        return excerpt(self.redact(body))

    def post(
        self,
        url: str,
        *,
        read: Callable[[object], Reading],
        json_body: object = None,
        headers: Mapping[str, str] | None = None,
        hints: Mapping[int, str] | None = None,
    ) -> Reading:
        """POST ``json_body`` to ``url`` and return ``read(reply)``, the reply decoded from JSON.

        ``read`` raises :class:`ReplyError` when the reply does not say what it should; that is
        a failure quoting the reply. ``hints`` add advice to the message of a given status code.
        The body is read a block at a time, decompressed as it is read, and no further than
        :data:`~pytest_mtchallenge.systems.MAX_REPLY_BYTES`: a larger one is a failure, not retried.
        """
        from pytest_mtchallenge.systems.breaker import unreachable_cause
        from pytest_mtchallenge.systems.deadline import Deadline

        requests = self._requests
        text = json.dumps(json_body, ensure_ascii=False, allow_nan=False)
        # A lone surrogate in a source cannot be UTF-8: send it as the JSON escape \udXXX, as JSON allows.
        payload = text.encode("utf-8", "backslashreplace")
        sent_headers = {"Content-Type": "application/json", **(headers or {})}
        attempts = 1 + self.retries
        problem = ""
        timed_out = f"no reply within {self.timeout:g}s (timeout)"
        for attempt in range(attempts):
            self._stop_if_unreachable(url)
            wait: float | None = None
            # The timeout bounds the whole attempt, from connecting to the reply's last byte: requests'
            # own timeout only bounds each wait for the socket, so the deadline shuts a slow reply down.
            with Deadline(self.timeout) as deadline:
                try:
                    response = self.session.post(url, data=payload, headers=sent_headers, timeout=self.timeout,
                                                 stream=True)
                    try:  # the body within the deadline too; an error's body only for its quote
                        status = response.status_code
                        limit = ERROR_BODY_BYTES if status >= 400 else system_kinds.MAX_REPLY_BYTES
                        raw_body = read_body(response, limit=limit, cut=status >= 400)
                    except BaseException:
                        response.close()  # a body not read to its end: its connection is not reused
                        raise
                    response.raw.release_conn()  # read to its end: the connection goes back to the pool
                except BodyTooLarge:
                    raise self.failure(url, too_large("the reply's body")) from None
                except SystemFailure as exc:
                    raise self.failure(url, exc.one_line()) from None
                except requests.Timeout:
                    response, problem = None, timed_out
                except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError) as exc:
                    response, problem = None, f"connection failed: {_connection_problem(exc, self.redact(str(exc)))}"
                    cause = unreachable_cause(exc)
                    if cause is not None:
                        self._breaker.failed(url, cause)
                except CrossOriginRedirect as exc:
                    raise self.failure(url, str(exc)) from None
                except requests.RequestException as exc:
                    if not deadline.expired:
                        raise self.failure(url, f"request failed: {type(exc).__name__}: {exc}") from None
                    response = None
            if deadline.expired:
                problem = timed_out
            elif response is not None:
                self._breaker.reached(url)
                body = raw_body.decode("utf-8", errors="replace")
                if status == 429 or status >= 500:
                    problem = self._status_problem(status, body, hints)
                    wait = retry_after_seconds(response.headers.get("Retry-After"))
                    if wait is not None and wait > MAX_RETRY_DELAY:
                        raise self.failure(url, f"{problem} (the server asks to retry after {wait:.0f}s, longer "
                                                f"than the {MAX_RETRY_DELAY:.0f}s this plugin waits)") from None
                elif status >= 400:
                    raise self.failure(url, self._status_problem(status, body, hints)) from None
                else:
                    return self._read(url, self._text(url, raw_body), read)
            self._stop_if_unreachable(url)  # given up by this attempt or another thread's: no wait
            if attempt + 1 < attempts:
                self._sleep(self._delay(attempt, wait))
        suffix = f" (gave up after {attempts} attempts)" if attempts > 1 else ""
        raise self.failure(url, problem + suffix)

    def _stop_if_unreachable(self, url: str) -> None:
        """Raise the endpoint's one-line failure once it is unreachable (the same for every request)."""
        cause = self._breaker.cause(url)
        if cause is not None:
            shown = redact_url(self.redact(url))
            raise SystemFailure(self.redact(
                f"cannot connect to {shown} ({cause}; {self._breaker.threshold} attempts in a row failed, "
                "the remaining requests were not sent)"))

    def _text(self, url: str, raw_body: bytes) -> str:
        """A reply's body as text: UTF-8 (as JSON is), a leading BOM dropped. A body that is not
        UTF-8 fails in one line, as an output file that is not does: never judged with U+FFFD in it."""
        try:
            return raw_body.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise self.failure(url, f"reply is not UTF-8 text (byte {exc.start}: {exc.reason})") from None

    def _read(self, url: str, body: str, read: Callable[[object], Reading]) -> Reading:
        try:
            reply = json.loads(body)
        except json.JSONDecodeError as exc:
            where = f" ({exc.msg} at line {exc.lineno} column {exc.colno})"
            quoted = f": {self.quote(body)}" if body.strip() else ": empty body"
            raise self.failure(url, f"reply is not valid JSON{where}{quoted}") from None
        except RecursionError:  # nested too deep to decode
            raise self.failure(url, "reply is JSON nested too deeply to decode") from None
        try:
            return read(reply)
        except ReplyError as exc:
            raise self.failure(url, f"{exc}; reply: {self.quote(body)}") from None

    def _status_problem(self, status: int, body: str, hints: Mapping[int, str] | None) -> str:
        said = f": {self.quote(body)}" if body.strip() else ""
        hint = (hints or {}).get(status)
        return f"HTTP {status}{said}" + (f" ({hint})" if hint else "")

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, MAX_RETRY_DELAY)
        delay = self.backoff * 2.0 ** attempt
        return min(delay * (1 + 0.1 * random.random()), MAX_RETRY_DELAY)  # jitter spreads concurrent retries


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    default = {"http": 80, "https": 443}.get(parts.scheme.lower())
    return parts.scheme.lower(), (parts.hostname or "").lower(), parts.port or default


def same_origin(before: str, after: str) -> bool:
    """Whether a redirect from ``before`` to ``after`` stays where a key may go: the same scheme, host
    and port, or the same host moved from http to https on the default ports (as requests allows)."""
    (scheme, host, port), (new_scheme, new_host, new_port) = _origin(before), _origin(after)
    if host != new_host:
        return False
    if (scheme, port) == (new_scheme, new_port):
        return True
    return (scheme, port, new_scheme, new_port) == ("http", 80, "https", 443)


class CrossOriginRedirect(Exception):
    """A keyed request redirected to another origin: not followed, so the key never goes there."""


@functools.cache
def _same_origin_session() -> type:
    """requests' session that refuses, for every redirect, to carry a request to another origin
    (built at first use: requests is imported lazily).

    requests strips ``Authorization`` when a redirect leaves the host, but re-sends every other
    header (``X-API-Key``, a ``${KEY}`` header) and, on 307/308, the body (LibreTranslate's
    ``api_key``); this session raises :class:`CrossOriginRedirect` before anything is sent there.
    """
    import requests

    class SameOriginSession(requests.Session):
        def rebuild_auth(self, prepared_request, response):  # type: ignore[no-untyped-def]
            before, after = response.request.url or "", prepared_request.url or ""
            if not same_origin(before, after):
                raise CrossOriginRedirect(
                    f"the server redirected the request (HTTP {response.status_code}) to another origin, "
                    f"{redact_url(_origin_text(after))}; not followed, since the request carries a key: "
                    "name the URL it redirects to in the system's spec if that server is trusted")
            super().rebuild_auth(prepared_request, response)

    return SameOriginSession


def _origin_text(url: str) -> str:
    scheme, host, port = _origin(url)
    return f"{scheme}://{host}" + (f":{port}" if port else "")


def expect_texts(value: object, count: int, *, what: str) -> list[str]:
    """``value`` as exactly ``count`` translations (a bare string counts for one); else :class:`ReplyError`."""
    if isinstance(value, str) and count == 1:
        return [value]
    if not isinstance(value, list):
        raise ReplyError(f"{what} is {json_type(value)}, not a list of translations")
    if len(value) != count:
        raise ReplyError(f"{what} holds {len(value)} translations for {count} sources")
    for position, text in enumerate(value):
        if not isinstance(text, str):
            raise ReplyError(f"{what}: translation {position + 1} is {json_type(text)}, not text")
    return list(value)


def json_type(value: object) -> str:
    """What a JSON value is, in words: "an object", "a list", "null"…"""
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


__all__ = ["CONTENT_CODINGS", "MAX_RETRY_DELAY", "USER_AGENT", "BodyTooLarge", "CrossOriginRedirect", "HttpClient",
           "ReplyError", "excerpt", "expect_texts", "json_type", "read_body", "redact_translations",
           "retry_after_seconds", "same_origin"]
