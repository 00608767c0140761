"""Secrets of a run (API keys, ``${ENV}`` values, URL credentials) and their redaction in messages, log records, reports and stored outputs."""
from __future__ import annotations

import base64
import dataclasses
import functools
import logging
import os
import re
import threading
import traceback
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit, urlunsplit

if TYPE_CHECKING:
    from pytest_mtchallenge.verdict import ItemResult

REDACTED = "***"

ENV_PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")

#: Query parameters whose values are secrets (``?key=…``, ``&access_token=…``, ``&password=…``).
SECRET_QUERY_NAME = re.compile(r"key|token|secret|passw|auth|signature|sig$|credential", re.IGNORECASE)
#: A URL inside a longer text (a command line, a system spec): a scheme, ``://``, no space, and
#: no ``,name=`` (a system spec's options after its URL: ``,version=2``, ``,mode=document``).
URL_IN_TEXT = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^\s\"'<>,]|,(?![A-Za-z_]+=))+")
#: The shortest value taken as a secret of the run (white space at either end not counted): a
#: shorter one (a port in ``http://127.0.0.1:${MT_PORT}/``, a one-letter test key) would hide
#: common words and numbers wherever they appear, and is too short to hide safely anyway.
MIN_SECRET = 6
#: The shortest secret found inside a longer word as well: a shorter one is found as a whole
#: token only (``37385`` is not hidden in ``137385``); no word holds a longer one by chance, and a
#: reply may glue it to a word (``Invalid keysk-live…``).
MIN_SECRET_ANYWHERE = 16
#: The shortest password or key-like query value of a URL taken as a secret of the run: shorter
#: ones (``?auth=1``) would hide common text wherever they appear; the URL itself hides them.
MIN_URL_SECRET = MIN_SECRET
#: The shortest path segment or query value of a URL-valued secret hidden on its own (requests
#: prints a URL in pieces: ``host='127.0.0.1', port=8000`` and ``url: /PATH``), and only when it
#: looks like a token (:func:`url_pieces`): "translate", "v1" or a port never are.
MIN_URL_PIECE = 8
#: The shortest part of a secret's base64 that is hidden where the secret sits inside a longer
#: base64 text (at one of three alignments, the characters that depend on the secret alone). Such
#: a part is found inside longer words, as it must be: long enough never to be a word's letters.
MIN_BASE64_CORE = 10

# Between two characters of a secret: white space or a line break, raw or JSON-escaped (a key
# folded over two lines, split by a reply's formatting).
_SEPARATOR = r"(?:\s|\\+[nrt])*"
# White space inside a secret: also as URL forms write it (``+``, ``%20``) and JSON-escaped.
_INNER_SPACE = r"(?:\s|\+|%(?:20|09|0a|0d)|\\+[nrt]|\\+u00(?:20|09|0a|0d))*"
# A secret is a whole token: where it begins (ends) with a letter or digit, no letter or digit
# stands right before (after) it, so that ``37385`` is not found in ``137385`` nor a key in a
# longer word. Before it, an escape that spells the preceding character (``%3A``, ``\n``,
# ``\u0022``) ends in a letter or digit and is a boundary all the same.
_TOKEN_START = r"(?:(?<![^\W_])|(?<=%[0-9A-Fa-f]{2})|(?<=\\[nrt])|(?<=\\u[0-9A-Fa-f]{4}))"
_TOKEN_END = r"(?![^\W_])"


# -- what a secret looks like in a message ------------------------------------------------------

def _character(char: str) -> str:
    """A pattern for one character of a secret in any of its spellings: as is, JSON-escaped
    (``\\/``, ``\\u002f``, escaped again inside a JSON string), URL-encoded (``%2F``)."""
    spellings = [re.escape(char)]
    if char in "/\"\\":
        spellings.append(r"\\+" + re.escape(char))
    if ord(char) < 0x10000:
        spellings.append(r"\\+u" + f"{ord(char):04x}")
    spellings.append("".join(f"%{byte:02x}" for byte in char.encode("utf-8", "surrogatepass")))
    return "(?:" + "|".join(spellings) + ")"


