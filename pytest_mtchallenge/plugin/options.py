"""The plugin's options: declared once, and read once per run into a typed :class:`RunOptions`."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar

import pytest

from pytest_mtchallenge.systems.settings import SYSTEM_SETTINGS
from pytest_mtchallenge.verdict import JudgeMode

#: Options whose presence (or ini twin's) makes the plugin act in a run.
ACTIVATING = ("mt_suite", "mt_system", "mt_judge", "mt_report", "mt_report_only", "mt_meta_eval", "mt_save",
              "mt_autosave", "mt_compare", "mt_compare_fail", "mt_compare_strict", "mt_xfail", "mt_verdicts",
              "mt_contrastive")

Number = TypeVar("Number", int, float)


def add_options(parser: pytest.Parser) -> None:
    """The plugin's command-line options and their ini twins (one group, all named --mt-*)."""
    group = parser.getgroup("mtchallenge", "machine-translation challenge sets")
    group.addoption("--mt-suite", action="append", dest="mt_suite", metavar="NAME|PATH",
                    help="Run a bundled challenge suite by name, or a suite file or directory (repeatable)")
    group.addoption("--mt-system", action="append", dest="mt_system", metavar="SPEC",
                    help="MT system to test: recorded:NAME, recorded:*, reference, file:PATH, cmd:COMMAND, "
                         "python:MODULE:FUNCTION, optionally prefixed with NAME= (repeatable)")
    group.addoption("--mt-judge", dest="mt_judge", metavar="MODE", choices=("auto", "human", "auto+human"),
                    help="Who decides: auto (checkers), human (recorded verdicts) or auto+human (default)")
    group.addoption("--mt-triage", dest="mt_triage", metavar="TRIAGE",
                    help="semantic: send passes whose meaning is far from the source's and reference's to review "
                         "(a multilingual sentence encoder; the extra 'triage'); off (default): no triage")
    group.addoption("--mt-report", action="append", dest="mt_report", metavar="[FORMAT:]PATH",
                    help="Write the category success report to PATH, in the format of its extension "
                         "(json, html) or a FORMAT: prefix (repeatable)")
    group.addoption("--mt-report-only", dest="mt_report_only", action="store_true", default=None,
                    help="Judge and report without failing the run on wrong outputs "
                         "(the exit status is 0 unless an item errors or another test fails)")
    group.addoption("--mt-meta-eval", dest="mt_meta_eval", action="store_true", default=None,
                    help="Instead of testing systems, run each checker on every recorded judged output of the "
                         "selected suites and report coverage and agreement with the human verdicts")
    group.addoption("--mt-contrastive", dest="mt_contrastive", action="store_true", default=None,
                    help="Also score each challenge item's reference against its recorded outputs that the human "
                         "verdicts reject, with each system that can score: a NAME+contrastive column beside NAME")
    group.addoption("--mt-save", dest="mt_save", metavar="PATH",
                    help="Save this run (outcome and output per item, summary and signature) as JSON to PATH")
    group.addoption("--mt-autosave", dest="mt_autosave", action="store_true", default=None,
                    help="Save this run as the next numbered file in .mtchallenge/runs/")
    group.addoption("--mt-compare", dest="mt_compare", metavar="PATH|NUMBER|last",
                    help="Compare this run with a saved run: a path, a number in .mtchallenge/runs/, or last")
    group.addoption("--mt-compare-fail", dest="mt_compare_fail", metavar="EXPR",
                    help="Release gate, e.g. overall:2%%,category:5%%,items:0,p<0.05: the gate decides the exit status")
    group.addoption("--mt-compare-strict", dest="mt_compare_strict", action="store_true", default=None,
                    help="Refuse to compare runs whose suite, checker, lexicon, verdict or judge signatures differ")
    group.addoption("--mt-xfail", dest="mt_xfail", metavar="PATH",
                    help="Mark items that failed in a saved run (or a YAML list per system) as strict xfail")
    group.addoption("--mt-verdicts", action="append", dest="mt_verdicts", metavar="PATH",
                    help="Human verdicts of your own (a verdict file, as mtchallenge review writes) added to the "
                         "suite's recorded verdicts (repeatable)")
    group.addoption("--mt-batch-size", dest="mt_batch_size", type=int, metavar="N",
                    help="Sources per request or generation batch (default 32; a local model on a CUDA GPU, 128)")
    group.addoption("--mt-concurrency", dest="mt_concurrency", type=int, metavar="N",
                    help="Requests in flight at once for remote systems (default 4)")
    group.addoption("--mt-timeout", dest="mt_timeout", type=float, metavar="SECONDS",
                    help="Seconds one request, command or Python call may take, from start to end (default 600)")
    group.addoption("--mt-retries", dest="mt_retries", type=int, metavar="N",
                    help="Retries after a connection error, 429 or 5xx, with exponential backoff (default 4)")
    group.addoption("--mt-no-cache", dest="mt_no_cache", action="store_true", default=None,
                    help="Do not read or write the translation cache")
    group.addoption("--mt-cache-clear", dest="mt_cache_clear", action="store_true", default=False,
                    help="Empty the translation cache before the run")
    parser.addini("mt_no_cache", type="bool", default=False, help="Do not use the translation cache")
    for name in ("mt_batch_size", "mt_concurrency", "mt_timeout", "mt_retries"):
        parser.addini(name, default="", help=f"Default of --{name.replace('_', '-')}")
    for name, help_text in SYSTEM_SETTINGS.items():
        parser.addini(name, default="", help=help_text)
    parser.addini("mt_suite", type="linelist", default=[], help="Challenge suites to run (names or paths)")
    parser.addini("mt_system", type="linelist", default=[], help="MT systems to test (specs)")
    parser.addini("mt_judge", default="", help="Judge mode: auto, human or auto+human")
    parser.addini("mt_triage", default="", help="Semantic triage of passes: semantic or off (default)")
    parser.addini("mt_report", type="linelist", default=[], help="Paths of category success reports ([FORMAT:]PATH)")
    parser.addini("mt_report_only", type="bool", default=False, help="Do not fail the run on wrong outputs")
    parser.addini("mt_save", default="", help="Save the run as JSON to this path")
    parser.addini("mt_autosave", type="bool", default=False, help="Save every run in .mtchallenge/runs/")
    parser.addini("mt_compare", default="", help="Saved run to compare with")
    parser.addini("mt_compare_fail", default="", help="Release gate expression")
    parser.addini("mt_compare_strict", type="bool", default=False, help="Refuse to compare unlike runs")
    parser.addini("mt_xfail", default="", help="Saved run or YAML of known failures to mark xfail(strict)")
    parser.addini("mt_verdicts", type="linelist", default=[],
                  help="Verdict files of your own added to the suites' recorded verdicts (paths from the ini file)")
    parser.addini("mt_meta_eval", type="bool", default=False, help="Meta-evaluate the checkers instead of testing systems")
    parser.addini("mt_contrastive", type="bool", default=False,
                  help="Add a contrastive column (reference against rejected outputs) per system that can score")
    parser.addini("mt_secret_env", type="linelist", default=[],
                  help="Environment variables whose values are secrets, hidden in every message, log and report")



