"""An output file named on the command line (`-o FILE`), written the way a person expects.

- A file that does not exist yet, or a regular file, is written in one transaction over its
  folder (`transaction.py`, by the caller): all new or all old, a link inside that folder
  written through, one leading outside refused.
- A file that exists and is not a regular file (a device, a FIFO, a terminal) is written
  through, as the shell's `>` would: it is never replaced, so `-o fifo` feeds the reader of
  the FIFO and a device node stays a device node.
- `-` and a path that is the process's standard output (`/dev/stdout`, `/dev/fd/1`, even
  when standard output is a redirected regular file) mean standard output, as in msgcat and
  pofilter; the caller writes there.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from cardkit.source.transaction import WriteFailed, reason_of

STANDARD_OUTPUT = "-"


def names_standard_output(path: Path) -> bool:
    """Whether `path` is `-` or the file the process's standard output writes to."""
    if str(path) == STANDARD_OUTPUT:
        return True
    try:
        return os.path.samestat(os.stat(path), os.fstat(1))
    except (OSError, ValueError):  # no such file, or no standard output at all
        return False


def writes_through(path: Path) -> bool:
    """Whether `path` exists and is not a regular file, so it is written through."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):  # not there yet (or unreachable): the transaction says why
        return False


def write_through(path: Path, content: bytes) -> None:
    """Writes into the file `path` leads to, as it is: no creating, no truncating, no
    replacing; a FIFO's writer waits for its reader, as any writer does."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
        try:
            view = memoryview(content)
            while view:
                view = view[os.write(descriptor, view):]
        finally:
            os.close(descriptor)
    except OSError as exc:
        raise WriteFailed(path, reason_of(exc)) from None
