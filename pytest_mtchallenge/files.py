"""Users' files: read within size and nesting limits, JSON and YAML parsed safely, written atomically.

Every suite, recorded system, verdict, saved-run, xfail and output file is read through here, and
every file the plugin writes (reports, saved runs, verdict files, converted suites, ``cross-judge
--json``) is written through :func:`write_atomically`. A
file larger than :data:`MAX_FILE_BYTES` (:data:`MAX_RUN_BYTES` for saved runs and JSON reports),
or nested deeper than :data:`MAX_DEPTH`, is refused
before any parser sees it (PyYAML's C composer recurses once per level and crashes the
interpreter on a few thousand nested brackets). YAML is read with the safe loader, with three
changes: a key given twice in a mapping is an error naming its line; mapping keys, and every
scalar outside the keys named ``typed``, are read as written (``id: 010`` is ``"010"``, not 8;
``1.10`` is ``"1.10"``, not 1.1; ``annotators: {yes: 0}`` has the key ``"yes"``, not True); and
a problem of any kind is one line naming the file and line.
"""
from __future__ import annotations

import contextlib
import glob
import gzip
import json
import os
import uuid
import zlib
from collections.abc import Collection
from pathlib import Path

import yaml  # imported with the plugin's session: PyYAML's C loader cannot be imported a second time

from pytest_mtchallenge.errors import MTChallengeError

#: Largest file read (suite, recorded system, verdicts, xfail list, outputs), in bytes.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Largest saved run or JSON report read back (decompressed), in bytes: three times the largest run
#: of a bundled or peer suite (both ctxpro English–French sets judged for two systems: 82 MB of
#: JSON). The JSON writer refuses a larger run, so every run the plugin saves can be read back.
MAX_RUN_BYTES = 256 * 1024 * 1024
#: The first bytes of a gzip file: a compressed file is read decompressed whatever its name.
GZIP_MAGIC = b"\x1f\x8b"
#: Deepest nesting of lists and mappings in a JSON or YAML document (a suite needs about ten).
MAX_DEPTH = 100

_NOT_STRUCTURE = bytes(byte for byte in range(256) if byte not in b'[]{}"')
_SQUARE = bytes.maketrans(b"{}", b"[]")
_YAML = "tag:yaml.org,2002:"
_AS_WRITTEN = {f"{_YAML}{name}" for name in ("int", "float", "bool", "timestamp")}
_TEMPORARY_SUFFIX = ".tmp"  # of the files write_atomically renames over their target


def read_text(path: Path, *, error: type[MTChallengeError] = MTChallengeError, what: str = "file",
              limit: int | None = None) -> str:
    """The text of ``path`` (UTF-8, a byte-order mark dropped); a missing, unreadable or too large
    file raises ``error`` naming it. A gzip file (named ``.gz``, or any file starting with gzip's magic
    bytes) is decompressed as it is read, and the limit (:data:`MAX_FILE_BYTES` unless ``limit``
    says otherwise) holds for its decompressed text: no more than the limit is ever read."""
    limit = MAX_FILE_BYTES if limit is None else limit
    compressed = path.suffix.lower() == ".gz"
    try:
        with path.open("rb") as raw:
            compressed = compressed or raw.peek(len(GZIP_MAGIC))[:len(GZIP_MAGIC)] == GZIP_MAGIC  # pipes too
            with gzip.GzipFile(fileobj=raw, mode="rb") if compressed else contextlib.nullcontext(raw) as handle:
                content = handle.read(limit + 1)
    except FileNotFoundError:
        raise error(f"{what} not found", file=path) from None
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise error(f"not a complete gzip file ({exc or type(exc).__name__})", file=path) from None
    except OSError as exc:
        raise error(f"cannot read: {exc.strerror or exc}", file=path) from None
    if len(content) > limit:
        what_size = "decompressed, larger" if compressed else "larger"
        of = "a file read" if limit == MAX_FILE_BYTES else f"a {what}"
        raise error(f"{what_size} than {limit // (1024 * 1024)} MiB, the limit of {of}", file=path)
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte {exc.start}: {exc.reason})", file=path) from None


