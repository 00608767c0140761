"""The pytest nodes: a suite file collector and one test per item and system."""
from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

import pytest

from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.judge import error_judgement
from pytest_mtchallenge.formats.markers import RESERVED_MARKERS, marker_name
from pytest_mtchallenge.model import ChallengeItem
from pytest_mtchallenge.runs.plan import SuitePlan
from pytest_mtchallenge.reporting import ItemResult
from pytest_mtchallenge.text.terminal_text import printable
from pytest_mtchallenge.translation.translator import SystemOutput, Translator
from pytest_mtchallenge.verdict import Judgement, Outcome

if TYPE_CHECKING:
    from pytest_mtchallenge.formats.markers import Markers
    from pytest_mtchallenge.runs.plan import RunPlan
    from pytest_mtchallenge.systems import System
    from pytest_mtchallenge.translation.scorer import Scorer

__all__ = ["RESERVED_MARKERS", "ChallengeTest", "JudgementFailure", "SuiteFile", "marker_name"]


class Collecting(Protocol):
    """What collecting a suite file needs of the run (the session gives it)."""

    plan: RunPlan
    markers: Markers
    translator: Translator
    scorer: Scorer  # contrastive items' scores (issue 38)
    unloadable_suites: set[str]  # node ids of the suite files that could not be loaded


@cache
def _mark(name: str) -> pytest.MarkDecorator:
    """The marker decorator of a category or subcategory marker name, built once per name."""
    return getattr(pytest.mark, name)