def _option(config: pytest.Config, name: str) -> str | bool | None:
    """A command-line option, or its ini twin."""
    value = config.getoption(name)
    return value if value else (config.getini(name) or None)


def _number(config: pytest.Config, name: str, kind: type[Number], default: Number) -> Number:
    """A positive number option (or its ini twin), else ``default``; a bad value is a usage error."""
    value = _given_number(config, name, kind)
    return default if value is None else value


def _given_number(config: pytest.Config, name: str, kind: type[Number]) -> Number | None:
    """A positive number option (or its ini twin), None when neither is given; a bad value is a usage error."""
    value = config.getoption(name)
    where = f"--{name.replace('_', '-')}"
    if value is None:
        text = str(config.getini(name)).strip()
        if not text:
            return None
        where = f"ini {name}"
        try:
            value = kind(text)
        except ValueError:
            raise pytest.UsageError(f"{where} = {text!r}: expected a number") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise pytest.UsageError(f"{where}={value}: must be a finite number")
    if name == "mt_retries" and value < 0:
        raise pytest.UsageError(f"{where}={value}: must be 0 or more")
    if name != "mt_retries" and value < 1e-9:
        raise pytest.UsageError(f"{where}={value}: must be positive")
    if value > _LARGEST[name]:  # a day's timeout is no bound; threads and clocks refuse larger ones
        raise pytest.UsageError(f"{where}={value:g}: must be at most {_LARGEST[name]:,}")
    return value


#: The largest value each number option takes: beyond, it is a typing slip (and --mt-timeout=1e10
#: overflows the clocks that bound a call).
_LARGEST: dict[str, int] = {"mt_batch_size": 100_000, "mt_concurrency": 1_024, "mt_timeout": 86_400,
                            "mt_retries": 100}


