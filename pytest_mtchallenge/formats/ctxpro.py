"""Reading ctxpro evaluation sets (Wicks & Post 2023) unchanged: items, input contexts and recorded outputs.

A set is its JSON file (``paper/jsons/<set>.json``: a list of items with ``src segment``, ``ref
segment``, ``expected``, ``rule`` …). Beside it, as in ctxpro's ``paper/`` folder, the loader reads
``../inputs/<set>`` (one line per item: the preceding source sentences and the item's sentence
joined by ``<eos> ``) and every ``../outputs/<system>.<set>.sentences`` or ``.contexts`` file (one
output line per item) as a recorded system. ``ctxpro:PATH`` (or a detected file) judges each rule
with the target language's families where the plugin has one (French: ``formality`` and
``verb_ellipsis``); ``ctxpro-upstream:PATH`` judges every rule with ``ctxpro-expected``, ctxpro's own
scorer (see :mod:`pytest_mtchallenge.formats.ctxpro_upstream`).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import SuiteError
from pytest_mtchallenge.model import Category, ChallengeItem, RecordedSystem, Subcategory, Suite

NAME = "ctxpro"
UPSTREAM = "ctxpro-expected"
#: Sets whose rules the target language's own families judge (set name → family), by target language.
FAMILIES: dict[str, dict[str, str]] = {"fr": {"formality": "formality", "auxiliary": "verb_ellipsis"}}
#: Output files beside the set: ``<system>.<set>.<mode suffix>``, and the mode each stands for.
MODES = {"sentences": "sentence", "contexts": "document"}
SEPARATOR = "<eos> "
CITATION = ("Rachel Wicks and Matt Post (2023). Identifying Context-Dependent Translations for Evaluation Set "
            "Production. In Proceedings of the Eighth Conference on Machine Translation (WMT), pages 452–467.")

_NAME_PARTS = re.compile(r"(?:^|\.)(?P<source>[a-z]{2})-(?P<target>[a-z]{2})(?:\.|$)")
_REQUIRED = ("src segment", "ref segment", "expected", "rule")
_CATEGORY_TITLES = {
    "formality": "Formality: tu or vous, as the dialogue has set it",
    "auxiliary": "Auxiliary: the verb of an English elided verb phrase",
    "gender": "Gender: the antecedent's gender on a pronoun", "animacy": "Animacy", "inflection": "Inflection",
}
_RULE_WORDS = {
    "NOM": "subject", "ACC": "object", "DISJ": "disjunctive (stressed)", "LIAS": "elided before a vowel",
    "FORM+PLUR": "formal or plural: vous", "INFORM": "informal", "SING": "singular", "DO": "do/did",
    "WILL": "will", "WOULD": "would", "ELL": "ellipsis",
}

ParamValidator = Callable[[str, Mapping[str, object]], None]


def looks_like(path: Path) -> bool:
    """Whether ``path`` is a ctxpro set: a JSON list whose first item has ``src segment`` and ``rule``."""
    if path.suffix.lower() != ".json" or not path.is_file():
        return False
    head = b""
    try:
        with path.open("rb") as handle:
            head = handle.read(4096).removeprefix(b"\xef\xbb\xbf").lstrip()  # a BOM, white space: JSON's
            while not head and (block := handle.read(1 << 16)):  # as much white space as there is
                head = block.lstrip()
            head += handle.read(max(0, 4096 - len(head)))
    except OSError:
        return False
    text = head.decode("utf-8", errors="ignore")
    return text.startswith("[") and '"src segment"' in text and '"rule"' in text


def load(path: Path, *, checkers: Mapping[str, type] | Collection[str] | None = None,
         validate_params: ParamValidator | None = None) -> Suite:
    """The format's entry point: each rule judged by the target language's family where there is one."""
    return load_ctxpro(path, upstream=False, checkers=checkers, validate_params=validate_params)


def set_name(path: Path) -> tuple[str, str, str]:
    """(set, source language, target language) from a file name such as
    ``mini.formality.opensubtitles.en-fr.test.json``."""
    stem = path.name.removesuffix(".json")
    pair = _NAME_PARTS.search(stem)
    if pair is None:
        raise SuiteError("a ctxpro set's file name names its language pair (e.g. formality.opensubtitles.en-fr.test"
                         ".json)", file=path)
    parts = [p for p in stem[:pair.start()].split(".") if p and p != "mini"]
    return (parts[0] if parts else stem), pair["source"], pair["target"]


def rule_title(rule: str) -> str:
    """``ACC.INFORM.SING`` → ``object, informal, singular`` (the rule itself when its parts are unknown)."""
    words = [_RULE_WORDS[part] for part in rule.split(".") if part in _RULE_WORDS]
    return ", ".join(words) if words else rule


def register_of(rule: str) -> str | None:
    """The register a formality rule expects: ``vous`` (FORM+PLUR), ``tu`` (INFORM.SING), else None."""
    parts = rule.split(".")
    if "FORM+PLUR" in parts:
        return "vous"
    if "INFORM" in parts and "SING" in parts:
        return "tu"
    return None


def load_ctxpro(path: Path, *, upstream: bool, checkers: Mapping[str, type] | Collection[str] | None = None,
                validate_params: ParamValidator | None = None) -> Suite:
    """Items, their contexts and the recorded systems of a ctxpro set.

    Each item's id is its line number (``00001``…), parallel to the input and output files. Its
    category is the set (``formality``), its subcategory the rule (``ACC.INFORM.SING``), its
    reference the ``ref segment``, its context the sentences before it on its input line.
    """
    path = Path(path)
    raw_items = _read_items(path)
    set_id, source_language, target_language = set_name(path)
    stem = path.name.removesuffix(".json")
    family = None if upstream else FAMILIES.get(target_language, {}).get(set_id)
    if family is not None and checkers is not None and family not in checkers:
        family = None  # a registry without the family: ctxpro's own rule judges
    checker = family or UPSTREAM
    root = path.parent.parent
    inputs_path = root / "inputs" / stem
    contexts = _read_contexts(inputs_path, raw_items) if inputs_path.is_file() else None
    width = max(5, len(str(len(raw_items))))
    items: list[ChallengeItem] = []
    rules: dict[str, list[str]] = {}
    # params → (params, as the family parsed them, question): one reading for the items that share them
    shared: dict[tuple[tuple[str, object], ...], tuple[Mapping[str, object], object, str]] = {}
    for index, raw in enumerate(raw_items):
        item_id = f"{index + 1:0{width}d}"
        params = _params(checker, raw, path=path, item=item_id)
        key = tuple(params.items())
        if key not in shared:
            parsed = None
            if validate_params is not None:
                try:
                    parsed = validate_params(checker, params)
                except (ValueError, KeyError) as exc:
                    raise SuiteError(str(exc).strip("'\""), file=path, item=item_id,
                                     field=_FIELD_OF_PARAMS[checker]) from None
            shared[key] = (MappingProxyType(params), parsed, _question(checker, params))
        frozen, parsed, question = shared[key]
        rule = raw["rule"]
        rules.setdefault(rule, []).append(item_id)
        expected = raw["expected"]
        document = raw.get("document id")
        segment = raw.get("segment id")
        items.append(ChallengeItem(
            id=item_id, suite=stem, category=set_id, subcategory=rule, source=raw["src segment"],
            references=(raw["ref segment"],), question=question, checker=checker, params=frozen, parsed_params=parsed,
            locus=(expected,),
            context=contexts[index] if contexts is not None else (),
            document=str(document) if document is not None else "",
            notes=f"segment {segment} of {document}" if document is not None and segment is not None else "",
        ))
    subcategories = {
        rule: Subcategory(id=rule, title=rule_title(rule), category=set_id, question=_SUBCATEGORY_QUESTIONS[checker],
                          checker=checker, params=MappingProxyType({}), explanation="", item_ids=tuple(ids))
        for rule, ids in rules.items()
    }
    systems = _recorded_systems(root / "outputs", stem, items, upstream=upstream, target_language=target_language,
                                source_language=source_language)
    judged_by = "ctxpro's own rule (ctxpro-expected)" if checker == UPSTREAM else f"the {checker} family"
    return Suite(
        name=stem, title=f"ctxpro {set_id} ({source_language}→{target_language}), judged by {judged_by}",
        citation=CITATION, source_language=source_language, target_language=target_language, path=path,
        categories=(Category(id=set_id, title=_CATEGORY_TITLES.get(set_id, set_id), subcategory_ids=tuple(rules)),),
        subcategories=MappingProxyType(subcategories), items=tuple(items), systems=MappingProxyType(systems),
        verdicts=(), description=f"Read unchanged from {path.name} (ctxpro format) and the files beside it.",
        # ctxpro's score is the share of items that pass; the linguist's families leave out what
        # they find no occasion to judge (n/a), as pass / (pass + fail).
        rate="items" if checker == UPSTREAM else "decided",
    )


_SUBCATEGORY_QUESTIONS = {
    UPSTREAM: "Does the last sentence of the output contain the word the reference uses?",
    "formality": "Does every second-person form of the output have the register the context sets?",
    "verb_ellipsis": "Does the output repeat the verb of the elided verb phrase's antecedent?",
}
_FIELD_OF_PARAMS = {UPSTREAM: "expected", "formality": "rule", "verb_ellipsis": "ref verb lemma"}


def _question(checker: str, params: Mapping[str, object]) -> str:
    if checker == "formality":
        return f"Does the output address the listener as the context requires ({params['register']})?"
    if checker == "verb_ellipsis":
        return f"Does the output repeat the elided verb ({params['lemma']}), not a pro-verb or another verb?"
    return f"Does the last sentence of the output contain “{params['expected']}”?"


def _params(checker: str, raw: Mapping[str, object], *, path: Path, item: str) -> dict[str, object]:
    if checker == "formality":
        register = register_of(str(raw["rule"]))
        if register is None:
            raise SuiteError("a formality rule names FORM+PLUR (vous) or INFORM and SING (tu)", file=path, item=item,
                             field="rule")
        return {"register": register}
    if checker == "verb_ellipsis":
        lemma = raw.get("ref verb lemma")
        if not isinstance(lemma, str) or not lemma.strip():
            raise SuiteError("missing, or not text", file=path, item=item, field="ref verb lemma")
        return {"lemma": lemma.strip()}
    return {"expected": raw["expected"]}


def _read_items(path: Path) -> list[dict[str, str]]:
    document = files.read_json(path, error=SuiteError)  # within the size and nesting limits
    if not isinstance(document, list) or not document:
        raise SuiteError("expected a non-empty list of items (ctxpro format)", file=path)
    for index, raw in enumerate(document):
        if not isinstance(raw, dict):
            raise SuiteError("expected an object", file=path, item=f"{index + 1:05d}")
        for field in _REQUIRED:
            value = raw.get(field)
            if not isinstance(value, str) or not value.strip():
                raise SuiteError("missing, or not text", file=path, item=f"{index + 1:05d}", field=field)
    return document


def _read_lines(path: Path, count: int) -> list[str]:
    """The lines of an inputs or outputs file beside the set, one per item (within the size limit)."""
    lines = files.read_text(path, error=SuiteError).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != count:
        raise SuiteError(f"has {len(lines)} lines for the set's {count} items (one line per item, in order)",
                         file=path)
    return lines


def _read_contexts(path: Path, raw_items: list[dict[str, str]]) -> list[tuple[str, ...]]:
    """The sentences before each item's own on its input line (the last ``<eos> `` part is the item's)."""
    contexts = []
    for index, (line, raw) in enumerate(zip(_read_lines(path, len(raw_items)), raw_items)):
        parts = [part.strip() for part in line.rstrip("\r").split(SEPARATOR)]
        if parts[-1] != raw["src segment"].strip():
            raise SuiteError(f"line {index + 1} does not end with the item's src segment {raw['src segment']!r}: "
                             "the inputs and the set are not parallel", file=path, item=f"{index + 1:05d}")
        contexts.append(tuple(part for part in parts[:-1] if part))
    return contexts


def _recorded_systems(folder: Path, stem: str, items: list[ChallengeItem], *, upstream: bool, source_language: str,
                      target_language: str) -> dict[str, RecordedSystem]:
    """Every ``<system>.<set>.sentences`` / ``.contexts`` file beside the set, as a recorded system."""
    systems: dict[str, RecordedSystem] = {}
    if not folder.is_dir():
        return systems
    for suffix, mode in MODES.items():
        for output_path in sorted(folder.glob(f"*.{stem}.{suffix}")):
            system = output_path.name.removesuffix(f".{stem}.{suffix}")
            lines = [line.rstrip("\r").strip() for line in _read_lines(output_path, len(items))]
            context_outputs: Mapping[str, tuple[str, ...]] = MappingProxyType({})
            if mode == "document":
                outputs, context_outputs = split_document_outputs(
                    items, lines, upstream=upstream, source_language=source_language, target_language=target_language)
            else:
                outputs = {item.id: line for item, line in zip(items, lines)}
            name = f"{system}-{suffix}"
            how = ("each sentence translated alone" if mode == "sentence"
                   else "each input line translated whole, context and sentence together")
            systems[name] = RecordedSystem(
                name=name, description=f"{system} ({how}), as published with ctxpro", date="2023",
                outputs=MappingProxyType(outputs), path=output_path, context_outputs=context_outputs,
                mode=mode)
    return dict(sorted(systems.items()))


def split_document_outputs(items: list[ChallengeItem], lines: list[str], *, upstream: bool, source_language: str,
                           target_language: str) -> tuple[dict[str, str], Mapping[str, tuple[str, ...]]]:
    """Each document-mode line cut into the item's output and the translation of its context.

    The item's output is the line's last *k* sentences, *k* the number of sentences of its source
    (the target and source language packs' splitters); the rest is the context translation. With
    ``upstream``, the output is the last sentence as ``ctxpro score`` splits it, as ctxpro judges.
    Only the end of a line is split to find the output; the context is split on first use.
    """
    from pytest_mtchallenge.languages import language_pack

    if upstream:
        from pytest_mtchallenge.checkers.generic.ctxpro_expected import ctxpro_sentences

        split_target = ctxpro_sentences
    else:
        split_target = language_pack(target_language).split_sentences
    split_source = language_pack(source_language).split_sentences
    outputs: dict[str, str] = {}
    documents: dict[str, tuple[str, int]] = {}
    for item, line in zip(items, lines):
        count = 1 if upstream or not _SENTENCE_END.search(item.source) else len(split_source(item.source)) or 1
        outputs[item.id] = " ".join(last_sentences(split_target, line, count)) or line
        documents[item.id] = (line, count)
    return outputs, ContextTranslations(documents, split_target)


#: Where a source may hold more than one sentence: a terminator followed by a space.
_SENTENCE_END = re.compile(r"[.!?…][\"'”’»)\]]*\s")


def last_sentences(split: Callable[[str], list[str]], text: str, count: int) -> list[str]:
    """The last ``count`` sentences of ``text`` (all of them when it has fewer) by ``split``.

    ``split`` must decide each boundary from the words around it (rule-based splitters do): the
    end of the text, cut at a space, is then split as the whole text would be, except for its first
    sentence, which may be cut; the window doubles until it holds more than ``count`` sentences.
    """
    window = 64 * count
    while True:
        cut = text.rfind(" ", 0, len(text) - window) if window < len(text) else -1
        if cut <= 0:
            sentences = split(text)
            return sentences[-count:] if sentences else []
        sentences = split(text[cut + 1:])
        if len(sentences) > count:
            return sentences[-count:]
        window *= 2


class ContextTranslations(Mapping[str, tuple[str, ...]]):
    """The context translation of each item: the sentences of its line before its last *k*, split on first use."""

    def __init__(self, documents: Mapping[str, tuple[str, int]], split: Callable[[str], list[str]]) -> None:
        self._documents = documents
        self._split = split
        self._sentences: dict[str, tuple[str, ...]] = {}

    def __getitem__(self, item_id: str) -> tuple[str, ...]:
        found = self._sentences.get(item_id)
        if found is None:
            line, count = self._documents[item_id]
            found = self._sentences[item_id] = tuple(self._split(line)[:-count])
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._documents)

    def __len__(self) -> int:
        return len(self._documents)
