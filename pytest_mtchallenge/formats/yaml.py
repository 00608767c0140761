"""The project's own suite format: ``suite.yaml`` with its recorded systems and verdicts (YAML)."""
from __future__ import annotations

import re

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats import SUITE_FILE, SUITE_FILES, suite_file_in
from pytest_mtchallenge.text.suggest import did_you_mean
from pytest_mtchallenge.model import (
    Category,
    ChallengeItem,
    RecordedSystem,
    RecordedVerdict,
    Subcategory,
    Suite,
)
from pytest_mtchallenge.formats.verdict_entries import (
    ENTRY_KEYS,
    VERDICT_VALUES,
    EntryProblem,
    check_entry,
    check_verdict,
    render_entries,
)

NAME = "yaml"
FORMAT = "mtchallenge-suite/1"
OUTCOME_LABELS = ("pass", "fail", "na", "review", "error")
RATES = ("items", "decided")

_SUITE_KEYS = {
    "format", "name", "title", "citation", "source_language", "target_language",
    "description", "version", "labels", "rate", "systems", "verdicts", "categories",
}
_CATEGORY_KEYS = {"id", "title", "subcategories"}
_SUBCATEGORY_KEYS = {"id", "title", "question", "explanation", "checker", "params", "items"}
_ITEM_KEYS = {
    "id", "source", "reference", "references", "locus", "source_locus", "context", "context_references", "document",
    "question", "explanation", "checker", "params", "notes", "known_failure", "gold",
}
_SYSTEM_KEYS = {"name", "description", "date", "outputs", "context_outputs", "mode"}
SYSTEM_MODES = ("sentence", "document")

ParamValidator = Callable[[str, Mapping[str, object]], None]


#: Keys whose values keep their YAML types (numbers, booleans); every other scalar is read as written.
TYPED_KEYS = frozenset({"params", "annotators", "verdict"})


def read_yaml(path: Path) -> object:
    """Parse a YAML file (within the size and nesting limits, keys and ids as written, no key twice);
    any problem becomes a one-line :class:`SuiteError`."""
    return files.read_yaml(path, error=SuiteError, typed=TYPED_KEYS)


class _Reader:
    """Typed access to one YAML mapping, raising errors that name file, item and field."""

    def __init__(self, path: Path, mapping: object, *, item: str | None = None, where: str = "") -> None:
        self.path = path
        self.item = item
        self.where = where
        if not isinstance(mapping, dict):
            raise SuiteError(f"expected a mapping, found {_kind(mapping)}", file=path, item=item, field=where or None)
        self.mapping: dict[object, object] = mapping

    def _field(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def error(self, key: str | None, message: str) -> SuiteError:
        return SuiteError(message, file=self.path, item=self.item, field=self._field(key) if key else (self.where or None))

    def check_keys(self, allowed: set[str]) -> None:
        for key in self.mapping:
            if key not in allowed:
                raise self.error(str(key), f"unknown field (allowed: {', '.join(sorted(allowed))})")

    def text(self, key: str, *, required: bool = True, default: str = "") -> str:
        value = self.mapping.get(key)
        if value is None:
            if required:
                raise self.error(key, "missing required field")
            return default
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise self.error(key, f"expected text, found {_kind(value)}")
        text = str(value)
        if required and not text.strip():
            raise self.error(key, "must not be empty")
        return text

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.mapping.get(key)
        if value is None:
            return ()
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value)
        raise self.error(key, f"expected text or a list of texts, found {_kind(value)}")

    def mapping_of(self, key: str) -> dict[str, object]:
        value = self.mapping.get(key)
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.error(key, f"expected a mapping, found {_kind(value)}")
        return {str(k): v for k, v in value.items()}

    def listing(self, key: str) -> list[object]:
        value = self.mapping.get(key)
        if value is None:
            raise self.error(key, "missing required field")
        if not isinstance(value, list) or not value:
            raise self.error(key, f"expected a non-empty list, found {_kind(value)}")
        return value


