"""Reading WinoMT (Stanovsky, Smith & Zettlemoyer 2019) unchanged: its English sets and its ``|||`` translations.

WinoMT's sets are tab-separated lines ``gender<TAB>index<TAB>sentence<TAB>profession``: ``en.txt``
(3,888 sentences) and its pro- and anti-stereotypical subsets ``en_pro.txt`` and ``en_anti.txt``
(1,584 each). They are English only, so a suite of this format is a small manifest, a
``suite.yaml`` with ``format: winomt``, naming the set, the target language and the checker family;
its recorded systems are WinoMT's translation files (``<system>/en-<lang>.txt``: one line
``english sentence ||| translation`` per line of ``en.txt``), which ``file:`` systems read too
(:func:`read_parallel`).

An item's id is its 0-based line number in ``en.txt`` (the ``Index`` of WinoMT's human
annotations), also when the set is a subset. Its category is where the sentence comes from:
WinoBias for the lines of ``en_pro.txt`` and ``en_anti.txt`` (``en.txt``'s first 3,168 lines: the
anti-stereotypical, then the pro-stereotypical ones), Winogender for the lines in neither (the last
720: 240 sentences, each with *he*, *she* and *they*); its subcategory is ``pro``, ``anti`` or
``other``.
"""
from __future__ import annotations

import gzip
import os
import re
from collections import deque
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from pytest_mtchallenge import files
from pytest_mtchallenge.errors import MTChallengeError, OutputError, SuiteError
from pytest_mtchallenge.formats import SUITE_FILES, suite_file_in
from pytest_mtchallenge.model import Category, ChallengeItem, RecordedSystem, Subcategory, Suite
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.text.suggest import did_you_mean

NAME = "winomt"
GENDERS = ("male", "female", "neutral")
#: Between the English sentence and its translation on a line of a WinoMT translation file.
SEPARATOR = " ||| "
SET_NAMES = ("en.txt", "en_pro.txt", "en_anti.txt")
CITATION = ("Gabriel Stanovsky, Noah A. Smith and Luke Zettlemoyer. 2019. Evaluating Gender Bias in Machine "
            "Translation. In Proceedings of the 57th Annual Meeting of the Association for Computational "
            "Linguistics (ACL), pages 1679–1684, Florence, Italy.")
#: Categories (where a sentence comes from) and subcategories (its subset), in report order.
CATEGORIES = {
    "winobias": ("WinoBias (Zhao et al. 2018)", ("pro", "anti")),
    "winogender": ("Winogender (Rudinger et al. 2018)", ("other",)),
}
SUBCATEGORIES = {
    "pro": "pro-stereotypical (en_pro.txt)",
    "anti": "anti-stereotypical (en_anti.txt)",
    "other": "in neither subset",
}
QUESTION = "Does the translation give the entity the gender it has in the English?"

_MANIFEST_KEYS = {"format", "name", "title", "citation", "licence", "description", "version", "source_language",
                  "target_language", "checker", "set", "translations", "systems", "reading", "published",
                  "known_defects"}
#: The readings of the entity's gender a manifest may choose for the outcome (the entity_gender family's).
READINGS = ("paper", "context-aware")
_REQUIRED = ("name", "title", "target_language", "checker", "set")
_FORMAT_LINE = re.compile(rb"^format:[ \t]*[\"']?winomt[\"']?[ \t]*(#.*)?$", re.MULTILINE)
_SET_FILE = re.compile(r"^en(_pro|_anti)?\.txt(\.gz)?$")
_FIRST_LINE = re.compile(r"^(male|female|neutral)\t\d+\t[^\t]+\t[^\t]+$")

ParamValidator = Callable[[str, Mapping[str, object]], None]


