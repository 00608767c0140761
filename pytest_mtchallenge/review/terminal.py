"""The review in a terminal (``mtchallenge review --tty``): the same questions as the page, as prompts."""
from __future__ import annotations

from typing import IO

from pytest_mtchallenge.review.tasks import Review, Task

KEYS = {"y": "yes", "n": "no", "a": "na"}
CHOICES = ("y", "n", "a", "s", "b", "q")


def _highlighted(text: str, parts: tuple[str, ...]):  # type: ignore[no-untyped-def]
    from rich.text import Text

    rendered = Text(text)
    for part in parts:
        if part:
            rendered.highlight_words([part], style="bold reverse")
    return rendered


def _panel(task: Task, position: int, total: int, answer: str | None):  # type: ignore[no-untyped-def]
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    if task.context:
        grid.add_row("context", Text(" ".join(task.context)))
    grid.add_row("source", _highlighted(task.source, task.source_locus))
    for n, reference in enumerate(task.references):
        grid.add_row("reference" if n == 0 else "or", _highlighted(reference, task.locus))
    if task.context_output:
        grid.add_row("context output", Text(" ".join(task.context_output)))
    grid.add_row("output", Text(task.output, style="bold"))
    grid.add_row("why asked", Text(" · ".join(task.reasons) or "—", style="dim"))
    if answer:
        grid.add_row("your verdict", Text(answer))
    title = f"{position + 1}/{total}  {task.item} — {task.subcategory_title} ({task.subcategory}) — {', '.join(task.systems)}"
    return Panel(grid, title=Text(title), subtitle=Text(task.question), title_align="left", subtitle_align="left")


def _ask(console, stream: IO[str] | None) -> str:  # type: ignore[no-untyped-def]
    """One of :data:`CHOICES` from the keyboard (or ``stream``); the end of input quits."""
    prompt = "verdict: y(es) n(o) a (n/a) s(kip) b(ack) q(uit)? "
    while True:
        if stream is None:
            try:
                line = console.input(prompt)
            except EOFError:
                return "q"
        else:
            console.print(prompt, end="")
            line = stream.readline()
            if not line:
                return "q"
        choice = line.strip().lower()[:1]
        if choice in CHOICES:
            return choice
        console.print("type y, n, a, s, b or q")


def review_in_terminal(review: Review, *, annotator: str, console: object | None = None,
                       stream: IO[str] | None = None) -> int:
    """Ask for a verdict on each unanswered output: y / n / a (n/a), s (skip), b (back), q (quit).

    Each answer is written to the verdict file before the next question. Returns how many outputs
    the annotator has answered.
    """
    from rich.console import Console

    out = console if isinstance(console, Console) else Console()
    answers = review.answers(annotator)
    tasks = review.tasks
    index = next((i for i, task in enumerate(tasks) if task.key not in answers), len(tasks))
    out.print(f"{len(answers)} of {len(tasks)} answered; verdicts go to {review.verdict_file.path}")
    while index < len(tasks):
        task = tasks[index]
        out.print(_panel(task, index, len(tasks), answers.get(task.key)))
        choice = _ask(out, stream)
        if choice == "q":
            break
        if choice == "b":
            index = max(0, index - 1)
            continue
        if choice in KEYS:
            review.record(task.key, KEYS[choice], annotator)
            answers[task.key] = KEYS[choice]
        index += 1
    answered = len(review.answers(annotator))
    out.print(f"{answered} of {len(tasks)} answered")
    return answered
