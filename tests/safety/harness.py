"""Running a cardkit command in a forked child that is killed (SIGKILL) at a chosen step of
its writes, and snapshots of a folder to compare before and after."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main
from cardkit.source import transaction as transaction_module

# The calls of the transaction module that touch the disk: a kill may land before any.
STEPS = frozenset({"open", "write", "fsync", "fchmod", "close", "replace", "unlink"})


class _KillingOs:
    """The os module, but the `kill_at`-th disk call first kills the process (0: never)."""

    def __init__(self, kill_at: int):
        self.kill_at = kill_at
        self.calls = 0

    def __getattr__(self, name: str):
        real = getattr(os, name)
        if name not in STEPS:
            return real

        def step(*arguments, **keywords):
            self.calls += 1
            if self.calls == self.kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*arguments, **keywords)
        return step


def run_killed(arguments: list[str], kill_at: int, prepare: Callable[[], None] = lambda: None,
               count_to: Path | None = None, timeout: float | None = None) -> int | None:
    """Runs `cardkit ARGUMENTS` in a forked child killed at disk call `kill_at` (0: not
    killed, and the number of disk calls is written to `count_to`). Returns the child's
    wait status as a signal number (negative) or exit code; None when it ran past
    `timeout` seconds (it is then killed)."""

    def killed_run() -> int:
        prepare()
        killing = _KillingOs(kill_at)
        transaction_module.os = killing
        code = CliRunner().invoke(main, arguments).exit_code
        if count_to is not None:
            count_to.write_text(str(killing.calls))
        return code

    return finish(_forked(killed_run), timeout)


def start(arguments: list[str]) -> int:
    """Starts `cardkit ARGUMENTS` in a forked child; returns its process id."""
    return _forked(lambda: CliRunner().invoke(main, arguments).exit_code)


def finish(child: int, timeout: float | None = None) -> int | None:
    """The exit code of a child from `start` (negative: the signal that ended it); None,
    having killed it, when it has not ended within `timeout` seconds."""
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        ended, status = os.waitpid(child, 0 if deadline is None else os.WNOHANG)
        if ended:
            return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        if time.monotonic() > deadline:
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)
            return None
        time.sleep(0.01)


def _forked(run: Callable[[], int]) -> int:
    """Runs `run` in a forked child that exits with its result (70 if it raised); returns
    the child's process id."""
    sys.stdout.flush()
    sys.stderr.flush()
    child = os.fork()
    if child == 0:
        code = 70
        try:
            code = run()
        finally:
            os._exit(code)
    return child


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under `root` with its bytes (links as where they lead)."""
    found = {}
    for path in sorted(root.rglob("*")):
        relative = str(path.relative_to(root))
        if path.is_symlink():
            found[relative] = b"-> " + os.fsencode(os.readlink(path))
        elif path.is_file():
            found[relative] = path.read_bytes()
    return found