@dataclass(frozen=True, slots=True)
class Manifest:
    """A WinoMT suite's manifest, read and checked once: what WinoMT's files do not say."""

    name: str
    title: str
    target_language: str
    checker: str
    set: str  # en.txt, en_pro.txt or en_anti.txt (or .gz), relative to the manifest's folder
    citation: str = CITATION
    licence: str = ""
    description: str = ""
    version: str = ""
    translations: str = ""  # the folder of <system>/en-<lang>.txt files, relative to the manifest's folder
    #: The systems to record, in order, with their descriptions (None: every one the folder holds).
    systems: Mapping[str, str] | None = None
    #: Which reading of the entity's gender decides the outcome ("": the family's default, the paper's).
    reading: str = ""
    #: The published figures to show beside the measures (a YAML file, relative to the manifest's folder).
    published: str = ""
    #: Recorded outputs that are known defects of the data, and why: ``ITEM`` (every system's output of
    #: that item) or ``SYSTEM/ITEM``; their tests are left out of the recorded systems' runs and measures.
    known_defects: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class SetLine:
    """One line of a WinoMT set: the entity, its gold gender and its word position in the sentence."""

    gender: str
    position: int
    sentence: str
    entity: str


def _has_format_line(path: Path) -> bool:
    """Whether the file has a top-level line ``format: winomt``, wherever it is (comments or other
    keys may come first): read a block at a time, up to the size limit of a suite file."""
    tail, size = b"", 0
    try:
        with path.open("rb") as handle:
            while size <= files.MAX_FILE_BYTES and (block := handle.read(1 << 16)):
                size += len(block)
                text = tail + block
                lines_end = text.rfind(b"\n") + 1  # the last line may go on in the next block
                if _FORMAT_LINE.search(text[:lines_end]) is not None:
                    return True
                tail = text[lines_end:][-4096:]
    except OSError:
        return False
    return _FORMAT_LINE.search(tail) is not None


def looks_like(path: Path) -> bool:
    """A manifest (``suite.yaml`` with ``format: winomt``, or a folder holding one), or one of
    WinoMT's own set files (``en.txt``, ``en_pro.txt``, ``en_anti.txt``, gzipped or not), taken
    to be refused with how to name its target language."""
    if path.is_dir():
        found = suite_file_in(path)
        return found is not None and looks_like(found)
    if not path.is_file():
        return False
    if path.name in SUITE_FILES:
        return _has_format_line(path)
    if _SET_FILE.match(path.name) is None:
        return False
    try:
        with (gzip.open(path, "rb") if path.suffix == ".gz" else path.open("rb")) as handle:
            first = handle.read(4096).decode("utf-8-sig", errors="ignore").split("\n", 1)[0].rstrip("\r")
    except (OSError, EOFError):
        return False
    return _FIRST_LINE.match(first) is not None


