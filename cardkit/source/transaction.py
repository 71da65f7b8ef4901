"""Writing several files all or nothing, even when the process is killed halfway.

    with Transaction(directory) as transaction:
        transaction.write(path, data)      # bytes or str; nothing visible changes yet

Each file is written in full to a staging folder inside `directory` as soon as it is
given. When the block ends cleanly every staged file is flushed to disk, a journal naming
each staged file and its target is written and renamed into place (the commit point),
and the staged files are renamed over their targets; then the staging folder goes. When
the block raises, the staging folder is removed and no file has changed.

A crash (even `kill -9`) leaves the staging folder behind. `recover(directory)`, which
every writing command calls first, finds it: with a journal the commit had happened, so
the remaining renames are completed; without one the commit had not, so it is discarded.
Either way each file is wholly old or wholly new, and no temporary file stays.

A target that is a link is written through to the file it leads to, when that file lies
inside `directory`; the link itself stays a link. Links leading outside are refused.
Files keep their permission bits. Failures raise `WriteFailed` naming the file and the
reason (disk full, permission denied, read-only file system, not a folder...).
"""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

STAGING = ".cardkit-staging"
JOURNAL = "journal"
JOURNAL_END = "end"

REASONS = {
    errno.ENOSPC: "no space left on the device (disk full)",
    errno.EDQUOT: "disk quota exceeded",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted (the file may be immutable)",
    errno.EROFS: "read-only file system",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "is a folder, not a file",
    errno.ENOENT: "no such file or folder",
    errno.EXDEV: "lies on another file system than the project folder",
}


class WriteFailed(Exception):
    """A file could not be written; `str()` is "<path>: <reason>"."""

    def __init__(self, path: Path, reason: str, committed: bool = False):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
        # True when the failure came after the commit point: the files are not all old,
        # and the next `recover` completes the write.
        self.committed = committed


def reason_of(exc: OSError) -> str:
    return REASONS.get(exc.errno, (exc.strerror or str(exc)).lower())


