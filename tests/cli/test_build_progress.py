"""The build's progress: a bar for a person at a terminal, lines for a log (CI, a redirect),
each only after a second, never with --quiet."""

from __future__ import annotations

import io
import sys

from cardkit.cli import build as build_cli
from cardkit.cli.build import Progress, ProgressLines, _interactive


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


def test_a_log_gets_a_line_per_sheet_imposed_and_per_tenth_of_the_steps(monkeypatch):
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    progress = ProgressLines(enabled=True)
    with progress as report:
        report(1, 40, "duel/de/iron-matron")  # within the first second: nothing
        monkeypatch.setattr(build_cli.time, "monotonic", lambda: progress.started + 2)
        for done in range(2, 41):
            report(done, 40, "duel/de/a4: imposed" if done == 39 else f"duel/de/face-{done}")

    assert log.getvalue().splitlines() == [
        "[4/40] duel/de/face-4", "[8/40] duel/de/face-8", "[12/40] duel/de/face-12",
        "[16/40] duel/de/face-16", "[20/40] duel/de/face-20", "[24/40] duel/de/face-24",
        "[28/40] duel/de/face-28", "[32/40] duel/de/face-32", "[36/40] duel/de/face-36",
        "[39/40] duel/de/a4: imposed", "[40/40] duel/de/face-40"]


def test_quiet_gives_no_progress_lines():
    with ProgressLines(enabled=False) as report:
        assert report is None
