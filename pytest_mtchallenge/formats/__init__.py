"""Suite formats: one module per format, detected or stated in one place, and where suites are found.

A format module defines ``NAME``, ``looks_like(path)`` (a cheap check of the file's name and first
bytes) and ``load(path, *, checkers, validate_params)`` returning a :class:`~pytest_mtchallenge.model.Suite`
whose items carry their parameters as their family parsed them (``validate_params``).
``FORMATS`` lists them in detection order; modules are imported at first use, so that the plugin
costs a run that uses no suite nothing.
"""
from __future__ import annotations

import hashlib
import importlib.resources
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from types import ModuleType

from pytest_mtchallenge.errors import MTChallengeError, SuiteError
from pytest_mtchallenge.text.suggest import did_you_mean

SUITE_FILE = "suite.yaml"
#: The names a suite file of this project's format may have in its folder (the first is written).
SUITE_FILES = (SUITE_FILE, "suite.yml")


def suite_file_in(folder: Path) -> Path | None:
    """The suite file of ``folder`` (``suite.yaml`` or ``suite.yml``), or None."""
    return next((folder / name for name in SUITE_FILES if (folder / name).is_file()), None)

#: Format name → module, in detection order (the first whose ``looks_like`` accepts a path wins).
FORMATS: dict[str, str] = {
    # contrastive sets (issue 38), read in place: candidates scored by the model under test
    "contrapro": "pytest_mtchallenge.formats.contrapro",
    "lingeval97": "pytest_mtchallenge.formats.lingeval97",
    "discevalmt": "pytest_mtchallenge.formats.discevalmt",
    "tq-autotest": "pytest_mtchallenge.formats.tq_autotest",
    "ctxpro": "pytest_mtchallenge.formats.ctxpro",
    "ctxpro-upstream": "pytest_mtchallenge.formats.ctxpro_upstream",
    "winomt": "pytest_mtchallenge.formats.winomt",  # before yaml: its manifest is a suite.yaml
    "yaml": "pytest_mtchallenge.formats.yaml",
}

#: The most characters a sentence of a suite may have: its source, each reference, each context
#: sentence and its reference. The judge reads as much of an output (``MAX_JUDGED_CHARS``); a longer
#: sentence is the suite's error, not minutes of judging per test.
MAX_SENTENCE_CHARS = 2_000

#: Reads an item's parameters for the named family, when the suite loads: raises ``ValueError``,
#: ``KeyError`` or ``TypeError`` to reject them, and returns what the item keeps as its
#: ``parsed_params`` (the registry's ``family.parse_params(params)``; None: the family reads
#: ``item.params`` when it judges).
ParamValidator = Callable[[str, Mapping[str, object]], object]


#: The formats every lookup finds: the built-in ones, and plugins' once the run's registry is installed
#: (:meth:`pytest_mtchallenge.registry.Registry.install`), theirs tried first (they are the more specific).
_ACTIVE: dict[str, str | ModuleType] = dict(FORMATS)


def use_formats(formats: Mapping[str, str | ModuleType]) -> None:
    """Make ``formats`` (the registry's: the built-in ones and plugins') the ones every lookup finds."""
    added = {name: module for name, module in formats.items() if name not in FORMATS}
    _ACTIVE.clear()
    _ACTIVE.update({**added, **{name: module for name, module in formats.items() if name in FORMATS}})


def format_module(name: str) -> ModuleType:
    if name not in _ACTIVE:
        raise SuiteError(f"unknown suite format {name!r} (known: {', '.join(_ACTIVE)})", file=name)
    from pytest_mtchallenge.extension import resolve

    return resolve(_ACTIVE[name])


def detect_format(path: Path) -> str | None:
    """The format of the suite at ``path``, from its name and content; None when no format takes it."""
    for name in list(_ACTIVE):
        if format_module(name).looks_like(path):
            return name
    return None


def split_format(spec: str) -> tuple[str | None, str]:
    """``tq-autotest:PATH`` → (``tq-autotest``, PATH); a plain name or path has no stated format."""
    for known in list(_ACTIVE):
        if spec.startswith(known + ":"):
            return known, spec[len(known) + 1:]
    return None, spec


def load_any_suite(
    path: str | Path,
    *,
    checkers: Mapping[str, type] | Collection[str] | None = None,
    validate_params: ParamValidator | None = None,
    format: str | None = None,
) -> Suite:
    """Load a suite in any supported format, stated or detected from the content.

    ``checkers`` is the set of known checker families (names, or names → classes): a suite that
    names an unknown family, or a family that cannot judge its target language, fails to load.
    """
    path = Path(path)
    # A file no format takes is read as YAML, except JSON (never this project's YAML format).
    name = format or detect_format(path) or ("tq-autotest" if path.suffix.lower() == ".json" else "yaml")
    try:
        suite = format_module(name).load(path, checkers=checkers, validate_params=validate_params)
    except MTChallengeError:
        raise
    except (RecursionError, OverflowError, MemoryError, ValueError, TypeError, KeyError, IndexError,
            AttributeError, UnicodeError, OSError) as exc:
        # A fault no check of the loader named (a pattern too deep or too large to compile, a number
        # no int holds): still this suite's one line, never a traceback that stops every other suite.
        raise SuiteError(f"cannot be loaded: {type(exc).__name__}: {' '.join(str(exc).split())[:200]}",
                         file=path) from None
    check_sentence_lengths(suite)
    if isinstance(checkers, Mapping):
        check_languages(suite, checkers)
    return suite


