"""Writes that either complete or leave the old file in place."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from cardkit.source.boundary import file_kind
from cardkit.source.transaction import WriteFailed


def write_atomic(path: Path, content: str | bytes, durable: bool = True) -> None:
    """Writes `content` to a temporary file beside `path`, then renames it over `path`;
    `durable`, the content reaches the disk before the rename (else a crash may leave the
    file empty or damaged: only for files whose reader detects that, as the face cache's).
    A `path` that exists and is not a regular file (a device, a FIFO) is never replaced:
    WriteFailed; other failures raise OSError."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise WriteFailed(path, f"is {file_kind(mode)}, not a regular file; it is not replaced")
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            if durable:
                stream.flush()
                os.fsync(stream.fileno())
        # mkstemp makes the file private (0600); keep the old file's mode, or give a new one
        # the mode any other new file would get.
        os.chmod(temporary, path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
