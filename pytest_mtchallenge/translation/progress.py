"""Progress of long translations: a rich bar on an interactive terminal, a few lines in CI logs."""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


class TranslationProgress:
    """Told after each batch how many sources it held.

    On an interactive terminal it draws a rich progress bar on ``stream``; otherwise it writes a
    line each time another tenth of the sources is done (so at most one line per batch, and at
    most about ten lines per suite and system), and a last line with the elapsed time.
    """

    def __init__(self, label: str, total: int, *, write_line: Callable[[str], None],
                 interactive: bool, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.write_line = write_line
        self.started = time.perf_counter()
        self._next_tenth = 1
        self._bar = None
        if interactive and total:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeRemainingColumn(), console=Console(file=stream or sys.stderr), transient=True)
            self._task = self._bar.add_task(label, total=total)
            self._bar.start()

    def advance(self, count: int) -> None:
        self.done += count
        if self._bar is not None:
            self._bar.update(self._task, advance=count)
            return
        if self.total and self.done * 10 >= self._next_tenth * self.total and self.done < self.total:
            self.write_line(f"{self.label}: {self.done}/{self.total} sources")
            while self.done * 10 >= self._next_tenth * self.total:
                self._next_tenth += 1

    def finish(self, summary: str) -> None:
        if self._bar is not None:
            self._bar.stop()
        self.write_line(f"{summary} in {time.perf_counter() - self.started:.1f}s")