def check_sentence_lengths(suite: Suite) -> None:
    """Refuse a suite with a sentence longer than :data:`MAX_SENTENCE_CHARS`, naming its item and field."""
    for item in suite.items:
        for field in ("source", "references", "context", "context_references"):
            found = getattr(item, field)
            for index, sentence in enumerate((found,) if isinstance(found, str) else found):
                if len(sentence) > MAX_SENTENCE_CHARS:
                    which = f"sentence {index + 1} has" if field != "source" else "has"
                    raise SuiteError(f"{which} {len(sentence):,} characters, more than the {MAX_SENTENCE_CHARS:,} "
                                     "a suite's sentence may have (MAX_SENTENCE_CHARS)",
                                     file=suite.path, item=item.id, field=field)


def check_languages(suite: Suite, checkers: Mapping[str, type]) -> None:
    """Refuse a suite whose subcategory (or item) names a family for another target language."""
    seen: set[tuple[str, str]] = set()
    for item in suite.items:
        if (item.subcategory, item.checker) in seen:
            continue
        seen.add((item.subcategory, item.checker))
        family = checkers.get(item.checker)
        judges = getattr(family, "judges", None)
        if judges is None or judges(suite.target_language):
            continue
        languages = ", ".join(family.languages)  # type: ignore[union-attr]
        subcategory = suite.subcategories[item.subcategory]
        where = (f"subcategories.{item.subcategory}.checker" if item.checker == subcategory.checker
                 else "checker")
        usable = sorted(name for name, cls in checkers.items() if getattr(cls, "judges", None)
                        and cls.judges(suite.target_language) and getattr(cls, "languages", ()))
        neutral = sorted(name for name, cls in checkers.items() if not getattr(cls, "languages", ()))
        hints = [f"families for {suite.target_language!r}: {', '.join(usable)}"] if usable else []
        hints.append(f"families for any language: {', '.join(neutral)}")
        raise SuiteError(
            f"checker {item.checker!r} judges outputs in {languages}, but the suite's target language is "
            f"{suite.target_language!r} ({'; '.join(hints)})", file=suite.path,
            item=None if item.checker == subcategory.checker else item.id, field=where)


def bundled_suites() -> dict[str, Path]:
    """Suites shipped with the package, by name (the directory name)."""
    try:
        root = Path(str(importlib.resources.files("pytest_mtchallenge.suites")))
    except (ModuleNotFoundError, TypeError):
        # The package imported from a source checkout (pytest's pythonpath holds the repository root,
        # so a run there imports it even beside an installed copy): the suites sit beside the package,
        # which a wheel maps to pytest_mtchallenge/suites.
        root = Path(__file__).resolve().parents[2] / "suites"
        if not (root / "__init__.py").is_file():
            return {}
    return {p.parent.name: p for p in sorted(root.glob(f"*/{SUITE_FILE}"))}  # shipped as suite.yaml


def resolve_suite(spec: str, *, rootdir: Path | None = None) -> Path:
    """A ``--mt-suite`` value: a bundled suite's name, or a path to a suite file or directory."""
    bundled = bundled_suites()
    if spec in bundled:
        return bundled[spec]
    candidate = Path(spec)
    if not candidate.is_absolute() and rootdir is not None and not candidate.exists():
        candidate = rootdir / candidate
    if candidate.is_dir() and suite_file_in(candidate) is not None:
        return suite_file_in(candidate)  # type: ignore[return-value]
    if candidate.is_dir():
        raise SuiteError(f"a folder without a suite file ({' or '.join(SUITE_FILES)})", file=spec)
    if candidate.is_file():
        return candidate
    known = ", ".join(sorted(bundled)) or "none"
    hint = did_you_mean(spec, bundled)
    raise SuiteError(f"no bundled suite of that name and no such file{': ' + hint if hint else ''} "
                     f"(bundled suites: {known})", file=spec)


def content_hash(paths: Iterable[Path]) -> str:
    """A short hash of files' bytes (for run signatures), read a block at a time."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode())
        with path.open("rb") as handle:
            while block := handle.read(1 << 20):
                digest.update(block)
    return digest.hexdigest()[:10]


from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:
    from pytest_mtchallenge.model import Suite
