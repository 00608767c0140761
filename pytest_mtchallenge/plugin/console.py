"""The run's terminal as the translator uses it: a line on pytest's terminal reporter, output capture
suspended while it asks (review prompts, key entry), and whether a person is there to answer."""
from __future__ import annotations

import contextlib
import os
import sys

import pytest

from pytest_mtchallenge.text.terminal_text import printable


class Console:
    """pytest's terminal for one run; an xdist worker's says nothing and is never interactive."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.worker = hasattr(config, "workerinput")

    def say(self, line: str) -> None:
        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None and not self.worker:
            reporter.write_line(printable(line))

    def suspend_capture(self) -> contextlib.AbstractContextManager[object]:
        capture = self.config.pluginmanager.get_plugin("capturemanager")
        return capture.global_and_fixture_disabled() if capture is not None else contextlib.nullcontext()

    def interactive(self) -> bool:
        return (sys.stderr.isatty() and not os.environ.get("CI") and not self.worker
                and self.config.getoption("verbose", 0) >= 0)