def _texts(config: pytest.Config, name: str) -> tuple[str, ...]:
    return tuple(config.getoption(name) or config.getini(name) or ())


def _verdict_paths(config: pytest.Config) -> tuple[Path, ...]:
    """--mt-verdicts paths (from where pytest was started), else ini mt_verdicts (from the ini file)."""
    given = config.getoption("mt_verdicts")
    base = config.invocation_params.dir
    if not given:
        given = config.getini("mt_verdicts") or []
        base = config.inipath.parent if config.inipath is not None else config.rootpath
    paths = tuple(Path(p) if Path(p).is_absolute() else base / p for p in given)
    for path in paths:
        if path.is_dir():  # it was silently ignored: nothing said which verdicts were not read
            raise pytest.UsageError(f"--mt-verdicts={path}: a directory, not a verdict file; name each file "
                                    "(a suite's verdicts.yaml, or the file mtchallenge review wrote)")
    return paths


TRIAGES = ("off", "semantic")


def _triage(text: str) -> bool:
    """--mt-triage: whether the semantic triage is on; a bad value, or the triage without its extra, is a
    usage error."""
    if text not in TRIAGES:
        raise pytest.UsageError(f"--mt-triage={text!r}: expected one of {', '.join(TRIAGES)}")
    if text == "off":
        return False
    from pytest_mtchallenge.judge import triage

    if not triage.available():
        raise pytest.UsageError(triage.missing_extra())
    return True


def _judge_mode(text: str) -> JudgeMode:
    try:
        return JudgeMode(text)
    except ValueError:
        known = ", ".join(mode.value for mode in JudgeMode)
        raise pytest.UsageError(f"--mt-judge={text!r}: expected one of {known}") from None


@dataclass(frozen=True, slots=True)
class RunOptions:
    """Every --mt-* option of a run (or its ini twin), read and checked once."""

    suites: tuple[str, ...]
    systems: tuple[str, ...]
    judge: JudgeMode
    reports: tuple[str, ...]
    report_only: bool
    meta_eval: bool
    save: str | None
    autosave: bool
    compare: str | None
    compare_fail: str | None
    compare_strict: bool
    xfail: str | None
    verdicts: tuple[Path, ...]  # user verdict files, absolute
    timeout: float
    batch_size: int | None  # None: not given (each system kind has its default)
    concurrency: int
    retries: int
    no_cache: bool
    cache_clear: bool
    settings: MappingProxyType[str, str]
    invocation_dir: Path
    rootdir: Path
    contrastive: bool = False  # --mt-contrastive (issue 38)
    triage: bool = False  # --mt-triage=semantic (issue 36)

    @classmethod
    def from_config(cls, config: pytest.Config) -> RunOptions:
        def text(name: str) -> str | None:
            value = _option(config, name)
            return str(value) if value else None

        return cls(
            suites=_texts(config, "mt_suite"), systems=_texts(config, "mt_system"),
            judge=_judge_mode(str(_option(config, "mt_judge") or "auto+human")), reports=_texts(config, "mt_report"),
            report_only=bool(_option(config, "mt_report_only")), meta_eval=bool(_option(config, "mt_meta_eval")),
            save=text("mt_save"), autosave=bool(_option(config, "mt_autosave")), compare=text("mt_compare"),
            compare_fail=config.getoption("mt_compare_fail") if config.getoption("mt_compare_fail") is not None
            else text("mt_compare_fail"),
            compare_strict=bool(_option(config, "mt_compare_strict")), xfail=text("mt_xfail"),
            verdicts=_verdict_paths(config),
            timeout=_number(config, "mt_timeout", float, 600.0), batch_size=_given_number(config, "mt_batch_size", int),
            concurrency=_number(config, "mt_concurrency", int, 4), retries=_number(config, "mt_retries", int, 4),
            no_cache=bool(_option(config, "mt_no_cache")), cache_clear=bool(config.getoption("mt_cache_clear")),
            settings=MappingProxyType({name: str(config.getini(name)) for name in SYSTEM_SETTINGS
                                       if config.getini(name)}),
            invocation_dir=config.invocation_params.dir, rootdir=config.rootpath,
            contrastive=bool(_option(config, "mt_contrastive")),
            triage=_triage(str(_option(config, "mt_triage") or "off")),
        )


def is_active(config: pytest.Config) -> bool:
    """Whether a run names an --mt-* option or an mt_* ini setting."""
    return any(config.getoption(name) or config.getini(name) for name in ACTIVATING)
