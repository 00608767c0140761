"""What a reviewer is asked: the outputs of a run that need a human verdict, and the answers given."""
from __future__ import annotations

import hashlib
import threading
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path

from pytest_mtchallenge.errors import MTChallengeError
from pytest_mtchallenge.files import read_run_json
from pytest_mtchallenge.model import RecordedVerdict, Suite
from pytest_mtchallenge.text.normalise import normalise_text
from pytest_mtchallenge.review.verdict_file import VerdictFile
from pytest_mtchallenge.formats.verdict_entries import VERDICT_VALUES, EntryProblem, check_verdict, text_problem


class ReviewError(MTChallengeError):
    """A run, suite or verdict that the review cannot use."""


class NothingToReview(ReviewError):
    """The run has no output that needs a verdict."""


@dataclass(frozen=True, slots=True)
class Task:
    """One output of one item that needs a verdict (identical outputs of several systems are one task)."""

    key: str
    suite: str
    item: str
    category: str
    subcategory: str
    subcategory_title: str
    question: str
    source: str
    references: tuple[str, ...]
    locus: tuple[str, ...]
    source_locus: tuple[str, ...]
    context: tuple[str, ...]
    output: str
    systems: tuple[str, ...]
    reasons: tuple[str, ...]  # why the checker deferred, per system
    context_output: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {spec.name: list(value) if isinstance(value := getattr(self, spec.name), tuple) else value
                for spec in fields(self)}


def task_key(item: str, output: str) -> str:
    """A short stable id of (item, output after normalisation)."""
    return hashlib.sha256(f"{item}\0{normalise_text(output)}".encode("utf-8", "surrogatepass")).hexdigest()[:16]


def load_run_document(path: Path) -> dict[str, object]:
    """A saved run or ``--mt-report`` JSON (plain or gzip-compressed), read within the size limit of
    a saved run and the nesting limit of every file the plugin reads (:mod:`pytest_mtchallenge.files`);
    problems are one-line errors."""
    document = read_run_json(path, error=ReviewError)
    if not isinstance(document, dict) or not isinstance(document.get("runs"), list):
        raise ReviewError("not a pytest-mtchallenge report: expected an object with a 'runs' list", file=path)
    return document


def run_suites(document: Mapping[str, object]) -> list[str]:
    """The suites of a run document, in order."""
    names: dict[str, None] = {}
    for run in document["runs"]:  # type: ignore[union-attr]
        if isinstance(run, dict):
            names[str(run.get("suite", ""))] = None
    return list(names)


def _needs_review(document: Mapping[str, object], suite: str) -> bool:
    return any(isinstance(run, dict) and run.get("suite") == suite
               and any(isinstance(i, dict) and i.get("outcome") == "review" for i in run.get("items") or ())
               for run in document["runs"])  # type: ignore[union-attr]


def pending_tasks(document: Mapping[str, object], suite: Suite, *, origin: str = "the run") -> list[Task]:
    """The outputs of ``suite``'s items judged ``review`` in a run document, in suite order."""
    position = {item.id: index for index, item in enumerate(suite.items)}
    grouped: dict[tuple[str, str], list[Mapping[str, object]]] = {}
    for index, run in enumerate(document["runs"]):  # type: ignore[union-attr]
        if not isinstance(run, dict) or run.get("suite") != suite.name:
            continue
        for record in run.get("items") or ():
            if not isinstance(record, dict) or record.get("outcome") != "review" or record.get("output") is None:
                continue
            item_id = str(record.get("id"))
            if item_id not in position:
                raise ReviewError(f"item {item_id!r} is not in the suite ({suite.path}): was the suite changed "
                                  "since the run?", file=origin, field=f"runs[{index}].items")
            grouped.setdefault((item_id, normalise_text(str(record["output"]))), []).append(record)
    tasks = []
    for (item_id, _), records in sorted(grouped.items(), key=lambda kv: position[kv[0][0]]):
        item = suite.item(item_id)
        first = records[0]
        tasks.append(Task(
            key=task_key(item_id, str(first["output"])), suite=suite.name, item=item_id, category=item.category,
            subcategory=item.subcategory, subcategory_title=suite.subcategories[item.subcategory].title,
            question=item.question, source=item.source, references=item.references, locus=item.locus,
            source_locus=item.source_locus, context=item.context, output=str(first["output"]),
            systems=tuple(dict.fromkeys(str(r.get("system", "")) for r in records)),
            reasons=tuple(dict.fromkeys(str(r.get("reason", "")) for r in records if r.get("reason"))),
            context_output=tuple(str(s) for s in first.get("context_output") or ()),
        ))
    return tasks


def clean_annotator(name: object) -> str:
    """An annotator's name as recorded: one line of text, stripped, without control characters and
    that a verdict file can hold; a bad name is a ValueError."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError("give the annotator's name")
    text = " ".join(name.split())
    if len(text) > 100:
        raise ValueError("the annotator's name is longer than 100 characters")
    if (problem := text_problem(text)) is not None:
        raise ValueError(f"the annotator's name {problem}")
    if any(unicodedata.category(char) == "Cc" for char in text):
        raise ValueError("the annotator's name holds control characters")
    return text


def _entry(task: Task, verdict: str, annotator: str) -> RecordedVerdict:
    """The verdict file's entry for an answer to ``task``."""
    return RecordedVerdict(item=task.item, output=task.output, verdict=verdict, system=", ".join(task.systems),
                           annotator=annotator)