def _spelled(form: str) -> str:
    """A pattern for ``form`` with each character in any spelling, white space between any two."""
    words = form.split()
    return _INNER_SPACE.join(_SEPARATOR.join(map(_character, word)) for word in words)


def _whole_token(form: str) -> str:
    """A pattern for ``form`` spelled in any way (:func:`_spelled`), found only as a whole token:
    never right after or before a letter or digit where it begins or ends with one."""
    start = _TOKEN_START if form[:1].isalnum() else ""
    end = _TOKEN_END if form[-1:].isalnum() else ""
    return start + _spelled(form) + end


def _squeezed(text: str) -> str:
    """``text`` without white space or ``+``, case-folded: where no character is escaped (no ``\\``
    or ``%`` in the text), a secret's pattern matches only if its squeezed form is in this."""
    return "".join(text.split()).replace("+", "").casefold()


def _base64_forms(secret: str) -> tuple[set[str], set[str]]:
    """The secret's base64 (standard and URL-safe alphabets, with and without padding), and, for a
    secret inside a longer base64 text, the characters that depend on it alone at each alignment
    (found inside longer words: see :data:`MIN_BASE64_CORE`)."""
    raw = secret.encode("utf-8", "surrogatepass")
    wholes: set[str] = set()
    forms: set[str] = set()
    for encode in (base64.b64encode, base64.urlsafe_b64encode):
        whole = encode(raw).decode("ascii")
        wholes.update({whole, whole.rstrip("=")})
        for shift in (0, 1, 2):  # bytes before the secret in the encoded text, modulo 3
            encoded = encode(b"\0" * shift + raw).decode("ascii")
            first = -(-8 * shift // 6)  # the first character made of the secret's bits only
            last = 8 * (shift + len(raw)) // 6  # the first one that may hold bits of what follows
            core = encoded[first:last]
            if len(core) >= MIN_BASE64_CORE:
                forms.add(core)
    return wholes - forms, forms


def _token_like(piece: str) -> bool:
    """Whether a piece of a URL looks like a credential rather than a word: at least
    :data:`MIN_URL_PIECE` characters, letters mixed with digits or upper case inside it
    (``tok3nSECRET``, a UUID, a hex key; not ``translate``, ``Translate`` or ``8000``)."""
    if len(piece) < MIN_URL_PIECE:
        return False
    letters = any(char.isalpha() for char in piece)
    digits = any(char.isdigit() for char in piece)
    mixed_case = any(char.isupper() for char in piece[1:]) and any(char.islower() for char in piece)
    return letters and (digits or mixed_case)


def url_pieces(secret: str) -> tuple[str, ...]:
    """The parts of a URL-valued secret that a message may show without the rest of it: the
    credentials :func:`url_secrets` finds (password, ``user:password``, key-like query values) and
    every token-like (:func:`_token_like`) path segment and query value, as written
    and URL-decoded. requests shows ``http://127.0.0.1:8000/tok3nSECRET`` + ``/translate`` as
    ``HTTPConnectionPool(host='127.0.0.1', port=8000): … url: /tok3nSECRET/translate``. The host
    and port are not hidden: they are the service's address, not its credential, and hiding
    ``127.0.0.1`` or a port number would hide common text everywhere. Empty for any other secret."""
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*://\S+", secret):
        return ()
    try:
        parts = urlsplit(secret)
    except ValueError:
        return ()
    path = parts.path
    values = [pair.partition("=")[2] for pair in parts.query.split("&")] if parts.query else []
    candidates = [*path.split("/"), *values]
    pieces = [*url_secrets(secret, environ={}),
              *(form for piece in candidates for form in (piece, unquote(piece)) if _token_like(form))]
    return tuple(dict.fromkeys(piece for piece in pieces if piece != secret))


def is_secret(value: str) -> bool:
    """Whether ``value`` is long enough to be taken as a secret (:data:`MIN_SECRET`)."""
    return len(value.strip()) >= MIN_SECRET


def _forms(secrets: Iterable[str]) -> tuple[set[str], set[str]]:
    """The forms found as whole tokens (each secret long enough to be one, the pieces of a
    URL-valued one, their base64) and those found inside longer words (base64 cores)."""
    tokens: set[str] = set()
    inside: set[str] = set()
    for secret in secrets:
        value = secret.strip()
        if is_secret(value):
            for form in (value, *url_pieces(value)):
                wholes, cores = _base64_forms(form)
                tokens.update({form, *wholes})
                inside.update(cores)
    return tokens - inside, inside


def _longest_first(forms: Iterable[str]) -> list[str]:
    return sorted(forms, key=lambda form: (-len(form), form))


def secret_forms(secrets: Iterable[str]) -> tuple[str, ...]:
    """Each secret of at least :data:`MIN_SECRET` characters, the pieces of a URL-valued one
    (:func:`url_pieces`), and their base64 forms, longest first (white space at either end dropped)."""
    tokens, inside = _forms(secrets)
    return tuple(_longest_first(tokens | inside))


class SecretPattern:
    """Every secret of a set in every spelling a message may give it: as is, in any letter case,
    URL-encoded, JSON-escaped (``\\/`` and ``\\uXXXX`` included), split by white space or line
    breaks, and base64-encoded (alone, as HTTP Basic auth sends ``user:password``, or inside a
    longer base64 text). A secret shorter than :data:`MIN_SECRET_ANYWHERE` is found as a whole
    token only (never inside a longer word or number); a longer one, and the part of a secret's
    base64 that sits inside a longer base64 text, wherever they are.

    Text with no escape in it (no ``\\``, no ``%``: most outputs and messages) is first searched
    for the secrets' squeezed forms, a plain substring search; only text that may hold one goes
    through the pattern.
    """

    def __init__(self, secrets: Iterable[str]) -> None:
        tokens, inside = _forms(secrets)
        forms = _longest_first(tokens | inside)
        self.pattern = re.compile("|".join(_whole_token(form) if form in tokens and len(form) < MIN_SECRET_ANYWHERE
                                           else _spelled(form) for form in forms), re.IGNORECASE)
        self._squeezed = tuple(dict.fromkeys(map(_squeezed, forms)))

    def _may_show(self, text: str) -> bool:
        if "\\" in text or "%" in text or "" in self._squeezed:  # a secret of "+" alone squeezes to nothing
            return True
        squeezed = _squeezed(text)
        return any(form in squeezed for form in self._squeezed)

    def search(self, text: str) -> bool:
        """Whether ``text`` shows a secret."""
        return self._may_show(text) and self.pattern.search(text) is not None

    def sub(self, text: str) -> str:
        """``text`` with every secret replaced by ``***``."""
        return self.pattern.sub(REDACTED, text) if self._may_show(text) else text


@functools.lru_cache(maxsize=64)
def secret_pattern(secrets: tuple[str, ...]) -> SecretPattern | None:
    """The :class:`SecretPattern` of ``secrets``; None when none is long enough to be a secret."""
    return SecretPattern(secrets) if any(map(is_secret, secrets)) else None


def redact(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret, in every spelling :class:`SecretPattern` knows, replaced by ``***``."""
    pattern = secret_pattern(tuple(dict.fromkeys(secrets)))
    return pattern.sub(text) if pattern is not None else text


# -- where secrets come from -------------------------------------------------------------------

def environment_secrets(*texts: str, environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The values of the environment variables that ``${NAME}`` placeholders in ``texts`` name (set ones)."""
    environ = os.environ if environ is None else environ
    values = (environ.get(name, "") for text in texts for name in ENV_PLACEHOLDER.findall(text))
    return tuple(dict.fromkeys(value for value in values if value.strip()))


def too_short_to_hide(names: Iterable[str], environ: Mapping[str, str] | None = None) -> list[str]:
    """One line for each variable of ``names`` (declared to hold a secret: a key variable,
    ``mt_secret_env``) whose value is set but shorter than :data:`MIN_SECRET`, and so is not
    hidden: a value that short would hide common words and numbers wherever they appear."""
    environ = os.environ if environ is None else environ
    lines = []
    for name in dict.fromkeys(names):
        value = environ.get(name, "").strip()
        if value and not is_secret(value):
            lines.append(f"mtchallenge: {name} holds {len(value)} character{'s' if len(value) > 1 else ''}, fewer than "
                         f"the {MIN_SECRET} a secret needs to be hidden safely: it is not hidden, wherever it appears")
    return lines


def url_secrets(*texts: str, environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The credentials of every URL in ``texts`` (``${NAME}`` placeholders replaced by their values
    first): the password of the user part, ``user:password`` (whose base64 HTTP Basic auth sends),
    and the values of key-like query parameters — each as written and URL-decoded, when it has at
    least :data:`MIN_URL_SECRET` characters."""
    environ = os.environ if environ is None else environ
    found: list[str] = []
    for text in texts:
        expanded = ENV_PLACEHOLDER.sub(lambda match: environ.get(match.group(1), match.group(0)), text)
        for url in URL_IN_TEXT.findall(expanded):
            try:
                parts = urlsplit(url)
            except ValueError:
                continue
            user, at, _ = parts.netloc.rpartition("@")
            if at and ":" in user:
                name, _, password = user.partition(":")
                found += [password, unquote(password), f"{unquote(name)}:{unquote(password)}"]
            for pair in parts.query.split("&") if parts.query else []:
                name, sep, value = pair.partition("=")
                if sep and SECRET_QUERY_NAME.search(name):
                    found += [value, unquote(value.replace("+", " "))]
    return tuple(dict.fromkeys(value for value in found if len(value.strip()) >= MIN_URL_SECRET))


def redact_url(url: str) -> str:
    """``url`` without the password of its user part and the values of key-like query parameters."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    netloc = parts.netloc
    if "@" in netloc:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.partition(':')[0]}:{REDACTED}@{host}" if ":" in user else f"{REDACTED}@{host}"
    pairs = []
    for pair in parts.query.split("&") if parts.query else []:
        name, sep, value = pair.partition("=")
        pairs.append(f"{name}={REDACTED}" if sep and value and SECRET_QUERY_NAME.search(name) else pair)
    return urlunsplit((parts.scheme, netloc, parts.path, "&".join(pairs), parts.fragment))


def redact_urls(text: str) -> str:
    """``text`` with :func:`redact_url` applied to every URL in it (a command line, a system spec)."""
    return URL_IN_TEXT.sub(lambda match: redact_url(match.group(0)), text)


class Redaction:
    """Every secret of a run, hidden wherever a message may show it.

    :meth:`redact` hides them in a message. :meth:`install` makes every log record created in
    the process while it is installed (urllib3's included, at any level) redacted before any
    handler sees it: pytest's log capture, live logging, ``--log-file`` and JUnit XML.
    Secrets may be added at any time (a system reads its key when it translates).
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self._secrets: tuple[str, ...] = ()
        self._pattern: SecretPattern | None = None
        self._lock = threading.Lock()
        self._previous_factory: Callable[..., logging.LogRecord] | None = None
        self.filter = SecretFilter(self)
        self.add(secrets)

    @property
    def secrets(self) -> tuple[str, ...]:
        return self._secrets

    def add(self, secrets: Iterable[str]) -> None:
        """Hide these values too (those shorter than :data:`MIN_SECRET` are not secrets: ignored)."""
        new = [secret for secret in dict.fromkeys(secrets) if is_secret(secret) and secret not in self._secrets]
        if new:
            with self._lock:
                self._secrets = (*self._secrets, *new)
                self._pattern = secret_pattern(self._secrets)

    def __bool__(self) -> bool:
        return bool(self._secrets)

    def redact(self, text: str) -> str:
        """``text`` with every secret of the run, in every spelling (:class:`SecretPattern`), replaced by ``***``."""
        pattern = self._pattern
        return pattern.sub(text) if pattern is not None else text

    def shows_secret(self, text: str) -> bool:
        """Whether ``text`` shows a secret of the run, in any spelling."""
        pattern = self._pattern
        return pattern is not None and pattern.search(text)

    def redact_record(self, record: logging.LogRecord) -> None:
        """Redact a log record in place: its message (arguments merged in), exception and stack text."""
        if self._pattern is None:
            return
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed record is logging's to report, not ours
            return
        if self.shows_secret(message):
            record.msg, record.args = self.redact(message), None
        if record.exc_info and not record.exc_text:
            text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
            if self.shows_secret(text):
                record.exc_text = self.redact(text)  # formatters use exc_text when it is set
        if record.exc_text and self.shows_secret(record.exc_text):
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info and self.shows_secret(record.stack_info):
            record.stack_info = self.redact(record.stack_info)

    def install(self) -> None:
        """Redact every log record created from now on, until :meth:`uninstall`."""
        if self._previous_factory is not None:
            return
        previous = logging.getLogRecordFactory()
        self._previous_factory = previous

        def factory(*args: object, **kwargs: object) -> logging.LogRecord:
            record = previous(*args, **kwargs)
            self.redact_record(record)
            return record

        factory.redaction = self  # type: ignore[attr-defined]
        self._factory = factory
        logging.setLogRecordFactory(factory)

    def uninstall(self) -> None:
        """Stop redacting log records (restoring the record factory in place before :meth:`install`)."""
        previous = self._previous_factory
        if previous is None:
            return
        self._previous_factory = None
        if logging.getLogRecordFactory() is self._factory:
            logging.setLogRecordFactory(previous)
        else:  # another factory was installed over ours: keep it, and make ours pass records through
            self._pattern = None
            self._secrets = ()


def redacted_result(result: ItemResult, redaction: Redaction) -> ItemResult:
    """``result`` as a report shows it: every secret hidden in what the system and the judge wrote
    (the output, its context's translation, the reason, the evidence); the suite's own text is
    shown as it is. The output was judged as the system gave it; only what is shown is redacted."""
    judgement = result.judgement
    texts = (judgement.output or "", judgement.reason, *judgement.context_output, *judgement.evidence)
    if not any(redaction.shows_secret(text) for text in texts):
        return result
    hidden = dataclasses.replace(
        judgement, output=None if judgement.output is None else redaction.redact(judgement.output),
        reason=redaction.redact(judgement.reason),
        context_output=tuple(redaction.redact(text) for text in judgement.context_output),
        evidence=tuple(redaction.redact(text) for text in judgement.evidence))
    return dataclasses.replace(result, judgement=hidden)


class SecretFilter(logging.Filter):
    """A :class:`logging.Filter` that redacts each record it sees (never drops one): for handlers or
    loggers that receive records made before :meth:`Redaction.install`, or by another factory."""

    def __init__(self, redaction: Redaction) -> None:
        super().__init__()
        self.redaction = redaction

    def filter(self, record: logging.LogRecord) -> bool:
        self.redaction.redact_record(record)
        return True


__all__ = ["MIN_SECRET", "MIN_SECRET_ANYWHERE", "REDACTED", "Redaction", "SecretFilter", "SecretPattern",
           "environment_secrets", "is_secret", "redact", "redact_url", "redact_urls", "redacted_result",
           "secret_forms", "secret_pattern", "too_short_to_hide", "url_pieces", "url_secrets"]
