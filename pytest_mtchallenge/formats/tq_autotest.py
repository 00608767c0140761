"""Reading TQ-AutoTest test suites (``items.json``, e.g. DFKI's German–English suite) unchanged."""
from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge import files
from pytest_mtchallenge.checkers.generic.tq_regex import compile_pattern
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.formats import ParamValidator
from pytest_mtchallenge.model import Category, ChallengeItem, RecordedVerdict, Subcategory, Suite

NAME = FORMAT = "tq-autotest"
CHECKER = "tq-regex"
#: ``deen`` (DFKI's spelling), ``de-en`` or ``de_en``: the source and target language codes.
_LANGPAIR = re.compile(r"^(?:([a-z]{2})([a-z]{2})|([a-z]{2,3})[-_]([a-z]{2,3}))$")
_MARKERS = (b'"items"', b'_regex"', b'"source_sentence"')
_FIELDS = ("id", "category", "phenomenon", "source_sentence", "positive_regex", "negative_regex")


def looks_like_tq_autotest(path: Path) -> bool:
    """Whether ``path`` is a TQ-AutoTest ``items.json``: a JSON object naming ``items`` and
    TQ-AutoTest's fields anywhere in the file (read until both are seen; a file over the size
    limit is taken, for the loader to refuse it with its reason)."""
    if path.suffix.lower() != ".json" or not path.is_file():
        return False
    seen: set[bytes] = set()
    tail, size = b"", 0
    try:
        with path.open("rb") as handle:
            while chunk := handle.read(1 << 20):
                if not size and not chunk.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
                    return False
                size += len(chunk)
                if size > files.MAX_FILE_BYTES:
                    return True
                window = tail + chunk
                seen.update(marker for marker in _MARKERS if marker in window)
                if b'"items"' in seen and len(seen) > 1:
                    return True
                tail = window[-32:]
    except OSError:
        return False
    return False


def looks_like(path: Path) -> bool:
    return looks_like_tq_autotest(path)


def load(path: Path, *, checkers: Mapping[str, type] | Collection[str] | None = None,
         validate_params: ParamValidator | None = None) -> Suite:
    """The format's entry point for :func:`pytest_mtchallenge.formats.load_any_suite` (the suite
    names its own checker family, ``tq-regex``)."""
    if checkers is not None and CHECKER not in checkers:
        validate_params = None  # a registry without the family: nothing reads the parameters
    return load_tq_autotest(path, validate_params=validate_params)


def _languages(langpair: object, *, path: Path, item: str) -> tuple[str, str]:
    """The source and target language of an item's ``langpair`` (``deen``, ``de-en``, ``de_en``)."""
    pair = _LANGPAIR.match(langpair.strip().lower()) if isinstance(langpair, str) else None
    if pair is None:
        raise SuiteError(f"expected a language pair such as 'deen' or 'de-en', found {langpair!r}", file=path,
                         item=item, field="langpair")
    source, target = (pair.group(1), pair.group(2)) if pair.group(1) else (pair.group(3), pair.group(4))
    return source, target