def load(path: Path, *, checkers: Mapping[str, type] | Collection[str] | None = None,
         validate_params: ParamValidator | None = None) -> Suite:
    """A WinoMT suite from its manifest: the set's items, with WinoMT's translations as recorded systems."""
    path = Path(path)
    if path.is_dir():
        path = suite_file_in(path) or path / SUITE_FILES[0]
    if path.name not in SUITE_FILES:
        raise SuiteError(
            "a WinoMT set is English only: name its target language and checker in a manifest, a suite.yaml with "
            f"format: winomt, set: {path.name}, target_language and checker (docs/suite-format.md), or run a "
            "bundled one (winomt-en-fr, winomt-en-de)", file=path)
    manifest = read_manifest(path)
    set_path = _beside(path, manifest.set)
    if _SET_FILE.match(set_path.name) is None:
        raise SuiteError(f"expected one of WinoMT's sets ({', '.join(SET_NAMES)}, gzipped or not), found "
                         f"{set_path.name!r}", file=path, field="set")
    whole_path, subset_paths = _set_files(set_path, manifest_path=path)
    whole = read_set(whole_path)
    subsets = subset_lines(whole, whole_path, subset_paths)
    stereotype = ["other"] * len(whole)
    for subset, indices in subsets.items():
        for index in indices:
            stereotype[index] = subset
    checker = manifest.checker
    if checkers is not None and checker not in checkers:
        hint = did_you_mean(checker, checkers)
        raise SuiteError(f"unknown checker {checker!r}{': ' + hint if hint else ''} "
                         f"(known: {', '.join(sorted(checkers))})", file=path, field="checker")
    items = []
    for index in _chosen_lines(set_path, whole, subsets):
        line = whole[index]
        item_id = str(index)
        params: dict[str, object] = {"entity": line.entity, "gender": line.gender, "position": line.position}
        if manifest.reading:
            params["reading"] = manifest.reading
        parsed = None
        if validate_params is not None:
            try:
                parsed = validate_params(checker, params)
            except Exception as exc:  # noqa: BLE001 - any fault of a suite's text is that suite's one line
                message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else f"{type(exc).__name__}: {exc}"
                raise SuiteError(f"invalid parameters for checker {checker!r}: {message}", file=whole_path,
                                 item=item_id, field="params") from None
        subcategory = stereotype[index]
        items.append(ChallengeItem(
            id=item_id, suite=manifest.name, category="winogender" if subcategory == "other" else "winobias",
            subcategory=subcategory, source=line.sentence, references=(),
            question=f"Does the translation give “{line.entity}” the gender it has in the English ({line.gender})?",
            checker=checker, params=MappingProxyType(params), parsed_params=parsed, source_locus=_locus(line),
            target_language=manifest.target_language, gold=line.gender,
        ))
    categories, subcategories = _tree(items, checker)
    systems = _recorded_systems(path, manifest, items)
    origin = {c.id: sum(len(subcategories[s].item_ids) for s in c.subcategory_ids) for c in categories}
    description = manifest.description or (
        f"WinoMT's {set_path.name.removesuffix('.gz')} read unchanged: {len(items):,} sentences "
        f"({origin.get('winobias', 0):,} from WinoBias, {origin.get('winogender', 0):,} from Winogender). As in "
        "WinoMT, an entity not found, or found without a gender cue, counts as wrong: the rate is pass / items."
        + (f" Licence: {manifest.licence}." if manifest.licence else ""))
    return Suite(
        name=manifest.name, title=manifest.title, citation=manifest.citation, source_language="en",
        target_language=manifest.target_language, path=path, categories=categories,
        subcategories=MappingProxyType(subcategories), items=tuple(items), systems=MappingProxyType(systems),
        verdicts=(), description=description, version=manifest.version,
        # WinoMT's accuracy: an entity not found, or found without a gender cue, is wrong.
        rate="items", data_paths=(whole_path, *subset_paths.values()),
    )


def _beside(manifest: Path, relative: str) -> Path:
    """A path the manifest names, relative to its folder, without ``..`` in messages."""
    return Path(os.path.normpath(manifest.parent / relative))