def check_json_depth(text: str, *, error: type[MTChallengeError] = MTChallengeError, origin: str = "") -> None:
    """Refuse JSON nested deeper than :data:`MAX_DEPTH`, before parsing it.

    Only brackets outside strings count: escaped backslashes and quotes go first, then every byte
    but brackets and quotes (UTF-8 never uses those bytes inside a character), then the strings;
    each pass that removes the innermost ``[]`` pairs is one level.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    structure = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    structure = b"".join(structure.translate(None, _NOT_STRUCTURE).split(b'"')[0::2])
    structure = structure.translate(_SQUARE)
    for _ in range(MAX_DEPTH):
        if b"[]" not in structure:
            break
        structure = structure.replace(b"[]", b"")
    if b"[]" in structure or structure.count(b"[") > MAX_DEPTH:  # deeper, or unclosed brackets
        raise error(f"nested deeper than {MAX_DEPTH} levels", file=origin or None)


def load_json(text: str, *, error: type[MTChallengeError] = MTChallengeError, origin: str = "") -> object:
    """Parse JSON within the nesting limit; any problem raises ``error`` naming ``origin`` and the line."""
    check_json_depth(text, error=error, origin=origin)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}" if "\n" in text.rstrip("\n") else f"column {exc.colno}"
        raise error(f"invalid JSON ({exc.msg} at {where})", file=origin or None) from None
    except (ValueError, RecursionError) as exc:  # a number of thousands of digits, say
        raise error(f"invalid JSON ({_first_line(exc)})", file=origin or None) from None


def read_json(path: Path, *, error: type[MTChallengeError] = MTChallengeError, what: str = "file",
              limit: int | None = None) -> object:
    return load_json(read_text(path, error=error, what=what, limit=limit), error=error, origin=str(path))


def read_run_json(path: Path, *, error: type[MTChallengeError] = MTChallengeError) -> object:
    """A saved run or JSON report, plain or gzip-compressed, within :data:`MAX_RUN_BYTES`."""
    return read_json(path, error=error, what="saved run", limit=MAX_RUN_BYTES)


def load_yaml(text: str, *, error: type[MTChallengeError] = MTChallengeError, origin: str = "",
              typed: Collection[str] = ()) -> object:
    """Parse one YAML document safely, within the nesting limit, without duplicate keys, reading
    keys and scalars as written except in the values of the keys named ``typed``."""
    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    check_yaml_flow_depth(text, error=error, origin=origin)
    try:
        _check_yaml_depth(loader_class(text), error=error, origin=origin)
        loader = loader_class(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            _as_written(node, typed=frozenset(typed), error=error, origin=origin)
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        where = f"{origin}:{mark.line + 1}:{mark.column + 1}" if mark and origin else origin or None
        problem = getattr(exc, "problem", None) or _first_line(exc)
        if "nesting depth" in problem:  # PyYAML >= 6.0.4's own limit, should a structure pass the text check
            raise error(f"nested deeper than {MAX_DEPTH} levels", file=where) from None
        raise error(f"invalid YAML: {problem}", file=where) from None
    except (ValueError, OverflowError, RecursionError) as exc:  # a scalar that cannot be built
        raise error(f"invalid YAML ({_first_line(exc)})", file=origin or None) from None


def read_yaml(path: Path, *, error: type[MTChallengeError] = MTChallengeError, what: str = "file",
              typed: Collection[str] = ()) -> object:
    return load_yaml(read_text(path, error=error, what=what), error=error, origin=str(path), typed=typed)


def check_yaml_flow_depth(text: str, *, error: type[MTChallengeError] = MTChallengeError, origin: str = "") -> None:
    """Refuse YAML whose flow collections (``[…]``, ``{…}``) nest deeper than :data:`MAX_DEPTH`,
    before any parser reads it.

    PyYAML's scanner reads a whole flow collection ahead before it yields the first event, and
    from 6.0.4 raises its own error at 1,000 levels: the limit is checked here, on the text, so
    that it and its message hold whatever the PyYAML version. Brackets inside quoted scalars and
    comments do not count; outside a flow collection only a bracket that starts a value does
    (``key: [``, ``- [``, a line's first character), not one inside plain text (``see [1``).
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth = line = 0
    quote = ""
    previous = "\n"  # the last character outside a quoted scalar, spaces skipped at a value's start
    index, length = 0, len(text)
    while index < length:
        char = text[index]
        if char == "\n":
            line += 1
        if quote:
            if char == "\\" and quote == '"':
                index += 1
            elif char == quote:
                if quote == "'" and text.startswith("''", index):
                    index += 1
                else:
                    quote = ""
            index += 1
            continue
        starts_value = previous in "\n[{,:-?" or previous.isspace()
        if char == "#" and (previous.isspace() or previous == "\n"):
            end = text.find("\n", index)
            index = length if end < 0 else end
            continue
        if char in "|>" and not depth and starts_value and _starts_block_value(text, index):
            after = _after_block_scalar(text, index)  # a literal or folded scalar's lines are text
            line += text.count("\n", index, after)
            index = after
            previous = "\n"
            continue
        if char in "'\"" and starts_value:
            quote = char
        elif char in "[{" and (depth or starts_value and _starts_block_value(text, index)):
            depth += 1
            if depth > MAX_DEPTH:
                raise error(f"nested deeper than {MAX_DEPTH} levels", file=f"{origin}:{line + 1}" if origin else None)
        elif char in "]}" and depth:
            depth -= 1
        previous = char
        index += 1


def _after_block_scalar(text: str, index: int) -> int:
    """The index of the first line after the block scalar whose indicator (``|`` or ``>``) is at
    ``index``: its lines are those indented deeper than the indicator's line, and blank lines."""
    start = text.rfind("\n", 0, index) + 1
    indent = len(text[start:index]) - len(text[start:index].lstrip(" "))
    end = text.find("\n", index)
    while end >= 0:
        line_end = text.find("\n", end + 1)
        line = text[end + 1: len(text) if line_end < 0 else line_end]
        if line.strip() and len(line) - len(line.lstrip(" ")) <= indent:
            return end
        end = line_end
    return len(text)


def _starts_block_value(text: str, index: int) -> bool:
    """Whether the bracket at ``index`` (outside any flow collection) starts a value: only spaces,
    or a ``-``, ``?`` or ``key:`` indicator, stand between it and the start of its line."""
    start = text.rfind("\n", 0, index) + 1
    before = text[start:index].rstrip(" \t")
    return not before or before[-1] == ":" or before[-1] in "-?" and (len(before) == 1 or before[-2] in " \t")


def _check_yaml_depth(loader: object, *, error: type[MTChallengeError], origin: str) -> None:
    """Walk the document's events (the parser does not recurse, the composer would); the block
    nesting is counted here, the flow nesting was checked on the text."""
    depth = 0
    try:
        while loader.check_event():  # type: ignore[attr-defined]
            event = loader.get_event()  # type: ignore[attr-defined]
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    line = event.start_mark.line + 1
                    raise error(f"nested deeper than {MAX_DEPTH} levels", file=f"{origin}:{line}" if origin else None)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    finally:
        loader.dispose()  # type: ignore[attr-defined]


def _as_written(root: object, *, typed: frozenset[str], error: type[MTChallengeError], origin: str) -> None:
    """Re-tag plain scalars that YAML would read as numbers, booleans or dates as text (keys
    always, values outside ``typed`` keys), and refuse a key given twice."""
    stack: list[tuple[object, bool]] = [(root, False)]
    seen: set[int] = set()
    while stack:
        node, keep_types = stack.pop()
        if id(node) in seen:  # an alias: the anchored node was visited
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            if not keep_types and not node.style and node.tag in _AS_WRITTEN:
                node.tag = f"{_YAML}str"
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((child, keep_types) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            keys: set[str] = set()
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode) and key_node.tag != f"{_YAML}merge":
                    if not key_node.style and key_node.tag != f"{_YAML}null":
                        key_node.tag = f"{_YAML}str"
                    if key_node.value in keys:
                        line = key_node.start_mark.line + 1
                        raise error(f"the key {key_node.value!r} is given twice in this mapping",
                                    file=f"{origin}:{line}" if origin else None)
                    keys.add(key_node.value)
                stack.append((key_node, keep_types))
                stack.append((value_node, keep_types or isinstance(key_node, yaml.ScalarNode)
                              and key_node.value in typed))


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def check_writable(path: Path, *, error: type[MTChallengeError] = MTChallengeError, field: str | None = None) -> None:
    """Refuse, before a run, a path it could not write its file to: a folder, a file or folder
    without write permission, or a folder that cannot be created (a file stands in its way)."""
    if path.is_dir():
        raise error("is a folder, not a file", file=path, field=field)
    if path.exists():
        if not os.access(path, os.W_OK):
            raise error("cannot be written (permission denied)", file=path, field=field)
        return
    folder = path.parent
    while not folder.exists() and not folder.is_symlink() and folder.parent != folder:
        folder = folder.parent
    if not folder.is_dir():
        raise error(f"cannot create its folder: {folder} is not a folder", file=path, field=field)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise error(f"cannot be written: the folder {folder} is not writable", file=path, field=field)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, renamed over ``path``.

    Readers see the old file or the new one, never half of one, and a crash after the rename
    leaves the new one (the bytes and the rename are flushed to disk). Concurrent writers never
    share a temporary file (its name is unique, created with ``O_EXCL``); a failure of any kind
    (a full disk, a folder that cannot be written, an interruption) leaves no temporary file
    behind. A file that existed keeps its permissions; a new one gets the usual ones (0o666 less
    the umask).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{uuid.uuid4().hex[:12]}{_TEMPORARY_SUFFIX}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError, AttributeError):  # make the rename itself durable (POSIX)
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def remove_left_temporaries(path: Path) -> None:
    """Remove the temporary files that writers of ``path`` killed mid-write left beside it (the
    caller holds the file's lock: no writer of it is at work)."""
    for stale in path.parent.glob(f".{glob.escape(path.name)}.*{_TEMPORARY_SUFFIX}"):
        stale.unlink(missing_ok=True)