class SuiteKeywords(MutableMapping[str, Any]):
    """A challenge test's keywords: its own (its name, its markers) and, flat, those of its suite
    file and the directories above it, read once per suite file.

    pytest's ``NodeKeywords`` walks up the parent nodes each time a test report lists them (three
    reports per test); with tens of thousands of tests that walk cost more than judging. Keywords
    given to a parent after collection are not seen here.
    """

    __slots__ = ("_own", "_inherited")

    def __init__(self, name: str, inherited: Mapping[str, Any]) -> None:
        self._own: dict[str, Any] = {name: True}
        self._inherited = inherited

    def __getitem__(self, key: str) -> Any:
        try:
            return self._own[key]
        except KeyError:
            return self._inherited[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self._own[key] = value

    def __delitem__(self, key: str) -> None:
        raise ValueError("cannot delete key in keywords dict")  # as pytest's own

    def __contains__(self, key: object) -> bool:
        return key in self._own or key in self._inherited

    def __iter__(self) -> Iterator[str]:
        yield from self._own
        for key in self._inherited:
            if key not in self._own:
                yield key

    def __len__(self) -> int:
        return len(self._own) + sum(1 for key in self._inherited if key not in self._own)

    def update(self, other: Any = (), /, **more: Any) -> None:  # type: ignore[override]
        self._own.update(other)
        self._own.update(more)


class JudgementFailure(Exception):
    """Raised by a test whose output was judged wrong."""

    def __init__(self, judgement: Judgement) -> None:
        super().__init__(judgement.reason)
        self.judgement = judgement


class SuiteFile(pytest.File):
    """A challenge suite file: collects one :class:`ChallengeTest` per item and system."""

    def __init__(self, *, mt_session: Collecting, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.mt_session = mt_session

    def collect(self):  # type: ignore[no-untyped-def]
        from pytest_mtchallenge.plugin.contrastive_nodes import ContrastiveTest, is_scored

        session = self.mt_session
        try:
            plan = session.plan.suite_plan(self.path)
        except MTChallengeError:
            session.unloadable_suites.add(self.nodeid)  # this suite's collection error only
            raise
        suite = plan.suite
        keywords = MappingProxyType(dict(self.keywords.items()))  # this file's and its parents', once
        # the names -k matches besides a test's own: its suite's and its system's, one set per system
        matches = {system.name: frozenset({suite.name, system.name}) for system in plan.systems}
        for item in suite.items:
            markers = tuple(_mark(name) for name in session.markers.names_for(item))
            for system in plan.systems:
                if not system.covers_item(suite, item):
                    continue
                name = f"{item.id}[{system.name}]"
                # An explicit node id lets pytest >= 9.2 parse "[system]" as the parameter part,
                # as for parametrized functions, so --lf and --deselect match it.
                # a contrastive item, or a challenge item in a contrastive column: scored, not translated
                node, scoring = ((ContrastiveTest, {"scorer": session.scorer}) if is_scored(system, suite, item)
                                 else (ChallengeTest, {}))
                test = node.from_parent(
                    self, name=name, nodeid=f"{self.nodeid}::{name}", plan=plan, item=item, system=system,
                    translator=session.translator, markers=markers, inherited_keywords=keywords,
                    keyword_matches=matches[system.name], **scoring)
                known = session.plan.known_failure(plan, item, system)
                if known is not None:
                    reason, strict = known
                    test.add_marker(pytest.mark.xfail(reason=reason, strict=strict, raises=JudgementFailure))
                yield test

    @classmethod
    def for_path(cls, parent: pytest.Collector, path: Path, mt_session: Collecting) -> SuiteFile:
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

    def __init__(self, *, plan: SuitePlan, item: ChallengeItem, system: System, translator: Translator,
                 markers: tuple[pytest.MarkDecorator, ...] = (), inherited_keywords: Mapping[str, Any] | None = None,
                 keyword_matches: frozenset[str] | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        if inherited_keywords is not None:
            self.keywords = SuiteKeywords(self.name, inherited_keywords)
        self.plan = plan
        self.suite = plan.suite
        self.challenge = item
        self.system = system
        self.translator = translator
        #: What the system gave, from setup until the test has judged it (the judgement then holds the output
        #: and its context translation, :attr:`mt_result` the judgement: a finished test keeps no other copy).
        self._output: SystemOutput | None = None
        for marker in markers:
            self.add_marker(marker)
        # read only (pytest reads it for -k): shared by the tests of a suite and system, not a set per test
        self.extra_keyword_matches = keyword_matches or frozenset({self.suite.name, system.name})  # type: ignore[assignment]
        self.mt_result: ItemResult | None = None

    def setup(self) -> None:
        if self.challenge.problem:
            result = SystemOutput(error=f"{self.suite.path}: item {self.challenge.id}: {self.challenge.problem}")
        else:
            result = self.translator.output_for(self.suite, self.system, self.challenge)
        error = result.error
        if error is not None:
            self._record(error_judgement(self.challenge, self.system.name, error))
            # pytrace=False: the error report is this one line, not a traceback into the plugin.
            if self.challenge.problem:
                pytest.fail(printable(f"{self.challenge.id} cannot be judged: {error}"), pytrace=False)
            pytest.fail(printable(f"{self.system.name} gave no output for {self.challenge.id}: {error}"), pytrace=False)
        self._output = result

    def runtest(self) -> None:
        result, self._output = self._output, None
        assert result is not None and result.text is not None
        judgement = self.plan.judge(self.challenge, system=self.system.name, output=result.text,
                                    context=result.context, note=result.note, repeats=result.repeats)
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

    @property
    def judgement(self) -> Judgement | None:
        """The test's judgement, once judged (an error at setup has one too)."""
        return self.mt_result.judgement if self.mt_result is not None else None

    def _record(self, judgement: Judgement) -> None:
        """Keep the item's result, and give --junitxml the judgement as test-case properties (only
        then: every later report of the test carries them, to the xdist controller too)."""
        self.mt_result = self.plan.result(self.challenge, judgement)
        if not getattr(self.config.option, "xmlpath", None):
            return
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
        if judgement.context_output:
            lines.append(f"context output: {' '.join(judgement.context_output)}")
        lines.append(f"output:    {judgement.output}")
        return "\n".join(printable(line) for line in lines)

    def reportinfo(self):  # type: ignore[no-untyped-def]
        return self.path, None, f"{self.suite.name}::{self.challenge.id}[{self.system.name}]"

