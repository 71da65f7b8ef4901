"""The project boundary: what cardkit reads is a regular file inside an allowed folder.

Every input (card and locale files, catalogues, templates, CSS, icons, fonts, scenarios,
PO and XLIFF files given on the command line) is read through `read_input`:

- the path is resolved, links included, and must lie inside `root`; a link that leads
  outside is refused naming the link and where it leads, and nothing behind it is read;
- the file must be a regular file, checked on the open descriptor (opened without
  blocking, so a FIFO cannot hang the command), never a device, FIFO or folder;
- it is read with a byte limit that does not trust `st_size` (0 for `/dev/zero`).

`InputRefused` carries a message that names the path and the reason and never quotes the
file's content, so callers can show it as it is.
"""

from __future__ import annotations

import functools
import os
import stat
from pathlib import Path

from cardkit.messages import Catalogue, Message

READ_CHUNK = 1 << 16


class InputRefused(Exception):
    """An input cardkit will not read; `reason` is safe to show (no content of the file)."""

    def __init__(self, path: Path, reason: Message):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason

    def said(self, catalogue: Catalogue) -> str:
        return f"{self.path}: {catalogue.say(self.reason)}"


class InputTooLarge(InputRefused):
    """The input is larger than the limit it is read with."""


def resolve_inside(path: Path, root: Path) -> Path:
    """The real path of `path`, refused unless it lies inside `root`."""
    real_root = _real_root(os.path.abspath(root))  # absolute: `.` is where the process is now
    real = path.resolve()
    if real == real_root or real.is_relative_to(real_root):
        return real
    link = next((p for p in (path, *path.parents) if p.is_symlink()), None)
    if link is not None:
        raise InputRefused(path, Message("{link} is a link to {real}, outside {real_root}; only "
                                         "files inside it are read", link=link, real=real,
                                         real_root=real_root))
    raise InputRefused(path, Message("is outside {real_root}; only files inside it are read",
                                     real_root=real_root))


@functools.lru_cache(maxsize=64)
def _real_root(root: str) -> Path:
    """A root's real path, found once a process (a build reads thousands of files under the
    same few roots). Should the root be moved or relinked later, what lies under its new
    place is refused, never read: kept stale, the answer only narrows what is inside."""
    return Path(root).resolve()


def read_input(path: Path, *, root: Path, limit: int) -> bytes:
    """The bytes of the regular file `path` inside `root`, at most `limit` of them."""
    return _read_regular(path, resolve_inside(path, root), limit)


def read_own_file(path: Path, *, limit: int) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them, in a folder only
    cardkit writes (the face cache): the folders of its path are not resolved, and a link
    in the file's place is refused rather than followed. The caller checks what it reads."""
    return _read_regular(path, path, limit, getattr(os, "O_NOFOLLOW", 0))


def _read_regular(path: Path, real: Path, limit: int, flags: int = 0) -> bytes:
    """The bytes of `real` (which `path` names), read as `read_input` says."""
    try:
        descriptor = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | flags)
    except FileNotFoundError:
        raise InputRefused(path, Message("does not exist")) from None
    except OSError as exc:
        raise InputRefused(path, Message("cannot be read: {error}", error=exc.strerror or exc)) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise InputRefused(path, Message("is {kind}, not a regular file", kind=file_kind(mode)))
        os.set_blocking(descriptor, True)
        return _read_bounded(descriptor, path, limit)
    except OSError as exc:
        raise InputRefused(path, Message("cannot be read: {error}", error=exc.strerror or exc)) from None
    finally:
        os.close(descriptor)


def _read_bounded(descriptor: int, path: Path, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = os.read(descriptor, min(READ_CHUNK, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise InputTooLarge(path, Message("is larger than the limit of {limit} bytes",
                                              limit=f"{limit:,}"))


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, as messages name it."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISREG(mode):
        return "a regular file"
    return "a special file"
