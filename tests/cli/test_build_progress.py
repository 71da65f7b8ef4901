"""The build's progress bar: only for a person at a terminal, only after a second, never
with --quiet or in CI."""

from __future__ import annotations

import io
import sys

from cardkit.cli import build as build_cli
from cardkit.cli.build import Progress, _interactive


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_only_a_terminal_outside_ci_is_interactive(monkeypatch):
    monkeypatch.setattr(sys, "stderr", Terminal())
    monkeypatch.delenv("CI", raising=False)
    assert _interactive()
    monkeypatch.setenv("CI", "true")
    assert not _interactive()
    monkeypatch.delenv("CI")
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert not _interactive()


def test_the_bar_waits_a_second_then_shows_each_step(monkeypatch):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    progress = Progress(enabled=True)
    with progress as report:
        report(1, 4, "de/prime")
        assert progress.bar is None
        monkeypatch.setattr(build_cli.time, "monotonic", lambda: progress.started + 2)
        report(2, 4, "de/swarm")
        assert progress.bar is not None
        assert progress.bar.tasks[0].completed == 2 and progress.bar.tasks[0].total == 4


def test_quiet_gives_no_progress_callback():
    with Progress(enabled=False) as report:
        assert report is None