def unrecordable(task: Task) -> str | None:
    """Why no verdict on ``task`` can be written to a verdict file (its output holds a lone
    surrogate, say), or None when one can."""
    try:
        check_verdict(_entry(task, "yes", "annotator"))
    except EntryProblem as problem:
        return str(problem)
    return None


class Review:
    """The tasks of one suite, the verdict file they go to, and who answered what.

    Thread-safe: the review server records answers from several requests at once.
    """

    def __init__(self, tasks: Sequence[Task], verdict_file: VerdictFile) -> None:
        self.tasks = tuple(tasks)
        self.verdict_file = verdict_file
        self._by_key = {task.key: task for task in self.tasks}
        self._lock = threading.Lock()
        self._recorded: list[RecordedVerdict] = verdict_file.read()

    @property
    def total(self) -> int:
        return len(self.tasks)

    def answers(self, annotator: str) -> dict[str, str]:
        """Task key → the annotator's latest verdict, for the tasks of this review."""
        found: dict[str, str] = {}
        with self._lock:
            for verdict in self._recorded:
                if verdict.annotator == annotator:
                    key = task_key(verdict.item, verdict.output)
                    if key in self._by_key:
                        found[key] = verdict.verdict
        return found

    def record(self, key: str, verdict: str, annotator: str) -> int:
        """Write one verdict to the verdict file (durably, before returning); return how many tasks the
        annotator has answered. Raise ValueError for an unknown task, verdict or a missing name."""
        annotator = clean_annotator(annotator)
        if verdict not in VERDICT_VALUES:
            raise ValueError(f"a verdict is one of {', '.join(VERDICT_VALUES)}, not {verdict!r}")
        task = self._by_key.get(key)
        if task is None:
            raise ValueError(f"no output to review has the key {key!r}")
        entry = _entry(task, verdict, annotator)
        check_verdict(entry)  # the verdict file's own rule: refused here, it is a 400 on the page
        with self._lock:
            self.verdict_file.append([entry])
            self._recorded.append(entry)
        return len(self.answers(annotator))


@dataclass(frozen=True, slots=True)
class ReviewPlan:
    """What ``mtchallenge review`` works on: the run, the suite, its pending outputs, the verdict file."""

    run_path: Path
    suite: Suite
    tasks: tuple[Task, ...]
    verdict_path: Path
    suite_own: bool  # the verdict file is the suite's own (the next run reads it without --mt-verdicts)
    #: Outputs left out of the review, as lines saying why: a verdict file could not hold their verdicts.
    left_out: tuple[str, ...] = ()


def plan_review(*, run: str, suite: str | None, verdicts: str | None, base: Path) -> ReviewPlan:
    """Resolve ``mtchallenge review``'s arguments: a run (path, autosaved number or ``last``), the
    suite (the run's bundled suite, or ``suite``: a name or path) and the verdict file."""
    from pytest_mtchallenge.formats import bundled_suites, detect_format, load_any_suite, resolve_suite
    from pytest_mtchallenge.runs.store import AUTOSAVE_FOLDER, RunStoreError, resolve_saved

    try:  # "last": the last run saved, accepted or not (a rejected run's outputs need verdicts too)
        run_path = resolve_saved("latest" if run == "last" else run, base / AUTOSAVE_FOLDER, base=base)
    except RunStoreError as exc:
        raise ReviewError(exc.message, file=exc.file) from None
    document = load_run_document(run_path)
    pending = [name for name in run_suites(document) if _needs_review(document, name)]
    bundled = bundled_suites()
    if suite is not None:
        suite_path = resolve_suite(suite, rootdir=base)
    elif not pending:
        raise NothingToReview("no output of this run needs a human verdict", file=run_path)
    elif len(pending) > 1:
        raise ReviewError(f"outputs of several suites need a verdict ({', '.join(pending)}): choose one with "
                          "--suite NAME|PATH", file=run_path)
    elif pending[0] in bundled:
        suite_path = bundled[pending[0]]
    else:
        raise ReviewError(f"suite {pending[0]!r} is not bundled: name its file with --suite PATH", file=run_path)
    loaded = load_any_suite(suite_path)
    if loaded.name not in run_suites(document):
        raise ReviewError(f"the run has no outputs of suite {loaded.name!r} (its suites: "
                          f"{', '.join(run_suites(document)) or 'none'})", file=run_path)
    is_bundled = suite_path.resolve() in {p.resolve() for p in bundled.values()}
    if verdicts is not None:
        verdict_path = Path(verdicts) if Path(verdicts).is_absolute() else base / verdicts
        own = verdict_path.resolve() in {p.resolve() for p in loaded.verdict_paths}
    elif is_bundled or detect_format(suite_path) != "yaml":
        kind = "a bundled suite" if is_bundled else "not in this project's YAML format"
        raise ReviewError(f"suite {loaded.name!r} is {kind}, so its own verdicts are not edited: name a verdict "
                          "file of your own with --verdicts PATH (the next run reads it with --mt-verdicts=PATH)")
    else:
        verdict_path = loaded.verdict_paths[0] if loaded.verdict_paths else loaded.path.parent / "verdicts.yaml"
        own = True
    tasks, left_out = [], []
    for task in pending_tasks(document, loaded, origin=str(run_path)):
        problem = unrecordable(task)
        if problem is None:
            tasks.append(task)
        else:
            left_out.append(f"item {task.item} ({', '.join(task.systems)}): {problem}")
    return ReviewPlan(run_path=run_path, suite=loaded, tasks=tuple(tasks), verdict_path=verdict_path, suite_own=own,
                      left_out=tuple(left_out))
