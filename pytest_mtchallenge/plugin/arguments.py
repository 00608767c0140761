"""Which command-line arguments are suites, what pytest collects from them, and what selected a run's tests: one answer each, from plain values."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from pytest_mtchallenge.formats import SUITE_FILES, bundled_suites, detect_format, suite_file_in

#: Only files with these suffixes can be suites: any other argument (``tests/test_x.py``) is never
#: opened, so a run of the project's own tests reads none of them.
SUITE_SUFFIXES = (".yaml", ".yml", ".json")


def location(arg: str, base: Path) -> Path:
    """The file or folder a collection argument names (its part before ``::``), from ``base`` (where pytest started)."""
    path = Path(arg.partition("::")[0])
    return path if path.is_absolute() else base / path


def resolved(arg: str, base: Path) -> Path:
    """:func:`location`, resolved (to compare with the suites' resolved paths)."""
    path = location(arg, base)
    try:
        return path.resolve()
    except OSError:
        return path


def suite_arguments(args: Iterable[str], base: Path) -> list[str]:
    """The arguments that name suites: suite files, directories holding them, or a bundled suite's
    name (``isabelle2017-en-fr`` or ``isabelle2017-en-fr::S1a[google-2016]``)."""
    found = []
    bundled: Mapping[str, Path] | None = None
    for arg in args:
        path = location(arg, base)
        if path.is_file() and path.suffix.lower() in SUITE_SUFFIXES and detect_format(path) is not None:
            found.append(arg)
        elif path.is_dir() and (suite_file_in(path) or any(next(path.glob(f"*/{file_name}"), None)
                                                            for file_name in SUITE_FILES)):
            found.append(arg)
        elif not path.exists():
            bundled = bundled_suites() if bundled is None else bundled
            if arg.partition("::")[0] in bundled:
                found.append(arg)
    return found


def is_suite_file(path: Path, *, suite_paths: Sequence[Path], args: Iterable[str], base: Path,
                  explicit: bool) -> bool:
    """Whether pytest collects ``path`` as a suite: a --mt-suite path; a suite file found in a
    directory (suite.yaml, whatever its format); another format (JSON) only when an argument named
    it itself. ``explicit``: pytest reached the file from an argument."""
    if path.resolve() in suite_paths:
        return True
    if not explicit or path.is_dir():
        return False
    if detect_format(path) is None:
        return False
    return path.name in SUITE_FILES or any(resolved(arg, base) == path.resolve() for arg in args)


def collection_arguments(args: Sequence[str], *, named: Sequence[str], suite_paths: Sequence[Path], base: Path,
                         explicit: bool, from_option: bool) -> list[str]:
    """What pytest collects. Explicit paths on the command line keep their meaning; suites from
    --mt-suite (``from_option``) join them; suites from the ini file (mt_suite) join the project's
    own test paths (testpaths) but not explicit paths; a bundled suite's name becomes its file's
    path. ``named``: the arguments that name suites."""
    bundled = bundled_suites()
    collected = []
    for arg in args:
        name, sep, rest = arg.partition("::")
        if explicit and arg in named and name in bundled and not (base / name).exists():
            arg = f"{bundled[name]}{sep}{rest}"
        collected.append(arg)
    if from_option and not explicit:
        collected = []  # `pytest --mt-suite=X` runs the challenge suites, not the project's testpaths
    if from_option or not explicit:
        # A suite some argument already names (its file, or a test id in it) is not added whole:
        # `pytest --mt-suite=X "X::S1a[nmt]"` runs that one test, as pytest would.
        named_paths = {resolved(arg, base) for arg in collected}
        collected += [str(path) for path in suite_paths if path not in named_paths]
    return collected


def selection(*, markexpr: str = "", keyword: str = "", last_failed: bool = False, deselect: bool = False,
              args: Iterable[str] = (), stopped: bool = False) -> str:
    """What chose a run's tests among its suites' items, in the command line's words ("" for all)."""
    how = [f"-m {markexpr}" if markexpr else "", f"-k {keyword}" if keyword else "",
           "--lf" if last_failed else "", "--deselect" if deselect else "",
           "test ids" if any("::" in arg for arg in args) else ""]
    chosen = ", ".join(part for part in how if part)
    if stopped:
        return f"run before the run stopped ({chosen or '-x/--maxfail'})"
    return chosen


__all__ = ["SUITE_SUFFIXES", "collection_arguments", "is_suite_file", "location", "resolved", "selection",
           "suite_arguments"]
