"""The pytest nodes: a suite file collector and one test per item and system."""
from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.model import ChallengeItem, Suite
from pytest_mtchallenge.reporting import ItemResult
from pytest_mtchallenge.terminal_text import printable
from pytest_mtchallenge.translation.translator import SystemOutput
from pytest_mtchallenge.verdict import Judgement, Outcome

if TYPE_CHECKING:
    from pytest_mtchallenge.session import MTChallengeSession
    from pytest_mtchallenge.systems import System


#: Names a category marker must not take: pytest's own markers (a category ``xfail`` would turn
#: its wrong outputs into expected failures) and the operators of ``-m`` expressions.
RESERVED_MARKERS = frozenset({"filterwarnings", "parametrize", "skip", "skipif", "tryfirst", "trylast",
                              "usefixtures", "xfail", "and", "or", "not"})


def marker_name(text: str, taken: Collection[str] = ()) -> str:
    """A category or subcategory id as a marker name usable in ``-m`` expressions.

    Runs of other characters than letters, digits and ``_`` become ``_``. A name that is reserved,
    or ``taken`` (a marker of a plugin or the ini file), gets a trailing ``_``: ``skip`` → ``skip_``.
    """
    name = re.sub(r"\W+", "_", text).strip("_") or "category"
    return f"{name}_" if name in RESERVED_MARKERS or name in taken else name


class JudgementFailure(Exception):
    """Raised by a test whose output was judged wrong."""

    def __init__(self, judgement: Judgement) -> None:
        super().__init__(judgement.reason)
        self.judgement = judgement


class SuiteFile(pytest.File):
    """A challenge suite file: collects one :class:`ChallengeTest` per item and system."""

    def __init__(self, *, mt_session: MTChallengeSession, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.mt_session = mt_session

    def collect(self):  # type: ignore[no-untyped-def]
        try:
            suite = self.mt_session.load_suite(self.path)
            systems = self.mt_session.systems_for(suite)
        except MTChallengeError:
            self.mt_session.unloadable_suites.add(self.nodeid)  # this suite's collection error only
            raise
        for item in suite.items:
            for system in systems:
                if not system.covers_item(suite, item):
                    continue
                name = f"{item.id}[{system.name}]"
                # An explicit node id lets pytest >= 9.2 parse "[system]" as the parameter part,
                # as for parametrized functions, so --lf and --deselect match it.
                yield ChallengeTest.from_parent(
                    self, name=name, nodeid=f"{self.nodeid}::{name}", suite=suite, item=item, system=system,
                    mt_session=self.mt_session,
                )

    @classmethod
    def for_path(cls, parent: pytest.Collector, path: Path, mt_session: MTChallengeSession) -> SuiteFile:
        """The collector of a suite file. A bundled suite's node id is its name
        (``isabelle2017-en-fr::S1a[google-2016]``, which selects it when pasted back); another suite
        outside the rootdir is ``SUITE-DIR/FILE``."""
        from pytest_mtchallenge.formats import bundled_suites

        bundled = {found.resolve(): name for name, found in bundled_suites().items()}
        nodeid: str | None = bundled.get(path.resolve())
        if nodeid is None:
            try:
                path.resolve().relative_to(parent.config.rootpath)
            except ValueError:
                nodeid = f"{path.parent.name}/{path.name}"
        return cls.from_parent(parent, path=path, nodeid=nodeid, mt_session=mt_session)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException]):  # type: ignore[no-untyped-def,override]
        if isinstance(excinfo.value, MTChallengeError):
            return excinfo.value.one_line()
        return super().repr_failure(excinfo)