class Transaction:
    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.staging = self.directory / STAGING
        self.staged: list[tuple[str, Path, int]] = []  # staged name, target, mode
        self.created_folders: list[Path] = []

    def __enter__(self) -> "Transaction":
        if not self.directory.is_dir():
            reason = "does not exist" if not self.directory.exists() else "is not a folder"
            raise WriteFailed(self.directory, reason)
        try:
            self.staging.mkdir()
        except FileExistsError:
            raise WriteFailed(self.staging, "another write is in progress here, or was "
                                            "interrupted (the next cardkit command that writes "
                                            "here completes or discards it)") from None
        except OSError as exc:
            raise WriteFailed(self.staging, reason_of(exc)) from None
        return self

    def write(self, path: Path, data: bytes | str) -> None:
        """Stages `data` as the new content of `path`."""
        content = data.encode("utf-8") if isinstance(data, str) else data
        target = self._target(Path(path))
        staged = self.staging / str(len(self.staged))
        mode = self._mode_for(path, target)
        try:
            descriptor = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                view = memoryview(content)
                while view:
                    view = view[os.write(descriptor, view):]
                os.fchmod(descriptor, mode)
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
        except OSError as exc:
            raise WriteFailed(path, reason_of(exc)) from None
        self.staged.append((staged.name, target, mode))

    def _target(self, path: Path) -> Path:
        """The file a write to `path` replaces: the end of its links, inside the folder."""
        root = self.directory.resolve()
        target = path.absolute().resolve()
        if not (target == root or target.is_relative_to(root)):
            if path.is_symlink():
                raise WriteFailed(path, f"is a link to {target}, outside {root}; "
                                        "not written through")
            raise WriteFailed(path, f"lies outside {root}")
        if target.is_relative_to(self.staging.resolve()):
            raise WriteFailed(path, "lies in the staging folder")
        if target.is_dir():
            raise WriteFailed(path, "is a folder where a file should be written")
        if any(target == other for _, other, _ in self.staged):
            raise WriteFailed(path, "is written twice in one transaction")
        self._make_folder(path, target.parent)
        if not os.access(target.parent, os.W_OK):
            raise WriteFailed(path, "permission denied: its folder is not writable")
        if target.exists() and not os.access(target, os.W_OK):
            raise WriteFailed(path, "permission denied: the file is not writable")
        if os.stat(target.parent).st_dev != os.stat(self.staging).st_dev:
            raise WriteFailed(path, REASONS[errno.EXDEV])
        return target

    def _make_folder(self, path: Path, folder: Path) -> None:
        missing = [parent for parent in (folder, *folder.parents) if not parent.exists()]
        for parent in reversed(missing):
            try:
                parent.mkdir()
            except OSError as exc:
                raise WriteFailed(path, f"cannot create the folder {parent}: {reason_of(exc)}") from None
            self.created_folders.append(parent)

    @staticmethod
    def _mode_for(path: Path, target: Path) -> int:
        try:
            return os.stat(target).st_mode & 0o7777
        except FileNotFoundError:
            return 0o666 & ~_umask()
        except OSError as exc:
            raise WriteFailed(path, reason_of(exc)) from None

    def __exit__(self, kind, value, traceback) -> None:
        if kind is not None:
            self._discard()
            return
        try:
            self._commit()
        except OSError as exc:
            path = getattr(exc, "filename", None) or self.staging
            raise WriteFailed(Path(path), f"{reason_of(exc)}; the write was committed, and the next "
                              "cardkit command that writes here completes it", committed=True) from None

    def _commit(self) -> None:
        try:
            lines = [f"{name}\t{os.fsencode(str(target)).hex()}" for name, target, _ in self.staged]
            pending = self.staging / (JOURNAL + ".new")
            with open(pending, "w", encoding="utf-8") as journal:
                journal.write("\n".join([*lines, JOURNAL_END]) + "\n")
                journal.flush()
                os.fsync(journal.fileno())
            _fsync_folder(self.staging)
            os.replace(pending, self.staging / JOURNAL)  # the commit point
            _fsync_folder(self.staging)
        except OSError as exc:
            self._discard()
            raise WriteFailed(self.staging, reason_of(exc)) from None
        _apply(self.staging)

    def _discard(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)
        for folder in reversed(self.created_folders):
            try:
                folder.rmdir()
            except OSError:
                pass


def recover(directory: Path) -> str | None:
    """Completes or discards a transaction a crash interrupted in `directory`; says which,
    or None when there was none."""
    staging = Path(directory) / STAGING
    if not staging.is_dir():
        return None
    entries = _read_journal(staging)
    if entries is None:
        shutil.rmtree(staging, ignore_errors=True)
        return (f"{staging}: an interrupted write had not been committed; it was discarded "
                "and no file was changed")
    try:
        count = _apply(staging)
    except OSError as exc:
        raise WriteFailed(Path(exc.filename or staging), "cannot complete an interrupted write: "
                          + reason_of(exc)) from None
    return (f"{staging}: an interrupted write had been committed; it was completed "
            f"({count} of {len(entries)} files still to move)")


def _read_journal(staging: Path) -> list[tuple[str, Path]] | None:
    try:
        lines = (staging / JOURNAL).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    if not lines or lines[-1] != JOURNAL_END:
        return None
    entries = []
    for line in lines[:-1]:
        name, _, target = line.partition("\t")
        entries.append((name, Path(os.fsdecode(bytes.fromhex(target)))))
    return entries


def _apply(staging: Path) -> int:
    """Renames every staged file still there over its target; then removes the staging
    folder. Returns how many files were moved."""
    moved = 0
    folders = set()
    for name, target in _read_journal(staging) or []:
        staged = staging / name
        if staged.exists():
            os.replace(staged, target)
            folders.add(target.parent)
            moved += 1
    for folder in folders:
        _fsync_folder(folder)
    (staging / JOURNAL).unlink()
    shutil.rmtree(staging)
    return moved


def _fsync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
