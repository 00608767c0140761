"""One registry for every kind of extension: a plugin's checker family, suite format, report format and
language pack, seen by the pytest run and by the ``mtchallenge`` commands alike (issue 35, point 1)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PLUGIN = '''
from dataclasses import dataclass
from types import SimpleNamespace

from pytest_mtchallenge.checkers import Checker, FamilyParams
from pytest_mtchallenge.languages import language_pack
from pytest_mtchallenge.languages.base import LanguagePack
from pytest_mtchallenge.verdict import Verdict


@dataclass(frozen=True, slots=True)
class ShortParams(FamilyParams):
    max_words: int

    @classmethod
    def parse(cls, params):
        if not isinstance(params.get("max_words"), int):
            raise ValueError("max_words must be a whole number")
        return cls(params["max_words"])


class ShortChecker(Checker):
    """Passes an output of at most max_words words, counted by the target language's pack."""
    name = "short"
    Params = ShortParams

    def check(self, *, item, output, context=()):
        pack = language_pack("tlh")
        words = len(output.split())
        most = ShortParams.of(item).max_words
        reading = f"read by the {pack.name} pack"
        if words <= most:
            return Verdict.passed(f"{words} words, {reading}")
        return Verdict.failed(f"{words} words, more than {most}, {reading}")


def pytest_mtchallenge_checkers():
    return {"short": ShortChecker}


def pytest_mtchallenge_language_packs():
    return {"tlh": SimpleNamespace(PACK=LanguagePack(code="tlh", name="Klingon"))}


def pytest_mtchallenge_report_formats():
    return {"tsv": "tsv_report"}
'''

TSV_REPORT = '''
def write(runs, path, *, meta_evaluation=None, comparisons=(), gate=None):
    lines = [f"{run.system}\\t{item.id}\\t{item.outcome}" for run in runs for item in run.items]
    path.write_text("\\n".join(lines) + "\\n", encoding="utf-8")
'''

SUITE = '''
format: mtchallenge-suite/1
name: klingon
title: A suite of a plugin's family
citation: The pytest-mtchallenge developers (2026)
source_language: en
target_language: tlh
categories:
  - id: c
    title: C
    subcategories:
      - id: S1
        title: Short
        question: Is it short?
        checker: short
        params: {max_words: 3}
        items:
          - {id: S1a, source: "Today is a good day.", reference: "Heghlu'meH QaQ jajvam."}
'''


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "conftest.py").write_text("pytest_plugins = ['klingon_plugin']\n", encoding="utf-8")
    (tmp_path / "klingon_plugin.py").write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    (tmp_path / "tsv_report.py").write_text(textwrap.dedent(TSV_REPORT), encoding="utf-8")
    (tmp_path / "klingon").mkdir()
    (tmp_path / "klingon" / "suite.yaml").write_text(textwrap.dedent(SUITE).lstrip(), encoding="utf-8")
    return tmp_path


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONPATH": str(cwd)}
    env.pop("PYTEST_ADDOPTS", None)
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_a_conftest_plugins_family_is_seen_by_mtchallenge_check(project: Path) -> None:
    """The family a conftest.py-loaded plugin contributes ran under pytest and failed `mtchallenge check`
    ('unknown checker'): the command now loads the plugins a run started there would."""
    done = _run(["mtchallenge", "check", "klingon"], project)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "unknown checker" not in done.stdout + done.stderr


def test_the_pytest_run_uses_the_plugins_family_pack_and_report_format(project: Path) -> None:
    done = _run([sys.executable, "-m", "pytest", "--mt-suite=klingon", "--mt-system=reference",
                 "--mt-report=r.tsv", "--mt-report=r.json", "-p", "no:cacheprovider"], project)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (project / "r.tsv").read_text(encoding="utf-8") == "reference\tS1a\tpass\n"
    (run,) = json.loads((project / "r.json").read_text(encoding="utf-8"))["runs"]
    assert run["items"][0]["reason"] == "3 words, read by the Klingon pack"


def test_mtchallenge_score_writes_the_plugins_report_format(project: Path) -> None:
    done = _run(["mtchallenge", "score", "klingon", "--system=reference", "--report=s.tsv"], project)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (project / "s.tsv").read_text(encoding="utf-8") == "reference\tS1a\tpass\n"


def test_a_plugins_name_taken_by_a_builtin_extension_is_one_line(project: Path) -> None:
    (project / "klingon_plugin.py").write_text(
        textwrap.dedent(PLUGIN) + "\ndef pytest_mtchallenge_report_formats():\n    return {'json': 'tsv_report'}\n",
        encoding="utf-8")
    done = _run([sys.executable, "-m", "pytest", "--mt-suite=klingon", "--mt-system=reference",
                 "-p", "no:cacheprovider"], project)
    assert done.returncode == pytest.ExitCode.USAGE_ERROR
    assert "two report formats are registered under the name 'json'" in done.stderr
    assert "Traceback" not in done.stderr