def read_manifest(path: Path) -> Manifest:
    """The manifest at ``path``; an unknown, missing or mistyped field is a :class:`SuiteError` naming it."""
    document = files.read_yaml(path, error=SuiteError)
    if not isinstance(document, dict):
        raise SuiteError("expected a mapping (a WinoMT manifest)", file=path)
    raw = {str(key): value for key, value in document.items()}
    for key in raw:
        if key not in _MANIFEST_KEYS:
            raise SuiteError(f"unknown field (allowed: {', '.join(sorted(_MANIFEST_KEYS))})", file=path, field=key)
    if raw.get("format") != NAME:
        raise SuiteError(f"expected {NAME!r}", file=path, field="format")
    for key in _REQUIRED:
        if not isinstance(raw.get(key), str) or not str(raw[key]).strip():
            raise SuiteError("missing required field, or not text", file=path, field=key)
    for key in ("title", "citation", "licence", "description", "version", "source_language", "translations"):
        if key in raw and not isinstance(raw[key], str):
            raise SuiteError("expected text", file=path, field=key)
    if raw.get("source_language", "en") != "en":
        raise SuiteError(f"WinoMT's sets are English, found {raw['source_language']!r}", file=path,
                         field="source_language")
    systems = raw.get("systems")
    if systems is not None and (not isinstance(systems, dict)
                                or not all(isinstance(v, str) for v in systems.values())):
        raise SuiteError("expected a mapping from a translations folder's system name to its description",
                         file=path, field="systems")
    if systems is not None and "translations" not in raw:
        raise SuiteError("names systems without a translations folder", file=path, field="systems")
    if "reading" in raw and raw["reading"] not in READINGS:
        raise SuiteError(f"expected one of {', '.join(READINGS)}", file=path, field="reading")
    if "published" in raw and not isinstance(raw["published"], str):
        raise SuiteError("expected the path of a file of published figures", file=path, field="published")
    defects = raw.get("known_defects", {})
    if not isinstance(defects, dict) or not all(
            isinstance(v, str) and v.strip() and re.fullmatch(r"(?:[\w.-]+/)?[0-9]+", str(k)) for k, v in defects.items()):
        raise SuiteError("expected a mapping from an item id (or SYSTEM/ITEM) to why its recorded output is a "
                         "known defect of the data", file=path, field="known_defects")
    text = {key: str(value) for key, value in raw.items()
            if key not in ("format", "source_language", "systems", "known_defects")}
    return Manifest(**text, systems=MappingProxyType({str(k): v for k, v in systems.items()}) if systems else None,
                    known_defects=MappingProxyType({str(k): v.strip() for k, v in defects.items()}))


def known_defects_of(manifest: Manifest, system: str) -> dict[str, str]:
    """The items whose recorded output of ``system`` is a known defect of the data, and why."""
    return defects_for(manifest.known_defects, system)


def defects_for(known_defects: Mapping[str, str], system: str) -> dict[str, str]:
    """The items of ``known_defects`` (keyed ``ITEM`` for every system, or ``SYSTEM/ITEM``) that are
    defects of ``system``'s recorded outputs, and why."""
    found = {}
    for key, reason in known_defects.items():
        named, _, item = key.rpartition("/")
        if named in ("", system):
            found[item] = reason
    return found


def _set_files(set_path: Path, *, manifest_path: Path) -> tuple[Path, dict[str, Path]]:
    """``en.txt`` and the two subsets beside the set (each may be gzipped)."""
    found: dict[str, Path] = {}
    for stem in SET_NAMES:
        candidates = [set_path.parent / stem, set_path.parent / f"{stem}.gz"]
        path = next((c for c in candidates if c.is_file()), None)
        if path is None:
            raise SuiteError(f"WinoMT's {stem} is not beside the set ({set_path.parent}): the ids are en.txt's line "
                             "numbers and the subsets en_pro.txt and en_anti.txt give the categories",
                             file=manifest_path, field="set")
        found[stem] = path
    return found["en.txt"], {"pro": found["en_pro.txt"], "anti": found["en_anti.txt"]}


def read_set(path: Path) -> list[SetLine]:
    """The lines of a WinoMT set file; a malformed line is a :class:`SuiteError` naming file and line."""
    text = files.read_text(path, error=SuiteError, what="WinoMT set")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    read = []
    for number, raw in enumerate(lines, start=1):
        where = f"{path}:{number}"
        fields = raw.rstrip("\r").split("\t")
        if len(fields) != 4:
            raise SuiteError(f"expected 4 tab-separated fields (gender, index, sentence, profession), found "
                             f"{len(fields)}", file=where)
        gender, index, sentence, entity = (field.strip() for field in fields)
        if gender not in GENDERS:
            raise SuiteError(f"expected a gender ({', '.join(GENDERS)}), found {gender!r}", file=where)
        if not re.fullmatch(r"[0-9]{1,9}", index) or int(index) >= len(sentence.split()):
            raise SuiteError(f"expected the entity's word position in the sentence (0 to "
                             f"{len(sentence.split()) - 1}), found {index!r}", file=where)
        if not sentence or not entity:
            raise SuiteError("the sentence and the profession must not be empty", file=where)
        read.append(SetLine(gender=gender, position=int(index), sentence=sentence, entity=entity))
    if not read:
        raise SuiteError("a WinoMT set without a line", file=path)
    return read


