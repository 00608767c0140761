"""``file:PATH`` — outputs read from a file: JSONL with ids, WinoMT's ``english ||| translation`` lines, or plain
text in suite order."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from dataclasses import replace
from types import MappingProxyType

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import OutputError
from pytest_mtchallenge.formats.winomt import is_parallel, read_parallel
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.systems import DOCUMENT, OnBatch, System, Translations, not_text, split_document_output


class FileSystem(System):
    """Outputs from a file.

    JSONL: one object per line, ``{"id": ..., "output": ...}`` (optionally ``"suite": NAME`` when
    the file holds several suites). WinoMT's translation files: ``english sentence ||| translation``,
    line N+1 for the item whose id is N (en.txt's line numbers), each line's English checked
    against its item's source (:func:`pytest_mtchallenge.formats.winomt.read_parallel`). Plain
    text: one output per line, in suite order; its line count must equal the number of items. The
    format is JSONL when the first non-empty line starts with ``{`` (after a byte-order mark, which
    is dropped), WinoMT's when it holds `` ||| ``.

    Document-level items: a JSONL record may add ``"context_output"`` (the context's translation,
    a list of sentences), or give the whole document's translation in ``"output"`` with
    ``"document": true`` (split into sentences: the last is the item's output). In document mode
    (``file:PATH,mode=document``) every plain-text line and every JSONL output of a
    document-level item is such a whole-document translation.
    """

    kind = "file"
    cacheable = False
    handles_documents = True

    def default_name(self) -> str:
        return Path(self.argument).stem

    @property
    def path(self) -> Path:
        path = Path(self.argument)
        return path if path.is_absolute() else self.options.rootdir / path

    def check_usable(self) -> None:
        if not self.path.is_file():
            raise ValueError(f"--mt-system=file:{self.argument}: output file not found ({self.path})")

    def check_suite(self, suite: Suite) -> None:
        """Refuse a file none of whose outputs can be used for ``suite`` (a plain-text file with the
        wrong line count, a malformed JSONL line, a file that cannot be read), as a missing file is:
        one line before any test, not the same error for every item."""
        translations = self.translate(suite=suite, items=suite.items)
        reasons = set(translations.errors.values())
        if not translations.outputs and translations.problems and reasons == {translations.problems[0]}:
            raise ValueError(f"--mt-system=file:{self.argument}: {translations.problems[0]}")

    def translate(self, *, suite: Suite, items: Sequence[ChallengeItem],
                  on_batch: OnBatch | None = None) -> Translations:
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
                translations = _from_jsonl(path, lines, suite, items, whole=self.mode == DOCUMENT)
            except OutputError as exc:
                return Translations.failed(items, exc.one_line())
        elif is_parallel(first):
            try:
                parallel = read_parallel(text, path=path, items=items)
            except OutputError as exc:
                return Translations.failed(items, exc.one_line())
            translations = Translations(outputs=MappingProxyType(parallel.outputs),
                                        errors=MappingProxyType(parallel.errors))
        else:
            translations = _from_text(path, lines, suite.name, items)
            if self.mode == DOCUMENT:
                translations = _split_documents(translations, items, suite.target_language,
                                                {item.id for item in items if item.context})
        return translations


def _split_documents(translations: Translations, items: Sequence[ChallengeItem], language: str,
                     documents: set[str]) -> Translations:
    """Outputs of the items in ``documents`` are whole-document translations: keep the last sentence."""
    outputs = dict(translations.outputs)
    contexts = dict(translations.context_outputs)
    for item_id in documents & outputs.keys():
        outputs[item_id], contexts[item_id] = split_document_output(outputs[item_id], language)
    return replace(translations, outputs=MappingProxyType(outputs), context_outputs=MappingProxyType(contexts))


def _from_text(path: Path, lines: list[str], suite_name: str, items: Sequence[ChallengeItem]) -> Translations:
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) != len(items):
        return Translations.failed(
            items, f"{path}: has {len(lines)} output lines, suite {suite_name} has {len(items)} items "
                   "(plain-text outputs follow suite order, one line per item)"
        )
    return Translations(outputs=MappingProxyType({item.id: line for item, line in zip(items, lines)}))


def _from_jsonl(path: Path, lines: list[str], suite: Suite, items: Sequence[ChallengeItem], *,
                whole: bool) -> Translations:
    wanted = {item.id for item in items}
    documents = {item.id for item in items if item.context}
    outputs: dict[str, str] = {}
    contexts: dict[str, tuple[str, ...]] = {}
    split: set[str] = set()
    unreadable: dict[str, str] = {}  # item id -> why its output cannot be used
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
        if item_id in outputs or item_id in unreadable:
            raise OutputError("a second output for the same item", file=where, item=item_id, field="id")
        context_output = record.get("context_output")
        sentences = [s for s in context_output if isinstance(s, str)] if isinstance(context_output, list) else []
        faults = [(field, why) for field, why in [("output", not_text(output)),
                                                  *(("context_output", not_text(s)) for s in sentences)] if why]
        if faults:  # a "\ud800" escape: this item errors, naming its line; the others are judged
            field, why = faults[0]
            unreadable[item_id] = OutputError(why, file=where, item=item_id, field=field).one_line()
            continue
        outputs[item_id] = output
        is_document = record.get("document", False)
        if not isinstance(is_document, bool):
            raise OutputError("expected true or false", file=where, item=item_id, field="document")
        if context_output is not None:
            if not isinstance(context_output, list) or not all(isinstance(s, str) for s in context_output):
                raise OutputError("expected a list of sentences", file=where, item=item_id, field="context_output")
            if is_document:
                raise OutputError("give either context_output or document: true, not both", file=where,
                                  item=item_id, field="context_output")
            contexts[item_id] = tuple(context_output)
        elif is_document or whole and item_id in documents:
            split.add(item_id)
    # One reason for every missing id: the report's error line counts them and names the first few.
    errors = {i: unreadable.get(i) or f"{path}: no line has this item's id" for i in sorted(wanted - outputs.keys())}
    translations = Translations(outputs=MappingProxyType(outputs), errors=MappingProxyType(errors),
                                problems=tuple(problems), context_outputs=MappingProxyType(contexts))
    return _split_documents(translations, items, suite.target_language, split) if split else translations