def load_tq_autotest(path: Path, *, validate_params: ParamValidator | None = None) -> Suite:
    """Categories and phenomena become categories and subcategories; each item keeps its id (an
    integer id as its digits), source and regexes (checker ``tq-regex``, its parameters read by ``validate_params`` when
    given); positive and negative tokens become recorded human verdicts ("yes" and "no"), one per
    ``|``-separated alternative. The items' ``langpair`` (``deen``, ``de-en``) gives the suite's
    languages; items that disagree on it are refused."""
    document = files.read_json(path, error=SuiteError)
    raw_items = document.get("items") if isinstance(document, dict) else None
    if not isinstance(raw_items, list) or not raw_items:
        raise SuiteError("expected an object with a non-empty 'items' list (TQ-AutoTest format)", file=path,
                         field="items")
    name = path.name.removesuffix(".json").removesuffix(".items")
    categories_of: dict[str, set[str]] = {}
    for raw in raw_items:
        if isinstance(raw, dict) and isinstance(raw.get("phenomenon"), str) and isinstance(raw.get("category"), str):
            categories_of.setdefault(raw["phenomenon"].strip(), set()).add(raw["category"].strip())
    source_language, target_language = "", ""
    langpair_of = ""  # the item whose langpair gave the suite its languages
    items: list[ChallengeItem] = []
    verdicts: list[RecordedVerdict] = []
    categories: dict[str, dict[str, list[str]]] = {}
    seen: set[str] = set()
    for index, raw in enumerate(raw_items):
        label = str(raw.get("id", f"#{index + 1}")) if isinstance(raw, dict) else f"#{index + 1}"
        if not isinstance(raw, dict):
            raise SuiteError("expected an object", file=path, item=label)
        for field in _FIELDS:
            value = raw.get(field)
            if field == "id" and isinstance(value, int) and not isinstance(value, bool):
                continue  # an integer id is read as its digits
            if not isinstance(value, str) or (field not in ("positive_regex", "negative_regex") and not value.strip()):
                raise SuiteError("missing, or not text", file=path, item=label, field=field)
        item_id = str(raw["id"])
        if item_id in seen:
            raise SuiteError(f"duplicate item id {item_id!r}", file=path, item=item_id, field="id")
        seen.add(item_id)
        if raw.get("langpair") not in (None, ""):
            languages = _languages(raw["langpair"], path=path, item=item_id)
            if not source_language:
                (source_language, target_language), langpair_of = languages, item_id
            elif languages != (source_language, target_language):
                raise SuiteError(f"{raw['langpair']!r} disagrees with item {langpair_of}'s "
                                 f"{source_language}-{target_language}: a suite has one language pair",
                                 file=path, item=item_id, field="langpair")
        problems = []
        for field in ("positive_regex", "negative_regex"):
            if raw[field] and compile_pattern(raw[field]) is None:
                try:
                    re.compile(raw[field])
                except re.error as exc:
                    problems.append(f"{field} {raw[field]!r} does not compile in Python: {exc}")
        category, phenomenon = raw["category"].strip(), raw["phenomenon"].strip()
        if len(categories_of.get(phenomenon, ())) > 1:  # the same phenomenon name in two categories
            phenomenon = f"{category} / {phenomenon}"
        categories.setdefault(category, {}).setdefault(phenomenon, []).append(item_id)
        params = {"positive": raw["positive_regex"], "negative": raw["negative_regex"]}
        parsed = None
        if validate_params is not None:
            try:
                parsed = validate_params(CHECKER, params)
            except Exception as exc:  # noqa: BLE001 - any fault of a suite's text is that suite's one line
                message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else f"{type(exc).__name__}: {exc}"
                raise SuiteError(f"invalid parameters for checker {CHECKER!r}: {message}", file=path, item=item_id,
                                 field="params") from None
        items.append(ChallengeItem(
            id=item_id, suite=name, category=category, subcategory=phenomenon, source=raw["source_sentence"],
            references=(), question=f"Is the phenomenon “{phenomenon}” translated correctly?", checker=CHECKER,
            params=MappingProxyType(params), parsed_params=parsed, problem="; ".join(problems),
        ))
        for field, verdict in (("positive_tokens", "yes"), ("negative_tokens", "no")):
            tokens = raw.get(field) or []
            if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
                raise SuiteError("expected a list of texts", file=path, item=item_id, field=field)
            for token in tokens:
                for alternative in token.split("|"):
                    if alternative.strip():
                        verdicts.append(RecordedVerdict(item=item_id, output=alternative, verdict=verdict,
                                                        source=f"TQ-AutoTest {field}"))
    subcategories = {
        phenomenon: Subcategory(id=phenomenon, title=phenomenon, category=category,
                                question=f"Is the phenomenon “{phenomenon}” translated correctly?",
                                checker=CHECKER, params=MappingProxyType({}), explanation="", item_ids=tuple(ids))
        for category, phenomena in categories.items() for phenomenon, ids in phenomena.items()
    }
    return Suite(
        name=name, title=f"TQ-AutoTest suite {path.name}", citation="", source_language=source_language or "xx",
        target_language=target_language or "xx", path=path,
        categories=tuple(Category(id=c, title=c, subcategory_ids=tuple(p)) for c, p in categories.items()),
        subcategories=MappingProxyType(subcategories), items=tuple(items), systems=MappingProxyType({}),
        verdicts=tuple(verdicts), description=f"Read unchanged from {path.name} ({FORMAT} format).",
        verdict_paths=(path,),
    )