def _kind(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"a boolean ({value})"
    return {dict: "a mapping", list: "a list", str: "text", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


def load_suite(
    path: str | Path,
    *,
    checkers: Collection[str] | None = None,
    validate_params: ParamValidator | None = None,
) -> Suite:
    """Load a suite from ``suite.yaml`` (or the directory holding it), with its systems and verdicts.

    ``checkers``, when given, is the set of known checker families: an unknown name is an
    error. ``validate_params(checker, params)`` may raise ``ValueError`` or ``KeyError`` to
    reject an item's checker parameters; what it returns is kept as the item's ``parsed_params``.
    """
    path = Path(path)
    if path.is_dir():
        path = suite_file_in(path) or path / SUITE_FILE
    root = _Reader(path, read_yaml(path))
    root.check_keys(_SUITE_KEYS)
    fmt = root.text("format", required=False, default=FORMAT)
    if fmt != FORMAT:
        raise root.error("format", f"unsupported format {fmt!r} (expected {FORMAT!r})")
    name = root.text("name")
    labels = root.mapping_of("labels")
    for key, label in labels.items():
        if key not in OUTCOME_LABELS or not isinstance(label, str):
            raise root.error(f"labels.{key}", f"labels map an outcome ({', '.join(OUTCOME_LABELS)}) to a display text")

    target_language = root.text("target_language")
    rate = root.text("rate", required=False, default="items")
    if rate not in RATES:
        raise root.error("rate", f"expected one of {', '.join(RATES)}, found {rate!r}")
    categories: list[Category] = []
    subcategories: dict[str, Subcategory] = {}
    items: list[ChallengeItem] = []
    seen_items: set[str] = set()
    seen_categories: set[str] = set()
    for c_index, c_raw in enumerate(root.listing("categories")):
        cat = _Reader(path, c_raw, where=f"categories[{c_index}]")
        cat.check_keys(_CATEGORY_KEYS)
        cat_id = cat.text("id")
        cat.where = f"categories.{cat_id}"
        if cat_id in seen_categories:
            raise cat.error("id", f"duplicate category id {cat_id!r}")
        seen_categories.add(cat_id)
        sub_ids: list[str] = []
        for s_index, s_raw in enumerate(cat.listing("subcategories")):
            sub = _Reader(path, s_raw, where=f"{cat.where}.subcategories[{s_index}]")
            sub.check_keys(_SUBCATEGORY_KEYS)
            sub_id = sub.text("id")
            sub.where = f"subcategories.{sub_id}"
            if sub_id in subcategories:
                raise sub.error("id", f"duplicate subcategory id {sub_id!r}")
            question = sub.text("question")
            checker = sub.text("checker")
            _check_checker_name(sub, "checker", checker, checkers)
            sub_params = sub.mapping_of("params")
            item_ids: list[str] = []
            for i_index, i_raw in enumerate(sub.listing("items")):
                raw_id = i_raw.get("id") if isinstance(i_raw, dict) else None
                label = str(raw_id) if raw_id is not None else f"#{i_index + 1} of {sub_id}"
                reader = _Reader(path, i_raw, item=label)
                item = _read_item(reader, suite=name, target_language=target_language, category=cat_id,
                                  subcategory=sub_id,
                                  question=question, checker=checker, sub_params=sub_params,
                                  checkers=checkers, validate_params=validate_params)
                if item.id in seen_items:
                    raise reader.error("id", f"duplicate item id {item.id!r}")
                seen_items.add(item.id)
                items.append(item)
                item_ids.append(item.id)
            subcategories[sub_id] = Subcategory(
                id=sub_id, title=sub.text("title"), category=cat_id, question=question,
                checker=checker, params=MappingProxyType(sub_params),
                explanation=sub.text("explanation", required=False), item_ids=tuple(item_ids),
            )
            sub_ids.append(sub_id)
        categories.append(Category(id=cat_id, title=cat.text("title"), subcategory_ids=tuple(sub_ids)))

    item_ids_set = frozenset(seen_items)
    base = path.parent
    system_paths = [base / p for p in root.texts("systems")] or sorted(
        path for pattern in ("*.yaml", "*.yml") for path in (base / "systems").glob(pattern))
    systems: dict[str, RecordedSystem] = {}
    for system_path in system_paths:
        system = load_recorded_system(system_path, item_ids_set)
        if system.name in systems:
            raise SuiteError(f"duplicate recorded system name {system.name!r}", file=system_path, field="name")
        systems[system.name] = system
    verdict_paths = [base / p for p in root.texts("verdicts")]
    if not verdict_paths:
        verdict_paths = [base / name for name in ("verdicts.yaml", "verdicts.yml") if (base / name).exists()]
    verdicts: list[RecordedVerdict] = []
    for verdict_path in verdict_paths:
        verdicts.extend(load_verdicts(verdict_path, item_ids_set))

    return Suite(
        name=name, title=root.text("title"), citation=root.text("citation"),
        source_language=root.text("source_language"), target_language=root.text("target_language"),
        path=path, categories=tuple(categories), subcategories=MappingProxyType(subcategories),
        items=tuple(items), systems=MappingProxyType(systems), verdicts=tuple(verdicts),
        description=root.text("description", required=False),
        labels=MappingProxyType({str(k): str(v) for k, v in labels.items()}),
        version=root.text("version", required=False),
        verdict_paths=tuple(verdict_paths), rate=rate,
    )


def _check_checker_name(reader: _Reader, key: str, checker: str, checkers: Collection[str] | None) -> None:
    if checkers is not None and checker not in checkers:
        hint = did_you_mean(checker, checkers)
        raise reader.error(key, f"unknown checker {checker!r}{': ' + hint if hint else ''} "
                                f"(known: {', '.join(sorted(checkers))})")


def _read_item(
    reader: _Reader, *, suite: str, target_language: str, category: str, subcategory: str, question: str, checker: str,
    sub_params: Mapping[str, object], checkers: Collection[str] | None,
    validate_params: ParamValidator | None,
) -> ChallengeItem:
    reader.check_keys(_ITEM_KEYS)
    item_id = reader.text("id")
    reader.item = item_id
    if "reference" in reader.mapping and "references" in reader.mapping:
        raise reader.error("references", "give either 'reference' or 'references', not both")
    if "references" in reader.mapping:
        references = reader.texts("references")
        if not references or not all(r.strip() for r in references):
            raise reader.error("references", "needs at least one non-empty reference")
    else:
        references = (reader.text("reference"),) if "reference" in reader.mapping else ()
    item_checker = reader.text("checker", required=False, default=checker)
    _check_checker_name(reader, "checker", item_checker, checkers)
    params = dict(sub_params) if item_checker == checker else {}
    params.update(reader.mapping_of("params"))
    parsed = None
    if validate_params is not None:
        try:
            parsed = validate_params(item_checker, params)
        except Exception as exc:  # noqa: BLE001 - any fault of a suite's text is that suite's one line
            message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else f"{type(exc).__name__}: {exc}"
            raise reader.error("params", f"invalid parameters for checker {item_checker!r}: {message}") from None
    context, context_references = reader.texts("context"), reader.texts("context_references")
    if context_references and len(context_references) != len(context):
        raise reader.error("context_references", f"gives {len(context_references)} sentences for "
                                                 f"{len(context)} context sentences (one per context sentence)")
    locus = reader.texts("locus")
    for part in locus:
        if not any(part in ref for ref in references):
            raise reader.error("locus", f"{part!r} does not occur in the reference")
    return ChallengeItem(
        id=item_id, suite=suite, category=category, subcategory=subcategory,
        source=reader.text("source"), references=references,
        question=reader.text("question", required=False, default=question),
        checker=item_checker, params=MappingProxyType(params), locus=locus,
        source_locus=reader.texts("source_locus"), context=context, context_references=context_references,
        document=reader.text("document", required=False), target_language=target_language,
        explanation=reader.text("explanation", required=False),
        notes=reader.text("notes", required=False),
        known_failure=reader.text("known_failure", required=False),
        gold=reader.text("gold", required=False), parsed_params=parsed,
    )


def load_recorded_system(path: Path, item_ids: Collection[str]) -> RecordedSystem:
    """Load one recorded system (name, description, date, one output per item id)."""
    reader = _Reader(path, read_yaml(path))
    reader.check_keys(_SYSTEM_KEYS)
    outputs: dict[str, str] = {}
    for item_id, output in reader.mapping_of("outputs").items():
        if item_id not in item_ids:
            raise SuiteError("output for an item the suite does not have", file=path, item=item_id, field="outputs")
        if not isinstance(output, str):
            raise SuiteError(f"expected the output text, found {_kind(output)}", file=path, item=item_id, field="outputs")
        outputs[item_id] = output
    if not outputs:
        raise reader.error("outputs", "missing required field")
    context_outputs: dict[str, tuple[str, ...]] = {}
    for item_id, sentences in reader.mapping_of("context_outputs").items():
        if item_id not in outputs:
            raise SuiteError("a context translation for an item without an output", file=path, item=item_id,
                             field="context_outputs")
        if not isinstance(sentences, list) or not all(isinstance(s, str) for s in sentences):
            raise SuiteError(f"expected a list of translated context sentences, found {_kind(sentences)}",
                             file=path, item=item_id, field="context_outputs")
        context_outputs[item_id] = tuple(sentences)
    mode = reader.text("mode", required=False, default="document" if context_outputs else "sentence")
    if mode not in SYSTEM_MODES:
        raise reader.error("mode", f"expected one of {', '.join(SYSTEM_MODES)}, found {mode!r}")
    name = reader.text("name")
    unsafe = unsafe_system_name(name)
    if unsafe:
        raise reader.error("name", unsafe)
    return RecordedSystem(
        name=name, description=reader.text("description", required=False),
        date=reader.text("date", required=False), outputs=MappingProxyType(outputs), path=path,
        context_outputs=MappingProxyType(context_outputs), mode=mode,
    )


def load_verdicts(path: Path, item_ids: Collection[str]) -> list[RecordedVerdict]:
    """Load recorded human verdicts: item, exact output text, yes / no / na.

    The file may name the suite its verdicts belong to (``suite:``; see
    :func:`overlay_verdicts`).
    """
    return verdicts_of(read_yaml(path), path, item_ids)


def verdicts_of(document: object, path: Path, item_ids: Collection[str]) -> list[RecordedVerdict]:
    """The verdicts of a parsed verdict file (:func:`load_verdicts` without reading the file)."""
    reader = _Reader(path, document)
    reader.check_keys({"verdicts", "source", "suite"})
    reader.text("suite", required=False)
    default_source = reader.text("source", required=False)
    verdicts: list[RecordedVerdict] = []
    for index, raw in enumerate(reader.listing("verdicts")):
        raw_item = raw.get("item") if isinstance(raw, dict) else None
        entry = _Reader(path, raw, item=str(raw_item) if raw_item is not None else f"#{index + 1}",
                        where=f"verdicts[{index}]")
        entry.check_keys(set(ENTRY_KEYS))
        for key in ("item", "output", "verdict"):
            if entry.mapping.get(key) is None:
                raise entry.error(key, "missing required field")
        value = entry.mapping.get("verdict")
        if isinstance(value, bool):  # YAML 1.1 reads unquoted yes/no as booleans
            value = "yes" if value else "no"
        verdict = RecordedVerdict(
            item=entry.text("item"), output=entry.text("output", required=False), verdict=str(value),
            system=entry.text("system", required=False), annotators=MappingProxyType(entry.mapping_of("annotators")),
            source=entry.text("source", required=False, default=default_source),
            annotator=entry.text("annotator", required=False),
        )
        try:  # the rule every writer applies (pytest_mtchallenge.formats.verdict_entries)
            check_entry(item=verdict.item, output=verdict.output, verdict=value,
                        system=verdict.system, annotator=verdict.annotator, source=verdict.source,
                        annotators=verdict.annotators, item_ids=item_ids)
        except EntryProblem as problem:
            raise entry.error(problem.field, problem.message) from None
        verdicts.append(verdict)
    return verdicts


def dump_suite(suite: Suite, directory: Path) -> Path:
    """Write ``suite`` in this project's YAML format: ``suite.yaml``, ``verdicts.yaml`` and
    ``systems/*.yaml``, each atomically. Returns the path of ``suite.yaml``."""
    directory.mkdir(parents=True, exist_ok=True)
    categories = []
    for category in suite.categories:
        subcategories = []
        for sub_id in category.subcategory_ids:
            sub = suite.subcategories[sub_id]
            entry: dict[str, object] = {"id": sub.id, "title": sub.title, "question": sub.question,
                                        "checker": sub.checker}
            if sub.explanation:
                entry["explanation"] = sub.explanation
            if sub.params:
                entry["params"] = dict(sub.params)
            items = []
            for item in (i for i in suite.items if i.subcategory == sub_id):
                record: dict[str, object] = {"id": item.id, "source": item.source}
                if len(item.references) == 1:
                    record["reference"] = item.reference
                elif item.references:
                    record["references"] = list(item.references)
                for key in ("locus", "source_locus", "context", "context_references"):
                    if getattr(item, key):
                        record[key] = list(getattr(item, key))
                if item.question != sub.question:
                    record["question"] = item.question
                if item.checker != sub.checker:
                    record["checker"] = item.checker
                params = {k: v for k, v in item.params.items() if sub.params.get(k, object()) != v}
                if params:
                    record["params"] = params
                for key in ("document", "explanation", "notes", "known_failure", "gold"):
                    if getattr(item, key):
                        record[key] = getattr(item, key)
                if item.problem:
                    record["notes"] = (str(record.get("notes", "")) + f" Problem when read: {item.problem}").strip()
                items.append(record)
            entry["items"] = items
            subcategories.append(entry)
        categories.append({"id": category.id, "title": category.title, "subcategories": subcategories})
    document: dict[str, object] = {
        "format": FORMAT, "name": suite.name, "title": suite.title, "citation": suite.citation or "unknown",
        "source_language": suite.source_language, "target_language": suite.target_language,
    }
    if suite.description:
        document["description"] = suite.description
    if suite.labels:
        document["labels"] = dict(suite.labels)
    if suite.rate != "items":
        document["rate"] = suite.rate
    document["categories"] = categories
    path = directory / SUITE_FILE
    _write_yaml(path, document)
    if suite.verdicts:  # checked and written as mtchallenge review writes them: every text reads back
        for verdict in suite.verdicts:
            try:
                check_verdict(verdict)
            except EntryProblem as problem:
                raise SuiteError(problem.message, file=directory / "verdicts.yaml", item=verdict.item,
                                 field=problem.field) from None
        files.write_atomically(directory / "verdicts.yaml",
                               ("verdicts:\n" + render_entries(suite.verdicts)).encode("utf-8"))
    for system in suite.systems.values():
        unsafe = unsafe_system_name(system.name)
        target = directory / "systems" / f"{system.name}.yaml"
        if unsafe or not target.resolve().is_relative_to((directory / "systems").resolve()):
            raise SuiteError(f"cannot write recorded system {system.name!r}: {unsafe or 'outside the target'}",
                             file=system.path or directory, field="name")
        (directory / "systems").mkdir(exist_ok=True)
        _write_yaml(target,
                    {"name": system.name, "description": system.description, "date": system.date,
                     "outputs": dict(system.outputs),
                     **({"mode": system.mode, "context_outputs": {k: list(v) for k, v in system.context_outputs.items()}}
                        if system.context_outputs else {})})
    return path


#: What a recorded system's name may hold: it names a file under ``systems/`` and a column of tests.
_SYSTEM_NAME = re.compile(r"[^\W_][\w .@+=-]{0,99}")


def unsafe_system_name(name: str) -> str:
    """Why ``name`` cannot name a recorded system (it would be written outside ``systems/``, or hide
    in a test id), or "" when it can: letters, digits, ``_ .@+=-`` and spaces, 100 at most, starting
    with a letter or digit, never ``..``."""
    if _SYSTEM_NAME.fullmatch(name) and ".." not in name and not name.endswith((" ", ".")):
        return ""
    return ("expected a name of letters, digits and '_ .@+=-' (at most 100, starting with a letter or digit, "
            f"no '..'), found {name[:60]!r}")


def _write_yaml(path: Path, document: object) -> None:
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
        # YAML reads U+0085, U+2028 and U+2029 as line breaks, which a plain or block scalar folds into
        # spaces: a text holding one is written double-quoted, where they are escapes (\N, \L, \P).
        style = '"' if any(char in value for char in "\x85\u2028\u2029") else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    Dumper.add_representer(MappingProxyType, lambda dumper, mapping: dumper.represent_dict(dict(mapping)))
    text = yaml.dump(document, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=120)
    files.write_atomically(path, text.encode("utf-8"))


def looks_like(path: Path) -> bool:
    """Whether ``path`` is a suite of this format: a ``suite.yaml`` (``.yml``), or a directory holding one."""
    return path.name in SUITE_FILES and path.is_file() or path.is_dir() and suite_file_in(path) is not None


def load(path: Path, *, checkers: Mapping[str, type] | None = None,
         validate_params: ParamValidator | None = None) -> Suite:
    """The format's entry point for :func:`pytest_mtchallenge.formats.load_any_suite`."""
    return load_suite(path, checkers=checkers, validate_params=validate_params)


def named_suite(document: object) -> str | None:
    """The suite a verdict file's document names (its ``suite:`` field), or None."""
    if isinstance(document, dict) and document.get("suite") is not None:
        return str(document["suite"])
    return None


def verdict_file_suite(path: Path) -> str | None:
    """The suite a verdict file names (its ``suite:`` field), or None when it names none."""
    return named_suite(read_yaml(path))


def overlay_verdicts(suite: Suite, paths: Iterable[Path]) -> Suite:
    """``suite`` with the verdicts of user files (``--mt-verdicts``) added to its own.

    A file that names another suite (``suite: NAME``) is left out; a file that names none applies
    to every suite. A file that does not exist yet holds no verdicts (``mtchallenge review``
    creates it). The files join the suite's ``verdict_paths``, so a run's signature changes with them.
    """
    extra: list[RecordedVerdict] = []
    used: list[Path] = []
    item_ids = frozenset(item.id for item in suite.items)
    for path in paths:
        if not path.is_file():
            continue
        document = read_yaml(path)
        named = named_suite(document)
        if named is not None and named != suite.name:
            continue
        extra.extend(verdicts_of(document, path, item_ids))
        used.append(path)
    if not used:
        return suite
    return replace(suite, verdicts=(*suite.verdicts, *extra), verdict_paths=(*suite.verdict_paths, *used))