def subset_lines(whole: Sequence[SetLine], whole_path: Path, subsets: Mapping[str, Path]) -> dict[str, list[int]]:
    """The ``en.txt`` line indices of each subset's lines, in the subset's order. A subset's line is
    the line of ``en.txt`` with the same four fields; the k-th copy of a line given twice is the k-th
    copy in ``en.txt`` (six lines of WinoMT's are given twice, in en.txt and in their subset alike)."""
    found: dict[str, list[int]] = {}
    taken: dict[int, str] = {}
    for name, path in subsets.items():
        where: dict[SetLine, deque[int]] = {}
        for index, line in enumerate(whole):
            where.setdefault(line, deque()).append(index)
        found[name] = []
        for number, line in enumerate(read_set(path), start=1):
            positions = where.get(line)
            if not positions:
                raise SuiteError(f"this line is not in {whole_path.name} (or is given more often than there): "
                                 "WinoMT's subsets are lines of en.txt", file=f"{path}:{number}")
            index = positions.popleft()
            if index in taken:
                raise SuiteError(f"{whole_path.name} line {index + 1} is in both {subsets[taken[index]].name} and "
                                 f"{path.name}", file=f"{path}:{number}")
            taken[index] = name
            found[name].append(index)
    return found


def _chosen_lines(set_path: Path, whole: Sequence[SetLine], subsets: Mapping[str, list[int]]) -> list[int]:
    """The ``en.txt`` indices of the set's lines, in its order: all of en.txt, or one subset."""
    name = set_path.name.removesuffix(".gz")
    if name == "en_pro.txt":
        return list(subsets["pro"])
    if name == "en_anti.txt":
        return list(subsets["anti"])
    return list(range(len(whole)))


def _locus(line: SetLine) -> tuple[str, ...]:
    """The entity as the sentence writes it (``Someone`` for ``someone``), when it does."""
    at = line.sentence.lower().find(line.entity.lower())
    return (line.sentence[at:at + len(line.entity)],) if at >= 0 else ()


def _tree(items: Sequence[ChallengeItem], checker: str) -> tuple[tuple[Category, ...], dict[str, Subcategory]]:
    """Categories and subcategories holding the items, in WinoMT's order (empty ones left out)."""
    ids: dict[str, list[str]] = {}
    for item in items:
        ids.setdefault(item.subcategory, []).append(item.id)
    subcategories = {
        sub: Subcategory(id=sub, title=SUBCATEGORIES[sub], category=cat, question=QUESTION, checker=checker,
                         params=MappingProxyType({}), explanation="", item_ids=tuple(ids[sub]))
        for cat, (_, subs) in CATEGORIES.items() for sub in subs if sub in ids
    }
    categories = tuple(Category(id=cat, title=title, subcategory_ids=tuple(s for s in subs if s in ids))
                       for cat, (title, subs) in CATEGORIES.items() if any(s in ids for s in subs))
    return categories, subcategories