class ChallengeTest(pytest.Item):
    """One challenge item translated by one system and judged."""

    def __init__(
        self, *, suite: Suite, item: ChallengeItem, system: System, mt_session: MTChallengeSession, **kwargs: object
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.suite = suite
        self.challenge = item
        self.system = system
        self.mt_session = mt_session
        self.output: str | None = None
        self.context_output: tuple[str, ...] = ()
        self.output_note = ""
        self.output_repeats = 0
        self.judgement: Judgement | None = None
        for marker in mt_session.markers_for(item):
            self.add_marker(marker)
        self.extra_keyword_matches.update({suite.name, system.name})
        self.mt_result: ItemResult | None = None
        known = mt_session.known_failure(suite, item, system)
        if known is not None:
            reason, strict = known
            self.add_marker(pytest.mark.xfail(reason=reason, strict=strict, raises=JudgementFailure))

    def setup(self) -> None:
        if self.challenge.problem:
            result = SystemOutput(error=f"{self.suite.path}: item {self.challenge.id}: {self.challenge.problem}")
        else:
            result = self.mt_session.output_for(self.suite, self.system, self.challenge)
        error = result.error
        if error is not None:
            self.judgement = self.mt_session.error_judgement(self.challenge, self.system, error)
            self._record(self.judgement)
            # pytrace=False: the error report is this one line, not a traceback into the plugin.
            if self.challenge.problem:
                pytest.fail(printable(f"{self.challenge.id} cannot be judged: {error}"), pytrace=False)
            pytest.fail(printable(f"{self.system.name} gave no output for {self.challenge.id}: {error}"), pytrace=False)
        self.output = result.text
        self.context_output = result.context
        self.output_note = result.note
        self.output_repeats = result.repeats

    def runtest(self) -> None:
        assert self.output is not None
        judgement = self.mt_session.judge(self.challenge, self.system, self.output, context=self.context_output,
                                          note=self.output_note, repeats=self.output_repeats)
        self.judgement = judgement
        self._record(judgement)
        if judgement.outcome is Outcome.PASS:
            return
        if judgement.outcome is Outcome.FAIL:
            raise JudgementFailure(judgement)
        # The reasons quote outputs and systems' replies: shown on the terminal, never obeyed by it.
        if judgement.outcome is Outcome.ERROR:  # the checker could not judge it: one line, no traceback
            pytest.fail(printable(f"{self.challenge.id} cannot be judged: {judgement.reason}"), pytrace=False)
        if judgement.outcome is Outcome.NA:
            pytest.skip(printable(f"{self.suite.labels.get('na', 'n/a')}: {judgement.reason}"))
        pytest.skip(printable(f"needs human verdict: {judgement.reason}"))

    def _record(self, judgement: Judgement) -> None:
        """Keep the item's result, and give --junitxml the judgement as test-case properties."""
        self.mt_result = self.mt_session.result(self.suite, self.challenge, judgement)
        for name in ("suite", "category", "subcategory", "system", "outcome", "decided_by", "output"):
            value = getattr(judgement, name)
            value = value.value if hasattr(value, "value") else value
            self.user_properties.append((name, "" if value is None else value))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style=None):  # type: ignore[no-untyped-def]
        if isinstance(excinfo.value, JudgementFailure):
            config = self.config
            full = config.getoption("verbose", 0) > 0 or config.getoption("tbstyle", "auto") == "long"
            return self.describe(excinfo.value.judgement, full=full)
        return super().repr_failure(excinfo, style=style)

    def describe(self, judgement: Judgement, *, full: bool = True) -> str:
        """The verdict first (what the short summary, JUnit messages and log scrapers show), then the
        output; with ``full`` (``-v`` or ``--tb=long``) the question, source, references and locus."""
        verdict = f"{judgement.outcome.value} (decided by {judgement.decided_by.value}): {judgement.reason}"
        if not full:  # each line shown on the terminal as it is, what the terminal would obey escaped
            return "\n".join(printable(line) for line in (verdict, f"output:    {judgement.output}"))
        item = self.challenge
        subcategory = self.suite.subcategories[item.subcategory]
        lines = [
            f"verdict:   {verdict}",
            f"{item.id} [{self.system.name}] — {subcategory.title} ({item.subcategory}, {item.category})",
            f"question:  {item.question}",
            f"source:    {item.source}",
        ]
        lines += [f"reference: {ref}" for ref in item.references]
        if item.locus:
            lines.append(f"locus:     {' … '.join(item.locus)}")
        if item.context:
            lines.insert(3, f"context:   {' '.join(item.context)}")
        if self.context_output:
            lines.append(f"context output: {' '.join(self.context_output)}")
        lines.append(f"output:    {judgement.output}")
        return "\n".join(printable(line) for line in lines)

    def reportinfo(self):  # type: ignore[no-untyped-def]
        return self.path, None, f"{self.suite.name}::{self.challenge.id}[{self.system.name}]"

