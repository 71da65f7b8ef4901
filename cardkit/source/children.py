"""Worker processes that end with the command that started them."""

from __future__ import annotations

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """In a worker process: on Linux, the kernel ends this worker when the command that
    started it dies (even by SIGKILL, which runs no clean-up), so a killed command leaves no
    worker running on. `parent` is the starter's process id, to catch a parent that died
    before the request was made."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)