def _recorded_systems(path: Path, manifest: Manifest, items: Sequence[ChallengeItem]) -> dict[str, RecordedSystem]:
    """WinoMT's translations into the target language, ``<system>/en-<lang>.txt`` (or ``.txt.gz``)
    in the ``translations`` folder: the systems the manifest names (in its order), else all of them."""
    if not manifest.translations:
        return {}
    folder = _beside(path, manifest.translations)
    if not folder.is_dir():
        raise SuiteError(f"not a folder ({folder})", file=path, field="translations")
    named = manifest.systems
    names = list(named) if named is not None else sorted(p.name for p in folder.iterdir() if p.is_dir())
    systems: dict[str, RecordedSystem] = {}
    for name in names:
        stem = f"en-{manifest.target_language}.txt"
        found = next((p for p in (folder / name / stem, folder / name / f"{stem}.gz") if p.is_file()), None)
        if found is None:
            if named is not None:
                raise SuiteError(f"no translation file {name}/{stem} (or {stem}.gz) in {folder}", file=path,
                                 field=f"systems.{name}")
            continue
        text = files.read_text(found, error=SuiteError, what="WinoMT translation file")
        excluded = known_defects_of(manifest, name)
        parallel = read_parallel(text, path=found, items=items, error=SuiteError, excluded=excluded)
        description = named[name] if named is not None else ""
        systems[name] = RecordedSystem(
            name=name, description=description or f"{name}, as published with WinoMT", date="2019",
            outputs=MappingProxyType(parallel.outputs), path=found, errors=MappingProxyType(parallel.errors),
            excluded=MappingProxyType({i: f"{found}:{int(i) + 1}: {r}" for i, r in excluded.items()}))
    return systems


# -- WinoMT's translation files: ``english sentence ||| translation``, one line per line of en.txt ----------


@dataclass(frozen=True, slots=True)
class ParallelOutputs:
    """The outputs a ``|||`` file gives the items, and why it gives none to the others."""

    outputs: dict[str, str]
    errors: dict[str, str]


def is_parallel(first_line: str) -> bool:
    """Whether a file whose first non-empty line is ``first_line`` is a WinoMT translation file."""
    return SEPARATOR in first_line and not first_line.lstrip().startswith("{")


def read_parallel(text: str, *, path: Path, items: Sequence[ChallengeItem],
                  error: type[MTChallengeError] = OutputError,
                  excluded: Collection[str] = ()) -> ParallelOutputs:
    """Each item's translation in a WinoMT translation file: line N+1 holds the item whose id is N
    (en.txt's line numbers, from 0), as ``english sentence ||| translation``.

    A line whose English is not its item's source (after normalisation: Unicode, spaces, quotes)
    translates another sentence: that item gets an error naming the file and line. When more
    lines than a few (10, or 1 % of the items) do not match, the file is not aligned with the
    suite at all: ``error`` is raised, naming the first such line. The ``excluded`` items (known defects
    of the data, which the suite leaves out) are neither read nor errors.
    """
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    not_numbers = [item.id for item in items if not re.fullmatch(r"0|[1-9][0-9]{0,8}", item.id)]
    if not_numbers:
        raise error(f"a file of ' ||| ' lines (WinoMT's translations) gives line N+1 to the item whose id is N; "
                    f"suite {items[0].suite}'s item ids are not line numbers (e.g. {not_numbers[0]!r})", file=path)
    outputs: dict[str, str] = {}
    errors: dict[str, str] = {}
    mismatched: list[tuple[int, str]] = []  # (line number, what is wrong with it)
    for item in items:
        if item.id in excluded:
            continue
        index = int(item.id)
        if index >= len(lines):
            errors[item.id] = (f"{path}: no line for this item (the file has {len(lines)} lines; line N+1 holds the "
                               "item whose id is N)")
            continue
        english, separator, translation = lines[index].partition(SEPARATOR)
        if not separator:
            mismatched.append((index + 1, "no ' ||| ' between the English sentence and its translation"))
        elif normalise_text(english) != normalise_text(item.source):
            mismatched.append((index + 1, f"the English “{english.strip()}” is not the source of item {item.id} "
                                          f"“{item.source}”: this line translates another sentence"))
        else:
            outputs[item.id] = translation.strip()
            continue
        errors[item.id] = f"{path}:{index + 1}: {mismatched[-1][1]}"
    if len(mismatched) > max(10, len(items) // 100):
        number, why = mismatched[0]
        raise error(f"{len(mismatched)} of {len(items)} lines do not hold their item's English, so the file is not "
                    f"aligned with suite {items[0].suite} (line N+1 must hold the item whose id is N, as in WinoMT's "
                    f"en.txt); the first is line {number}: {why}", file=path)
    return ParallelOutputs(outputs=outputs, errors=errors)
