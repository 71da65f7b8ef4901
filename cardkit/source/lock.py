"""One writer at a time: an advisory lock on the project.

Commands that read, change and write the database (`fmt`, `mark-translated`,
`i18n import`) hold `project_lock(root)` around the whole of it, so a second writer
never works from a state the first is about to replace. The lock is `fcntl.flock` on
the project folder itself, opened read-only: no lock file is left in the project (or
needs to be writable), and the kernel releases the lock when the process ends, however
it ends, so a killed command never leaves the project locked.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from cardkit.messages import Message

POLL_SECONDS = 0.05


class LockTimeout(Exception):
    """Another cardkit command held the project's lock for the whole timeout."""


class LockUnavailable(Exception):
    """The project folder cannot be opened to lock it."""


@contextmanager
def project_lock(root: Path, timeout: float = 30.0,
                 on_wait: Callable[[Message], None] | None = None) -> Iterator[None]:
    """Holds the project's write lock; waits for it up to `timeout` seconds, telling
    `on_wait` once that it waits, then raises LockTimeout."""
    with _folder_lock(Path(root), timeout, on_wait, Message("the project folder"),
                      Message("writing this project"), taken_again=False):
        yield


@contextmanager
def output_lock(folder: Path, timeout: float = 30.0,
                on_wait: Callable[[Message], None] | None = None) -> Iterator[None]:
    """Holds an output folder's write lock (the same lock as `project_lock` when the folder
    is the project's) around its recovery and its transaction, so two commands writing one
    folder (two builds, a build and `site`, two `-o` files) never take each other's staging
    folder for an interrupted write; waits as `project_lock` does. A thread already holding
    the folder's lock (a command writing into the project it holds) goes on with it."""
    with _folder_lock(Path(folder), timeout, on_wait, Message("the output folder"),
                      Message("writing into this folder"), taken_again=True):
        yield


# The folders each thread holds the lock of, by device and inode, with how many holders:
# a command holding the project's lock that writes an output into the project folder goes on
# with the lock it has, rather than waiting for itself (flock would make it wait: the second
# opening of the folder is another lock holder).
_HELD = threading.local()


@contextmanager
def _folder_lock(path: Path, timeout: float, on_wait: Callable[[Message], None] | None,
                 folder: Message, writing: Message, taken_again: bool) -> Iterator[None]:
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise LockUnavailable(Message("{path}: cannot open {folder} to lock it: {reason}", path=path,
                                      folder=folder, reason=(exc.strerror or str(exc)).lower())) from None
    try:
        found = os.fstat(descriptor)
        key = (found.st_dev, found.st_ino)
        held = _HELD.__dict__.setdefault("folders", {})
        if not (taken_again and held.get(key)):
            _acquire(descriptor, path, timeout, on_wait, writing)
        held[key] = held.get(key, 0) + 1
        try:
            yield
        finally:
            held[key] -= 1
    finally:
        os.close(descriptor)  # closing releases the lock


def _acquire(descriptor: int, path: Path, timeout: float,
             on_wait: Callable[[Message], None] | None, writing: Message) -> None:
    deadline = time.monotonic() + timeout
    told = False
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        if time.monotonic() >= deadline:
            raise LockTimeout(Message("{path}: another cardkit command is {writing} and has not "
                                      "finished within {timeout} s; nothing was written, try again "
                                      "when it ends", path=path, writing=writing, timeout=f"{timeout:g}"))
        if not told and on_wait is not None:
            on_wait(Message("{path}: another cardkit command is {writing}; waiting up to {timeout} s",
                            path=path, writing=writing, timeout=f"{timeout:g}"))
            told = True
        time.sleep(POLL_SECONDS)
