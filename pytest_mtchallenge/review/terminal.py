"""The review in a terminal (``mtchallenge review --tty``): the same questions as the page, as prompts."""
from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Protocol

from pytest_mtchallenge.review.tasks import Review, Task, clean_annotator
from pytest_mtchallenge.text.terminal_text import printable

if TYPE_CHECKING:
    from rich.console import Console

KEYS = {"y": "yes", "n": "no", "a": "na"}
CHOICES = ("y", "n", "a", "s", "b", "q")
#: The arrows do what they do on the review page: → skips, ← goes back.
ARROW_CHOICES = {"right": "s", "left": "b"}
ARROWS_SHOWN = {"right": "→", "left": "←"}
#: What an :class:`Answers` source returns when no more answers will come (EOF, Ctrl-D).
END = "end"


@dataclass(frozen=True, slots=True)
class Sitting:
    """What one sitting at the terminal did: verdicts it wrote, outputs the annotator has answered
    (in this sitting or before), and whether it ended because the input did."""

    saved: int
    answered: int
    total: int
    input_ended: bool = False

    @property
    def left(self) -> int:
        """Outputs that still need this annotator's verdict."""
        return self.total - self.answered


class Answers(Protocol):
    """Where the answers come from; entered for the whole sitting."""

    def __enter__(self) -> Answers: ...

    def __exit__(self, *exc_info: object) -> None: ...

    def ask(self, console: Console) -> str:
        """Prompt, and return one of :data:`CHOICES`, or :data:`END` when the input has ended."""


class LineAnswers:
    """Answers typed as lines, Enter after each: from a pipe, a file, or a terminal whose keys
    cannot be read one by one."""

    prompt = "verdict: y(es) n(o) a (n/a) s(kip) b(ack) q(uit)? "

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def __enter__(self) -> LineAnswers:
        return self

    def __exit__(self, *exc_info: object) -> None:
        pass

    def ask(self, console: Console) -> str:
        while True:
            console.print(self.prompt, end="", highlight=False)
            line = self.stream.readline()
            if not line:
                console.print()  # the prompt's line ends before whatever comes next
                return END
            choice = line.strip().lower()[:1]
            if choice in CHOICES:
                return choice
            console.print("type y, n, a, s, b or q")


class KeyAnswers:
    """Answers as single key presses on a terminal, without Enter; the arrows move as on the page."""

    prompt = "verdict: y(es) n(o) a (n/a) s(kip) → b(ack) ← q(uit)? "

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._mode: AbstractContextManager[None] | None = None

    def __enter__(self) -> KeyAnswers:
        """Single keys for the whole sitting, so that keys typed ahead are keys too."""
        from pytest_mtchallenge.review.keys import cbreak

        self._mode = cbreak(self.fd)
        self._mode.__enter__()
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._mode is not None:
            self._mode.__exit__(None, None, None)
            self._mode = None

    def ask(self, console: Console) -> str:
        from pytest_mtchallenge.review.keys import END_OF_INPUT, read_key

        console.print(self.prompt, end="", highlight=False)
        while True:
            key = read_key(self.fd)
            if key == END_OF_INPUT:
                console.print()
                return END
            choice = ARROW_CHOICES.get(key, key)
            if choice in CHOICES:
                console.print(ARROWS_SHOWN.get(key, key))  # the key stays on screen, as a typed line would
                return choice
            console.print()
            console.print("press y, n, a, s (→), b (←) or q")
            console.print(self.prompt, end="", highlight=False)


def answers_from(stream: IO[str]) -> Answers:
    """Single keys when ``stream`` is a terminal that can be read key by key (POSIX), lines otherwise."""
    try:
        import termios  # noqa: F401 - POSIX only

        fd = stream.fileno()
        if stream.isatty():
            return KeyAnswers(fd)
    except (ImportError, AttributeError, OSError, ValueError):  # Windows, a stream without a descriptor
        pass
    return LineAnswers(stream)


def ask_annotator(console: Console, stream: IO[str]) -> str | None:
    """The annotator's name, typed as a line (asked again until it is usable); None at the end of input."""
    while True:
        console.print("your name (recorded with each verdict): ", end="", highlight=False)
        line = stream.readline()
        if not line:
            console.print()
            return None
        try:
            return clean_annotator(line)
        except ValueError as exc:
            console.print(printable(str(exc)), markup=False, highlight=False)


def _highlighted(text: str, parts: tuple[str, ...]):  # type: ignore[no-untyped-def]
    from rich.text import Text

    rendered = Text(printable(text))
    for part in parts:
        if part:
            rendered.highlight_words([printable(part)], style="bold reverse")
    return rendered


def _panel(task: Task, position: int, total: int, answer: str | None):  # type: ignore[no-untyped-def]
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    if task.context:
        grid.add_row("context", Text(printable(" ".join(task.context))))
    grid.add_row("source", _highlighted(task.source, task.source_locus))
    for n, reference in enumerate(task.references):
        grid.add_row("reference" if n == 0 else "or", _highlighted(reference, task.locus))
    if task.context_output:
        grid.add_row("context output", Text(printable(" ".join(task.context_output))))
    grid.add_row("output", Text(printable(task.output), style="bold"))
    grid.add_row("why asked", Text(printable(" · ".join(task.reasons)) or "—", style="dim"))
    if answer:
        grid.add_row("your verdict", Text(answer))
    title = (f"{position + 1}/{total}  {task.item} — {task.subcategory_title} ({task.subcategory}) — "
             f"{', '.join(task.systems)}")
    return Panel(grid, title=Text(printable(title)), subtitle=Text(printable(task.question)), title_align="left",
                 subtitle_align="left")


def review_in_terminal(review: Review, *, annotator: str, answers: Answers, console: Console | None = None) -> Sitting:
    """Ask for a verdict on each unanswered output: y / n / a (n/a), s (skip), b (back), q (quit).

    Each answer is written to the verdict file before the next question. The sitting ends when
    every output is answered, at q, or when ``answers`` has no more (EOF, Ctrl-D).
    """
    from rich.console import Console

    out = console if console is not None else Console()
    answers_before = review.answers(annotator)
    tasks = review.tasks
    index = next((i for i, task in enumerate(tasks) if task.key not in answers_before), len(tasks))
    out.print(f"{len(answers_before)} of {len(tasks)} answered; verdicts go to "
              f"{printable(str(review.verdict_file.path))}", markup=False, highlight=False)
    given = dict(answers_before)
    saved = 0
    ended = False
    with answers:
        while index < len(tasks):
            task = tasks[index]
            out.print(_panel(task, index, len(tasks), given.get(task.key)))
            choice = answers.ask(out)
            if choice == END:
                ended = True
                break
            if choice == "q":
                break
            if choice == "b":
                index = max(0, index - 1)
                continue
            if choice in KEYS:
                review.record(task.key, KEYS[choice], annotator)
                given[task.key] = KEYS[choice]
                saved += 1
            index += 1
    sitting = Sitting(saved=saved, answered=len(review.answers(annotator)), total=len(tasks), input_ended=ended)
    if not ended:
        out.print(f"{sitting.answered} of {sitting.total} answered")
    return sitting
