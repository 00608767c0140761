"""``file:PATH`` — outputs read from a file: JSONL with ids, or plain text in suite order."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import OutputError
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import System, Translations


class FileSystem(System):
    """Outputs from a file.

    JSONL: one object per line, ``{"id": ..., "output": ...}`` (optionally ``"suite": NAME`` when
    the file holds several suites). Plain text: one output per line, in suite order; its line
    count must equal the number of items. The format is JSONL when the first non-empty line
    starts with ``{`` (after a byte-order mark, which is dropped).
    """

    kind = "file"
    cacheable = False

    def default_name(self) -> str:
        return Path(self.argument).stem

    @property
    def path(self) -> Path:
        path = Path(self.argument)
        return path if path.is_absolute() else self.options.rootdir / path

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem]) -> Translations:
        path = self.path
        try:
            text = files.read_text(path, error=OutputError, what="output file")
        except OutputError as exc:
            return Translations.failed(items, exc.one_line())
        # Only "\n" ends a line: JSON strings may hold U+2028 and other separators splitlines() breaks at.
        lines = [line.removesuffix("\r") for line in text.split("\n")]
        first = next((line for line in lines if line.strip()), "")
        if first.lstrip().startswith("{"):
            try:
                return _from_jsonl(path, lines, suite, items)
            except OutputError as exc:
                return Translations.failed(items, exc.one_line())
        return _from_text(path, lines, items)


def _from_text(path: Path, lines: list[str], items: Sequence[ChallengeItem]) -> Translations:
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) != len(items):
        return Translations.failed(
            items, f"{path}: has {len(lines)} output lines, the suite has {len(items)} items (plain-text outputs follow suite order)"
        )
    return Translations(outputs=MappingProxyType({item.id: line for item, line in zip(items, lines)}))


def _from_jsonl(path: Path, lines: list[str], suite: Suite, items: Sequence[ChallengeItem]) -> Translations:
    wanted = {item.id for item in items}
    outputs: dict[str, str] = {}
    problems: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        record = files.load_json(line, error=OutputError, origin=where)
        if not isinstance(record, dict):
            raise OutputError("expected a JSON object with 'id' and 'output'", file=where)
        record_suite = record.get("suite")
        if record_suite is not None and record_suite != suite.name:
            continue
        item_id = record.get("id")
        if not isinstance(item_id, (str, int)) or isinstance(item_id, bool):
            raise OutputError("missing or invalid", file=where, field="id")
        item_id = str(item_id)
        output = record.get("output")
        if not isinstance(output, str):
            raise OutputError("missing, or not text", file=where, item=item_id, field="output")
        if item_id not in wanted:
            if record_suite is not None or not any(i.id == item_id for i in suite.items):
                problems.append(OutputError(f"not an item of suite {suite.name}", file=where, item=item_id, field="id").one_line())
            continue
        if item_id in outputs:
            raise OutputError("a second output for the same item", file=where, item=item_id, field="id")
        outputs[item_id] = output
    errors = {i: f"{path}: no output for item {i}" for i in sorted(wanted - outputs.keys())}
    return Translations(outputs=MappingProxyType(outputs), errors=MappingProxyType(errors), problems=tuple(problems))
